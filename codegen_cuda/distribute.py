"""Thread-value distributions of tile statements, as layouts, and their code.

A distribution is the CuTe layout (thread, value) -> row-major element index that
docs/SEMANTICS.md gives each tile statement; the layouts come from encode/tv_layout
and encode/layout, the same ones the verifier reasons over. The generated code
evaluates exactly these layouts: `layout_code` prints a layout mode as arithmetic.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from dsl import exprs, ir
from encode.layout import Layout, Swizzle, cosize, size
from encode.tv_layout import copy_tv, mma_m16n8k16_f16, tile_mma_tv

from .scalar import LoweringError


@dataclass(frozen=True, slots=True)
class Distribution:
    """Who holds which element of a tile of `shape`: tv(thread, value) is the row-major
    index. Threads past size(tv[0]) hold nothing; indices >= elements are padding."""

    label: str
    tv: Layout
    shape: tuple[int, ...]

    @property
    def threads(self) -> int:
        return size(self.tv[0])

    @property
    def values(self) -> int:
        return size(self.tv[1])

    @property
    def elements(self) -> int:
        return math.prod(self.shape)

    @property
    def padded(self) -> bool:
        """True when some (thread, value) pairs fall past the tile and need a guard."""
        return cosize(self.tv) > self.elements


def _ints(e: ir.Expr, consts: dict[str, int]):
    if isinstance(e, ir.TupleExpr):
        return tuple(_ints(i, consts) for i in e.items)
    v = exprs.try_fold(e, consts)
    if v is None:
        raise LoweringError("a layout needs compile-time integers", e.span)
    return v


def default(shape: tuple[int, ...], threads: int) -> Distribution:
    """Element e by thread e % T as value e // T."""
    values = max(1, -(-math.prod(shape) // threads))
    return Distribution("default", Layout((threads, values), (1, threads)), shape)


def of_spec(spec: ir.LayoutSpec | None, shape: tuple[int, ...], threads: int,
            consts: dict[str, int]) -> Distribution:
    """The distribution a statement's (or a tile's) layout clause gives a tile of `shape`."""
    if spec is None:
        return default(shape, threads)
    if spec.kind == "named" and spec.name == "copy":
        vec = _ints(dict(spec.args).get("vec", ir.IntLit(1)), consts)
        total = math.prod(shape)
        if total % (threads * vec) == 0:
            tv = copy_tv(threads, vec, shape)
        else:   # the same layout with the last repetition partly past the tile
            reps = -(-total // (threads * vec))
            tv = Layout((threads, (vec, reps)), (vec, (1, threads * vec)))
        return Distribution(f"copy(vec={vec})", tv, shape)
    if spec.kind == "named" and spec.name == "mma_m16n8k16":
        warps = _ints(dict(spec.args)["warps"], consts)
        if len(shape) != 2:
            raise LoweringError("an mma_m16n8k16 distribution needs a 2-D tile", spec.span)
        tv = tile_mma_tv(mma_m16n8k16_f16, tuple(warps), "C", shape)
        if size(tv[0]) > threads:
            raise LoweringError(f"mma_m16n8k16(warps={warps}) needs {size(tv[0])} threads; "
                                f"the kernel has {threads}", spec.span)
        return Distribution(f"mma_m16n8k16(warps={tuple(warps)})", tv, shape)
    if spec.kind == "layout":
        shp = _ints(spec.shape, consts)
        strd = _ints(spec.stride, consts) if spec.stride is not None else None
        tv = Layout(shp, strd)
        if not isinstance(tv.shape, tuple) or len(tv.shape) != 2:
            raise LoweringError("a thread-value layout has two modes, (thread, value)", spec.span)
        if size(tv[0]) > threads:
            raise LoweringError(f"the layout's thread mode has {size(tv[0])} threads; "
                                f"the kernel has {threads}", spec.span)
        return Distribution(f"layout {tv}", tv, shape)
    raise LoweringError(f"'{spec.kind}' does not distribute a tile over threads", spec.span)


def _flat(t) -> list[int]:
    return [x for i in t for x in _flat(i)] if isinstance(t, tuple) else [t]


def layout_code(mode: Layout, var: str) -> str:
    """A layout mode of one integer argument as arithmetic on `var` (CuTe: the index is
    split colexicographically over the mode's flattened shape, then dotted with strides)."""
    shape, stride = _flat(mode.shape), _flat(mode.stride)
    total = math.prod(shape)
    terms, prefix = [], 1
    for s, d in zip(shape, stride):
        if s > 1 and d != 0:
            part = var if prefix == 1 else f"{var} // {prefix}"
            if prefix * s < total:
                part = f"({part}) % {s}" if prefix > 1 else f"{var} % {s}"
            terms.append(part if d == 1 else f"{part} * {d}" if part == var else f"({part}) * {d}")
        prefix *= s
    return " + ".join(terms) if terms else "0"


def unravel(e: str, shape: tuple[int, ...]) -> list[str]:
    """Row-major coordinates of the element index `e` (a name) in a tile of `shape`."""
    out, inner = [], math.prod(shape)
    for n in shape:
        inner //= n
        if inner == 1:
            out.append(f"{e} % {n}" if n < math.prod(shape) else e)
        elif inner * n == math.prod(shape):
            out.append(f"{e} // {inner}")
        else:
            out.append(f"({e} // {inner}) % {n}")
    return out


def swizzle_of(spec: ir.LayoutSpec, consts: dict[str, int]) -> Swizzle:
    b, m, s = (_ints(x, consts) for x in spec.swizzle)
    return Swizzle(b, m, s)


def swizzle_code(sw: Swizzle, var: str) -> str:
    """Swizzle(B, M, S) on the offset `var`: XOR the yyy bits shifted by S into the zzz bits."""
    shifted = f"({var} & {sw.yyy_mask}) >> {sw.shift}" if sw.shift >= 0 else f"({var} & {sw.yyy_mask}) << {-sw.shift}"
    return f"{var} ^ ({shifted})"
