"""Builds the compiled module xunlu._xunlu with CMake (pyproject.toml holds the metadata).

Only the module's targets are built (the library modules it links, not the CLI, the server, the
tests or the benchmarks), in build/python-cmake/ beside the source, so a second `pip install`
rebuilds only what changed. Environment:
  XUNLU_PYTHON_BUILD_DIR  another CMake build directory for the module
  CMAKE_ARGS              more arguments for the CMake configure (e.g. a compiler launcher)
  CMAKE_BUILD_PARALLEL_LEVEL  parallel jobs (default: the number of CPUs)
"""
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def project_version():
    """The version in CMakeLists.txt's project() call, the one the C++ library carries."""
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    match = re.search(r"project\(xunlu VERSION ([0-9.]+)", text)
    if not match:
        raise RuntimeError("CMakeLists.txt: no 'project(xunlu VERSION x.y.z' line")
    return match.group(1)


class CMakeBuild(build_ext):
    """Configures the xunlu tree for the running interpreter and builds target xunlu_python."""

    def build_extension(self, ext):
        if shutil.which("cmake") is None:
            raise RuntimeError("xunlu: cmake is needed to build the module (Debian: cmake, "
                               "or run scripts/install-deps)")
        build_dir = pathlib.Path(os.environ.get("XUNLU_PYTHON_BUILD_DIR",
                                                ROOT / "build" / "python-cmake")).resolve()
        configure = ["cmake", "-S", str(ROOT), "-B", str(build_dir),
                     "-DCMAKE_BUILD_TYPE=Release", "-DXUNLU_BUILD_PYTHON=ON",
                     "-DXUNLU_BUILD_TESTS=OFF", "-DXUNLU_BUILD_BENCH=OFF",
                     "-DXUNLU_BUILD_SERVER=OFF", f"-DXUNLU_PYTHON={sys.executable}"]
        if not (build_dir / "CMakeCache.txt").exists() and shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        configure += shlex.split(os.environ.get("CMAKE_ARGS", ""))
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "xunlu_python",
                        "-j", jobs], check=True)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = build_dir / "python" / "xunlu" / f"_xunlu{suffix}"
        if not built.exists():
            raise RuntimeError(f"xunlu: the build made no {built}")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(version=project_version(),
      ext_modules=[Extension("xunlu._xunlu", sources=[])],
      cmdclass={"build_ext": CMakeBuild})
