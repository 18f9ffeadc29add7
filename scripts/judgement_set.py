#!/usr/bin/env python3
"""A judgement set: positions from Tengen's own games where its win rate
was later shown wrong, beside positions from games it won.

    judgement_set.py make --out DIR [--seed 7] [--window 3] MATCH_DIR...
    judgement_set.py run --engine CMD [--set DIR] [--out FILE]
    judgement_set.py diff BEFORE AFTER

`make` reads match directories written by scripts/match.py with Tengen as
engine 1 at `--log-level info` (its log gives the win rate of each move).
From every lost game it takes the collapse: Tengen's move with a win rate
of at least --min-rate after which the rate fell by at least --min-fall
within its next --window moves (3; the largest such fall; a game lost
slowly, as at long time controls, needs a longer window). From every won game
it takes one control: a Tengen move between plies 150 and 280 with a win
rate in [--min-rate, 0.92], drawn with --seed, and keeps at most
--max-controls of them (drawn the same way). Each position is written as
an SGF of the moves before it, with Tengen to move, and listed in
positions.txt with the game's outcome for Tengen.

`run` searches each position with the engine (GTP `loadsgf`, then, with
--warm-up, a first search by `reg_genmove`, then `kata-genmove_analyze`)
and prints the win rate it gives the side to move,
then the mean over the collapses (the games were lost: lower is better),
the mean over the controls (won: higher is better), their separation and
the log-loss against the outcomes. `diff` pairs two runs position by
position and gives each mean difference with its standard error.

This is a quick proxy for changes to the playouts' judgement on 19x19,
not a strength figure: the collapses were chosen because an earlier build
rated them high, so only paired comparisons on the same set mean much,
and only a match decides (docs/strength.md).
"""

import argparse
import importlib.util
import math
import os
import random
import re
import signal
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("match", os.path.join(HERE, "match.py"))
match = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(match)

DEFAULT_SET = os.path.join(os.path.dirname(HERE), "tests", "data", "judgement19")
DEFAULT_ENGINE = os.path.join(os.path.dirname(HERE), "build", "tengen") + " --log-level warn --playouts 5000 --seed 1"
MANIFEST = "positions.txt"
MOVE = re.compile(r";([BW])\[([a-s]{0,2})\]")


def win_rates(log_text):
    """The win rate of each of Tengen's moves, in order, from its info log."""
    return [rate for _, _, _, rate in match.search_reports(log_text)]


def collapse(rates, min_rate, min_fall, window=3):
    """Index of the move before the largest fall of at least min_fall
    within the next `window` moves, from a rate of at least min_rate; None."""
    best = None
    for i in range(len(rates) - 1):
        fall = rates[i] - min(rates[i + 1:i + 1 + window])
        if rates[i] >= min_rate and fall >= min_fall and (best is None or fall > best[1]):
            best = (i, fall)
    return None if best is None else best[0]


def control(rates, tengen_black, min_rate, rng):
    """Index of a random move between plies 150 and 280 with a win rate in
    [min_rate, 0.92]; None if there is none."""
    first = 1 if tengen_black else 2
    found = [i for i, r in enumerate(rates) if 150 <= 2 * i + first <= 280 and min_rate <= r <= 0.92]
    return rng.choice(found) if found else None


def truncated_sgf(sgf_text, moves):
    """An SGF of the first `moves` moves of a record without setup stones."""
    size = re.search(r"SZ\[(\d+)\]", sgf_text)
    komi = re.search(r"KM\[([-\d.]+)\]", sgf_text)
    played = MOVE.findall(sgf_text)
    if re.search(r"A[BW]\[", sgf_text) or len(played) < moves:
        return None
    head = "(;GM[1]FF[4]SZ[%s]KM[%s]" % (size.group(1) if size else "19", komi.group(1) if komi else "7")
    return head + "".join(";%s[%s]" % m for m in played[:moves]) + ")\n"


def read_results(match_dir):
    """(game number, Tengen plays Black, Tengen won) for each game with a
    winner. Tengen is engine 1, whatever its name."""
    out = []
    for index, black, white, winner in match.read_results(match_dir):
        if winner in ("-", "draw"):
            continue
        tengen_black = match.black_engine(index) == 1
        out.append((index, tengen_black, winner == (black if tengen_black else white)))
    return out


def make(args):
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    entries = []   # (name, manifest line, won, SGF text)
    for match_dir in args.matches:
        for game, tengen_black, won in read_results(match_dir):
            stem = os.path.join(match_dir, "game-%03d" % game)
            if not (os.path.isfile(stem + "-engine1.log") and os.path.isfile(stem + ".sgf")):
                continue
            with open(stem + "-engine1.log", errors="replace") as f:
                rates = win_rates(f.read())
            i = control(rates, tengen_black, args.min_rate, rng) if won else \
                collapse(rates, args.min_rate, args.min_fall, args.window)
            if i is None:
                continue
            ply = 2 * i + (1 if tengen_black else 2)   # the move Tengen is about to play
            with open(stem + ".sgf", errors="replace") as f:
                sgf = truncated_sgf(f.read(), ply - 1)
            if sgf is None:
                continue
            name = "%s-%03d-%d" % (os.path.basename(os.path.normpath(match_dir)), game, ply)
            line = "%s %s %d %.3f" % (name, "B" if tengen_black else "W", int(won), rates[i])
            entries.append((name, line, won, sgf))
    # Keep at most --max-controls controls, drawn at random, so a run stays short.
    controls = [e for e in entries if e[2]]
    for dropped in rng.sample(controls, max(0, len(controls) - args.max_controls)):
        entries.remove(dropped)
    for name, _line, _won, sgf in entries:
        with open(os.path.join(args.out, name + ".sgf"), "w") as f:
            f.write(sgf)
    lines = [e[1] for e in entries]
    with open(os.path.join(args.out, MANIFEST), "w") as f:
        f.write("# name to_move outcome logged_rate\n"
                "# outcome: 1 if Tengen (to move) won the game; logged_rate: its win rate in the game\n")
        f.write("".join(l + "\n" for l in sorted(lines)))
    lost = sum(1 for e in entries if not e[2])
    print("%d positions: %d collapses, %d controls, in %s" % (len(lines), lost, len(lines) - lost, args.out))
    return 0


def read_manifest(set_dir):
    with open(os.path.join(set_dir, MANIFEST)) as f:
        return [l.split() for l in f if l.strip() and not l.startswith("#")]


def parse_rate(analysis):
    """The win rate of the first (most visited) move of the last info line."""
    lines = [l for l in analysis.split("\n") if l.startswith("info")]
    found = re.search(r"winrate (\S+)", lines[-1]) if lines else None
    if not found:
        raise ValueError("no win rate in the analysis")
    return float(found.group(1))


def summary(rows):
    """rows: [(outcome, rate)] -> text with the means, separation and log-loss."""
    lost = [r for o, r in rows if o == 0]
    won = [r for o, r in rows if o == 1]
    if not lost or not won:
        return "need both collapses and controls"
    loss = -sum(math.log(max(1e-3, 1 - r)) for r in lost) - sum(math.log(max(1e-3, r)) for r in won)
    return ("mean over %d collapses %.3f, over %d controls %.3f, separation %.3f, log-loss %.3f"
            % (len(lost), statistics.mean(lost), len(won), statistics.mean(won),
               statistics.mean(won) - statistics.mean(lost), loss / len(rows)))


def run(args):
    entries = read_manifest(args.set)
    out = open(args.out, "w") if args.out else None
    log = os.path.join(tempfile.mkdtemp(prefix="judgement_set-"), "engine.log")
    rows = []
    client = None
    try:
        client = match.GtpClient("engine", args.engine, log, args.timeout)
        for name, to_move, outcome, _logged in entries:
            client.must("loadsgf %s" % os.path.join(os.path.abspath(args.set), name + ".sgf"))
            if args.warm_up:
                client.must("reg_genmove %s" % to_move.lower())
            rate = parse_rate(client.must("kata-genmove_analyze %s 1000000" % to_move.lower()))
            rows.append((int(outcome), rate))
            line = "%s %s %.3f" % (name, outcome, rate)
            print(line, flush=True)
            if out:
                out.write(line + "\n")
    except (match.GtpError, ValueError) as e:
        print("judgement_set: %s" % e, file=sys.stderr)
        return 2
    finally:
        if client:
            client.close()
    text = summary(rows)
    print(text)
    if out:
        out.write("# " + text + "\n")
        out.close()
    return 0


def read_run(path):
    """{name: (outcome, rate)} from a file written by `run --out`."""
    out = {}
    with open(path, errors="replace") as f:
        for n, line in enumerate(f, 1):
            words = line.split()
            if not words or line.startswith("#"):
                continue
            try:
                name, outcome, rate = words
                out[name] = (int(outcome), float(rate))
            except ValueError:
                raise ValueError("%s:%d: not a line of `run --out` (name outcome rate)" % (path, n)) from None
    return out


def paired(before, after):
    """{outcome: (n, mean of after - before, its standard error)} over shared positions."""
    out = {}
    for outcome in (0, 1):
        d = [after[k][1] - before[k][1] for k in before if k in after and before[k][0] == outcome]
        if d:
            se = statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else float("nan")
            out[outcome] = (len(d), statistics.mean(d), se)
    return out


def diff(args):
    try:
        result = paired(read_run(args.before), read_run(args.after))
    except ValueError as e:
        print("judgement_set: %s" % e, file=sys.stderr)
        return 2
    if not result:
        print("judgement_set: the two runs share no position", file=sys.stderr)
        return 2
    for outcome, label in ((0, "collapses (lower is better)"), (1, "controls (higher is better)")):
        if outcome in result:
            n, mean, se = result[outcome]
            print("%s: %d positions, mean change %+.4f (standard error %.4f)" % (label, n, mean, se))
    return 0


def positive_int(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1, not %d" % value)
    return value


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    m = sub.add_parser("make", help="collect positions from match directories")
    m.add_argument("matches", nargs="+")
    m.add_argument("--out", required=True)
    m.add_argument("--seed", type=int, default=7)
    m.add_argument("--min-rate", type=float, default=0.6)
    m.add_argument("--min-fall", type=float, default=0.2)
    m.add_argument("--window", type=positive_int, default=3, help="moves after the high rate in which the fall counts")
    m.add_argument("--max-controls", type=int, default=60)
    r = sub.add_parser("run", help="search every position with an engine")
    r.add_argument("--engine", default=DEFAULT_ENGINE)
    r.add_argument("--set", default=DEFAULT_SET)
    r.add_argument("--out", help="also write the results here (for diff)")
    r.add_argument("--timeout", type=float, default=600)
    r.add_argument("--warm-up", action="store_true",
                   help="search each position once (reg_genmove) before the measured search, so that what the "
                        "engine carries from one search to the next (Tengen's ownership and criticality maps) "
                        "is there as in a game; give Tengen --reuse-tree false to measure a fresh tree")
    d = sub.add_parser("diff", help="compare two runs' results position by position")
    d.add_argument("before")
    d.add_argument("after")
    args = ap.parse_args(argv)
    if args.command == "make":
        for match_dir in args.matches:
            if not os.path.isfile(os.path.join(match_dir, "results.txt")):
                ap.error("no results.txt in %s" % match_dir)
        return make(args)
    if args.command == "run":
        if not os.path.isfile(os.path.join(args.set, MANIFEST)):
            ap.error("no %s in %s" % (MANIFEST, args.set))
        return run(args)
    for path in (args.before, args.after):
        if not os.path.isfile(path):
            ap.error("no such file: %s" % path)
    return diff(args)


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
