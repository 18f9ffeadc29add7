#!/usr/bin/env python3
"""Tests for scripts/judgement_set.py (stdlib unittest): the choice of
positions as pure functions, `make` on a match directory written here, and
`run` and `diff` against a fake GTP engine."""

import importlib.util
import os
import random
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fake_gtp  # noqa: E402
SCRIPT = os.path.join(HERE, "judgement_set.py")
_spec = importlib.util.spec_from_file_location("judgement_set", SCRIPT)
judgement_set = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(judgement_set)


def log_of(rates):
    return "".join("[12:00:00.000] [info] 5000 playouts in 1.00 s, best D4 win rate %.3f (komi 7)\n" % r
                   for r in rates)


def record(moves):
    colours = "BW" * moves
    return "(;GM[1]FF[4]SZ[19]KM[7]PB[Tengen]PW[GNU Go]" + "".join(
        ";%s[%s]" % (colours[i], "aa" if i % 2 == 0 else "bb") for i in range(moves)) + ")\n"


# Answers kata-genmove_analyze with a win rate that depends on the number
# of moves in the last loaded file: 0.8 for short records, 0.3 for long ones.
FAKE_ENGINE = r'''
    import re
    rate = 0.5
    def answer(command, args):
        global rate
        if command == "quit":
            return ""
        if command == "loadsgf":
            moves = len(re.findall(r";[BW]\[", open(args[0]).read()))
            rate = 0.8 if moves < 100 else 0.3
            return ""
        if command == "reg_genmove":
            rate = rate - 0.1  # a warmed-up search rates the position lower
            return "D4"
        if command == "kata-genmove_analyze":
            return "\ninfo move D4 visits 10 winrate %.3f pv D4 info move Q16 visits 2 winrate 0.1\nplay D4" % rate
        raise Refuse("unknown command")
    serve(answer)
'''


class ChoiceTest(unittest.TestCase):
    def test_win_rates_in_order(self):
        self.assertEqual(judgement_set.win_rates(log_of([0.5, 0.75, 0.25])), [0.5, 0.75, 0.25])

    def test_collapse_is_the_largest_fall_from_a_high_rate(self):
        rates = [0.5, 0.7, 0.6, 0.45, 0.5, 0.9, 0.85, 0.8, 0.3, 0.35]
        self.assertEqual(judgement_set.collapse(rates, 0.6, 0.2), 5)   # 0.9 to 0.3 within three moves

    def test_no_collapse_below_the_rate_or_without_a_fall(self):
        self.assertIsNone(judgement_set.collapse([0.55, 0.2, 0.1], 0.6, 0.2))
        self.assertIsNone(judgement_set.collapse([0.8, 0.7, 0.65, 0.62, 0.61], 0.6, 0.2))
        self.assertIsNone(judgement_set.collapse([0.8, 0.7, 0.7, 0.7, 0.1], 0.75, 0.2))   # four moves later

    def test_a_longer_window_finds_a_slow_fall(self):
        slow = [0.8, 0.76, 0.72, 0.68, 0.64, 0.6, 0.56, 0.52, 0.48]   # 0.04 a move
        self.assertIsNone(judgement_set.collapse(slow, 0.6, 0.3))
        self.assertEqual(judgement_set.collapse(slow, 0.6, 0.3, window=8), 0)
        self.assertEqual(judgement_set.collapse([0.8, 0.7, 0.7, 0.7, 0.1], 0.75, 0.2, window=4), 0)

    def test_window_must_be_positive(self):
        with self.assertRaises(SystemExit):
            judgement_set.main(["make", "--out", "unused", "--window", "0", "unused"])

    def test_control_lies_in_the_window(self):
        rates = [0.7] * 200
        rates[80] = 0.95   # ply 161 as Black: above the window
        for seed in range(20):
            i = judgement_set.control(rates, True, 0.6, random.Random(seed))
            self.assertTrue(150 <= 2 * i + 1 <= 280)
            self.assertNotEqual(i, 80)
        self.assertIsNone(judgement_set.control([0.7] * 50, True, 0.6, random.Random(1)))   # too short

    def test_truncated_record(self):
        sgf = judgement_set.truncated_sgf(record(10), 3)
        self.assertEqual(sgf, "(;GM[1]FF[4]SZ[19]KM[7];B[aa];W[bb];B[aa])\n")
        self.assertIsNone(judgement_set.truncated_sgf(record(2), 3))
        self.assertIsNone(judgement_set.truncated_sgf("(;SZ[19]AB[dd];W[aa])", 1))

    def test_results_skip_errors_and_draws(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "results.txt"), "w") as f:
                f.write("#game\tblack\twhite\twinner\tscore\tmoves\treason\n"
                        "0\tTengen 0.1.0\tGNU Go 3.8\tGNU Go 3.8\tW+Resign\t200\tresign\n"
                        "1\tGNU Go 3.8\tTengen 0.1.0\tTengen 0.1.0\tW+2\t300\tscore\n"
                        "2\tTengen 0.1.0\tGNU Go 3.8\t-\t-\t79\terror(crash): ...\n"
                        "3\tGNU Go 3.8\tTengen 0.1.0\tdraw\t0\t300\tscore\n")
            self.assertEqual(judgement_set.read_results(d), [(0, True, False), (1, False, True)])

    def test_tengen_is_engine_one_whatever_its_name(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "results.txt"), "w") as f:
                f.write("#game\tblack\twhite\twinner\tscore\tmoves\treason\n"
                        "0\ttengen-13k\tpachi-3k\tpachi-3k\tW+Resign\t250\tresign\n"
                        "1\tpachi-3k\ttengen-13k\ttengen-13k\tW+Resign\t284\tresign\n")
            self.assertEqual(judgement_set.read_results(d), [(0, True, False), (1, False, True)])

    def test_paired_differences(self):
        before = {"a": (0, 0.8), "b": (0, 0.6), "c": (1, 0.7)}
        after = {"a": (0, 0.7), "b": (0, 0.4), "c": (1, 0.75)}
        result = judgement_set.paired(before, after)
        self.assertEqual(result[0][0], 2)
        self.assertAlmostEqual(result[0][1], -0.15)
        self.assertAlmostEqual(result[1][1], 0.05)


class EndToEndTest(unittest.TestCase):
    def test_make_run_and_diff(self):
        with tempfile.TemporaryDirectory() as d:
            games = os.path.join(d, "match")
            os.makedirs(games)
            with open(os.path.join(games, "results.txt"), "w") as f:
                f.write("#game\tblack\twhite\twinner\tscore\tmoves\treason\n"
                        "0\tTengen 0.1.0\tGNU Go 3.8\tGNU Go 3.8\tW+Resign\t200\tresign\n"
                        "2\tTengen 0.1.0\tGNU Go 3.8\tTengen 0.1.0\tB+5\t300\tscore\n")
            # Game 0: Tengen (Black) at 0.85 on its 21st move (ply 41), 0.35 two moves later.
            lost = [0.5] * 20 + [0.85, 0.7, 0.35] + [0.2] * 77
            won = [0.5] * 75 + [0.75] * 75
            for game, rates in ((0, lost), (2, won)):
                with open(os.path.join(games, "game-%03d-engine1.log" % game), "w") as f:
                    f.write(log_of(rates))
                with open(os.path.join(games, "game-%03d.sgf" % game), "w") as f:
                    f.write(record(300))
            out = os.path.join(d, "set")
            made = subprocess.run([sys.executable, SCRIPT, "make", "--out", out, games],
                                  capture_output=True, text=True, timeout=60)
            self.assertEqual(made.returncode, 0, made.stderr)
            entries = judgement_set.read_manifest(out)
            self.assertEqual(len(entries), 2)
            self.assertEqual(entries[0][:3], ["match-000-41", "B", "0"])
            self.assertEqual(entries[1][1:3], ["B", "1"])
            ply = int(entries[1][0].split("-")[-1])
            self.assertTrue(151 <= ply <= 279 and ply % 2 == 1)
            with open(os.path.join(out, "match-000-41.sgf")) as f:
                self.assertEqual(f.read().count(";B["), 20)   # 40 moves before ply 41

            fake = fake_gtp.write_engine(d, FAKE_ENGINE)
            results = os.path.join(d, "run.txt")
            ran = subprocess.run([sys.executable, SCRIPT, "run", "--engine", fake,
                                  "--set", out, "--out", results], capture_output=True, text=True, timeout=60)
            self.assertEqual(ran.returncode, 0, ran.stderr)
            # The collapse (40 moves) gets 0.8, the control (over 150 moves) 0.3.
            self.assertIn("mean over 1 collapses 0.800, over 1 controls 0.300, separation -0.500", ran.stdout)
            warmed = subprocess.run([sys.executable, SCRIPT, "run", "--engine", fake, "--set", out, "--warm-up"],
                                    capture_output=True, text=True, timeout=60)
            self.assertEqual(warmed.returncode, 0, warmed.stderr)
            self.assertIn("mean over 1 collapses 0.700, over 1 controls 0.200", warmed.stdout)
            compared = subprocess.run([sys.executable, SCRIPT, "diff", results, results],
                                      capture_output=True, text=True, timeout=60)
            self.assertEqual(compared.returncode, 0, compared.stderr)
            self.assertIn("collapses (lower is better): 1 positions, mean change +0.0000", compared.stdout)

    def test_bad_arguments(self):
        with tempfile.TemporaryDirectory() as d:
            junk = os.path.join(d, "junk.txt")
            with open(junk, "w") as f:
                f.write("this is not a run\n")
            for argv in (["make", "--out", d, d], ["run", "--set", d], ["diff", "nothing", "nowhere"],
                         ["diff", junk, junk]):
                done = subprocess.run([sys.executable, SCRIPT] + argv, capture_output=True, text=True, timeout=60)
                self.assertEqual(done.returncode, 2, argv)
                self.assertNotIn("Traceback", done.stderr, argv)


if __name__ == "__main__":
    unittest.main()
