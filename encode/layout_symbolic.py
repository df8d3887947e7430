# Layouts evaluated on solver terms: a thread or loop index becomes a Z3 variable and the
# offset a term built from div/mod by constant extents, so one query covers every index.
from __future__ import annotations

import z3

from encode import inttuple as it
from encode.layout_core import Layout, LayoutError, flat_modes
from encode.swizzle import ComposedLayout, Swizzle


def bv_width_for(n: int) -> int:
    """Bits needed to hold every value in [0, n) (at least 1)."""
    if not it.is_int(n) or n < 1:
        raise LayoutError(f"bv_width_for({n!r}): need a positive int")
    return max(1, (n - 1).bit_length())


def _int_divmod(x, n: int):
    # z3's integer div/mod are Euclidean; for the positive divisors used here (shape
    # extents) they agree with Python's floor division on every dividend.
    if n == 1:
        return x, 0
    if it.is_int(x):
        return divmod(x, n)
    return x / n, x % n


def _bv_divmod(x, n: int):
    if n == 1:
        return x, 0
    if it.is_int(x):
        return divmod(x, n)
    return z3.UDiv(x, n), z3.URem(x, n)


def max_offset(layout: Layout) -> int:
    """The largest value of the layout on its domain (0 for an all-negative layout)."""
    return sum((s - 1) * d for s, d in flat_modes(layout) if d > 0)


def eval_symbolic(layout, index):
    """The offset of `index` as a Z3 integer term. `index` is a Z3 Int term (a 1-D index),
    or a (nested) coordinate tuple of Int terms and ints. Only div/mod by constants and
    multiplication by constants appear, so the term's size does not grow with the
    layout's size. For a ComposedLayout the swizzle is applied through bit-vectors wide
    enough for every in-domain offset; outside the domain the result is not meaningful."""
    if isinstance(layout, ComposedLayout):
        offset = it.crd2idx(index, layout.shape, layout.stride, _int_divmod) + layout.offset
        width = composed_width(layout)
        return swizzle_symbolic(layout.swizzle, offset, width)
    if not isinstance(layout, Layout):
        raise LayoutError(f"eval_symbolic: expected a Layout or ComposedLayout, got {layout!r}")
    try:
        return it.crd2idx(index, layout.shape, layout.stride, _int_divmod)
    except it.IntTupleError as err:
        raise LayoutError(f"eval_symbolic({layout}): {err}") from None


def composed_width(layout: ComposedLayout) -> int:
    """A bit-vector width that holds every in-domain offset of a swizzled layout."""
    if any(d < 0 for _, d in flat_modes(layout.layout)):
        raise LayoutError(f"{layout}: symbolic swizzles need non-negative strides")
    top = max(layout.offset + max_offset(layout.layout) + 1, layout.swizzle.shape)
    return bv_width_for(top)


def eval_symbolic_bv(layout, index):
    """Like eval_symbolic, on bit-vector terms of the index's width (unsigned div/rem).
    The caller picks a width that holds size and cosize (see bv_width_for); products
    wrap modulo 2^width."""
    if isinstance(layout, ComposedLayout):
        return layout.swizzle(eval_symbolic_bv(layout.layout, index) + layout.offset)
    if not isinstance(layout, Layout):
        raise LayoutError(f"eval_symbolic_bv: expected a Layout or ComposedLayout, got {layout!r}")
    return it.crd2idx(index, layout.shape, layout.stride, _bv_divmod)


def swizzle_symbolic(swizzle: Swizzle, term, width: int | None = None):
    """Swizzle a term: a bit-vector directly, or an Int term through a bit-vector of
    `width` bits (which must hold the term's values)."""
    if isinstance(term, z3.BitVecRef):
        return swizzle(term)
    if width is None:
        raise LayoutError(f"swizzle_symbolic({swizzle!r}): an Int term needs a bit-vector width")
    return z3.BV2Int(swizzle(z3.Int2BV(term, width)))


def domain_facts(layout, index) -> list:
    """Range facts for an index: 0 <= i < size for a 1-D Int (or bit-vector) term, and
    mode by mode for a coordinate tuple (integer entries need none)."""
    return _range_facts(index, layout.shape)


def _range_facts(x, shape) -> list:
    if it.is_tuple(x):
        if not it.is_tuple(shape) or len(x) != len(shape):
            raise LayoutError(f"domain_facts: coordinate {x!r} does not fit shape {shape!r}")
        return [f for xi, si in zip(x, shape) for f in _range_facts(xi, si)]
    if it.is_int(x):
        return []
    n = it.product(shape)
    if isinstance(x, z3.BitVecRef):
        return [z3.ULT(x, n)] if n < (1 << x.size()) else []
    return [x >= 0, x < n]
