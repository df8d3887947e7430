# Swizzles: bijective and involutive on their blocks (concretely and by Z3 over all
# bit-vectors), and ComposedLayout keeps its form under slicing, composition and divide.
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from encode.layout import (
    ComposedLayout,
    Layout,
    LayoutError,
    Swizzle,
    composition,
    logical_divide,
    parse_layout,
    size,
    values,
    zipped_divide,
)
from encode.solver import Verdict, prove

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True, database=None)


@st.composite
def swizzles(draw):
    bits = draw(st.integers(0, 3))
    base = draw(st.integers(0, 3))
    shift = draw(st.integers(bits, 4)) * draw(st.sampled_from([1, -1]))
    return Swizzle(bits, base, shift)


@SETTINGS
@given(swizzles())
def test_swizzle_is_an_involutive_bijection_on_each_block(sw):
    n = sw.shape
    image = [sw(x) for x in range(2 * n)]
    assert sorted(image[:n]) == list(range(n)) and sorted(image[n:]) == list(range(n, 2 * n))
    assert all(sw(sw(x)) == x for x in range(2 * n))
    assert all(sw(x) & ((1 << sw.base) - 1) == x & ((1 << sw.base) - 1) for x in range(n))


@SETTINGS
@given(swizzles())
def test_swizzle_laws_for_every_bit_vector(sw):
    width = sw.bits + sw.base + abs(sw.shift) + 2
    x, y = z3.BitVec("x", width), z3.BitVec("y", width)
    assert prove(sw(sw(x)) == x).verdict == Verdict.PROVED
    assert prove(z3.Implies(sw(x) == sw(y), x == y)).verdict == Verdict.PROVED
    for v in (v for v in (0, 1, sw.shape - 1, sw.shape + 1) if v < 1 << width):
        assert z3.simplify(sw(z3.BitVecVal(v, width))).as_long() == sw(v)


def test_swizzle_masks_and_errors():
    sw = Swizzle(3, 3, 3)
    assert (sw.yyy_mask, sw.zzz_mask, sw.shape) == (0b111 << 6, 0b111 << 3, 512)
    assert Swizzle(1, 0, -2).yyy_mask == 1 and Swizzle(1, 0, -2).zzz_mask == 4
    assert [Swizzle(0, 4, 0)(x) for x in range(5)] == list(range(5))
    for bad in [(2, 0, 1), (-1, 0, 0), (1, -1, 1)]:
        try:
            Swizzle(*bad)
        except LayoutError:
            continue
        raise AssertionError(f"Swizzle{bad} accepted")
    try:
        sw(-1)
    except LayoutError:
        pass
    else:
        raise AssertionError("negative offset accepted")


def test_composed_layout_evaluates_swizzle_after_offset_and_layout():
    inner = parse_layout("(8,64):(64,1)")
    cl = ComposedLayout(Swizzle(3, 3, 3), 0, inner)
    assert size(cl) == 512 and sorted(values(cl)) == list(range(512))
    shifted = ComposedLayout(Swizzle(3, 3, 3), 512, inner)
    assert all(shifted(i) == 512 + cl(i) for i in range(512))
    assert repr(cl) == "Sw<3,3,3> o 0 o (8,64):(64,1)"


def test_slicing_a_composed_layout_keeps_the_swizzle():
    cl = ComposedLayout(Swizzle(3, 3, 3), 0, parse_layout("(8,64):(64,1)"))
    row = cl(3, None)
    assert isinstance(row, ComposedLayout) and row.offset == 192
    assert all(row(c) == cl(3, c) for c in range(64))


def test_composition_and_divide_on_the_inner_side_keep_the_form():
    cl = ComposedLayout(Swizzle(3, 3, 3), 0, parse_layout("(8,64):(64,1)"))
    tile = composition(cl, (4, 16))
    assert isinstance(tile, ComposedLayout) and tile.layout == parse_layout("(4,16):(64,1)")
    assert all(tile(r, c) == cl(r, c) for r in range(4) for c in range(16))
    tiles = zipped_divide(cl, (4, 16))
    assert isinstance(tiles, ComposedLayout)
    assert sorted(values(tiles)) == list(range(512))
    assert logical_divide(cl, Layout(8)).layout == logical_divide(cl.layout, Layout(8))
