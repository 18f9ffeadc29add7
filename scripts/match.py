#!/usr/bin/env python3
"""Play a match between two GTP engines, refereed by a third (gogui-twogtp style).

Standard library only.  Every game starts fresh engine processes, every move is
checked by a referee engine, every game is written as an SGF, and anything
abnormal (illegal move, crash, hang, refused command) fails loudly: the game is
recorded as an error and the run exits non-zero.  The script has no randomness.
Run with --help for the command-line interface.
"""

import argparse
import datetime
import math
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field

Z95 = 1.959963984540054          # two-sided 95% normal quantile
GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"   # GTP skips the letter I
DEFAULT_REFEREE = "/usr/games/gnugo --mode gtp --chinese-rules"
QUIT_TIMEOUT = 2.0               # seconds an engine gets to exit after `quit`
OPPOSITE = {"B": "W", "W": "B"}


# --------------------------------------------------------------------------
# Statistics
# --------------------------------------------------------------------------

def wilson_interval(wins, games, z=Z95):
    """Wilson score interval for a win rate; (0, 1) when nothing was played.

    Preferred over the normal approximation because it stays inside [0, 1] and
    behaves sensibly at 0 or 100% wins, which short matches hit often.  `wins`
    may be fractional (draws count half).
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    denom = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denom
    lo, hi = centre - half, centre + half
    # The exact ends are 0 and 1 at the extremes; avoid float noise there so
    # the Elo of the interval end comes out as an honest infinity.
    if wins <= 0:
        lo = 0.0
    if wins >= games:
        hi = 1.0
    return max(0.0, lo), min(1.0, hi)


def elo_from_rate(p):
    """Elo difference implied by expected score p (logistic model)."""
    if math.isnan(p):
        return p
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400.0 * math.log10(1.0 / p - 1.0)


def format_elo(e):
    if math.isnan(e):
        return "nan"
    if math.isinf(e):
        return "+inf" if e > 0 else "-inf"
    return "%+d" % round(e)     # round first so that -0.3 prints as +0


# --------------------------------------------------------------------------
# GTP client
# --------------------------------------------------------------------------

class GtpError(Exception):
    """A GTP peer misbehaved.  `kind` classifies it for the results file."""

    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


_STATUS_RE = re.compile(r"^([=?])(\d*)(.*)$")


def parse_response(lines):
    """Turn the lines of one GTP response into (ok, text).

    `lines` excludes the empty line that terminates the response.  The first
    line starts with '=' (success) or '?' (failure), optionally followed by a
    numeric id; the text is everything after that, multi-line responses joined
    with newlines.
    """
    if not lines:
        raise GtpError("protocol", "empty GTP response")
    m = _STATUS_RE.match(lines[0])
    if not m:
        raise GtpError("protocol",
                       "GTP response does not start with '=' or '?': %r" % lines[0])
    text = "\n".join([m.group(3)] + list(lines[1:])).strip()
    return m.group(1) == "=", text


def read_response(next_line):
    """Collect one response's lines using `next_line()` (which returns a line
    without terminator, CRs already removed, or raises on EOF/time-out).

    Blank lines before the response are skipped: some engines emit an extra
    newline after a response, and that must not desynchronise us.
    """
    line = next_line()
    while line.strip() == "":
        line = next_line()
    lines = []
    while line.strip() != "":
        lines.append(line)
        line = next_line()
    return lines


def clean_line(raw):
    """Decode one raw output line; CRs are dropped (Windows-built engines)."""
    return raw.decode("utf-8", "replace").replace("\r", "").rstrip("\n")


_live_clients = set()
_live_lock = threading.Lock()


def kill_all_clients():
    """Kill every engine still running (used on Ctrl-C)."""
    with _live_lock:
        clients = list(_live_clients)
    for c in clients:
        c.kill()


class GtpClient:
    """One GTP engine process.

    stdout is read by a dedicated thread into a queue so that every command
    can wait with a deadline: a hung engine is killed instead of hanging the
    match.  stderr goes straight to a log file and never reaches the parser.
    The engine runs in its own session so killing it also kills any children
    (the command runs through the shell).
    """

    def __init__(self, label, command, log_path, timeout):
        self.label = label
        self.command = command
        self.timeout = timeout
        self.log_path = log_path
        self._dead = False
        self._log = open(log_path, "ab")
        try:
            self.proc = subprocess.Popen(
                command, shell=True, stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=self._log,
                start_new_session=True)
        except OSError as e:
            self._log.close()
            raise GtpError("crash", "%s: cannot start %r: %s" % (label, command, e))
        self._lines = queue.Queue()
        self._reader = threading.Thread(target=self._read_stdout, daemon=True)
        self._reader.start()
        with _live_lock:
            _live_clients.add(self)

    def _read_stdout(self):
        for raw in self.proc.stdout:
            self._lines.put(clean_line(raw))
        self._lines.put(None)   # EOF marker

    def request(self, command, timeout=None):
        """Send one command; return (ok, text).  Raises GtpError on EOF,
        time-out or a malformed response, never on a '?' reply."""
        return self.request_many([command], timeout)[0]

    def request_many(self, commands, timeout=None):
        """Send several commands at once, without waiting between them (as
        Sabaki does); return their (ok, text) replies in order.  Analysis
        that streams until the next command arrives ends this way."""
        if self._dead:
            raise self._eof_error(commands[0])
        try:
            self.proc.stdin.write("".join(c + "\n" for c in commands).encode("utf-8"))
            self.proc.stdin.flush()
        except OSError:          # BrokenPipeError: the engine has gone
            raise self._eof_error(commands[0])
        return [self._reply(command, timeout) for command in commands]

    def _reply(self, command, timeout):
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit

        def next_line():
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.kill()
                raise GtpError("timeout", "%s did not answer %r within %gs; killed it"
                               % (self.label, command, limit))
            if line is None:
                raise self._eof_error(command)
            return line

        try:
            return parse_response(read_response(next_line))
        except GtpError as e:
            if e.kind == "protocol":
                raise GtpError("protocol", "%s, answering %r: %s" % (self.label, command, e))
            raise

    def must(self, command, timeout=None):
        """Send a command that has to succeed; a '?' reply is an error."""
        ok, text = self.request(command, timeout)
        if not ok:
            raise GtpError("gtp-failure", "%s refused %r: ? %s" % (self.label, command, text))
        return text

    def _eof_error(self, command):
        self._dead = True
        try:
            status = self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.kill()
            status = self.proc.returncode
        if status is None:
            how = "closed its output"
        elif status < 0:
            how = "was killed by signal %d" % -status
        else:
            how = "exited with status %d" % status
        msg = "%s crashed: it %s while running %r" % (self.label, how, command)
        tail = self._stderr_tail()
        if tail:
            msg += "; stderr ends with: %s" % tail
        return GtpError("crash", msg + " (log: %s)" % self.log_path)

    def _stderr_tail(self, n=3):
        try:
            with open(self.log_path, "rb") as f:
                lines = clean_line(f.read()[-2000:]).strip().splitlines()
            return " | ".join(lines[-n:])
        except OSError:
            return ""

    def kill(self):
        self._dead = True
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass

    def close(self):
        """Ask politely with `quit`, then make sure nothing is left running."""
        if not self._dead:
            try:
                self.request("quit", timeout=QUIT_TIMEOUT)
            except GtpError:
                pass
            try:
                self.proc.wait(timeout=QUIT_TIMEOUT)
            except subprocess.TimeoutExpired:
                pass
        self.kill()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass
        self._log.close()
        with _live_lock:
            _live_clients.discard(self)


# --------------------------------------------------------------------------
# Moves, scores and SGF
# --------------------------------------------------------------------------

_VERTEX_RE = re.compile(r"^([A-HJ-Z])([0-9]{1,2})$", re.IGNORECASE)
_SCORE_RE = re.compile(r"^([BW])\+(\d+(?:\.\d*)?)$", re.IGNORECASE)
# The line Tengen logs at info level after each search (src/engine/engine.cpp).
_SEARCH_REPORT_RE = re.compile(r"(\d+) playouts in ([0-9.]+) s, best (\S+) win rate ([0-9.]+)")


def search_reports(log_text):
    """(playouts, seconds, move, win rate) of every search a Tengen info log
    reports, in order."""
    return [(int(m.group(1)), float(m.group(2)), m.group(3), float(m.group(4)))
            for m in _SEARCH_REPORT_RE.finditer(log_text)]


def parse_genmove(text):
    """Normalise a genmove reply to 'pass', 'resign' or an upper-case vertex
    such as 'D4'; None if it is not syntactically a move.  Whether the vertex
    is on the board and legal is the referee's call."""
    word = text.strip()
    low = word.lower()
    if low in ("pass", "resign"):
        return low
    if _VERTEX_RE.match(word):
        return word.upper()
    return None


def vertex_to_sgf(vertex, size):
    """GTP vertex ('D4', 'pass') to SGF point ('dq' on 19x19, '' for pass)."""
    if vertex == "pass":
        return ""
    col = GTP_COLUMNS.index(vertex[0].upper())
    row = size - int(vertex[1:])
    return chr(ord("a") + col) + chr(ord("a") + row)


def parse_score(text):
    """Parse a final_score reply into (winner, margin): ('B', 3.5), ('W', 2.0)
    or ('0', 0.0) for a draw; None if unparsable."""
    word = text.strip().split()[0] if text.strip() else ""
    if word in ("0", "Jigo", "jigo", "Draw", "draw"):
        return "0", 0.0
    m = _SCORE_RE.match(word)
    if not m:
        return None
    return m.group(1).upper(), float(m.group(2))


def format_score(score):
    winner, margin = score
    if winner == "0":
        return "0"
    return "%s+%g" % (winner, margin)


def sgf_text(s):
    """Escape an SGF text value."""
    return s.replace("\\", "\\\\").replace("]", "\\]")


def make_sgf(game, cfg):
    root = [
        "FF[4]", "GM[1]", "CA[UTF-8]", "AP[match.py]",
        "SZ[%d]" % cfg.size, "KM[%g]" % cfg.komi, "RU[Chinese]",
        "PB[%s]" % sgf_text(game.black), "PW[%s]" % sgf_text(game.white),
        "GN[game %d]" % game.index,
        "DT[%s]" % game.date,
        "RE[%s]" % sgf_text(game.sgf_result()),
    ]
    if cfg.time:
        root.append("TM[%g]" % cfg.time)
    if game.handicap:
        root.append("HA[%d]" % len(game.handicap))
        root.append("AB" + "".join("[%s]" % vertex_to_sgf(v, cfg.size) for v in game.handicap))
    root.append("C[%s]" % sgf_text(game.comment()))
    nodes = ["(;" + "".join(root)]
    for colour, vertex in game.moves:
        nodes.append(";%s[%s]" % (colour, vertex_to_sgf(vertex, cfg.size)))
    return "\n".join(nodes) + ")\n"


# --------------------------------------------------------------------------
# One game
# --------------------------------------------------------------------------

@dataclass
class Config:
    engine_cmds: tuple        # (engine1 command, engine2 command)
    names: tuple              # (engine1 name, engine2 name)
    referee: str
    size: int
    komi: float
    games: int
    time: float               # seconds of absolute time per engine, 0 = none
    handicap: int             # fixed handicap stones for Black (0 or 2..9)
    move_timeout: float
    max_moves: int
    out_dir: str
    min_time_left: int = 0    # never send time_left below this many seconds


@dataclass
class Game:
    index: int
    black_engine: int         # 1 or 2: which engine plays Black
    black: str
    white: str
    date: str
    moves: list = field(default_factory=list)   # [(colour, vertex)]
    handicap: list = field(default_factory=list)   # Black's handicap stones (vertices)
    winner: str = ""          # 'B', 'W', '0' (draw) or '' (no result)
    score: str = ""           # 'B+3.5', 'W+Resign', 'B+Time', '0'
    reason: str = ""          # 'score', 'resign', 'time' or 'error'
    error: str = ""           # one-line message when reason == 'error'
    error_kind: str = ""
    referee_score: str = ""
    engine_scores: dict = field(default_factory=dict)  # engine no. -> reply
    disagreements: list = field(default_factory=list)  # engine nos.

    def engine_of(self, colour):
        return self.black_engine if colour == "B" else 3 - self.black_engine

    def engine1_points(self):
        """1, 0.5 or 0 for engine1; None when the game is an error."""
        if self.reason == "error" or not self.winner:
            return None
        if self.winner == "0":
            return 0.5
        return 1.0 if self.engine_of(self.winner) == 1 else 0.0

    def winner_name(self):
        if self.reason == "error":
            return "-"
        if self.winner == "0":
            return "draw"
        return self.black if self.winner == "B" else self.white

    def sgf_result(self):
        return "Void" if self.reason == "error" else self.score

    def comment(self):
        parts = []
        if self.reason == "error":
            parts.append("ERROR (%s): %s" % (self.error_kind, self.error))
        else:
            parts.append("Result %s (%s)" % (self.score, self.reason))
        if self.referee_score:
            parts.append("referee final_score: %s" % self.referee_score)
        for no in sorted(self.engine_scores):
            verdict = "DISAGREES" if no in self.disagreements else "agrees"
            parts.append("engine%d final_score: %s (%s)"
                         % (no, self.engine_scores[no], verdict))
        return "\n".join(parts)


class GameError(Exception):
    def __init__(self, kind, message):
        super().__init__(message)
        self.kind = kind


def log_path(cfg, index, who):
    return os.path.join(cfg.out_dir, "game-%03d-%s.log" % (index, who))


def setup_board(client, cfg):
    client.must("boardsize %d" % cfg.size)
    client.must("clear_board")
    client.must("komi %g" % cfg.komi)


def place_handicap(game, clients, cfg):
    """The referee places GTP's fixed handicap; both engines get the same
    stones with set_free_handicap, so their own placement rules do not matter."""
    stones = clients["referee"].must("fixed_handicap %d" % cfg.handicap).split()
    for colour in ("B", "W"):
        clients[colour].must("set_free_handicap %s" % " ".join(stones))
    game.handicap = [s.upper() for s in stones]


def play_game(cfg, index, stop_event):
    """Play game `index` to the end and return its Game record; errors are
    recorded in the record, never raised."""
    black = black_engine(index)
    game = Game(index=index, black_engine=black,
                black=cfg.names[black - 1],
                white=cfg.names[2 - black],
                date=datetime.date.today().isoformat())
    clients = {}
    try:
        clients["referee"] = GtpClient("referee in game %d" % index, cfg.referee,
                                       log_path(cfg, index, "referee"), cfg.move_timeout)
        for colour in ("B", "W"):
            no = game.engine_of(colour)
            clients[colour] = GtpClient(
                "engine%d '%s' (%s) in game %d"
                % (no, cfg.names[no - 1], "Black" if colour == "B" else "White", index),
                cfg.engine_cmds[no - 1], log_path(cfg, index, "engine%d" % no),
                cfg.move_timeout)
        for client in clients.values():
            setup_board(client, cfg)
        if cfg.handicap:
            place_handicap(game, clients, cfg)
        if cfg.time:
            for colour in ("B", "W"):
                # Optional command: an engine without time control still plays.
                # GTP times are whole seconds and 0 would mean "no limit".
                clients[colour].request("time_settings %d 0 0" % max(1, round(cfg.time)))
        play_moves(game, clients, cfg, stop_event)
        if game.reason == "score":
            compare_scores(game, clients)
    except GtpError as e:
        game.reason, game.error_kind, game.error = "error", e.kind, str(e)
    except GameError as e:
        game.reason, game.error_kind, game.error = "error", e.kind, str(e)
    finally:
        for client in clients.values():
            client.close()
    game.error = game.error.replace("\n", " ")
    with open(os.path.join(cfg.out_dir, "game-%03d.sgf" % index), "w",
              encoding="utf-8") as f:
        f.write(make_sgf(game, cfg))
    return game


def play_moves(game, clients, cfg, stop_event):
    """The move loop: genmove, referee check, relay to the opponent."""
    referee = clients["referee"]
    clock = {"B": float(cfg.time), "W": float(cfg.time)}
    # After handicap stones, White moves first.
    colour, passes = ("W" if game.handicap else "B"), 0
    while True:
        if stop_event.is_set():
            raise GameError("interrupted", "game %d interrupted" % game.index)
        mover, other = clients[colour], clients[OPPOSITE[colour]]
        c = colour.lower()
        if cfg.time:
            seconds = max(cfg.min_time_left, int(clock[colour]))
            mover.request("time_left %s %d 0" % (c, seconds))
        started = time.monotonic()
        reply = mover.must("genmove %s" % c)
        clock[colour] -= time.monotonic() - started
        if cfg.time and clock[colour] < 0:
            # Absolute time: running out loses, like any over-the-board clock.
            game.winner, game.reason = OPPOSITE[colour], "time"
            game.score = "%s+Time" % game.winner
            return
        move = parse_genmove(reply)
        if move is None:
            raise GameError("bad-reply", "%s: unparsable genmove reply %r at move %d"
                            % (mover.label, reply, len(game.moves) + 1))
        if move == "resign":
            game.winner, game.reason = OPPOSITE[colour], "resign"
            game.score = "%s+Resign" % game.winner
            return
        ok, why = referee.request("play %s %s" % (c, move))
        if not ok:
            raise GameError("illegal", "ILLEGAL MOVE by %s: %s %s at move %d "
                            "(referee says: %s)"
                            % (mover.label, colour, move, len(game.moves) + 1, why))
        other.must("play %s %s" % (c, move))
        game.moves.append((colour, move))
        passes = passes + 1 if move == "pass" else 0
        if passes == 2:
            score_game(game, referee)
            return
        if len(game.moves) >= cfg.max_moves:
            raise GameError("max-moves", "game %d reached --max-moves %d without "
                            "ending (engines never passed twice in a row)"
                            % (game.index, cfg.max_moves))
        colour = OPPOSITE[colour]


def score_game(game, referee):
    text = referee.must("final_score")
    score = parse_score(text)
    if score is None:
        raise GameError("bad-reply", "%s: unparsable final_score reply %r"
                        % (referee.label, text))
    game.referee_score = format_score(score)
    game.winner, game.score, game.reason = score[0], game.referee_score, "score"


def compare_scores(game, clients):
    """Ask both engines for their own score; disagreement is noted, not an
    error (engines may legitimately score dead stones differently)."""
    for colour in ("B", "W"):
        no = game.engine_of(colour)
        ok, text = clients[colour].request("final_score")
        score = parse_score(text) if ok else None
        if score is None:
            game.engine_scores[no] = "n/a (%s %s)" % ("=" if ok else "?", text)
            continue
        game.engine_scores[no] = format_score(score)
        if game.engine_scores[no] != game.referee_score:
            game.disagreements.append(no)


# --------------------------------------------------------------------------
# The match
# --------------------------------------------------------------------------

def probe_name(command, label, out_dir, timeout):
    """Default display name: the engine's GTP `name` and `version`."""
    client = GtpClient(label, command, os.path.join(out_dir, "probe-%s.log" % label),
                       timeout)
    try:
        name = client.must("name")
        ok, version = client.request("version")
        return ("%s %s" % (name, version)).strip() if ok else name
    finally:
        client.close()


def results_line(game):
    fields = [str(game.index), game.black, game.white, game.winner_name(),
              game.score or "-", str(len(game.moves)),
              game.reason if game.reason != "error"
              else "error(%s): %s" % (game.error_kind, game.error)]
    return "\t".join(f.replace("\t", " ") for f in fields)


RESULTS_HEADER = "#game\tblack\twhite\twinner\tscore\tmoves\treason"


def read_results(folder):
    """(index, black, white, winner) of every game in a results.txt that
    write_results wrote; winner is a name, "draw", or "-" for an error."""
    rows = []
    with open(os.path.join(folder, "results.txt"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 4:
                rows.append((int(fields[0]), fields[1], fields[2], fields[3]))
    return rows


def black_engine(index):
    """Which engine (1 or 2) plays Black in game `index`: engine1 in even games."""
    return 1 if index % 2 == 0 else 2


def write_results(cfg, games):
    with open(os.path.join(cfg.out_dir, "results.txt"), "w", encoding="utf-8") as f:
        f.write(RESULTS_HEADER + "\n")
        for g in sorted(games, key=lambda g: g.index):
            f.write(results_line(g) + "\n")


def token(name):
    """Names go into a whitespace-separated machine-readable line."""
    return re.sub(r"\s+", "_", name.strip()) or "?"


def summarize(cfg, games):
    """Human-readable summary; the last line is machine-readable."""
    n1, n2 = cfg.names
    games = sorted(games, key=lambda g: g.index)
    done = [g for g in games if g.reason != "error"]
    errors = [g for g in games if g.reason == "error"]
    points = sum(g.engine1_points() for g in done)
    draws = sum(1 for g in done if g.winner == "0")
    wins1 = sum(1 for g in done if g.engine1_points() == 1.0)
    n = len(done)
    # With no finished game there is no estimate; "nan" keeps the last line
    # parseable while not pretending to know anything.
    rate = points / n if n else math.nan
    lo, hi = wilson_interval(points, n) if n else (math.nan, math.nan)
    elo = elo_from_rate(rate) if n else math.nan

    def colour_split(black_engine):
        gs = [g for g in done if g.black_engine == black_engine]
        return "%g/%d" % (sum(g.engine1_points() for g in gs), len(gs))

    lines = [
        "Match: engine1 = %s, engine2 = %s" % (n1, n2),
        "  engine1 command: %s" % cfg.engine_cmds[0],
        "  engine2 command: %s" % cfg.engine_cmds[1],
        "  referee command: %s" % cfg.referee,
        "Board %dx%d, komi %g, time %s, move time-out %gs, max moves %d"
        % (cfg.size, cfg.size, cfg.komi,
           ("%gs absolute" % cfg.time) if cfg.time else "unlimited",
           cfg.move_timeout, cfg.max_moves),
        "Games played:        %d of %d (%d finished, %d errors)"
        % (len(games), cfg.games, n, len(errors)),
        "engine1 wins/losses: %d/%d (draws %d)" % (wins1, n - wins1 - draws, draws),
        "engine1 win rate:    %.1f%% [%.1f%%, %.1f%%] (95%% Wilson, draws count half)"
        % (100 * rate, 100 * lo, 100 * hi),
        "Elo difference:      %s [%s, %s] (engine1 - engine2, 95%%)"
        % (format_elo(elo), format_elo(elo_from_rate(lo)), format_elo(elo_from_rate(hi))),
        "engine1 as Black:    %s points" % colour_split(1),
        "engine1 as White:    %s points" % colour_split(2),
        "Ended by:            %s" % ", ".join(
            "%s %d" % (r, sum(1 for g in done if g.reason == r))
            for r in ("score", "resign", "time")),
        "Average game length: %s moves" % (
            "%.1f" % (sum(len(g.moves) for g in done) / n) if n else "-"),
    ]
    disagreements = [(g, no) for g in done for no in sorted(g.disagreements)]
    lines.append("Score disagreements with the referee: %d (in %d games)"
                 % (len(disagreements), len({g.index for g, _ in disagreements})))
    for g, no in disagreements:
        lines.append("  game %d: referee %s, engine%d says %s"
                     % (g.index, g.referee_score, no, g.engine_scores[no]))
    lines.append("Errors: %d" % len(errors))
    for g in errors:
        lines.append("  game %d [%s]: %s" % (g.index, g.error_kind, g.error))
    lines.append("result %s vs %s: %g/%d = %.1f%% [%.1f%%, %.1f%%] elo %s [%s, %s] errors %d"
                 % (token(n1), token(n2), points, n, 100 * rate, 100 * lo, 100 * hi,
                    format_elo(elo), format_elo(elo_from_rate(lo)),
                    format_elo(elo_from_rate(hi)), len(errors)))
    return "\n".join(lines) + "\n"


def report_game(game, done, total):
    if game.reason == "error":
        bar = "!" * 72
        sys.stderr.write("%s\nERROR in game %d (%s): %s\n%s\n"
                         % (bar, game.index, game.error_kind, game.error, bar))
        sys.stderr.flush()
    else:
        print("game %d: %s (B) vs %s (W): %s, %s after %d moves [%d/%d done]"
              % (game.index, game.black, game.white, game.score,
                 game.reason, len(game.moves), done, total), flush=True)


def run_match(cfg, parallel, stop_on_error):
    """Play all games; returns the list of Game records (completed ones)."""
    stop_event = threading.Event()
    games = []
    with ThreadPoolExecutor(max_workers=parallel) as pool:
        futures = [pool.submit(play_game, cfg, i, stop_event) for i in range(cfg.games)]
        try:
            for fut in as_completed(futures):
                if fut.cancelled():       # skipped by --stop-on-error
                    continue
                game = fut.result()
                games.append(game)
                report_game(game, len(games), cfg.games)
                write_results(cfg, games)   # keep the file current during long runs
                if stop_on_error and game.reason == "error":
                    sys.stderr.write("--stop-on-error: not starting further games\n")
                    for f in futures:
                        f.cancel()
        except KeyboardInterrupt:
            stop_event.set()
            for f in futures:
                f.cancel()
            kill_all_clients()
            raise
    return games


def build_parser():
    p = argparse.ArgumentParser(
        prog="match.py",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=__doc__.split("\n\n")[0] + """

Engine1 plays Black in even-numbered games (0, 2, ...) and White in odd ones.
Every engine and the referee are started fresh for each game.  The referee
receives boardsize, komi, clear_board and every move (as `play`); a move it
rejects is an illegal move.  After two consecutive passes the referee's
final_score decides the game; both engines are asked for final_score too,
and disagreements are reported (they are not errors).

Engine options such as playouts, threads or level belong in the engine's own
command string (quote it), e.g. --engine1 "./tengen --playouts 1000".

Errors (the game is recorded as an error, the run continues unless
--stop-on-error, and the exit status is 1): an illegal move, an engine or
referee crash/EOF, a '?' reply to boardsize, clear_board, komi, play or
genmove, an unparsable genmove reply, no reply within --move-timeout (the
process is killed), or reaching --max-moves.  A resignation ('resign', any
case) and a loss on time (--time) are ordinary results.

Output directory: game-NNN.sgf per game, results.txt (tab-separated: game,
black, white, winner, score, moves, reason), summary.txt, and the stderr of
every process as game-NNN-{engine1,engine2,referee}.log.  The summary's last
line is machine-readable:
  result NAME1 vs NAME2: WINS/GAMES = RATE% [LO%, HI%] elo E [ELO_LO, ELO_HI] errors K
(whitespace in names replaced by '_'; draws count half a win; errors excluded).

Exit status: 0 only if every game finished cleanly, 1 otherwise, 2 for
usage errors, 130 on Ctrl-C.  There is no randomness in this script.""",
        epilog="""example:
  scripts/match.py --engine1 "build/tengen --playouts 2000" \\
      --engine2 "/usr/games/gnugo --mode gtp --level 0" \\
      --games 20 --size 9 --komi 7 --parallel 4 --time 120 --sgf-dir matches/tengen-vs-gnugo
""")
    p.add_argument("--engine1", required=True, metavar="CMD",
                   help="shell command starting the first GTP engine")
    p.add_argument("--engine2", required=True, metavar="CMD",
                   help="shell command starting the second GTP engine")
    p.add_argument("--name1", help="display name of engine1 (default: its GTP name + version)")
    p.add_argument("--name2", help="display name of engine2 (default: its GTP name + version)")
    p.add_argument("--referee", default=DEFAULT_REFEREE, metavar="CMD",
                   help="shell command starting the referee GTP engine (default: %(default)s)")
    p.add_argument("--games", type=int, default=2, metavar="N",
                   help="number of games (default: %(default)s)")
    p.add_argument("--size", type=int, default=9, metavar="S",
                   help="board size, 2..25 (default: %(default)s)")
    p.add_argument("--komi", type=float, default=7.0, metavar="K",
                   help="komi (default: %(default)g)")
    p.add_argument("--handicap", type=int, default=0, metavar="N",
                   help="fixed handicap stones for Black (2..9; the referee places "
                        "them, the engines get them with set_free_handicap, White "
                        "moves first; default: none)")
    p.add_argument("--time", type=float, default=0.0, metavar="SECONDS",
                   help="absolute time per engine per game: sends `time_settings "
                        "SECONDS 0 0` and `time_left` before each genmove; running "
                        "out loses the game (default: no time control)")
    p.add_argument("--min-time-left", type=int, default=0, metavar="SECONDS",
                   help="never tell an engine it has fewer whole seconds than this "
                        "(Pachi 12.90 aborts on `time_left b 0 0`); the real clock "
                        "still decides losses on time (default: 0)")
    p.add_argument("--move-timeout", type=float, metavar="SECONDS",
                   help="hard limit for any single GTP reply (genmove included); an "
                        "engine exceeding it is killed and the game is an error. This "
                        "catches hangs; it is not the game clock "
                        "(default: 60, or --time + 30 if that is larger)")
    p.add_argument("--max-moves", type=int, metavar="N",
                   help="moves (passes included) after which an unfinished game is an "
                        "error (default: size*size*3)")
    p.add_argument("--parallel", type=int, default=1, metavar="P",
                   help="games played at once, each with its own processes (default: 1)")
    p.add_argument("--sgf-dir", metavar="DIR",
                   help="output directory (default: matches/YYYYmmdd-HHMMSS)")
    p.add_argument("--stop-on-error", action="store_true",
                   help="start no new games after the first error")
    return p


def check_args(parser, args):
    if not 2 <= args.size <= 25:
        parser.error("--size must be between 2 and 25 (GTP vertex letters)")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.parallel < 1:
        parser.error("--parallel must be at least 1")
    if args.handicap and not 2 <= args.handicap <= 9:
        parser.error("--handicap must be 0 or between 2 and 9")
    if args.move_timeout is None:
        # A genmove may legitimately use the whole clock; only a hang is fatal.
        args.move_timeout = max(60.0, args.time + 30.0)
    if args.move_timeout <= 0:
        parser.error("--move-timeout must be positive")
    if args.time < 0:
        parser.error("--time must not be negative")
    if args.min_time_left < 0:
        parser.error("--min-time-left must not be negative")
    if args.max_moves is not None and args.max_moves < 1:
        parser.error("--max-moves must be at least 1")


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    check_args(parser, args)
    out_dir = args.sgf_dir or os.path.join(
        "matches", datetime.datetime.now().strftime("%Y%m%d-%H%M%S"))
    os.makedirs(out_dir, exist_ok=True)

    names = [args.name1, args.name2]
    for i, cmd in enumerate((args.engine1, args.engine2)):
        if not names[i]:
            try:
                names[i] = probe_name(cmd, "engine%d" % (i + 1), out_dir, args.move_timeout)
            except GtpError as e:
                sys.stderr.write("ERROR: cannot start engine%d (%s): %s\n"
                                 % (i + 1, cmd, e))
                return 1
    if names[0] == names[1]:
        # Winners are recorded by name, so identical names would be ambiguous.
        names = [names[0] + " #1", names[1] + " #2"]

    cfg = Config(engine_cmds=(args.engine1, args.engine2), names=tuple(names),
                 referee=args.referee, size=args.size, komi=args.komi,
                 games=args.games, time=args.time, handicap=args.handicap,
                 move_timeout=args.move_timeout,
                 max_moves=args.max_moves or args.size * args.size * 3,
                 out_dir=out_dir, min_time_left=args.min_time_left)
    print("match.py: %s vs %s, %d games on %dx%d, output in %s"
          % (names[0], names[1], cfg.games, cfg.size, cfg.size, out_dir), flush=True)
    try:
        games = run_match(cfg, args.parallel, args.stop_on_error)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted; engines killed\n")
        return 130
    write_results(cfg, games)
    summary = summarize(cfg, games)
    with open(os.path.join(out_dir, "summary.txt"), "w", encoding="utf-8") as f:
        f.write(summary)
    print()
    print(summary, end="", flush=True)
    failed = len(games) < cfg.games or any(g.reason == "error" for g in games)
    if failed:
        sys.stderr.write("match.py: FAILED: %d of %d games did not finish cleanly; "
                         "see %s\n" % (cfg.games - sum(g.reason != "error" for g in games),
                                       cfg.games, os.path.join(out_dir, "summary.txt")))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
