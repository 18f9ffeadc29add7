#!/usr/bin/env python3
"""Writes the 36 seki problems of Cazenave & Saffidine (Sec. 5.1, Table 2) as
SGF files: Black (Max, to play) has B outside liberties, White W, both from
1 to 6, and the two strings share two liberties; everything else is
settled. The layout is described in tests/data/seki/README.md.

  scripts/make_seki_problems.py [--out tests/data/seki]
"""
import argparse
import pathlib

SIZE = 9


def rows(black_libs, white_libs):
    """The 9x9 position, top row first: X Black, O White, . empty."""
    black_row = "XX" + "".join("." if x < 2 + black_libs else "O" for x in range(2, SIZE))
    white_row = "".join("." if x < white_libs else "X" for x in range(7)) + "OO"
    return [
        ".OOOOOOO.",  # White's wall, eyes in both corners
        "OOOOOOOOO",
        black_row,    # Black's outside liberties (C7 onwards), the rest White's wall
        ".XXXXXXXX",  # A6: shared liberty; the Black target runs A7-B7-B6..J6
        "OOOOOOOO.",  # J5: shared liberty; the White target runs A5..H5-H4-J4
        white_row,    # White's outside liberties (A4 onwards), the rest Black's wall
        "XXXXXXXXX",  # Black's wall, eyes in both corners
        "XXXXXXXXX",
        ".XXXXXXX.",
    ]


def expected(black_libs, white_libs):
    """Table 2, Black to play."""
    if black_libs > white_libs:
        return "Won"
    return "Draw" if black_libs >= white_libs - 1 else "Lost"


def sgf(black_libs, white_libs):
    letters = "abcdefghi"
    stones = {"X": [], "O": []}
    for y, row in enumerate(rows(black_libs, white_libs)):
        assert len(row) == SIZE
        for x, ch in enumerate(row):
            if ch in stones:
                stones[ch].append(letters[x] + letters[y])
    comment = (f"Seki problem: Black {black_libs} outside liberties, White {white_libs}, two shared "
               f"liberties (A6, J5), Black to play. Targets: Black B6, White A5. "
               f"Table 2 of Cazenave and Saffidine: {expected(black_libs, white_libs)}.")
    return ("(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[0]PL[B]"
            f"GN[seki B{black_libs} W{white_libs}]C[{comment}]\n"
            "AB" + "".join(f"[{p}]" for p in stones["X"]) + "\n"
            "AW" + "".join(f"[{p}]" for p in stones["O"]) + ")\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(pathlib.Path(__file__).resolve().parent.parent / "tests/data/seki"))
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for black_libs in range(1, 7):
        for white_libs in range(1, 7):
            (out / f"seki-b{black_libs}-w{white_libs}.sgf").write_text(sgf(black_libs, white_libs))


if __name__ == "__main__":
    main()
