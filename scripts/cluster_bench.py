#!/usr/bin/env python3
"""Measures cluster play (docs/cluster.md) and appends one JSON line per
measurement to a results file, which scripts/plot_cluster.py draws.

Playouts per second of N ranks (every rank's simulations, from
tengen-cluster, over the wall time of one search), and the bytes the ranks
send (tengen-cluster traffic):

  scripts/cluster_bench.py speed --ranks 1 2 4 --threads 1 --size 9 --seconds 10 \\
      --results docs/data/cluster.jsonl

Strength at equal time per move, N ranks against a single process
(match.py, refereed by GNU Go):

  scripts/cluster_bench.py match --ranks 4 --threads 1 --opponent-threads 1 --size 9 \\
      --seconds 1 --games 100 --results docs/data/cluster.jsonl

With one rank the plain binary runs (mpirun -np 1 is the same engine).
"""
import argparse
import json
import os
import pathlib
import re
import socket
import statistics
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from check_cluster import Gtp, mpirun_prefix  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
TRAFFIC = re.compile(r"^rank (\d+) messages (\d+) bytes_sent (\d+) bytes_received (\d+) syncs (\d+) sync_bytes (\d+)$")


def engine_command(args, ranks, threads, extra=()):
    tengen = [args.tengen, "--threads", str(threads)] + list(extra)
    if args.sync_ms:
        tengen += ["--cluster-sync-ms", str(args.sync_ms)]
    return (mpirun_prefix(args, ranks) if ranks > 1 else []) + tengen


def traffic(gtp):
    text, _ = gtp.send("tengen-cluster traffic")
    out = {}
    for line in text.splitlines():
        m = TRAFFIC.match(line.strip())
        if m:
            out[int(m.group(1))] = {"bytes_sent": int(m.group(3)), "syncs": int(m.group(5)),
                                    "sync_bytes": int(m.group(6))}
    return out


def to_move(gtp):
    text, _ = gtp.send("showboard")
    return "w" if text.rstrip().endswith("White to move") else "b"


def summarize_run(before, after, wall, traffic_before, traffic_after):
    """One search: every rank's simulations and bytes, from the counters
    before and after it (a pure function, tested)."""
    per_rank = {}
    for b, a in zip(before, after):
        if a["lost"] or b["lost"]:
            continue
        per_rank[a["rank"]] = a["playouts"] - b["playouts"]
    run = {"wall_s": wall, "playouts": sum(per_rank.values()), "per_rank": per_rank,
           "playouts_per_s": sum(per_rank.values()) / wall if wall > 0 else 0.0}
    workers = [r for r in traffic_after if r != 0 and r in traffic_before]
    if workers:
        def delta(r, key):
            return traffic_after[r][key] - traffic_before[r][key]
        syncs = sum(delta(r, "syncs") for r in workers)
        run["worker_bytes_per_sync"] = sum(delta(r, "sync_bytes") for r in workers) / syncs if syncs else 0.0
        run["worker_bytes_per_s"] = sum(delta(r, "bytes_sent") for r in workers) / len(workers) / wall
        run["rank0_bytes_per_s"] = delta(0, "bytes_sent") / wall
        run["rank0_bytes_per_sync_per_worker"] = (delta(0, "sync_bytes") / delta(0, "syncs")) if delta(0, "syncs") else 0.0
        run["syncs_per_s_per_worker"] = syncs / len(workers) / wall
    return run


def speed(args):
    for ranks in args.ranks:
        extra = ["--time", str(args.seconds), "--playouts", "0", "--early-stop", "false", "--time-extension", "1",
                 "--solver-playouts", "0", "--log-level", "warn"]
        cmd = engine_command(args, ranks, args.threads, extra)
        log_path = pathlib.Path(args.out) / ("speed-%dx%d-%d.log" % (ranks, args.threads, args.size))
        with open(log_path, "w") as log:
            gtp = Gtp(cmd, log)
            try:
                gtp.send("boardsize %d" % args.size)
                gtp.send("clear_board")
                if args.position:
                    gtp.send("loadsgf %s" % pathlib.Path(args.position).resolve())
                colour = to_move(gtp)
                runs = []
                for _ in range(args.repeat):
                    before, tb = gtp.status(), traffic(gtp)
                    _, wall = gtp.send("reg_genmove %s" % colour, timeout=args.seconds * 3 + 120)
                    after, ta = gtp.status(), traffic(gtp)
                    runs.append(summarize_run(before, after, wall, tb, ta))
                gtp.send("quit")
                gtp.wait(120)
            finally:
                gtp.close()
        rates = [r["playouts_per_s"] for r in runs]
        entry = {"kind": "speed", "size": args.size, "ranks": ranks, "threads": args.threads,
                 "seconds": args.seconds, "sync_ms": args.sync_ms or 100, "position": args.position or "",
                 "playouts_per_s": statistics.median(rates), "runs": runs}
        record(args, entry)
        print("%2d rank(s) x %d thread(s), %dx%d: %.0f playouts/s (median of %d)"
              % (ranks, args.threads, args.size, args.size, entry["playouts_per_s"], len(runs)))


def parse_match_output(text):
    """engine1's wins, losses and draws from match.py's summary."""
    m = re.search(r"engine1 wins/losses:\s+(\d+)/(\d+) \(draws (\d+)\)", text)
    if not m:
        return None
    wins, losses, draws = (int(g) for g in m.groups())
    errors = re.search(r"^Errors:\s+(\d+)", text, re.M)
    return {"wins": wins, "losses": losses, "draws": draws, "games": wins + losses + draws,
            "errors": int(errors.group(1)) if errors else 0}


def match(args):
    for ranks in args.ranks:
        extra = ["--time", str(args.seconds), "--log-level", "warn"]
        engine1 = " ".join(engine_command(args, ranks, args.threads, extra))
        engine2 = " ".join(engine_command(args, args.opponent_ranks, args.opponent_threads, extra))
        name = "match-%dx%d-vs-%dx%d-%d" % (ranks, args.threads, args.opponent_ranks, args.opponent_threads, args.size)
        cmd = [sys.executable, str(ROOT / "scripts" / "match.py"), "--engine1", engine1, "--engine2", engine2,
               "--name1", "cluster-%dx%d" % (ranks, args.threads),
               "--name2", "single-%dx%d" % (args.opponent_ranks, args.opponent_threads),
               "--games", str(args.games), "--size", str(args.size), "--komi", "7",
               "--parallel", str(args.parallel), "--sgf-dir", str(pathlib.Path(args.out) / name)]
        run = subprocess.run(cmd, capture_output=True, text=True)
        print(run.stdout)
        result = parse_match_output(run.stdout)
        if result is None:
            print(run.stderr, file=sys.stderr)
            raise SystemExit("match.py gave no result")
        entry = {"kind": "match", "size": args.size, "ranks": ranks, "threads": args.threads,
                 "opponent_ranks": args.opponent_ranks, "opponent_threads": args.opponent_threads,
                 "seconds": args.seconds, "sync_ms": args.sync_ms or 100, **result}
        record(args, entry)


def record(args, entry):
    entry.update({"host": socket.gethostname(), "cores": os.cpu_count(),
                  "load": round(os.getloadavg()[0], 2), "date": time.strftime("%Y-%m-%d %H:%M")})
    if args.results:
        with open(args.results, "a") as f:
            f.write(json.dumps(entry, sort_keys=True) + "\n")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=["speed", "match"])
    p.add_argument("--tengen", default=str(ROOT / "build" / "tengen"))
    p.add_argument("--mpirun", default="mpirun")
    p.add_argument("--ranks", type=int, nargs="+", default=[1, 2])
    p.add_argument("--threads", type=int, default=1, help="threads per rank")
    p.add_argument("--size", type=int, default=9)
    p.add_argument("--seconds", type=float, default=5.0, help="per search (speed) or per move (match)")
    p.add_argument("--sync-ms", type=int, help="cluster-sync-ms (default: the registry's)")
    p.add_argument("--position", help="speed: an SGF position to search instead of the empty board")
    p.add_argument("--repeat", type=int, default=3, help="speed: searches per configuration")
    p.add_argument("--opponent-ranks", type=int, default=1)
    p.add_argument("--opponent-threads", type=int, default=1)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--parallel", type=int, default=1)
    p.add_argument("--out", default="matches/cluster-bench", help="logs and game records")
    p.add_argument("--results", help="append the measurements here (JSON lines)")
    args = p.parse_args()
    args.tengen = str(pathlib.Path(args.tengen).resolve())
    os.environ.setdefault("OMPI_MCA_btl_vader_single_copy_mechanism", "none")
    os.makedirs(args.out, exist_ok=True)
    speed(args) if args.what == "speed" else match(args)


if __name__ == "__main__":
    main()
