#!/usr/bin/env python3
"""Does genmove play the winning move in the solver's fight positions?

Reads the diagram file of the local-fight tests (tests/data/solver/
local_fights.txt by default). For every line "<colour> <vertex> won <moves>"
where the other colour's line says "won" or "draw" (the result turns on
who moves first, so the move is urgent), it loads the position into the
engine (loadsgf of a setup-stone SGF), asks genmove for that colour and
checks the answer is one of the proven winning moves. Where the mover wins
either way, tenuki is as good, so those lines are skipped.

Prints one line per position and, last, "positions <n> correct <k>".
Standard library only; see docs/solver.md for the runs we report.
"""

import argparse
import os
import shlex
import subprocess
import sys
import tempfile

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP skips the letter I


def read_cases(path):
    """[(title, rows, [expectation words])] in file order."""
    cases, title, rows, expectations = [], None, [], []

    def flush():
        if title is not None:
            cases.append((title, rows, expectations))

    with open(path) as f:
        for line in f:
            line = line.rstrip("\r\n")
            if line.startswith("//"):
                continue
            if not line.strip():
                flush()
                title, rows, expectations = None, [], []
                continue
            if line.startswith("#"):
                flush()
                title, rows, expectations = line[1:].strip(), [], []
                continue
            if not expectations and line.strip()[0] in "XO.":
                rows.append(line.split())
            else:
                expectations.append(line.split())
    flush()
    return cases


def setup_sgf(rows, to_move):
    size = len(rows)
    stones = {"X": [], "O": []}
    for r, row in enumerate(rows):  # the first row is the top one
        for c, cell in enumerate(row):
            if cell in stones:
                stones[cell].append(chr(ord("a") + c) + chr(ord("a") + r))
    props = "".join(f"[{p}]" for p in stones["X"])
    white = "".join(f"[{p}]" for p in stones["O"])
    return f"(;FF[4]GM[1]SZ[{size}]KM[0]RU[Chinese]AB{props}AW{white}PL[{to_move}])\n"


class Engine:
    def __init__(self, command):
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"engine exited during '{command}'")
            if line == "\n" and lines:
                break
            if line != "\n":
                lines.append(line.rstrip("\n"))
        reply = "\n".join(lines)
        if not reply.startswith("="):
            raise RuntimeError(f"'{command}' failed: {reply}")
        return reply[1:].strip()

    def close(self):
        try:
            self.send("quit")
        finally:
            self.proc.wait(timeout=10)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="the GTP engine's command line")
    parser.add_argument("--cases", default=os.path.join(here, "..", "tests", "data", "solver", "local_fights.txt"))
    parser.add_argument("--repeat", type=int, default=1, help="ask each position this many times (fresh engine state)")
    args = parser.parse_args()

    engine = Engine(args.engine)
    positions = correct = 0
    with tempfile.TemporaryDirectory() as tmp:
        sgf_path = os.path.join(tmp, "position.sgf")
        for title, rows, expectations in read_cases(args.cases):
            outcome = {e[0]: e[2] for e in expectations if len(e) == 4}
            for e in expectations:
                other = "white" if e[0] == "black" else "black"
                if len(e) != 4 or e[2] != "won" or e[3] == "any" or outcome.get(other) not in ("won", "draw"):
                    continue
                colour = "B" if e[0] == "black" else "W"
                winning = {m.upper() for m in e[3].split("|")}
                with open(sgf_path, "w") as f:
                    f.write(setup_sgf(rows, colour))
                for _ in range(args.repeat):
                    engine.send("clear_board")
                    engine.send(f"loadsgf {sgf_path}")
                    move = engine.send(f"genmove {colour}").upper()
                    ok = move in winning
                    positions += 1
                    correct += ok
                    print(f"{'ok  ' if ok else 'MISS'} {e[0]:5} {move:5} (wins: {e[3]})  {title}")
    engine.close()
    print(f"positions {positions} correct {correct}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
