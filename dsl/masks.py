"""Checks of the `masked` clause of load, copy, copy_async and store (docs/DSL.md, "Masked tiles").

The mask is on the global side of the statement and comes from that tensor's shape; a load
or copy names the value its out-of-range elements get, a store names none.
"""
from __future__ import annotations

import math

import lark

from . import exprs, ir


def check_mask(ck, tree, ref: ir.TileRef, space: ir.Space | None, dtype: ir.DType | None,
               what: str, fills: bool) -> ir.Mask | None:
    """The IR of a `masked` clause, or None when there is none (errors are E035).

    `space`: the space of the tensor `ref` names (None if unknown); `fills`: a load or a
    copy (which needs `fill=`), not a store."""
    if tree is None:
        return None
    sp = ck.span(tree)
    args = [a for a in tree.children if a is not None]
    fill, ok = None, True
    for a in args:
        if fills and isinstance(a, lark.Tree) and a.data == "kwarg" and str(a.children[0]) == "fill" \
                and fill is None:
            fill = ck.expr(a.children[1])
            continue
        ok = False
        ck.error("E035", "`masked` takes one argument, `fill=VALUE`" if fills else "a masked store takes no arguments",
                 ck.span(a), "write `masked(fill=0.0)`" if fills else "write `masked` alone: a store skips the "
                 "elements outside the tensor and fills nothing")
    if space is not None and space is not ir.Space.GLOBAL:
        ck.error("E035", f"{what} is a shared buffer: only a global tensor's tile is masked", sp,
                 "masks are for the tails of global tensors whose sizes are not multiples of the tile; "
                 "shared buffers have compile-time extents")
        return None
    if fills and fill is None and ok:
        ck.error("E035", "a masked load or copy needs the value of the elements outside the tensor", sp,
                 "write `masked(fill=0.0)` (0.0 for sums and mma, -inf for max, inf for min)")
        return None
    if not ok:
        return None
    value = None
    if fill is not None:
        value = fold_fill(fill, ck.consts())
        if value is None:
            ck.error("E035", "the fill value is a number known at compile time", fill.span,
                     "write a literal such as 0.0, -inf or a constant")
            return None
        problem = None if dtype is None else fill_problem(dtype, value)
        if problem is not None:
            ck.error("E035", problem, fill.span)
            return None
        if dtype is not None and dtype.is_float:
            value = float(value)
    return ir.Mask(fill, value, sp)


def fold_fill(e: ir.Expr, consts: dict[str, int]) -> float | int | None:
    """The number a fill expression denotes (literals, constants, negation, `inf`)."""
    if isinstance(e, ir.FloatLit):
        return e.value
    if isinstance(e, ir.Neg):
        inner = fold_fill(e.operand, consts)
        return None if inner is None else -inner
    v = exprs.try_fold(e, consts)
    return v if isinstance(v, int) else None


def neutral_for(op: str) -> float:
    """The fill that leaves a reduction unchanged: the identity of its combining operation."""
    return {"sum": 0.0, "mma": 0.0, "max": -math.inf, "min": math.inf}[op]


def fill_of(e: ir.Call, consts: dict[str, int]) -> float | int:
    """The fill value of a checked `mask(...)` call."""
    return fold_fill(dict(e.kwargs)["fill"], consts)


# ---------------------------------------------------------------- the fill rule's witness
PAD_FINDING = ("padding of a masked tile reaches this {op} as {got} where {op} needs {want}, "
               "so the tail adds to the result")


def with_fills(kernel: ir.Kernel, value: float) -> ir.Kernel:
    """The kernel with every fill value (masked clauses and `mask(...)`) replaced by `value`:
    the witness of the fill rule runs both and compares the outputs."""
    import dataclasses
    lit = ir.FloatLit(value)

    def expr(e):
        if isinstance(e, ir.Call) and e.func == "mask":
            return dataclasses.replace(e, args=tuple(map(expr, e.args)), kwargs=(("fill", lit),))
        if isinstance(e, ir.Call):
            return dataclasses.replace(e, args=tuple(map(expr, e.args)))
        if isinstance(e, ir.Bin):
            return dataclasses.replace(e, lhs=expr(e.lhs), rhs=expr(e.rhs))
        if isinstance(e, (ir.Neg, ir.Not, ir.Cast)):
            return dataclasses.replace(e, operand=expr(e.operand))
        return e

    def stmt(s):
        if isinstance(s, (ir.Load, ir.Copy)) and s.mask is not None:
            return dataclasses.replace(s, mask=dataclasses.replace(s.mask, fill=lit, value=value))
        if isinstance(s, ir.Compute):
            return dataclasses.replace(s, value=expr(s.value))
        if isinstance(s, ir.For):
            return dataclasses.replace(s, body=tuple(map(stmt, s.body)))
        if isinstance(s, ir.If):
            return dataclasses.replace(s, then=tuple(map(stmt, s.then)), orelse=tuple(map(stmt, s.orelse)))
        return s
    return dataclasses.replace(kernel, body=tuple(map(stmt, kernel.body)))


INT_RANGES = {ir.DType.I8: (-(1 << 7), (1 << 7) - 1), ir.DType.I32: (-(1 << 31), (1 << 31) - 1),
              ir.DType.I64: (-(1 << 63), (1 << 63) - 1), ir.DType.BOOL: (0, 1)}
# integer arithmetic whose exact result may leave a type's range (on ints or solver terms)
INT_ARITH = {ir.BinOp.ADD: lambda a, b: a + b, ir.BinOp.SUB: lambda a, b: a - b, ir.BinOp.MUL: lambda a, b: a * b}


def fill_problem(dtype: ir.DType, value) -> str | None:
    """Why `value` cannot fill a tile of `dtype`, or None: an integer tile needs an integer its
    type holds (held-out rounds 32 and 34: `fill=300` of an i8 tile was int8(300), 44 on a GPU
    and an OverflowError on the simulator, while the verifier and the interpreter took 300)."""
    if dtype.is_float:
        return None
    if isinstance(value, float):
        return f"a {dtype.value} tile needs an integer fill value, not {value}"
    lo, hi = INT_RANGES[dtype]
    if not lo <= value <= hi:
        return f"the fill {value} is outside what a {dtype.value} tile holds ({lo} to {hi})"
    return None
