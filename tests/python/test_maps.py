"""GridMap: NumPy round trips, files, bytes, edits, line of sight and refused input."""
import numpy as np
import pytest

import xunlu


def small_codes():
    codes = np.zeros((3, 5), dtype=np.uint8)
    codes[0:2, 2] = xunlu.HIGH_OBSTACLE
    return codes


def test_numpy_round_trip_keeps_every_code_and_cost():
    rng = np.random.default_rng(7)
    codes = rng.integers(0, 4, size=(37, 53), dtype=np.uint8)
    costs = np.where(codes == xunlu.TERRAIN_COST, rng.uniform(1.0, 9.0, size=codes.shape), 1.0)
    m = xunlu.GridMap.from_numpy(codes, costs.astype(np.float32))
    assert (m.width, m.height, m.shape) == (53, 37, (37, 53))
    back = m.to_numpy()
    assert back.dtype == np.uint8 and back.shape == (37, 53)
    np.testing.assert_array_equal(back, codes)
    np.testing.assert_allclose(m.costs()[codes == 3], costs[codes == 3].astype(np.float32))


def test_array_layout_is_y_then_x():
    codes = np.zeros((2, 4), dtype=np.uint8)
    codes[1, 3] = xunlu.HIGH_OBSTACLE  # row y = 1, column x = 3
    m = xunlu.GridMap.from_numpy(codes)
    assert not m.line_of_sight((0, 1), (3, 1))
    assert m.line_of_sight((0, 0), (3, 0))


def test_non_contiguous_views_are_read_correctly():
    codes = np.zeros((4, 8), dtype=np.uint8)
    codes[:, 1::2] = xunlu.HIGH_OBSTACLE
    view = codes[:, ::2]  # strided: every even column, all free
    assert not view.flags["C_CONTIGUOUS"]
    np.testing.assert_array_equal(xunlu.GridMap.from_numpy(view).to_numpy(), view)
    fortran = np.asfortranarray(small_codes())
    np.testing.assert_array_equal(xunlu.GridMap.from_numpy(fortran).to_numpy(), small_codes())


@pytest.mark.parametrize("bad", [np.zeros((3, 3), dtype=np.float64), np.zeros((3, 3), dtype=np.int64)])
def test_wrong_dtype_is_refused(bad):
    with pytest.raises(TypeError, match="uint8"):
        xunlu.GridMap.from_numpy(bad)


def test_bool_arrays_are_walls_where_true():
    walls = np.zeros((3, 5), dtype=bool)
    walls[0:2, 2] = True
    np.testing.assert_array_equal(xunlu.GridMap.from_numpy(walls).to_numpy(), small_codes())


def test_nested_lists_of_codes_or_bools_are_taken():
    lists = small_codes().tolist()
    np.testing.assert_array_equal(xunlu.GridMap.from_numpy(lists).to_numpy(), small_codes())
    bools = (small_codes() == xunlu.HIGH_OBSTACLE).tolist()
    np.testing.assert_array_equal(xunlu.GridMap.from_numpy(bools).to_numpy(), small_codes())
    with pytest.raises(ValueError, match=r"cell \(1, 2\)"):
        xunlu.GridMap.from_numpy([[0, 0, 0], [0, 0, 0], [0, 7, 0]])
    with pytest.raises(TypeError, match="ints 0..3 or bools"):
        xunlu.GridMap.from_numpy([[0, 0.5], [0, 0]])
    with pytest.raises(ValueError, match="2-D"):
        xunlu.GridMap.from_numpy([0, 1, 0])
    with pytest.raises(TypeError, match="str"):
        xunlu.GridMap.from_numpy("..@.")


@pytest.mark.parametrize("shape", [(9,), (2, 3, 4)])
def test_wrong_shape_is_refused(shape):
    with pytest.raises(ValueError, match="2-D"):
        xunlu.GridMap.from_numpy(np.zeros(shape, dtype=np.uint8))


def test_empty_unknown_code_and_bad_costs_are_refused():
    with pytest.raises(ValueError, match="0x3|3x0|not allowed"):
        xunlu.GridMap.from_numpy(np.zeros((0, 3), dtype=np.uint8))
    codes = small_codes()
    codes[2, 4] = 7
    with pytest.raises(ValueError, match="unknown code 7"):
        xunlu.GridMap.from_numpy(codes)
    codes[2, 4] = xunlu.TERRAIN_COST
    with pytest.raises(ValueError, match="terrain_cost"):
        xunlu.GridMap.from_numpy(codes)
    costs = np.ones(codes.shape, dtype=np.float32)
    costs[2, 4] = np.nan
    with pytest.raises(ValueError, match="cost"):
        xunlu.GridMap.from_numpy(codes, costs)
    with pytest.raises(ValueError, match="same shape"):
        xunlu.GridMap.from_numpy(codes, np.ones((2, 2), dtype=np.float32))


def test_map_larger_than_the_limit_is_refused_before_allocating():
    huge = np.lib.stride_tricks.as_strided(np.zeros(1, dtype=np.uint8), shape=(40000, 40000),
                                           strides=(0, 0))
    with pytest.raises(ValueError, match="not allowed"):
        xunlu.GridMap.from_numpy(huge)


def test_load_file_and_bytes(u_trap_path):
    m = xunlu.GridMap.load(u_trap_path)
    assert (m.width, m.height) == (48, 32)
    with open(u_trap_path, "rb") as f:
        same = xunlu.GridMap.from_bytes(f.read(), "u_trap.map")
    np.testing.assert_array_equal(same.to_numpy(), m.to_numpy())
    with pytest.raises(ValueError, match="nope.map"):
        xunlu.GridMap.load("/nonexistent/nope.map")
    with pytest.raises(ValueError, match="broken.map"):
        xunlu.GridMap.from_bytes(b"type octile\nheight 2\nwidth 3\nmap\n...\n", "broken.map")


def test_edits_make_a_new_version_and_leave_the_old_one():
    m = xunlu.GridMap.from_numpy(small_codes())
    closed = m.with_edits([(2, 2, "high", True)])
    assert (m.version, closed.version) == (0, 1)
    assert xunlu.find_path(m, (0, 0), (4, 0)).found
    assert xunlu.find_path(closed, (0, 0), (4, 0)).status == "no_path"
    unit = m.with_edits([(2, 2, "low", True)])
    assert xunlu.find_path(unit, (0, 0), (4, 0)).status == "no_path"
    assert xunlu.find_path(unit, (0, 0), (4, 0), ignore_low_obstacles=True).found
    with pytest.raises(ValueError, match="kind"):
        m.with_edits([(1, 1, "lava", True)])
    with pytest.raises(ValueError, match="cost"):
        m.with_edits([(1, 1, "cost", float("nan"))])
    with pytest.raises(ValueError, match="outside|out of"):
        m.with_edits([(99, 1, "high", True)])


def test_line_of_sight_refuses_bad_cells():
    m = xunlu.GridMap.from_numpy(small_codes())
    assert m.line_of_sight((0, 2), (4, 2))
    assert not m.line_of_sight((0, 0), (4, 0))
    with pytest.raises(ValueError, match="outside"):
        m.line_of_sight((0, 0), (9, 0))
    with pytest.raises(TypeError, match="integers"):
        m.line_of_sight((0.5, 0), (1, 0))
    with pytest.raises(TypeError):
        m.line_of_sight((0, 0, 0), (1, 0))
