#!/usr/bin/env python3
"""Play recorded games on from a position: was a resignation right?

For each POSITION (an SGF file, optionally FILE:N for the position before
move N; without N, after every move), the side to move is given to --engine
and the other side to --opponent, and the game is played on to two passes,
a resignation or --max-moves.  A third program, the referee, receives the
same position and every move, and its final_score decides the game.  Each
position is played --runs times; in the engine's command `{run}` is
replaced by the run's number (1, 2, ...), e.g. "tengen --seed {run}", so
that the runs differ.

Standard library only; the GTP plumbing is match.py's.  One line per run
on stdout, then a summary whose last line is machine-readable:
  result ENGINE: WINS/RUNS = RATE% [LO%, HI%]
(draws count half).  After two passes the engine is asked for its own
final_score too; a count unlike the referee's is shown on the run's line.
Exit status 0 if every run finished, 1 if one failed
(an engine crashed, refused a command or made an illegal move: the run is
reported and left out of the result), 2 for usage errors.
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402  (the GTP client and parsers)

DEFAULT_REFEREE = "/usr/games/gnugo --mode gtp --chinese-rules"


def parse_position(spec):
    """'game.sgf' or 'game.sgf:120' -> (path, move number or None)."""
    m = re.match(r"^(.*):(\d+)$", spec)
    if m and not os.path.exists(spec):
        return m.group(1), int(m.group(2))
    return spec, None


def read_record(path, before):
    """The record's board size, komi and the colour to move at the position
    (after its moves, or before move `before`).  Raises ValueError for a
    file that is not a readable SGF game."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        raise ValueError("%s: %s" % (path, e.strerror))
    if "(;" not in text:
        raise ValueError("%s: not an SGF game" % path)
    size = re.search(r"SZ\[(\d+)\]", text)
    komi = re.search(r"KM\[([-+0-9.]+)\]", text)
    moves = re.findall(r";\s*([BW])\[", text)
    played = moves if before is None else moves[:max(before - 1, 0)]
    if before is not None and before - 1 > len(moves):
        raise ValueError("%s has %d moves, not %d" % (path, len(moves), before - 1))
    to_move = "B" if not played or played[-1] == "W" else "W"
    if "PL[W]" in text and not played:
        to_move = "W"
    return (int(size.group(1)) if size else 19,
            float(komi.group(1)) if komi else None,
            to_move)


def load(client, path, before, komi):
    command = "loadsgf %s" % os.path.abspath(path)
    if before is not None:
        command += " %d" % before
    client.must(command)
    if komi is not None:
        client.must("komi %g" % komi)


def play_on(args, path, before, run):
    """One run; returns (engine colour, moves played, how it ended, score or None)."""
    size, komi, to_move = read_record(path, before)
    if args.komi is not None:
        komi = args.komi
    tag = "%s-%s-%d" % (os.path.splitext(os.path.basename(path))[0], before or "end", run)
    logs = args.log_dir

    def start(label, command):
        log = os.path.join(logs, "%s-%s.log" % (tag, label)) if logs else os.devnull
        return match.GtpClient(label, command, log, args.move_timeout)

    clients = {}
    try:
        clients["engine"] = start("engine", args.engine.replace("{run}", str(run)))
        clients["opponent"] = start("opponent", args.opponent)
        clients["referee"] = start("referee", args.referee)
        for client in clients.values():
            load(client, path, before, komi)
        side = {to_move: clients["engine"], ("W" if to_move == "B" else "B"): clients["opponent"]}
        colour, passes, moves = to_move, 0, 0
        while passes < 2 and moves < args.max_moves:
            reply = side[colour].must("genmove %s" % colour)
            move = match.parse_genmove(reply)
            if move is None:
                raise match.GtpError("protocol", "%s answered genmove with %r" % (side[colour].label, reply))
            if move == "resign":
                winner = "W" if colour == "B" else "B"
                return to_move, moves, "%s resigned" % side[colour].label, (winner, None)
            ok, text = clients["referee"].request("play %s %s" % (colour, move))
            if not ok:
                raise match.GtpError("illegal", "the referee refused %s %s: %s" % (colour, move, text))
            other = side["W" if colour == "B" else "B"]
            other.must("play %s %s" % (colour, move))
            passes = passes + 1 if move == "pass" else 0
            moves += 1
            colour = "W" if colour == "B" else "B"
        if passes < 2:
            return to_move, moves, "stopped at --max-moves", None
        reply = clients["referee"].must("final_score")
        score = match.parse_score(reply)
        if score is None:
            raise match.GtpError("protocol", "the referee's final_score is %r" % reply)
        # The engine's own count, noted where it differs (as match.py does).
        ok, text = clients["engine"].request("final_score")
        own = match.parse_score(text) if ok else None
        how = "two passes"
        if own is None or match.format_score(own) != match.format_score(score):
            how += " (the engine counts %s)" % (match.format_score(own) if own else "nothing: %r" % text)
        return to_move, moves, how, score
    finally:
        for client in clients.values():
            client.close()


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("positions", nargs="+", metavar="POSITION", help="FILE.sgf or FILE.sgf:N")
    p.add_argument("--engine", required=True, metavar="CMD", help="plays the side to move ({run}: the run's number)")
    p.add_argument("--opponent", required=True, metavar="CMD", help="plays the other side")
    p.add_argument("--referee", default=DEFAULT_REFEREE, metavar="CMD",
                   help="checks every move and scores the end (default: GNU Go, Chinese rules)")
    p.add_argument("--runs", type=int, default=1, metavar="N", help="runs per position (default: 1)")
    p.add_argument("--komi", type=float, help="komi for every position (default: the record's KM)")
    p.add_argument("--max-moves", type=int, default=1000, metavar="N",
                   help="a run stopped after this many moves counts as unfinished (default: 1000)")
    p.add_argument("--move-timeout", type=float, default=600.0, metavar="SECONDS",
                   help="an engine silent this long is killed and the run fails (default: 600)")
    p.add_argument("--log-dir", metavar="DIR", help="keep every program's stderr here")
    args = p.parse_args(argv)
    if args.runs < 1 or args.max_moves < 1 or args.move_timeout <= 0:
        p.error("--runs, --max-moves and --move-timeout must be positive")
    for spec in args.positions:
        path, before = parse_position(spec)
        try:
            read_record(path, before)
        except ValueError as e:
            p.error(str(e))
    if args.log_dir:
        os.makedirs(args.log_dir, exist_ok=True)
    return args


def main(argv=None):
    args = parse_args(argv)
    points, counted, failed = 0.0, 0, 0
    for spec in args.positions:
        path, before = parse_position(spec)
        for run in range(1, args.runs + 1):
            label = "%s run %d" % (spec, run)
            try:
                colour, moves, how, score = play_on(args, path, before, run)
            except match.GtpError as e:
                failed += 1
                print("%s: failed: %s" % (label, e), flush=True)
                continue
            if score is None:
                print("%s: engine %s, %d moves, %s: no result" % (label, colour, moves, how), flush=True)
                continue
            counted += 1
            won = 1.0 if score[0] == colour else 0.5 if score[0] == "0" else 0.0
            points += won
            result = {1.0: "engine won", 0.5: "draw", 0.0: "engine lost"}[won]
            shown = "%s+Resign" % score[0] if score[1] is None else match.format_score(score)
            print("%s: engine %s, %d moves, %s, %s: %s" % (label, colour, moves, how, shown, result), flush=True)
    lo, hi = match.wilson_interval(points, counted)
    rate = 100.0 * points / counted if counted else 0.0
    print("result %s: %g/%d = %.1f%% [%.1f%%, %.1f%%]" % (
        args.engine.split()[0].split("/")[-1], points, counted, rate, 100 * lo, 100 * hi))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
