#!/usr/bin/env python3
"""Plays whole games of Tengen against GNU Go through match.py and checks
that they end cleanly: no illegal move, no crash, no time-out, and Tengen's
final_score equal to the referee's (GNU Go with Chinese rules).

Used by ctest; also handy by hand:
  scripts/check_game_vs_gnugo.py --tengen build/tengen --size 9 --games 2
"""
import argparse
import pathlib
import re
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tengen", required=True, help="path to the tengen binary")
    parser.add_argument("--gnugo", default="/usr/games/gnugo", help="path to gnugo")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--level", type=int, default=1, help="GNU Go's level")
    parser.add_argument("--out", default="matches/check", help="output directory")
    parser.add_argument("--log-level", default="warn", help="Tengen's log level (its log is kept beside each game)")
    parser.add_argument("--only-report-score-differences", action="store_true",
                        help="a final_score unlike the referee's is reported, not a failure (for games that "
                             "cannot be replayed, such as under mpirun)")
    args = parser.parse_args()

    match = pathlib.Path(__file__).with_name("match.py")
    # No resignation on either side: the games must reach two passes and a
    # final score.
    tengen = f"{args.tengen} --playouts {args.playouts} --resign-threshold 0 --seed 7 --log-level {args.log_level}"
    gnugo = f"{args.gnugo} --mode gtp --chinese-rules --level {args.level} --never-resign --seed 1"
    cmd = [sys.executable, str(match), "--engine1", tengen, "--engine2", gnugo,
           "--referee", f"{args.gnugo} --mode gtp --chinese-rules",
           "--games", str(args.games), "--size", str(args.size), "--komi", "7",
           "--sgf-dir", args.out]
    run = subprocess.run(cmd, capture_output=True, text=True)
    print(run.stdout)
    print(run.stderr, file=sys.stderr)
    if run.returncode != 0:
        print(f"FAIL: match.py exited with {run.returncode}")
        return 1

    failures = 0
    for sgf in sorted(pathlib.Path(args.out).glob("game-*.sgf")):
        text = sgf.read_text()
        referee = re.search(r"referee final_score: (\S+)", text)
        tengen_score = re.search(r"engine1 final_score: (\S+)", text)
        if not referee or not tengen_score:
            print(f"FAIL: {sgf.name}: the game did not end with a scored position")
            failures += 1
        elif referee.group(1) != tengen_score.group(1):
            verdict = "NOTE" if args.only_report_score_differences else "FAIL"
            print(f"{verdict}: {sgf.name}: Tengen says {tengen_score.group(1)}, the referee {referee.group(1)}")
            print(f"  the record: {sgf}")
            failures += verdict == "FAIL"
        else:
            print(f"ok: {sgf.name}: both say {referee.group(1)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
