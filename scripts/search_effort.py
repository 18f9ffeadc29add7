#!/usr/bin/env python3
"""Where a match's searches spent their work: playouts and seconds per
search of one engine, by its own move number, read from the logs that
scripts/match.py keeps (game-NNN-engine1.log; Tengen's written at
--log-level info, or Pachi's stderr, which it writes by default).

  scripts/search_effort.py DIR [DIR...] [--engine engine1] [--bucket 25] [--last 200]

A setting in seconds and one in playouts can give the same mean and still
differ where it matters: at 1 s a move the searches of the opening run
fewer playouts than later ones, at fixed playouts they run longer. Each
row is one range of the engine's own moves (every search it logged, in
order, counts as one); moves from --last on share the last row.

Tengen logs the playouts each search ran. Pachi logs its tree search's
seconds and rate ("mcts 1.96s (2669 games/s"), whose product is the
playouts it ran, and the root's count ("*** WINNER is C6 ... (1523/5230
games)"), which adds the visits its tree kept from earlier moves: a fixed
setting such as `-t =3000` caps that count, so it runs fewer playouts than
it says. The summary gives both for Pachi.
Standard library only.
"""

import argparse
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402  (the parser of Tengen's search reports)


_PACHI_SEARCH_RE = re.compile(r"genmove in [0-9.]+s, mcts ([0-9.]+)s \((\d+) games/s")
_PACHI_ROOT_RE = re.compile(r"\*\*\* WINNER is \S+ with score \S+ \(\d+/(\d+) games\)")


def is_pachi(log_text):
    return _PACHI_SEARCH_RE.search(log_text) is not None


def searches(log_text):
    """(playouts, seconds) of every search the log reports, in order: Tengen's
    reports, or Pachi's tree searches (its seconds times its rate)."""
    if is_pachi(log_text):
        return [(round(float(s) * int(r)), float(s)) for s, r in _PACHI_SEARCH_RE.findall(log_text)]
    return [(playouts, seconds) for playouts, seconds, _, _ in match.search_reports(log_text)]


def root_counts(log_text):
    """Pachi's root count at each move's end, the reused tree included."""
    return [int(n) for n in _PACHI_ROOT_RE.findall(log_text)]


def by_move(games, bucket, last):
    """rows of (first move, last move or None, searches, mean playouts, mean
    seconds) over the games' search lists, by own move number from 1."""
    sums = {}
    for game in games:
        for i, (playouts, seconds) in enumerate(game):
            key = min(i, last) // bucket
            n, p, s = sums.get(key, (0, 0, 0.0))
            sums[key] = (n + 1, p + playouts, s + seconds)
    rows = []
    for key in sorted(sums):
        n, p, s = sums[key]
        first = key * bucket + 1
        end = None if (key + 1) * bucket > last else (key + 1) * bucket
        rows.append((first, end, n, p / n, s / n))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dirs", nargs="+", help="match output folders (scripts/match.py --sgf-dir)")
    ap.add_argument("--engine", default="engine1",
                    help="whose logs: engine1 (default) or engine2, Tengen's or Pachi's")
    ap.add_argument("--bucket", type=int, default=25, help="own moves per row (default 25)")
    ap.add_argument("--last", type=int, default=200, help="own moves from this one on share a row (default 200)")
    args = ap.parse_args(argv)
    if args.bucket < 1 or args.last < args.bucket:
        ap.error("--bucket must be at least 1 and --last at least --bucket")
    games = []
    roots = []
    for d in args.dirs:
        logs = sorted(glob.glob(os.path.join(d, "game-*-%s.log" % args.engine)))
        if not logs:
            ap.error("no game-*-%s.log in %s" % (args.engine, d))
        for log in logs:
            with open(log, errors="replace") as f:
                text = f.read()
            found = searches(text)
            roots += root_counts(text)
            if found:
                games.append(found)
    if not games:
        print("no searches logged (was the engine run with --log-level info?)", file=sys.stderr)
        return 1
    total = [s for g in games for s in g]
    print("%d games, %d searches: %.0f playouts and %.3f s a search" %
          (len(games), len(total), sum(p for p, _ in total) / len(total), sum(s for _, s in total) / len(total)))
    if roots:
        print("Pachi's root count, with the tree it kept: %.0f a move" % (sum(roots) / len(roots)))
    print("%-12s %9s %10s %9s %12s" % ("own moves", "searches", "playouts", "seconds", "playouts/s"))
    for first, end, n, playouts, seconds in by_move(games, args.bucket, args.last):
        span = "%d-%d" % (first, end) if end is not None else "%d-" % first
        rate = playouts / seconds if seconds > 0 else float("nan")
        print("%-12s %9d %10.0f %9.3f %12.0f" % (span, n, playouts, seconds, rate))
    return 0


if __name__ == "__main__":
    sys.exit(main())
