"""Tests for scripts/soak.py: the clock it keeps for Tengen, the replies it
reads, and one short game against GNU Go when both are there.

Run: python3 -m unittest discover -s scripts -p 'test_*.py'
"""
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fake_gtp  # noqa: E402
import soak  # noqa: E402

GNUGO = "/usr/games/gnugo"
TENGEN = os.path.join(soak.ROOT, "build", "tengen")


class ClockTest(unittest.TestCase):
    def test_absolute(self):
        c = soak.Clock("absolute", 10)
        self.assertEqual(c.settings_commands(), ["time_settings 10 0 0"])
        self.assertEqual(c.time_left(), (10, 0))
        self.assertTrue(c.spend(3.7))
        self.assertEqual(c.time_left(), (6, 0))   # whole seconds, as KGS sends them
        self.assertFalse(c.spend(6.5))
        self.assertTrue(c.flagged)

    def test_canadian_main_time_runs_into_a_period(self):
        c = soak.Clock("canadian", 5, byo=10, stones=2)
        self.assertEqual(c.settings_commands(), ["time_settings 5 10 2"])
        self.assertTrue(c.spend(4))
        self.assertEqual(c.time_left(), (1, 0))
        self.assertTrue(c.spend(3))                 # 1 s of main time, then 2 s of the period
        self.assertEqual(c.time_left(), (8, 1))     # and that stone counts
        self.assertTrue(c.spend(7.5))               # the period's last stone
        self.assertEqual(c.time_left(), (10, 2))    # a fresh period
        self.assertTrue(c.spend(6))
        self.assertFalse(c.spend(4.5))              # 4 s left for the last stone

    def test_japanese_periods(self):
        c = soak.Clock("japanese", 0, byo=5, periods=2)
        self.assertEqual(c.settings_commands(), ["kgs-time_settings byoyomi 0 5 2"])
        self.assertEqual(c.time_left(), (5, 2))
        self.assertTrue(c.spend(4.9))
        self.assertEqual(c.time_left(), (5, 2))     # a period is only lost when overrun
        self.assertTrue(c.spend(6))
        self.assertEqual(c.time_left(), (5, 1))
        self.assertFalse(c.spend(5.5))

    def test_every_clock_of_the_mix_is_well_formed(self):
        for size, clocks in soak.CLOCKS.items():
            for choice in clocks:
                if choice[0] == "playouts":
                    continue
                c = soak.Clock(*choice)
                self.assertEqual(len(c.settings_commands()), 1, choice)
                self.assertGreater(c.time_left()[0], 0, choice)


class PlanTest(unittest.TestCase):
    @staticmethod
    def planned(games9, games19, first=0):
        return soak.plan(soak.parse_args(["--games9", str(games9), "--games19", str(games19),
                                          "--first", str(first)]))

    def test_chunks_play_the_games_of_the_whole_run(self):
        whole = self.planned(1000, 100)
        chunks = [g for first in range(0, 1000, 100) for g in self.planned(100, 0, first)]
        chunks += [g for first in range(1000, 1100, 10) for g in self.planned(0, 10, first)]
        self.assertEqual(sorted(chunks), sorted(whole))
        self.assertEqual(len(set(n for n, _ in whole)), 1100)

    def test_a_negative_first_game_is_refused(self):
        with self.assertRaises(SystemExit):
            soak.main(["--games9", "1", "--games19", "0", "--first", "-1",
                       "--out", os.path.join(tempfile.gettempdir(), "soak-refused")])


# A GTP engine for the memory game: its genmove answers the next of the
# moves given on its command line, then 'resign'.
FAKE_ENGINE = r'''
    moves = sys.argv[1:]
    serve(lambda command, args: (moves.pop(0) if moves else "resign") if command == "genmove" else "")
'''


class MemoryGameTest(unittest.TestCase):
    def setUp(self):
        self.out = tempfile.mkdtemp(prefix="soak-memory-test-")
        self.engine = fake_gtp.write_engine(self.out, FAKE_ENGINE)

    def tearDown(self):
        shutil.rmtree(self.out, ignore_errors=True)

    def play(self, tengen_moves, gnugo_moves):
        # The memory game adds options to both commands; the fake would
        # take them for moves, so a shell comment cuts them off.
        tengen = "%s %s #" % (self.engine, " ".join(tengen_moves))
        gnugo = "%s %s #" % (self.engine, " ".join(gnugo_moves))
        return soak.memory_game(soak.parse_args(["--tengen", tengen, "--gnugo", gnugo, "--think", "0",
                                                 "--out", self.out]))

    def test_a_resignation_ends_the_game_and_the_memory_is_measured(self):
        ok, lines = self.play(["D4", "Q16"], ["Q4"])
        self.assertTrue(ok, lines)
        self.assertIn("3 moves (ended by GNU Go's resignation)", lines[0])
        self.assertIn("peak RSS", lines[1])

    def test_two_passes_end_the_game(self):
        ok, lines = self.play(["D4", "pass"], ["Q4", "pass"])
        self.assertTrue(ok, lines)
        self.assertIn("4 moves (ended by two passes)", lines[0])


class RepliesTest(unittest.TestCase):
    def test_move_of(self):
        self.assertEqual(soak.move_of("D4", "genmove b"), "D4")
        self.assertEqual(soak.move_of("info move D4 visits 3\nplay d4", "kata-genmove_analyze b 50"), "D4")
        self.assertEqual(soak.move_of("resign", "genmove w"), "resign")
        with self.assertRaises(soak.Forfeit):
            soak.move_of("info move D4 visits 3", "lz-genmove_analyze b 50")
        with self.assertRaises(soak.Forfeit):
            soak.move_of("banana", "genmove b")


@unittest.skipUnless(os.access(GNUGO, os.X_OK) and os.access(TENGEN, os.X_OK), "needs GNU Go and build/tengen")
class OneGameTest(unittest.TestCase):
    def test_a_short_game_without_forfeit(self):
        out = tempfile.mkdtemp(prefix="soak-test-")
        clocks = soak.CLOCKS[9]
        try:
            soak.CLOCKS[9] = [("playouts", 100)]  # a quick game
            status = soak.main(["--games9", "1", "--games19", "0", "--seed", "2", "--out", out,
                                "--tengen", TENGEN + " --log-level warn --threads 1 --memory 32"])
            with open(os.path.join(out, "summary.txt")) as f:
                summary = f.read()
            self.assertEqual(status, 0, summary)
            self.assertIn("Forfeits: 0", summary)
            self.assertTrue(os.path.exists(os.path.join(out, "game-0000.sgf")))
        finally:
            soak.CLOCKS[9] = clocks
            shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
