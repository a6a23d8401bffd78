"""find_path, PathFinder and find_paths: every algorithm, statuses, bad input, threads."""
import math
import threading

import numpy as np
import pytest

import xunlu

ALGORITHMS = ["astar", "dijkstra", "jps", "jps-block", "jps+", "astar-dh", "jps-dh", "jps+-dh"]


@pytest.fixture(scope="module")
def u_trap(u_trap_path):
    return xunlu.GridMap.load(u_trap_path)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_optimal_algorithm_agrees_with_astar(u_trap, algorithm):
    reference = xunlu.find_path(u_trap, (5, 15), (36, 15))
    r = xunlu.find_path(u_trap, (5, 15), (36, 15), algorithm=algorithm)
    assert r.found and r.status == "found" and r.reason == ""
    assert math.isclose(r.length, reference.length, rel_tol=0, abs_tol=1e-9)
    assert r.path.dtype == np.int32 and r.path.shape[1] == 2
    assert tuple(r.path[0]) == (5, 15) and tuple(r.path[-1]) == (36, 15)
    steps = np.abs(np.diff(r.path, axis=0))
    if algorithm == "astar":
        assert steps.max() == 1  # A* paths are cell by cell


@pytest.mark.parametrize("algorithm", ["theta", "lazy-theta", "visgraph"])
def test_any_angle_paths_come_as_waypoints_no_longer_than_the_grid_path(u_trap, algorithm):
    grid = xunlu.find_path(u_trap, (5, 15), (36, 15))
    r = xunlu.find_path(u_trap, (5, 15), (36, 15), algorithm=algorithm)
    assert r.found, r.reason
    assert r.waypoints.dtype == np.float64 and r.waypoints.shape[1] == 2
    assert tuple(r.waypoints[0]) == (5.5, 15.5) and tuple(r.waypoints[-1]) == (36.5, 15.5)
    polyline = float(np.sum(np.hypot(*np.diff(r.waypoints, axis=0).T)))
    assert math.isclose(r.length, polyline, abs_tol=1e-9)
    assert r.length <= grid.length + 1e-9
    assert grid.waypoints.shape == (0, 2)  # grid algorithms give none
    # Rule 4 is refused by name.
    refused = xunlu.find_path(u_trap, (5, 15), (36, 15), algorithm=algorithm, four_way=True)
    assert refused.status == "invalid_input" and "rule 4" in refused.reason


def test_weighted_astar_stays_within_its_bound(u_trap):
    optimal = xunlu.find_path(u_trap, (5, 15), (36, 15))
    for weight in (1.0, 1.5, 3.0):
        r = xunlu.find_path(u_trap, (5, 15), (36, 15), weight=weight)
        assert r.found and optimal.length - 1e-9 <= r.length <= weight * optimal.length + 1e-9
        assert xunlu.PathFinder().find(u_trap, (5, 15), (36, 15), weight=weight).length == r.length
    (batch,) = xunlu.find_paths(u_trap, [((5, 15), (36, 15))], weight=3.0)
    assert batch.found and batch.length <= 3.0 * optimal.length + 1e-9
    bad = xunlu.find_path(u_trap, (5, 15), (36, 15), weight=0.5)
    assert bad.status == "invalid_input" and "weight" in bad.reason


def test_path_is_valid_and_length_matches_its_steps(u_trap):
    r = xunlu.find_path(u_trap, (5, 15), (36, 15))
    steps = np.diff(r.path, axis=0)
    assert np.all(np.abs(steps) <= 1)
    diagonal = np.count_nonzero(np.all(steps != 0, axis=1))
    assert math.isclose(r.length, (len(steps) - diagonal) + diagonal * math.sqrt(2))
    codes = u_trap.to_numpy()
    assert np.all(codes[r.path[:, 1], r.path[:, 0]] == xunlu.FREE)


def test_statuses(u_trap):
    assert xunlu.find_path(u_trap, (5, 15), (36, 15), max_expansions=3).status == "budget_exhausted"
    partial = xunlu.find_path(u_trap, (5, 15), (36, 15), max_expansions=3)
    assert partial.partial and len(partial.path) >= 1
    walled = u_trap.with_edits([(36 + dx, 15 + dy, "high", True)
                                for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy])
    assert xunlu.find_path(walled, (5, 15), (36, 15)).status == "no_path"
    four = xunlu.find_path(u_trap, (5, 15), (36, 15), four_way=True)
    steps = np.abs(np.diff(four.path, axis=0)).sum(axis=1)
    assert four.found and np.all(steps == 1) and four.length == len(four.path) - 1
    near = xunlu.find_path(u_trap, (5, 15), (36, 15), stop_within=3)
    assert near.found and max(abs(near.path[-1] - np.array([36, 15]))) <= 3


def test_bad_input_is_refused_clearly(u_trap):
    r = xunlu.find_path(u_trap, (5, 15), (480, 15))
    assert r.status == "invalid_input" and "outside" in r.reason and len(r.path) == 0
    r = xunlu.find_path(u_trap, (5, 15), (36, 15), algorithm="nope")
    assert r.status == "invalid_input" and "nope" in r.reason
    with pytest.raises(TypeError):
        xunlu.find_path(u_trap, (float("nan"), 15), (36, 15))
    with pytest.raises(TypeError):
        xunlu.find_path(u_trap, "a", (36, 15))
    with pytest.raises(TypeError):
        xunlu.find_path(u_trap, (5, 15), (36, 15), max_expansions=-1)
    with pytest.raises(ValueError, match="stop_within"):
        xunlu.find_path(u_trap, (5, 15), (36, 15), stop_within=-1)
    with pytest.raises(ValueError, match="deadline_ms"):
        xunlu.find_path(u_trap, (5, 15), (36, 15), deadline_ms=float("nan"))
    with pytest.raises(TypeError):
        xunlu.find_path(None, (5, 15), (36, 15))
    assert xunlu.find_path(u_trap, (np.int64(5), np.int32(15)), (36, 15)).found


def test_batch_matches_single_queries_and_reports_bad_ones(u_trap):
    rng = np.random.default_rng(3)
    free = np.argwhere(u_trap.to_numpy() == xunlu.FREE)  # rows (y, x)
    picks = free[rng.integers(0, len(free), size=(40, 2))]
    queries = [((int(a[1]), int(a[0])), (int(b[1]), int(b[0]))) for a, b in picks]
    queries.append(((0, 0), (999, 0)))
    batch = xunlu.find_paths(u_trap, queries, threads=2, algorithm="jps")
    assert len(batch) == len(queries)
    for (start, goal), r in zip(queries[:-1], batch):
        single = xunlu.find_path(u_trap, start, goal, algorithm="jps")
        assert r.status == single.status and math.isclose(r.length, single.length, abs_tol=1e-9)
    assert batch[-1].status == "invalid_input"
    as_array = np.array([[s[0], s[1], g[0], g[1]] for s, g in queries[:-1]], dtype=np.int64)
    again = xunlu.find_paths(u_trap, as_array, threads=1)
    assert [r.length for r in again] == pytest.approx([r.length for r in batch[:-1]], abs=1e-9)
    with pytest.raises(ValueError, match="threads"):
        xunlu.find_paths(u_trap, queries, threads=0)
    with pytest.raises(ValueError, match=r"\(n, 4\)"):
        xunlu.find_paths(u_trap, np.zeros((3, 3), dtype=np.int64))


def test_find_paths_refuses_a_float_array_as_find_path_refuses_a_float_cell(u_trap):
    # 0.7 must not become cell 0: the batch raises TypeError like find_path does.
    with pytest.raises(TypeError):
        xunlu.find_path(u_trap, (5.7, 15), (36, 15))
    with pytest.raises(TypeError, match="integers"):
        xunlu.find_paths(u_trap, np.array([[5.7, 15, 36, 15]]))
    with pytest.raises(TypeError, match="integers"):
        xunlu.find_paths(u_trap, np.array([[5, 15, 36, 15]], dtype=np.float32))
    ok = xunlu.find_paths(u_trap, np.array([[5, 15, 36, 15]], dtype=np.uint16))
    assert ok[0].found


def test_python_threads_share_one_map(u_trap):
    expected = xunlu.find_path(u_trap, (5, 15), (36, 15)).length
    lengths, errors = [], []

    def work():
        finder = xunlu.PathFinder()
        try:
            for _ in range(50):
                lengths.append(finder.find(u_trap, (5, 15), (36, 15), algorithm="jps-block").length)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors and len(lengths) == 200
    assert all(math.isclose(x, expected, abs_tol=1e-9) for x in lengths)


def test_a_shared_path_finder_is_safe_across_threads(u_trap):
    finder = xunlu.PathFinder()
    results = []

    def work():
        for _ in range(30):
            results.append(finder.find(u_trap, (5, 15), (36, 15)).length)

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert len(results) == 90 and len(set(round(x, 9) for x in results)) == 1


@pytest.mark.parametrize("algorithm", ["astar", "jps"])
def test_a_big_unit_keeps_its_whole_footprint_free(u_trap, algorithm):
    codes = u_trap.to_numpy()
    free = np.argwhere(codes.T == xunlu.FREE)  # (x, y) pairs
    # Two cells where a 2 x 2 footprint fits, far apart.
    fits = [tuple(c) for c in free
            if c[0] + 1 < codes.shape[1] and c[1] + 1 < codes.shape[0]
            and np.all(codes[c[1]:c[1] + 2, c[0]:c[0] + 2] == xunlu.FREE)]
    start, goal = fits[0], fits[-1]
    r = xunlu.find_path(u_trap, start, goal, algorithm=algorithm, unit_size=2)
    small = xunlu.find_path(u_trap, start, goal, algorithm=algorithm)
    assert r.found, r.reason
    assert r.length >= small.length - 1e-9
    cells = r.path if algorithm == "astar" else r.path[[0, -1]]
    for x, y in cells:
        assert np.all(codes[y:y + 2, x:x + 2] == xunlu.FREE)
    bad = xunlu.find_path(u_trap, start, goal, unit_size=40)
    assert bad.status == "invalid_input" and "unit size 40" in bad.reason


def test_algorithms_lists_every_name_with_its_capabilities(u_trap):
    infos = xunlu.algorithms()
    names = [a["name"] for a in infos]
    assert "astar" in names and "jps" in names and len(names) == len(set(names))
    for a in infos:
        assert set(a) == {"name", "description", "optimal", "complete", "preprocessing", "stepping",
                          "any_angle", "budget", "terrain_costs", "stop_within", "turn_penalty",
                          "hex", "weight", "rules"}
        assert a["terrain_costs"] in ("native", "astar_fallback", "ignored", "unsupported")
        assert set(a["rules"]) <= {"4", "8", "8-cut1", "8-always"} and a["rules"]
        r = xunlu.find_path(u_trap, (5, 15), (36, 15), algorithm=a["name"])
        assert "unknown algorithm" not in r.reason


def test_sliced_search_one_expansion_per_step_gives_the_one_shot_path(u_trap):
    stepping = [a["name"] for a in xunlu.algorithms() if a["stepping"]]
    assert len(stepping) >= 3
    finder = xunlu.PathFinder()
    for name in stepping:
        whole = finder.find(u_trap, (5, 15), (36, 15), algorithm=name)
        assert finder.start(u_trap, (5, 15), (36, 15), algorithm=name)
        assert finder.searching
        steps = 0
        while not finder.step(1):
            steps += 1
            assert steps < 1_000_000
        sliced = finder.finish()
        assert not finder.searching
        assert steps > 1, name
        assert sliced.status == whole.status == "found", (name, sliced.reason)
        np.testing.assert_array_equal(sliced.path, whole.path)
        assert sliced.length == whole.length and sliced.expanded == whole.expanded


def test_sliced_search_refusals_cancel_and_misuse(u_trap):
    finder = xunlu.PathFinder()
    not_stepping = [a["name"] for a in xunlu.algorithms() if not a["stepping"]]
    assert not finder.start(u_trap, (5, 15), (36, 15), algorithm=not_stepping[0])
    r = finder.finish()
    assert r.status == "invalid_input" and "cannot be stepped" in r.reason
    assert not finder.start(u_trap, (5, 15), (999, 15))
    assert finder.finish().status == "invalid_input"
    assert finder.start(u_trap, (5, 15), (36, 15), algorithm="jps")
    assert not finder.step(1)
    finder.cancel()
    assert not finder.searching
    with pytest.raises(ValueError, match="no search is running"):
        finder.step(1)
    with pytest.raises(ValueError, match="no search is running"):
        finder.finish()
    with pytest.raises(TypeError):
        finder.start(u_trap, (5.5, 15), (36, 15))
    assert finder.start(u_trap, (5, 15), (36, 15), max_expansions=3)
    while not finder.step(1):
        pass
    assert finder.finish().status == "budget_exhausted"


def test_grid_map_reads_one_cell(u_trap):
    codes = u_trap.to_numpy()
    for (y, x) in [(0, 0), (15, 5), (15, 20)]:
        assert u_trap.cell((x, y)) == codes[y, x]
    with pytest.raises(ValueError, match="outside"):
        u_trap.cell((999, 0))
