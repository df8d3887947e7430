"""The values an element may hold, as a set of atoms, and math on them (encode/finite_values.py).

  DATA       data loaded from a tensor, and math on data: some finite number (the fill
             rule's assumption: inputs are finite, math on them does not overflow, data is
             not divided by 0);
  a float    a constant the kernel makes (`zeros`, a literal, exp(0.0)), inf and -inf too,
             kept exact only while every step is exact in the target type;
  NAN        not a number;
  Num        a finite number in [lo, hi] the kernel makes from sizes, indices, block and
             thread ids, loop variables, or a constant the type rounds: not data, so none
             of the assumption holds (it may be 0.0 under a division, overflow under a
             product: held-out round 17). An `integral` one is an integer (`/` truncates).

Each operation is evaluated atom by atom in the target type (`Fmt`): a result past its range
is the infinity it rounds to; an inexact one widens by a few units in the last place and by
the smallest normal number (underflow: exp(-200) may be 0.0 in f32, held-out round 18)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from dsl import ir
from dsl.pad_values import computed_exactly, evaluate, ordered

DATA, NAN = "data", "nan"
INFS = frozenset({math.inf, -math.inf})
ANY = frozenset({DATA, NAN}) | INFS
MAX_CONSTANTS = 8
INT_BOUND = 2.0 ** 31        # a size, an id, a loop variable: below this in magnitude (i32)
WIDE = 2.0 ** 63             # an integer that may have wrapped: any int64
TINY = 1e-45


@dataclass(frozen=True, slots=True)
class Num:
    lo: float
    hi: float
    integral: bool = False


@dataclass(frozen=True, slots=True)
class Fmt:
    """A float type: its largest finite number, unit roundoff and smallest normal number."""
    limit: float
    eps: float
    tiny: float


FMT = {ir.DType.F16: Fmt(65504.0, 2.0 ** -10, 6.103515625e-05),
       ir.DType.BF16: Fmt(3.3895313892515355e38, 2.0 ** -7, 1.1754943508222875e-38),
       ir.DType.F32: Fmt(3.4028234663852886e38, 2.0 ** -23, 1.1754943508222875e-38),
       ir.DType.F64: Fmt(1.7976931348623157e308, 2.0 ** -52, 2.2250738585072014e-308)}


def non_finite(values) -> str:
    """The values that are not finite, in words ('' if none)."""
    return ", ".join(n for a, n in ((math.inf, "inf"), (-math.inf, "-inf"), (NAN, "NaN")) if a in values)


def normal(values, fmt: Fmt) -> frozenset:
    """`values` in the type: numbers past its range are infinities; the Nums, and more than
    MAX_CONSTANTS finite constants, become one Num hull (per integrality)."""
    out, spans, consts = set(), {True: [], False: []}, []
    for a in values:
        if isinstance(a, Num):
            if a.hi > fmt.limit:
                out.add(math.inf)
            if a.lo < -fmt.limit:
                out.add(-math.inf)
            if a.lo <= fmt.limit and a.hi >= -fmt.limit:
                spans[a.integral].append((max(a.lo, -fmt.limit), min(a.hi, fmt.limit)))
        elif isinstance(a, float) and math.isfinite(a) and abs(a) > fmt.limit:
            out.add(math.copysign(math.inf, a))
        elif isinstance(a, float) and math.isfinite(a):
            consts.append(a)
        else:
            out.add(a)
    if len(consts) > MAX_CONSTANTS:
        spans[False] += [(c, c) for c in consts]
    else:
        out.update(consts)
    for integral, got in spans.items():
        if got:
            out.add(Num(min(s[0] for s in got), max(s[1] for s in got), integral))
    return frozenset(out)


def exact(v: float, fmt: Fmt, exactly: bool = True):
    """A float result in the type: itself when it is exactly the value (`exactly`) and the
    type holds it, else an interval a few units in the last place and one smallest normal
    number wide around it (rounding, underflow to 0.0)."""
    if math.isnan(v):
        return NAN
    if math.isinf(v) or v == 0.0 and exactly:
        return v
    if exactly and _holds(v, fmt):
        return v
    return _widened(v, v, fmt)


def _holds(v: float, fmt: Fmt) -> bool:
    if abs(v) > fmt.limit or (v != 0.0 and abs(v) < fmt.tiny):
        return False
    m, _ = math.frexp(v)
    bits = round(-math.log2(fmt.eps)) + 1
    return float(m * 2 ** bits).is_integer()


def _widened(lo: float, hi: float, fmt: Fmt) -> Num:
    d = lambda x: 4 * fmt.eps * abs(x) + fmt.tiny        # noqa: E731
    return Num(lo - d(lo), hi + d(hi))


def _span(a) -> tuple[float, float] | None:
    """A finite atom's interval (None for DATA, NAN and the infinities)."""
    if isinstance(a, Num):
        return a.lo, a.hi
    if isinstance(a, float) and math.isfinite(a):
        return a, a
    return None


_OPS = {ir.BinOp.ADD: lambda x, y: x + y, ir.BinOp.SUB: lambda x, y: x - y,
        ir.BinOp.MUL: lambda x, y: x * y, ir.BinOp.DIV: lambda x, y: x / y, ir.BinOp.MOD: math.fmod}
_NOT_DATA = ANY - {DATA}
_ANY_NUMBER = frozenset({Num(-math.inf, math.inf)}) | _NOT_DATA


def binary(op: ir.BinOp, x, y, fmt: Fmt) -> frozenset:
    """`x op y` for arithmetic `op` (+ - * / % ^)."""
    if NAN in (x, y):
        return frozenset({NAN})
    if op is ir.BinOp.XOR or op is ir.BinOp.MOD and (x == DATA or y == DATA):
        return _bits(op, x, y)
    if isinstance(x, float) and isinstance(y, float):
        return frozenset({_exact_op(op, x, y, fmt)})
    if DATA in (x, y):
        return _with_data(op, x, y, fmt)
    if x in INFS or y in INFS:
        return _with_infinity(op, x, y)
    integral = isinstance(x, Num) and isinstance(y, Num) and x.integral and y.integral
    (l1, h1), (l2, h2) = _span(x), _span(y)
    if op in (ir.BinOp.DIV, ir.BinOp.MOD) and l2 <= 0.0 <= h2:
        return _ANY_NUMBER                              # over a number that may be 0.0
    if op is ir.BinOp.MOD:
        m = max(abs(l2), abs(h2))
        return frozenset({Num(min(0.0, max(l1, -m)), max(0.0, min(h1, m)), integral)})
    ends = [evaluate(_OPS[op], a, b) for a in (l1, h1) for b in (l2, h2)]
    if any(math.isnan(v) for v in ends):
        return _ANY_NUMBER
    if integral:
        if op is ir.BinOp.DIV:
            ends = [float(math.trunc(v)) for v in ends]      # integer division truncates
        lo, hi = min(ends), max(ends)
        # past i32 (an index tile's type) or i64 the integer may have wrapped: any
        return frozenset({Num(lo, hi, True) if -INT_BOUND <= lo and hi < INT_BOUND else Num(-WIDE, WIDE, True)})
    return frozenset({_widened(min(ends), max(ends), fmt)})


def _exact_op(op: ir.BinOp, x: float, y: float, fmt: Fmt):
    """Two constants: fmod is always exact; the rest as the padding walk decides it."""
    return exact(evaluate(_OPS[op], x, y), fmt, exactly=op is ir.BinOp.MOD or computed_exactly(op, x, y))


def _bits(op: ir.BinOp, x, y) -> frozenset:
    """`^` of integers, `%` with data: some integer, or some number below the divisor."""
    spans = [_span(a) for a in (x, y)]
    if op is ir.BinOp.XOR and all(s is not None and s[0] >= 0 for s in spans):
        top = max(s[1] for s in spans)
        return frozenset({Num(0.0, 2.0 ** math.ceil(math.log2(top + 1.0)) - 1.0, True)})
    if op is ir.BinOp.XOR:
        return frozenset({Num(-WIDE, WIDE, True)})
    if y == DATA:
        return ANY          # data's remainder by data, which may be 0.0: NaN (held-out round 81)
    return frozenset({DATA}) if spans[1] is None or not spans[1][0] <= 0.0 <= spans[1][1] else ANY


def _with_data(op: ir.BinOp, x, y, fmt: Fmt) -> frozenset:
    if x == y == DATA:
        # data over data may be over 0.0 (`1.0 / (e - e)`, `(e - e) / (e - e)`: held-out
        # round 80, finite inputs whose quotient is inf or NaN at every element)
        return ANY if op is ir.BinOp.DIV else frozenset({DATA})
    data_left = x == DATA
    other = y if data_left else x
    span = _span(other)
    if op in (ir.BinOp.ADD, ir.BinOp.SUB):
        if other in INFS:
            return frozenset({-other if op is ir.BinOp.SUB and data_left else other})
        big = max(abs(span[0]), abs(span[1])) > fmt.limit / 16      # data + 1e38 may pass the range
        return frozenset({DATA}) | (INFS if big else frozenset())
    huge = math.sqrt(fmt.limit)
    if op is ir.BinOp.MUL:
        if other in INFS:
            return _NOT_DATA
        if span == (0.0, 0.0):
            return frozenset({0.0})
        return frozenset({DATA}) | (INFS if max(abs(span[0]), abs(span[1])) > huge else frozenset())
    if not data_left:                                   # a number over data, which may be 0.0
        return INFS | {NAN} if other in INFS else ANY if span[0] <= 0.0 <= span[1] else frozenset({DATA}) | INFS
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
    if op in (ir.BinOp.DIV, ir.BinOp.MOD) and not inf_left:
        return frozenset({0.0}) if op is ir.BinOp.DIV else frozenset({x, NAN})
    if op is ir.BinOp.MOD:
        return frozenset({NAN})
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
        return frozenset({ordered(f, x, y)})
    if DATA in (x, y):
        other = y if x == DATA else x
        if other in INFS:
            return frozenset({DATA if pick(other, 0.0) == 0.0 else other})   # maximum(DATA, -inf) is data
        return frozenset({DATA, other})
    if x in INFS or y in INFS:
        c, n = (x, y) if x in INFS else (y, x)
        return frozenset({n if pick(c, 0.0) == 0.0 else c})
    (l1, h1), (l2, h2) = _span(x), _span(y)
    both = isinstance(x, Num) and isinstance(y, Num) and x.integral and y.integral
    return frozenset({Num(pick(l1, l2), pick(h1, h2), both)})


_EXACT_AT = (0.0, 1.0, math.inf, -math.inf)       # exp(0) = 1, log(1) = 0, exp(-inf) = 0: exact


def mapped(name: str, f, x, fmt: Fmt) -> frozenset:
    """A function of one atom (exp, log, sqrt, rsqrt, tanh, abs, sigmoid: each monotone on
    either side of 0.0): on a number, exact at 0.0, 1.0 and the infinities (and abs
    everywhere), else a few units in the last place wide; DATA stays DATA (the assumption);
    a Num through its ends and the points around 0.0 inside it."""
    if x in (DATA, NAN):
        return frozenset({x})
    if isinstance(x, float):
        return frozenset({exact(evaluate(f, x), fmt, exactly=name == "abs" or x in _EXACT_AT)})
    probes = {x.lo, x.hi} | {p for p in (0.0, -TINY, TINY) if x.lo <= p <= x.hi}
    out, finite = set(), []
    for p in probes:
        v = evaluate(f, p)
        if math.isnan(v):
            out.add(NAN)
        elif math.isinf(v):
            out.add(v)
            finite.append(math.copysign(fmt.limit, v))          # the finite values reach the range's end
        else:
            finite.append(v)
    if finite:
        out.add(_widened(min(finite), max(finite), fmt))
    return frozenset(out)


def summed(values, n: float, fmt: Fmt) -> frozenset:
    """A sum of up to n elements with these values (padding adds 0.0): data stays data, the
    constants and Nums add up to n times their bounds (200 times 1e37 is inf in f32)."""
    out = {a for a in values if a == NAN or a in INFS}
    if math.inf in out and -math.inf in out:
        out.add(NAN)
    spans = [s for s in map(_span, values) if s is not None]
    if DATA in values:
        out.add(DATA)
    if spans and any(s != (0.0, 0.0) for s in spans):
        lo, hi = min(0.0, n * min(s[0] for s in spans)), max(0.0, n * max(s[1] for s in spans))
        out.add(_widened(lo, hi, fmt))
    elif spans and DATA not in values:
        out.add(0.0)
    return frozenset(out)


def cast_int(values) -> frozenset:
    """Into an integer type: data stays data, the rest is some integer (a conversion saturates)."""
    out = {DATA} if DATA in values else set()
    if values - {DATA}:
        out.add(Num(-WIDE, WIDE, True))
    return frozenset(out)


def as_float(values, fmt: Fmt) -> frozenset:
    """Values stored in a float type: integers past 1 / eps round (16777217 is 16777216 in
    f32), and so do constants it does not hold."""
    out = set()
    for a in values:
        if isinstance(a, Num) and a.integral:
            big = max(abs(a.lo), abs(a.hi)) > 1.0 / fmt.eps
            out.add(_widened(a.lo, a.hi, fmt) if big else Num(a.lo, a.hi))
        elif isinstance(a, Num):
            out.add(_widened(a.lo, a.hi, fmt))        # rounded into the type (1e-8 is 0.0 in f16)
        elif isinstance(a, float):
            out.add(exact(a, fmt))        # a constant the type does not hold (2049.0 in f16) rounds
        else:
            out.add(a)
    return normal(out, fmt)
