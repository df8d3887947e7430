"""Whether the values of integer tile math that picks among tiles, literals and arithmetic on
`index(...)` coordinates and scalars stay within an integer type, at a program point.

The fill rule takes an integer type's extreme for the identity of a `max` or `min` (an i32
argmin's padding of 2147483647) only where no value of the reduced operand can lie beyond
it: int64 index math could (dsl/compute: `index` is an int64). Arithmetic of coordinates,
sizes, loop variables and block ids (`index(x, axis=0) + rt * BR`) is bounded here by the
solver, under the kernel's assumptions and the point's loop ranges (held-out rounds 105 and
111: an argmax and an argmin over row tiles were refuted, "min needs inf", of an i32 tile).
"""
from __future__ import annotations

import z3

from dsl import exprs, ir
from dsl.masks import INT_ARITH, INT_RANGES

from .element_conds import shape_of
from .symbols import Unsupported



def within_type(df, pads, point, e: ir.Expr, dtype: ir.DType) -> bool:
    """Every value e may take at `point` is one of `dtype`'s (pads: the padding walk, for the
    point's instance and its solver)."""
    if dtype not in INT_RANGES:
        return False
    lo, hi = INT_RANGES[dtype]
    parts = _arithmetic(e, lo, hi)
    if parts is None:
        return False
    if not parts:
        return True
    inst, facts = pads.instance(point)
    for x in parts:
        box: list = []
        try:
            t = _term(df, x, inst, box)
        except (Unsupported, KeyError, IndexError, TypeError):
            return False
        if not pads.proved(z3.And(t >= lo, t <= hi), facts + box):
            return False
    return True


def _arithmetic(e: ir.Expr, lo: int, hi: int) -> list | None:
    """The arithmetic among e's values (each to bound), or None where a value is something
    else than a tile's, a literal in [lo, hi] (one past the type is an int64: held-out round
    112), a coordinate's or such arithmetic."""
    match e:
        case ir.IntLit(value=v):
            return [] if lo <= v <= hi else None
        case ir.Sym(kind=ir.SymKind.TENSOR) | ir.Call(func="index"):
            return []
        case ir.Call(func="where", args=(_, a, b)):
            pa, pb = _arithmetic(a, lo, hi), _arithmetic(b, lo, hi)
            return None if pa is None or pb is None else pa + pb
        case ir.Call(func="mask" | "bcast" | "reshape", args=(a, *_)):
            return _arithmetic(a, lo, hi)
        case ir.Bin() | ir.Neg() if _scalar_math(e):
            return [e]
    return None


def _scalar_math(e: ir.Expr) -> bool:
    """`+ - *` and negation of coordinates and integer scalars (no tile's values): what
    `_term` encodes."""
    match e:
        case ir.Call(func="index"):
            return True
        case ir.Bin(op=op, lhs=a, rhs=b):
            return op in INT_ARITH and _scalar_math(a) and _scalar_math(b)
        case ir.Neg(operand=a):
            return _scalar_math(a)
    return exprs.int_scalar(e)


def _term(df, e: ir.Expr, inst: dict, box: list):
    match e:
        case ir.Call(func="index", args=(t,), kwargs=kw):
            n = shape_of(df, t)[df.env.const_value(dict(kw)["axis"])]
            v = z3.FreshInt("coord")
            box += [v >= 0, v < n]
            return v
        case ir.Bin(op=op, lhs=a, rhs=b):
            return INT_ARITH[op](_term(df, a, inst, box), _term(df, b, inst, box))
        case ir.Neg(operand=a):
            return -_term(df, a, inst, box)
    if not exprs.int_scalar(e):
        raise Unsupported("not integer scalar math", getattr(e, "span", None))
    return df.env.term(e, inst)
