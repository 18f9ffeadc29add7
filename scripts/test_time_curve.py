#!/usr/bin/env python3
"""Tests for scripts/time_curve.py (stdlib unittest): which side and which
log are the engine's in each game, the tally, the data line, the plot."""

import importlib.util
import io
import json
import os
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("time_curve", os.path.join(HERE, "time_curve.py"))
time_curve = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(time_curve)

T, P = "Tengen 0.1.0", "Pachi 12.90 (no dcnn)"


def report(playouts, seconds):
    return "[10:00:00.000] [info] %d playouts in %.2f s, best Q16 win rate 0.500 (komi 7)\n" % (playouts, seconds)


def make_folder(d, rows, logs):
    """rows: (index, black, white, winner); logs: {file name: text}."""
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "results.txt"), "w") as f:
        f.write("#game\tblack\twhite\twinner\tscore\tmoves\treason\n")
        for index, black, white, winner in rows:
            f.write("%d\t%s\t%s\t%s\tB+Resign\t100\tresign\n" % (index, black, white, winner))
    for name, text in logs.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)


class Tally(unittest.TestCase):
    def test_engine_side_and_log_follow_the_colours(self):
        with tempfile.TemporaryDirectory() as d:
            # match.py gives engine1 Black in even games and White in odd
            # ones: Tengen is engine1 throughout here. The opponent's logs
            # hold search-like lines that must not count.
            make_folder(d, [(0, T, P, T), (1, P, T, "draw"), (2, T, P, P), (3, P, T, "-")], {
                "game-000-engine1.log": report(1000, 1.0),
                "game-000-engine2.log": report(99999, 9.0),
                "game-001-engine1.log": report(3000, 2.0) + report(2000, 1.0),
                "game-001-engine2.log": report(99999, 9.0),
                "game-002-engine1.log": report(6000, 2.0),
            })
            t = time_curve.tally([d])
        self.assertEqual((t["wins"], t["draws"], t["games"], t["errors"]), (1.5, 1, 3, 1))
        self.assertEqual(t["searches"], 4)
        self.assertAlmostEqual(t["playouts_per_move"], 3000)
        self.assertAlmostEqual(t["seconds_per_move"], 1.5)
        self.assertAlmostEqual(t["seconds_per_game"], 2.0)

    def test_engine_order_swapped_between_chunks(self):
        # A second chunk with the engines' order swapped: Pachi is engine1,
        # so in its game 0 Tengen plays White as engine2.
        with tempfile.TemporaryDirectory() as d:
            a, b = os.path.join(d, "a"), os.path.join(d, "b")
            make_folder(a, [(0, T, P, T)], {"game-000-engine1.log": report(100, 1.0)})
            make_folder(b, [(0, P, T, T)], {"game-000-engine2.log": report(300, 3.0),
                                            "game-000-engine1.log": report(99999, 9.0)})
            t = time_curve.tally([a, b])
        self.assertEqual((t["wins"], t["games"], t["searches"]), (2, 2, 2))
        self.assertAlmostEqual(t["playouts_per_move"], 200)

    def test_self_play_needs_a_name(self):
        with tempfile.TemporaryDirectory() as d:
            make_folder(d, [(0, "Tengen a", "Tengen b", "Tengen b")], {})
            with self.assertRaises(ValueError):
                time_curve.tally([d])
            t = time_curve.tally([d], "Tengen b")
        self.assertEqual((t["wins"], t["games"], t["searches"]), (1, 1, 0))
        self.assertIsNone(t["seconds_per_move"])


class CommandLine(unittest.TestCase):
    def test_add_appends_one_line_and_plot_draws_it(self):
        with tempfile.TemporaryDirectory() as d:
            folder = os.path.join(d, "m")
            make_folder(folder, [(0, T, P, T), (1, P, T, P)],
                        {"game-000-engine1.log": report(2000, 0.5), "game-001-engine1.log": report(2000, 0.5)})
            data = os.path.join(d, "curve.jsonl")
            for label in ("0.5 s a move", "again"):
                with redirect_stdout(io.StringIO()) as out:
                    self.assertEqual(time_curve.main(["add", "--data", data, "--label", label,
                                                      "--opponent", "Pachi", folder]), 0)
            self.assertIn("1/2 = 50.0%", out.getvalue())
            with open(data) as f:
                lines = [json.loads(line) for line in f]
            self.assertEqual([e["label"] for e in lines], ["0.5 s a move", "again"])
            self.assertEqual((lines[0]["wins"], lines[0]["games"], lines[0]["searches"], lines[0]["size"]), (1, 2, 2, 19))
            self.assertEqual(len(time_curve.series(lines)[("Pachi", 19)]), 2)
            try:
                import matplotlib  # noqa: F401
            except ImportError:
                self.skipTest("python3-matplotlib is not installed")
            png = os.path.join(d, "curve.png")
            with redirect_stdout(io.StringIO()):
                self.assertEqual(time_curve.main(["plot", "--data", data, "--out", png]), 0)
            with open(png, "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def test_a_folder_without_results_is_a_clear_error(self):
        with tempfile.TemporaryDirectory() as d:
            with redirect_stderr(io.StringIO()), self.assertRaises(SystemExit) as e:
                time_curve.main(["add", "--data", os.path.join(d, "x.jsonl"), "--label", "x",
                                 "--opponent", "y", os.path.join(d, "missing")])
            self.assertIn("results.txt", str(e.exception.code))
            self.assertFalse(os.path.exists(os.path.join(d, "x.jsonl")))

    def test_plot_without_data_is_a_clear_error(self):
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaises(SystemExit) as e:
                time_curve.main(["plot", "--data", os.path.join(d, "none.jsonl"), "--out", os.path.join(d, "p.png")])
            self.assertIn("no matches", str(e.exception.code))


if __name__ == "__main__":
    unittest.main()
