"""Shared fixtures: the repository, the built CLI, the bundled map and the Moving AI set."""
import os
import pathlib

import pytest

REPO = pathlib.Path(os.environ.get("XUNLU_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
MOVINGAI = pathlib.Path(os.environ.get("XUNLU_MOVINGAI_DIR", REPO / ".." / "shared" / "benchmarks" / "movingai"))


@pytest.fixture(scope="session")
def u_trap_path():
    return str(REPO / "docs" / "maps" / "u_trap.map")


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("XUNLU_CLI")
    if not path or not os.path.exists(path):
        pytest.skip("XUNLU_CLI is not set to the built xunlu program (ctest sets it)")
    return path


@pytest.fixture(scope="session")
def movingai():
    if not MOVINGAI.is_dir():
        pytest.skip(f"Moving AI benchmark set not found at {MOVINGAI} "
                    "(download: https://movingai.com/benchmarks/grids.html)")
    return MOVINGAI
