#!/usr/bin/env python3
"""Writes the technique set (tests/data/technique): positions with exactly
known right moves, each proven by the exact solver technique_exact
(tests/technique/exact_area.h), never by an engine.

  scripts/make_technique_set.py --exact build/technique_exact [--out DIR] [--seed 1]
      (the shipped set: the defaults, seed 1; about 30 minutes on one core)
  scripts/make_technique_set.py --exact build/technique_exact --check [--sample 2]

Three categories, each drawn with a seeded random generator of its own:

- seki:     capturing races and sekis inside otherwise finished 9x9 boards
            (the layout of Cazenave and Saffidine's seki problems, with
            outside liberties, shared liberties and eyes varied);
- endgame:  the last moves of random games on 5x5 and 7x7 boards;
- filling:  finished 9x9 boards with a few stones of the boundary taken
            away: dame to fill, approach moves, cuts to mend, own eyes.

Every candidate is solved exactly (area scoring, positional superko, no
depth limit); the seki candidates as the local game of a seki problem, in
which no stone is played in the eyes of the pass-alive walls (so the walls
live for good, as the problems assume). A candidate is kept when the
solver finishes within its node budget and some legal move (pass
included) loses points, and when no other kept position is the same under
symmetry and colour swap. Within the default budget (200,000 nodes) the
solver proves about one seki candidate in five, most of them with few
outside liberties, and about one endgame candidate in 30 that is not
settled, hence the default counts (100 seki, 1,000 endgame, 60 filling
candidates; see docs/technique.md). The komi makes
the game a half-point game: the side to move wins with a right move and
loses with any other, so a player that only wants to win must find the
exact best moves too.

--check reads the set back: every file well-formed and legal, the manifest
in step with the files, and (on --sample positions a category, the fastest)
the stored answer still what the solver gives. Exits 1 on any mismatch.
"""

import argparse
import os
import pathlib
import random
import subprocess
import sys

COLUMNS = "ABCDEFGHJKLMNOPQRST"   # GTP skips I
CATEGORIES = ("seki", "endgame", "filling")
# About one seki candidate in five and one endgame candidate in 30 has a
# move that loses and is proven within the budget (docs/technique.md).
DEFAULT_CANDIDATES = {"seki": 100, "endgame": 1000, "filling": 60}
# Solved as the local game of a seki problem: the walls' eyes are never
# played (tests/technique/exact_area.h, SolveOptions::local), so the walls
# stay alive; searched, filling one opens the whole board to the solver.
LOCAL_CATEGORIES = ("seki",)
MANIFEST = "positions.txt"
MANIFEST_HEADER = ("# name category to_move komi value right legal nodes\n"
                   "# value: Black's area minus White's with best play; right: every move that keeps it\n")
HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_OUT = HERE.parent / "tests" / "data" / "technique"


# --------------------------------------------------------------------------
# A small board: enough for random games and for legality checks
# --------------------------------------------------------------------------

def neighbours(p, size):
    x, y = p % size, p // size
    if x > 0:
        yield p - 1
    if x + 1 < size:
        yield p + 1
    if y > 0:
        yield p - size
    if y + 1 < size:
        yield p + size


def string_and_liberties(cells, p, size):
    colour = cells[p]
    stones, libs, stack = {p}, set(), [p]
    while stack:
        q = stack.pop()
        for r in neighbours(q, size):
            if cells[r] == colour and r not in stones:
                stones.add(r)
                stack.append(r)
            elif cells[r] == ".":
                libs.add(r)
    return stones, libs


def play(cells, p, colour, size):
    """The cells after colour plays p, or None if the move is illegal
    (occupied or suicide)."""
    if cells[p] != ".":
        return None
    cells = list(cells)
    cells[p] = colour
    other = "O" if colour == "X" else "X"
    for q in neighbours(p, size):
        if cells[q] == other:
            stones, libs = string_and_liberties(cells, q, size)
            if not libs:
                for s in stones:
                    cells[s] = "."
    if not string_and_liberties(cells, p, size)[1]:
        return None
    return cells


def legal_position(rows):
    size = len(rows)
    cells = "".join(rows)
    return all(c == "." or string_and_liberties(cells, p, size)[1] for p, c in enumerate(cells))


def vertex(p, size):
    return COLUMNS[p % size] + str(size - p // size)


# --------------------------------------------------------------------------
# Symmetry
# --------------------------------------------------------------------------

def transform(rows, k):
    """One of the 8 symmetries of the square (k in 0..7)."""
    size = len(rows)
    out = []
    for y in range(size):
        row = []
        for x in range(size):
            sx, sy = (x, y) if k & 4 == 0 else (y, x)
            if k & 1:
                sx = size - 1 - sx
            if k & 2:
                sy = size - 1 - sy
            row.append(rows[sy][sx])
        out.append("".join(row))
    return out


def swap_colours(rows):
    return ["".join({"X": "O", "O": "X"}.get(c, c) for c in row) for row in rows]


def canonical(rows, to_move):
    """The same key for positions equal under symmetry and colour swap."""
    keys = []
    for k in range(8):
        t = transform(rows, k)
        keys.append(("/".join(t), to_move))
        keys.append(("/".join(swap_colours(t)), "W" if to_move == "B" else "B"))
    return min(keys)


# --------------------------------------------------------------------------
# Seki and semeai inside finished 9x9 boards
# --------------------------------------------------------------------------

def seki_rows(black_libs, white_libs, black_eye, white_eye, a6, j5):
    """The seki problems' layout (tests/data/seki/README.md): Black's
    target runs A7-B7-B6..J6, White's A5..H5-H4-J4, each against a wall
    with two eyes. Black's outside liberties are on row 7, White's on row
    4. A6 and J5 are shared liberties unless a6/j5 put a stone there.
    An eye for Black's target is D7, under a bump into White's wall; for
    White's, F4 over a bump into Black's."""
    if black_eye:
        row8 = "OOXXXOOOO"
        row7 = "XXX.X" + "." * black_libs + "O" * (4 - black_libs)
    else:
        row8 = "OOOOOOOOO"
        row7 = "XX" + "." * black_libs + "O" * (7 - black_libs)
    if white_eye:
        row4 = "." * white_libs + "X" * (4 - white_libs) + "O.O" + "OO"
        row3 = "XXXXOOOXX"
    else:
        row4 = "." * white_libs + "X" * (7 - white_libs) + "OO"
        row3 = "XXXXXXXXX"
    return [".OOOOOOO.", row8, row7, a6 + "XXXXXXXX", "OOOOOOOO" + j5, row4, row3,
            "XXXXXXXXX", ".XXXXXXX."]


def seki_candidates(rng, count):
    out = []
    while len(out) < count:
        black_eye, white_eye = rng.random() < 0.3, rng.random() < 0.3
        black_libs = rng.randint(0, 4 if black_eye else 5)
        white_libs = rng.randint(0, 4 if white_eye else 5)
        a6 = rng.choice(". . . X O".split())
        j5 = rng.choice(". . . X O".split())
        rows = seki_rows(black_libs, white_libs, black_eye, white_eye, a6, j5)
        if not legal_position(rows):
            continue
        to_move = rng.choice("BW")
        shared = (a6 == ".") + (j5 == ".")
        note = (f"Black's target {black_libs} outside liberties{' and an eye' if black_eye else ''}, "
                f"White's {white_libs}{' and an eye' if white_eye else ''}, {shared} shared")
        out.append(finish(rng, rows, to_move, note))
    return out


def finish(rng, rows, to_move, note):
    """A random symmetry, and half the time the colours swapped."""
    rows = transform(rows, rng.randrange(8))
    if rng.random() < 0.5:
        rows = swap_colours(rows)
        to_move = "W" if to_move == "B" else "B"
        note += " (colours swapped)"
    return rows, to_move, note


# --------------------------------------------------------------------------
# Endgames of random games on small boards
# --------------------------------------------------------------------------

def random_game(rng, size, empties_left):
    """Random play that fills no own eye and makes no self-atari of two
    stones or more, stopped with empties_left empty points; None if the
    game ends first."""
    cells = ["."] * (size * size)
    colour = "X"
    passes = 0
    for _ in range(size * size * 4):
        if cells.count(".") <= empties_left:
            return ["".join(cells[y * size:(y + 1) * size]) for y in range(size)], colour
        moves = []
        for p in range(size * size):
            if cells[p] != "." or all(cells[q] == colour for q in neighbours(p, size)):
                continue
            after = play(cells, p, colour, size)
            if after is None:
                continue
            stones, libs = string_and_liberties(after, p, size)
            if len(libs) == 1 and len(stones) >= 2:
                continue
            moves.append(after)
        if moves:
            cells = rng.choice(moves)
            passes = 0
        else:
            passes += 1
            if passes == 2:
                return None
        colour = "O" if colour == "X" else "X"
    return None


def endgame_candidates(rng, count):
    out = []
    while len(out) < count:
        # Few empty points: the solver proves little more within its budget.
        size = rng.choice((5, 5, 7))
        left = rng.randint(4, 7) if size == 5 else rng.randint(5, 7)
        game = random_game(rng, size, left)
        if game is None:
            continue
        rows, colour = game
        to_move = "B" if colour == "X" else "W"
        out.append(finish(rng, rows, to_move, f"{size}x{size}, {left} empty points, from a random game"))
    return out


# --------------------------------------------------------------------------
# Liberty filling in finished 9x9 boards
# --------------------------------------------------------------------------

def settled_board(rng, size=9):
    """Black owns the bottom of each column up to a random staircase,
    White the rest. Every point is a stone but for two or three one-point
    eyes a side, away from the boundary. None when the eyes split a side."""
    heights, h = [], rng.randint(3, 6)
    for _ in range(size):
        heights.append(h)
        h = min(6, max(3, h + rng.choice((-1, 0, 0, 1))))
    owner = [["X" if y >= size - heights[x] else "O" for x in range(size)] for y in range(size)]
    cells = [owner[p // size][p % size] for p in range(size * size)]
    boundary = {p for p in range(size * size) if any(cells[q] != cells[p] for q in neighbours(p, size))}
    for colour in "XO":
        inner = [p for p in range(size * size) if cells[p] == colour and p not in boundary
                 and all(q not in boundary for q in neighbours(p, size))]
        rng.shuffle(inner)
        eyes = []
        for p in inner:
            if len(eyes) == rng.choice((2, 3)):
                break
            if all(q not in eyes for q in neighbours(p, size)):
                eyes.append(p)
        if len(eyes) < 2:
            return None
        for p in eyes:
            cells[p] = "."
        stones = [p for p in range(size * size) if cells[p] == colour]
        if len(string_and_liberties(cells, stones[0], size)[0]) != len(stones):
            return None
    return cells, sorted(boundary)


def filling_candidates(rng, count):
    size = 9
    out = []
    while len(out) < count:
        board = settled_board(rng, size)
        if board is None:
            continue
        cells, boundary = board
        taken = rng.sample(boundary, rng.randint(1, 4))
        for p in taken:
            cells[p] = "."
        rows = ["".join(cells[y * size:(y + 1) * size]) for y in range(size)]
        if not legal_position(rows):
            continue
        to_move = rng.choice("BW")
        out.append(finish(rng, rows, to_move, f"a settled 9x9 board with {len(taken)} boundary stones taken away"))
    return out


GENERATORS = {"seki": seki_candidates, "endgame": endgame_candidates, "filling": filling_candidates}


# --------------------------------------------------------------------------
# The exact solver
# --------------------------------------------------------------------------

def solve(exact, items, max_nodes, local=False):
    """items: [(id, rows, to_move)] -> {id: result dict}. One solver process
    for all of them; local: the seki problems' local game (no stone in the
    eyes of pass-alive walls)."""
    text = "".join(f"{i} {to_move} {'/'.join(rows)}\n" for i, rows, to_move in items)
    proc = subprocess.run([exact, "--max-nodes", str(max_nodes)] + (["--local"] if local else []), input=text,
                          capture_output=True, text=True, check=True)
    results = {}
    for line in proc.stdout.splitlines():
        words = line.split()
        fields = dict(zip(words[2::2], words[3::2])) if words[1] == "unsolved" else dict(zip(words[3::2], words[4::2]))
        result = {"solved": words[1] == "solved", "nodes": int(fields["nodes"])}
        if result["solved"]:
            result["value"] = int(words[2])
            result["right"] = fields["right"].split(",")
            result["legal"] = int(fields["legal"])
        results[words[0]] = result
    return results


def komi_for(value, to_move):
    """The komi that makes `value` (Black's area minus White's) a win by
    half a point for the side to move, and one point less a loss."""
    return value - 0.5 if to_move == "B" else value + 0.5


# --------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------

def sgf_text(rows, to_move, komi, name, comment):
    size = len(rows)
    letters = "abcdefghijklmnopqrs"
    stones = {"X": [], "O": []}
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c in stones:
                stones[c].append(letters[x] + letters[y])
    text = (f"(;FF[4]GM[1]CA[UTF-8]SZ[{size}]KM[{komi:g}]RU[Chinese]PL[{to_move}]GN[{name}]\n"
            f"C[{comment}]\n")
    if stones["X"]:
        text += "AB" + "".join(f"[{p}]" for p in stones["X"]) + "\n"
    if stones["O"]:
        text += "AW" + "".join(f"[{p}]" for p in stones["O"]) + "\n"
    return text + ")\n"


def read_sgf(path):
    """(rows, to_move, komi) of a file this script wrote."""
    text = pathlib.Path(path).read_text()

    def prop(name):
        i = text.index(name + "[")
        return text[i + len(name) + 1:text.index("]", i)]

    def points(name):
        if name + "[" not in text:
            return []
        i = text.index(name + "[") + len(name)
        out = []
        while i < len(text) and text[i] == "[":
            j = text.index("]", i)
            out.append(text[i + 1:j])
            i = j + 1
        return out

    size = int(prop("SZ"))
    cells = [["."] * size for _ in range(size)]
    for name, colour in (("AB", "X"), ("AW", "O")):
        for p in points(name):
            x, y = ord(p[0]) - ord("a"), ord(p[1]) - ord("a")
            if cells[y][x] != ".":
                raise ValueError(f"{path}: two stones on {p}")
            cells[y][x] = colour
    return ["".join(r) for r in cells], prop("PL"), float(prop("KM"))


def read_manifest(out):
    entries = []
    with open(pathlib.Path(out) / MANIFEST) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, category, to_move, komi, value, right, legal, nodes = line.split()
            entries.append({"name": name, "category": category, "to_move": to_move, "komi": float(komi),
                            "value": int(value), "right": right.split(","), "legal": int(legal),
                            "nodes": int(nodes)})
    return entries


def describe(result, to_move, komi, note):
    side = "Black" if to_move == "B" else "White"
    value = result["value"]
    board = f"B+{value}" if value > 0 else f"W+{-value}" if value < 0 else "even"
    return (f"{note}. {side} to play. Right moves (exact, area scoring): {' '.join(result['right'])}. "
            f"Best play ends {board} on the board; at komi {komi:g} {side} wins by half a point with a right "
            f"move and loses with any other.")


def generate(args):
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.sgf"):
        old.unlink()
    manifest = [MANIFEST_HEADER]
    seen = set()
    for category in CATEGORIES:
        # A generator of its own per category, so that drawing more
        # candidates of one leaves the others' positions as they were.
        rng = random.Random(f"{args.seed}:{category}")
        candidates = GENERATORS[category](rng, args.candidates[category])
        items = [(f"{category}-{i}", rows, to_move) for i, (rows, to_move, _) in enumerate(candidates)]
        results = solve(args.exact, items, args.max_nodes, local=category in LOCAL_CATEGORIES)
        kept = 0
        for (ident, rows, to_move), (_, _, note) in zip(items, candidates):
            result = results[ident]
            key = canonical(rows, to_move)
            # Keep it only if something loses: where every move is right
            # the position tests nothing.
            if not result["solved"] or len(result["right"]) >= result["legal"] or key in seen:
                continue
            seen.add(key)
            kept += 1
            if kept > args.per_category:
                break
            name = f"{category}-{kept:03d}"
            komi = komi_for(result["value"], to_move)
            (out / f"{name}.sgf").write_text(sgf_text(rows, to_move, komi, name,
                                                       describe(result, to_move, komi, note)))
            manifest.append(f"{name} {category} {to_move} {komi:g} {result['value']} {','.join(result['right'])} "
                            f"{result['legal']} {result['nodes']}\n")
        print(f"{category}: {min(kept, args.per_category)} of {len(candidates)} candidates kept", file=sys.stderr)
    (out / MANIFEST).write_text("".join(manifest))
    return 0


def candidate_counts(text):
    """--candidates: N for every category, or CATEGORY=N pairs over the defaults."""
    try:
        if "=" not in text:
            counts = {c: int(text) for c in CATEGORIES}
        else:
            counts = dict(DEFAULT_CANDIDATES)
            for part in text.split(","):
                category, n = part.split("=")
                if category not in CATEGORIES:
                    raise ValueError(f"unknown category {category}")
                counts[category] = int(n)
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"bad --candidates {text!r}: {e}")
    if any(n < 0 for n in counts.values()):
        raise argparse.ArgumentTypeError(f"bad --candidates {text!r}: a negative count")
    return counts


def check_files(out, entries):
    """Problems with the files and the manifest, without solving anything."""
    out = pathlib.Path(out)
    problems = []
    files = {p.stem for p in out.glob("*.sgf")}
    names = {e["name"] for e in entries}
    if files != names:
        problems.append(f"files and manifest differ: {sorted(files ^ names)}")
    for e in entries:
        path = out / f"{e['name']}.sgf"
        if not path.exists():
            continue
        rows, to_move, komi = read_sgf(path)
        size = len(rows)
        if e["category"] not in CATEGORIES:
            problems.append(f"{e['name']}: unknown category {e['category']}")
        if not legal_position(rows):
            problems.append(f"{e['name']}: a string without liberties")
        if to_move != e["to_move"] or komi != e["komi"] or komi != komi_for(e["value"], to_move):
            problems.append(f"{e['name']}: colour or komi out of step with the manifest")
        cells, colour = "".join(rows), "X" if to_move == "B" else "O"
        legal = {vertex(p, size) for p in range(size * size) if play(cells, p, colour, size)}
        legal.add("pass")
        # The local game leaves out the walls' eyes: fewer legal moves.
        counts = e["legal"] <= len(legal) if e["category"] in LOCAL_CATEGORIES else e["legal"] == len(legal)
        if not counts or not set(e["right"]) <= legal or len(e["right"]) >= e["legal"]:
            problems.append(f"{e['name']}: right moves not a proper subset of the {len(legal)} legal moves")
    return problems


def check(args):
    out = pathlib.Path(args.out)
    entries = read_manifest(out)
    problems = check_files(out, entries)
    # Re-solve the fastest positions of each category.
    sample, results = [], {}
    for category in CATEGORIES:
        mine = sorted((e for e in entries if e["category"] == category), key=lambda e: (e["nodes"], e["name"]))
        items = [(e["name"], *read_sgf(out / f"{e['name']}.sgf")[:2]) for e in mine[:args.sample]]
        if items:
            results.update(solve(args.exact, items, args.max_nodes, local=category in LOCAL_CATEGORIES))
        sample += mine[:args.sample]
    for e in sample:
        r = results[e["name"]]
        if not r["solved"] or r["value"] != e["value"] or sorted(r["right"]) != sorted(e["right"]):
            problems.append(f"{e['name']}: the solver now gives {r}")
    for p in problems:
        print(p)
    print(f"{len(entries)} positions checked, {len(sample)} solved again, {len(problems)} problems")
    return 1 if problems else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exact", required=True, help="the technique_exact binary (built with the tests)")
    parser.add_argument("--out", default=str(DEFAULT_OUT))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--candidates", type=candidate_counts, default=dict(DEFAULT_CANDIDATES),
                        help="candidates drawn per category, as CATEGORY=N[,CATEGORY=N...] or N for every "
                             "category (default: " + ",".join(f"{c}={n}" for c, n in DEFAULT_CANDIDATES.items()) + ")")
    parser.add_argument("--per-category", type=int, default=50, help="positions kept per category at most")
    parser.add_argument("--max-nodes", type=int, default=200_000, help="the solver's budget per position")
    parser.add_argument("--check", action="store_true", help="check the set instead of writing it")
    parser.add_argument("--sample", type=int, default=2, help="with --check: positions a category solved again")
    args = parser.parse_args(argv)
    if not os.access(args.exact, os.X_OK):
        parser.error(f"{args.exact} is not an executable")
    return check(args) if args.check else generate(args)


if __name__ == "__main__":
    sys.exit(main())
