"""The index arithmetic of `reshape(x, shape=(E0, E1, ...))`: the same elements in row-major
order as a tile of another shape of the same size (docs/DSL.md, "Views"); typed in compute.py."""
from __future__ import annotations

from . import exprs, ir


def reshape_extents(e: ir.Call, consts: dict[str, int]) -> tuple[int, ...] | None:
    """The new shape of a reshape call, folded (None when it is not constant integers)."""
    shape = dict(e.kwargs).get("shape")
    items = shape.items if isinstance(shape, ir.TupleExpr) else (shape,) if shape is not None else ()
    vals = tuple(exprs.try_fold(i, consts) for i in items)
    return vals if vals and all(isinstance(v, int) and v > 0 for v in vals) else None


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
