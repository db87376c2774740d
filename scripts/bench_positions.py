#!/usr/bin/env python3
"""Nodes per second and depth of Gomocup engines at a fixed time on fixed positions.

    python3 scripts/bench_positions.py --size 15 --turn-ms 1000 --openings scripts/openings-15.txt \
        --count 6 --engine "target/release/tictactoe pbrain" --engine /work/rapfi-src/Rapfi/build/pbrain-rapfi

Each position (the first `--count` openings of the file) is sent as BOARD to a fresh process with
`INFO timeout_turn` (and `INFO thread_num` with `--threads`). With `--max-depth D` each search
stops at depth D instead (`INFO max_depth`, the turn's time a minute): the time to that depth,
lazy SMP's measure (`--threads 1` against `--threads 2`). Rapfi's figures are read from its `MESSAGE Speed … | Depth d-s | … | Node n |
Time t` line; ours from the `stats` line on standard error that `TICTACTOE_SEARCH_STATS=1` turns on.
"""
import argparse, os, re, shlex, subprocess, sys

sys.path.insert(0, os.path.dirname(__file__))
from match import read_openings  # noqa: E402


def run(command, size, stones, ms, threads=1, max_depth=None, rule=0):
    argv = shlex.split(command)
    exe = os.path.abspath(argv[0]) if os.sep in argv[0] else argv[0]
    argv[0] = exe
    env = dict(os.environ, TICTACTOE_SEARCH_STATS="1")
    n = len(stones)
    lines = [f"START {size}", f"INFO timeout_turn {ms}", "INFO timeout_match 0",
             f"INFO max_memory {32 << 20}", f"INFO rule {rule}", f"INFO thread_num {threads}"]
    if max_depth:
        lines += [f"INFO max_depth {max_depth}"]
    lines += ["BOARD"]
    for k, (x, y) in enumerate(stones):
        lines.append(f"{x},{y},{1 if (k % 2) == (n % 2) else 2}")
    lines.append("DONE")
    p = subprocess.Popen(argv, cwd=os.path.dirname(exe) if os.sep in exe else None, env=env,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    import time
    p.stdin.write("\n".join(lines) + "\n")
    p.stdin.flush()
    out, move = "", None
    while True:
        line = p.stdout.readline()
        if not line:
            break
        out += line
        if re.match(r"^\s*\d+\s*,\s*\d+\s*$", line):
            move = line.strip().replace(" ", "")
            break
    time.sleep(0.05)
    p.stdin.write("END\n")
    p.stdin.close()
    err = p.stderr.read()
    p.wait()
    m = re.search(r"Depth (\d+)-(\d+) \| Eval (-?\d+) \| Node (\d+)K? \| Time (\d+)ms", out)
    if m:
        nodes = int(m.group(4)) * (1000 if "K | Time" in out else 1)
        return int(m.group(1)), int(m.group(2)), nodes, int(m.group(5)), move
    m = re.search(r"stats depth (\d+) seldepth (\d+) nodes (\d+) ms (\d+)", err)
    if m:
        return int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4)), move
    return None


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--engine", action="append", required=True)
    p.add_argument("--size", type=int, default=15)
    p.add_argument("--turn-ms", type=int, default=1000)
    p.add_argument("--openings", required=True)
    p.add_argument("--count", type=int, default=6)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--max-depth", type=int)
    p.add_argument("--each", action="store_true",
                   help="a line a position: depth, nodes, ms and the move (two builds' trees compared)")
    p.add_argument("--rule", type=int, default=0, help="INFO rule: 0 freestyle, 1 standard, 4 renju")
    args = p.parse_args()
    if args.max_depth:
        args.turn_ms = 60000
    openings = read_openings(args.openings, args.size)[: args.count]
    for e in args.engine:
        rows = [run(e, args.size, o.stones, args.turn_ms, args.threads, args.max_depth, args.rule)
                for o in openings]
        if args.each:
            for k, r in enumerate(rows):
                if r:
                    print(f"{e}: position {k + 1}: depth {r[0]} nodes {r[2]} ms {r[3]} move {r[4]}")
        rows = [r for r in rows if r]
        if not rows:
            print(f"{e}: no figures")
            continue
        nodes = sum(r[2] for r in rows)
        ms = sum(r[3] for r in rows)
        print(f"{e}: {len(rows)} positions, depth {min(r[0] for r in rows)}-{max(r[0] for r in rows)} "
              f"(mean {sum(r[0] for r in rows) / len(rows):.1f}, sel {max(r[1] for r in rows)}), "
              f"{nodes / max(ms, 1):.0f} k nodes/s, {ms / len(rows):.0f} ms a move")


if __name__ == "__main__":
    main()
