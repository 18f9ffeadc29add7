#!/usr/bin/env python3
"""Tests for scripts/play_on.py (stdlib unittest; run with
`python3 -m unittest discover -s scripts -p 'test_*.py'`).

The records are tiny 5x5 games; GNU Go at level 0 plays them on where it is
installed, and a fake engine (a Python script in a temporary folder)
resigns or plays an occupied point."""

import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fake_gtp  # noqa: E402
PLAY_ON = os.path.join(HERE, "play_on.py")
GNUGO = "/usr/games/gnugo"
GNUGO_L0 = GNUGO + " --mode gtp --chinese-rules --level 0"
HAVE_GNUGO = os.access(GNUGO, os.X_OK)

_spec = importlib.util.spec_from_file_location("play_on", PLAY_ON)
play_on = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(play_on)

# Black holds the B column, White the D column; C is open.
RECORD = "(;GM[1]FF[4]SZ[5]KM[0.5];B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];W[de])"

# argv[1]: what genmove answers ("resign" or a vertex); argv[2:] are echoed
# to stderr so that a test can see the command line it was started with.
FAKE_ENGINE = r'''
    sys.stderr.write("fake argv %s\n" % " ".join(sys.argv[1:]))
    sys.stderr.flush()
    serve(lambda command, args: sys.argv[1] if command == "genmove" else "Fake" if command == "name" else "")
'''


class WithRecord(unittest.TestCase):
    """A temporary folder holding RECORD as game.sgf."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        self.sgf = fake_gtp.write_file(self.dir.name, "game.sgf", RECORD)


class RecordTest(WithRecord):

    def test_position_specs(self):
        self.assertEqual(play_on.parse_position("a.sgf"), ("a.sgf", None))
        self.assertEqual(play_on.parse_position("a.sgf:12"), ("a.sgf", 12))

    def test_size_komi_and_side_to_move(self):
        self.assertEqual(play_on.read_record(self.sgf, None), (5, 0.5, "B"))
        self.assertEqual(play_on.read_record(self.sgf, 2), (5, 0.5, "W"))  # after B[ba]
        self.assertEqual(play_on.read_record(self.sgf, 1), (5, 0.5, "B"))
        self.assertEqual(play_on.read_record(self.sgf, 11), (5, 0.5, "B"))
        with self.assertRaises(ValueError):
            play_on.read_record(self.sgf, 12)  # the record has 10 moves

    def test_not_a_record(self):
        bad = os.path.join(self.dir.name, "bad.sgf")
        with open(bad, "w") as f:
            f.write("hello")
        with self.assertRaises(ValueError):
            play_on.read_record(bad, None)
        with self.assertRaises(ValueError):
            play_on.read_record(os.path.join(self.dir.name, "missing.sgf"), None)


class PlayOnTest(WithRecord):
    def setUp(self):
        super().setUp()
        self.fake = fake_gtp.write_engine(self.dir.name, FAKE_ENGINE)

    def run_play_on(self, *args):
        return subprocess.run([sys.executable, PLAY_ON, *args], capture_output=True, text=True, timeout=300)

    def fake_cmd(self, answer, *extra):
        return " ".join([self.fake, answer, *extra])

    def test_usage_errors_exit_2(self):
        proc = self.run_play_on("--engine", "x", "--opponent", "y", os.path.join(self.dir.name, "missing.sgf"))
        self.assertEqual(proc.returncode, 2)
        self.assertIn("missing.sgf", proc.stderr)
        proc = self.run_play_on("--engine", "x", "--opponent", "y", "--runs", "0", self.sgf)
        self.assertEqual(proc.returncode, 2)

    @unittest.skipUnless(HAVE_GNUGO, "GNU Go is not installed")
    def test_plays_on_to_the_referees_score(self):
        proc = self.run_play_on("--engine", GNUGO_L0, "--opponent", GNUGO_L0, "--runs", "2", self.sgf)
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        lines = proc.stdout.splitlines()
        self.assertEqual(len(lines), 3, proc.stdout)
        for line in lines[:2]:
            self.assertRegex(line, r"run \d: engine B, \d+ moves, two passes, [BW]\+[\d.]+: engine (won|lost)$")
        self.assertRegex(lines[2], r"^result gnugo: [\d.]+/2 = [\d.]+% \[[\d.]+%, [\d.]+%\]$")

    @unittest.skipUnless(HAVE_GNUGO, "GNU Go is not installed")
    def test_a_resignation_is_a_result_and_run_numbers_reach_the_engine(self):
        logs = os.path.join(self.dir.name, "logs")
        proc = self.run_play_on("--engine", self.fake_cmd("resign", "--seed", "{run}"), "--opponent", GNUGO_L0,
                                "--runs", "2", "--log-dir", logs, self.sgf + ":2")
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertIn("run 1: engine W, 0 moves, engine resigned, B+Resign: engine lost", proc.stdout)
        self.assertIn("result fake.py", proc.stdout.splitlines()[-1])
        self.assertIn("0/2 = 0.0%", proc.stdout)
        with open(os.path.join(logs, "game-2-2-engine.log")) as f:
            self.assertIn("fake argv resign --seed 2", f.read())

    @unittest.skipUnless(HAVE_GNUGO, "GNU Go is not installed")
    def test_an_engine_count_unlike_the_referees_is_shown(self):
        # The fake engine passes, and answers final_score with nothing.
        proc = self.run_play_on("--engine", self.fake_cmd("pass"), "--opponent", GNUGO_L0, self.sgf)
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertRegex(proc.stdout, r"run 1: engine B, \d+ moves, two passes \(the engine counts nothing: ''\), ")

    @unittest.skipUnless(HAVE_GNUGO, "GNU Go is not installed")
    def test_an_illegal_move_fails_the_run(self):
        proc = self.run_play_on("--engine", self.fake_cmd("B1"), "--opponent", GNUGO_L0, self.sgf)
        self.assertEqual(proc.returncode, 1, proc.stdout + proc.stderr)
        self.assertIn("failed: the referee refused B B1", proc.stdout)
        self.assertIn("0/0", proc.stdout.splitlines()[-1])


if __name__ == "__main__":
    unittest.main()
