#!/usr/bin/env python3
"""Draws docs/cluster.md's figure from scripts/cluster_bench.py's results:
playouts per second against the number of ranks (with perfect scaling for
comparison), and the win rate at equal time per move against the number
of ranks (95% Wilson intervals). Uses python3-matplotlib (Debian).

  scripts/plot_cluster.py --results docs/data/cluster.jsonl --out docs/images/cluster.png
"""
import argparse
import collections
import json
import math
import statistics
import sys


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def wilson(wins, games, z=1.96):
    """A win rate (draws count half) and its 95% Wilson interval."""
    if games == 0:
        return 0.0, 0.0, 0.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def speed_series(entries):
    """{(size, threads): [(ranks, playouts/s)]}, sorted by ranks: the median
    of every search measured in that configuration (measurements repeated
    in alternating order pool)."""
    rates = collections.defaultdict(list)
    for e in entries:
        if e.get("kind") == "speed":
            runs = [r["playouts_per_s"] for r in e.get("runs", [])] or [e["playouts_per_s"]]
            rates[(e["size"], e["threads"], e["ranks"])] += runs
    series = collections.defaultdict(list)
    for (size, threads, ranks), values in sorted(rates.items()):
        series[(size, threads)].append((ranks, statistics.median(values)))
    return dict(series)


def match_series(entries):
    """{(size, threads, opponent): [(ranks, rate, low, high, games)]}, games
    of the same configuration pooled."""
    pooled = collections.defaultdict(lambda: [0.0, 0])
    for e in entries:
        if e.get("kind") != "match":
            continue
        key = (e["size"], e["threads"], "%dx%d" % (e["opponent_ranks"], e["opponent_threads"]), e["ranks"])
        pooled[key][0] += e["wins"] + 0.5 * e["draws"]
        pooled[key][1] += e["games"]
    series = collections.defaultdict(list)
    for (size, threads, opponent, ranks), (wins, games) in sorted(pooled.items()):
        rate, low, high = wilson(wins, games)
        series[(size, threads, opponent)].append((ranks, rate, low, high, games))
    return dict(series)


def draw(entries, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.5))
    for (size, threads), points in sorted(speed_series(entries).items()):
        ranks = [r for r, _ in points]
        rates = [v for _, v in points]
        line, = ax1.plot(ranks, rates, "o-", label="%dx%d, %d thread(s) a rank" % (size, size, threads))
        base = dict(points).get(1)
        if base:
            ax1.plot(ranks, [base * r for r in ranks], ":", color=line.get_color(), alpha=0.6)
    ax1.set_xscale("log", base=2)
    ax1.set_yscale("log")
    ax1.set_xlabel("ranks")
    ax1.set_ylabel("playouts per second (dotted: perfect scaling)")
    ax1.set_title("Speed")
    ax1.grid(True, which="both", alpha=0.3)
    if ax1.lines:
        ax1.legend(fontsize=8)

    for (size, threads, opponent), points in sorted(match_series(entries).items()):
        ranks = [p[0] for p in points]
        rates = [p[1] for p in points]
        low = [p[1] - p[2] for p in points]
        high = [p[3] - p[1] for p in points]
        ax2.errorbar(ranks, rates, yerr=[low, high], fmt="o-", capsize=3,
                     label="%dx%d, %d thread(s) a rank, against %s" % (size, size, threads, opponent))
        for r, v, _, _, games in points:
            ax2.annotate("%d" % games, (r, v), textcoords="offset points", xytext=(5, -12), fontsize=7)
    ax2.axhline(0.5, color="grey", lw=0.8)
    ax2.set_xscale("log", base=2)
    ax2.set_ylim(0, 1)
    ax2.set_xlabel("ranks")
    ax2.set_ylabel("win rate at equal time per move (games beside each point)")
    ax2.set_title("Strength")
    ax2.grid(True, alpha=0.3)
    if ax2.lines:
        ax2.legend(fontsize=8)
    # Plain rank counts (1, 2, 4...) on both axes of ranks, not powers of two.
    from matplotlib.ticker import NullFormatter, ScalarFormatter
    measured = sorted({e["ranks"] for e in entries} | {1})
    for ax in (ax1, ax2):
        ax.set_xticks(measured)
        ax.xaxis.set_major_formatter(ScalarFormatter())
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.set_xlim(0.8, max(measured) * 1.25)
    fig.tight_layout()
    fig.savefig(out, dpi=100)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--results", required=True)
    p.add_argument("--out", required=True)
    args = p.parse_args()
    entries = load(args.results)
    if not entries:
        sys.exit("no measurements in %s" % args.results)
    draw(entries, args.out)
    print("wrote %s from %d measurements" % (args.out, len(entries)))


if __name__ == "__main__":
    main()
