"""Tests of the cluster measurement and plot scripts: the arithmetic on the
counters, the parsing of match.py's summary, and a plot drawn from sample
results (when matplotlib is installed)."""
import json
import os
import pathlib
import tempfile
import unittest

import cluster_bench
import plot_cluster


def status(*playouts, lost=()):
    return [{"rank": r, "playouts": p, "lost": r in lost, "hash": "0" * 16} for r, p in enumerate(playouts)]


def traffic(**ranks):
    return {int(r[1:]): {"bytes_sent": b, "syncs": s, "sync_bytes": sb} for r, (b, s, sb) in ranks.items()}


class SummarizeRun(unittest.TestCase):
    def test_counts_every_rank_over_the_wall_time(self):
        run = cluster_bench.summarize_run(status(100, 50), status(1100, 1050), 2.0,
                                          traffic(r0=(0, 0, 0), r1=(0, 0, 0)),
                                          traffic(r0=(4000, 20, 3800), r1=(3000, 20, 2800)))
        self.assertEqual(run["playouts"], 2000)
        self.assertEqual(run["per_rank"], {0: 1000, 1: 1000})
        self.assertEqual(run["playouts_per_s"], 1000)
        self.assertEqual(run["worker_bytes_per_sync"], 140)
        self.assertEqual(run["worker_bytes_per_s"], 1500)
        self.assertEqual(run["rank0_bytes_per_s"], 2000)
        self.assertEqual(run["syncs_per_s_per_worker"], 10)

    def test_a_lost_rank_does_not_count(self):
        run = cluster_bench.summarize_run(status(0, 0, 0), status(10, 0, 5, lost=(1,)), 1.0, {}, {})
        self.assertEqual(run["per_rank"], {0: 10, 2: 5})
        self.assertNotIn("worker_bytes_per_sync", run)


class ParseMatch(unittest.TestCase):
    def test_reads_match_py_summary(self):
        text = ("Games played:        10 of 10 (10 finished, 0 errors)\n"
                "engine1 wins/losses: 7/2 (draws 1)\n"
                "Errors: 0\n")
        self.assertEqual(cluster_bench.parse_match_output(text),
                         {"wins": 7, "losses": 2, "draws": 1, "games": 10, "errors": 0})
        self.assertIsNone(cluster_bench.parse_match_output("nothing here"))


SAMPLE = [
    {"kind": "speed", "size": 9, "ranks": 1, "threads": 1, "playouts_per_s": 10000},
    {"kind": "speed", "size": 9, "ranks": 2, "threads": 1, "playouts_per_s": 19000,
     "runs": [{"playouts_per_s": 19000}, {"playouts_per_s": 21000}]},
    {"kind": "speed", "size": 9, "ranks": 2, "threads": 1, "playouts_per_s": 18000,
     "runs": [{"playouts_per_s": 18000}]},  # every search pools: the median is 19000
    {"kind": "match", "size": 9, "ranks": 2, "threads": 1, "opponent_ranks": 1, "opponent_threads": 1,
     "wins": 6, "losses": 3, "draws": 1, "games": 10},
    {"kind": "match", "size": 9, "ranks": 2, "threads": 1, "opponent_ranks": 1, "opponent_threads": 1,
     "wins": 5, "losses": 5, "draws": 0, "games": 10},
]


class Plot(unittest.TestCase):
    def test_series(self):
        self.assertEqual(plot_cluster.speed_series(SAMPLE), {(9, 1): [(1, 10000), (2, 19000)]})
        (key, points), = plot_cluster.match_series(SAMPLE).items()
        self.assertEqual(key, (9, 1, "1x1"))
        ranks, rate, low, high, games = points[0]
        self.assertEqual((ranks, games), (2, 20))
        self.assertAlmostEqual(rate, 11.5 / 20)
        self.assertLess(low, rate)
        self.assertGreater(high, rate)

    def test_wilson(self):
        rate, low, high = plot_cluster.wilson(70, 100)
        self.assertAlmostEqual(rate, 0.7)
        self.assertAlmostEqual(low, 0.604, places=3)
        self.assertAlmostEqual(high, 0.781, places=3)
        self.assertEqual(plot_cluster.wilson(0, 0), (0.0, 0.0, 0.0))

    def test_draws_a_png(self):
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            self.skipTest("python3-matplotlib is not installed")
        with tempfile.TemporaryDirectory() as d:
            results = pathlib.Path(d) / "r.jsonl"
            results.write_text("".join(json.dumps(e) + "\n" for e in SAMPLE))
            out = pathlib.Path(d) / "cluster.png"
            plot_cluster.draw(plot_cluster.load(results), out)
            self.assertTrue(out.read_bytes().startswith(b"\x89PNG"))
            self.assertGreater(os.path.getsize(out), 5000)


if __name__ == "__main__":
    unittest.main()
