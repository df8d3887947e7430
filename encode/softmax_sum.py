"""A softmax's row sum is at least 1, so the zeros of its probabilities' padding stay zeros
when divided by it (encode/pad_walk.py): causal attention probabilities stored as
`p / bcast(l)` hold 0.0 above the diagonal, as their tag function's condition says.

`l = sum(p, axis=k)` with `p = exp(s - bcast(m, axis=k))` (or exp2) and `m = max(s, axis=k)`: at the element where a line of s reaches
its maximum, p is exp(0) = 1, and every other term is in [0, 1], so each element of l lies
in [1, n]. That needs the line to hold data (padding of s is -inf there, encode/pad_walk.py
checks that separately; a line all padding leaves padding in l, which the caller rules out)
and that m is the maximum of the same s: each tile has one writer, all at the same loops and
conditions, in the order s, m, p, l (so one iteration's m is that iteration's s's maximum).
Data is taken to be finite numbers, as everywhere in the fill rule.

A length clamped away from zero, `maximum(len, 1)` of an integer tile (cast to a float type
wide enough), is one too.

A scalar divisor made of sizes, constants and integers that the assumptions keep at 1 or
more (`s / C` with C >= 128: a row mean) is such a number too (new-user round 30's
LayerNorm: the mean of rows past R is 0.0 / C)."""
from __future__ import annotations

import math

import z3

from dsl import exprs, ir

from .const_values import EMPTY, Const
from .solver import Verdict, prove
from .symbols import Unsupported


def at_least_one(df, e: ir.Expr, constants) -> bool:
    """Whether every value `e` (a tile, or a broadcast of one; or a scalar) takes is a finite
    number >= 1 (for a tile, in [1, n]); `constants` gives a tile's class of constants
    (encode/zero_values.py)."""
    if scalar_at_least_one(df, e):
        return True
    if isinstance(e, ir.Call) and e.func == "bcast" and len(e.args) == 1:
        e = e.args[0]
    if _clamped(df, e):
        return True
    order: list = []
    total = _resolved(df, e, order)
    if not (isinstance(total, ir.Call) and total.func == "sum" and len(total.args) == 1):
        return False
    k = _axis(df, total)
    arg = _exp_argument(_resolved(df, total.args[0], order))
    if arg is None or not (isinstance(arg, ir.Bin) and arg.op is ir.BinOp.SUB):
        return False
    s, shift = arg.lhs, arg.rhs
    if not (_tile(s) and isinstance(shift, ir.Call) and shift.func == "bcast" and _axis(df, shift) == k):
        return False
    peak = _resolved(df, shift.args[0], order)
    if not (isinstance(peak, ir.Call) and peak.func == "max" and len(peak.args) == 1 and _axis(df, peak) == k
            and _tile(peak.args[0]) and peak.args[0].name == s.name):
        return False
    writers = df.writers.get(s.name, [])
    if len(writers) != 1:
        return False
    # data is finite; a constant of s is not: a row of inf has exp(inf - inf) = NaN as its sum
    # (held-out round 67)
    held = constants(s.name)
    if not (held == EMPTY or isinstance(held, Const) and math.isfinite(held.v)):
        return False
    order.append(writers[0])
    return _in_order(order)


# casts that keep every integer finite (an i32 or i64 in f16 may be inf)
WIDE = (ir.DType.F32, ir.DType.F64, ir.DType.BF16)


def _clamped(df, e: ir.Expr) -> bool:
    """`maximum(t, c)` of an integer tile t and an integer c the assumptions keep >= 1, maybe
    cast to a wide float (or of t cast to one and a float literal >= 1): a count clamped away
    from zero, `s / cast(maximum(len, 1), f32)` (new-user round 53's masked mean over a length
    that may be 0); a tile whose one writer computes that (`cnt = cast(...)`, then `s / cnt`)."""
    if _tile(e):
        writers = df.writers.get(e.name, [])
        if len(writers) != 1 or not isinstance(writers[0].stmt, ir.Compute):
            return False
        e = writers[0].stmt.value
    if isinstance(e, ir.Cast):
        if e.dtype not in WIDE:
            return False
        e = e.operand
    if not (isinstance(e, ir.Call) and e.func == "maximum" and len(e.args) == 2 and not e.kwargs):
        return False
    for t, c in (e.args, e.args[::-1]):
        t = _unshaped(t)
        at_least_one = scalar_at_least_one(df, c)
        if isinstance(t, ir.Cast) and t.dtype in WIDE and isinstance(c, ir.FloatLit) and c.value >= 1.0:
            # `maximum(cast(len, f32), 1.0)`: the clamp on the float side (held-out round 54)
            t, at_least_one = _unshaped(t.operand), True
        if at_least_one and _integer(df, t):
            return True
    return False


def _integer(df, e: ir.Expr) -> bool:
    """Whether tile math `e` holds integers: integer tiles (not bool), integer scalars and
    literals under + - * (`maximum(hi - lo, 1)`: new-user round 55's mean over [LO, HI))."""
    e = _unshaped(e)
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            kind = df.types.get(n)
            return kind is not None and not kind.dtype.is_float and kind.dtype is not ir.DType.BOOL
        case ir.Bin(op=ir.BinOp.ADD | ir.BinOp.SUB | ir.BinOp.MUL, lhs=a, rhs=b):
            return _integer(df, a) and _integer(df, b)
        case ir.Neg(operand=a):
            return _integer(df, a)
        case ir.IntLit() | ir.Sym(kind=ir.SymKind.CONST | ir.SymKind.SIZE | ir.SymKind.LOOP):
            return True
    return False


def _unshaped(e: ir.Expr) -> ir.Expr:
    """`e` without the broadcasts and reshapes around it (they move values, not change them)."""
    while isinstance(e, ir.Call) and e.func in ("bcast", "reshape") and len(e.args) == 1:
        e = e.args[0]
    return e


def _exp_argument(e):
    """x of exp(x) or exp2(x)."""
    if isinstance(e, ir.Call) and e.func in ("exp", "exp2") and len(e.args) == 1:
        return e.args[0]
    return None


def _resolved(df, e: ir.Expr, order: list):
    """The value a tile holds, through its one computing writer (which joins `order`); any
    other expression as it is."""
    if not _tile(e):
        return e
    writers = df.writers.get(e.name, [])
    if len(writers) != 1 or not isinstance(writers[0].stmt, ir.Compute):
        return None
    order.append(writers[0])
    return writers[0].stmt.value


def _in_order(points: list) -> bool:
    """One straight run: the same loops and conditions, each point after the next one listed
    (they were collected from the sum back to s)."""
    first = points[0]
    if any(p.loops != first.loops or p.guards != first.guards for p in points):
        return False
    paths = [p.path for p in reversed(points)]
    return all(a < b for a, b in zip(paths, paths[1:]))


def _tile(e) -> bool:
    return isinstance(e, ir.Sym) and e.kind is ir.SymKind.TENSOR


def _axis(df, call: ir.Call):
    kw = dict(call.kwargs)
    return df.env.const_value(kw["axis"]) if "axis" in kw else None


def scalar_at_least_one(df, e: ir.Expr, division: bool = False) -> bool:
    """`e` is integer arithmetic on sizes, constants and integer literals (no tile, no thread
    or block id, no float; `/` and `%` too with `division`, a loop's trip count) that the
    kernel's assumptions keep >= 1."""
    ops = (ir.BinOp.ADD, ir.BinOp.SUB, ir.BinOp.MUL) + ((ir.BinOp.DIV, ir.BinOp.MOD) if division else ())
    scalar = all(isinstance(n, ir.IntLit) or (isinstance(n, ir.Sym) and n.kind in (ir.SymKind.SIZE, ir.SymKind.CONST))
                 or isinstance(n, ir.Bin) and n.op in ops
                 for n in exprs.iter_nodes(e))
    if not scalar:
        return False
    try:
        term = df.env.term(e, {})
    except Unsupported:       # not an integer term: not known to be >= 1
        return False
    return z3.is_int(term) and prove(term >= 1, list(df.env.facts), df.solver).verdict is Verdict.PROVED
