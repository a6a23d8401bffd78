"""xunlu: grid pathfinding for games, from Python.

Maps are GridMap objects (NumPy arrays [y, x] of uint8 cell codes in and out); paths come back as
NumPy arrays of (x, y) cells; the route query works in pixels on a Scene. Searches release the
GIL, so Python threads run queries in parallel. See docs/api.md ("From Python").
"""
from ._xunlu import (
    GridMap,
    PathFinder,
    PathResult,
    RouteResult,
    Scene,
    __version__,
    algorithms,
    find_path,
    find_paths,
    route,
    run_scenarios,
)

FREE = 0
HIGH_OBSTACLE = 1
LOW_OBSTACLE = 2
TERRAIN_COST = 3

__all__ = [
    "GridMap",
    "PathFinder",
    "PathResult",
    "RouteResult",
    "Scene",
    "__version__",
    "algorithms",
    "find_path",
    "find_paths",
    "route",
    "run_scenarios",
    "FREE",
    "HIGH_OBSTACLE",
    "LOW_OBSTACLE",
    "TERRAIN_COST",
]
