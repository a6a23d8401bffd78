#!/usr/bin/env python3
"""The Python boundary (issue 9): what find_path costs from Python over the C++ search itself,
on the same queries, and how Python threads scale with the GIL released during searches.

  PYTHONPATH=build/release/python /usr/bin/python3 bench/python_boundary.py \
      [--cli build/release/xunlu] [--repeats 9]

Per query, PathResult.time_us is the C++ search alone (timed inside the module around the
façade's path_finder call); the Python wall time around find_path adds argument conversion,
releasing and retaking the GIL, and copying the path into a NumPy array. Their difference is the
boundary's overhead. Maps: a 64 x 64 open map (short query, 12 cells) and a 512 x 512 maze made
by `xunlu gen maze --corridor 8 --seed 7` (long query, corner to corner); both generated here.
Scaling: the same batch of long queries run by one Python thread, then split over two.
Prints medians of --repeats runs; progress goes to stderr.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

import xunlu


def per_query(m, start, goal, n):
    """Median wall and median C++ time (us) of n find_path calls from Python."""
    finder = xunlu.PathFinder()
    walls, inner = [], []
    for _ in range(n):
        t0 = time.perf_counter()
        r = finder.find(m, start, goal)
        walls.append((time.perf_counter() - t0) * 1e6)
        inner.append(r.time_us)
        assert r.found
    return statistics.median(walls), statistics.median(inner), len(r.path)


def batch_wall(m, queries, threads):
    """Seconds to answer `queries` with `threads` Python threads, one PathFinder each."""
    chunks = [queries[i::threads] for i in range(threads)]

    def work(chunk):
        finder = xunlu.PathFinder()
        for s, g in chunk:
            finder.find(m, s, g)

    workers = [threading.Thread(target=work, args=(c,)) for c in chunks]
    t0 = time.perf_counter()
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=600)
    return time.perf_counter() - t0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default="build/release/xunlu")
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args()

    open_map = xunlu.GridMap.from_numpy(np.zeros((64, 64), dtype=np.uint8))
    with tempfile.TemporaryDirectory() as tmp:
        maze_file = os.path.join(tmp, "maze.map")
        subprocess.run([args.cli, "gen", "maze", "--size", "512", "--corridor", "8", "--seed", "7",
                        "-o", maze_file], check=True, timeout=120)
        maze = xunlu.GridMap.load(maze_file)
    free = np.argwhere(maze.to_numpy() == xunlu.FREE)
    long_start = (int(free[0][1]), int(free[0][0]))
    long_goal = (int(free[-1][1]), int(free[-1][0]))

    rows = []
    for name, m, s, g, n in [("short", open_map, (10, 10), (22, 15), 2000),
                             ("long", maze, long_start, long_goal, 30)]:
        walls, inners = [], []
        for k in range(args.repeats):
            print(f"python_boundary: {name} query, run {k + 1}/{args.repeats}", file=sys.stderr)
            w, i, cells = per_query(m, s, g, n)
            walls.append(w)
            inners.append(i)
        w, i = statistics.median(walls), statistics.median(inners)
        rows.append((name, cells, i, w, w - i))

    rng = np.random.default_rng(5)
    picks = free[rng.integers(0, len(free), size=(64, 2))]
    queries = [((int(a[1]), int(a[0])), (int(b[1]), int(b[0]))) for a, b in picks]
    one, two = [], []
    for k in range(args.repeats):
        print(f"python_boundary: threads, run {k + 1}/{args.repeats}", file=sys.stderr)
        one.append(batch_wall(maze, queries, 1))
        two.append(batch_wall(maze, queries, 2))
    t1, t2 = statistics.median(one), statistics.median(two)

    print("| query | path cells | C++ search (median) | from Python (median) | overhead |")
    print("|---|--:|--:|--:|--:|")
    for name, cells, inner, wall, over in rows:
        print(f"| {name} | {cells} | {inner:,.1f} µs | {wall:,.1f} µs | {over:,.1f} µs |")
    print()
    print(f"64 maze queries: 1 Python thread {t1 * 1e3:,.1f} ms, 2 threads {t2 * 1e3:,.1f} ms, "
          f"speed-up {t1 / t2:.2f}x")


if __name__ == "__main__":
    main()
