#!/usr/bin/env python3
"""Tests for scripts/status_diff.py (stdlib unittest): the parsing and the
comparison as pure functions, and the script end to end against two fake
GTP programs (an engine whose playouts keep a dead string, a referee)."""

import importlib.util
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "status_diff.py")
_spec = importlib.util.spec_from_file_location("status_diff", SCRIPT)
status_diff = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(status_diff)

# 5x5, Black to move: black C3 (dead by the referee), white D4 D5 (alive).
# The engine's ownership (for Black, row by row from the top) keeps C3 for
# Black and gives D4 D5 to Black too: two disagreements.
OWNERSHIP_FOR_BLACK = [0] * 25
OWNERSHIP_FOR_BLACK[2 * 5 + 2] = 0.9   # C3
OWNERSHIP_FOR_BLACK[0 * 5 + 3] = 0.5   # D5
OWNERSHIP_FOR_BLACK[1 * 5 + 3] = 0.5   # D4

FAKE = textwrap.dedent(r'''
    import sys
    role, ownership = sys.argv[1], sys.argv[2]
    def reply(text=""):
        sys.stdout.write("= " + text + "\n\n")
        sys.stdout.flush()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "quit":
            reply()
            break
        if cmd == "loadsgf":
            reply("black")
        elif role == "referee" and cmd == "list_stones":
            reply("C3" if words[1] == "black" else "D4 D5")
        elif role == "referee" and cmd == "final_status_list":
            reply("C3")
        elif role == "referee" and cmd == "owl_defend":
            reply("0" if words[1] == "C3" else "1 PASS")
        elif role == "referee" and cmd == "estimate_score":
            reply("W+3.5 (upper bound: -3.5, lower: -3.5)")
        elif role == "engine" and cmd == "kata-genmove_analyze":
            sys.stdout.write("= \ninfo move B2 visits 10 winrate 0.9 scoreLead 12.5 pv B2 "
                             "info move A1 visits 2 winrate 0.4 scoreLead 1 ownership " + ownership +
                             "\nplay B2\n\n")
            sys.stdout.flush()
        else:
            sys.stdout.write("? unknown command\n\n")
            sys.stdout.flush()
''')


class PureFunctions(unittest.TestCase):
    def test_vertices_skip_the_letter_i(self):
        self.assertEqual(status_diff.parse_vertex("J1", 19), (8, 0))
        self.assertEqual(status_diff.vertex_name((8, 18)), "J19")
        with self.assertRaises(ValueError):
            status_diff.parse_vertex("I3", 19)
        with self.assertRaises(ValueError):
            status_diff.parse_vertex("A6", 5)

    def test_board_size_is_the_records_sz_or_the_sgf_default_19(self):
        self.assertEqual(status_diff.board_size("(;GM[1]SZ[9];B[ee])"), 9)
        self.assertEqual(status_diff.board_size("(;GM[1]SZ[ 13 ];B[ee])"), 13)
        self.assertEqual(status_diff.board_size("(;GM[1];B[pd])"), 19)

    def test_analysis_reads_the_first_move_and_the_ownership_from_the_top_left(self):
        text = ("info move B2 visits 10 winrate 0.9 scoreLead 12.5 pv B2 info move A1 visits 2 winrate 0.4 "
                "scoreLead 1 ownership " + " ".join(str(v) for v in OWNERSHIP_FOR_BLACK) + "\nplay B2")
        move, win, lead, own = status_diff.parse_analysis(text, 5)
        self.assertEqual((move, win, lead), ("B2", 0.9, 12.5))
        self.assertEqual(own[(2, 2)], 0.9)
        self.assertEqual(own[(3, 4)], 0.5)   # D5, the top row
        self.assertEqual(own[(0, 0)], 0)

    def test_analysis_without_ownership_is_an_error(self):
        with self.assertRaises(ValueError):
            status_diff.parse_analysis("info move B2 visits 10 winrate 0.9 pv B2", 5)
        with self.assertRaises(ValueError):
            status_diff.parse_analysis("info move B2 visits 1 winrate 0.9 ownership 0 0", 5)

    def test_owl_defend_replies_become_notes(self):
        self.assertEqual(status_diff.owl_defend_note(True, "0"),
                         "dead even with its owner to move (referee's owl_defend)")
        self.assertEqual(status_diff.owl_defend_note(True, "1 A17"),
                         "its owner to move saves it at A17 (referee's owl_defend)")
        self.assertIn("no move needed", status_diff.owl_defend_note(True, "1 PASS"))
        self.assertIn("a ko for its owner to move at B2", status_diff.owl_defend_note(True, "2 B2"))
        self.assertEqual(status_diff.owl_defend_note(False, "unknown command"), "")
        self.assertEqual(status_diff.owl_defend_note(True, ""), "")

    def test_strings_are_connected_components(self):
        self.assertEqual(status_diff.strings_of({(0, 0), (0, 1), (2, 2), (2, 0)}),
                         [[(0, 0), (0, 1)], [(2, 0)], [(2, 2)]])

    def test_disagreements_in_both_directions_and_none_where_they_agree(self):
        own = {(x, y): 0.0 for x in range(5) for y in range(5)}
        own[(2, 2)] = 0.9    # black C3, dead by the referee, kept by the playouts
        own[(3, 3)] = -0.8   # white D4, alive and kept for White
        own[(0, 0)] = 0.6    # black A1, alive but only 0.6: kept
        found = status_diff.disagreements({(2, 2), (0, 0), (4, 4)}, {(3, 3)}, {(2, 2)}, own, 0.2)
        self.assertEqual([(k, c, s) for k, c, s, _ in found],
                         [("dead, kept by the playouts", "black", [(2, 2)]),
                          ("alive, lost in the playouts", "black", [(4, 4)])])


class EndToEnd(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.fake = os.path.join(self.dir.name, "fake.py")
        with open(self.fake, "w") as f:
            f.write(FAKE)
        self.sgf = os.path.join(self.dir.name, "game.sgf")
        with open(self.sgf, "w") as f:
            f.write("(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];W[db];B[pass];W[da])")

    def tearDown(self):
        self.dir.cleanup()

    def run_script(self, ownership, *extra):
        own = "'" + " ".join(str(v) for v in ownership) + "'"
        cmd = [sys.executable, SCRIPT, "--engine", "%s %s engine %s" % (sys.executable, self.fake, own),
               "--referee", "%s %s referee x" % (sys.executable, self.fake), *extra, self.sgf, "5"]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60)

    def test_reports_each_disagreement_and_exits_1(self):
        p = self.run_script(OWNERSHIP_FOR_BLACK)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertIn("engine: B2, win rate 0.900, score lead +12.5 (for black)", p.stdout)
        self.assertIn("referee's estimate: W+3.5", p.stdout)
        self.assertIn("dead, kept by the playouts black string of 1, owner's ownership +0.90: C3; "
                      "dead even with its owner to move (referee's owl_defend)", p.stdout)
        self.assertIn("alive, lost in the playouts white string of 2, owner's ownership -0.50: D4 D5", p.stdout)

    def test_agreement_exits_0(self):
        own = [0] * 25
        own[0 * 5 + 3] = own[1 * 5 + 3] = -0.9   # D5 D4 kept for White; C3 nobody's
        p = self.run_script(own)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertIn("no disagreement at threshold 0.20", p.stdout)

    def test_an_engine_without_the_analysis_is_a_clear_error(self):
        cmd = [sys.executable, SCRIPT, "--engine", "%s %s referee x" % (sys.executable, self.fake),
               "--referee", "%s %s referee x" % (sys.executable, self.fake), self.sgf, "5"]
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 2)
        self.assertIn("status_diff:", p.stderr)

    def test_bad_arguments_exit_2(self):
        p = subprocess.run([sys.executable, SCRIPT, self.sgf, "0"], capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 2)
        p = subprocess.run([sys.executable, SCRIPT, os.path.join(self.dir.name, "none.sgf"), "3"],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 2)
        self.assertIn("no such file", p.stderr)


if __name__ == "__main__":
    unittest.main()
