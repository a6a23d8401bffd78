"""Scene and route: pixels, stages, atomic updates, refused input."""
import math

import numpy as np
import pytest

import xunlu


@pytest.fixture()
def scene(u_trap_path):
    return xunlu.Scene(xunlu.GridMap.load(u_trap_path), cell_size=16.0)


def test_straight_line_and_search_stages(scene):
    r = scene.route((40, 40), (168, 72))
    assert r.status == "straight_line" and r.stage == "straight_line" and r.ok
    np.testing.assert_allclose(r.points, [[40, 40], [168, 72]])
    r = xunlu.route(scene, (88, 248), (584, 248), algorithm="jps")
    assert r.status == "found" and len(r.points) >= 3 and r.map_version == 0
    assert r.points.dtype == np.float64 and r.points.shape[1] == 2
    assert math.isclose(r.length, float(np.sum(np.hypot(*np.diff(r.points, axis=0).T))))


def test_update_cells_is_atomic_and_versioned(scene):
    wall = [(36 + dx, 15 + dy, "high", True) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    assert scene.update_cells(wall) == 1 and scene.version == 1
    r = scene.route((88, 248), (584, 248))
    assert r.status == "no_path" and r.map_version == 1 and r.reason
    with pytest.raises(ValueError):
        scene.update_cells([(-4, 0, "high", True)])
    assert scene.version == 1


def test_bad_route_input(scene, u_trap_path):
    with pytest.raises(ValueError, match="finite"):
        scene.route((float("nan"), 10), (20, 20))
    with pytest.raises(ValueError, match="finite"):
        scene.route((10, 10), (float("inf"), 20))
    r = scene.route((10, 10), (1e7, 20))
    assert r.status == "invalid" and r.reason
    with pytest.raises(ValueError, match="nope"):
        scene.route((10, 10), (20, 20), algorithm="nope")
    with pytest.raises(ValueError, match="stop_short"):
        scene.route((10, 10), (20, 20), stop_short=-1)
    with pytest.raises(ValueError, match="cell size"):
        xunlu.Scene(xunlu.GridMap.load(u_trap_path), cell_size=0.0)
    with pytest.raises(ValueError):
        scene.load_waypoints("/nonexistent-waypoints")


def test_a_big_unit_routes_too(scene):
    r = scene.route((88, 248), (584, 248), unit_size=2)
    small = scene.route((88, 248), (584, 248))
    assert r.ok and small.ok
    assert r.length >= small.length - 1e-9
    bad = scene.route((88, 248), (584, 248), unit_size=0)
    assert bad.status == "invalid" and "unit size 0" in bad.reason
