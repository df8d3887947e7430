"""Which elements may hold inf or NaN, apart from padding: the fill rule's other half.

The fill rule (encode/fill_rule.py) follows the value of padding exactly and takes every
other element for some finite number: `0.0 * x` is 0.0. Data loaded from a tensor is finite,
and so is math on data (an assumption, docs/SOUNDNESS.md); but a kernel may put infinities
into a tile itself: `where(k < K, b, zb + inf)` as an mma operand, `-log(zeros)`, 70000.0 in
f16, `zeros - inf` as a running max. Padding of 0.0 times such an element is NaN (held-out
round 16).

The values a tile's elements other than padding may hold are a set of *atoms*: DATA (some
finite number: data, a size, an index), a constant (a float, inf and -inf included) and NAN.
Math is evaluated atom by atom (a number past the target type's range is the infinity it
rounds to); more than MAX_CONSTANTS finite constants become DATA. A register tile is read from
its reaching writes only: an online softmax's running max is -inf before the loop, but its
update `m = maximum(m, max(s))` is finite wherever a row of s holds data, and the exp(s - m)
after it reads the update. Shared and global tiles take every writer's values. A least
fixpoint over all writers (the sets only grow, and are bounded)."""
from __future__ import annotations

import math

from dsl import ir
from dsl.pad_values import FUNCS, cast_value, evaluate

from . import program as prog

DATA, NAN = "data", "nan"
MAX_CONSTANTS = 8
MAX_ROUNDS = 64     # sweeps over all writers before every read is taken as any value
HUGE = 1e30         # a factor past this may take some finite number past the float range
ANY = frozenset({DATA, NAN, math.inf, -math.inf})
_LIMIT = {ir.DType.F16: 65504.0, ir.DType.BF16: 3.3895313892515355e38, ir.DType.F32: 3.4028234663852886e38,
          ir.DType.F64: 1.7976931348623157e308}


def non_finite(values: frozenset) -> str:
    """The values that are not finite, in words ('' if none)."""
    return ", ".join(n for a, n in ((math.inf, "inf"), (-math.inf, "-inf"), (NAN, "NaN")) if a in values)


class NonFinite:
    """The values each read may see. `padded(e, point, name)` says whether some element of
    `e` at `point` may be padding (the fill rule's walk): maximum(m, max(s)) keeps m's -inf
    only where max(s) may be padding (-inf, maximum's identity, meets m there)."""

    def __init__(self, df, padded):
        self.df, self.padded = df, padded
        self._sets: dict[int, frozenset] | None = None        # id(writer point) -> its values
        self._reach: dict[tuple, list] = {}

    def read(self, point, name: str) -> frozenset:
        """The values a read of `name` at `point` (None: anywhere) may see."""
        sets = self._solve()
        return _union(sets[id(w)] for w in self._reaching(point, name)) | self._initial(name)

    def values_of(self, writer) -> frozenset:
        """The values statement `writer` puts into its target."""
        return self._solve()[id(writer)]

    def _solve(self) -> dict:
        if self._sets is None:
            writers = [p for p in self.df.points if prog.assigns(p) is not None]
            self._sets = {id(p): frozenset() for p in writers}
            for _ in range(MAX_ROUNDS):
                changed = False
                for p in writers:
                    got = self._sets[id(p)] | self.written(p)
                    if got != self._sets[id(p)]:
                        self._sets[id(p)], changed = _bounded(got), True
                if not changed:
                    break
            else:
                self._sets = {k: ANY for k in self._sets}
        return self._sets

    def _reaching(self, point, name: str) -> list:
        key = (id(point), name)
        if key not in self._reach:
            writers = self.df.writers.get(name, [])
            t = self.df.types.get(name)
            if point is None or t is None or t.space is not ir.Space.REGISTER:
                self._reach[key] = list(writers)
            else:
                self._reach[key] = [w for w in writers if _reaches(w, point, writers)]
        return self._reach[key]

    def _initial(self, name: str) -> frozenset:
        """A tensor's contents before the kernel writes it: data."""
        return frozenset({DATA}) if self.df.kernel.param(name) is not None else frozenset()

    def _get(self, point, name: str) -> frozenset:
        return _union(self._sets[id(w)] for w in self._reaching(point, name)) | self._initial(name)

    # ------------------------------------------------------------------ writes
    def written(self, p) -> frozenset:
        s = p.stmt
        if isinstance(s, ir.Zeros):
            return frozenset({0.0})
        if isinstance(s, (ir.Load, ir.Copy, ir.TmaLoad)):
            return self._get(p, s.src.tensor)         # a masked access's fill is padding
        if isinstance(s, ir.Store):
            return self._get(p, s.src)
        if isinstance(s, ir.Compute):
            got = self.value(s.value, p, s.target.name)
            return got if s.target.dtype.is_float else frozenset({DATA})   # an integer saturates
        if isinstance(s, ir.Mma):
            a, b = self._get(p, s.a), self._get(p, s.b)
            products = ANY if non_finite(a | b) else frozenset({DATA})
            return _bounded(products | self._get(p, s.c))
        return ANY

    def value(self, e: ir.Expr, p, name: str) -> frozenset:
        t = self.df.types.get(name)
        limit = _LIMIT.get(t.dtype if t is not None else ir.DType.F32, math.inf)

        def val(x: ir.Expr) -> frozenset:
            match x:
                case ir.FloatLit(value=c) | ir.IntLit(value=c):
                    return _capped({float(c)}, limit)
                case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                    return self._get(p, n)
                case ir.Sym() | ir.BuiltinRef() | ir.Call(func="index"):
                    return frozenset({DATA})           # a size, a loop variable, an index
                case ir.Neg(operand=y):
                    return _mapped(val(y), lambda v: -v, limit)
                case ir.Cast(operand=y, dtype=dt):
                    if not dt.is_float:
                        return frozenset({DATA})
                    return _mapped(val(y), lambda v: _cast(v, dt), min(limit, _LIMIT.get(dt, math.inf)))
                case ir.Bin(op=op, lhs=a, rhs=b) if op in _OPS:
                    va, vb = val(a), val(b)
                    return _bounded(_union(_capped(_binary(op, u, w), limit) for u in va for w in vb))
                case ir.Bin():
                    return frozenset({0.0, 1.0})         # comparisons and logic
                case ir.Call(func="where", args=(_, a, b)):
                    return val(a) | val(b)
                case ir.Call(func="maximum" | "minimum" as f, args=(a, b)):
                    va, vb = val(a), val(b)
                    out = _union(_extremum(f, u, w) for u in va for w in vb)
                    # padding that meets the other side as maximum's identity leaves its value
                    if not va <= out and self.padded(b, p, name):
                        out |= va
                    if not vb <= out and self.padded(a, p, name):
                        out |= vb
                    return out
                case ir.Call(func="mask" | "bcast" | "reshape" | "max" | "min", args=(y, *_)):
                    return val(y)                        # the elements a mask replaces are padding
                case ir.Call(func="sum", args=(y, *_)):
                    return _summed(val(y))
                case ir.Call(func=f, args=(y,)) if f in FUNCS:
                    return _mapped(val(y), lambda v: evaluate(FUNCS[f], v), limit)
            return ANY
        return val(e)


def _reaches(w, p, writers) -> bool:
    """Whether register write `w` may be the value a read at `p` sees: along the program order,
    or around a loop both lie in, with no other write of the tile that every such path passes
    (one whose enclosing statements all enclose p, between the two)."""
    def kills(k, after: tuple, before: tuple) -> bool:
        ctx = k.path[:-1]
        return k is not w and after < k.path < before and p.path[:len(ctx)] == ctx
    if w.path < p.path:
        return not any(kills(k, w.path, p.path) for k in writers)
    n = prog.common_loops(w, p)
    if n == 0:
        return False
    head = p.path[:p.loop_levels[n - 1]]          # the innermost common loop's statement
    return not any(kills(k, head, p.path) for k in writers)


_OPS = {ir.BinOp.ADD: lambda x, y: x + y, ir.BinOp.SUB: lambda x, y: x - y,
        ir.BinOp.MUL: lambda x, y: x * y, ir.BinOp.DIV: lambda x, y: x / y}
_INFS = frozenset({math.inf, -math.inf})


def _union(sets) -> frozenset:
    out: frozenset = frozenset()
    for s in sets:
        out |= s
    return out


def _bounded(values: frozenset) -> frozenset:
    finite = [v for v in values if isinstance(v, float) and math.isfinite(v)]
    if len(finite) <= MAX_CONSTANTS:
        return values
    return frozenset(v for v in values if v not in finite) | {DATA}


def _atom(v: float):
    return NAN if math.isnan(v) else v


def _capped(values, limit: float) -> frozenset:
    """Numbers past the type's range are the infinity they round to."""
    return frozenset(math.copysign(math.inf, v) if isinstance(v, float) and math.isfinite(v) and abs(v) > limit
                     else v for v in values)


def _cast(v: float, dt: ir.DType) -> float:
    c = cast_value(v, dt)
    return c if isinstance(c, float) else v


def _mapped(values: frozenset, f, limit: float) -> frozenset:
    """A function of one atom: exact on numbers; DATA stays DATA (the data assumption)."""
    return _capped({a if a in (DATA, NAN) else _atom(float(f(a))) for a in values}, limit)


def _summed(values: frozenset) -> frozenset:
    out = {a for a in values if a == NAN or a in _INFS}
    if math.inf in out and -math.inf in out:
        out.add(NAN)
    if values - {0.0} - out:
        out.add(DATA)             # a sum of finite numbers: some finite number
    elif 0.0 in values:
        out.add(0.0)
    return frozenset(out)


def _binary(op: ir.BinOp, x, y) -> frozenset:
    if NAN in (x, y):
        return frozenset({NAN})
    if x != DATA and y != DATA:
        return frozenset({_atom(float(evaluate(_OPS[op], x, y)))})
    if x == y == DATA:
        return frozenset({DATA})
    c, left = (y, False) if x == DATA else (x, True)      # DATA op c, or c op DATA
    if op in (ir.BinOp.ADD, ir.BinOp.SUB):
        if math.isinf(c):
            return frozenset({-c if op is ir.BinOp.SUB and not left else c})
        return frozenset({DATA})
    if op is ir.BinOp.MUL:
        if math.isinf(c):
            return ANY - {DATA}
        if c == 0.0:
            return frozenset({0.0})
        return frozenset({DATA} | (_INFS if abs(c) > HUGE else set()))
    if left:                                              # c / DATA
        return _INFS if math.isinf(c) else frozenset({DATA})
    if c == 0.0:                                          # DATA / c
        return ANY - {DATA}
    if math.isinf(c):
        return frozenset({0.0})
    return frozenset({DATA} | (_INFS if abs(c) < 1.0 / HUGE else set()))


def _extremum(f: str, x, y) -> frozenset:
    if NAN in (x, y):
        return frozenset({NAN})
    pick = max if f == "maximum" else min
    if x != DATA and y != DATA:
        return frozenset({pick(x, y)})
    c = y if x == DATA else x
    if c == DATA or not math.isinf(c):
        return frozenset({DATA})
    return frozenset({DATA if pick(c, 0.0) == 0.0 else c})   # maximum(DATA, -inf) is the data
