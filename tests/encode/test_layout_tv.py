# Thread-value layouts: the copy convention, and each mma fragment layout checked
# against the PTX ISA / AMD formulas and shown to be a bijection onto its tile.
import pytest
import z3

from encode.layout import LayoutError, eval_symbolic, size, values
from encode.solver import Verdict, prove
from encode.tv_layout import (
    MFMA_32x32x8_F16,
    SM80_16x8x16_F32BF16,
    SM80_16x8x16_F32F16,
    copy_tv,
    row_major,
    tile_mma_tv,
)


def nv_a(lane, i):
    g, t = lane >> 2, lane % 4
    return g + 8 * ((i >> 1) & 1), 2 * t + (i & 1) + 8 * (i >> 2)


def nv_b(lane, i):
    g, t = lane >> 2, lane % 4
    return 2 * t + (i & 1) + 8 * (i >> 1), g


def nv_c(lane, i):
    g, t = lane >> 2, lane % 4
    return g + 8 * (i >> 1), 2 * t + (i & 1)


def amd_a(lane, i):
    return lane % 32, 4 * (lane // 32) + i


def amd_b(lane, i):
    return 4 * (lane // 32) + i, lane % 32


def amd_c(lane, i):
    return 8 * (i // 4) + 4 * (lane // 32) + i % 4, lane % 32


FRAGMENTS = [
    (SM80_16x8x16_F32F16, "A", nv_a, 8),
    (SM80_16x8x16_F32F16, "B", nv_b, 4),
    (SM80_16x8x16_F32F16, "C", nv_c, 4),
    (SM80_16x8x16_F32BF16, "A", nv_a, 8),
    (MFMA_32x32x8_F16, "A", amd_a, 4),
    (MFMA_32x32x8_F16, "B", amd_b, 4),
    (MFMA_32x32x8_F16, "C", amd_c, 16),
]


@pytest.mark.parametrize("atom, operand, formula, per_lane", FRAGMENTS)
def test_fragment_matches_formula_and_is_bijective(atom, operand, formula, per_lane):
    tv = atom.tv(operand)
    rows, cols = atom.operand_shape(operand)
    assert size(tv) == atom.lanes * per_lane == rows * cols
    seen = []
    for lane in range(atom.lanes):
        for i in range(per_lane):
            r, c = formula(lane, i)
            assert 0 <= r < rows and 0 <= c < cols
            assert tv(lane, i) == r * cols + c, (lane, i)
            seen.append(tv(lane, i))
    assert sorted(seen) == list(range(rows * cols))


def test_fragment_layouts_are_written_as_expected():
    assert repr(SM80_16x8x16_F32F16.a_tv) == "((4,8),(2,2,2)):((2,16),(1,128,8))"
    assert repr(SM80_16x8x16_F32F16.b_tv) == "((4,8),(2,2)):((16,1),(8,64))"
    assert repr(SM80_16x8x16_F32F16.c_tv) == "((4,8),(2,2)):((2,8),(1,64))"
    assert (MFMA_32x32x8_F16.m, MFMA_32x32x8_F16.n, MFMA_32x32x8_F16.k, MFMA_32x32x8_F16.lanes) == (32, 32, 8, 64)


def test_c_fragment_formula_proved_for_all_lanes():
    lane, i = z3.Int("lane"), z3.Int("i")
    g, t = lane / 4, lane % 4
    row, col = g + 8 * (i / 2), 2 * t + i % 2
    goal = eval_symbolic(SM80_16x8x16_F32F16.c_tv, (lane, i)) == row * 8 + col
    assert prove(goal, [lane >= 0, lane < 32, i >= 0, i < 4]).verdict == Verdict.PROVED


def test_copy_tv_convention():
    tv = copy_tv(32, 4, (8, 32))
    assert tv == copy_tv(32, 4, (8, 32)) and size(tv) == 256
    assert [tv(t, v) for t in (0, 1, 8) for v in range(4)] == [0, 1, 2, 3, 4, 5, 6, 7, 32, 33, 34, 35]
    assert tv(0, 4) == 128  # the second repetition starts threads*vector further on
    assert sorted(values(tv)) == list(range(256))
    single = copy_tv(64, 8, (16, 32))
    assert repr(single) == "(64,8):(8,1)" and sorted(values(single)) == list(range(512))
    assert row_major((3, 4))(2, 1) == 9


@pytest.mark.parametrize("args", [(32, 3, (8, 32)), (48, 4, (8, 32)), (0, 4, (8, 32))])
def test_copy_tv_rejects_uneven_distribution(args):
    with pytest.raises(LayoutError):
        copy_tv(*args)


def mma_c_owner_index(atom, lane, i, w, warps, tile):
    """Row-major index of C element (lane, i) of warp w: warps row-major over the grid,
    each owning a block; atoms row-major inside the block, value = atom*per_atom + i."""
    wm, wn = warps
    block_m, block_n = tile[0] // wm, tile[1] // wn
    per_atom = size(atom.c_tv) // atom.lanes
    a, v = divmod(i, per_atom)
    ai, aj = divmod(a, block_n // atom.n)
    r, c = divmod(atom.c_tv(lane, v), atom.n)
    row = (w // wn) * block_m + ai * atom.m + r
    col = (w % wn) * block_n + aj * atom.n + c
    return row * tile[1] + col


@pytest.mark.parametrize("atom", [SM80_16x8x16_F32F16, MFMA_32x32x8_F16])
@pytest.mark.parametrize("warps, reps", [((1, 1), (1, 1)), ((2, 4), (1, 1)), ((4, 1), (1, 2)), ((1, 2), (2, 2))])
def test_tiled_mma_c_covers_the_tile_once(atom, warps, reps):
    wm, wn = warps
    tile = (atom.m * wm * reps[0], atom.n * wn * reps[1])
    tv = tile_mma_tv(atom, warps, "C", tile if reps != (1, 1) else None)
    values_per_thread = size(atom.c_tv) // atom.lanes * reps[0] * reps[1]
    assert size(tv) == tile[0] * tile[1] == atom.lanes * wm * wn * values_per_thread
    for w in range(wm * wn):
        for lane in range(atom.lanes):
            for i in range(values_per_thread):
                assert tv(lane + atom.lanes * w, i) == mma_c_owner_index(atom, lane, i, w, warps, tile)
    assert sorted(values(tv)) == list(range(tile[0] * tile[1]))


def test_tiled_mma_operands_are_shared_by_warp_rows_and_columns():
    atom = SM80_16x8x16_F32F16
    a, b = tile_mma_tv(atom, (2, 4), "A"), tile_mma_tv(atom, (2, 4), "B")
    for lane in (0, 5, 31):
        for i in range(8):
            # warps 0..3 form warp row 0: they all read the same A block
            assert a(lane + 32 * 0, i) == a(lane + 32 * 3, i)
            assert a(lane + 32 * 4, i) == a(lane, i) + 16 * 16
    for lane in (0, 7, 31):
        for i in range(4):
            # warps 1 and 5 share warp column 1: the same B block
            assert b(lane + 32 * 1, i) == b(lane + 32 * 5, i)
            assert b(lane + 32 * 1, i) == b(lane, i) + 8
    assert sorted(set(values(a))) == list(range(32 * 16))
    assert sorted(set(values(b))) == list(range(16 * 32))
    with pytest.raises(LayoutError):
        tile_mma_tv(atom, (2, 4), "D")
    with pytest.raises(LayoutError):
        tile_mma_tv(atom, (2, 4), "C", (48, 32))
