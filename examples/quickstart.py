"""The five-line program from Python: a map from a NumPy array, a path, printed. See docs/api.md."""
import numpy as np

import xunlu

codes = np.array([[0, 1, 0, 0],
                  [0, 1, 0, 0],
                  [0, 0, 0, 0]], dtype=np.uint8)  # [y, x]; 1 = wall
result = xunlu.find_path(xunlu.GridMap.from_numpy(codes), (0, 0), (3, 0), algorithm="astar")
print(f"status {result.status}, length {result.length:.3f} cells:", [tuple(p) for p in result.path])
raise SystemExit(0 if result.found else 1)
