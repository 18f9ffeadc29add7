#!/usr/bin/env python3
"""Makes the small game records of tests/data/patterns/games: GNU Go 3.8 at
level 1 against itself, over GTP, written as SGF with the moves as played.

    python3 make_games.py SIZE MAX_MOVES SEED OUT.sgf

The records in games/ came from
    make_games.py 19 400 1 gnugo-19-a.sgf   (seeds 2, 3: -b, -c)
    make_games.py 9 200 4 gnugo-9-a.sgf
"""
import subprocess, sys
COLS = "ABCDEFGHJKLMNOPQRST"
def play(size, moves, seed, out):
    p = subprocess.Popen(["/usr/games/gnugo", "--mode", "gtp", "--level", "1", "--seed", str(seed), "--chinese-rules"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    def cmd(c):
        p.stdin.write(c + "\n"); p.stdin.flush()
        lines = []
        while True:
            l = p.stdout.readline()
            if l.strip() == "" and lines: break
            if l.strip() == "": continue
            lines.append(l.rstrip("\n"))
        return "\n".join(lines)
    cmd(f"boardsize {size}"); cmd("clear_board"); cmd("komi 7.5")
    passes = 0; nodes = []
    for i in range(moves):
        c = "B" if i % 2 == 0 else "W"
        r = cmd("genmove " + ("black" if c == "B" else "white"))[2:].strip().upper()
        if r == "PASS":
            passes += 1; nodes.append(f";{c}[]")
        elif r == "RESIGN":
            break
        else:
            passes = 0
            x = COLS.index(r[0]); y = size - int(r[1:])
            nodes.append(f";{c}[{chr(97+x)}{chr(97+y)}]")
        if passes >= 2: break
    p.stdin.write("quit\n"); p.stdin.flush(); p.wait()
    body = "".join(nodes)
    lines = [body[i:i+72] for i in range(0, len(body), 72)]
    open(out, "w").write(f"(;GM[1]FF[4]SZ[{size}]KM[7.5]RU[Chinese]PB[GNU Go 3.8 level 1]PW[GNU Go 3.8 level 1]\n" + "\n".join(lines) + ")\n")
play(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
