#!/usr/bin/env python3
"""Tests for scripts/fight_replay.py (stdlib unittest): the record and log
parsing as pure functions, and the script end to end against a fake GTP
engine that logs a dead string only at the last position."""

import importlib.util
import io
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stdout

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fake_gtp  # noqa: E402
_spec = importlib.util.spec_from_file_location("fight_replay", os.path.join(HERE, "fight_replay.py"))
fight_replay = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fight_replay)

RECORD = "(;FF[4]GM[1]SZ[9]KM[7];B[cc];W[gg];B[];W[ai])"

# Counts the genmoves; at the third it logs C3 dead. Every genmove logs the
# memo line with the genmove's number as "reused".
FAKE = r'''
    asked = 0
    def answer(command, args):
        global asked
        if command != "reg_genmove":
            return ""
        asked += 1
        if asked == 3:
            sys.stderr.write("[info] solver: the string at C3 is dead whoever moves first\n")
        sys.stderr.write("[debug] solver: 4 fights; 9 readings kept, %d reused in this game\n" % asked)
        sys.stderr.flush()
        return "D4"
    serve(answer)
'''


class ParsingTest(unittest.TestCase):
    def test_record_moves_reads_vertices_and_passes(self):
        moves, size = fight_replay.record_moves(RECORD)
        self.assertEqual(size, 9)
        self.assertEqual(moves, [("black", "C7"), ("white", "G3"), ("black", "pass"), ("white", "A1")])

    def test_read_solver_log_takes_the_last_counts_and_each_string_once(self):
        lines = ["[info] solver: the string at Q3 is dead whoever moves first",
                 "[debug] solver: 4 fights; 8 readings kept, 3 reused in this game",
                 "[info] solver: the string at C17 is dead whoever moves first",
                 "[info] solver: the string at Q3 is dead whoever moves first",
                 "[debug] solver: 2 fights; 10 readings kept, 7 reused in this game"]
        self.assertEqual(fight_replay.read_solver_log(lines), (["C17", "Q3"], (2, 10, 7)))
        self.assertEqual(fight_replay.read_solver_log(["nothing"]), ([], None))


class EndToEndTest(unittest.TestCase):
    def run_script(self, *args):
        with tempfile.TemporaryDirectory() as tmp:
            fake = fake_gtp.write_engine(tmp, FAKE)
            sgf = fake_gtp.write_file(tmp, "game.sgf", RECORD)
            out = io.StringIO()
            with redirect_stdout(out):
                status = fight_replay.main(["--engine", fake, sgf] + list(args))
            return status, out.getvalue()

    def test_the_last_position_only_is_reported(self):
        status, out = self.run_script("4", "--plies", "2")
        self.assertEqual(status, 0)
        self.assertIn("3 positions (before moves 2 to 4)", out)
        self.assertIn("before move 4: C3", out)
        self.assertIn("9 readings kept, 3 reused", out)

    def test_a_position_before_the_last_reads_nothing_dead(self):
        status, out = self.run_script("4", "--plies", "3")
        self.assertEqual(status, 0)
        self.assertIn("before move 4: none", out)
        self.assertIn("4 reused", out)

    def test_the_whole_game_without_a_move(self):
        status, out = self.run_script()
        self.assertEqual(status, 0)
        self.assertIn("5 positions (before moves 1 to 5)", out)

    def test_a_move_past_the_record_is_refused(self):
        with self.assertRaises(SystemExit):
            self.run_script("9")


if __name__ == "__main__":
    unittest.main()
