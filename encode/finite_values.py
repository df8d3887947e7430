"""Which elements may hold inf or NaN, apart from padding: the fill rule's other half.

The padding walk (encode/pad_walk.py) follows the value of padding exactly and takes every
other element for some finite number: `0.0 * x` is 0.0. Data loaded from a tensor is finite,
and so is math on data (an assumption, docs/SEMANTICS.md); but a kernel may put infinities
into a tile itself: `where(k < K, b, zb + inf)` as an mma operand, `-log(zeros)`, 70000.0 in
f16, `zeros - inf` as a running max. Padding of 0.0 times such an element is NaN (held-out
round 16).

The values a tile's elements other than padding may hold are a set of atoms
(encode/value_atoms.py): data, constants (inf and -inf included), NaN, and intervals of the
numbers a kernel makes from sizes, indices, ids and loop variables (not data: `1.0 /
cast(it)` is inf at it = 0, held-out round 17), evaluated through the kernel's math in the
tile's type. A register tile is read from its reaching writes only: an online softmax's
running max is -inf before the loop, but its update `m = maximum(m, max(s))` is finite
wherever a row of s holds data, and the exp(s - m) after it reads the update. Shared and
global tiles take every writer's values. A least fixpoint over all writers (the sets only
grow; a growing interval is extrapolated, _solve)."""
from __future__ import annotations

import math

from dsl import ir
from dsl.data_bounds import data_bound, float_valued
from dsl.fmt import format_expr
from dsl.pad_values import FUNCS, cast_value

from . import program as prog
from .named_math import resolved_math
from .softmax_sum import scalar_at_least_one
from .symbols import Unsupported
from .value_atoms import (ANY, DATA, FMT, INT_BOUND, NAN, Num, as_float, binary, cast_int, exact, extremum, mapped,
                          non_finite, normal, summed)

__all__ = ["NonFinite", "non_finite"]

MAX_ROUNDS = 64     # sweeps over all writers before every read is taken as any value
WIDEN_AFTER = 3     # sweeps before a growing interval is extrapolated
_OPS = (ir.BinOp.ADD, ir.BinOp.SUB, ir.BinOp.MUL, ir.BinOp.DIV, ir.BinOp.MOD, ir.BinOp.XOR)
_ID = Num(0.0, INT_BOUND - 1.0, True)         # a size, a block id
_LOOP = Num(-INT_BOUND, INT_BOUND - 1.0, True)  # a loop variable
_INT_FMT = FMT[ir.DType.F64]                  # integer math: only its own bounds count
# what a function of finite data gives at 0.0 (besides NaN below it): log(0) = -inf, rsqrt(0) = inf
_DOMAIN = {"log": (-math.inf,), "log2": (-math.inf,), "rsqrt": (math.inf, -math.inf), "sqrt": ()}


class NonFinite:
    """The values each read may see. `padded(e, point, name)` says whether some element of
    `e` at `point` may be padding (the fill rule's walk): maximum(m, max(s)) keeps m's -inf
    only where max(s) may be padding (-inf, maximum's identity, meets m there)."""

    def __init__(self, df, padded):
        self.df, self.padded = df, padded
        self._sets: dict[int, frozenset] | None = None        # id(writer point) -> its values
        self._reach: dict[tuple, list] = {}
        self._ifs: dict | None = None                         # the `if` statements, by path
        self._floors: dict[str, float] = {}                   # size -> its least value known
        self._runs: dict[int, bool] = {}                      # id(loop) -> it runs at least once
        self._stmts = {q.path: q.stmt for q in df.points}
        self._constants = None                                # zero_values.Constants, when a division asks

    def _outside_domain(self, f: str, y: ir.Expr) -> set:
        """What log, log2, sqrt or rsqrt of data y may give besides data: finite inputs make
        0.0 and negative numbers (`log(e - e)` is -inf, `rsqrt(w)` of w = 0.0 is inf, `sqrt(e -
        e - 1.0)` NaN: held-out round 81), unless y is known positive (`var + 1e-5`, a softmax's
        row sum) or, for sqrt, not negative."""
        if f not in _DOMAIN:
            return set()
        resolved = resolved_math(self.df, y)
        # integer math wraps (`d * d` of an i32, abs of its least value, a stored sum), which
        # the bounds do not follow (held-out round 82): a bound of float math only
        low = data_bound(resolved, "max") if float_valued(resolved, self._dtype) else None
        if f in ("log", "log2", "rsqrt") and (low is not None and low > 0.0 or self._at_least_one(y)):
            return set()
        if f == "sqrt" and low is not None and low >= 0.0:
            return set()
        return set(_DOMAIN[f]) | ({NAN} if low is None or low < 0.0 else set())

    def _dtype(self, name: str):
        """The dtype of a tile, read at a statement that computes it too (`x@t`: _resolved)."""
        t = self.df.types.get(name.split("@")[0])
        return None if t is None else t.dtype

    def _at_least_one(self, e: ir.Expr) -> bool:
        from .softmax_sum import at_least_one
        from .zero_values import Constants
        if self._constants is None:
            self._constants = Constants(self.df)
        return at_least_one(self.df, e, self._constants.tile)

    def read(self, point, name: str) -> frozenset:
        """The values a read of `name` at `point` (None: anywhere) may see."""
        self._solve()
        return self._get(point, name)

    def values_of(self, writer) -> frozenset:
        """The values statement `writer` puts into its target."""
        return self._solve()[id(writer)]

    def _solve(self) -> dict:
        """The least fixpoint; a Num still growing after WIDEN_AFTER sweeps (a loop-carried sum
        of constants) is extrapolated by 2^64 steps (two nested loops of i32 trips), then to
        the type's range (whose end is the infinity the sum may reach)."""
        if self._sets is None:
            writers = [p for p in self.df.points if prog.assigns(p) is not None]
            self._sets = {id(p): frozenset() for p in writers}
            grown: dict[int, int] = {}
            for sweep in range(MAX_ROUNDS):
                changed = False
                for p in writers:
                    old = self._sets[id(p)]
                    got = normal(old | self.written(p), self._fmt(p))
                    if got != old:
                        if sweep >= WIDEN_AFTER:
                            grown[id(p)] = grown.get(id(p), 0) + 1
                            got = normal(_widen(old, got, grown[id(p)]), self._fmt(p))
                        self._sets[id(p)], changed = got, True
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
                if self._ifs is None:
                    self._ifs = {q.path: q.stmt for q in self.df.points if isinstance(q.stmt, ir.If)}
                self._reach[key] = [w for w in writers if _reaches(w, point, writers, self._ifs, self._always)]
        return self._reach[key]

    def _always(self, k, p) -> bool:
        """Whether write `k` runs whenever the code around it does, up to what also encloses
        read `p`: each statement enclosing k but not p is a loop that runs at least once for
        every size the assumptions allow (new-user round 40: a running max from -inf updated in
        a column loop that runs at least once reached a second pass as -inf, and a two-pass
        logsumexp with a column tail was unknown)."""
        for j in range(1, len(k.path)):
            q = k.path[:j]
            if p.path[:j] == q and len(p.path) > j:
                continue                                   # encloses p too (an `if` arm p is in)
            st = self._stmts.get(q)                        # None: an `if` arm p is not in
            if not isinstance(st, ir.For) or not self._runs_once(st):
                return False
        return True

    def _runs_once(self, loop: ir.For) -> bool:
        if id(loop) not in self._runs:
            self._runs[id(loop)] = scalar_at_least_one(self.df, ir.Bin(ir.BinOp.SUB, loop.stop, loop.start),
                                                       division=True)
        return self._runs[id(loop)]

    def _get(self, point, name: str) -> frozenset:
        out = frozenset({DATA}) if self.df.kernel.param(name) is not None else frozenset()
        for w in self._reaching(point, name):      # a tensor's contents before the kernel writes it: data
            out |= self._sets[id(w)]
        return out

    def _fmt(self, p):
        """The float type statement `p` writes (its own target's: a name may be another
        type in another block, held-out round 18)."""
        t = getattr(p.stmt, "target", None)
        t = t if isinstance(t, ir.TensorType) else self.df.types.get(prog.assigns(p))
        return FMT.get(t.dtype, _INT_FMT) if t is not None else FMT[ir.DType.F32]

    def _extent(self, e: ir.Expr, axis: int) -> float:
        from .element_conds import shape_of
        try:
            return float(shape_of(self.df, e)[axis])
        except (Unsupported, IndexError, KeyError):     # a shape the tile model cannot give: any length
            return INT_BOUND

    def _size(self, x: ir.Sym) -> Num:
        """A size: from 1 where the assumptions keep it >= 1 (a row mean `s / C` with C >= 128
        is finite: new-user round 30's LayerNorm), else from 0."""
        if x.name not in self._floors:
            self._floors[x.name] = 1.0 if scalar_at_least_one(self.df, x) else 0.0
        return Num(self._floors[x.name], INT_BOUND - 1.0, True)

    def _builtin(self, b: ir.Builtin) -> Num:
        """A thread's id, warp and lane lie within the block; a block id within 2^31."""
        n = float(self.df.kernel.threads)
        top = {ir.Builtin.THREAD_X: n - 1.0, ir.Builtin.WARP: math.ceil(n / 32.0) - 1.0,
               ir.Builtin.LANE: 31.0}.get(b, INT_BOUND - 1.0)
        return Num(0.0, top, True)

    def _loop_range(self, p, var: str) -> Num:
        """The values of loop variable `var` around `p`: range(start, stop) with the ends known
        where they are constants."""
        loop = next((f for f in reversed(p.loops) if f.var == var), None)
        if loop is None:
            return _LOOP
        lo, hi = self.df.env.const_value(loop.start), self.df.env.const_value(loop.stop)
        return Num(-INT_BOUND if lo is None else float(lo), INT_BOUND - 1.0 if hi is None else float(hi) - 1.0, True)

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
            # 16-bit math is done in f32 and rounded when stored (docs/DSL.md)
            inner = FMT[ir.DType.F32] if s.target.dtype in (ir.DType.F16, ir.DType.BF16) else self._fmt(p)
            got = self.value(s.value, p, s.target.name, inner)
            return as_float(got, self._fmt(p)) if s.target.dtype.is_float else cast_int(got)
        if isinstance(s, ir.Mma):
            fmt = self._fmt(p)
            a, b, c = self._get(p, s.a), self._get(p, s.b), self._get(p, s.c)
            products = normal({v for u in a for w in b for v in binary(ir.BinOp.MUL, u, w, fmt)}, fmt)
            sums = normal(summed(products, float(self.df.shape(s.a)[-1]), fmt), fmt)
            return frozenset(v for u in sums for w in c for v in binary(ir.BinOp.ADD, u, w, fmt))
        return ANY

    def value(self, e: ir.Expr, p, name: str, fmt) -> frozenset:
        def val(x: ir.Expr) -> frozenset:
            return normal(atoms(x), fmt)

        def atoms(x: ir.Expr):
            match x:
                case ir.FloatLit(value=c):
                    return {exact(float(c), fmt)}
                case ir.IntLit(value=c):
                    return {Num(float(c), float(c), True)}
                case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                    return self._get(p, n)
                case ir.Sym(kind=ir.SymKind.LOOP, name=v):
                    return {self._loop_range(p, v)}
                case ir.Sym():
                    c = self.df.env.const_value(x)
                    return {self._size(x)} if c is None else {Num(float(c), float(c), True)}
                case ir.BuiltinRef(which=b):
                    return {self._builtin(b)}
                case ir.Call(func="index", args=(y,), kwargs=kw):
                    axis = self.df.env.const_value(dict(kw)["axis"])
                    return {Num(0.0, self._extent(y, axis) - 1.0, True) if axis is not None else _ID}
                case ir.Neg(operand=y):
                    return {v for u in val(y) for v in binary(ir.BinOp.SUB, 0.0, u, fmt)}
                case ir.Cast(operand=y, dtype=dt):
                    if not dt.is_float:
                        return cast_int(val(y))
                    inner = FMT.get(dt, fmt)
                    return as_float({_cast(u, dt, inner) for u in val(y)}, inner)
                case ir.Bin(op=op, lhs=a, rhs=b) if op in _OPS:
                    va, vb = val(a), val(b)
                    if op is ir.BinOp.DIV and DATA in vb and self._at_least_one(b):
                        # data over data may be inf (value_atoms: a divisor of data may be 0.0), but
                        # not over a softmax's row sum or a clamped count, >= 1
                        vb = (vb - {DATA}) | {Num(1.0, fmt.limit, False)}
                    return {v for u in va for w in vb for v in binary(op, u, w, fmt)}
                case ir.Bin():
                    return {0.0, 1.0}                    # comparisons and logic
                case ir.Call(func="where", args=(_, a, b)):
                    return val(a) | val(b)
                case ir.Call(func="maximum" | "minimum" as f, args=(a, b)):
                    va, vb = val(a), val(b)
                    out = {v for u in va for w in vb for v in extremum(f, u, w)}
                    # padding that meets the other side as maximum's identity leaves its value
                    if not va <= out and self.padded(b, p, name):
                        out |= va
                    if not vb <= out and self.padded(a, p, name):
                        out |= vb
                    return out
                case ir.Call(func="mask" | "bcast" | "reshape" | "max" | "min", args=(y, *_)):
                    return val(y)                        # the elements a mask replaces are padding
                case ir.Call(func="sum", args=(y,), kwargs=kw):
                    axis = self.df.env.const_value(dict(kw)["axis"])
                    return summed(val(y), INT_BOUND if axis is None else self._extent(y, axis), fmt)
                case ir.Call(func=f, args=(y,)) if f in FUNCS:
                    vy = val(y)
                    out = {v for u in vy for v in mapped(f, FUNCS[f], u, fmt)}
                    return out | self._outside_domain(f, y) if DATA in vy else out
            return ANY
        return val(e)


def _widen(old: frozenset, got: frozenset, times: int) -> frozenset:
    """Each Num of `got` whose bounds moved past `old`'s, pushed on: by 2^64 of the step the
    first time, to infinity after."""
    before = [a for a in old if isinstance(a, Num)]
    out = set()
    for a in got:
        if not isinstance(a, Num) or not before:
            out.add(a)
            continue
        lo, hi = min(b.lo for b in before), max(b.hi for b in before)
        step = 2.0 ** 64 if times == 1 else math.inf
        out.add(Num(a.lo if a.lo >= lo else a.lo - (lo - a.lo) * step,
                    a.hi if a.hi <= hi else a.hi + (a.hi - hi) * step, a.integral))
    return frozenset(out)


def _cast(a, dt: ir.DType, fmt):
    """A float constant rounded to a float type (past its range: inf); other atoms as they are."""
    if not isinstance(a, float):
        return a
    c = cast_value(a, dt)
    return exact(c, fmt) if isinstance(c, float) else exact(a, fmt, exactly=False)


def _reaches(w, p, writers, ifs: dict, always=lambda k, p: False) -> bool:
    """Whether register write `w` may be the value a read at `p` sees: along the program order,
    or around a loop both lie in, unless every such path passes another write of the tile that
    writes every element (one whose enclosing statements all enclose p, or that `always` runs,
    between the two; or an `if`, at `ifs`' paths, both of whose branches write the tile at
    their top level). A write under a thread-dependent `if` writes only the passing threads'
    elements, so it hides nothing from a read of the others' (held-out round 122: `g = z +
    inf`, then `g = max(w)` under `if thread.x < 8`, and x * bcast(g) of 0.0 padding was NaN);
    both branches of one write every element only where they give it the same owner (no
    explicit layout) or every thread takes the same branch."""
    def encloses_p(path: tuple) -> bool:
        return p.path[:len(path) - 1] == path[:-1] and p.path[:len(path)] != path

    arms: dict[tuple, set] = {}
    owners: dict[tuple, set] = {}           # each arm writer's distribution (None: not the default)
    uniform: dict[tuple, bool] = {}         # the conditions around the `if` are every thread's alike
    for k in writers:
        if k is not w and len(k.path) >= 3 and k.path[:-2] in ifs:
            i = k.path[:-2]
            arms.setdefault(i, set()).add(k.path[-2])
            t = getattr(k.stmt, "target", None)
            owners.setdefault(i, set()).add(
                (t.dtype, tuple(format_expr(e) for e in t.shape)) if isinstance(t, ir.TensorType) and t.layout is None
                else None)
            uniform[i] = uniform.get(i, True) and all(prog.alike(g.cond) for g in k.guards[:-1])

    def whole_arms(i: tuple) -> bool:
        """Both arms of the `if` at i write every element: each element's owner takes one arm
        (one default distribution), or every thread takes the same arm."""
        return uniform[i] and (prog.alike(ifs[i].cond) or (None not in owners[i] and len(owners[i]) == 1))

    def kills(after: tuple, before: tuple) -> bool:
        if any(k is not w and after < k.path < before and (encloses_p(k.path) or always(k, p))
               and all(prog.alike(g.cond) for g in k.guards) for k in writers):
            return True
        return any(both == {0, 1} and after < i < before and encloses_p(i) and whole_arms(i)
                   for i, both in arms.items())
    if w.path < p.path:
        return not kills(w.path, p.path)
    n = prog.common_loops(w, p)
    if n == 0:
        return False
    return not kills(p.path[:p.loop_levels[n - 1]], p.path)       # from the innermost common loop's head
