# Every worked example of shared/notes/layout_algebra.md and docs/LAYOUT.md as an exact
# expected value, including the corner cases where C++ CuTe and pycute differ (C++ wins).
import pytest

from encode.layout import (
    ComposedLayout,
    Layout,
    LayoutError,
    Swizzle,
    blocked_product,
    coalesce,
    complement,
    composition,
    cosize,
    crd2idx,
    depth,
    filter,
    filter_zeros,
    flat_divide,
    flat_product,
    idx2crd,
    left_inverse,
    logical_divide,
    logical_product,
    make_layout_from_string,
    parse_layout,
    raked_product,
    rank,
    right_inverse,
    same_function,
    size,
    slice_and_offset,
    tile_to_shape,
    tiled_divide,
    tiled_product,
    values,
    zipped_divide,
    zipped_product,
)

P = parse_layout


def test_layout_value_semantics():
    L = Layout((4, (2, 3)), (2, (1, 8)))
    assert repr(L) == "(4,(2,3)):(2,(1,8))"
    assert L == P("(4,(2,3)):(2,(1,8))") and hash(L) == hash(P("(4,(2,3)):(2,(1,8))"))
    assert L.shape == (4, (2, 3)) and L.stride == (2, (1, 8))
    assert L[1] == P("(2,3):(1,8)") and L[0] == P("4:2")
    assert not hasattr(L, "__dict__")
    with pytest.raises(AttributeError):
        L.shape = 3


def test_default_stride_is_column_major():
    assert Layout((2, (4, 6))).stride == (1, (2, 8))
    assert P("(8,8)") == Layout((8, 8), (1, 8))
    assert make_layout_from_string("(8,8)") == P("(8,8):(1,8)")


def test_structural_vs_functional_equality():
    forms = [P("8:1"), P("(8):(1)"), P("(4,2):(1,4)"), P("((4,2)):((1,4))")]
    assert len(set(forms)) == 4
    assert all(same_function(forms[0], f) for f in forms)
    assert repr(P("(8):(1)")) == "(8):(1)" and P("(8):(1)").shape == (8,)


def test_rank_depth_size_cosize():
    assert (rank(P("8:1")), rank(P("(8):(1)")), rank(P("(4,(2,3)):(2,(1,8))"))) == (1, 1, 2)
    assert (depth(P("8:1")), depth(P("(8,2):(1,8)")), depth(P("(4,(2,3)):(2,(1,8))"))) == (0, 1, 2)
    assert size(P("(4,3):(0,1)")) == 12 and cosize(P("(4,3):(0,1)")) == 3
    assert size(P("(4,(2,3)):(2,(1,8))")) == 24 and cosize(P("(4,(2,3)):(2,(1,8))")) == 24


def test_coordinates_worked_example():
    L = P("(4,(2,3)):(2,(1,8))")
    assert L(13) == 11 and L(1, 4) == 18 and L((1, 4)) == 18 and L(1, (0, 2)) == 18
    assert values(L) == [0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15,
                         16, 18, 20, 22, 17, 19, 21, 23]
    assert idx2crd(16, (3, (2, 3))) == (1, (1, 2))
    assert crd2idx(9, (2, 4), (1, 10)) == 41  # the last mode is not wrapped
    assert idx2crd(9, (2, 4)) == (1, 0)  # every mode wraps


def test_slicing():
    sub, offset = slice_and_offset((0, None, 1), P("(2,3,4):(1,2,6)"))
    assert (sub, offset) == (P("(3):(2)"), 6) and sub.shape == (3,)
    assert P("(2,3,4):(1,2,6)")(0, None, 1) == P("(3):(2)")


@pytest.mark.parametrize("text, expected", [
    ("(2,(1,6)):(1,(6,2))", "12:1"),
    ("(2,4):(4,1)", "(2,4):(4,1)"),
    ("((2,2),(2,2)):((1,4),(8,32))", "(2,4,2):(1,4,32)"),
    ("(2,3):(0,0)", "6:0"),
    ("1:1", "1:0"),
    ("(4,1):(1,0)", "4:1"),
])
def test_coalesce(text, expected):
    assert coalesce(P(text)) == P(expected)


def test_coalesce_by_mode_and_filter():
    assert coalesce(P("(3,(4,5)):(8,(1,4))"), (1, 1)) == P("(3,20):(8,1)")
    assert filter(P("(2,4,4,6):(4,1,0,8)")) == P("(2,4,6):(4,1,8)")
    assert filter_zeros(P("(2,3):(0,0)")) == P("1:0")


@pytest.mark.parametrize("a, b, expected", [
    ("20:2", "(5,4):(4,1)", "(5,4):(8,2)"),
    ("(6,2):(8,2)", "(4,3):(3,1)", "((2,2),3):((24,2),8)"),
    ("(3,6,2,8):(1,100,1000,10000)", "16:9", "(2,2,4):(300,1000,10000)"),
    ("(10,2):(16,4)", "(5,4):(1,5)", "(5,(2,2)):(16,(80,4))"),
    ("(4,3):(3,1)", "24:1", "(4,6):(3,1)"),
    ("(4,6,8,10):(2,3,5,7)", "6:12", "(2,3):(9,5)"),
    ("(2,3):(0,1)", "6:1", "(2,3):(0,1)"),
    # C++'s weaker stride condition accepts these; pycute raises.
    ("(8,8):(8,1)", "3:3", "3:24"),
    ("(8,8):(8,1)", "2:3", "2:24"),
    # C++ keeps the trailing stride for extension (coalesce_x); pycute gives 4:0 and (4,6):(3,1).
    ("1:1", "4:1", "4:1"),
    ("(4,3,1):(3,1,0)", "24:1", "(4,3,2):(3,1,0)"),
])
def test_composition(a, b, expected):
    R = composition(P(a), P(b))
    assert R == P(expected)
    assert all(R(i) == P(a)(P(b)(i)) for i in range(size(P(b))))


def test_composition_by_mode_tilers():
    A = P("(12,(4,8)):(59,(13,1))")
    assert composition(A, (P("3:4"), P("8:2"))) == P("(3,(2,4)):(236,(26,1))")
    assert composition(A, (3, 8)) == P("(3,(4,2)):(59,(13,1))")
    assert composition(A, (None, 8)) == P("(12,(4,2)):(59,(13,1))")
    assert composition(A, None) == A


def test_composition_checks_carries_between_modes_of_b():
    # C++ returns (2,2):(1,1) for the first, whose R(3) = 2 but A(B(3)) = A(2) = 10.
    with pytest.raises(LayoutError, match="overlap"):
        composition(P("(2,4):(1,10)"), P("(2,2):(1,1)"))
    assert composition(P("(4,4):(1,10)"), P("(2,2):(1,1)")) == P("(2,2):(1,1)")


def test_composition_ignores_the_stride_of_a_size_one_mode_of_b():
    A, B = P("(2,2):(0,1)"), P("(2,1):(1,3)")  # C++ rejects 3 against the mode 2:0
    R = composition(A, B)
    assert size(R) == 2 and all(R(i) == A(B(i)) for i in range(2))


@pytest.mark.parametrize("a, b", [
    ("(4,4):(4,1)", "6:1"),  # shape condition: pycute silently returns 4:4
    ("(2,2):(1,8)", "3:1"),  # complement(4:2, 12) ∘ 3:1, the product trap
    ("(4,6):(1,5)", "2:6"),  # stride condition
    ("(3,4):(0,1)", "4:2"),  # C++ accepts (k' < s) but is wrong past the mode
])
def test_composition_preconditions_raise(a, b):
    with pytest.raises(LayoutError, match="composition"):
        composition(P(a), P(b))


@pytest.mark.parametrize("a, m, expected", [
    ("4:1", 24, "6:4"),
    ("6:4", 24, "4:1"),
    ("(4,6):(1,4)", 24, "1:0"),
    ("4:2", 24, "(2,3):(1,8)"),
    ("(2,2):(1,6)", 24, "(3,2):(2,12)"),
    ("4:2", 19, "(2,3):(1,8)"),
    ("4:0", 6, "6:1"),
    ("3:0", 1, "1:0"),
])
def test_complement(a, m, expected):
    assert complement(P(a), m) == P(expected)


def test_complement_default_cotarget_is_cosize_of_filter():
    assert complement(P("(2,2):(1,6)")) == P("3:2")
    assert complement(P("4:1")) == P("1:0")


def test_complement_of_the_product_trap():
    assert complement(P("4:2"), 12) == P("(2,2):(1,8)")


@pytest.mark.parametrize("a", ["(2,2):(2,3)", "(2,2):(1,1)", "(2,2):(3,2)"])   # (4,6):(1,6): C++ gives 2:36
def test_complement_raises_on_overlap_and_interleaving(a):
    with pytest.raises(LayoutError, match="complement"):
        complement(P(a), 48)


@pytest.mark.parametrize("a, tiler, expected", [
    ("(4,2,3):(2,1,8)", P("4:2"), "((2,2),(2,3)):((4,1),(2,8))"),
    ("24:1", P("4:2"), "(4,(2,3)):(2,(1,8))"),
    ("(6,8):(8,1)", (3, 4), "((3,2),(4,2)):((8,24),(1,4))"),
    ("(6,8):(8,1)", P("(3,4):(1,3)"), "((3,(2,2)),4):((8,(24,1)),2)"),
    ("10:1", P("4:1"), "(4,3):(1,4)"),  # non-dividing tile pads: size 12 > 10
    ("2:1", P("32:1"), "(32,1):(1,0)"),
])
def test_logical_divide(a, tiler, expected):
    assert logical_divide(P(a), tiler) == P(expected)


def test_divide_by_an_integer_follows_static_cpp():
    # dynamic C++ prints (64,(2,4)):(1,(64,128)); static C++ and pycute coalesce the rest
    assert logical_divide(Layout((32, 4, 4)), 64) == P("(64,8):(1,64)")


def test_divide_variants():
    A = P("(6,8):(8,1)")
    assert zipped_divide(A, (3, 4)) == P("((3,4),(2,2)):((8,1),(24,4))")
    assert tiled_divide(A, (3, 4)) == P("((3,4),2,2):((8,1),24,4)")
    assert flat_divide(A, (3, 4)) == P("(3,4,2,2):(8,1,24,4)")
    assert zipped_divide(A, P("(3,4):(1,3)")) == logical_divide(A, P("(3,4):(1,3)"))
    assert tiled_divide(P("(4,2,3):(2,1,8)"), P("4:2")) == P("((2,2),2,3):((4,1),2,8)")


def test_divide_by_mode_tile_is_composition():
    A, tiler = P("(9,(4,8)):(59,(13,1))"), (P("3:3"), P("(2,4):(1,8)"))
    assert zipped_divide(A, tiler)[0] == P("(3,(2,4)):(177,(13,2))")
    assert zipped_divide(A, tiler)[0] == composition(A, tiler)


@pytest.mark.parametrize("a, b, expected", [
    ("(2,2):(4,1)", "6:1", "((2,2),(2,3)):((4,1),(2,8))"),
    ("(2,2):(4,1)", "(4,2):(2,1)", "((2,2),(4,2)):((4,1),(8,2))"),
    ("(3,4):(4,1)", "(2,5):(1,2)", "((3,4),(2,5)):((4,1),(12,24))"),
    ("3:32", "(8,8)", "(3,(8,(4,2))):(32,(1,(8,96)))"),
    ("3:0", "4:1", "(3,4):(0,1)"),
])
def test_logical_product(a, b, expected):
    assert logical_product(P(a), P(b)) == P(expected)


def test_product_with_an_integer_tiler_is_a_product():
    # pycute's logical_product(A, int) calls logical_divide by mistake
    assert logical_product(P("3:1"), 4) == logical_product(P("3:1"), P("4:1")) == P("(3,4):(1,3)")


def test_by_mode_product_copies_can_collide():
    per_mode = logical_product(P("(2,5):(5,1)"), (P("3:1"), P("4:1")))
    assert len(set(values(per_mode))) < size(per_mode)
    blocked = blocked_product(P("(2,5):(5,1)"), (3, 4))
    assert len(set(values(blocked))) == size(blocked)


def test_product_variants_and_trap():
    A, B = P("(2,2):(4,1)"), P("(4,2):(2,1)")
    assert zipped_product(A, B) == logical_product(A, B)
    assert tiled_product(A, B) == P("((2,2),4,2):((4,1),8,2)")
    assert flat_product(A, B) == P("(2,2,4,2):(4,1,8,2)")
    with pytest.raises(LayoutError, match="shape divisibility"):
        logical_product(P("4:2"), P("3:1"))


@pytest.mark.parametrize("op, a, b, expected", [
    (blocked_product, "(2,5):(5,1)", (3, 4), "((2,3),(5,4)):((5,10),(1,30))"),
    (raked_product, "(2,5):(5,1)", (3, 4), "((3,2),(4,5)):((10,5),(30,1))"),
    (blocked_product, "(3,4):(4,1)", P("(2,5):(1,2)"), "((3,2),(4,5)):((4,12),(1,24))"),
    (raked_product, "(3,4):(4,1)", P("(2,5):(1,2)"), "((2,3),(5,4)):((12,4),(24,1))"),
    (blocked_product, "(2,2):(1,2)", P("(4,4):(1,4)"), "((2,4),(2,4)):((1,4),(2,16))"),
])
def test_blocked_and_raked_products(op, a, b, expected):
    assert op(P(a), b) == P(expected)


def test_tile_to_shape():
    assert tile_to_shape(P("(2,2):(1,2)"), (8, 8)) == P("((2,4),(2,4)):((1,4),(2,16))")
    with pytest.raises(LayoutError):
        tile_to_shape(P("(3,2):(1,3)"), (8, 8))


@pytest.mark.parametrize("a, expected", [
    ("(2,4,6):(4,1,8)", "(4,2,6):(2,1,8)"),
    ("(8,4):(4,1)", "(4,8):(8,1)"),
    ("4:2", "1:0"),
    ("(4,2):(1,5)", "4:1"),
    ("(2,4,4,6):(4,1,0,8)", "(4,2,6):(2,1,32)"),  # pycute: 1:0
])
def test_right_inverse(a, expected):
    R = right_inverse(P(a))
    assert R == P(expected)
    assert all(P(a)(R(i)) == i for i in range(size(R)))


def test_right_inverse_worked_point():
    assert right_inverse(P("(2,4,6):(4,1,8)"))(5) == 3 and P("(2,4,6):(4,1,8)")(3) == 5


@pytest.mark.parametrize("a, expected", [
    ("4:2", "(2,4):(0,1)"),
    ("(4,2):(1,5)", "(5,2):(1,4)"),
    ("(128,160):(65536,1)", "(65536,128):(128,1)"),
    ("(2,4,4,6):(4,1,0,8)", "(4,2,6):(2,1,32)"),
    ("(2,4):(4,1)", "(4,2):(2,1)"),
])
def test_left_inverse(a, expected):
    assert left_inverse(P(a)) == P(expected)


def test_left_inverse_divisibility_raises():
    with pytest.raises(LayoutError, match="left_inverse"):
        left_inverse(P("(2,2):(2,3)"))


def test_swizzle_values():
    sw = Swizzle(3, 3, 3)
    assert [sw(x) for x in (64, 128, 200, 448)] == [72, 144, 208, 504]
    assert [Swizzle(1, 0, -2)(x) for x in range(8)] == [0, 5, 2, 7, 4, 1, 6, 3]
    row_xor = ComposedLayout(Swizzle(3, 0, 3), 0, P("(8,8):(8,1)"))
    assert all(row_xor(m, n) == 8 * m + (n ^ m) for m in range(8) for n in range(8))
    chunks = ComposedLayout(sw, 0, P("(8,64):(64,1)"))
    assert all(chunks(r, c) == 64 * r + 8 * ((c // 8) ^ r) + c % 8 for r in range(8) for c in range(64))


def test_swizzle_rejects_overlapping_fields():
    with pytest.raises(LayoutError):
        Swizzle(3, 0, 2)


@pytest.mark.parametrize("text", ["", "(4,", "4:", "(4,2):(1)", "(a)", "4:1 x", "(0,2)", "(4,2):(1,(2,3))"])
def test_parse_errors(text):
    with pytest.raises(LayoutError):
        parse_layout(text)


@pytest.mark.parametrize("text", ["8:1", "(8):(1)", "(4,(2,3)):(2,(1,8))", "((2,2),(2,2)):((1,4),(8,32))", "(3,4):(0,-1)"])
def test_parse_roundtrip(text):
    assert repr(parse_layout(text)) == text
    assert parse_layout(" ( 4 , 2 ) : ( 1 , 4 ) ") == Layout((4, 2), (1, 4))
