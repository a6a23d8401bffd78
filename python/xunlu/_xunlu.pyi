"""Type stubs of xunlu's compiled module (python/src/*.cpp)."""
from typing import Any, Iterable, List, Optional, Sequence, Tuple, TypedDict, Union

import numpy as np
import numpy.typing as npt

Cell = Tuple[int, int]
Pixel = Tuple[float, float]
Edit = Tuple[int, int, str, Union[bool, float]]

__version__: str

class GridMap:
    @staticmethod
    def from_numpy(codes: Union[npt.NDArray[np.uint8], npt.NDArray[np.bool_], Sequence[Sequence[int]], Sequence[Sequence[bool]]],
                   costs: Optional[npt.NDArray[np.floating[Any]]] = None) -> GridMap: ...
    def cell(self, at: Cell) -> int: ...
    @staticmethod
    def load(path: str) -> GridMap: ...
    @staticmethod
    def from_bytes(data: bytes, name: str = "<memory>") -> GridMap: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def shape(self) -> Tuple[int, int]: ...
    @property
    def version(self) -> int: ...
    def to_numpy(self) -> npt.NDArray[np.uint8]: ...
    def costs(self) -> npt.NDArray[np.float32]: ...
    def line_of_sight(self, a: Cell, b: Cell, low_obstacles_block: bool = False) -> bool: ...
    def with_edits(self, edits: Iterable[Edit]) -> GridMap: ...

class PathResult:
    status: str
    reason: str
    path: npt.NDArray[np.int32]
    waypoints: npt.NDArray[np.float64]
    length: float
    cost: float
    partial: bool
    expanded: int
    generated: int
    memory_bytes: int
    time_us: float
    @property
    def found(self) -> bool: ...

class PathFinder:
    def __init__(self) -> None: ...
    def find(self, map: GridMap, start: Cell, goal: Cell, *, algorithm: str = "astar",
             four_way: bool = False, ignore_low_obstacles: bool = False, stop_within: int = 0,
             max_expansions: int = 0, deadline_ms: float = 0.0,
             max_memory_bytes: int = 0, unit_size: int = 1,
             weight: float = 1.0) -> PathResult: ...
    def start(self, map: GridMap, start: Cell, goal: Cell, *, algorithm: str = "astar",
              four_way: bool = False, ignore_low_obstacles: bool = False, stop_within: int = 0,
              max_expansions: int = 0, deadline_ms: float = 0.0,
              max_memory_bytes: int = 0, unit_size: int = 1,
              weight: float = 1.0) -> bool: ...
    def step(self, budget: int = 1) -> bool: ...
    def finish(self) -> PathResult: ...
    def cancel(self) -> None: ...
    @property
    def searching(self) -> bool: ...

class AlgorithmInfo(TypedDict):
    name: str
    description: str
    optimal: bool
    complete: bool
    preprocessing: bool
    stepping: bool
    any_angle: bool
    budget: bool
    terrain_costs: str
    stop_within: str
    turn_penalty: str
    hex: str
    weight: str
    rules: List[str]

def algorithms() -> List[AlgorithmInfo]: ...

def find_path(map: GridMap, start: Cell, goal: Cell, *, algorithm: str = "astar",
              four_way: bool = False, ignore_low_obstacles: bool = False, stop_within: int = 0,
              max_expansions: int = 0, deadline_ms: float = 0.0,
              max_memory_bytes: int = 0, unit_size: int = 1,
              weight: float = 1.0) -> PathResult: ...

def find_paths(map: GridMap, queries: Union[Sequence[Tuple[Cell, Cell]], npt.NDArray[np.integer[Any]]],
               *, threads: int = 2, algorithm: str = "astar", four_way: bool = False,
               ignore_low_obstacles: bool = False, stop_within: int = 0,
               max_expansions: int = 0, deadline_ms: float = 0.0,
               weight: float = 1.0) -> list[PathResult]: ...

class RouteResult:
    status: str
    reason: str
    stage: str
    algorithm: str
    points: npt.NDArray[np.float64]
    length: float
    grid_length: float
    map_version: int
    expanded: int
    time_us: float
    @property
    def ok(self) -> bool: ...

class Scene:
    def __init__(self, map: GridMap, cell_size: float = 1.0) -> None: ...
    @property
    def cell_size(self) -> float: ...
    @property
    def version(self) -> int: ...
    def load_waypoints(self, dir: str) -> list[str]: ...
    def update_cells(self, edits: Iterable[Edit]) -> int: ...
    def route(self, start: Pixel, goal: Pixel, *, stop_short: int = 0, max_expansions: int = 0,
              algorithm: str = "astar", four_way: bool = False,
              ignore_low_obstacles: bool = False, deadline_ms: float = 0.0,
              unit_size: int = 1) -> RouteResult: ...

def route(scene: Scene, start: Pixel, goal: Pixel, *, stop_short: int = 0,
          max_expansions: int = 0, algorithm: str = "astar", four_way: bool = False,
          ignore_low_obstacles: bool = False, deadline_ms: float = 0.0,
          unit_size: int = 1) -> RouteResult: ...

def run_scenarios(scen_path: str, *, map_dir: Optional[str] = None, algorithm: str = "astar",
                  every: int = 1) -> dict[str, Any]: ...
