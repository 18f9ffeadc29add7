#!/usr/bin/env python3
"""Tests for scripts/race_outcomes.py (stdlib unittest): Table 2, the share
of right playouts, the parsing of bench's watch line, and the script end
to end against a fake tengen."""

import importlib.util
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "race_outcomes.py")
_spec = importlib.util.spec_from_file_location("race_outcomes", SCRIPT)
race_outcomes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(race_outcomes)

# A fake `tengen bench --watch`: Black's target lives 40% of the time, half
# of it in seki; White's 70%.
FAKE = textwrap.dedent(r'''
    import sys
    args = sys.argv[1:]
    watched = args[args.index("--watch") + 1]
    if "--broken" in args:
        sys.exit(2)
    alive = {"B6": 40.0, "A5": 70.0}[watched]
    print("bench: size 9, policy heavy")
    print("the black string at %s (10 stones) lives in %.1f%% of the playouts; of those, 10.0%% after "
          "capturing a string that touched it, 50.0%% in seki" % (watched, alive))
    print("20 playouts in 0.01 s: 2000 playouts/s")
''')


class PureFunctions(unittest.TestCase):
    def test_table_2_black_to_play(self):
        self.assertEqual(race_outcomes.expected(3, 1), "black captures")
        self.assertEqual(race_outcomes.expected(3, 3), "seki")
        self.assertEqual(race_outcomes.expected(3, 4), "seki")
        self.assertEqual(race_outcomes.expected(3, 5), "white captures")
        counts = {}
        for b in range(1, 7):
            for w in range(1, 7):
                o = race_outcomes.expected(b, w)
                counts[o] = counts.get(o, 0) + 1
        self.assertEqual(counts, {"black captures": 15, "seki": 11, "white captures": 10})

    def test_right_share_reads_the_target_that_decides(self):
        black, white = (0.4, 0.2), (0.7, 0.2)
        self.assertAlmostEqual(race_outcomes.right_share("black captures", black, white), 0.3)
        self.assertAlmostEqual(race_outcomes.right_share("seki", black, white), 0.2)
        self.assertAlmostEqual(race_outcomes.right_share("white captures", black, white), 0.6)

    def test_parse_watch(self):
        line = ("the white string at A5 (10 stones) lives in 60.4% of the playouts; of those, 64.9% after "
                "capturing a string that touched it, 35.1% in seki\n")
        alive, seki = race_outcomes.parse_watch(line)
        self.assertAlmostEqual(alive, 0.604)
        self.assertAlmostEqual(seki, 0.604 * 0.351)
        with self.assertRaises(ValueError):
            race_outcomes.parse_watch("1000 playouts in 0.26 s: 3897 playouts/s")


class EndToEnd(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.fake = os.path.join(self.dir.name, "fake.py")
        with open(self.fake, "w") as f:
            f.write(FAKE)

    def tearDown(self):
        self.dir.cleanup()

    def run_script(self, *extra):
        cmd = [sys.executable, SCRIPT, "--tengen", "%s %s" % (sys.executable, self.fake), "--count", "20", *extra]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120)

    def test_every_problem_and_the_means(self):
        p = self.run_script()
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("b1-w1 seki           black lives  40.0%, white  70.0%, seki  20.0%: right  20.0%", p.stdout)
        self.assertIn("b6-w1 black captures", p.stdout)
        # 15 problems at 30%, 11 at 20%, 10 at 60%.
        self.assertIn("black captures 30.0% (15), seki 20.0% (11), white captures 60.0% (10)", p.stdout)
        self.assertIn("right in %.1f%% of the playouts" % ((15 * 30 + 11 * 20 + 10 * 60) / 36), p.stdout)

    def test_a_failing_bench_is_an_error(self):
        p = self.run_script("--", "--broken")
        self.assertEqual(p.returncode, 1)
        self.assertIn("race_outcomes:", p.stderr)


if __name__ == "__main__":
    unittest.main()
