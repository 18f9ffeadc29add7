#!/usr/bin/env python3
"""Tests for scripts/same_play.py (stdlib unittest; run with
`python3 -m unittest discover -s scripts -p 'test_*.py'`), with fake
engines: Python scripts that answer every genmove with one move and log a
search report like Tengen's."""

import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fake_gtp  # noqa: E402
SAME_PLAY = os.path.join(HERE, "same_play.py")

# Five moves: positions before moves 3 and 5 with --every 2.
RECORD = "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[cc];B[gg];W[cg];B[gc])"

# argv[1]: genmove's answer ("?" to refuse); argv[2]: the playouts it reports.
FAKE_ENGINE = r'''
    move, playouts = sys.argv[1], sys.argv[2]
    def answer(command, args):
        if command != "genmove":
            return ""
        if move == "?":
            raise Refuse("cannot")
        sys.stderr.write("[12:00:00.000] [info] %s playouts in 0.10 s, best %s win rate 0.500 (komi 7)\n"
                         % (playouts, move))
        return move
    serve(answer)
'''


class SamePlayTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        self.sgf = fake_gtp.write_file(self.dir.name, "game.sgf", RECORD)
        self.fake = fake_gtp.write_engine(self.dir.name, FAKE_ENGINE)

    def engine(self, move, playouts):
        return "%s %s %s" % (self.fake, move, playouts)

    def run_same_play(self, *args):
        return subprocess.run([sys.executable, SAME_PLAY, *args], capture_output=True, text=True, timeout=120)

    def test_alike_engines_exit_0(self):
        proc = self.run_same_play("--engine", self.engine("D4", 100), "--engine", self.engine("D4", 100),
                                  "--every", "2", self.sgf)
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertIn("2 positions from 1 records", proc.stdout)
        self.assertEqual(proc.stdout.count("same move 2/2, same search 2/2"), 2, proc.stdout)

    def test_another_search_is_a_difference_even_with_the_same_move(self):
        proc = self.run_same_play("--engine", self.engine("D4", 100), "--engine", self.engine("D4", 120),
                                  "--every", "2", self.sgf)
        self.assertEqual(proc.returncode, 1, proc.stdout + proc.stderr)
        self.assertIn("same move 2/2, same search 0/2", proc.stdout)
        self.assertIn("game.sgf before move 3 (B): D4 (120 playouts, best D4 at 0.500) against "
                      "D4 (100 playouts, best D4 at 0.500)", proc.stdout)
        self.assertIn("game.sgf before move 5 (B)", proc.stdout)

    def test_a_refused_genmove_fails(self):
        proc = self.run_same_play("--engine", self.engine("D4", 100), "--engine", self.engine("?", 100),
                                  "--every", "4", self.sgf)
        self.assertEqual(proc.returncode, 1, proc.stdout + proc.stderr)
        self.assertIn("same move 0/1", proc.stdout)
        self.assertIn("!failed: '? cannot'", proc.stdout)

    def test_usage_errors_exit_2(self):
        one = self.run_same_play("--engine", self.engine("D4", 100), self.sgf)
        self.assertEqual(one.returncode, 2)
        self.assertIn("at least two", one.stderr)
        missing = self.run_same_play("--engine", "a", "--engine", "b", os.path.join(self.dir.name, "no.sgf"))
        self.assertEqual(missing.returncode, 2)
        self.assertIn("no.sgf", missing.stderr)
        short = self.run_same_play("--engine", "a", "--engine", "b", "--every", "9", self.sgf)
        self.assertEqual(short.returncode, 2)
        self.assertIn("no position", short.stderr)


if __name__ == "__main__":
    unittest.main()
