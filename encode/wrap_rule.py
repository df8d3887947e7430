"""WRAP (a warning, never an error): i8 tile math whose exact value may leave i8.

`p = a * x` of two i8 tiles is computed in i8 and wraps around (docs/SEMANTICS.md: NumPy's
int8, and the lowering's), so an int8 dot product that casts after the product, not
before, sums products mod 256. Tags say where values come from, not what they are, so such
a kernel proves (the same holds for `s = sum(x, axis=1)` assigned to an i8 tile); this
points at it with values that wrap.

Each integer tile holds the values of its type, narrowed by the `assume`s that bound every
element of an input (`assume N[r] >= 0 and N[r] <= 63`); math on tiles is followed by
intervals (a tile that may wrap holds its whole type). A statement is reported only with a
witness: values of its tile operands, each within its interval, at which an i8 `+`, `-`,
`*`, negation or `abs` (or the value assigned to an i8 tile) is exactly outside [-128, 127];
in a float statement, the integer math under a cast to a float type or a comparison is
checked likewise (`cast(q - zb, f32)`).
Math that reads a size, a loop variable, a thread or `index(...)` is not followed (its
range is not known here), nor float math; an explicit `cast(..., i8)` is taken as meant.
"""
from __future__ import annotations

import dataclasses
import itertools
import math

from dsl import exprs, ir
from dsl.masks import INT_ARITH, INT_RANGES

from .element_conds import BITS, expr_shape_of
from .findings import Finding

I8 = ir.DType.I8
MAX_LEAVES = 4          # the witness search tries each operand's candidate values together


class _Unfollowed(Exception):
    """The value depends on something this rule does not follow."""


def check(df, sink) -> None:
    ranges = _Ranges(df)
    for name, writers in sorted(df.writers.items()):
        for w in writers:
            s = w.stmt
            if not isinstance(s, ir.Compute):
                continue
            if s.target.dtype in BITS:
                found = _witness(df, ranges, s.value, s.target.dtype)
            else:
                # i8 math inside a float statement (`cast(q - zb, f32)`: new-user round 72)
                found = next((f for x in _integer_parts(df, s.value)
                              if (f := _witness(df, ranges, x, None)) is not None), None)
            if found is not None:
                sink.finding(_finding(s, *found))


def _integer_parts(df, e: ir.Expr) -> list:
    """The integer tile math inside float math: operands of casts to a float type and of
    comparisons, whose integer type this rule follows."""
    out = []
    for n in exprs.iter_nodes(e):
        kids = (n.operand,) if isinstance(n, ir.Cast) and n.dtype.is_float else \
            (n.lhs, n.rhs) if isinstance(n, ir.Bin) and n.op in ir.COMPARISONS else ()
        for x in kids:
            try:
                if _kind(df, x) in BITS:
                    out.append(x)
            except _Unfollowed:
                pass
    return out


def _finding(s: ir.Compute, node, values: dict, exact: int) -> Finding:
    mine = exprs.free_syms(node if node is not None else s.value, ir.SymKind.TENSOR)
    at = ", ".join(f"{n} = {v}" for n, v in sorted(values.items()) if n in mine)
    wrapped = _wrap(exact, I8)
    if node is None:
        what = f"the value assigned to the i8 tile '{s.target.name}'"
        fix = f"give '{s.target.name}' a wider type (i32) or bound the value before it is assigned"
    else:
        what = f"`{_text(node)}`, computed in i8,"
        fix = f"cast the operands to i32 before the math (`{_text(_widened(node))}`)"
    return Finding("WRAP", s.span, f"{what} is {exact} at {at}, which i8 holds as {wrapped}: i8 math wraps "
                   "around, so the kernel computes the wrapped value, not the number", hint=fix, severity="warning")


def _widened(e: ir.Expr) -> ir.Expr:
    """`e` with its operands cast to i32."""
    wide = lambda x: x if exprs.int_scalar(x) else ir.Cast(x, ir.DType.I32, x.span)
    if isinstance(e, ir.Bin):
        return dataclasses.replace(e, lhs=wide(e.lhs), rhs=wide(e.rhs))
    if isinstance(e, ir.Neg):
        return dataclasses.replace(e, operand=wide(e.operand))
    return dataclasses.replace(e, args=tuple(wide(a) for a in e.args))


def _text(e: ir.Expr) -> str:
    from dsl.fmt import format_expr
    return format_expr(e)


def _witness(df, ranges, e: ir.Expr, target: ir.DType | None):
    """(the i8 node or None for the assignment, the operands' values, the exact value) at
    which integer math `e` (assigned to a `target` tile, None inside float math) leaves i8,
    or None."""
    leaves = sorted(exprs.free_syms(e, ir.SymKind.TENSOR))
    if not leaves or len(leaves) > MAX_LEAVES:
        return None
    try:
        if not _has_i8_math(df, e) and target is not I8:
            return None
        spans = [ranges.of(n) for n in leaves]
    except _Unfollowed:
        return None
    for values in itertools.product(*[_candidates(r) for r in spans]):
        env = dict(zip(leaves, values))
        run = _Eval(df, env)
        try:
            v, kind = run.value(e)
        except _Unfollowed:
            return None
        if run.hit is not None:
            return run.hit[0], env, run.hit[1]
        if target is I8 and kind is not I8 and not _holds(v, I8):
            return None, env, v
    return None


def _has_i8_math(df, e: ir.Expr) -> bool:
    return any(isinstance(n, (ir.Bin, ir.Neg, ir.Call)) and _kind(df, n) is I8 for n in exprs.iter_nodes(e))


def _candidates(r: tuple[int, int]) -> list[int]:
    lo, hi = r
    return sorted({v for v in (lo, hi, lo + 1, hi - 1, 0, 1, -1, 2) if lo <= v <= hi})


def _holds(v: int, dt: ir.DType) -> bool:
    lo, hi = INT_RANGES[dt]
    return lo <= v <= hi


def _wrap(v: int, dt: ir.DType) -> int:
    bits = BITS[dt]
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >= 1 << (bits - 1) else v


def _kind(df, e: ir.Expr):
    """The integer type tile math computes `e` in (a DType), None for a constant the tile
    types take on, or raise for float math and values this rule does not follow."""
    if exprs.int_scalar(e):
        if exprs.int_scalar_value(e, df.env.consts) is None:
            raise _Unfollowed()        # a size, loop variable or id: an int64 operand of unknown value
        return None
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            dt = df.types[n].dtype
            if dt not in BITS:
                raise _Unfollowed()
            return dt
        case ir.Cast(dtype=dt):
            if dt not in BITS:
                raise _Unfollowed()
            return dt
        case ir.Bin(op=op, lhs=a, rhs=b) if op in INT_ARITH:
            return _promote(df, a, b)
        case ir.Neg(operand=x) | ir.Call(func="abs", args=(x,)):
            return _kind(df, x)
        case ir.Call(func="maximum" | "minimum", args=(a, b)) | ir.Call(func="where", args=(_, a, b)):
            return _promote(df, a, b)
        case ir.Call(func="max" | "min" | "bcast" | "reshape" | "mask", args=(x, *_)):
            return _kind(df, x)
        case ir.Call(func="sum"):
            return ir.DType.I64
    raise _Unfollowed()


def _promote(df, a: ir.Expr, b: ir.Expr):
    ka, kb = _kind(df, a), _kind(df, b)
    if ka is None or kb is None:
        tile, lit = (kb, a) if ka is None else (ka, b)
        if tile is None:
            return None
        values = _literal_values(df, lit)
        return tile if all(_holds(v, tile) for v in values) else ir.DType.I64
    return max(ka, kb, key=lambda k: BITS[k])


def _literal_values(df, e: ir.Expr) -> list[int]:
    """The values a constant operand of tile math may take: a `where` of two literals either
    branch's (held-out round 86: its value was None, an internal error)."""
    if isinstance(e, ir.Call) and e.func == "where" and len(e.args) == 3:
        return _literal_values(df, e.args[1]) + _literal_values(df, e.args[2])
    v = exprs.int_scalar_value(e, df.env.consts)
    if v is None:
        raise _Unfollowed()
    return [v]


class _Eval:
    """The exact integer values of an expression at one value per operand tile (every
    element alike), i8 math wrapped as it runs; `hit` keeps the first i8 node whose exact
    value leaves i8 (and that value)."""

    def __init__(self, df, env: dict[str, int]):
        self.df, self.env, self.hit = df, env, None

    def value(self, e: ir.Expr) -> tuple[int, object]:
        kind = _kind(self.df, e)
        if kind is None:
            v = exprs.int_scalar_value(e, self.df.env.consts)
            if v is None:
                raise _Unfollowed()         # a `where` of two literals: not one value
            return v, None
        match e:
            case ir.Sym(name=n):
                return self.env[n], kind
            case ir.Cast(operand=x, dtype=dt):
                v, _ = self.value(x)
                return (v if _holds(v, dt) else _wrap(v, dt)), dt
            case ir.Bin(op=op, lhs=a, rhs=b):
                return self._math(e, kind, INT_ARITH[op](self.value(a)[0], self.value(b)[0]))
            case ir.Neg(operand=x):
                return self._math(e, kind, -self.value(x)[0])
            case ir.Call(func="abs", args=(x,)):
                return self._math(e, kind, abs(self.value(x)[0]))
            case ir.Call(func="maximum" | "minimum" as f, args=(a, b)):
                pick = max if f == "maximum" else min
                return pick(self.value(a)[0], self.value(b)[0]), kind
            case ir.Call(func="where", args=(_, a, b)):
                va, vb = self.value(a)[0], self.value(b)[0]
                return (va if va == vb else _worse(va, vb)), kind
            case ir.Call(func="max" | "min" | "bcast" | "reshape", args=(x, *_)):
                return self.value(x)[0], kind
            case ir.Call(func="mask", args=(x, *_)):
                return self.value(x)[0], kind
            case ir.Call(func="sum", args=(x,), kwargs=kw) if "axis" in dict(kw):
                axis = self.df.env.const_value(dict(kw)["axis"])
                shape = expr_shape_of(self.df, x)
                if not isinstance(axis, int) or shape is None or not 0 <= axis < len(shape) \
                        or not isinstance(shape[axis], int):
                    raise _Unfollowed()
                return self.value(x)[0] * shape[axis], kind
        raise _Unfollowed()

    def _math(self, e, kind, exact: int):
        if kind in BITS and not _holds(exact, kind):
            if kind is I8 and self.hit is None:
                self.hit = (e, exact)
            return _wrap(exact, kind), kind
        return exact, kind


def _worse(a: int, b: int) -> int:
    """Of a `where`'s two sides, the one farther from 0 (the one more likely to wrap later)."""
    return a if abs(a) >= abs(b) else b


class _Ranges:
    """The values each integer tile may hold: its type's, narrowed by the assumptions (for
    an input the kernel does not write) and by the math that computes it."""

    def __init__(self, df):
        self.df, self.memo = df, {}
        self.bounds = _assumed_bounds(df)

    def of(self, name: str) -> tuple[int, int]:
        if name in self.memo:
            return self.memo[name]
        dt = self.df.types[name].dtype
        if dt not in BITS:
            raise _Unfollowed()
        full = INT_RANGES[dt] if dt in INT_RANGES else (-(1 << 63), (1 << 63) - 1)
        self.memo[name] = full          # a tile its own writers read holds its whole type
        writers = [w.stmt for w in self.df.writers.get(name, [])]
        param = self.df.kernel.param(name) is not None
        if param:
            got = full if writers else self._assumed(name, full)
        else:
            parts = [self._written(s, dt) for s in writers]
            got = full if not parts or None in parts else (min(p[0] for p in parts), max(p[1] for p in parts))
        self.memo[name] = got
        return got

    def _assumed(self, name: str, full):
        lo, hi = self.bounds.get(name, (-math.inf, math.inf))
        return max(full[0], lo), min(full[1], hi)

    def _written(self, s, dt):
        if isinstance(s, ir.Zeros):
            return 0, 0
        if isinstance(s, (ir.Load, ir.Copy)):
            got = self.of(s.src.tensor)
            fill = None if s.mask is None else 0 if s.mask.value is None else s.mask.value
            if fill is not None:
                if not (isinstance(fill, int) or float(fill).is_integer()):
                    return None
                got = (min(got[0], int(fill)), max(got[1], int(fill)))
            return got
        if isinstance(s, ir.Compute):
            try:
                lo, hi = self._interval(s.value)
            except _Unfollowed:
                return None
            return (lo, hi) if _holds(lo, dt) and _holds(hi, dt) else None
        return None

    def _interval(self, e: ir.Expr) -> tuple[int, int]:
        kind = _kind(self.df, e)
        if kind is None:
            v = exprs.int_scalar_value(e, self.df.env.consts)
            return v, v
        match e:
            case ir.Sym(name=n):
                return self.of(n)
            case ir.Cast(operand=x, dtype=dt):
                got = self._interval(x)
                return got if _holds(got[0], dt) and _holds(got[1], dt) else INT_RANGES.get(dt, _I64)
            case ir.Bin(op=op, lhs=a, rhs=b):
                (a0, a1), (b0, b1) = self._interval(a), self._interval(b)
                vals = [INT_ARITH[op](x, y) for x in (a0, a1) for y in (b0, b1)]
                return self._typed((min(vals), max(vals)), kind)
            case ir.Neg(operand=x):
                lo, hi = self._interval(x)
                return self._typed((-hi, -lo), kind)
            case ir.Call(func="abs", args=(x,)):
                lo, hi = self._interval(x)
                return self._typed((0 if lo <= 0 <= hi else min(abs(lo), abs(hi)), max(abs(lo), abs(hi))), kind)
            case ir.Call(func="maximum" | "minimum" | "where" as f, args=args):
                (a0, a1), (b0, b1) = self._interval(args[-2]), self._interval(args[-1])
                if f == "maximum":
                    return max(a0, b0), max(a1, b1)
                if f == "minimum":
                    return min(a0, b0), min(a1, b1)
                return min(a0, b0), max(a1, b1)
            case ir.Call(func="max" | "min" | "bcast" | "reshape" | "mask", args=(x, *_)):
                return self._interval(x)
        raise _Unfollowed()

    @staticmethod
    def _typed(r, kind):
        return r if kind not in INT_RANGES or (_holds(r[0], kind) and _holds(r[1], kind)) else INT_RANGES[kind]


_I64 = (-(1 << 63), (1 << 63) - 1)


def _assumed_bounds(df) -> dict[str, tuple[float, float]]:
    """Bounds the assumptions give every element of an input: conjuncts `T[i, ...] <= c` (or
    <, >=, >, ==) whose subscripts are the assumption's own index names."""
    out: dict[str, list[float]] = {}
    for a in df.kernel.assumes:
        if not isinstance(a, ir.Forall):
            continue
        for c in exprs.conjuncts(a.body):
            if not isinstance(c, ir.Bin) or c.op not in _BOUNDS:
                continue
            for elem, other, op in ((c.lhs, c.rhs, c.op), (c.rhs, c.lhs, _FLIP.get(c.op))):
                if op is None or not isinstance(elem, ir.ElemRef) or \
                        not all(isinstance(i, ir.Sym) and i.name in a.names for i in elem.indices):
                    continue
                v = exprs.int_scalar_value(other, df.env.consts) if exprs.int_scalar(other) else None
                if v is None:
                    continue
                lo, hi = out.setdefault(elem.tensor, [-math.inf, math.inf])
                new_lo, new_hi = _BOUNDS[op](v)
                out[elem.tensor] = [max(lo, new_lo), min(hi, new_hi)]
    return {k: (v[0], v[1]) for k, v in out.items()}


_BOUNDS = {ir.BinOp.LE: lambda v: (-math.inf, v), ir.BinOp.LT: lambda v: (-math.inf, v - 1),
           ir.BinOp.GE: lambda v: (v, math.inf), ir.BinOp.GT: lambda v: (v + 1, math.inf),
           ir.BinOp.EQ: lambda v: (v, v)}
_FLIP = {ir.BinOp.LE: ir.BinOp.GE, ir.BinOp.LT: ir.BinOp.GT, ir.BinOp.GE: ir.BinOp.LE,
         ir.BinOp.GT: ir.BinOp.LT, ir.BinOp.EQ: ir.BinOp.EQ}
