#!/usr/bin/env python3
"""Tests for scripts/match.py (stdlib unittest; run with
`python3 -m unittest discover -s scripts -p 'test_*.py'`).

Unit tests cover the statistics and the GTP parsing; end-to-end tests run
match.py as a subprocess with GNU Go at level 0 on tiny boards, and with small
fake engines (a Python script written to a temporary file) that misbehave in
one specific way each.
"""

import importlib.util
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
MATCH = os.path.join(HERE, "match.py")
sys.path.insert(0, HERE)
import fake_gtp  # noqa: E402
GNUGO = "/usr/games/gnugo"
GNUGO_L0 = GNUGO + " --mode gtp --level 0"
HAVE_GNUGO = os.access(GNUGO, os.X_OK)

_spec = importlib.util.spec_from_file_location("match", MATCH)
match = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(match)

# A minimal GTP engine whose genmove misbehaves according to argv[1].  It
# echoes every command to stderr so tests can check what it was sent, and
# that stderr never reaches the GTP parser.
FAKE_ENGINE = r'''
    import os, time
    mode = sys.argv[1]
    sys.stderr.write("fake pid %d mode %s\n" % (os.getpid(), mode))
    sys.stderr.flush()
    genmoves = 0

    def answer(command, args):
        global genmoves
        if command == "name":
            return "Fake-" + mode
        if command == "version":
            return "0.1"
        if command == "final_score":
            raise Refuse("?")
        if command != "genmove":
            return ""
        genmoves += 1
        if mode == "illegal":
            return "A1"            # occupied from the second time on
        if mode == "crash":
            if genmoves == 2:
                sys.stderr.write("fake: simulated crash\n")
                sys.exit(3)
            return "A1"
        if mode == "hang":
            time.sleep(600)
        if mode == "refuse":
            raise Refuse("not today")
        if mode == "garbage":
            return "banana"
        if mode == "resign":
            return "Resign"
        if mode == "slow-a":       # 0.6 s a move, up the A column
            time.sleep(0.6)
            return "A%d" % genmoves
        if mode == "slow":
            time.sleep(1.5)
        return "pass"

    # "pass": CRLF line ends, like a Windows build.
    serve(answer, echo_commands=True, line_end="\r\n" if mode == "pass" else "\n")
'''


class StatisticsTest(unittest.TestCase):
    def test_wilson_known_values(self):
        lo, hi = match.wilson_interval(5, 10)
        self.assertAlmostEqual(lo, 0.2366, places=4)
        self.assertAlmostEqual(hi, 0.7634, places=4)
        lo, hi = match.wilson_interval(8, 10)
        self.assertAlmostEqual(lo, 0.4902, places=4)
        self.assertAlmostEqual(hi, 0.9433, places=4)

    def test_wilson_extremes(self):
        self.assertEqual(match.wilson_interval(0, 0), (0.0, 1.0))
        lo, hi = match.wilson_interval(0, 10)
        self.assertEqual(lo, 0.0)
        self.assertAlmostEqual(hi, 0.2775, places=4)
        lo, hi = match.wilson_interval(10, 10)
        self.assertEqual(hi, 1.0)
        self.assertAlmostEqual(lo, 0.7225, places=4)

    def test_wilson_contains_rate_and_shrinks(self):
        for wins, n in [(1, 3), (2.5, 7), (50, 100), (99, 100)]:
            lo, hi = match.wilson_interval(wins, n)
            self.assertLessEqual(lo, wins / n)
            self.assertGreaterEqual(hi, wins / n)
        narrow = match.wilson_interval(500, 1000)
        wide = match.wilson_interval(5, 10)
        self.assertLess(narrow[1] - narrow[0], wide[1] - wide[0])

    def test_elo(self):
        self.assertEqual(match.elo_from_rate(0.5), 0.0)
        self.assertAlmostEqual(match.elo_from_rate(0.75), 190.85, places=2)
        self.assertAlmostEqual(match.elo_from_rate(0.25), -190.85, places=2)
        self.assertAlmostEqual(match.elo_from_rate(10 / 11), 400.0, places=6)
        self.assertEqual(match.elo_from_rate(0.0), -math.inf)
        self.assertEqual(match.elo_from_rate(1.0), math.inf)

    def test_format_elo(self):
        self.assertEqual(match.format_elo(190.85), "+191")
        self.assertEqual(match.format_elo(-0.3), "+0")
        self.assertEqual(match.format_elo(-42.6), "-43")
        self.assertEqual(match.format_elo(math.inf), "+inf")
        self.assertEqual(match.format_elo(-math.inf), "-inf")


class GtpParserTest(unittest.TestCase):
    def test_success_and_failure(self):
        self.assertEqual(match.parse_response(["= D4"]), (True, "D4"))
        self.assertEqual(match.parse_response(["="]), (True, ""))
        self.assertEqual(match.parse_response(["? illegal move"]), (False, "illegal move"))

    def test_ids_are_stripped(self):
        self.assertEqual(match.parse_response(["=12 pass"]), (True, "pass"))
        self.assertEqual(match.parse_response(["?7 unknown command"]),
                         (False, "unknown command"))

    def test_multi_line(self):
        self.assertEqual(match.parse_response(["= first", "second", " third"]),
                         (True, "first\nsecond\n third"))

    def test_garbage_is_a_protocol_error(self):
        with self.assertRaises(match.GtpError) as cm:
            match.parse_response(["D4"])
        self.assertEqual(cm.exception.kind, "protocol")

    def test_read_response(self):
        def feeder(lines):
            it = iter(lines)

            def next_line():
                try:
                    return next(it)
                except StopIteration:
                    raise match.GtpError("crash", "EOF")
            return next_line

        # Leading blank lines (left over from a sloppy engine) are skipped.
        nl = feeder(["", "= a", "b", "", "= next", ""])
        self.assertEqual(match.read_response(nl), ["= a", "b"])
        self.assertEqual(match.read_response(nl), ["= next"])
        with self.assertRaises(match.GtpError):
            match.read_response(feeder(["= unterminated"]))

    def test_clean_line_strips_cr(self):
        self.assertEqual(match.clean_line(b"= pass\r\n"), "= pass")
        self.assertEqual(match.clean_line(b"\r\n"), "")

    def test_parse_genmove(self):
        self.assertEqual(match.parse_genmove("d4"), "D4")
        self.assertEqual(match.parse_genmove("T19"), "T19")
        self.assertEqual(match.parse_genmove("PASS"), "pass")
        self.assertEqual(match.parse_genmove("Resign"), "resign")
        for bad in ("", "I5", "banana", "D", "4D", "D100"):
            self.assertIsNone(match.parse_genmove(bad), bad)

    def test_vertex_to_sgf(self):
        self.assertEqual(match.vertex_to_sgf("A1", 9), "ai")
        self.assertEqual(match.vertex_to_sgf("J9", 9), "ia")   # no letter I in GTP
        self.assertEqual(match.vertex_to_sgf("D4", 19), "dp")
        self.assertEqual(match.vertex_to_sgf("pass", 9), "")

    def test_parse_score(self):
        self.assertEqual(match.parse_score("B+3.5"), ("B", 3.5))
        self.assertEqual(match.parse_score("w+12"), ("W", 12.0))
        self.assertEqual(match.parse_score("0"), ("0", 0.0))
        self.assertIsNone(match.parse_score("dunno"))
        self.assertEqual(match.format_score(("B", 3.5)), "B+3.5")
        self.assertEqual(match.format_score(("W", 12.0)), "W+12")

    def test_search_reports(self):
        log = ("[17:46:08.599] [debug] search: 5352 playouts in 1.00 s, depth 9, 800 nodes, 0 reused visits\n"
               "[17:46:09.599] [info] 5352 playouts in 1.00 s, best D3 win rate 0.481 (komi 7.5)\n"
               "[17:46:11.002] [info] 310 playouts in 0.07 s, best pass win rate 0.995 (komi 7.5)\n")
        self.assertEqual(match.search_reports(log),
                         [(5352, 1.0, "D3", 0.481), (310, 0.07, "pass", 0.995)])


class MatchRunner(unittest.TestCase):
    """Helpers to run match.py as a subprocess in a scratch directory."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="test_match_")
        self.out = os.path.join(self.tmp, "out")
        self.fake = fake_gtp.write_engine(self.tmp, FAKE_ENGINE)

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def fake_cmd(self, mode):
        return "%s %s" % (self.fake, mode)

    def run_match(self, *args, timeout=60):
        cmd = [sys.executable, MATCH, "--sgf-dir", self.out] + list(args)
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)

    def read(self, name):
        with open(os.path.join(self.out, name), encoding="utf-8") as f:
            return f.read()

    def results(self):
        rows = [line.split("\t") for line in self.read("results.txt").splitlines()
                if not line.startswith("#")]
        return rows


@unittest.skipUnless(HAVE_GNUGO, "GNU Go not installed")
class GnuGoMatchTest(MatchRunner):
    def test_two_games_parallel(self):
        proc = self.run_match("--engine1", GNUGO_L0, "--engine2", GNUGO_L0,
                              "--name1", "alpha", "--name2", "beta",
                              "--games", "2", "--size", "7", "--komi", "6.5",
                              "--parallel", "2")
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        # Colours alternate: engine1 is Black in game 0, White in game 1.
        rows = self.results()
        self.assertEqual([r[:3] for r in rows],
                         [["0", "alpha", "beta"], ["1", "beta", "alpha"]])
        for row in rows:
            self.assertIn(row[3], ("alpha", "beta"))
            self.assertIn(row[6], ("score", "resign"))
        for index, (pb, pw) in enumerate([("alpha", "beta"), ("beta", "alpha")]):
            sgf = self.read("game-%03d.sgf" % index)
            for prop in ("FF[4]", "GM[1]", "SZ[7]", "KM[6.5]", "RU[Chinese]",
                         "PB[%s]" % pb, "PW[%s]" % pw, "RE["):
                self.assertIn(prop, sgf)
            self.assertRegex(sgf, r";B\[[a-g]{2}\]")
            self.assertEqual(int(rows[index][5]), len(re.findall(r";[BW]\[", sgf)))
            if rows[index][6] == "score":
                self.assertIn("referee final_score:", sgf)
            # The SGF must be loadable by another program.
            check = subprocess.run([GNUGO, "--mode", "gtp"], capture_output=True,
                                   text=True, timeout=30,
                                   input="loadsgf %s\n" % os.path.join(
                                       self.out, "game-%03d.sgf" % index))
            self.assertTrue(check.stdout.startswith("="), check.stdout)
            for who in ("engine1", "engine2", "referee"):
                self.assertTrue(os.path.exists(os.path.join(
                    self.out, "game-%03d-%s.log" % (index, who))))
        summary = self.read("summary.txt")
        self.assertIn("engine1 as Black:", summary)
        self.assertIn("Errors: 0", summary)
        last = summary.splitlines()[-1]
        self.assertRegex(last, r"^result alpha vs beta: [\d.]+/2 = [\d.]+% "
                               r"\[[\d.]+%, [\d.]+%\] elo \S+ \[\S+, \S+\] errors 0$")
        self.assertIn(last, proc.stdout)

    def test_handicap_stones_then_white_first(self):
        proc = self.run_match("--engine1", GNUGO_L0, "--engine2", GNUGO_L0,
                              "--games", "1", "--size", "9", "--komi", "0.5",
                              "--handicap", "3", "--max-moves", "4")
        # The game is cut short on purpose: only its start matters here.
        self.assertIn("--max-moves 4", proc.stderr)
        sgf = self.read("game-000.sgf")
        self.assertIn("HA[3]", sgf)
        self.assertRegex(sgf, r"AB(\[[a-i]{2}\]){3}")
        self.assertRegex(sgf, r"\n;W\[")
        self.assertNotRegex(sgf, r";B\[[^\]]*\]\n;W\[[^\]]*\]\n;W")
        first = re.search(r"\n;([BW])\[", sgf).group(1)
        self.assertEqual(first, "W")

    def test_bad_handicap_is_a_usage_error(self):
        proc = self.run_match("--engine1", GNUGO_L0, "--engine2", GNUGO_L0, "--handicap", "1")
        self.assertEqual(proc.returncode, 2)
        self.assertIn("--handicap", proc.stderr)

    def test_default_names_come_from_gtp(self):
        proc = self.run_match("--engine1", GNUGO_L0, "--engine2", self.fake_cmd("resign"),
                              "--games", "1", "--size", "5")
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertIn("result GNU_Go_3.8 vs Fake-resign_0.1:", proc.stdout)

    def test_max_moves_is_an_error(self):
        proc = self.run_match("--engine1", GNUGO_L0, "--engine2", GNUGO_L0,
                              "--games", "1", "--size", "7", "--max-moves", "6")
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("--max-moves 6", proc.stderr)
        self.assertIn("error(max-moves)", self.read("results.txt"))
        self.assertIn("RE[Void]", self.read("game-000.sgf"))


@unittest.skipUnless(HAVE_GNUGO, "GNU Go (the default referee) not installed")
class FakeEngineTest(MatchRunner):
    def run_fakes(self, mode1, mode2="pass", *extra, timeout=60):
        return self.run_match("--engine1", self.fake_cmd(mode1),
                              "--engine2", self.fake_cmd(mode2),
                              "--games", "1", "--size", "5", *extra, timeout=timeout)

    def assert_failed(self, proc, kind, *phrases):
        self.assertNotEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertIn("ERROR in game 0 (%s)" % kind, proc.stderr)
        for phrase in phrases:
            self.assertIn(phrase, proc.stderr)
        self.assertIn("FAILED", proc.stderr)
        summary = self.read("summary.txt")
        self.assertIn("Errors: 1", summary)
        self.assertTrue(summary.splitlines()[-1].endswith("errors 1"))
        self.assertIn("error(%s)" % kind, self.read("results.txt"))
        sgf = self.read("game-000.sgf")
        self.assertIn("RE[Void]", sgf)
        self.assertIn("ERROR (%s)" % kind, sgf)
        return sgf

    def test_illegal_move(self):
        proc = self.run_fakes("illegal")
        sgf = self.assert_failed(proc, "illegal", "ILLEGAL MOVE",
                                 "engine1 'Fake-illegal 0.1' (Black)", "B A1 at move 3")
        self.assertIn(";B[ae]", sgf)      # the legal first A1 is in the record

    def test_crash(self):
        proc = self.run_fakes("crash")
        self.assert_failed(proc, "crash", "engine1 'Fake-crash 0.1' (Black)",
                           "exited with status 3", "genmove b", "simulated crash")

    def test_hang_is_killed(self):
        started = time.monotonic()
        proc = self.run_fakes("pass", "hang", "--move-timeout", "1", timeout=30)
        self.assertLess(time.monotonic() - started, 20)
        self.assert_failed(proc, "timeout", "engine2 'Fake-hang 0.1' (White)",
                           "did not answer 'genmove w' within 1s; killed it")
        # The hung process really is gone.
        log = self.read("game-000-engine2.log")
        pid = int(re.search(r"fake pid (\d+)", log).group(1))
        try:
            with open("/proc/%d/status" % pid) as f:
                self.assertIn("State:\tZ", f.read())   # a zombie at most
        except FileNotFoundError:
            pass

    def test_refused_genmove(self):
        proc = self.run_fakes("refuse")
        self.assert_failed(proc, "gtp-failure", "engine1 'Fake-refuse 0.1' (Black)",
                           "refused 'genmove b': ? not today")

    def test_unparsable_genmove(self):
        proc = self.run_fakes("garbage")
        self.assert_failed(proc, "bad-reply", "unparsable genmove reply 'banana'")

    def test_resign_is_a_normal_result(self):
        proc = self.run_fakes("resign")
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        row = self.results()[0]
        self.assertEqual(row[3:], ["Fake-pass 0.1", "W+Resign", "0", "resign"])
        self.assertIn("RE[W+Resign]", self.read("game-000.sgf"))
        self.assertIn(": 0/1 = 0.0%", proc.stdout)

    def test_two_passes_scored_by_referee_and_stderr_kept_apart(self):
        proc = self.run_fakes("pass", "pass", "--time", "30")
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        # The referee's final_score is the result (GNU Go scores an empty
        # board oddly, so the exact value is not asserted).
        score, moves, reason = self.results()[0][4:]
        self.assertEqual((moves, reason), ("2", "score"))
        sgf = self.read("game-000.sgf")
        self.assertIn("RE[%s]" % score, sgf)
        self.assertIn("referee final_score: %s" % score, sgf)
        self.assertIn(";B[]", sgf)
        # stderr went to the log, time control commands were sent.
        log = self.read("game-000-engine1.log")
        self.assertIn("got: time_settings 30 0 0", log)
        self.assertRegex(log, r"got: time_left b (30|29) 0")
        # The fakes answer '?' to final_score: recorded, not a disagreement.
        self.assertIn("Score disagreements with the referee: 0 (in 0 games)", proc.stdout)

    def test_loss_on_time(self):
        proc = self.run_fakes("slow", "pass", "--time", "1")
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertEqual(self.results()[0][4:], ["W+Time", "0", "time"])

    def test_min_time_left_floors_what_is_sent_not_the_clock(self):
        # Black has 0.4 s after its first move: `time_left b 0 0` plain, 1
        # with the floor; its second move still runs past the clock.
        for floor, sent in ((0, "0"), (1, "1")):
            shutil.rmtree(self.out, ignore_errors=True)  # the engines' logs are appended to
            proc = self.run_fakes("slow-a", "pass", "--time", "1", "--min-time-left", str(floor))
            self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
            self.assertEqual(self.results()[0][4], "W+Time")
            log = self.read("game-000-engine1.log")
            self.assertEqual(log.count("got: time_left b %s 0" % sent), 2 if floor else 1, log)

    def test_engine_that_cannot_start(self):
        proc = self.run_match("--engine1", "/nonexistent/engine", "--engine2",
                              self.fake_cmd("pass"), "--games", "1", "--size", "5")
        self.assertEqual(proc.returncode, 1)
        self.assertIn("cannot start engine1", proc.stderr)


if __name__ == "__main__":
    unittest.main()
