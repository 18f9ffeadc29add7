#!/usr/bin/env python3
"""Strength against thinking time: one point per match, drawn as a curve.

  scripts/time_curve.py add --data docs/data/time-curve.jsonl --label "5 min each" \\
      --opponent "Pachi 12.90" --build 23c1c75 DIR [DIR...]
  scripts/time_curve.py plot --data docs/data/time-curve.jsonl --out docs/images/time-curve.png

`add` reads the output folders of scripts/match.py (results.txt and the
engines' logs; a match played in chunks gives one folder a chunk) and
appends one line to the data file: the engine's score with its 95% Wilson
interval, and the time it really searched, from its own info log ("N
playouts in t s"): seconds and playouts per search and search seconds per
game. Time per move is the x axis, not the time control, because a game
clock and a cap per move spend time differently (a 60-second clock and
0.5 s a move gave Tengen about the same 2,700 playouts a move).

`plot` draws win rate against search seconds per move, one series per
opponent, with the interval and the number of games at each point.
Uses python3-matplotlib (Debian) for `plot` only.
"""

import argparse
import collections
import datetime
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402  (results.txt, Wilson intervals, Tengen's search reports)


def is_engine(name, wanted):
    return name == wanted if wanted else name.startswith("Tengen")


def tally(folders, wanted=None):
    """The engine's wins (a draw counts half), draws, games, errors, and its
    search figures over the folders. `wanted`: the engine's display name in
    results.txt (default: the one whose name starts with "Tengen"; name
    both sides with match.py's --name1/--name2 in self-play)."""
    wins = draws = games = errors = 0
    searches = playouts = 0
    seconds = 0.0
    for folder in folders:
        for index, black, white, winner in match.read_results(folder):
            if is_engine(black, wanted) == is_engine(white, wanted):
                raise ValueError("%s game %d: cannot tell which side is the engine (%s, %s)"
                                 % (folder, index, black, white))
            if winner == "-":
                errors += 1
                continue
            games += 1
            if winner == "draw":
                draws += 1
            elif is_engine(winner, wanted):
                wins += 1
            ours = "engine1" if is_engine(black, wanted) == (match.black_engine(index) == 1) else "engine2"
            log = os.path.join(folder, "game-%03d-%s.log" % (index, ours))
            if os.path.exists(log):
                with open(log, encoding="utf-8", errors="replace") as f:
                    for p, s, _, _ in match.search_reports(f.read()):
                        searches += 1
                        playouts += p
                        seconds += s
    return {
        "wins": wins + 0.5 * draws, "draws": draws, "games": games, "errors": errors,
        "searches": searches,
        "playouts_per_move": playouts / searches if searches else None,
        "seconds_per_move": seconds / searches if searches else None,
        "seconds_per_game": seconds / games if games else None,
    }


def load(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def series(entries):
    """{(opponent, size): [(seconds per move, rate, low, high, games, label)]},
    sorted by time."""
    out = collections.defaultdict(list)
    for e in entries:
        if not e.get("games") or e.get("seconds_per_move") is None:
            continue
        low, high = match.wilson_interval(e["wins"], e["games"])
        out[(e["opponent"], e["size"])].append(
            (e["seconds_per_move"], e["wins"] / e["games"], low, high, e["games"], e["label"]))
    return {k: sorted(v) for k, v in out.items()}


def draw(entries, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    for (opponent, size), points in sorted(series(entries).items()):
        xs = [p[0] for p in points]
        rates = [p[1] for p in points]
        below = [p[1] - p[2] for p in points]
        above = [p[3] - p[1] for p in points]
        ax.errorbar(xs, rates, yerr=[below, above], fmt="o-", capsize=3,
                    label="%dx%d against %s" % (size, size, opponent))
        for x, rate, _, _, games, label in points:
            ax.annotate("%s (%d)" % (label, games), (x, rate), textcoords="offset points",
                        xytext=(6, 4), fontsize=7)
    ax.axhline(0.5, color="grey", lw=0.8)
    ax.set_xscale("log", base=2)
    # Plain seconds (0.25, 0.5, 1...) rather than powers of two, and room
    # on the right for the last point's label.
    from matplotlib.ticker import FormatStrFormatter
    ax.xaxis.set_major_formatter(FormatStrFormatter("%g"))
    low, high = ax.get_xlim()
    ax.set_xlim(low, high * 1.6)
    ax.set_ylim(0, 1)
    ax.set_xlabel("Tengen's search seconds per move (its own log; one thread)")
    ax.set_ylabel("Tengen's win rate, 95% interval (games in brackets)")
    ax.set_title("Strength against thinking time")
    ax.grid(True, which="both", alpha=0.3)
    if ax.lines:
        ax.legend(fontsize=8, loc="lower left")
    fig.tight_layout()
    fig.savefig(out, dpi=100)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    a = sub.add_parser("add", help="append one match to the data file")
    a.add_argument("--data", required=True)
    a.add_argument("--label", required=True, help="the time control, as the plot shows it")
    a.add_argument("--opponent", required=True)
    a.add_argument("--build", default="")
    a.add_argument("--engine", default=None, help="the engine's display name (default: Tengen ...)")
    a.add_argument("--size", type=int, default=19)
    a.add_argument("folders", nargs="+", metavar="DIR")
    d = sub.add_parser("plot", help="draw the curve")
    d.add_argument("--data", required=True)
    d.add_argument("--out", required=True)
    args = p.parse_args(argv)

    if args.command == "add":
        try:
            entry = tally(args.folders, args.engine)
        except (OSError, ValueError) as e:
            sys.exit("time_curve.py: %s" % e)
        if entry["games"] == 0:
            sys.exit("time_curve.py: no finished games in %s" % ", ".join(args.folders))
        entry.update(label=args.label, opponent=args.opponent, size=args.size, build=args.build,
                     date=datetime.date.today().isoformat(),
                     folders=[os.path.basename(os.path.normpath(f)) for f in args.folders])
        with open(args.data, "a", encoding="utf-8") as f:
            f.write(json.dumps(entry, sort_keys=True) + "\n")
        low, high = match.wilson_interval(entry["wins"], entry["games"])
        print("%s: %g/%d = %.1f%% [%.1f%%, %.1f%%], %s playouts and %.2f s a move"
              % (args.label, entry["wins"], entry["games"], 100 * entry["wins"] / entry["games"],
                 100 * low, 100 * high,
                 "?" if entry["playouts_per_move"] is None else "%.0f" % entry["playouts_per_move"],
                 entry["seconds_per_move"] or 0.0))
        return 0
    entries = load(args.data)
    if not series(entries):
        sys.exit("time_curve.py: no matches with search times in %s" % args.data)
    draw(entries, args.out)
    print("wrote %s from %d matches" % (args.out, len(entries)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
