#!/usr/bin/env python3
"""Pinned behaviour signatures: a change in what Tengen does is never silent.

Each case in tests/data/bench_signatures.txt runs Tengen with one thread, a
fixed seed and a fixed number of playouts, so its result is reproducible:
`tengen bench --search ...` prints a hash of the root's visit counts, and a
GTP case (a script of commands) is hashed over all of its responses. The
check compares every case's signature with the stored one.

A change meant to leave behaviour alone (a refactoring, a speed-up) must keep
every signature. A change meant to alter play moves some; then run

    python3 scripts/bench_signatures.py --tengen build/tengen --update

and commit the new file with the reason in the commit message.

File format, one case per line (# starts a comment):
    name | signature | bench --search arguments
    name | signature | gtp | engine arguments | command; command; ...
"""

import argparse
import hashlib
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_FILE = os.path.join(ROOT, "tests", "data", "bench_signatures.txt")
# Every case runs like this whatever its own arguments say, so that nothing
# but the code decides the result.
FIXED = ["--threads", "1", "--seed", "1", "--log-level", "warn"]


class Case:
    def __init__(self, line_no, name, signature, kind, args, commands):
        self.line_no = line_no
        self.name = name
        self.signature = signature
        self.kind = kind  # "search" or "gtp"
        self.args = args
        self.commands = commands


def parse(path):
    cases = []
    with open(path, encoding="utf-8") as f:
        for line_no, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [x.strip() for x in line.split("|")]
            if len(fields) == 3:
                cases.append(Case(line_no, fields[0], fields[1], "search", fields[2].split(), []))
            elif len(fields) == 5 and fields[2] == "gtp":
                commands = [c.strip() for c in fields[4].split(";") if c.strip()]
                cases.append(Case(line_no, fields[0], fields[1], "gtp", fields[3].split(), commands))
            else:
                sys.exit(f"{path}:{line_no}: expected 'name | signature | args' or "
                         f"'name | signature | gtp | args | commands'")
    names = [c.name for c in cases]
    if len(set(names)) != len(names):
        sys.exit(f"{path}: a case name is used twice")
    return cases


def resolve(args):
    # Paths in the file are relative to the repository root.
    return [os.path.join(ROOT, a) if a.startswith("tests/") else a for a in args]


def run_case(tengen, case, timeout):
    if case.kind == "search":
        cmd = [tengen, "bench", "--search"] + resolve(case.args) + FIXED
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        m = re.search(r"signature ([0-9a-f]{16})", out.stdout)
        if out.returncode != 0 or not m:
            raise RuntimeError(f"{' '.join(cmd)} failed ({out.returncode}):\n{out.stdout}{out.stderr}")
        return m.group(1)
    cmd = [tengen] + resolve(case.args) + FIXED + ["--ponder", "false", "--time", "0"]
    script = "\n".join(resolve_commands(case.commands) + ["quit"]) + "\n"
    out = subprocess.run(cmd, input=script, capture_output=True, text=True, timeout=timeout)
    if out.returncode != 0 or "\n?" in "\n" + out.stdout:
        raise RuntimeError(f"{' '.join(cmd)} failed ({out.returncode}):\n{out.stdout}{out.stderr}")
    return hashlib.sha256(out.stdout.encode()).hexdigest()[:16]


def resolve_commands(commands):
    return [" ".join(resolve(c.split())) for c in commands]


def write(path, cases, signatures):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for case in cases:
        i = case.line_no - 1
        lines[i] = lines[i].replace(f"| {case.signature} |", f"| {signatures[case.name]} |", 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tengen", required=True, help="the binary to check")
    ap.add_argument("--file", default=DEFAULT_FILE, help="the stored signatures")
    ap.add_argument("--update", action="store_true", help="store the signatures this binary gives")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per case")
    opts = ap.parse_args()

    cases = parse(opts.file)
    signatures = {}
    changed = []
    for case in cases:
        try:
            signatures[case.name] = run_case(opts.tengen, case, opts.timeout)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            print(f"{case.name}: ERROR {e}")
            return 2
        same = signatures[case.name] == case.signature
        print(f"{case.name}: {signatures[case.name]} {'same' if same else 'CHANGED from ' + case.signature}")
        if not same:
            changed.append(case.name)
    if opts.update:
        write(opts.file, cases, signatures)
        print(f"stored {len(changed)} changed signature(s) in {opts.file}")
        return 0
    if changed:
        print(f"\n{len(changed)} of {len(cases)} signatures changed: Tengen's behaviour is not what it was.\n"
              "If that is meant, store the new ones with\n"
              f"  python3 scripts/bench_signatures.py --tengen {opts.tengen} --update\n"
              "and say why in the commit message.")
        return 1
    print(f"all {len(cases)} signatures as stored")
    return 0


if __name__ == "__main__":
    sys.exit(main())
