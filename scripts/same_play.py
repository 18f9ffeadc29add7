#!/usr/bin/env python3
"""Do two builds play alike?  Each ENGINE searches the same positions, taken
from game records, at a fixed seed and playout count, and every answer is
compared with the first engine's.

  scripts/same_play.py --engine "build/tengen" --engine "/tmp/old/tengen --some-option x" \\
      [--every 20] [--playouts 2000] [--parallel 2] GAME.sgf [GAME.sgf ...]

The positions are those before moves every+1, 2*every+1, ... of each record;
the side to move is the record's.  Every search runs in a fresh process with
`--playouts P --seed 1 --threads 1 --log-level info` appended to the engine's
command, so that nothing but the code (and the engine's own options) decides
it.  For Tengen the search report on stderr (playouts, move, win rate) is
compared too: builds that are one program agree on all three.  The pinned
signatures (scripts/bench_signatures.py) cover a few positions; this covers
as many as the records hold.

One line per engine, then the first positions where it differs:
  ENGINE: same move N/M, same search N/M
Exit status 0 when every engine agrees with the first everywhere, 1 when one
differs or fails, 2 for usage errors.  Standard library only.
"""

import argparse
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402  (the search report parser)
import play_on  # noqa: E402  (reading a record's side to move)

FIXED = "--seed 1 --threads 1 --log-level info"
SHOWN_DIFFERENCES = 5


def positions(path, every):
    """(path, move number, colour to move) before every `every`-th move."""
    with open(path, encoding="utf-8", errors="replace") as f:
        moves = len(re.findall(r";\s*[BW]\[", f.read()))
    return [(path, n, play_on.read_record(path, n)[2]) for n in range(every + 1, moves + 1, every)]


def search(command, position, timeout):
    """(move, (playouts, move, win rate) or None), or ("!" and what went
    wrong, None)."""
    path, n, colour = position
    script = "loadsgf %s %d\ngenmove %s\nquit\n" % (os.path.abspath(path), n, colour)
    try:
        done = subprocess.run(command, shell=True, input=script, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "!no answer in %gs" % timeout, None
    replies = [block.strip() for block in done.stdout.split("\n\n") if block.strip()]
    if len(replies) < 2 or not replies[1].startswith("="):
        return "!failed: %r" % (replies[1] if len(replies) > 1 else done.stdout.strip()[:80]), None
    reports = match.search_reports(done.stderr)
    report = reports[-1] if reports else None
    return replies[1][1:].strip().upper(), (report[0], report[2], report[3]) if report else None


def shown(answer):
    move, report = answer
    return move if report is None else "%s (%d playouts, best %s at %.3f)" % (move, *report)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("records", nargs="+", metavar="GAME.sgf")
    ap.add_argument("--engine", action="append", required=True, metavar="CMD",
                    help="an engine's command; give two or more, the first is the reference")
    ap.add_argument("--every", type=int, default=20, metavar="N", help="a position every N moves (default 20)")
    ap.add_argument("--playouts", type=int, default=2000, metavar="P", help="playouts a search (default 2000)")
    ap.add_argument("--parallel", type=int, default=1, metavar="K", help="searches at a time (default 1)")
    ap.add_argument("--timeout", type=float, default=300, metavar="S", help="seconds a search may take (default 300)")
    args = ap.parse_args(argv)
    if len(args.engine) < 2:
        ap.error("give at least two --engine commands")
    if args.every < 1 or args.playouts < 1 or args.parallel < 1 or args.timeout <= 0:
        ap.error("--every, --playouts, --parallel and --timeout must be positive")
    todo = []
    for path in args.records:
        try:
            todo += positions(path, args.every)
        except (OSError, ValueError) as e:
            ap.error("%s: %s" % (path, e))
    if not todo:
        ap.error("the records hold no position %d moves in" % args.every)

    answers = {}
    with ThreadPoolExecutor(args.parallel) as pool:
        for engine in args.engine:
            command = "%s --playouts %d %s" % (engine, args.playouts, FIXED)
            answers[engine] = list(pool.map(lambda p, c=command: search(c, p, args.timeout), todo))

    reference = answers[args.engine[0]]
    alike = True
    print("%d positions from %d records, %d playouts, seed 1" % (len(todo), len(args.records), args.playouts))
    for engine in args.engine:
        mine = answers[engine]
        same_move = sum(1 for a, b in zip(reference, mine) if a[0] == b[0])
        same_search = sum(1 for a, b in zip(reference, mine) if a == b and a[1] is not None)
        print("%s: same move %d/%d, same search %d/%d" % (engine, same_move, len(todo), same_search, len(todo)))
        differing = [(p, a, b) for p, a, b in zip(todo, reference, mine) if a != b or b[0].startswith("!")]
        alike &= not differing
        for (path, n, colour), a, b in differing[:SHOWN_DIFFERENCES]:
            print("  %s before move %d (%s): %s against %s" % (os.path.basename(path), n, colour, shown(b), shown(a)))
    return 0 if alike else 1


if __name__ == "__main__":
    sys.exit(main())
