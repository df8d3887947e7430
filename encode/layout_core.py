# The Layout value (a congruent shape:stride pair) and the operations that only look
# at one layout: size, cosize, evaluation, slicing, coalesce, filter, parsing.
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional

from encode import inttuple as it
from encode.inttuple import IntTuple, IntTupleError, LayoutError


@dataclass(frozen=True, slots=True, init=False)
class Layout:
    """A function from coordinates to integer offsets: `shape:stride`.

    Equality is structural (`8:1 != (8):(1)`); use `same_function` for functional
    equality. With no stride, the stride is compact column-major (LayoutLeft)."""

    shape: IntTuple
    stride: IntTuple

    def __init__(self, shape, stride=None):
        try:
            shape = it.as_int_tuple(shape, "Layout shape")
            stride = it.prefix_product(shape) if stride is None else it.as_int_tuple(stride, "Layout stride")
        except IntTupleError as err:
            raise LayoutError(str(err)) from None
        if not it.congruent(shape, stride):
            raise LayoutError(f"Layout: stride {it.format_int_tuple(stride)} is not congruent "
                              f"to shape {it.format_int_tuple(shape)}")
        if any(s < 1 for s in it.flatten(shape)):
            raise LayoutError(f"Layout: shape {it.format_int_tuple(shape)} has an extent below 1")
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "stride", stride)

    def __repr__(self) -> str:
        return f"{it.format_int_tuple(self.shape)}:{it.format_int_tuple(self.stride)}"

    __str__ = __repr__

    def __call__(self, *crd):
        """L(i) for a 1-D index, L(c0, c1, ...) or L((c0, c1)) for a coordinate. A None
        in the coordinate keeps that mode: the result is then the sliced Layout. Solver
        terms go through layout_symbolic.eval_symbolic instead."""
        if not crd:
            raise LayoutError(f"Layout {self}: called without a coordinate")
        crd = crd[0] if len(crd) == 1 else tuple(crd)
        if has_none(crd):
            return slice_and_offset(crd, self)[0]
        try:
            crd = it.as_int_tuple(crd, "coordinate")
            return it.crd2idx(crd, self.shape, self.stride)
        except IntTupleError as err:
            raise LayoutError(f"Layout {self}: {err}") from None

    def __getitem__(self, i: int) -> "Layout":
        """Mode i as a Layout. An integer-shaped layout is its own only mode."""
        if not isinstance(i, int):
            raise TypeError(f"Layout modes are indexed by int, not {type(i).__name__}")
        if not it.is_tuple(self.shape):
            if i in (0, -1):
                return self
            raise IndexError(f"Layout {self} has rank 1; no mode {i}")
        if not -len(self.shape) <= i < len(self.shape):
            raise IndexError(f"Layout {self} has rank {len(self.shape)}; no mode {i}")
        return Layout(self.shape[i], self.stride[i])

    def __iter__(self):
        return (self[i] for i in range(rank(self)))


def has_none(crd) -> bool:
    """Does a coordinate contain a None (a kept mode, i.e. a slice)?"""
    if crd is None:
        return True
    return it.is_tuple(crd) and any(has_none(c) for c in crd)


def size(layout) -> int:
    """The size of the domain: the product of the shape (a ComposedLayout has one too)."""
    return it.product(layout.shape)


def cosize(layout: Layout) -> int:
    """L(size-1) + 1: the extent of the codomain (not the number of distinct values)."""
    return layout(size(layout) - 1) + 1


def rank(layout) -> int:
    return it.rank(layout.shape)


def depth(layout) -> int:
    return it.depth(layout.shape)


def crd2idx(crd, shape: IntTuple, stride: Optional[IntTuple] = None):
    """The offset of coordinate `crd` (an int or a compatible tuple) in shape:stride."""
    return Layout(shape, stride)(crd)


def idx2crd(idx: int, shape: IntTuple, stride: Optional[IntTuple] = None) -> IntTuple:
    """The natural coordinate of 1-D index `idx`; every mode wraps. With a `stride`
    (congruent to `shape`), as C++ CuTe: mode i's coordinate is (idx / stride_i) % shape_i,
    so the stride says where in the index each mode's digit sits."""
    shape = it.as_int_tuple(shape, "idx2crd shape")
    if stride is None:
        return it.idx2crd(idx, shape)
    stride = it.as_int_tuple(stride, "idx2crd stride")
    if not it.congruent(shape, stride):
        raise LayoutError(f"idx2crd: stride {stride} is not congruent to shape {shape}")
    return _idx2crd_strided(idx, shape, stride)


def _idx2crd_strided(idx: int, shape: IntTuple, stride: IntTuple) -> IntTuple:
    if it.is_tuple(shape):
        return tuple(_idx2crd_strided(idx, s, d) for s, d in zip(shape, stride))
    if stride == 0:
        raise LayoutError("idx2crd: a stride of 0 gives no digit")
    return (idx // stride) % shape


def make_layout(*modes: Layout) -> Layout:
    """Concatenate layouts as the top-level modes of a new layout."""
    return Layout(tuple(m.shape for m in modes), tuple(m.stride for m in modes))


def flat_modes(layout: Layout) -> list[tuple[int, int]]:
    """The (shape, stride) leaves in order."""
    return list(zip(it.flatten(layout.shape), it.flatten(layout.stride)))


def from_modes(modes: list[tuple[int, int]]) -> Layout:
    """Build the normal form of a list of leaves: 1:0 if empty, an integer shape if one."""
    if not modes:
        return Layout(1, 0)
    if len(modes) == 1:
        return Layout(modes[0][0], modes[0][1])
    return Layout(tuple(s for s, _ in modes), tuple(d for _, d in modes))


def coalesce_modes(modes: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Drop size-1 leaves and merge s1:d1 into the previous s0:d0 when d1 == s0*d0."""
    result: list[tuple[int, int]] = []
    for s, d in modes:
        if s == 1:
            continue
        if result and d == result[-1][0] * result[-1][1]:
            result[-1] = (result[-1][0] * s, result[-1][1])
        else:
            result.append((s, d))
    return result


def coalesce(layout: Layout, profile: Optional[IntTuple] = None) -> Layout:
    """The simplest layout with the same size and the same function on [0, size).
    With a profile, coalesce each mode i < len(profile) on its own."""
    if profile is not None and it.is_tuple(profile):
        if len(profile) > rank(layout):
            raise LayoutError(f"coalesce: profile {profile!r} has more modes than {layout}")
        modes = [coalesce(layout[i], p) for i, p in enumerate(profile)]
        return make_layout(*modes, *list(layout)[len(profile):])
    return from_modes(coalesce_modes(flat_modes(layout)))


def filter_zeros(layout: Layout) -> Layout:
    """Remove stride-0 and size-1 modes, then coalesce: the same image without repeats
    caused by broadcasting. C++ `filter`."""
    return from_modes(coalesce_modes((s, d) for s, d in flat_modes(layout) if d != 0))


def same_function(a, b) -> bool:
    """Functional equality: equal sizes and a(i) == b(i) for every i in [0, size)."""
    return size(a) == size(b) and all(a(i) == b(i) for i in range(size(a)))


def values(layout) -> list[int]:
    """The 1-D function as a list: [L(0), ..., L(size-1)]."""
    return [layout(i) for i in range(size(layout))]


def slice_and_offset(crd, layout: Layout) -> tuple[Layout, int]:
    """Slice with a coordinate where None keeps a mode: (kept sub-layout, offset of the
    coordinate with each None replaced by 0). (2,3,4):(1,2,6) at (0,None,1) -> ((3):(2), 6)."""
    shape, stride, offset = _slice(crd, layout.shape, layout.stride)
    return Layout(shape, stride), offset


def _slice(crd, shape, stride):
    if crd is None:
        return shape, stride, 0
    if it.is_tuple(crd):
        if not it.is_tuple(shape) or len(crd) != len(shape):
            raise LayoutError(f"slice: coordinate {crd!r} does not fit shape {it.format_int_tuple(shape)}")
        kept_s, kept_d, offset = [], [], 0
        for c, s, d in zip(crd, shape, stride):
            sub_s, sub_d, sub_off = _slice(c, s, d)
            offset += sub_off
            if c is None or (it.is_tuple(c) and has_none(c)):
                kept_s.append(sub_s)
                kept_d.append(sub_d)
        return tuple(kept_s), tuple(kept_d), offset
    return (), (), it.crd2idx(crd, shape, stride)


def parse_layout(text: str) -> Layout:
    """Parse "shape:stride" text such as "(4,(2,3)):(2,(1,8))", or a bare shape such as
    "(8,8)" which gets the compact column-major stride."""
    if not isinstance(text, str):
        raise LayoutError(f"parse_layout: expected text, got {type(text).__name__}")
    try:
        shape, pos = it.parse_int_tuple(text)
        stride = None
        pos = it.skip_space(text, pos)
        if pos < len(text) and text[pos] == ":":
            stride, pos = it.parse_int_tuple(text, pos + 1)
            pos = it.skip_space(text, pos)
    except IntTupleError as err:
        raise LayoutError(f"parse_layout: {err}") from None
    if pos != len(text):
        raise LayoutError(f"parse_layout: unexpected {text[pos:]!r} at column {pos + 1} of {text!r}")
    return Layout(shape, stride)


make_layout_from_string = parse_layout
