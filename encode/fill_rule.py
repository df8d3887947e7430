"""TAG, masked tiles: the padding that reaches a reduction or an mma is its neutral value.

Padding carries the PAD tag, which contributes to nothing; that is true of the computed
values only if each reduction that reads padding reads its identity (0 for sum and mma,
-inf for max, inf for min). The value of the padding is followed from the fill through
elementwise math, treating every value that is not padding as some finite number:
`exp(-inf - m)` is 0, `0.0 * x` is 0, `-inf + x` is -inf; anything else (`where`, `1.0 + x`)
is a padding value the rule cannot tell, which is unknown, never proved.
"""
from __future__ import annotations

import math

import numpy as np

from dsl import ir
from dsl.masks import PAD_FINDING, neutral_for

from .findings import Finding

NOPAD = "nopad"         # no padding reaches the element: some finite number
UNKNOWN = "unknown"     # padding of a value this rule cannot tell
_FUNCS = {"exp": np.exp, "exp2": np.exp2, "log": np.log, "log2": np.log2, "sqrt": np.sqrt,
          "rsqrt": lambda x: 1.0 / np.sqrt(x), "tanh": np.tanh, "abs": np.abs,
          "sigmoid": lambda x: 1.0 / (1.0 + np.exp(-x))}


def check(df, sink) -> None:
    pads = _Pads(df)
    for p in df.points:
        s = p.stmt
        if isinstance(s, ir.Mma):
            for name in (s.a, s.b):
                _require(sink, p, "mma", pads.of(name), name)
        elif isinstance(s, ir.Compute):
            for op, arg in _reductions(s.value):
                _require(sink, p, op, pads.expr(arg, s.target.name), "its operand")


def _require(sink, point, op: str, got, what: str) -> None:
    if got == NOPAD:
        return
    sink.obligation()
    want = neutral_for(op)
    if got == UNKNOWN:
        sink.unknown("TAG", point.span, f"padding of a masked tile reaches this {op} through math whose value "
                     "at the padding is not known; fill with a value that stays neutral")
        return
    if got == want:
        return
    msg = PAD_FINDING.format(op=op, got=_num(got), want=_num(want))
    hint = (f"give the padding of {what} the value {_num(want)}: masked(fill={_num(want)}) on its load or "
            f"copy, fill={_num(want)} in mask(...)")
    sink.finding(Finding("TAG", point.span, msg, hint=hint))


def _num(v: float) -> str:
    return "inf" if v == math.inf else "-inf" if v == -math.inf else repr(float(v))


def _reductions(e: ir.Expr):
    from dsl.exprs import children
    if isinstance(e, ir.Call) and e.func in ("sum", "max", "min") and len(e.args) == 1:
        yield e.func, e.args[0]
    for c in children(e):
        yield from _reductions(c)


class _Pads:
    """The value padding has in each tile (NOPAD, UNKNOWN or a number), from its writers."""

    def __init__(self, df):
        self.df, self.memo, self.busy = df, {}, set()

    def of(self, name: str):
        if name in self.memo:
            return self.memo[name]
        if name in self.busy or self.df.kernel.param(name) is not None:
            return NOPAD         # an accumulator's own earlier value, or a kernel input read unmasked
        self.busy.add(name)
        vals = [self.written(w.stmt, name) for w in self.df.writers.get(name, [])]
        self.busy.discard(name)
        padded = [v for v in vals if v != NOPAD]
        out = NOPAD if not padded else padded[0] if all(_same(v, padded[0]) for v in padded) else UNKNOWN
        self.memo[name] = out
        return out

    def written(self, s, name: str):
        if isinstance(s, (ir.Load, ir.Copy)) and s.mask is not None:
            return s.mask.value
        if isinstance(s, (ir.Load, ir.Copy)):
            return self.of(s.src.tensor)
        if isinstance(s, ir.Store):
            return self.of(s.src)
        if isinstance(s, ir.Compute):
            return self.expr(s.value, name)
        return NOPAD            # zeros; an mma's padding rows are dropped by the masked store

    def expr(self, e: ir.Expr, self_name: str):
        match e:
            case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                return NOPAD if n == self_name else self.of(n)
            case ir.Neg(operand=x):
                v = self.expr(x, self_name)
                return v if v in (NOPAD, UNKNOWN) else -v
            case ir.Cast(operand=x):
                return self.expr(x, self_name)
            case ir.Bin(op=op, lhs=a, rhs=b):
                return _binary(op, self.expr(a, self_name), self.expr(b, self_name))
            case ir.Call(func="bcast", args=(x,)):
                return self.expr(x, self_name)
            case ir.Call(func="index"):
                return NOPAD
            case ir.Call(func="reshape", args=(x,)):
                return self.expr(x, self_name)
            case ir.Call(func="mask", args=(x, _)):
                from dsl.masks import fill_of
                fill, inner = float(fill_of(e, self.df.env.consts)), self.expr(x, self_name)
                return fill if inner == NOPAD or _same(inner, fill) else UNKNOWN
            case ir.Call(func=f) if f in ("sum", "max", "min"):
                return NOPAD     # checked where it is computed; its result is a number
            case ir.Call(func=f, args=(x,)) if f in _FUNCS:
                v = self.expr(x, self_name)
                return v if v in (NOPAD, UNKNOWN) else _np(_FUNCS[f], v)
            case ir.Call(args=args):
                vals = [self.expr(a, self_name) for a in args]
                return NOPAD if all(v == NOPAD for v in vals) else UNKNOWN
        return NOPAD             # literals, sizes, block and thread ids


def _same(a, b) -> bool:
    return a == b or (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b))


def _np(f, *xs) -> float:
    with np.errstate(all="ignore"):
        return float(f(*(np.float64(x) for x in xs)))


def _binary(op: ir.BinOp, a, b):
    if a == NOPAD and b == NOPAD:
        return NOPAD
    if UNKNOWN in (a, b):
        return UNKNOWN
    if a != NOPAD and b != NOPAD:
        return _np({ir.BinOp.ADD: np.add, ir.BinOp.SUB: np.subtract, ir.BinOp.MUL: np.multiply,
                    ir.BinOp.DIV: np.divide}.get(op, lambda x, y: np.nan), a, b)
    v, padded_left = (a, True) if b == NOPAD else (b, False)
    # One side is padding `v`, the other some finite number y.
    if op in (ir.BinOp.ADD, ir.BinOp.SUB) and math.isinf(v):
        return v if padded_left or op is ir.BinOp.ADD else -v
    if op is ir.BinOp.MUL and v == 0.0:
        return 0.0
    if op is ir.BinOp.DIV and not padded_left and math.isinf(v):
        return 0.0
    if op is ir.BinOp.DIV and padded_left and math.isinf(v):
        return UNKNOWN           # the sign of y decides
    return UNKNOWN
