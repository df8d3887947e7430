"""Conditions on one loop variable as intervals: where `kt + S - 1 < K / BK` holds.

Counting the commits a conditional `commit` makes before an instance needs the set of
iterations where its condition holds in closed form. A conjunction of comparisons, each
affine in the variable with a constant nonzero coefficient (proved by a query, not
assumed), holds exactly on an interval [lo, hi) of integers; anything else (`!=`, `or`,
a product of the variable with a size) is `unknown`.
"""
from __future__ import annotations

import z3

from dsl import ir

from .solver import Verdict as SV, prove
from .symbols import Unsupported

_NEGATE = {ir.BinOp.LT: ir.BinOp.GE, ir.BinOp.GE: ir.BinOp.LT, ir.BinOp.LE: ir.BinOp.GT,
           ir.BinOp.GT: ir.BinOp.LE, ir.BinOp.EQ: ir.BinOp.NE, ir.BinOp.NE: ir.BinOp.EQ}
_MIRROR = {ir.BinOp.LT: ir.BinOp.GT, ir.BinOp.GT: ir.BinOp.LT, ir.BinOp.LE: ir.BinOp.GE,
           ir.BinOp.GE: ir.BinOp.LE, ir.BinOp.EQ: ir.BinOp.EQ, ir.BinOp.NE: ir.BinOp.NE}


def interval(df, cond: ir.Expr, positive: bool, var: str, v) -> tuple:
    """(lo, hi), terms or None (unbounded), with: cond == positive  iff  lo <= var < hi."""
    lo, hi = None, None
    for op, lhs, rhs in _atoms(cond, positive):
        f = df.env.term(lhs, {var: v}) - df.env.term(rhs, {var: v})
        a, b = _affine(df, f, v, cond.span)
        if a < 0:
            a, b, op = -a, -b, _MIRROR[op]
        l, h = _bounds(op, a, b, cond.span)
        lo = l if lo is None else (lo if l is None else z3.If(lo >= l, lo, l))
        hi = h if hi is None else (hi if h is None else z3.If(hi <= h, hi, h))
    return lo, hi


def _atoms(e: ir.Expr, positive: bool) -> list:
    """The comparisons whose conjunction is `e` (or its negation)."""
    if isinstance(e, ir.Not):
        return _atoms(e.operand, not positive)
    if isinstance(e, ir.Bin):
        if (e.op is ir.BinOp.AND and positive) or (e.op is ir.BinOp.OR and not positive):
            return _atoms(e.lhs, positive) + _atoms(e.rhs, positive)
        if e.op in ir.COMPARISONS:
            return [(e.op if positive else _NEGATE[e.op], e.lhs, e.rhs)]
    raise Unsupported("a commit's condition must be a conjunction of comparisons of its loop variable "
                      "(an interval of iterations)", e.span)


def _affine(df, f, v, span) -> tuple[int, object]:
    """f == a * v + b with a constant a != 0 and b free of v, or unknown."""
    b = z3.simplify(z3.substitute(f, (v, z3.IntVal(0))))
    a = z3.simplify(z3.substitute(f, (v, z3.IntVal(1))) - b)
    if not z3.is_int_value(a) or a.as_long() == 0:
        raise Unsupported("a commit's condition is not affine in its loop variable", span)
    out = prove(f == a * v + b, list(df.env.facts), df.solver)
    if out.verdict is not SV.PROVED:
        raise Unsupported("a commit's condition is not affine in its loop variable", span)
    return a.as_long(), b


def _bounds(op, a: int, b, span) -> tuple:
    """Integers v with a * v + b OP 0 (a > 0) as [lo, hi); z3's `/` by a > 0 is floor."""
    match op:
        case ir.BinOp.LT:
            return None, (-b - 1) / a + 1
        case ir.BinOp.LE:
            return None, (-b) / a + 1
        case ir.BinOp.GT:
            return (-b) / a + 1, None
        case ir.BinOp.GE:
            return (-b + a - 1) / a, None
        case ir.BinOp.EQ:
            return (-b + a - 1) / a, (-b) / a + 1
    raise Unsupported("a commit under `!=` of its loop variable holds on two intervals", span)
