#!/usr/bin/env python3
# Proves scripts/check-layers fails on a planted wrong-way include: it runs the check on a copy
# of include/ and src/, clean (must pass) and with bad includes planted (must fail, naming them).
"""Usage: check_layers_test.py <source dir> <build>/xunlu_layers.json"""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def run_check(source, layers, root):
    return subprocess.run([sys.executable, str(source / "scripts" / "check-layers"),
                           "--layers", str(layers), "--root", str(root)],
                          capture_output=True, text=True, check=False)


def expect(condition, what, result):
    if not condition:
        print(f"FAILED: {what}\nexit {result.returncode}\nstderr:\n{result.stderr}")
        sys.exit(1)


def main():
    source, layers = Path(sys.argv[1]), Path(sys.argv[2])
    with tempfile.TemporaryDirectory(prefix="xunlu-layers-") as tmp:
        root = Path(tmp)
        shutil.copytree(source / "include", root / "include")
        shutil.copytree(source / "src", root / "src")

        clean = run_check(source, layers, root)
        expect(clean.returncode == 0, "the tree as committed passes", clean)

        # A header no translation unit includes: only the script can see it.
        (root / "include/xunlu/grid/planted.hpp").write_text(
            "// planted\n#pragma once\n#include \"xunlu/pipeline/route_finder.hpp\"\n")
        # render takes an image type from io again (the include this branch removed).
        with open(root / "src/render/map_picture.cpp", "a", encoding="utf-8") as f:
            f.write("#include <xunlu/io/png_map.hpp>\n")
        render_line = len((root / "src/render/map_picture.cpp").read_text().splitlines())
        (root / "src/core").mkdir(exist_ok=True)
        (root / "src/core/sneaky.cpp").write_text("#include \"../grid/grid_map.cpp\"\n")

        bad = run_check(source, layers, root)
        expect(bad.returncode == 1, "planted wrong-way includes fail with exit 1", bad)
        expect("include/xunlu/grid/planted.hpp:3: module 'grid' may not include "
               "'xunlu/pipeline/'" in bad.stderr, "the planted header is named by FILE:LINE", bad)
        expect("it may include: core, grid" in bad.stderr, "the allowed modules are listed", bad)
        expect(f"src/render/map_picture.cpp:{render_line}: module 'render' may not include "
               "'xunlu/io/'" in bad.stderr, "the io include in render is named", bad)
        expect("src/core/sneaky.cpp:1: module 'core' includes a file by '../'" in bad.stderr,
               "a '../' include across modules is refused", bad)
        expect(bad.stderr.count("may not include") == 2, "exactly the planted includes", bad)
    print("check-layers: planted wrong-way includes rejected, clean tree accepted")


if __name__ == "__main__":
    main()
