#!/usr/bin/env python3
"""Tune engine parameters by SPSA (simultaneous perturbation stochastic
approximation, Spall 1992), the way chess engines tune theirs from
self-play.

Each iteration perturbs every tuned parameter at once by +c or -c (signs
drawn at random), plays a short match of the engine at theta + c*delta
against the engine at theta - c*delta (colours alternating, games in
parallel, refereed by match.py's machinery), and moves theta along delta in
proportion to the match result. With --opponent, both perturbed engines
play that opponent instead and their results are compared (noisier, but
tunes against the engine to beat). Standard library only.

  scripts/tune.py --engine "build/tengen --log-level warn --playouts 2000" \\
      --param progressive-bias-19:0.5:0:4:0.25 --param prior-visits:10:0:100:5 \\
      --size 19 --iterations 50 --pairs 2 --parallel 2 --out matches/tune

A --param is NAME:START:MIN:MAX:C, C the perturbation at the first
iteration (it shrinks as C / k^0.101); the learning rate is set so that a
whole-match win moves a parameter by about --step times C at first. Every
iteration appends a line to OUT/trajectory.tsv; the last line holds the
proposed values. Exit status 0, or 1 if a match had errors.
"""

import argparse
import math
import os
import random
import sys
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402  (the GTP client, game loop and referee)


@dataclass
class Param:
    name: str
    value: float
    low: float
    high: float
    c: float          # perturbation at iteration 1
    integer: bool     # START given without a decimal point

    def clamp(self, x):
        return min(self.high, max(self.low, x))

    def text(self, x):
        return str(int(round(x))) if self.integer else "%.6g" % x


def parse_param(text):
    parts = text.split(":")
    if len(parts) != 5:
        raise ValueError("--param %r: expected NAME:START:MIN:MAX:C" % text)
    name, start, low, high, c = parts
    try:
        p = Param(name, float(start), float(low), float(high), float(c),
                  integer="." not in start and "e" not in start.lower())
    except ValueError:
        raise ValueError("--param %r: START, MIN, MAX and C must be numbers" % text)
    if not name or not p.low <= p.value <= p.high or p.c <= 0 or p.low >= p.high:
        raise ValueError("--param %r: need MIN <= START <= MAX, MIN < MAX and C > 0" % text)
    return p


# SPSA's usual gain schedules (Spall): a_k = a / (A + k)^0.602, c_k = c / k^0.101.
ALPHA, GAMMA = 0.602, 0.101


def gains(k, a, big_a):
    return a / (big_a + k) ** ALPHA, 1.0 / k ** GAMMA


def step(params, theta, delta, result, k, a, big_a):
    """One SPSA update. result in [-1, 1] is how much theta + c*delta beat
    theta - c*delta. The gradient estimate along parameter i is
    result / (2 c_i delta_i); theta moves up that gradient, each parameter
    in units of its own c (so differently scaled parameters learn alike)."""
    a_k, c_scale = gains(k, a, big_a)
    out = []
    for p, x, d in zip(params, theta, delta):
        c_k = p.c * c_scale
        gradient = result / (2 * c_k * d)
        out.append(p.clamp(x + a_k * gradient * p.c * p.c))
    return out


def perturbed(params, theta, delta, k, sign):
    _, c_scale = gains(k, 1, 0)
    return [p.clamp(x + sign * p.c * c_scale * d) for p, x, d in zip(params, theta, delta)]


def tune(params, play, iterations, a, big_a, seed, on_iteration=None):
    """play(plus_values, minus_values) -> result in [-1, 1]; returns theta."""
    rng = random.Random(seed)
    theta = [p.value for p in params]
    for k in range(1, iterations + 1):
        delta = [rng.choice((-1, 1)) for _ in params]
        plus = perturbed(params, theta, delta, k, +1)
        minus = perturbed(params, theta, delta, k, -1)
        result = play(plus, minus)
        theta = step(params, theta, delta, result, k, a, big_a)
        if on_iteration:
            on_iteration(k, plus, minus, result, theta)
    return theta


def engine_command(base, params, values):
    return base + "".join(" --%s %s" % (p.name, p.text(v)) for p, v in zip(params, values))


class MatchPlayer:
    """Plays the matches of an iteration with match.py."""

    def __init__(self, args, params):
        self.args, self.params, self.errors = args, params, 0

    def run(self, name, cmd1, cmd2, games):
        a = self.args
        cfg = match.Config(engine_cmds=(cmd1, cmd2), names=("engine1", "engine2"),
                           referee=a.referee, size=a.size, komi=a.komi, games=games, time=0,
                           handicap=0, move_timeout=a.move_timeout, max_moves=3 * a.size * a.size,
                           out_dir=os.path.join(a.out, name))
        os.makedirs(cfg.out_dir, exist_ok=True)
        played = match.run_match(cfg, a.parallel, False)
        points = [g.engine1_points() for g in played]
        self.errors += sum(p is None for p in points)
        points = [p for p in points if p is not None]
        return sum(points) / len(points) if points else 0.5

    def __call__(self, plus, minus):
        self.k = getattr(self, "k", 0) + 1
        plus_cmd = engine_command(self.args.engine, self.params, plus)
        minus_cmd = engine_command(self.args.engine, self.params, minus)
        games = 2 * self.args.pairs
        if self.args.opponent:
            rate_plus = self.run("iter-%03d-plus" % self.k, plus_cmd, self.args.opponent, games)
            rate_minus = self.run("iter-%03d-minus" % self.k, minus_cmd, self.args.opponent, games)
            return rate_plus - rate_minus
        return 2 * self.run("iter-%03d-plus-vs-minus" % self.k, plus_cmd, minus_cmd, games) - 1


def build_parser():
    p = argparse.ArgumentParser(prog="tune.py", formatter_class=argparse.RawDescriptionHelpFormatter,
                                description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1])
    p.add_argument("--engine", required=True, metavar="CMD", help="the engine, without the tuned options")
    p.add_argument("--param", action="append", required=True, metavar="NAME:START:MIN:MAX:C")
    p.add_argument("--opponent", metavar="CMD", help="play this engine instead of self-play")
    p.add_argument("--referee", default=match.DEFAULT_REFEREE, metavar="CMD")
    p.add_argument("--size", type=int, default=9)
    p.add_argument("--komi", type=float, default=7.0)
    p.add_argument("--iterations", type=int, default=20)
    p.add_argument("--pairs", type=int, default=1, help="game pairs (both colours) per match")
    p.add_argument("--parallel", type=int, default=1)
    p.add_argument("--step", type=float, default=1.0,
                   help="a whole-match win moves a parameter by about this many C at first")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--move-timeout", type=float, default=120)
    p.add_argument("--out", default="matches/tune")
    return p


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        params = [parse_param(t) for t in args.param]
    except ValueError as e:
        parser.error(str(e))
    if args.iterations < 1 or args.pairs < 1 or args.parallel < 1 or args.step <= 0:
        parser.error("--iterations, --pairs and --parallel must be at least 1, --step positive")
    os.makedirs(args.out, exist_ok=True)
    big_a = 0.1 * args.iterations
    # A first-iteration result of 1 moves x by a_1 / (2 c_1) * c^2 = step * c.
    a = 2 * args.step * (big_a + 1) ** ALPHA
    trajectory = os.path.join(args.out, "trajectory.tsv")
    with open(trajectory, "w", encoding="utf-8") as f:
        f.write("iteration\tresult\t" + "\t".join(p.name for p in params) + "\n")

    def log(k, plus, minus, result, theta):
        line = "%d\t%+.3f\t%s" % (k, result, "\t".join(p.text(x) if p.integer else "%.4f" % x
                                                        for p, x in zip(params, theta)))
        with open(trajectory, "a", encoding="utf-8") as f:
            f.write(line + "\n")
        print("iteration %d: %s -> %s" % (k, "%+.3f" % result, line.split("\t", 2)[2].replace("\t", " ")),
              flush=True)

    player = MatchPlayer(args, params)
    theta = tune(params, player, args.iterations, a, big_a, args.seed, log)
    print("proposed: " + " ".join("--%s %s" % (p.name, p.text(x)) for p, x in zip(params, theta)))
    if player.errors:
        sys.stderr.write("tune.py: %d games ended in errors (see %s)\n" % (player.errors, args.out))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
