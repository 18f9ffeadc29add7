"""Tests of scripts/tune.py: parameter parsing, the SPSA update on a
synthetic objective (it must find the optimum), and one real iteration
with GNU Go's level as the tuned parameter."""

import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tune  # noqa: E402

GNUGO = "/usr/games/gnugo"


class ParamTest(unittest.TestCase):
    def test_parse(self):
        p = tune.parse_param("prior-visits:10:0:100:5")
        self.assertEqual((p.name, p.value, p.low, p.high, p.c, p.integer), ("prior-visits", 10, 0, 100, 5, True))
        q = tune.parse_param("progressive-bias-19:0.5:0:4:0.25")
        self.assertFalse(q.integer)
        self.assertEqual(tune.engine_command("e", [p, q], [12.4, 0.75]), "e --prior-visits 12 --progressive-bias-19 0.75")

    def test_bad_params(self):
        for text in ("x:1:0:2", "x:a:0:2:1", "x:3:0:2:1", "x:1:0:2:0", ":1:0:2:1", "x:1:2:2:1"):
            with self.assertRaises(ValueError, msg=text):
                tune.parse_param(text)


class SpsaTest(unittest.TestCase):
    def test_finds_the_optimum_of_a_noisy_match(self):
        # Two parameters on different scales; the "match" is won by the side
        # nearer the optimum (3, -20), with noise, as a game result would be.
        params = [tune.parse_param("x:0.0:-10:10:1"), tune.parse_param("y:0.0:-100:100:10")]
        rng = random.Random(5)

        def strength(v):
            return -((v[0] - 3) / 1) ** 2 - ((v[1] + 20) / 10) ** 2

        def play(plus, minus):
            games = [1 if strength(plus) - strength(minus) + rng.gauss(0, 1) > 0 else -1 for _ in range(8)]
            return sum(games) / len(games)

        theta = tune.tune(params, play, 400, a=2 * 1.0 * 41 ** tune.ALPHA, big_a=40, seed=3)
        self.assertAlmostEqual(theta[0], 3, delta=1.0)
        self.assertAlmostEqual(theta[1], -20, delta=10)

    def test_values_stay_in_their_range(self):
        params = [tune.parse_param("x:9.5:0:10:2")]
        theta = tune.tune(params, lambda plus, minus: 1.0 if plus[0] > minus[0] else -1.0, 30, a=50, big_a=3, seed=1)
        self.assertEqual(theta[0], 10)


@unittest.skipUnless(os.path.exists(GNUGO), "GNU Go not installed")
class OneIterationTest(unittest.TestCase):
    def test_gnugo_level(self):
        out = tempfile.mkdtemp(prefix="test_tune_")
        try:
            proc = subprocess.run(
                [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "tune.py"),
                 "--engine", GNUGO + " --mode gtp --chinese-rules", "--param", "level:1:0:10:1",
                 "--size", "5", "--iterations", "1", "--out", out],
                capture_output=True, text=True, timeout=120)
            self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
            with open(os.path.join(out, "trajectory.tsv"), encoding="utf-8") as f:
                lines = f.read().splitlines()
            self.assertEqual(lines[0], "iteration\tresult\tlevel")
            self.assertRegex(lines[1], r"^1\t[+-]\d\.\d{3}\t\d+$")
            self.assertRegex(proc.stdout, r"proposed: --level \d+")
        finally:
            shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
