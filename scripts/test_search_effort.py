#!/usr/bin/env python3
"""Tests for scripts/search_effort.py (stdlib unittest): the log parsing,
the rows by own move, and the script end to end on a fake match folder."""

import importlib.util
import io
import os
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("search_effort", os.path.join(HERE, "search_effort.py"))
search_effort = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(search_effort)

LOG = """[14:40:38.945] [info] Tengen 0.1.0 ready: 1 thread(s), 5000 playouts, 0 s per move
[14:40:40.659] [info] 4000 playouts in 1.00 s, best Q16 win rate 0.493 (komi 7)
[14:40:41.000] [info] solver: S9 decides the fight of 5 stones
[14:40:41.838] [info] 2000 playouts in 0.50 s, best D17 win rate 0.515 (komi 7)
[14:40:43.107] [info] 6000 playouts in 0.25 s, best C13 win rate 0.492 (komi 7)
"""

PACHI_LOG = """Pachi 12.90 (Jowa)
desired 2.08, worst 4.17, clock [1] 300.00 + 0.00/0*0, lag 2.00
[5000] best 52.8% xkomi 0.5 | seq  C6  F3  R4  P4     | can w  C6(52.8)
*** WINNER is C6 with score 52.8% (1523/5230 games), extra komi 0.5
genmove in 2.11s, mcts 1.96s (2669 games/s, 2669 games/s/thread)
*** WINNER is Q4 with score 50.1% (2000/6000 games), extra komi 0.5
genmove in 1.20s, mcts 1.00s (3000 games/s, 3000 games/s/thread)
"""


class Parsing(unittest.TestCase):
    def test_reads_only_the_move_searches(self):
        self.assertEqual(search_effort.searches(LOG), [(4000, 1.0), (2000, 0.5), (6000, 0.25)])

    def test_reads_pachis_tree_searches(self):
        # its rate times its search seconds, not the root's count with the kept tree
        self.assertEqual(search_effort.searches(PACHI_LOG), [(5231, 1.96), (3000, 1.0)])
        self.assertEqual(search_effort.root_counts(PACHI_LOG), [5230, 6000])
        self.assertEqual(search_effort.root_counts(LOG), [])

    def test_rows_by_own_move(self):
        games = [search_effort.searches(LOG), [(1000, 2.0)]]
        rows = search_effort.by_move(games, bucket=2, last=2)
        self.assertEqual(len(rows), 2)
        first, end, n, playouts, seconds = rows[0]
        self.assertEqual((first, end, n), (1, 2, 3))
        self.assertAlmostEqual(playouts, (4000 + 2000 + 1000) / 3)
        self.assertAlmostEqual(seconds, 3.5 / 3)
        self.assertEqual(rows[1][:3], (3, None, 1))  # moves from --last on
        self.assertAlmostEqual(rows[1][3], 6000)


class EndToEnd(unittest.TestCase):
    def test_prints_the_table(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "game-000-engine1.log"), "w") as f:
                f.write(LOG)
            with open(os.path.join(d, "game-000-engine2.log"), "w") as f:
                f.write("nothing\n")
            out = io.StringIO()
            with redirect_stdout(out):
                self.assertEqual(search_effort.main([d, "--bucket", "1", "--last", "5"]), 0)
            text = out.getvalue()
            self.assertIn("1 games, 3 searches: 4000 playouts and 0.583 s a search", text)
            self.assertRegex(text, r"\n3-3 +1 +6000 +0.250 +24000\n")

    def test_pachi_summary(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "game-000-engine2.log"), "w") as f:
                f.write(PACHI_LOG)
            out = io.StringIO()
            with redirect_stdout(out):
                self.assertEqual(search_effort.main([d, "--engine", "engine2"]), 0)
            self.assertIn("1 games, 2 searches: 4116 playouts and 1.480 s a search", out.getvalue())
            self.assertIn("Pachi's root count, with the tree it kept: 5615 a move", out.getvalue())

    def test_no_logs_is_a_usage_error(self):
        with tempfile.TemporaryDirectory() as d:
            with redirect_stderr(io.StringIO()), self.assertRaises(SystemExit) as e:
                search_effort.main([d])
            self.assertEqual(e.exception.code, 2)

    def test_logs_without_searches(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "game-000-engine1.log"), "w") as f:
                f.write("[info] ready\n")
            with redirect_stderr(io.StringIO()) as err:
                self.assertEqual(search_effort.main([d]), 1)
            self.assertIn("--log-level info", err.getvalue())


if __name__ == "__main__":
    unittest.main()
