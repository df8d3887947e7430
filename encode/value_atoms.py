"""The values an element may hold, as a set of atoms, and math on them (encode/finite_values.py).

  DATA       data loaded from a tensor, and math on data: some finite number (the fill
             rule's assumption: inputs are finite, math on them does not overflow, data is
             not divided by 0);
  a float    a constant the kernel makes (`zeros`, a literal, exp(0.0)), inf and -inf too;
  NAN        not a number;
  Num(lo,hi) a finite number in [lo, hi] the kernel makes from sizes, indices, block and
             thread ids and loop variables: not data, so none of the assumption holds (it
             may be 0.0 under a division, overflow under a product: held-out round 17).

Every operation is evaluated atom by atom; a result past the target type's range (`limit`)
is the infinity it rounds to, and a factor past sqrt(limit) may take data past it."""
from __future__ import annotations

import math
from dataclasses import dataclass

from dsl import ir
from dsl.pad_values import evaluate

DATA, NAN = "data", "nan"
INFS = frozenset({math.inf, -math.inf})
ANY = frozenset({DATA, NAN}) | INFS
MAX_CONSTANTS = 8
INT_BOUND = 2.0 ** 31        # a size, an id, a loop variable: at most this in magnitude
TINY = 1e-45


@dataclass(frozen=True, slots=True)
class Num:
    lo: float
    hi: float


def non_finite(values) -> str:
    """The values that are not finite, in words ('' if none)."""
    return ", ".join(n for a, n in ((math.inf, "inf"), (-math.inf, "-inf"), (NAN, "NaN")) if a in values)


def normal(values, limit: float) -> frozenset:
    """`values` in the target type: numbers past `limit` are infinities; the Nums, and more than
    MAX_CONSTANTS finite constants, become one Num hull."""
    out, los, his, consts = set(), [], [], []
    for a in values:
        if isinstance(a, Num):
            if a.hi > limit:
                out.add(math.inf)
            if a.lo < -limit:
                out.add(-math.inf)
            if a.lo <= limit and a.hi >= -limit:
                los.append(max(a.lo, -limit))
                his.append(min(a.hi, limit))
        elif isinstance(a, float) and math.isfinite(a) and abs(a) > limit:
            out.add(math.copysign(math.inf, a))
        elif isinstance(a, float) and math.isfinite(a):
            consts.append(a)
        else:
            out.add(a)
    if los or len(consts) > MAX_CONSTANTS:
        los, his = los + consts, his + consts
        out.add(Num(min(los), max(his)))
    else:
        out.update(consts)
    return frozenset(out)


def _span(a) -> tuple[float, float] | None:
    """A finite atom's interval (None for DATA, NAN and the infinities)."""
    if isinstance(a, Num):
        return a.lo, a.hi
    if isinstance(a, float) and math.isfinite(a):
        return a, a
    return None


_OPS = {ir.BinOp.ADD: lambda x, y: x + y, ir.BinOp.SUB: lambda x, y: x - y,
        ir.BinOp.MUL: lambda x, y: x * y, ir.BinOp.DIV: lambda x, y: x / y}
_NOT_DATA = ANY - {DATA}


def binary(op: ir.BinOp, x, y, limit: float) -> frozenset:
    """`x op y` for arithmetic `op`."""
    if NAN in (x, y):
        return frozenset({NAN})
    if isinstance(x, float) and isinstance(y, float):
        return frozenset({_atom(evaluate(_OPS[op], x, y))})
    if DATA in (x, y):
        return _with_data(op, x, y, math.sqrt(limit))
    if x in INFS or y in INFS:
        return _with_infinity(op, x, y)
    (l1, h1), (l2, h2) = _span(x), _span(y)
    if op is ir.BinOp.ADD:
        return frozenset({Num(l1 + l2, h1 + h2)})
    if op is ir.BinOp.SUB:
        return frozenset({Num(l1 - h2, h1 - l2)})
    if op is ir.BinOp.DIV and l2 <= 0.0 <= h2:
        return ANY - {DATA} | {Num(-math.inf, math.inf)}       # over a number that may be 0.0
    ends = [evaluate(_OPS[op], a, b) for a in (l1, h1) for b in (l2, h2)]
    if any(math.isnan(v) for v in ends):
        return _NOT_DATA | {Num(-math.inf, math.inf)}
    return frozenset({Num(min(ends), max(ends))})


def _with_data(op: ir.BinOp, x, y, huge: float) -> frozenset:
    if x == y == DATA:
        return frozenset({DATA})
    data_left = x == DATA
    other = y if data_left else x
    span = _span(other)
    if op in (ir.BinOp.ADD, ir.BinOp.SUB):
        if other in INFS:
            return frozenset({-other if op is ir.BinOp.SUB and data_left else other})
        return frozenset({DATA})
    if op is ir.BinOp.MUL:
        if other in INFS:
            return _NOT_DATA
        if span == (0.0, 0.0):
            return frozenset({0.0})
        return frozenset({DATA}) | (INFS if max(abs(span[0]), abs(span[1])) > huge else frozenset())
    if not data_left:                                   # a number over data: data, by the assumption
        return INFS if other in INFS else frozenset({DATA})
    if other in INFS:
        return frozenset({0.0})
    if span == (0.0, 0.0):
        return _NOT_DATA
    if span[0] <= 0.0 <= span[1]:
        return ANY
    small = min(abs(span[0]), abs(span[1])) < 1.0 / huge
    return frozenset({DATA}) | (INFS if small else frozenset())


def _with_infinity(op: ir.BinOp, x, y) -> frozenset:
    """An infinity with a finite number (an exact one is evaluated before)."""
    inf_left = x in INFS
    c, (lo, hi) = (x, _span(y)) if inf_left else (y, _span(x))
    if op is ir.BinOp.ADD:
        return frozenset({c})
    if op is ir.BinOp.SUB:
        return frozenset({c if inf_left else -c})
    if op is ir.BinOp.DIV and not inf_left:
        return frozenset({0.0})
    out = set()                                         # c * n, c / n: the sign of n
    if hi > 0.0:
        out.add(c)
    if lo < 0.0:
        out.add(-c)
    if lo <= 0.0 <= hi:
        out |= {NAN} if op is ir.BinOp.MUL else INFS
    return frozenset(out)


def extremum(f: str, x, y) -> frozenset:
    """maximum(x, y) or minimum(x, y) (NaN is kept: numpy propagates it)."""
    if NAN in (x, y):
        return frozenset({NAN})
    pick = max if f == "maximum" else min
    if isinstance(x, float) and isinstance(y, float):
        return frozenset({pick(x, y)})
    if DATA in (x, y):
        other = y if x == DATA else x
        if other in INFS:
            return frozenset({DATA if pick(other, 0.0) == 0.0 else other})   # maximum(DATA, -inf) is data
        return frozenset({DATA, other})
    if x in INFS or y in INFS:
        c, n = (x, y) if x in INFS else (y, x)
        return frozenset({n if pick(c, 0.0) == 0.0 else c})
    (l1, h1), (l2, h2) = _span(x), _span(y)
    return frozenset({Num(pick(l1, l2), pick(h1, h2))})


def mapped(f, x, limit: float) -> frozenset:
    """A function of one atom (exp, log, sqrt, rsqrt, tanh, abs, sigmoid: each monotone on
    either side of 0.0): exact on numbers, DATA stays DATA (the assumption), a Num through its
    ends and the points around 0.0 inside it."""
    if x in (DATA, NAN):
        return frozenset({x})
    if isinstance(x, float):
        return frozenset({_atom(evaluate(f, x))})
    probes = {x.lo, x.hi} | {p for p in (0.0, -TINY, TINY) if x.lo <= p <= x.hi}
    out, finite = set(), []
    for p in probes:
        v = evaluate(f, p)
        if math.isnan(v):
            out.add(NAN)
        elif math.isinf(v):
            out.add(v)
            finite.append(math.copysign(limit, v))          # the finite values reach the range's end
        else:
            finite.append(v)
    if finite:
        out.add(Num(min(finite), max(finite)))
    return frozenset(out)


def summed(values, n: float) -> frozenset:
    """A sum of up to n elements with these values (padding adds 0.0)."""
    out = {a for a in values if a == NAN or a in INFS}
    if math.inf in out and -math.inf in out:
        out.add(NAN)
    spans = [s for s in map(_span, values) if s is not None]
    if DATA in values:
        out.add(DATA)
    elif spans and any(s != (0.0, 0.0) for s in spans):
        out.add(Num(min(0.0, n * min(s[0] for s in spans)), max(0.0, n * max(s[1] for s in spans))))
    elif spans:
        out.add(0.0)
    return frozenset(out)


def cast_int(values) -> frozenset:
    """Into an integer type: data stays data, the rest is some integer (a conversion saturates)."""
    out = {DATA} if DATA in values else set()
    if values - {DATA}:
        out.add(Num(-INT_BOUND * INT_BOUND, INT_BOUND * INT_BOUND))
    return frozenset(out)


def _atom(v: float):
    return NAN if math.isnan(v) else v
