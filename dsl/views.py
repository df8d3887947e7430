"""Typing of `reshape(x, shape=(E0, E1, ...))`: the same elements in row-major order, as a
tile of another shape of the same size (docs/DSL.md, "Views")."""
from __future__ import annotations

import math

from . import exprs, ir


def reshape_extents(e: ir.Call, consts: dict[str, int]) -> tuple[int, ...] | None:
    """The new shape of a reshape call, folded (None when it is not constant integers)."""
    shape = dict(e.kwargs).get("shape")
    items = shape.items if isinstance(shape, ir.TupleExpr) else (shape,) if shape is not None else ()
    vals = tuple(exprs.try_fold(i, consts) for i in items)
    return vals if vals and all(isinstance(v, int) and v > 0 for v in vals) else None


def type_reshape(tc, e: ir.Call):
    from .compute import type_compute
    kw = dict(e.kwargs)
    if len(e.args) != 1 or set(kw) != {"shape"}:
        tc.ck.error("E029", "reshape takes a tile and shape=, e.g. reshape(x, shape=(4, 16))", e.span)
        return ir.DType.F32, None
    dt, shape = type_compute(tc, e.args[0])
    if shape is None:
        return dt, None
    new = reshape_extents(e, tc.ck.consts())
    if new is None:
        tc.ck.error("E017", "a reshape's extents are positive compile-time integers", kw["shape"].span)
        return dt, None
    old = tc.values(shape)
    if old is not None and math.prod(old) != math.prod(new):
        tc.ck.error("E015", f"reshape of a tile of {math.prod(old)} elements {list(old)} into {list(new)} "
                    f"({math.prod(new)} elements)", e.span, "the new extents must multiply to the tile's size")
        return dt, None
    items = kw["shape"].items if isinstance(kw["shape"], ir.TupleExpr) else (kw["shape"],)
    return dt, tuple(ir.IntLit(v, i.span) for v, i in zip(new, items))


def source_coords(new: tuple[int, ...], old: tuple[int, ...], coords, div, mod) -> tuple:
    """The coordinates in the reshaped tile's operand of element `coords` of the result:
    through the row-major index; `div` and `mod` build the arithmetic of the caller's terms."""
    flat = coords[0]
    for c, n in zip(coords[1:], new[1:]):
        flat = flat * n + c
    out = []
    for n in reversed(old):
        out.append(mod(flat, n))
        flat = div(flat, n)
    return tuple(reversed(out))
