#!/usr/bin/env python3
"""Judges the final positions of finished match games again, with the
engine given, and compares its final_score with the referee's that match.py
wrote into each record. For measuring a change to the end-of-game judgement
on the same positions, without replaying the games.

  scripts/rescore_games.py --engine "build/tengen --seed 1" matches/gnugo-1 matches/gnugo-2

Games ended by resignation (or without a referee's score) are skipped.
Prints each disagreement, then "<equal> of <scored> equal, <n> with a
different result".
"""
import argparse
import pathlib
import re
import shlex
import subprocess
import sys

REFEREE = re.compile(r"referee final_score: (\S+?)[\s)\]]")


def winner(score):
    return score[0] if score[0] in "BW" else "0"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="engine command line (GTP on stdin/stdout)")
    parser.add_argument("dirs", nargs="+", help="directories of match.py's game-*.sgf records")
    args = parser.parse_args()

    games = []
    for d in args.dirs:
        for sgf in sorted(pathlib.Path(d).glob("game-*.sgf")):
            text = sgf.read_text(errors="replace")
            m = REFEREE.search(text)
            if m and "Resign" not in text.split(";", 2)[1]:
                games.append((sgf, m.group(1)))
    if not games:
        sys.exit("no scored games with a referee's final_score found")

    # One engine process for all records: loadsgf replaces the position.
    commands = "".join(f"loadsgf {sgf.resolve()}\nfinal_score\n" for sgf, _ in games)
    run = subprocess.run(shlex.split(args.engine), input=commands + "quit\n", capture_output=True, text=True)
    replies = [r.strip() for r in run.stdout.split("\n\n") if r.strip()]
    if len(replies) != 2 * len(games) + 1:
        sys.exit(f"the engine answered {len(replies)} replies to {2 * len(games) + 1} commands:\n{run.stderr[-2000:]}")
    equal = different_result = 0
    for i, (sgf, referee) in enumerate(games):
        mine = replies[2 * i + 1].lstrip("= ").strip()
        if mine == referee:
            equal += 1
            continue
        different_result += winner(mine) != winner(referee)
        print(f"{sgf}: referee {referee}, engine {mine}")
    print(f"{equal} of {len(games)} equal, {different_result} with a different result")


if __name__ == "__main__":
    main()
