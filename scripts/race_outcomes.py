#!/usr/bin/env python3
"""How often the playouts get a capturing race right: the 36 seki problems
of tests/data/seki (Cazenave and Saffidine's Table 2: Black, to play, with
B outside liberties against White's W, both sharing two) played out by
`tengen bench --watch`, once watching Black's target (B6) and once White's
(A5).

  scripts/race_outcomes.py [--tengen "build/tengen"] [--count 1000] [-- bench options...]
  scripts/race_outcomes.py -- --heavy-race-atari true

The right outcome with best play: Black captures White's target when
B > W, a seki when B = W or B = W - 1, White captures Black's otherwise.
A playout is right when it ends that way: White's target dead, Black's
alive in seki (a liberty it shares with White's stones), or Black's dead. Prints each problem's share of right playouts, then the
mean per outcome and over all 36. Standard library only.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SEKI = os.path.join(ROOT, "tests", "data", "seki")
OUTCOMES = ("black captures", "seki", "white captures")


def expected(b, w):
    """Table 2, Black to play."""
    if b > w:
        return "black captures"
    if b == w or b == w - 1:
        return "seki"
    return "white captures"


def right_share(outcome, black, white):
    """The share (0 to 1) of playouts ending with the right outcome. black
    and white: (lives, in seki) shares of all playouts for each target."""
    if outcome == "black captures":
        return 1 - white[0]
    if outcome == "seki":
        return black[1]
    return 1 - black[0]


def parse_watch(text):
    """(lives, in seki) as shares of all playouts, from bench's line 'the ...
    string at V (N stones) lives in P% of the playouts; of those, C% after
    capturing a string that touched it, S% in seki'."""
    found = re.search(r"lives in ([0-9.]+)% of the playouts; of those, [0-9.]+% after capturing "
                      r"a string that touched it, ([0-9.]+)% in seki", text)
    if not found:
        raise ValueError("no watch line in the bench output")
    alive = float(found.group(1)) / 100
    return alive, alive * float(found.group(2)) / 100


def lives(tengen, sgf, vertex, count, extra):
    cmd = shlex.split(tengen) + ["bench", "--count", str(count), "--position", sgf, "--watch", vertex] + extra
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("%s failed: %s" % (" ".join(cmd), out.stderr.strip()))
    return parse_watch(out.stdout)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tengen", default=os.path.join(ROOT, "build", "tengen"), help="the engine's command")
    ap.add_argument("--count", type=int, default=1000, help="playouts per target and problem (default 1000)")
    ap.add_argument("bench_options", nargs="*", help="passed to tengen bench (after --)")
    args = ap.parse_args(argv)
    if args.count < 1:
        ap.error("--count must be at least 1")
    shares = {o: [] for o in OUTCOMES}
    try:
        for b in range(1, 7):
            for w in range(1, 7):
                sgf = os.path.join(SEKI, "seki-b%d-w%d.sgf" % (b, w))
                outcome = expected(b, w)
                black = lives(args.tengen, sgf, "B6", args.count, args.bench_options)
                white = lives(args.tengen, sgf, "A5", args.count, args.bench_options)
                share = right_share(outcome, black, white)
                shares[outcome].append(share)
                print("b%d-w%d %-14s black lives %5.1f%%, white %5.1f%%, seki %5.1f%%: right %5.1f%%" %
                      (b, w, outcome, 100 * black[0], 100 * white[0], 100 * black[1], 100 * share), flush=True)
    except (RuntimeError, ValueError) as e:
        print("race_outcomes: %s" % e, file=sys.stderr)
        return 1
    every = [s for o in OUTCOMES for s in shares[o]]
    print(", ".join("%s %.1f%% (%d)" % (o, 100 * sum(shares[o]) / len(shares[o]), len(shares[o])) for o in OUTCOMES))
    print("right in %.1f%% of the playouts, the mean over the 36 problems" % (100 * sum(every) / len(every)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
