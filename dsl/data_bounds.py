"""Bounds on the values tile math takes at elements that hold data (not padding).

The fill rule (encode/fill_rule.py) lets padding v reach a max when every data value of the
line is at least a bound above v (`max(abs(x))` with 0.0 padding), and START (encode/
reduce_start.py) leaves a start alone that the data cannot pass. A bound is kept as f32 holds
it rounded down, since math in f32 rounds each literal and each sum to nearest; data is
finite (docs/SEMANTICS.md).
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from dsl import ir
from dsl.exprs import children, iter_nodes
from dsl.pad_values import F32_TINY, cast_value

_NONNEGATIVE = ("abs", "exp", "exp2", "sqrt", "sigmoid")


def data_bound(e: ir.Expr, op: str, wide: bool = False) -> float | None:
    """A bound every value of tile math `e` at an element that is not padding respects: a
    lower bound for op "max" (`abs(x)`, `exp(x)`, `x * x` are >= 0.0), an upper bound for
    "min"; None where none is known. Data is finite (docs/SEMANTICS.md). `wide`: e is f64
    math throughout (no conversion in it), whose literals and sums round in f64, not f32
    (held-out round 119: `maximum(x, 0.0) - 0.1` of f64 x is at least f64's -0.1)."""
    if op == "max":
        return _lower(e, wide)
    if op == "min":
        low = _lower(ir.Neg(e), wide)
        return None if low is None else -low
    return None


def float_valued(e: ir.Expr, dtype_of) -> bool:
    """Whether every value tile math e computes is a float (the bounds above hold for float
    math only): float tiles (`dtype_of(name)`, None where not known), no cast to an integer type
    and no index tile among the values; a mask's or a where's condition is no value. An integer
    `x * x` or `abs(x)` wraps, inside `cast(.., f32)` too (held-out rounds 31, 32, 82)."""
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            dt = dtype_of(n)
            return dt is not None and dt.is_float
        case ir.Cast(dtype=dt, operand=y):
            # an integer tile (or a choice among such, no arithmetic) made float: float math
            # from there on (held-out round 115: `y = cast(x, f32)` then y * y of an i8 x)
            return dt.is_float and (float_valued(y, dtype_of) or selects_only(y, dtype_of))
        case ir.Call(func="index"):
            return False
        case ir.Call(func="mask", args=(y, *_)):
            return float_valued(y, dtype_of)
        case ir.Call(func="where", args=(_, a, b)):
            return float_valued(a, dtype_of) and float_valued(b, dtype_of)
    return all(float_valued(k, dtype_of) for k in children(e))


def selects_only(e: ir.Expr, dtype_of) -> bool:
    """Whether tile math e only picks among tile values and literals (where, maximum, minimum,
    mask, bcast, reshape) and converts them monotonically: no arithmetic, so no integer wraps
    and a bound of an integer choice holds (`where(x > 0, x, 0)` of an i32 is >= 0). A cast
    into an integer type only from types it holds every value of, or from floats (float to
    integer conversions saturate): i32 into i8 wraps."""
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR) | ir.FloatLit() | ir.IntLit():
            return True
        case ir.Neg(operand=ir.FloatLit() | ir.IntLit()):
            return True
        case ir.Call(func="where", args=(_, a, b)) | ir.Call(func="maximum" | "minimum", args=(a, b)):
            return selects_only(a, dtype_of) and selects_only(b, dtype_of)
        case ir.Call(func="mask" | "bcast" | "reshape", args=(x, *_)):
            return selects_only(x, dtype_of)
        case ir.Cast(operand=x, dtype=dt):
            return selects_only(x, dtype_of) and (dt.is_float or all(_fits(v, dt, dtype_of) for v in _picked(x)))
    return False


def _picked(e: ir.Expr):
    """The tiles and literals whose values e (of selects_only) picks: not its conditions."""
    match e:
        case ir.Call(func="where", args=(_, a, b)) | ir.Call(func="maximum" | "minimum", args=(a, b)):
            yield from _picked(a)
            yield from _picked(b)
        case ir.Call(func="mask" | "bcast" | "reshape", args=(x, *_)) | ir.Cast(operand=x):
            yield from _picked(x)
        case _:
            yield e


def _fits(v: ir.Expr, dt: ir.DType, dtype_of) -> bool:
    from .masks import INT_RANGES
    lo, hi = INT_RANGES[dt]
    match v:
        case ir.IntLit(value=c) | ir.FloatLit(value=c):
            return math.isfinite(c) and lo <= c <= hi
        case ir.Neg(operand=ir.IntLit(value=c) | ir.FloatLit(value=c)):
            return math.isfinite(c) and lo <= -c <= hi
        case ir.Sym(name=n):
            src = dtype_of(n)
            if src is None:
                return False
            if src.is_float:
                return True
            slo, shi = INT_RANGES[src]
            return lo <= slo and shi <= hi
    return False


def _converted_bound(b: float | None, dt: ir.DType) -> float | None:
    """A lower bound of values converted to float type dt: the bound converted (rounding is
    monotone), a positive number dt holds only as a subnormal taken down to 0.0, which a
    flush gives (held-out round 68: f16 holds a data bound of 1e-8 as 0.0, and 5e-9
    padding was taken to lie below the data)."""
    if b is None:
        return None
    got = cast_value(b, dt)
    if not isinstance(got, float):
        return None
    tiny = _SMALLEST_NORMAL.get(dt)
    return 0.0 if tiny is not None and 0.0 < got < tiny else got


_SMALLEST_NORMAL = {ir.DType.F16: 2.0 ** -14, ir.DType.BF16: 2.0 ** -126, ir.DType.F32: 2.0 ** -126,
                    ir.DType.F64: 2.0 ** -1022}


def never_negative_zero(e: ir.Expr) -> bool:
    """Whether float math `e` never gives -0.0: abs, exp, exp2 and sigmoid, `x * x`, a literal
    that is not -0.0, a sum of such (round to nearest gives -0.0 only for -0.0 + -0.0), a
    choice or a float cast of such; sqrt keeps its operand's zero (sqrt(-0.0) is -0.0)."""
    match e:
        case ir.FloatLit(value=c) | ir.IntLit(value=c):
            return math.copysign(1.0, c) > 0
        case ir.Call(func="abs" | "exp" | "exp2" | "sigmoid"):
            return True
        case ir.Call(func="sqrt" | "mask" | "bcast" | "reshape", args=(x, *_)):
            return never_negative_zero(x)
        case ir.Call(func="maximum", args=(a, b)) if any(_at_least(x, 0.0) and never_negative_zero(x) for x in (a, b)):
            # -0.0 lies below +0.0 (docs/SEMANTICS.md): the maximum with a value that is
            # +0.0 or more is +0.0 or more (`maximum(x, 0.0)`, held-out round 88)
            return True
        case ir.Call(func="maximum" | "minimum", args=(a, b)) | ir.Bin(op=ir.BinOp.ADD, lhs=a, rhs=b):
            return never_negative_zero(a) and never_negative_zero(b)
        case ir.Call(func="where", args=(c, a, b)):
            return (never_negative_zero(a) or _picked_positive(c, a)) and never_negative_zero(b)
        case ir.Bin(op=ir.BinOp.MUL, lhs=a, rhs=b) if _same_text(a, b):
            return True
        case ir.Cast(operand=x, dtype=dt) if dt.is_float:
            return never_negative_zero(x)
        case ir.Cast():
            return True             # an integer has one zero
    return False


def _same_text(a: ir.Expr, b: ir.Expr) -> bool:
    from .fmt import format_expr
    return format_expr(a) == format_expr(b)


def _lower(e: ir.Expr, wide: bool = False) -> float | None:
    """A lower bound of `e`'s values, as f32 holds it rounded down: math in f32 rounds each
    literal and each sum, to nearest, never below the largest f32 at most the exact value
    (held-out round 70: `maximum(x, 1.0) + 5e-8 + 5e-8 + 5e-8` is 1.0 in f32, not above it)."""
    match e:
        case ir.FloatLit(value=c) | ir.IntLit(value=c):
            return _down(Fraction(c), wide) if math.isfinite(c) else float(c)
        case ir.Neg(operand=ir.Neg(operand=x)):
            return _lower(x, wide)
        case ir.Neg(operand=ir.Call(func="minimum", args=(a, b))):
            return _lower(ir.Call("maximum", (ir.Neg(a), ir.Neg(b)), ()), wide)
        case ir.Neg(operand=ir.FloatLit(value=c) | ir.IntLit(value=c)):
            return _down(-Fraction(c), wide) if math.isfinite(c) else -float(c)
        case ir.Call(func=f, args=(x,)) if f in _NONNEGATIVE:
            return 0.0
        case ir.Call(func="maximum", args=(a, b)):
            got = [v for v in (_lower(a, wide), _lower(b, wide)) if v is not None]
            return max(got) if got else None
        case ir.Call(func="minimum", args=(a, b)):
            la, lb = _lower(a, wide), _lower(b, wide)
            return None if la is None or lb is None else min(la, lb)
        case ir.Call(func="mask" | "bcast" | "reshape", args=(x, *_)):
            return _lower(x, wide)       # a mask's fill lies at the padding, not at the data
        case ir.Cast(operand=x, dtype=dt) if dt.is_float:
            return _converted_bound(_lower(x, wide), dt)
        case ir.Cast(operand=x, dtype=dt) if dt is not ir.DType.BOOL:
            # into an integer type (a caller checks that nothing wraps: selects_only): the
            # conversion truncates and saturates, both monotone, and takes a NaN to 0, which
            # float math upstream may make (held-out round 117: `cast(maximum(y, 5.0), i32)`
            # of a y = sqrt(x) is 0 where x < 0, and 3 padding won): at most 0 then
            low = _lower(x, wide)
            if low is None or math.isnan(low):
                return None
            from .masks import INT_RANGES
            lo, hi = INT_RANGES[dt]
            v = lo if low == -math.inf else hi if low == math.inf else min(max(math.trunc(low), lo), hi)
            return float(min(v, 0))
        case ir.Bin(op=ir.BinOp.MUL, lhs=a, rhs=b) if _same_text(a, b):
            return 0.0
        case ir.Sym(kind=ir.SymKind.SIZE):
            return 1.0                 # every size is at least 1
        case ir.Call(func="sum", args=(x,)) if _at_least(x, 0.0, wide) and not _negative_fill(x, wide):
            return 0.0                 # a sum of values >= 0.0, its padding too (`sum(d * d)`)
        case ir.Bin(op=ir.BinOp.DIV, lhs=a, rhs=b) if _at_least(a, 0.0, wide) and _above(b, 0.0, wide) and \
                not any(isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR for n in iter_nodes(b)):
            return 0.0                 # over a positive scalar (`/ cast(C, f32)`): >= 0.0, maybe 0.0
        case ir.Bin(op=ir.BinOp.SUB, lhs=a, rhs=b):
            return _lower(ir.Bin(ir.BinOp.ADD, a, ir.Neg(b)), wide)      # a - b rounds as a + (-b)
        case ir.Neg(operand=ir.Bin(op=ir.BinOp.ADD | ir.BinOp.SUB, lhs=a, rhs=b) as x):
            # -(a + b) is -a + -b and -(a - b) is -a + b: negation is exact and rounding to
            # nearest symmetric
            return _lower(ir.Bin(ir.BinOp.ADD, ir.Neg(a), b if x.op is ir.BinOp.SUB else ir.Neg(b)), wide)
        case ir.Bin(op=ir.BinOp.ADD, lhs=a, rhs=b):
            la, lb = _lower(a, wide), _lower(b, wide)
            if la is None or lb is None:
                return None
            return _down(Fraction(la) + Fraction(lb), wide) if math.isfinite(la) and math.isfinite(lb) else la + lb
        case ir.Call(func="where", args=(c, a, b)):
            # each side where it is picked: `where(x > 0.0, x, 0.0)` (a ReLU) is >= 0.0
            la, lb = _picked_lower(c, a, wide), _lower(b, wide)
            return None if la is None or lb is None else min(la, lb)
        case ir.Neg(operand=ir.Cast(operand=x, dtype=dt)) if dt.is_float:
            return _converted_bound(_lower(ir.Neg(x), wide), dt)      # rounding to nearest is symmetric
        case ir.Neg(operand=ir.Call(func="where", args=(c, a, b))):
            # a min's bound: -where(x < -1.0, x, -1.0) >= 1.0
            la, lb = _picked_lower(c, ir.Neg(a), wide), _lower(ir.Neg(b), wide)
            return None if la is None or lb is None else min(la, lb)
    return None


def _picked_lower(cond: ir.Expr, e: ir.Expr, wide: bool = False) -> float | None:
    """A lower bound of `e` where `cond` holds: its own, or c where cond says e > c or e >= c,
    or -c where e is -x and cond says x < c or x <= c (NaN fails each, so a NaN is never
    picked). Only for a literal c that every float type holds exactly: compared in f16, 0.1 is
    0.0999755859375, below f32's 0.1."""
    got = [v for v in (_lower(e, wide),) if v is not None]
    if isinstance(cond, ir.Bin) and cond.op is ir.BinOp.AND:
        got += [v for v in (_picked_lower(cond.lhs, e, wide), _picked_lower(cond.rhs, e, wide)) if v is not None]
    elif isinstance(cond, ir.Bin) and cond.op in _FLIPPED:
        for x, lit, op in ((cond.lhs, cond.rhs, cond.op), (cond.rhs, cond.lhs, _FLIPPED[cond.op])):
            c = _exact_literal(lit)
            if c is None:
                continue
            if op in (ir.BinOp.GT, ir.BinOp.GE) and _same_text(x, e):
                got.append(c)
            elif op in (ir.BinOp.LT, ir.BinOp.LE) and isinstance(e, ir.Neg) and _same_text(x, e.operand):
                got.append(-c)
    return max(got) if got else None


# a comparison read from its other side: `c < x` is `x > c`
_FLIPPED = {ir.BinOp.GT: ir.BinOp.LT, ir.BinOp.GE: ir.BinOp.LE, ir.BinOp.LT: ir.BinOp.GT, ir.BinOp.LE: ir.BinOp.GE}


def _picked_positive(cond: ir.Expr, e: ir.Expr) -> bool:
    """Whether `cond` says e > c for a c >= 0.0 or e >= c for a c > 0.0: never -0.0 there
    (-0.0 > 0.0 is false, -0.0 >= 0.0 true)."""
    match cond:
        case ir.Bin(op=op, lhs=x, rhs=lit) if op in (ir.BinOp.GT, ir.BinOp.GE):
            pass
        case ir.Bin(op=op, lhs=lit, rhs=x) if op in (ir.BinOp.LT, ir.BinOp.LE):
            op = ir.BinOp.GT if op is ir.BinOp.LT else ir.BinOp.GE
        case ir.Bin(op=ir.BinOp.AND, lhs=p, rhs=q):
            return _picked_positive(p, e) or _picked_positive(q, e)
        case _:
            return False
    c = _exact_literal(lit)
    return c is not None and _same_text(x, e) and (c >= 0.0 if op is ir.BinOp.GT else c > 0.0)


def _exact_literal(e: ir.Expr) -> float | None:
    """The value of a literal (or its negation) that f16 holds exactly, else None."""
    match e:
        case ir.FloatLit(value=c) | ir.IntLit(value=c):
            v = float(c)
        case ir.Neg(operand=ir.FloatLit(value=c) | ir.IntLit(value=c)):
            v = -float(c)
        case _:
            return None
    with np.errstate(over="ignore"):        # 1e300 is no f16 (inf): no warning in a report
        return v if math.isfinite(v) and float(np.float16(v)) == v else None


def _at_least(e: ir.Expr, v: float, wide: bool = False) -> bool:
    low = _lower(e, wide)
    return low is not None and low >= v


def _above(e: ir.Expr, v: float, wide: bool = False) -> bool:
    low = _lower(e, wide)
    return low is not None and low > v


def _negative_fill(e: ir.Expr, wide: bool = False) -> bool:
    """Whether a `mask` inside e may put a value below 0.0 (not a literal fill >= 0.0)."""
    for n in iter_nodes(e):
        if isinstance(n, ir.Call) and n.func == "mask":
            fill = dict(n.kwargs).get("fill")
            v = _lower(fill, wide) if fill is not None else 0.0
            if v is None or v < 0.0:
                return True
    return False


def _down(q: Fraction, wide: bool = False) -> float:
    """The largest f32 at most q (0.0 for a positive q below f32's least normal number, which a
    flush gives; -inf past its range); `wide`: the largest f64 (whose math flushes nothing)."""
    if wide:
        try:
            f = float(q)
        except OverflowError:
            f = math.inf if q > 0 else -math.inf
        if math.isinf(f):
            return -math.inf if q < 0 else float(np.finfo(np.float64).max)
        return float(np.nextafter(f, -np.inf)) if Fraction(f) > q else f
    with np.errstate(over="ignore"):
        f = np.float32(float(q))
    if math.isinf(f):
        return -math.inf if q < 0 else float(np.finfo(np.float32).max)
    if Fraction(float(f)) > q:
        f = np.nextafter(f, np.float32(-np.inf))
    out = float(f)
    return 0.0 if 0.0 < out < F32_TINY else out
