"""Which elements may hold inf or NaN, apart from padding: the fill rule's other half.

The fill rule (encode/fill_rule.py) follows the value of padding exactly and takes every
other element for some finite number: `0.0 * x` is 0.0. Data loaded from a tensor is finite,
and so is math on data (an assumption, docs/SOUNDNESS.md); but a kernel may put infinities
into a tile itself: `where(k < K, b, zb + inf)` as an mma operand, `-log(zeros)`, 70000.0 in
f16, `zeros - inf` as a running max. Padding of 0.0 times such an element is NaN (held-out
round 16).

The values a tile's elements other than padding may hold are a set of atoms
(encode/value_atoms.py): data, constants (inf and -inf included), NaN, and intervals of the
numbers a kernel makes from sizes, indices, ids and loop variables (not data: `1.0 /
cast(it)` is inf at it = 0, held-out round 17), evaluated through the kernel's math. A register tile is read from
its reaching writes only: an online softmax's running max is -inf before the loop, but its
update `m = maximum(m, max(s))` is finite wherever a row of s holds data, and the exp(s - m)
after it reads the update. Shared and global tiles take every writer's values. A least
fixpoint over all writers (the sets only grow, and are bounded)."""
from __future__ import annotations

from dsl import ir
from dsl.pad_values import FUNCS, cast_value

from . import program as prog
from .value_atoms import ANY, DATA, INT_BOUND, Num, binary, cast_int, extremum, mapped, non_finite, normal, summed

__all__ = ["NonFinite", "non_finite"]

MAX_ROUNDS = 64     # sweeps over all writers before every read is taken as any value
_LIMIT = {ir.DType.F16: 65504.0, ir.DType.BF16: 3.3895313892515355e38, ir.DType.F32: 3.4028234663852886e38,
          ir.DType.F64: 1.7976931348623157e308}
_OPS = (ir.BinOp.ADD, ir.BinOp.SUB, ir.BinOp.MUL, ir.BinOp.DIV)
_ID = Num(0.0, INT_BOUND)               # a size, a block or thread id
_LOOP = Num(-INT_BOUND, INT_BOUND)      # a loop variable


class NonFinite:
    """The values each read may see. `padded(e, point, name)` says whether some element of
    `e` at `point` may be padding (the fill rule's walk): maximum(m, max(s)) keeps m's -inf
    only where max(s) may be padding (-inf, maximum's identity, meets m there)."""

    def __init__(self, df, padded):
        self.df, self.padded = df, padded
        self._sets: dict[int, frozenset] | None = None        # id(writer point) -> its values
        self._reach: dict[tuple, list] = {}
        self._ifs: set | None = None                          # the paths of the `if` statements

    def read(self, point, name: str) -> frozenset:
        """The values a read of `name` at `point` (None: anywhere) may see."""
        self._solve()
        return self._get(point, name)

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
                    got = normal(self._sets[id(p)] | self.written(p), self._limit(prog.assigns(p)))
                    if got != self._sets[id(p)]:
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
                    self._ifs = {q.path for q in self.df.points if isinstance(q.stmt, ir.If)}
                self._reach[key] = [w for w in writers if _reaches(w, point, writers, self._ifs)]
        return self._reach[key]

    def _get(self, point, name: str) -> frozenset:
        out = frozenset({DATA}) if self.df.kernel.param(name) is not None else frozenset()
        for w in self._reaching(point, name):      # a tensor's contents before the kernel writes it: data
            out |= self._sets[id(w)]
        return out

    def _limit(self, name: str) -> float:
        t = self.df.types.get(name)
        return _LIMIT.get(t.dtype, INT_BOUND ** 2) if t is not None else _LIMIT[ir.DType.F32]

    def _extent(self, e: ir.Expr, axis: int) -> float:
        from .element_conds import shape_of
        try:
            return float(shape_of(self.df, e)[axis])
        except Exception:        # noqa: BLE001  (a shape the tile model cannot give: any length)
            return INT_BOUND

    def _loop_range(self, p, var: str) -> Num:
        """The values of loop variable `var` around `p`: range(start, stop) with the ends known
        where they are constants."""
        loop = next((f for f in reversed(p.loops) if f.var == var), None)
        if loop is None:
            return _LOOP
        lo, hi = self.df.env.const_value(loop.start), self.df.env.const_value(loop.stop)
        return Num(-INT_BOUND if lo is None else float(lo), INT_BOUND if hi is None else float(hi) - 1.0)

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
            return got if s.target.dtype.is_float else cast_int(got)
        if isinstance(s, ir.Mma):
            limit = self._limit(s.target.name)
            a, b, c = self._get(p, s.a), self._get(p, s.b), self._get(p, s.c)
            products = normal({v for u in a for w in b for v in binary(ir.BinOp.MUL, u, w, limit)}, limit)
            sums = summed(products, float(self.df.shape(s.a)[-1]))
            return frozenset(v for u in sums for w in c for v in binary(ir.BinOp.ADD, u, w, limit))
        return ANY

    def value(self, e: ir.Expr, p, name: str) -> frozenset:
        limit = self._limit(name)

        def val(x: ir.Expr) -> frozenset:
            return normal(atoms(x), limit)

        def atoms(x: ir.Expr):
            match x:
                case ir.FloatLit(value=c) | ir.IntLit(value=c):
                    return {float(c)}
                case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                    return self._get(p, n)
                case ir.Sym(kind=ir.SymKind.LOOP, name=v):
                    return {self._loop_range(p, v)}
                case ir.Sym():
                    c = self.df.env.const_value(x)
                    return {_ID} if c is None else {float(c)}
                case ir.BuiltinRef():
                    return {_ID}
                case ir.Call(func="index", args=(y,), kwargs=kw):
                    axis = self.df.env.const_value(dict(kw)["axis"])
                    return {Num(0.0, self._extent(y, axis) - 1.0) if axis is not None else _ID}
                case ir.Neg(operand=y):
                    return {v for u in val(y) for v in binary(ir.BinOp.SUB, 0.0, u, limit)}
                case ir.Cast(operand=y, dtype=dt):
                    if not dt.is_float:
                        return cast_int(val(y))
                    return normal({_cast(u, dt) for u in val(y)}, min(limit, _LIMIT.get(dt, limit)))
                case ir.Bin(op=op, lhs=a, rhs=b) if op in _OPS:
                    va, vb = val(a), val(b)
                    return {v for u in va for w in vb for v in binary(op, u, w, limit)}
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
                    return summed(val(y), INT_BOUND if axis is None else self._extent(y, axis))
                case ir.Call(func=f, args=(y,)) if f in FUNCS:
                    return {v for u in val(y) for v in mapped(FUNCS[f], u, limit)}
            return ANY
        return val(e)


def _cast(a, dt: ir.DType):
    """A float constant rounded to a float type (past its range: inf); other atoms as they are."""
    if not isinstance(a, float):
        return a
    c = cast_value(a, dt)
    return c if isinstance(c, float) else a


def _reaches(w, p, writers, ifs: set) -> bool:
    """Whether register write `w` may be the value a read at `p` sees: along the program order,
    or around a loop both lie in, unless every such path passes another write of the tile (one
    whose enclosing statements all enclose p, between the two; or an `if`, at `ifs`' paths,
    both of whose branches write the tile at their top level)."""
    def encloses_p(path: tuple) -> bool:
        return p.path[:len(path) - 1] == path[:-1] and p.path[:len(path)] != path

    arms: dict[tuple, set] = {}
    for k in writers:
        if k is not w and len(k.path) >= 3 and k.path[:-2] in ifs:
            arms.setdefault(k.path[:-2], set()).add(k.path[-2])

    def kills(after: tuple, before: tuple) -> bool:
        if any(k is not w and after < k.path < before and encloses_p(k.path) for k in writers):
            return True
        return any(both == {0, 1} and after < i < before and encloses_p(i) for i, both in arms.items())
    if w.path < p.path:
        return not kills(w.path, p.path)
    n = prog.common_loops(w, p)
    if n == 0:
        return False
    return not kills(p.path[:p.loop_levels[n - 1]], p.path)       # from the innermost common loop's head
