#!/usr/bin/env python3
"""Where an engine's playouts and a referee disagree about which stones live.

    status_diff.py [--engine CMD] [--referee CMD] [--threshold T] GAME.sgf MOVE

Loads the position before move MOVE of the record (GTP `loadsgf GAME MOVE`,
so MOVE 1 is the empty board) into both programs.  The referee (GNU Go by
default) gives the stones of each colour (`list_stones`), the dead ones
(`final_status_list dead`) and, where it knows the command, its score
estimate.  The engine (Tengen by default) searches the position with
`kata-genmove_analyze ... ownership true` and reports its win rate, its
expected score and each point's ownership.  The script prints, per string
of stones, where the two disagree:

- dead by the referee, while the engine's playouts keep it for its owner
  (ownership from the owner's side above T);
- alive by the referee, while the engine's playouts keep it for its owner
  no more than T (dead or undecided in too many playouts).

GNU Go's dead stones are those of the position as it stands, whoever is to
move.  For a string of the side to move that the referee calls dead, the
script also asks the referee's `owl_defend` (GNU Go's reading of the group
with its owner to move) and says whether the owner can still save it: only
a string dead even then is a misjudgement of the playouts.

A late loss after a high win rate usually shows one of these: a group the
playouts count wrongly decides the win rate (docs/strength.md).  Exit
status 0 when the two agree everywhere, 1 when they disagree, 2 on usage
or engine errors.
"""

import argparse
import importlib.util
import os
import re
import signal
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("match", os.path.join(HERE, "match.py"))
match = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(match)

DEFAULT_ENGINE = os.path.join(os.path.dirname(HERE), "build", "tengen") + " --log-level warn --playouts 5000"
DEFAULT_REFEREE = "/usr/games/gnugo --mode gtp --chinese-rules"
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def board_size(sgf_text):
    """The record's SZ, or 19, the SGF default for Go, when it has none."""
    found = re.search(r"SZ\[\s*(\d+)\s*\]", sgf_text)
    return int(found.group(1)) if found else 19


def parse_vertex(text, size):
    """'D4' -> (x, y) with x from the left and y from the bottom, both from 0."""
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in COLUMNS[:size] or not text[1:].isdigit():
        raise ValueError("not a vertex of a %dx%d board: %r" % (size, size, text))
    x, y = COLUMNS.index(text[0]), int(text[1:]) - 1
    if not 0 <= y < size:
        raise ValueError("not a vertex of a %dx%d board: %r" % (size, size, text))
    return x, y


def vertex_name(point):
    return "%s%d" % (COLUMNS[point[0]], point[1] + 1)


def parse_analysis(text, size):
    """The last `info` line of kata-genmove_analyze: (best move, win rate,
    score lead, ownership {(x, y): value for the side to move})."""
    infos = [line for line in text.splitlines() if line.startswith("info")]
    if not infos:
        raise ValueError("no info line in the analysis")
    last = infos[-1]
    first = last.split(" info ")[0]
    move = re.search(r"\bmove (\S+)", first)
    win = re.search(r"\bwinrate (\S+)", first)
    lead = re.search(r"\bscoreLead (\S+)", first)
    if "ownership" not in last or not (move and win):
        raise ValueError("the analysis has no move, win rate or ownership")
    values = [float(v) for v in last.split("ownership", 1)[1].split()[: size * size]]
    if len(values) != size * size:
        raise ValueError("ownership has %d values, not %d" % (len(values), size * size))
    # KataGo's order: row by row from the top-left.
    ownership = {(i % size, size - 1 - i // size): v for i, v in enumerate(values)}
    return move.group(1), float(win.group(1)), float(lead.group(1)) if lead else None, ownership


def strings_of(stones):
    """Connected strings of a set of same-coloured points, each sorted."""
    left, out = set(stones), []
    while left:
        todo, string = [left.pop()], []
        while todo:
            p = todo.pop()
            string.append(p)
            for q in ((p[0] + 1, p[1]), (p[0] - 1, p[1]), (p[0], p[1] + 1), (p[0], p[1] - 1)):
                if q in left:
                    left.remove(q)
                    todo.append(q)
        out.append(sorted(string))
    return sorted(out)


def disagreements(black, white, dead, black_ownership, threshold):
    """[(kind, colour, string, mean ownership from the owner's side)]."""
    out = []
    for colour, stones, sign in (("black", black, 1), ("white", white, -1)):
        for string in strings_of(stones):
            kept = sum(sign * black_ownership[p] for p in string) / len(string)
            is_dead = all(p in dead for p in string)
            if is_dead and kept > threshold:
                out.append(("dead, kept by the playouts", colour, string, kept))
            elif not is_dead and kept <= threshold:
                out.append(("alive, lost in the playouts", colour, string, kept))
    return out


def owl_defend_note(ok, text):
    """The referee's owl_defend reply (GNU Go: `0`, or a result code 1 to 3
    and the move, `PASS` when none is needed) as a note; "" when the
    referee does not know the command."""
    words = text.split()
    if not ok or not words or words[0] not in ("0", "1", "2", "3"):
        return ""
    if words[0] == "0":
        return "dead even with its owner to move (referee's owl_defend)"
    move = words[1] if len(words) > 1 else "PASS"
    if words[0] == "1":
        if move.upper() == "PASS":
            return "alive with its owner to move, no move needed (referee's owl_defend)"
        return "its owner to move saves it at %s (referee's owl_defend)" % move
    return "a ko for its owner to move at %s (referee's owl_defend)" % move


def points(client, command, size):
    text = client.must(command)
    return {parse_vertex(v, size) for v in text.split()}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sgf")
    ap.add_argument("move", type=int, help="the position before this move (1: before the first)")
    ap.add_argument("--engine", default=DEFAULT_ENGINE, help="GTP engine with kata-genmove_analyze ownership")
    ap.add_argument("--referee", default=DEFAULT_REFEREE, help="GTP engine with list_stones and final_status_list")
    ap.add_argument("--threshold", type=float, default=0.2,
                    help="ownership from the owner's side that counts as kept (default 0.2)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds for each command")
    args = ap.parse_args(argv)
    if args.move < 1:
        ap.error("move must be at least 1")
    if not -1 <= args.threshold <= 1:
        ap.error("threshold must lie in [-1, 1]")
    sgf = os.path.abspath(args.sgf)
    if not os.path.isfile(sgf):
        ap.error("no such file: %s" % args.sgf)

    logs = tempfile.mkdtemp(prefix="status_diff-")
    clients = []
    try:
        referee = match.GtpClient("referee", args.referee, os.path.join(logs, "referee.log"), args.timeout)
        clients.append(referee)
        engine = match.GtpClient("engine", args.engine, os.path.join(logs, "engine.log"), args.timeout)
        clients.append(engine)
        to_move = referee.must("loadsgf %s %d" % (sgf, args.move)).split()[-1].lower()
        engine.must("loadsgf %s %d" % (sgf, args.move))
        size = board_size(open(sgf, encoding="utf-8", errors="replace").read())
        black = points(referee, "list_stones black", size)
        white = points(referee, "list_stones white", size)
        dead = points(referee, "final_status_list dead", size)
        ok, estimate = referee.request("estimate_score")
        move, win, lead, own = parse_analysis(
            engine.must("kata-genmove_analyze %s 1000000 ownership true" % to_move), size)
        sign = 1 if to_move.startswith("b") else -1
        black_ownership = {p: sign * v for p, v in own.items()}
        found = disagreements(black, white, dead, black_ownership, args.threshold)
        notes = {}
        for kind, colour, string, _ in found:
            if kind.startswith("dead") and to_move.startswith(colour[0]):
                notes[tuple(string)] = owl_defend_note(*referee.request("owl_defend %s" % vertex_name(string[0])))
    except (match.GtpError, ValueError, AttributeError) as e:
        print("status_diff: %s (logs in %s)" % (e, logs), file=sys.stderr)
        return 2
    finally:
        for c in clients:
            c.close()

    lead_text = "" if lead is None else ", score lead %+.1f" % lead
    print("%s to move before move %d" % (to_move, args.move))
    print("engine: %s, win rate %.3f%s (for %s)" % (move, win, lead_text, to_move))
    if ok:
        print("referee's estimate: %s" % estimate.split("(")[0].strip())
    for kind, colour, string, kept in found:
        stones = " ".join(vertex_name(p) for p in string)
        note = notes.get(tuple(string))
        print("%s %s string of %d, owner's ownership %+.2f: %s%s" % (kind, colour, len(string), kept, stones,
                                                                    "; " + note if note else ""))
    if not found:
        print("no disagreement at threshold %.2f" % args.threshold)
    return 1 if found else 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # quiet under `| head`
    sys.exit(main())
