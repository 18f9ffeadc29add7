#!/usr/bin/env python3
"""Scores a GTP engine on the technique set (tests/data/technique): for
each position, loads it (loadsgf, then the komi of the manifest), asks
`reg_genmove` for the side to move (genmove then undo where reg_genmove is
refused) and counts the answer right when it is one of the position's
right moves (pass included, where pass is right).

  scripts/technique.py --engine "build/tengen --playouts 10000 --log-level warn"
  scripts/technique.py --engine "/usr/games/gnugo --mode gtp --chinese-rules --level 10"

Prints one line a position, then the share right per category and in all,
with 95% Wilson intervals, and the misses. Exits 0 whatever the score
(1 only when the engine or the set misbehaves). Standard library only; the
GTP client and the statistics are scripts/match.py's.
"""

import argparse
import importlib.util
import os
import pathlib
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_SET = HERE.parent / "tests" / "data" / "technique"

_spec = importlib.util.spec_from_file_location("match", HERE / "match.py")
match = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(match)


def read_manifest(set_dir):
    """[{name, category, to_move, komi, right}] in file order."""
    entries = []
    with open(pathlib.Path(set_dir) / "positions.txt") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            words = line.split()
            entries.append({"name": words[0], "category": words[1], "to_move": words[2], "komi": words[3],
                            "right": {m.upper() for m in words[5].split(",")}})
    return entries


def select(entries, categories, every):
    """The positions of the chosen categories; with every > 1, every n-th
    of each category (a fixed subset)."""
    out, seen = [], {}
    for e in entries:
        if categories and e["category"] not in categories:
            continue
        i = seen.get(e["category"], 0)
        seen[e["category"]] = i + 1
        if i % every == 0:
            out.append(e)
    return out


def ask(client, entry, set_dir, state):
    """The engine's move for the position, upper case ('PASS', 'D4')."""
    path = os.path.abspath(os.path.join(set_dir, entry["name"] + ".sgf"))
    client.must("clear_board")
    client.must("loadsgf " + path)
    client.must("komi " + entry["komi"])
    colour = entry["to_move"]
    if state.get("reg_genmove", True):
        ok, text = client.request("reg_genmove " + colour)
        if ok:
            return text.strip().upper()
        state["reg_genmove"] = False
    move = client.must("genmove " + colour).strip().upper()
    if move != "RESIGN":
        client.must("undo")
    return move


def report(results, out):
    """Per-category and total lines; returns the total share right."""
    categories = []
    for r in results:
        if r["category"] not in categories:
            categories.append(r["category"])
    rows = [(c, [r for r in results if r["category"] == c]) for c in categories] + [("total", results)]
    for name, rs in rows:
        right = sum(r["ok"] for r in rs)
        lo, hi = match.wilson_interval(right, len(rs))
        share = 100.0 * right / len(rs) if rs else 0.0
        out.write(f"{name:8} {right:4d} / {len(rs):4d} right  {share:5.1f}%  [{100 * lo:5.1f}%, {100 * hi:5.1f}%]\n")
    misses = [r for r in results if not r["ok"]]
    out.write(f"misses: {len(misses)}\n")
    for r in misses:
        out.write(f"  {r['name']:12} {r['to_move']} played {r['move']:5} right {'|'.join(sorted(r['right']))}\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="the GTP engine's command line (run through the shell)")
    parser.add_argument("--set", default=str(DEFAULT_SET), help="the set's folder (positions.txt and the SGF files)")
    parser.add_argument("--category", action="append", help="only this category (repeatable)")
    parser.add_argument("--every", type=int, default=1, help="only every n-th position of each category")
    parser.add_argument("--timeout", type=float, default=600, help="seconds the engine gets for one answer")
    parser.add_argument("--log", help="the engine's stderr goes here (default: a temporary file)")
    args = parser.parse_args(argv)
    if args.every < 1:
        parser.error("--every must be at least 1")

    entries = select(read_manifest(args.set), args.category, args.every)
    log = args.log or os.path.join(tempfile.mkdtemp(prefix="technique-"), "engine.log")
    client = match.GtpClient("engine", args.engine, log, args.timeout)
    results, state = [], {}
    start = time.monotonic()
    try:
        for e in entries:
            move = ask(client, e, args.set, state)
            ok = move in e["right"]
            results.append(dict(e, move=move, ok=ok))
            print(f"{'ok  ' if ok else 'MISS'} {e['name']:12} {e['to_move']} {move:5}", flush=True)
    except match.GtpError as err:
        print(f"technique.py: {err}", file=sys.stderr)
        return 1
    finally:
        client.close()
    print(f"engine: {args.engine}")
    print(f"{len(results)} positions in {time.monotonic() - start:.0f} s"
          f"{'' if state.get('reg_genmove', True) else ' (genmove and undo: reg_genmove refused)'}")
    report(results, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
