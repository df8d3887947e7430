# The layout algebra proper: composition, complement, the inverses, and the divides and
# products built from them. C++ CuTe's preconditions are checked and reported as
# LayoutError instead of silently truncating.
from __future__ import annotations

from typing import Optional

from encode import inttuple as it
from encode.inttuple import IntTuple
from encode.layout_core import (
    Layout,
    LayoutError,
    coalesce,
    coalesce_modes,
    cosize,
    filter_zeros,
    flat_modes,
    from_modes,
    make_layout,
    rank,
    size,
)
from encode.swizzle import on_inner

Mode = tuple[int, int]


def as_tiler_element(t, op: str):
    """A tiler element is a Layout, an int n (meaning n:1), None (keep the mode) or a
    tuple of tiler elements (by-mode, recursively)."""
    if t is None or isinstance(t, (Layout, tuple)):
        return t
    if it.is_int(t):
        return Layout(t)
    raise LayoutError(f"{op}: tiler element {t!r} is not a Layout, int, None or tuple")


def by_mode(op, layout: Layout, tiler: tuple, name: str) -> Layout:
    """Apply `op(mode_i, tiler_i)` to the first len(tiler) modes; keep the rest unchanged.
    A None tiler element keeps its mode unchanged too."""
    if len(tiler) > rank(layout):
        raise LayoutError(f"{name}: tiler {tiler!r} has more modes than {layout}")
    modes = [mode if t is None else op(mode, t) for mode, t in zip(layout, tiler)]
    return make_layout(*modes, *list(layout)[len(tiler):])


# ---------------------------------------------------------------- composition


def composition(a: Layout, b) -> Layout:
    """R = A ∘ B with R(c) == A(B(c)) for every c in B's domain; R follows B's structure.
    `b` may be a Layout, an int n (n:1), None (A unchanged) or a by-mode tiler tuple.
    A swizzled A (ComposedLayout) stays swizzled: sw ∘ (A ∘ B)."""
    return on_inner(a, lambda inner: _composition(inner, b))


def _composition(a: Layout, b) -> Layout:
    b = as_tiler_element(b, "composition")
    if b is None:
        return a
    if isinstance(b, tuple):
        return by_mode(composition, a, b, "composition")
    a_modes = _coalesce_x(a)
    where = f"composition {a} ∘ {b}"
    usage = [0] * len(a_modes)
    shape, stride = _compose(a_modes, b.shape, b.stride, where, usage)
    _check_no_carry(a_modes, usage, where)
    return Layout(shape, stride)


def _coalesce_x(a: Layout) -> list[Mode]:
    """Coalesce A but keep its last stride: the last mode is where composition extends A
    past its domain, so `1:1` must stay `1:1` (not `1:0`) and `(4,1):(1,0)` keeps the 0.
    A trailing size-1 mode gets a stand-in extent of 2 so that it is not dropped; the
    extent of the last mode is never read."""
    modes = flat_modes(a)
    last_s, last_d = modes[-1]
    return coalesce_modes(modes[:-1] + [(max(last_s, 2), last_d)])


def _check_no_carry(a_modes: list[Mode], usage: list[int], where: str) -> None:
    """A ∘ (B0, B1, ...) is computed as (A ∘ B0, A ∘ B1, ...), which equals A(B(c)) only
    if adding the offsets of different B modes never carries between A's modes. `usage`
    holds, per mode of A, the largest digit each B mode can put there, summed. C++ skips
    this check and is wrong for, e.g., (2,4):(1,10) ∘ (2,2):(1,1)."""
    for (s, d), used in zip(a_modes[:-1], usage):
        if used >= s:
            raise LayoutError(f"{where}: the modes of B overlap in mode {s}:{d} of A (their "
                              f"offsets add up past {s - 1} there), so A ∘ B is not A(B(c))")


def _compose(a_modes: list[Mode], b_shape: IntTuple, b_stride: IntTuple, where: str, usage: list[int]):
    """Compose A with each leaf of B, keeping B's structure; accumulate digit usage."""
    if it.is_tuple(b_shape):
        parts = [_compose(a_modes, s, d, where, usage) for s, d in zip(b_shape, b_stride)]
        return tuple(p[0] for p in parts), tuple(p[1] for p in parts)
    if b_stride == 0:
        return b_shape, 0
    if len(a_modes) == 1:
        # A is one linear mode: A(B(i)) = (k·i)·d for any sign of k (C++'s integral case).
        return b_shape, b_stride * a_modes[0][1]
    if b_stride < 0:
        raise LayoutError(f"{where}: a negative stride {b_stride} in B needs A to be a single mode "
                          "(A is not defined at negative indices)")
    return _compose_walk(a_modes, b_shape, b_stride, where, usage)


def _compose_walk(a_modes: list[Mode], n: int, k: int, where: str, usage: list[int]):
    """B = n:k against A's modes: divide the stride k out of A's leading modes, then take
    n elements. The last mode of A is unbounded."""
    shapes, strides = [], []
    rest_n, rest_k = n, k
    for m, (s, d) in enumerate(a_modes[:-1]):
        if rest_n == 1:
            # Nothing left to take (or a size-1 B mode, which only reads offset 0): C++
            # still checks the stride here and rejects e.g. (2,2):(0,1) ∘ 1:3 for no reason.
            rest_k = it.ceil_div(rest_k, s)
            continue
        if not (rest_k % s == 0 or rest_k < s):
            raise LayoutError(f"{where}: stride divisibility condition fails: stride {rest_k} "
                              f"against mode {s}:{d} (need {rest_k} % {s} == 0 or {rest_k} < {s})")
        next_shape, next_stride = it.ceil_div(s, rest_k), it.ceil_div(rest_k, s)
        if next_shape == 1:
            rest_k = next_stride
            continue
        new = min(next_shape, rest_n)
        if rest_n % new:
            raise LayoutError(f"{where}: shape divisibility condition fails: {new} elements "
                              f"from mode {s}:{d} do not divide the remaining {rest_n}")
        if s % rest_k and new < rest_n:
            # C++ accepts this and is wrong past the mode: element new*k' is not at
            # coordinate 1 of the next mode unless k' divides s.
            raise LayoutError(f"{where}: stride divisibility condition fails: stride {rest_k} "
                              f"does not divide mode {s}:{d} and B continues past it")
        shapes.append(new)
        strides.append(rest_k * d)
        usage[m] += (new - 1) * rest_k
        rest_n, rest_k = rest_n // new, next_stride
    last_d = a_modes[-1][1]
    if not shapes:
        return rest_n, rest_k * last_d
    if rest_n != 1:
        shapes.append(rest_n)
        strides.append(rest_k * last_d)
    if len(shapes) == 1:
        return shapes[0], strides[0]
    return tuple(shapes), tuple(strides)


# ---------------------------------------------------------------- complement


def complement(a: Layout, cotarget: Optional[IntTuple] = None) -> Layout:
    """The ordered layout that fills the holes of A's image and then repeats A's span
    up to `cotarget` (default: cosize(filter(A))). Stride-0 modes of A are ignored.
    As in C++ CuTe, a mode whose stride is not a multiple of the extent covered before it
    contributes the floor of the quotient, so a hole that is not a multiple stays a hole
    (complement((4,6):(1,6), 48) == 2:36 never reaches 4 or 5); the result is still
    ordered and disjoint from A. Raises where C++ static-asserts: modes that overlap or
    interleave (a quotient of 0), and negative strides."""
    f = filter_zeros(a)
    m = cosize(f) if cotarget is None else it.product(it.as_int_tuple(cotarget, "complement cotarget"))
    if m < 1:
        raise LayoutError(f"complement({a}, {cotarget}): cotarget must be at least 1")
    modes = [(s, d) for s, d in flat_modes(f) if s != 1]
    if any(d < 0 for _, d in modes):
        raise LayoutError(f"complement({a}): negative strides are not supported")
    covered, out = 1, []
    for s, d in sorted(modes, key=lambda mode: mode[1]):
        if d < covered:
            raise LayoutError(f"complement({a}): modes overlap or interleave (not injective): stride {d} "
                              f"after an extent of {covered}")
        out.append((d // covered, covered))
        covered = s * d
    out.append((it.ceil_div(m, covered), covered))
    return from_modes(coalesce_modes(out))


# ---------------------------------------------------------------- inverses


def _sorted_coalesced(layout: Layout) -> tuple[list[Mode], list[int], list[int]]:
    """Coalesced leaves, their domain strides (prefix products of the shape), and the
    order of the leaves by codomain stride."""
    modes = flat_modes(from_modes(coalesce_modes(flat_modes(layout))))
    domain, acc = [], 1
    for s, _ in modes:
        domain.append(acc)
        acc *= s
    order = sorted(range(len(modes)), key=lambda i: modes[i][1])
    return modes, domain, order


def right_inverse(layout: Layout) -> Layout:
    """R with L(R(i)) == i for i < size(R): R covers the longest prefix [0, n) of the
    codomain that L reaches contiguously. Modes with strides below the covered extent
    (stride 0 in particular) are skipped, as in C++."""
    modes, domain, order = _sorted_coalesced(layout)
    covered, out = 1, []
    for i in order:
        s, d = modes[i]
        if d == covered:
            out.append((s, domain[i]))
            covered = s * d
    return from_modes(coalesce_modes(out))


def left_inverse(layout: Layout) -> Layout:
    """R with R(L(i)) == i for injective L, and L(R(L(i))) == L(i) when L is injective
    apart from stride-0 (broadcast) modes. Holes in L's image go through a leading
    stride-0 mode (C++ construction). Each sorted nonzero stride must divide the next and
    the modes must not overlap; otherwise LayoutError."""
    modes, domain, order = _sorted_coalesced(layout)
    shapes, strides, covered, extent = [], [0], 1, 1
    for i in order:
        s, d = modes[i]
        if d == 0:
            continue
        if d < 0:
            raise LayoutError(f"left_inverse({layout}): negative strides are not supported")
        if d % covered:
            raise LayoutError(f"left_inverse({layout}): divisibility condition fails: stride {d} "
                              f"is not a multiple of the previous stride {covered}")
        if d < extent:
            # C++ goes on and can map an offset to a coordinate with a different value.
            raise LayoutError(f"left_inverse({layout}): modes overlap (stride {d} inside the "
                              f"extent {extent} of a smaller-stride mode): not injective")
        shapes.append(d // covered)
        strides.append(domain[i])
        covered, extent = d, s * d
    shapes.append(modes[order[-1]][0])
    return from_modes(coalesce_modes(zip(shapes, strides)))


# ---------------------------------------------------------------- divide


def logical_divide(a: Layout, tiler) -> Layout:
    """A ÷ B = A ∘ (B, complement(B, size(A))): mode 0 is the tile, mode 1 walks the
    tiles. A tuple tiler divides mode by mode. A tile that does not divide A pads: the
    rest mode is rounded up and callers must mask. A swizzled A stays swizzled."""
    return on_inner(a, lambda inner: _logical_divide(inner, tiler))


def _logical_divide(a: Layout, tiler) -> Layout:
    tiler = as_tiler_element(tiler, "logical_divide")
    if tiler is None:
        return a
    if isinstance(tiler, tuple):
        return by_mode(_logical_divide, a, tiler, "logical_divide")
    return composition(a, make_layout(tiler, complement(tiler, size(a))))


def _unzip(layout: Layout, tiler, op: str) -> Layout:
    """((tile_0, tile_1, ...), (rest_0, rest_1, ..., untouched modes...)) from a by-mode
    result whose first len(tiler) modes are each (tile, rest). C++ tile_unzip."""
    if not isinstance(tiler, tuple):
        return layout
    tiles, rests = [], []
    for i, t in enumerate(tiler):
        if t is None:
            raise LayoutError(f"{op}: a None tiler element leaves mode {i} of {layout} without a "
                              "(tile, rest) split; use logical_divide/logical_product")
        mode = _unzip(layout[i], t, op)
        tiles.append(mode[0])
        rests.append(mode[1])
    return make_layout(make_layout(*tiles), make_layout(*rests, *list(layout)[len(tiler):]))


def _check_tiler_rank(a: Layout, tiler, op: str) -> None:
    if isinstance(tiler, tuple) and len(tiler) > rank(a):
        raise LayoutError(f"{op}: tiler {tiler!r} has more modes than {a}")


def _promote_rest(z: Layout) -> Layout:
    return make_layout(z[0], *list(z[1]))


def _promote_all(z: Layout) -> Layout:
    return make_layout(*list(z[0]), *list(z[1]))


def zipped_divide(a: Layout, tiler) -> Layout:
    """((tiles...), (rests..., untouched modes...)); equals logical_divide for a Layout tiler."""
    _check_tiler_rank(a, tiler, "zipped_divide")
    return on_inner(a, lambda inner: _unzip(_logical_divide(inner, tiler), tiler, "zipped_divide"))


def tiled_divide(a: Layout, tiler) -> Layout:
    """((tiles...), rest_0, rest_1, ...): the rest modes are promoted to the top level."""
    return on_inner(a, lambda inner: _promote_rest(zipped_divide(inner, tiler)))


def flat_divide(a: Layout, tiler) -> Layout:
    """(tile_0, tile_1, ..., rest_0, rest_1, ...): both groups promoted one level."""
    return on_inner(a, lambda inner: _promote_all(zipped_divide(inner, tiler)))


# ---------------------------------------------------------------- product


def logical_product(a: Layout, tiler) -> Layout:
    """A ⊗ B = (A, complement(A, size(A)*cosize(B)) ∘ B): mode 0 is A unchanged, mode 1
    places the copies of A. A tuple tiler multiplies mode by mode (whose copies can
    overlap across modes; use blocked/raked products to replicate a block)."""
    tiler = as_tiler_element(tiler, "logical_product")
    if tiler is None:
        return a
    if isinstance(tiler, tuple):
        return by_mode(logical_product, a, tiler, "logical_product")
    return make_layout(a, composition(complement(a, size(a) * cosize(tiler)), tiler))


def zipped_product(a: Layout, tiler) -> Layout:
    _check_tiler_rank(a, tiler, "zipped_product")
    return _unzip(logical_product(a, tiler), tiler, "zipped_product")


def tiled_product(a: Layout, tiler) -> Layout:
    return _promote_rest(zipped_product(a, tiler))


def flat_product(a: Layout, tiler) -> Layout:
    return _promote_all(zipped_product(a, tiler))


def _as_layout(x, op: str) -> Layout:
    """Blocked and raked products take layouts; a plain shape means its compact layout."""
    if isinstance(x, Layout):
        return x
    try:
        return Layout(x)
    except LayoutError as err:
        raise LayoutError(f"{op}: {x!r} is neither a Layout nor a shape ({err})") from None


def _pad_to_rank(layout: Layout, r: int) -> Layout:
    """Append 1:0 modes up to rank r. The result always has a tuple shape, so that a
    composition with it keeps one mode per position even where a mode gets refined."""
    return make_layout(*list(layout), *[Layout(1, 0)] * (r - rank(layout)))


def _zipped_modes(a: Layout, b: Layout, op: str) -> tuple[Layout, Layout, int]:
    a, b = _as_layout(a, op), _as_layout(b, op)
    r = max(rank(a), rank(b))
    p = logical_product(_pad_to_rank(a, r), _pad_to_rank(b, r))
    return p[0], p[1], r


def blocked_product(a: Layout, b) -> Layout:
    """Mode i becomes (A_i, (A* ∘ B)_i): whole copies of the block A, tiled as B says."""
    block, tiles, r = _zipped_modes(a, b, "blocked_product")
    return make_layout(*(make_layout(block[i], tiles[i]) for i in range(r)))


def raked_product(a: Layout, b) -> Layout:
    """Mode i becomes ((A* ∘ B)_i, A_i): the tile index varies fastest, so the copies of
    A interleave (a cyclic distribution)."""
    block, tiles, r = _zipped_modes(a, b, "raked_product")
    return make_layout(*(make_layout(tiles[i], block[i]) for i in range(r)))


def tile_to_shape(block: Layout, target_shape: IntTuple) -> Layout:
    """Replicate `block` (blocked, column-major order of blocks) to fill `target_shape`;
    each mode of the target must be a multiple of the block's mode."""
    target = it.as_int_tuple(target_shape, "tile_to_shape target")
    target = target if it.is_tuple(target) else (target,)
    if rank(block) > len(target):
        raise LayoutError(f"tile_to_shape({block}, {target_shape}): block has more modes than the target")
    padded = _pad_to_rank(block, len(target))
    reps = []
    for mode, t in zip(padded, target):
        if it.product(t) % size(mode):
            raise LayoutError(f"tile_to_shape({block}, {target_shape}): block mode {mode} does not divide {t}")
        reps.append(it.product(t) // size(mode))
    return coalesce(blocked_product(padded, Layout(tuple(reps))), (1,) * len(target))
