#!/usr/bin/env python3
"""Soak test: many games of Tengen against GNU Go with everything a client
may do mixed in, and a long 19x19 game with pondering to bound the memory.

Each game draws, from --seed and its number, a clock (a playout limit,
absolute time, Canadian or Japanese byo-yomi, kept by this script and given
in whole seconds, as KGS does), pondering on or off, and the commands sent
on Tengen's turns besides genmove: kata-genmove_analyze with ownership,
lz-genmove_analyze, analysis interrupted by the next command, GoGui's views
(final_score, tengen-visits, tengen-ownership, tengen-pv), reg_genmove and
undo. GNU Go is the opponent and the referee: it checks every move of
Tengen's and scores the game after two passes.

A forfeit is anything that would lose a game on a server: a crash, no
reply within --move-timeout, a malformed reply, a '?' to a command that must
succeed, an illegal move, running out of time, a reg_genmove answering
resign, or --max-moves without an end. The run exits with status 1 if any
game is forfeited.

  scripts/soak.py --games9 1000 --games19 100 --parallel 2 --out matches/soak
  scripts/soak.py --games9 0 --games19 0 --memory-game --memory 256 --out matches/soak-memory
  scripts/soak.py --games9 100 --games19 0 --first 100 --out matches/soak-100   (the full run's games 100-199)

The GTP client pieces (processes, replies, scores, SGF records and the
summary) are scripts/match.py's.
"""

import argparse
import datetime
import json
import os
import random
import re
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402  (the GTP client and the match records)

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DEFAULT_TENGEN = os.path.join(ROOT, "build", "tengen") + " --log-level warn --threads 1"
DEFAULT_GNUGO = "/usr/games/gnugo --mode gtp --chinese-rules --level 1"


# --------------------------------------------------------------------------
# The clock, as a server keeps it
# --------------------------------------------------------------------------

class Clock:
    """One player's clock: main time, then Canadian periods (`stones` a
    period) or Japanese periods (`periods` of `byo` seconds, one lost each
    time a move overruns it). `spend` charges a move; `time_left` gives what
    a server sends before the next one, whole seconds first."""

    def __init__(self, kind, main, byo=0, stones=0, periods=0):
        self.kind, self.byo, self.stones_per_period = kind, byo, stones
        self.main = float(main)
        self.in_byo = kind != "absolute" and main <= 0
        self.period = float(byo)            # time left in the current period
        self.stones = stones                # Canadian: stones left in it
        self.periods = periods              # Japanese: periods left
        self.flagged = False

    def settings_commands(self):
        if self.kind == "absolute":
            return ["time_settings %d 0 0" % self.main]
        if self.kind == "canadian":
            return ["time_settings %d %d %d" % (self.main, self.byo, self.stones_per_period)]
        return ["kgs-time_settings byoyomi %d %d %d" % (self.main, self.byo, self.periods)]

    def time_left(self):
        """(whole seconds, stones or periods) as time_left sends them."""
        if not self.in_byo:
            return int(self.main), 0
        if self.kind == "canadian":
            return int(self.period), self.stones
        return int(self.byo), self.periods

    def spend(self, seconds):
        """Charges one move; False once the clock has run out."""
        if not self.in_byo:
            if seconds <= self.main or self.kind == "absolute":
                self.main -= seconds
                self.flagged = self.main < 0
                return not self.flagged
            seconds -= self.main
            self.main, self.in_byo = 0.0, True
        if self.kind == "canadian":
            self.period -= seconds
            if self.period < 0:
                self.flagged = True
                return False
            self.stones -= 1
            if self.stones == 0:
                self.period, self.stones = float(self.byo), self.stones_per_period
            return True
        # Japanese: each period overrun costs one; the last overrun loses.
        while seconds > self.byo:
            seconds -= self.byo
            self.periods -= 1
            if self.periods <= 0:
                self.flagged = True
                return False
        return True


# Clocks a game may draw, per board size: (kind, main, byo, stones, periods).
CLOCKS = {
    9: [("playouts", 2000), ("absolute", 60, 0, 0, 0), ("canadian", 20, 10, 5, 0),
        ("japanese", 20, 5, 0, 3)],
    19: [("playouts", 1000), ("absolute", 300, 0, 0, 0), ("canadian", 60, 30, 10, 0),
         ("japanese", 60, 5, 0, 3)],
}


# --------------------------------------------------------------------------
# One game
# --------------------------------------------------------------------------

class Forfeit(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


def move_of(reply, command):
    """The move of a genmove reply, or of the last line ('play X') of a
    genmove_analyze reply."""
    text = reply.strip().splitlines()[-1] if reply.strip() else ""
    if command.split()[0].endswith("genmove_analyze"):
        if not text.startswith("play "):
            raise Forfeit("bad-reply", "%s ended without 'play': %r" % (command, reply[-200:]))
        text = text[5:]
    move = match.parse_genmove(text)
    if move is None:
        raise Forfeit("bad-reply", "unparsable reply to %r: %r" % (command, reply[-200:]))
    return move


class SoakGame:
    """Plays one game; `record` is a match.Game (engine1 = Tengen)."""

    def __init__(self, cfg, index, size, rng):
        self.cfg, self.index, self.size, self.rng = cfg, index, size, rng
        self.tengen_colour = "B" if index % 2 == 0 else "W"
        choice = rng.choice(CLOCKS[size])
        self.clock = Clock(*choice) if choice[0] != "playouts" else None
        self.playouts = choice[1] if choice[0] == "playouts" else 0
        self.ponder = rng.random() < 0.5
        self.features = {"size": size, "clock": choice[0], "ponder": self.ponder}
        self.counts = {}
        self.record = match.Game(index=index, black_engine=1 if self.tengen_colour == "B" else 2,
                                 black="", white="", date=datetime.date.today().isoformat())

    def count(self, what):
        self.counts[what] = self.counts.get(what, 0) + 1

    def play(self, stop_event):
        cfg = self.cfg
        clients = {}
        names = {self.tengen_colour: "Tengen", match.OPPOSITE[self.tengen_colour]: "GNU Go"}
        self.record.black, self.record.white = names["B"], names["W"]
        try:
            tengen_cmd = cfg.tengen + " --ponder " + ("true" if self.ponder else "false")
            clients["tengen"] = match.GtpClient("Tengen in game %d" % self.index, tengen_cmd,
                                                os.path.join(cfg.out, "game-%04d-tengen.log" % self.index),
                                                cfg.move_timeout)
            clients["gnugo"] = match.GtpClient("GNU Go in game %d" % self.index, cfg.gnugo,
                                               os.path.join(cfg.out, "game-%04d-gnugo.log" % self.index),
                                               cfg.move_timeout)
            tengen, gnugo = clients["tengen"], clients["gnugo"]
            for c in (tengen, gnugo):
                c.must("boardsize %d" % self.size)
                c.must("clear_board")
                c.must("komi %g" % cfg.komi[self.size])
            tengen.must("tengen-param playouts %d" % self.playouts)
            if self.clock:
                for command in self.clock.settings_commands():
                    tengen.must(command)
            self.moves(tengen, gnugo, stop_event)
        except match.GtpError as e:
            self.record.reason, self.record.error_kind, self.record.error = "error", e.kind, str(e)
        except Forfeit as e:
            self.record.reason, self.record.error_kind, self.record.error = "error", e.kind, str(e)
        finally:
            for c in clients.values():
                c.close()
        self.record.error = self.record.error.replace("\n", " ")
        with open(os.path.join(cfg.out, "game-%04d.sgf" % self.index), "w", encoding="utf-8") as f:
            f.write(match.make_sgf(self.record, match_config(cfg, self.size)))
        return self

    def moves(self, tengen, gnugo, stop_event):
        colour, passes = "B", 0
        max_moves = self.cfg.max_moves or 3 * self.size * self.size
        while True:
            if stop_event.is_set():
                raise Forfeit("interrupted", "game %d interrupted" % self.index)
            c = colour.lower()
            if colour == self.tengen_colour:
                move = self.tengen_move(tengen, c)
                if move == "resign":
                    self.finish(match.OPPOSITE[colour], "resign")
                    return
                ok, why = gnugo.request("play %s %s" % (c, move))
                if not ok:
                    raise Forfeit("illegal", "ILLEGAL MOVE by Tengen: %s %s at move %d (GNU Go says: %s)"
                                  % (colour, move, len(self.record.moves) + 1, why))
            else:
                move = move_of(gnugo.must("genmove " + c), "genmove")
                if move == "resign":
                    self.finish(match.OPPOSITE[colour], "resign")
                    return
                tengen.must("play %s %s" % (c, move))
            self.record.moves.append((colour, move))
            passes = passes + 1 if move == "pass" else 0
            if passes == 2:
                match.score_game(self.record, gnugo)
                ok, mine = tengen.request("final_score")
                score = match.parse_score(mine) if ok else None
                self.record.engine_scores[1] = match.format_score(score) if score else "n/a (%s)" % mine
                if self.record.engine_scores[1] != self.record.referee_score:
                    self.record.disagreements.append(1)
                return
            if len(self.record.moves) >= max_moves:
                raise Forfeit("max-moves", "game %d reached %d moves without an end" % (self.index, max_moves))
            colour = match.OPPOSITE[colour]

    def finish(self, winner, reason):
        self.record.winner, self.record.reason = winner, reason
        self.record.score = "%s+%s" % (winner, reason.capitalize())

    def tengen_move(self, tengen, c):
        """Tengen's turn: some client traffic, then a move, timed on its clock."""
        r = self.rng.random()
        if r < 0.05:
            self.count("gogui-views")
            for view in ("final_score", "tengen-visits", "tengen-ownership", "tengen-pv"):
                tengen.must(view)
        elif r < 0.12:
            # Analysis streams until the next command arrives.
            self.count("interrupted-analysis")
            replies = tengen.request_many(["kata-analyze %s 5 ownership true" % c, "protocol_version"])
            if not all(ok for ok, _ in replies):
                raise Forfeit("refused", "analysis then protocol_version: %r" % (replies,))
        if self.rng.random() < 0.03:
            self.count("reg_genmove")
            if move_of(tengen.must("reg_genmove " + c), "reg_genmove") == "resign":
                raise Forfeit("reg-genmove-resign", "reg_genmove answered resign")
        command = "genmove " + c
        r = self.rng.random()
        if r < 0.15:
            command = "kata-genmove_analyze %s 50 ownership true" % c
        elif r < 0.2:
            command = "lz-genmove_analyze %s 50" % c
        self.count(command.split()[0])
        move = self.timed_move(tengen, c, command)
        if move != "resign" and self.rng.random() < 0.05:
            # Take the move back and ask again: undo, and a tree kept or not.
            self.count("undo")
            tengen.must("undo")
            move = self.timed_move(tengen, c, "genmove " + c)
        return move

    def timed_move(self, tengen, c, command):
        if self.clock:
            seconds, stones = self.clock.time_left()
            tengen.must("time_left %s %d %d" % (c, seconds, stones))
        started = time.monotonic()
        move = move_of(tengen.must(command), command)
        if self.clock and not self.clock.spend(time.monotonic() - started):
            raise Forfeit("time", "Tengen ran out of time (%s) at move %d"
                          % (self.features["clock"], len(self.record.moves) + 1))
        return move


def match_config(cfg, size):
    """The match.Config that match.make_sgf and match.summarize read."""
    return match.Config(engine_cmds=(cfg.tengen, cfg.gnugo), names=("Tengen", "GNU Go"),
                        referee=cfg.gnugo, size=size, komi=cfg.komi[size],
                        games=cfg.games[size], time=0, handicap=0, move_timeout=cfg.move_timeout,
                        max_moves=cfg.max_moves or 3 * size * size, out_dir=cfg.out)


# --------------------------------------------------------------------------
# The memory of a long game with pondering
# --------------------------------------------------------------------------

def engine_pid(client):
    """The engine's process id: the shell's child when the shell forked."""
    pid = client.proc.pid
    try:
        with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
            children = f.read().split()
        return int(children[0]) if children else pid
    except (OSError, ValueError):
        return pid


def rss_kib(pid, field="VmRSS"):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def memory_game(cfg):
    """A whole 19x19 game, Tengen pondering while GNU Go 'thinks'
    (--think seconds), never resigning; Tengen's peak RSS against
    --memory. Returns (ok, report lines)."""
    command = "%s --memory %d --ponder true --resign-threshold 0 --playouts 0 --time %g" % (
        cfg.tengen, cfg.memory, cfg.memory_move_time)
    tengen = match.GtpClient("Tengen (memory game)", command, os.path.join(cfg.out, "memory-tengen.log"),
                             cfg.move_timeout)
    # The game is to be long: GNU Go level 1 resigns a lost 19x19 game
    # after some 130 moves unless told not to.
    gnugo = match.GtpClient("GNU Go (memory game)", cfg.gnugo + " --never-resign",
                            os.path.join(cfg.out, "memory-gnugo.log"), cfg.move_timeout)
    lines = []
    try:
        for c in (tengen, gnugo):
            c.must("boardsize 19")
            c.must("clear_board")
            c.must("komi %g" % cfg.komi[19])
        pid = engine_pid(tengen)
        start = rss_kib(pid)
        colour, passes, moves, end = "B", 0, 0, None
        while passes < 2 and moves < 600:
            c = colour.lower()
            if colour == "B":
                move = move_of(tengen.must("genmove b"), "genmove")
                if move == "resign":
                    end = "Tengen's resignation"
                    break
                ok, why = gnugo.request("play b %s" % move)
                if not ok:
                    raise Forfeit("illegal", "ILLEGAL MOVE by Tengen: %s (%s)" % (move, why))
            else:
                time.sleep(cfg.think)  # Tengen ponders meanwhile
                move = move_of(gnugo.must("genmove " + c), "genmove")
                # Another opponent (--gnugo) may still resign: the game, and the measure, end there.
                if move == "resign":
                    end = "GNU Go's resignation"
                    break
                tengen.must("play %s %s" % (c, move))
            moves += 1
            passes = passes + 1 if move == "pass" else 0
            colour = match.OPPOSITE[colour]
        end = end or ("two passes" if passes >= 2 else "the move limit")
        peak = rss_kib(pid, "VmHWM")
        bound = start + cfg.memory * 1024 * 1.05 + 64 * 1024
        ok = peak <= bound
        lines += ["Memory game: 19x19, %d moves (ended by %s), pondering %gs a GNU Go move, --memory %d"
                  % (moves, end, cfg.think, cfg.memory),
                  "  RSS at start %.0f MiB, peak RSS (VmHWM) %.0f MiB, bound %.0f MiB: %s"
                  % (start / 1024, peak / 1024, bound / 1024, "ok" if ok else "EXCEEDED")]
        return ok, lines
    except (match.GtpError, Forfeit) as e:
        return False, ["Memory game: FAILED: %s" % e]
    finally:
        tengen.close()
        gnugo.close()


# --------------------------------------------------------------------------
# The run
# --------------------------------------------------------------------------

def summary(cfg, games):
    lines = []
    for size in (9, 19):
        records = [g.record for g in games if g.size == size]
        if not records:
            continue
        lines.append(match.summarize(match_config(cfg, size), records).rstrip("\n"))
        lines.append("")
    forfeits = [g for g in games if g.record.reason == "error"]
    mix = {}
    for g in games:
        for what, n in [("clock=" + g.features["clock"], 1), ("ponder=%s" % g.ponder, 1)] + list(g.counts.items()):
            mix[what] = mix.get(what, 0) + n
    lines.append("Mixed in: " + ", ".join("%s %d" % (k, mix[k]) for k in sorted(mix)))
    kinds = {}
    for g in forfeits:
        kinds[g.record.error_kind] = kinds.get(g.record.error_kind, 0) + 1
    lines.append("Forfeits: %d%s" % (len(forfeits), " (" + ", ".join(
        "%s %d" % (k, n) for k, n in sorted(kinds.items())) + ")" if kinds else ""))
    for g in forfeits:
        lines.append("  game %d (%dx%d, %s): %s" % (g.index, g.size, g.size, g.features["clock"], g.record.error))
    return lines


def plan(cfg):
    """[(game number, size)]: the 9x9 games, then the 19x19 ones, numbered
    from --first. A game's number alone decides its draws, so a long run can
    be played in chunks: --first 0, 100, ... with --games9 100 --games19 0,
    then --first 1000, 1010, ... with --games9 0 --games19 10 play exactly
    the games of --games9 1000 --games19 100."""
    first = cfg.first
    return ([(first + i, 9) for i in range(cfg.games[9])] +
            [(first + cfg.games[9] + i, 19) for i in range(cfg.games[19])])


def run(cfg):
    stop_event = threading.Event()
    planned = plan(cfg)
    games = []
    results = open(os.path.join(cfg.out, "results.jsonl"), "a", encoding="utf-8")
    with ThreadPoolExecutor(max_workers=cfg.parallel) as pool:
        futures = [pool.submit(SoakGame(cfg, i, size, random.Random(cfg.seed * 1000003 + i)).play, stop_event)
                   for i, size in planned]
        try:
            for fut in as_completed(futures):
                g = fut.result()
                games.append(g)
                r = g.record
                results.write(json.dumps({
                    "game": g.index, "size": g.size, "tengen": g.tengen_colour, "winner": r.winner,
                    "score": r.score, "reason": r.reason, "error": r.error, "moves": len(r.moves),
                    "features": g.features, "counts": g.counts}) + "\n")
                results.flush()
                status = ("FORFEIT %s: %s" % (r.error_kind, r.error)) if r.reason == "error" else r.score
                print("game %d (%dx%d, %s, ponder %s): %s after %d moves [%d/%d]"
                      % (g.index, g.size, g.size, g.features["clock"], g.ponder, status, len(r.moves),
                         len(games), len(planned)), flush=True)
        except KeyboardInterrupt:
            stop_event.set()
            for f in futures:
                f.cancel()
            match.kill_all_clients()
            raise
    return games


def build_parser():
    p = argparse.ArgumentParser(prog="soak.py", formatter_class=argparse.RawDescriptionHelpFormatter,
                                description=__doc__)
    p.add_argument("--tengen", default=DEFAULT_TENGEN, metavar="CMD",
                   help="Tengen's command, without --ponder (default: %(default)s)")
    p.add_argument("--gnugo", default=DEFAULT_GNUGO, metavar="CMD", help="default: %(default)s")
    p.add_argument("--games9", type=int, default=1000, metavar="N", help="9x9 games (default: %(default)s)")
    p.add_argument("--games19", type=int, default=100, metavar="N", help="19x19 games (default: %(default)s)")
    p.add_argument("--komi9", type=float, default=7.0, help="default: %(default)g")
    p.add_argument("--komi19", type=float, default=7.5, help="default: %(default)g")
    p.add_argument("--parallel", type=int, default=1, metavar="P", help="games at once (default: 1)")
    p.add_argument("--seed", type=int, default=1, help="the mix of each game (default: 1)")
    p.add_argument("--first", type=int, default=0, metavar="N",
                   help="the first game's number, to play a long run in chunks (default: 0)")
    p.add_argument("--move-timeout", type=float, default=600.0, metavar="SECONDS",
                   help="no reply within this is a forfeit (default: %(default)g)")
    p.add_argument("--max-moves", type=int, metavar="N", help="default: 3 * size * size")
    p.add_argument("--memory-game", action="store_true",
                   help="also play one long 19x19 game with pondering and report Tengen's peak RSS")
    p.add_argument("--memory", type=int, default=256, metavar="MiB",
                   help="Tengen's --memory in the memory game (default: %(default)s)")
    p.add_argument("--memory-move-time", type=float, default=2.0, metavar="SECONDS",
                   help="Tengen's --time in the memory game (default: %(default)g)")
    p.add_argument("--think", type=float, default=2.0, metavar="SECONDS",
                   help="pause before each GNU Go move in the memory game, pondered by Tengen "
                        "(default: %(default)g)")
    p.add_argument("--out", metavar="DIR", help="output folder (default: matches/soak-YYYYmmdd-HHMMSS)")
    return p


def parse_args(argv=None):
    """The checked options, with the per-size games and komi the run reads."""
    args = build_parser().parse_args(argv)
    if args.games9 < 0 or args.games19 < 0 or args.first < 0 or args.parallel < 1:
        sys.exit("soak.py: --games9/--games19/--first must be >= 0 and --parallel >= 1")
    args.out = args.out or os.path.join("matches", datetime.datetime.now().strftime("soak-%Y%m%d-%H%M%S"))
    args.games = {9: args.games9, 19: args.games19}
    args.komi = {9: args.komi9, 19: args.komi19}
    return args


def main(argv=None):
    args = parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    started = time.monotonic()
    try:
        games = run(args)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted; engines killed\n")
        return 130
    lines = summary(args, games) if games else []
    memory_ok = True
    if args.memory_game:
        memory_ok, memory_lines = memory_game(args)
        lines += memory_lines
    lines.append("Wall time: %.0f s" % (time.monotonic() - started))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(args.out, "summary.txt"), "w", encoding="utf-8") as f:
        f.write(text)
    print()
    print(text, end="")
    forfeits = any(g.record.reason == "error" for g in games)
    return 1 if forfeits or not memory_ok else 0


if __name__ == "__main__":
    sys.exit(main())
