#!/usr/bin/env python3
"""Tests for scripts/technique.py (the technique set's runner) with a fake
GTP engine, and for the set itself: every position well-formed and in step
with the manifest (scripts/make_technique_set.py --check without solving).
Run with `python3 -m unittest discover -s scripts -p 'test_*.py'`."""

import importlib.util
import io
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import fake_gtp  # noqa: E402


def load(name):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


technique = load("technique")
make_set = load("make_technique_set")

# Answers from a table: the position's file name -> move. With "noreg" it
# refuses reg_genmove, so the runner must fall back to genmove and undo.
FAKE_ENGINE = r'''
    import os
    mode, table = sys.argv[1], dict(a.split("=") for a in sys.argv[2:])
    loaded = None
    def answer(command, args):
        global loaded
        if command == "loadsgf":
            loaded = os.path.basename(args[0])[:-4]
            return "B"
        if command == "reg_genmove" and mode == "noreg":
            raise Refuse("unknown command")
        if command in ("reg_genmove", "genmove"):
            return table.get(loaded, "pass")
        return ""
    serve(answer, echo_commands=True)
'''

MANIFEST = """# name category to_move komi value right legal nodes
seki-001 seki B 3.5 4 C7,D7 6 100
seki-002 seki W -2.5 -3 pass 5 100
filling-001 filling B 0.5 1 E5 4 100
"""


class RunnerTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = pathlib.Path(self.tmp.name)
        (self.dir / "positions.txt").write_text(MANIFEST)
        for name in ("seki-001", "seki-002", "filling-001"):
            (self.dir / f"{name}.sgf").write_text("(;FF[4]SZ[9])\n")
        self.fake = fake_gtp.write_engine(str(self.dir), FAKE_ENGINE)

    def tearDown(self):
        self.tmp.cleanup()

    def run_runner(self, mode, *answers, extra=()):
        log = self.dir / "engine.log"
        command = f"{self.fake} {mode} " + " ".join(answers)
        proc = subprocess.run([sys.executable, str(HERE / "technique.py"), "--engine", command, "--set",
                               str(self.dir), "--log", str(log), *extra], capture_output=True, text=True,
                              timeout=60)
        return proc, log.read_text()

    def test_counts_right_moves_and_lists_misses(self):
        proc, log = self.run_runner("reg", "seki-001=d7", "seki-002=pass", "filling-001=D4")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("seki        2 /    2 right  100.0%", proc.stdout)
        self.assertIn("filling     0 /    1 right    0.0%", proc.stdout)
        self.assertIn("total       2 /    3 right   66.7%  [ 20.8%,  93.9%]", proc.stdout)
        self.assertIn("filling-001  B played D4    right E5", proc.stdout)
        self.assertIn("komi 3.5", log)  # the manifest's komi, after loadsgf
        self.assertNotIn("undo", log)

    def test_falls_back_to_genmove_and_undo(self):
        proc, log = self.run_runner("noreg", "seki-001=C7", "filling-001=E5")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("total       3 /    3 right  100.0%", proc.stdout)
        self.assertIn("reg_genmove refused", proc.stdout)
        self.assertEqual(log.count("got: undo"), 3)

    def test_category_and_subset(self):
        proc, _ = self.run_runner("reg", "seki-001=C7", extra=("--category", "seki", "--every", "2"))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("total       1 /    1 right  100.0%", proc.stdout)
        self.assertNotIn("filling", proc.stdout)

    def test_engine_crash_is_an_error(self):
        proc = subprocess.run([sys.executable, str(HERE / "technique.py"), "--engine", "false", "--set",
                               str(self.dir)], capture_output=True, text=True, timeout=60)
        self.assertEqual(proc.returncode, 1)

    def test_report_without_misses(self):
        out = io.StringIO()
        technique.report([{"category": "seki", "ok": True, "name": "x", "to_move": "B", "move": "C7",
                           "right": {"C7"}}], out)
        self.assertIn("misses: 0", out.getvalue())


class SetTest(unittest.TestCase):
    """The shipped set: files and manifest well-formed and in step. Solving
    positions again needs the built solver: the ctest technique_set."""

    def test_set_is_well_formed(self):
        set_dir = make_set.DEFAULT_OUT
        entries = make_set.read_manifest(set_dir)
        self.assertGreater(len(entries), 0)
        problems = make_set.check_files(set_dir, entries)
        self.assertEqual(problems, [])
        # The seed-1 set: 25 filling positions and 1 endgame; the solver
        # proved no seki candidate within its budget (docs/technique.md).
        self.assertGreaterEqual(len(entries), 20)
        self.assertTrue({e["category"] for e in entries} <= set(make_set.CATEGORIES))

    def test_komi_makes_a_half_point_game(self):
        self.assertEqual(make_set.komi_for(7, "B"), 6.5)
        self.assertEqual(make_set.komi_for(7, "W"), 7.5)
        self.assertEqual(make_set.komi_for(-3, "W"), -2.5)

    def test_symmetry_and_colour_swap_share_a_key(self):
        rows = ["X..", ".O.", "..."]
        key = make_set.canonical(rows, "B")
        self.assertEqual(make_set.canonical(make_set.transform(rows, 5), "B"), key)
        self.assertEqual(make_set.canonical(make_set.swap_colours(rows), "W"), key)
        self.assertNotEqual(make_set.canonical(rows, "W"), key)

    def test_check_finds_a_broken_manifest(self):
        with tempfile.TemporaryDirectory() as tmp:
            tmp = pathlib.Path(tmp)
            rows = ["X.O", "X.O", "X.O"]
            (tmp / "filling-001.sgf").write_text(make_set.sgf_text(rows, "B", 0.5, "filling-001", "test"))
            # Right moves must be legal: A1 is taken.
            (tmp / "positions.txt").write_text(make_set.MANIFEST_HEADER + "filling-001 filling B 0.5 1 A1 4 10\n")
            problems = make_set.check_files(tmp, make_set.read_manifest(tmp))
            self.assertEqual(len(problems), 1)
            self.assertIn("right moves", problems[0])

    def test_local_game_leaves_out_moves(self):
        # The seki category is solved as a local game (no stone in the
        # walls' eyes): fewer legal moves than the board has, never more.
        with tempfile.TemporaryDirectory() as tmp:
            tmp = pathlib.Path(tmp)
            rows = ["X.O", "X.O", "X.O"]
            for category in ("seki", "filling"):
                (tmp / f"{category}-001.sgf").write_text(make_set.sgf_text(rows, "B", 0.5, f"{category}-001", "t"))
            (tmp / "positions.txt").write_text(make_set.MANIFEST_HEADER + "seki-001 seki B 0.5 1 B3 3 10\n"
                                               "filling-001 filling B 0.5 1 B3 3 10\n")
            problems = make_set.check_files(tmp, make_set.read_manifest(tmp))
            self.assertEqual(len(problems), 1)
            self.assertIn("filling-001", problems[0])

    def test_candidate_counts(self):
        counts = make_set.candidate_counts
        self.assertEqual(counts("5"), {"seki": 5, "endgame": 5, "filling": 5})
        self.assertEqual(counts("endgame=7"), dict(make_set.DEFAULT_CANDIDATES, endgame=7))
        self.assertEqual(counts("seki=0,filling=3")["filling"], 3)
        for bad in ("foo=3", "-1", "seki=-1", "endgame=x", "seki=1,endgame"):
            with self.assertRaises(Exception, msg=bad):
                counts(bad)


if __name__ == "__main__":
    unittest.main()
