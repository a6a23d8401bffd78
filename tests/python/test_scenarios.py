"""run_scenarios against the files' optimal lengths and against the CLI's own answers."""
import json
import subprocess

import pytest

import xunlu


def test_run_scenarios_matches_the_file_and_the_cli(movingai, cli, tmp_path):
    scen = movingai / "dao" / "arena.map.scen"
    report = xunlu.run_scenarios(str(scen), algorithm="jps", every=7)
    assert report["scenarios"] > 10 and report["mismatches"] == 0
    assert report["solved"] == report["scenarios"]
    emitted = tmp_path / "paths.jsonl"
    subprocess.run([cli, "scen", str(scen), "--algo", "jps", "--every", "7", "--emit-paths",
                    str(emitted), "--json"], check=True, capture_output=True, timeout=300)
    lines = [json.loads(line) for line in emitted.read_text().splitlines() if line.strip()]
    assert len(lines) == report["scenarios"]
    for ours, theirs in zip(report["results"], lines):
        assert list(ours["start"]) == list(theirs["start"])
        assert list(ours["goal"]) == list(theirs["goal"])
        assert ours["length"] == pytest.approx(theirs["length"], abs=1e-9)


def test_run_scenarios_refuses_bad_input(tmp_path, u_trap_path):
    with pytest.raises(ValueError, match="every"):
        xunlu.run_scenarios("x.scen", every=0)
    with pytest.raises(ValueError, match="missing.scen"):
        xunlu.run_scenarios(str(tmp_path / "missing.scen"))
    bad = tmp_path / "bad.map.scen"
    bad.write_text("version 1\n0\tu_trap.map\t48\t32\t5\t15\n")
    with pytest.raises(ValueError, match="bad.map.scen:2"):
        xunlu.run_scenarios(str(bad), map_dir=str(tmp_path))


def test_run_scenarios_on_the_bundled_map(tmp_path, u_trap_path):
    scen = tmp_path / "u_trap.map.scen"
    # One problem; its optimum (31 straight + 8 diagonal steps... as A* says) is checked
    # against a length computed here from find_path, so the file's precision logic is exercised.
    m = xunlu.GridMap.load(u_trap_path)
    length = xunlu.find_path(m, (5, 15), (36, 15)).length
    scen.write_text(f"version 1\n0\tu_trap.map\t48\t32\t5\t15\t36\t15\t{length:.8f}\n")
    import shutil
    shutil.copy(u_trap_path, tmp_path / "u_trap.map")
    report = xunlu.run_scenarios(str(scen), algorithm="jps-block")
    assert report["scenarios"] == 1 and report["mismatches"] == 0
    scen.write_text(f"version 1\n0\tu_trap.map\t48\t32\t5\t15\t36\t15\t{length + 1:.8f}\n")
    assert xunlu.run_scenarios(str(scen))["mismatches"] == 1
