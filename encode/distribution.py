"""Thread-value distributions of tile statements as solver terms.

A distribution is the CuTe layout (thread, value) -> row-major element index that
docs/SEMANTICS.md gives a tile statement (the same layouts codegen_cuda/distribute.py
lowers). Thread and value are solver variables: one query covers every thread.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import z3

from dsl import exprs, ir

from .layout import Layout, cosize, eval_symbolic, size
from .symbols import Unsupported
from .terms import Div, Ge, Lt, Mod
from .tv_layout import copy_tv, mma_m16n8k16_f16, tile_mma_tv


@dataclass(frozen=True, slots=True)
class Distribution:
    """Who does which element of a tile of `shape` when the block has `threads` threads.

    `tv(t, v)` is the row-major element index; threads at or past `size(tv[0])` do
    nothing and indices at or past the tile's size are padding that nobody touches."""

    label: str
    tv: Layout
    shape: tuple[int, ...]
    threads: int

    @property
    def elements(self) -> int:
        return math.prod(self.shape)

    @property
    def active_threads(self) -> int:
        return min(self.threads, _mode_sizes(self.tv)[0])

    @property
    def values(self) -> int:
        return _mode_sizes(self.tv)[1]

    @property
    def padded(self) -> bool:
        """Some (thread, value) slots fall past the tile: code must guard them."""
        return cosize(self.tv) > self.elements

    def element(self, t, v) -> tuple[object, list]:
        """(row-major element index, facts that (t, v) is a real slot) for solver terms t, v."""
        e = eval_symbolic(self.tv, (t, v))
        facts = [Ge(t, 0), Lt(t, self.active_threads), Ge(v, 0), Lt(v, self.values), Ge(e, 0), Lt(e, self.elements)]
        return e, facts

    def coords(self, e) -> tuple:
        """Row-major tile coordinates of the element index `e` (a term or an int)."""
        out, inner = [], self.elements
        for i, n in enumerate(self.shape):
            inner //= n
            c = e if inner == 1 else (e // inner if isinstance(e, int) else e / inner)
            out.append(c if i == 0 else c % n)
        return tuple(out)

    def concrete(self, t: int, v: int) -> int | None:
        """The element thread t does as value v, or None for an idle slot."""
        if not (0 <= t < self.active_threads and 0 <= v < self.values):
            return None
        e = int(slot_table(self.tv)[t, v])
        return e if 0 <= e < self.elements else None

    @property
    def bijective(self) -> bool:
        """Every element of the tile is done by exactly one (thread, value) slot."""
        return _image_stats(self.tv, self.active_threads, self.elements) == (self.elements, True)

    @property
    def injective(self) -> bool:
        return _image_stats(self.tv, self.active_threads, self.elements)[1]


@lru_cache(maxsize=1024)
def _mode_sizes(tv: Layout) -> tuple[int, int]:
    return size(tv[0]), size(tv[1])


@lru_cache(maxsize=256)
def slot_table(tv: Layout):
    """tv(t, v) for every thread and value of a constant layout, as a (threads, values)
    array: the same colexicographic evaluation as _image_stats, done once per layout."""
    import numpy as np
    from .layout_core import flat_modes
    threads, values = _mode_sizes(tv)
    idx = np.arange(threads * values, dtype=np.int64)
    out = np.zeros(threads * values, dtype=np.int64)
    for n, d in flat_modes(tv):
        out += (idx % n) * d
        idx //= n
    return out.reshape(values, threads).T


@lru_cache(maxsize=256)
def _image_stats(tv: Layout, active: int, elements: int) -> tuple[int, bool]:
    """(number of tile elements reached, no element reached twice) for a constant layout.

    This evaluates a compile-time function over its (thread, value) domain once; it is a
    property of the layout, independent of the symbolic verification."""
    import numpy as np
    from .layout_core import flat_modes
    modes = flat_modes(tv)
    total = size(tv)
    idx = np.arange(total, dtype=np.int64)
    out = np.zeros(total, dtype=np.int64)
    rest = idx.copy()
    for n, d in modes:
        out += (rest % n) * d
        rest //= n
    thread = idx % size(tv[0])
    keep = (thread < active) & (out >= 0) & (out < elements)
    hit = out[keep]
    uniq = np.unique(hit)
    return len(uniq), len(uniq) == len(hit)


def _ints(e: ir.Expr, consts: dict[str, int]):
    if isinstance(e, ir.TupleExpr):
        return tuple(_ints(i, consts) for i in e.items)
    v = exprs.try_fold(e, consts)
    if v is None:
        raise Unsupported("a layout needs compile-time integers", e.span)
    return v


def default(shape: tuple[int, ...], threads: int) -> Distribution:
    values = max(1, -(-math.prod(shape) // threads))
    return Distribution("default", Layout((threads, values), (1, threads)), shape, threads)


def of_spec(spec: ir.LayoutSpec | None, shape: tuple[int, ...], threads: int,
            consts: dict[str, int]) -> Distribution:
    """The distribution a statement's (or a register tile's) layout clause gives."""
    if spec is None or spec.kind == "swizzle":
        return default(shape, threads)
    if spec.kind == "named" and spec.name == "copy":
        vec = _ints(dict(spec.args).get("vec", ir.IntLit(1)), consts)
        total = math.prod(shape)
        if total % (threads * vec) == 0:
            tv = copy_tv(threads, vec, shape)
        else:
            reps = -(-total // (threads * vec))
            tv = Layout((threads, (vec, reps)), (vec, (1, threads * vec)))
        return Distribution(f"copy(vec={vec})", tv, shape, threads)
    if spec.kind == "named" and spec.name == "wgmma_m64nNk16":
        # the wgmma D fragment: warp w of the warpgroups holds rows 16w..16w+15 as the m16n8 C
        # fragment repeated over N/8 (PTX ISA, wgmma register fragments), i.e. mma warps (4g, 1)
        g = _ints(dict(spec.args).get("warpgroups", ir.IntLit(1)), consts)
        spec = ir.LayoutSpec("named", name="mma_m16n8k16", args=(("warps", ir.TupleExpr(
            (ir.IntLit(4 * g), ir.IntLit(1)))),), span=spec.span)
    if spec.kind == "named" and spec.name == "mma_m16n8k16":
        warps = _ints(dict(spec.args)["warps"], consts)
        if len(shape) != 2:
            raise Unsupported("an mma_m16n8k16 distribution needs a 2-D tile", spec.span)
        tv = tile_mma_tv(mma_m16n8k16_f16, tuple(warps), "C", shape)
        if size(tv[0]) > threads:
            raise Unsupported(f"mma_m16n8k16(warps={tuple(warps)}) needs {size(tv[0])} threads; "
                              f"the kernel has {threads}", spec.span)
        return Distribution(f"mma_m16n8k16(warps={tuple(warps)})", tv, shape, threads)
    if spec.kind == "layout":
        shp = _ints(spec.shape, consts)
        strd = _ints(spec.stride, consts) if spec.stride is not None else None
        tv = Layout(shp, strd)
        if not isinstance(tv.shape, tuple) or len(tv.shape) != 2:
            raise Unsupported("a thread-value layout has two modes, (thread, value)", spec.span)
        if size(tv[0]) > threads:
            raise Unsupported(f"the layout's thread mode has {size(tv[0])} threads; the kernel has {threads}",
                              spec.span)
        if cosize(tv) <= 0:
            raise Unsupported("an empty thread-value layout", spec.span)
        return Distribution(f"layout {tv}", tv, shape, threads)
    raise Unsupported(f"'{spec.kind}' does not distribute a tile over threads", spec.span)


def register_values(dist: Distribution) -> int:
    """How many elements of the tile one thread holds at most."""
    return dist.values


def thread_bindings(t, warp_size: int) -> dict:
    """The builtins a statement may mention, for thread term t (a solver Int)."""
    return {"thread.x": t, "thread.warp": Div(t, warp_size), "thread.lane": Mod(t, warp_size)}


def concrete_bindings(t: int, warp_size: int) -> dict:
    return {"thread.x": z3.IntVal(t), "thread.warp": z3.IntVal(t // warp_size),
            "thread.lane": z3.IntVal(t % warp_size)}
