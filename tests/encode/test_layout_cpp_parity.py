"""Where the layout algebra follows C++ CuTe's results for inputs the earlier version
rejected (issue 17, item 8): complements of layouts whose holes are not multiples,
negative strides on composition's right-hand side, idx2crd with an explicit stride."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from encode.inttuple import LayoutError
from encode.layout import Layout, complement, composition, idx2crd, size


def _image(layout: Layout) -> set[int]:
    return {layout(i) for i in range(size(layout))}


@pytest.mark.parametrize("a,m,want", [
    (Layout((4, 6), (1, 6)), 48, "2:36"),
    (Layout((4, 6), (1, 6)), 1, "1:0"),
    (Layout(3, 5), 30, "(5,2):(1,15)"),
    (Layout((2, 3), (1, 5)), 30, "(2,2):(2,15)"),
])
def test_complement_with_holes_is_cpp_s(a, m, want):
    r = complement(a, m)
    assert str(r) == want
    offsets = [r(i) for i in range(size(r))]
    assert offsets == sorted(offsets) and len(set(offsets)) == len(offsets)     # ordered
    assert not (set(offsets[1:]) & _image(a))                                    # disjoint


def test_complement_still_rejects_interleaved_modes():
    with pytest.raises(LayoutError, match="overlap or interleave"):
        complement(Layout((2, 2), (2, 3)), 24)


@given(st.integers(1, 6), st.integers(1, 6), st.integers(1, 9), st.integers(1, 64))
def test_complement_is_ordered_and_disjoint(s0, s1, gap, m):
    a = Layout((s0, s1), (1, s0 + gap - 1))     # the second mode starts at or past the first's extent
    r = complement(a, m)
    offsets = [r(i) for i in range(size(r))]
    assert offsets == sorted(set(offsets))
    assert not (set(offsets[1:]) & _image(a))


@pytest.mark.parametrize("a,b,want", [
    (Layout(8, 1), Layout(4, -1), "4:-1"),
    (Layout(8, 2), Layout(4, -2), "4:-4"),
    (Layout(6, 3), Layout((2, 2), (-1, 1)), "(2,2):(-3,3)"),
])
def test_negative_right_hand_strides_compose_with_a_single_mode(a, b, want):
    assert str(composition(a, b)) == want


def test_negative_right_hand_stride_against_a_multi_mode_layout_is_refused():
    with pytest.raises(LayoutError, match="single mode"):
        composition(Layout((4, 4), (1, 8)), Layout(4, -1))


@pytest.mark.parametrize("idx,shape,stride,want", [
    (7, (2, 4), (4, 1), (1, 3)),
    (7, (2, 4), (1, 2), (1, 3)),
    (13, (2, (2, 3)), (1, (2, 4)), (1, (0, 0))),
    (5, 8, 1, 5),
])
def test_idx2crd_with_a_stride_is_cpp_s(idx, shape, stride, want):
    assert idx2crd(idx, shape, stride) == want


def test_idx2crd_with_a_stride_inverts_a_compact_layout():
    shape, stride = (3, (2, 4)), (8, (1, 2))
    layout = Layout(shape, stride)
    for c0 in range(3):
        for c1 in range(2):
            for c2 in range(4):
                assert idx2crd(layout((c0, (c1, c2))), shape, stride) == (c0, (c1, c2))


def test_idx2crd_stride_must_match_the_shape():
    with pytest.raises(LayoutError, match="congruent"):
        idx2crd(3, (2, 4), (1,))
