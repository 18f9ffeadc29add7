#!/usr/bin/env python3
"""What the solver reads in play, move after move of a game record.

    fight_replay.py [--engine CMD] [--plies K] GAME.sgf [MOVE]

Loads the position before move MOVE - K of the record (GTP `loadsgf`, so
move 1 is the empty board), then at each position up to the one before
move MOVE asks the engine for a move (`reg_genmove`, which plays nothing)
and plays the record's move.  Without MOVE, the whole game.  The engine
runs with `--log-level debug`; from its log the script prints, for the last
position, the strings the solver read dead whoever moves first
(`solver-dead-in-playouts` must be on for the engine to name them), and for
the replay its wall-clock seconds and the solver's readings kept from move
to move and reused (`solver-memo`).  The readings that grow from move to
move (`solver-retry-growth`) show here as strings proven only after a few
moves.  docs/solver.md has the figures.  Exit status 0, or 2 on usage or
engine errors.
"""

import argparse
import importlib.util
import os
import re
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("match", os.path.join(HERE, "match.py"))
match = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(match)

DEFAULT_ENGINE = (os.path.join(os.path.dirname(HERE), "build", "tengen") +
                  " --playouts 500 --solver-dead-in-playouts true")
LETTERS = "ABCDEFGHJKLMNOPQRST"

MEMO_LINE = re.compile(r"solver: (\d+) fights; (\d+) readings kept, (\d+) reused")
DEAD_LINE = re.compile(r"solver: the string at (\S+) is dead whoever moves first")


def record_moves(sgf_text):
    """The main line's moves as (colour, vertex) pairs, and the board size."""
    found = re.search(r"SZ\[(\d+)\]", sgf_text)
    size = int(found.group(1)) if found else 19
    moves = []
    for colour, where in re.findall(r";\s*([BW])\[([a-z]{0,2})\]", sgf_text):
        if where == "" or (where == "tt" and size <= 19):
            vertex = "pass"
        else:
            vertex = "%s%d" % (LETTERS[ord(where[0]) - 97], size - (ord(where[1]) - 97))
        moves.append(("black" if colour == "B" else "white", vertex))
    return moves, size


def read_solver_log(lines):
    """From the log lines of one genmove: the strings read dead (sorted,
    once each) and the last (fights, kept, reused) triple, or None."""
    dead = sorted({m.group(1) for m in map(DEAD_LINE.search, lines) if m})
    counts = None
    for m in map(MEMO_LINE.search, lines):
        if m:
            counts = tuple(int(g) for g in m.groups())
    return dead, counts


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sgf")
    ap.add_argument("move", type=int, nargs="?", help="the last position is the one before this move")
    ap.add_argument("--engine", default=DEFAULT_ENGINE, help="engine command (default: %(default)s)")
    ap.add_argument("--plies", type=int, default=15, help="positions replayed before MOVE (default 15)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds for each command")
    args = ap.parse_args(argv)
    if not os.path.isfile(args.sgf):
        ap.error("no such file: %s" % args.sgf)
    moves, _ = record_moves(open(args.sgf, encoding="utf-8", errors="replace").read())
    last = len(moves) + 1 if args.move is None else args.move
    if not 1 <= last <= len(moves) + 1:
        ap.error("move must lie in 1..%d" % (len(moves) + 1))
    if args.plies < 0:
        ap.error("plies must be at least 0")
    first = 1 if args.move is None else max(1, last - args.plies)

    logs = tempfile.mkdtemp(prefix="fight_replay-")
    log_path = os.path.join(logs, "engine.log")
    engine = None
    try:
        engine = match.GtpClient("engine", args.engine + " --log-level debug", log_path, args.timeout)
        engine.must("loadsgf %s %d" % (os.path.abspath(args.sgf), first))
        start = time.monotonic()
        lines = []
        for n in range(first, last + 1):
            colour = moves[n - 1][0] if n <= len(moves) else ("white" if moves and moves[-1][0] == "black" else "black")
            offset = os.path.getsize(log_path)
            engine.must("reg_genmove %s" % colour)
            with open(log_path, encoding="utf-8", errors="replace") as log:
                log.seek(offset)
                lines = log.read().splitlines()
            if n < last:
                engine.must("play %s %s" % moves[n - 1])
        seconds = time.monotonic() - start
    except (match.GtpError, ValueError) as e:
        print("fight_replay: %s (logs in %s)" % (e, logs), file=sys.stderr)
        return 2
    finally:
        if engine:
            engine.close()

    dead, counts = read_solver_log(lines)
    print("%d positions (before moves %d to %d) in %.1f s" % (last - first + 1, first, last, seconds))
    print("dead whoever moves first, before move %d: %s" % (last, " ".join(dead) or "none"))
    if counts:
        print("solver: %d fights; %d readings kept, %d reused in this game" % counts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
