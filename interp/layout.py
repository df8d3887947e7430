"""Who does which element, and where a shared element lives, written out concretely.

Independent of encode/: the thread-value distributions of docs/SEMANTICS.md (default,
copy(vec=v), the PTX m16n8k16 C fragment, explicit CuTe layouts from (thread, value) to the
row-major element index) and shared-memory addressing (CuTe layouts and XOR swizzles).
"""
from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from dsl import exprs, ir


class InterpretError(Exception):
    """The kernel (or these sizes) cannot be executed: a construct the interpreter lacks."""


def fold_tuple(e: ir.Expr, consts: dict[str, int]):
    """A (nested) tuple expression of compile-time integers as nested Python ints."""
    if isinstance(e, ir.TupleExpr):
        return tuple(fold_tuple(i, consts) for i in e.items)
    return exprs.fold(e, consts)


def _flatten(t) -> list[int]:
    return [x for i in t for x in _flatten(i)] if isinstance(t, tuple) else [t]


def _compact_stride(shape) -> tuple:
    """CuTe's default stride: the exclusive prefix product, leftmost mode fastest."""
    acc = 1

    def go(s):
        nonlocal acc
        if isinstance(s, tuple):
            return tuple(go(x) for x in s)
        out = acc
        acc *= s
        return out
    return go(shape)


def cute_eval(shape, stride, index: np.ndarray) -> np.ndarray:
    """L(x) for 1-D indices x < size(L): colexicographic unpacking, inner product with the stride."""
    flat_shape, flat_stride = _flatten(shape), _flatten(stride)
    out = np.zeros_like(index)
    rest = index.copy()
    for n, d in zip(flat_shape, flat_stride):
        out += (rest % n) * d
        rest //= n
    return out


def mode_size(shape) -> int:
    return math.prod(_flatten(shape))


# ---------------------------------------------------------------- thread-value distributions
@lru_cache(maxsize=512)
def _distribution(kind: str, args: tuple, tile: tuple[int, ...], threads: int) -> tuple[np.ndarray, np.ndarray]:
    n = math.prod(tile)
    if kind == "default":
        elem = np.arange(n, dtype=np.int64)
        return elem % threads, elem
    if kind == "copy":
        (vec,) = args
        elem = np.arange(n, dtype=np.int64)
        return (elem // vec) % threads, elem
    if kind == "mma":
        return _mma_c_fragment(args, tile)
    if kind == "cute":
        shape, stride = args
        x = np.arange(mode_size(shape), dtype=np.int64)
        elem = cute_eval(shape, stride, x)
        if isinstance(shape, tuple) and len(shape) >= 2:
            thread = x % mode_size(shape[0])
        else:
            thread = x
        real = elem < n        # slots past the tile are padding: nobody does them
        return thread[real], elem[real]
    raise InterpretError(f"unknown distribution {kind}")


def _mma_c_fragment(warps: tuple[int, int], tile: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """PTX mma.m16n8k16 accumulator fragment (f32): for a 16x8 atom, the lane holding (row, col)
    is 4 * (row % 8) + (col % 8) // 2 (groupID = row % 8 holds rows groupID and groupID + 8,
    threadID_in_group = col // 2 holds columns 2t, 2t + 1). The wm x wn warps split the tile
    into row-major blocks, warp w at block row w // wn, column w % wn; a warp repeats the atom
    over its block."""
    if len(tile) != 2:
        raise InterpretError("an mma_m16n8k16 distribution needs a 2-D tile")
    wm, wn = warps
    rows, cols = tile
    if rows % (16 * wm) or cols % (8 * wn):
        raise InterpretError(f"an m16n8k16 tile over warps {warps} must be a multiple of [{16 * wm}, {8 * wn}]")
    i, j = np.divmod(np.arange(rows * cols, dtype=np.int64), cols)
    bm, bn = rows // wm, cols // wn
    warp = (i // bm) * wn + (j // bn)
    li, lj = i % bm, j % bn
    lane = 4 * (li % 8) + (lj % 8) // 2
    return warp * 32 + lane, i * cols + j


def distribution(spec: ir.LayoutSpec | None, tile: tuple[int, ...], threads: int,
                 consts: dict[str, int]) -> tuple[np.ndarray, np.ndarray]:
    """(thread, row-major element) pairs of a tile statement; an element may have 0 or several."""
    tile = tuple(int(x) for x in tile)
    if spec is None or spec.kind == "swizzle":
        key = ("default", ())
    elif spec.kind == "named" and spec.name == "copy":
        vec = exprs.fold(dict(spec.args).get("vec", ir.IntLit(1)), consts)
        key = ("copy", (vec,))
    elif spec.kind == "named" and spec.name == "wgmma_m64nNk16":   # warp w: rows 16w..16w+15
        key = ("mma", (4 * exprs.fold(dict(spec.args).get("warpgroups", ir.IntLit(1)), consts), 1))
    elif spec.kind == "named" and spec.name == "mma_m16n8k16":
        warps = dict(spec.args).get("warps")
        w = fold_tuple(warps, consts) if warps is not None else (1, 1)
        key = ("mma", tuple(w))
    elif spec.kind == "layout":
        shape = fold_tuple(spec.shape, consts)
        stride = fold_tuple(spec.stride, consts) if spec.stride is not None else _compact_stride(shape)
        key = ("cute", (shape, stride))
    else:
        raise InterpretError(f"unknown layout {spec.name or spec.kind}")
    thread, elem = _distribution(key[0], key[1], tile, threads)
    if thread.size and int(thread.max()) >= threads:
        # Work given to threads the block does not have is done by nobody: those elements are
        # left out (INIT or COVER when something needs them).
        keep = thread < threads
        thread, elem = thread[keep], elem[keep]
    return thread, elem


# ---------------------------------------------------------------- shared-memory addresses
def swizzle(offset: np.ndarray, bits: int, base: int, shift: int) -> np.ndarray:
    """XOR the `bits` bits at base + shift into the bits at base (the other way for shift < 0)."""
    mask = (1 << bits) - 1
    if shift >= 0:
        moved = (offset >> (base + shift)) & mask
        return offset ^ (moved << base)
    moved = (offset >> base) & mask
    return offset ^ (moved << (base - shift))


class SharedLayout:
    """Offset of every element of a shared tile (in elements), and the buffer's extent."""

    def __init__(self, t: ir.TensorType, shape: tuple[int, ...], consts: dict[str, int]):
        self.shape = shape
        n = math.prod(shape)
        coords = np.unravel_index(np.arange(n, dtype=np.int64), shape) if n and shape else ()
        spec = t.layout
        if spec is None or spec.kind == "named":
            offs = np.arange(n, dtype=np.int64)
        elif spec.kind == "swizzle":
            b, m, s = (exprs.fold(x, consts) for x in spec.swizzle)
            offs = swizzle(np.arange(n, dtype=np.int64), b, m, s)
        else:
            lshape = fold_tuple(spec.shape, consts)
            lstride = (fold_tuple(spec.stride, consts) if spec.stride is not None
                       else _compact_stride(lshape))
            offs = self._cute_offsets(lshape, lstride, coords, n)
        self.offsets = offs.reshape(shape)
        self.size = int(max(n, int(offs.max()) + 1 if n else 0))

    def _cute_offsets(self, lshape, lstride, coords, n) -> np.ndarray:
        modes = lshape if isinstance(lshape, tuple) else (lshape,)
        strides = lstride if isinstance(lstride, tuple) else (lstride,)
        if len(modes) == len(self.shape) and all(mode_size(m) == e for m, e in zip(modes, self.shape)):
            out = np.zeros(n, np.int64)
            for c, m, d in zip(coords, modes, strides):   # natural coordinate per mode
                out += cute_eval(m, d, c)
            return out
        if mode_size(lshape) == n:                          # a 1-D layout over the row-major index
            return cute_eval(lshape, lstride, np.arange(n, dtype=np.int64))
        raise InterpretError(f"a shared layout of shape {lshape} does not fit the tile {list(self.shape)}")
