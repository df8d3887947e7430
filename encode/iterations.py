"""The iterations of a loop where a condition holds, in closed form: how many lie in a range,
and the latest one up to a bound.

An accumulator updated under `if kt % 2 == 0` holds the records of the iterations where the
update ran, and one initialised again under `if nt > 0` restarts at the latest iteration
where that held. The set is a union of *pieces*, each a residue class on an interval under a
condition free of the variable; it is derived from the syntax of the condition (comparisons
affine in the variable, `e % m` compared with a value by `==` or `!=`, joined by `and`, `or`,
`not`; `a or b` as the disjoint `a`, `b and not a`) and then proved equal to the encoded
condition over the loop's range, its pieces pairwise disjoint, by one query. Anything else is `unknown`, never a guess.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import z3

from dsl import ir

from .intervals import _MIRROR, _NEGATE
from .solver import Verdict as SV, prove
from .symbols import Unsupported, mentions
from .terms import And, Or

MAX_PIECES = 16


@dataclass(frozen=True)
class Piece:
    """{x : when, lo <= x <= hi, x ≡ r (mod m)}; lo, hi None when unbounded."""
    when: object
    lo: object | None = None
    hi: object | None = None
    m: int = 1
    r: object = 0

    def holds(self, x):
        conds = [self.when]
        if self.lo is not None:
            conds.append(x >= self.lo)
        if self.hi is not None:
            conds.append(x <= self.hi)
        if self.m > 1:
            conds.append((x - self.r) % self.m == 0)
        return And(*conds)

    def clip(self, a, b) -> tuple:
        """The piece's interval within [a, b] (inclusive)."""
        return (a if self.lo is None else _max(a, self.lo)), (b if self.hi is None else _min(b, self.hi))

    def count(self, a, b):
        """How many of its members lie in [a, b) (z3's `/` by m > 0 is floor)."""
        lo, hi = self.clip(a, b - 1)
        n = hi - lo + 1 if self.m == 1 else (hi - self.r) / self.m - (lo - 1 - self.r) / self.m
        return z3.If(And(self.when, hi >= lo), n, 0)

    def last(self, a, b) -> tuple:
        """(there is a member in [a, b], the greatest one there)."""
        lo, hi = self.clip(a, b)
        top = hi if self.m == 1 else hi - (hi - self.r) % self.m
        return And(self.when, top >= lo), top


@dataclass(frozen=True)
class Iterations:
    """A union of pairwise disjoint pieces."""
    pieces: tuple[Piece, ...]

    def holds(self, x):
        return Or(*[p.holds(x) for p in self.pieces]) if self.pieces else z3.BoolVal(False)

    def count(self, a, b):
        n = z3.IntVal(0)
        for p in self.pieces:
            n = n + p.count(a, b)
        return n

    def last(self, a, b) -> tuple:
        some, value = z3.BoolVal(False), z3.IntVal(0)
        for p in self.pieces:
            has, top = p.last(a, b)
            value = z3.If(And(has, z3.Or(z3.Not(some), top > value)), top, value)
            some = Or(some, has)
        return some, value


def iterations(df, conds: list, var: str, bound: dict, x, context: list) -> Iterations:
    """The values of `x` (loop variable `var`, bound to x in `bound`) where every (condition,
    polarity) of `conds` holds, for x in the loop's range given by `context` (facts that hold
    wherever the result is used). Unsupported when no closed form is derived and proved."""
    pieces = [Piece(z3.BoolVal(True))]
    for e, positive in conds:
        pieces = _intersect(pieces, _pieces(df, e, positive, bound, x))
    got = Iterations(tuple(pieces))
    encoded = And(*[df.env.cond(e, bound) if positive else z3.Not(df.env.cond(e, bound)) for e, positive in conds])
    disjoint = [z3.Not(And(p.holds(x), q.holds(x))) for i, p in enumerate(pieces) for q in pieces[i + 1:]]
    out = prove(And(encoded == got.holds(x), *disjoint), list(df.env.facts) + list(context), df.solver)
    if out.verdict is not SV.PROVED:
        raise Unsupported(f"the condition on {var} is not one whose iterations the analysis counts in closed "
                          "form (comparisons affine in the loop variable, or its `% m` compared by == or !=, "
                          "joined by and, or, not)", conds[0][0].span if conds else None)
    return got


def _pieces(df, e: ir.Expr, positive: bool, bound: dict, x) -> list[Piece]:
    if isinstance(e, ir.Not):
        return _pieces(df, e.operand, not positive, bound, x)
    if isinstance(e, ir.Bin) and e.op in ir.LOGICAL:
        a, b = _pieces(df, e.lhs, positive, bound, x), _pieces(df, e.rhs, positive, bound, x)
        if (e.op is ir.BinOp.AND) == positive:
            return _intersect(a, b)
        # a or b, as the disjoint a, (b and not a)
        return _bounded(a + _intersect(b, _pieces(df, e.lhs, not positive, bound, x)), e.span)
    if isinstance(e, ir.Bin) and e.op in ir.COMPARISONS:
        return _atom(df, e.op if positive else _NEGATE[e.op], e.lhs, e.rhs, bound, x, e.span)
    return _atom(df, ir.BinOp.NE if positive else ir.BinOp.EQ, e, ir.IntLit(0, e.span), bound, x, e.span)


def _atom(df, op, lhs: ir.Expr, rhs: ir.Expr, bound: dict, x, span) -> list[Piece]:
    if _modulus(df, rhs) and not _modulus(df, lhs):
        lhs, rhs, op = rhs, lhs, _MIRROR[op]
    if _modulus(df, lhs):
        return _residues(df, op, lhs, rhs, bound, x, span)
    a, b = _affine(df.env.term(lhs, bound) - df.env.term(rhs, bound), x, span)
    if a == 0:          # free of x (checked by the query)
        return [Piece(_compare(op, b, z3.IntVal(0)))]
    if a < 0:
        a, b, op = -a, -b, _MIRROR[op]
    ge, le = (-b + a - 1) / a, (-b) / a          # a*x + b >= 0 iff x >= ge; <= 0 iff x <= le
    match op:
        case ir.BinOp.GE:
            return [Piece(z3.BoolVal(True), lo=ge)]
        case ir.BinOp.GT:
            return [Piece(z3.BoolVal(True), lo=le + 1)]
        case ir.BinOp.LE:
            return [Piece(z3.BoolVal(True), hi=le)]
        case ir.BinOp.LT:
            return [Piece(z3.BoolVal(True), hi=ge - 1)]
        case ir.BinOp.EQ:
            return [Piece(z3.BoolVal(True), lo=ge, hi=le)]
    return [Piece(z3.BoolVal(True), hi=ge - 1), Piece(z3.BoolVal(True), lo=le + 1)]


def _affine(f, x, span) -> tuple[int, object]:
    """(a, b) with f == a*x + b, a a constant and b free of x, as Z3's simplifier normalises
    it (no query: a condition it does not show affine is not counted)."""
    b = z3.simplify(z3.substitute(f, (x, z3.IntVal(0))))
    a = z3.simplify(z3.substitute(f, (x, z3.IntVal(1))) - b)
    if z3.is_int_value(a):
        rest = z3.simplify(f - a * x - b)
        if z3.is_int_value(rest) and rest.as_long() == 0:
            return a.as_long(), b
    raise Unsupported("a condition that is not affine in the loop variable (or that reads data)", span)


def _modulus(df, e: ir.Expr) -> int | None:
    if isinstance(e, ir.Bin) and e.op is ir.BinOp.MOD:
        m = df.env.const_value(e.rhs)
        return m if m is not None and m > 0 else None
    return None


def _residues(df, op, lhs: ir.Bin, rhs: ir.Expr, bound: dict, x, span) -> list[Piece]:
    """`E % m OP c`, E affine in x with a coefficient prime to m: x ≡ r (mod m) where E >= 0
    (the query checks that the result is exact over the loop's range)."""
    m = _modulus(df, lhs)
    if op not in (ir.BinOp.EQ, ir.BinOp.NE) or m > MAX_PIECES:
        raise Unsupported("a remainder compared otherwise than by == or != (or by a large modulus)", span)
    a, e0 = _affine(df.env.term(lhs.lhs, bound), x, span)
    c = df.env.term(rhs, bound)
    if math.gcd(a, m) != 1 or mentions(c, x):
        raise Unsupported("a remainder of a multiple of the loop variable, or compared with a value that "
                          "depends on it", span)
    inv = pow(a % m, -1, m) if m > 1 else 0
    r = z3.simplify((inv * (c - e0)) % m)
    can = And(c >= 0, c < m)
    if op is ir.BinOp.EQ:
        return [Piece(can, m=m, r=r)]
    return [Piece(z3.Not(can))] + [Piece(can, m=m, r=z3.simplify((r + k) % m)) for k in range(1, m)]


def _intersect(xs: list[Piece], ys: list[Piece]) -> list[Piece]:
    out = []
    for p in xs:
        for q in ys:
            m, r, same = _crt(p, q)
            out.append(Piece(And(p.when, q.when, same), _join(p.lo, q.lo, _max), _join(p.hi, q.hi, _min), m, r))
    return _bounded(out, None)


def _crt(p: Piece, q: Piece) -> tuple:
    """(m, r, extra condition) of x ≡ p.r (p.m) and x ≡ q.r (q.m)."""
    if p.m == 1:
        return q.m, q.r, z3.BoolVal(True)
    if q.m == 1:
        return p.m, p.r, z3.BoolVal(True)
    if p.m == q.m:
        return p.m, p.r, p.r == q.r
    if math.gcd(p.m, q.m) != 1:
        raise Unsupported("two remainders of the loop variable by moduli with a common factor")
    # x = p.r + p.m * t with p.m * t ≡ q.r - p.r (mod q.m)
    t = (pow(p.m, -1, q.m) * (q.r - p.r)) % q.m
    return p.m * q.m, z3.simplify(p.r + p.m * t), z3.BoolVal(True)


def _bounded(pieces: list[Piece], span) -> list[Piece]:
    if len(pieces) > MAX_PIECES:
        raise Unsupported("a condition on the loop variable with too many cases to count", span)
    return pieces


def _join(a, b, pick):
    return b if a is None else a if b is None else pick(a, b)


def _compare(op, a, b):
    return {ir.BinOp.EQ: a == b, ir.BinOp.NE: a != b, ir.BinOp.LT: a < b,
            ir.BinOp.LE: a <= b, ir.BinOp.GT: a > b, ir.BinOp.GE: a >= b}[op]


def _min(a, b):
    return z3.If(a <= b, a, b)


def _max(a, b):
    return z3.If(a >= b, a, b)
