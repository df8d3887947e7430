"""Models over small sizes: a query's quantifiers unrolled where the sizes that bound them are
small.

An `assume` about every element of an input (`assume BT[b, p] >= 0 and OWN[BT[b, p]] == b`)
is a quantifier over the element's indices, each guarded by `0 <= b < NB`. Z3's search for a
model of such facts stalls on inverse tables (held-out round 55: a paged KV-cache write
reading one page past its block table was unknown after 60 s). With each size that bounds a
quantified index at most n, the quantifier is exactly the conjunction of its instances at
0 .. n - 1, each still guarded (`b < NB` fails for b >= NB, and that instance is true): a
quantifier-free query whose models are models of the original query with those sizes small
(its model took 20 ms); n = 4 first, then 8 (held-out round 60: a permutation scatter whose
clamp to row 4 shows from T = 6 on). The step asks only for a model: that no small model
exists proves nothing, and the search goes on with the original facts (encode/solver.py).
"""
from __future__ import annotations

import itertools

import z3

from .quantified import has_quantifier

SMALLS = (4, 8)         # each size that bounds a quantified index is at most this: 4, then 8
MAX_LITERAL = 256       # a quantified index bounded by a literal up to this is unrolled
MAX_INSTANCES = 4096    # the instances of all quantifiers of a query together


class _Skip(Exception):
    """A quantifier whose indices are not each bounded below by 0 and above by a size or a
    small literal: the step does not apply."""


def small_facts(facts, small: int = SMALLS[0]) -> list | None:
    """The facts with every quantifier unrolled and the sizes that bound them at most `small`,
    or None where some quantifier is not of that form (or there is none)."""
    if not has_quantifier(facts):
        return None
    sizes: dict = {}
    budget = [MAX_INSTANCES]
    memo: dict = {}
    try:
        out = [_unrolled(f, sizes, budget, memo, small) if has_quantifier([f]) else f for f in facts]
    except _Skip:
        return None
    return out + [s <= small for s in sizes.values()]


def _unrolled(e, sizes: dict, budget: list, memo: dict, small: int):
    key = e.get_id()
    if key in memo:
        return memo[key][1]
    if z3.is_quantifier(e):
        got = _unroll(e, sizes, budget, memo, small)
    elif z3.is_app(e) and e.num_args() and z3.is_bool(e):
        kids = [_unrolled(a, sizes, budget, memo, small) for a in e.children()]
        got = e.decl()(*kids) if e.decl().kind() not in (z3.Z3_OP_AND, z3.Z3_OP_OR) else \
            (z3.And if z3.is_and(e) else z3.Or)(*kids)
    else:
        got = e
    memo[key] = (e, got)     # e kept alive: a freed term's id is given to the next one
    return got


def _unroll(q, sizes: dict, budget: list, memo: dict, small: int):
    if q.is_lambda():
        raise _Skip
    names = [z3.Const(f"{q.var_name(i)}!small", q.var_sort(i)) for i in range(q.num_vars())]
    if not all(v.sort() == z3.IntSort() for v in names):
        raise _Skip
    body = z3.substitute_vars(q.body(), *reversed(names))
    guards = _guards(body, q.is_forall())
    extents = [_extent(v, guards, sizes, small) for v in names]
    count = 1
    for n in extents:
        count *= n
    budget[0] -= count
    if budget[0] < 0:
        raise _Skip
    # each instance's own quantifiers unrolled after its values are in: an inner index bounded
    # by an outer one (`j < i`) has a literal bound then, not a variable taken for a size
    insts = [_unrolled(z3.substitute(body, *[(v, z3.IntVal(k)) for v, k in zip(names, ks)]), sizes, budget, memo,
                       small)
             for ks in itertools.product(*[range(n) for n in extents])]
    if not insts:
        return z3.BoolVal(q.is_forall())
    return (z3.And if q.is_forall() else z3.Or)(*insts)


def _guards(body, forall: bool) -> list:
    """The conjuncts that an instance needs for its body to say anything: the antecedent of a
    universal (`Implies(g, b)`, or the negated disjuncts of `Or(Not(g), b)`), the conjuncts of
    an existential's body."""
    if forall:
        if z3.is_implies(body):
            parts = [body.arg(0)]
        elif z3.is_or(body):
            parts = [a.arg(0) if z3.is_not(a) else z3.Not(a) for a in body.children()]
        else:
            raise _Skip
    else:
        parts = [body]
    flat = []
    while parts:
        g = parts.pop()
        if z3.is_and(g):
            parts.extend(g.children())
        else:
            flat.append(g)
    return flat


def _extent(v, guards: list, sizes: dict, small: int) -> int:
    """n where the guards keep 0 <= v < n for an n known here: a literal, or `small` for a size
    (which joins `sizes`, to be bounded by `small`)."""
    if not any(_at_least_zero(v, g) for g in guards):
        raise _Skip
    for g in guards:
        hi = _upper(v, g)
        if hi is None:
            continue
        hi = z3.simplify(hi)
        if z3.is_int_value(hi) and 0 <= hi.as_long() <= MAX_LITERAL:
            return hi.as_long()
        if z3.is_const(hi) and hi.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            sizes[hi.get_id()] = hi     # (kept alive in `sizes`, so its id stays its own)
            return small
    raise _Skip


def _at_least_zero(v, g) -> bool:
    zero = z3.IntVal(0)
    if z3.is_ge(g):
        return z3.eq(g.arg(0), v) and z3.eq(z3.simplify(g.arg(1)), zero)
    if z3.is_le(g):
        return z3.eq(g.arg(1), v) and z3.eq(z3.simplify(g.arg(0)), zero)
    if z3.is_not(g) and z3.is_lt(g.arg(0)):
        return z3.eq(g.arg(0).arg(0), v) and z3.eq(z3.simplify(g.arg(0).arg(1)), zero)
    return False


def _upper(v, g):
    """n of a guard `v < n` (or `n > v`, `Not(n <= v)`, `Not(v >= n)`), else None."""
    if z3.is_lt(g) and z3.eq(g.arg(0), v):
        return g.arg(1)
    if z3.is_gt(g) and z3.eq(g.arg(1), v):
        return g.arg(0)
    if z3.is_not(g):
        a = g.arg(0)
        if z3.is_le(a) and z3.eq(a.arg(1), v):
            return a.arg(0)
        if z3.is_ge(a) and z3.eq(a.arg(0), v):
            return a.arg(1)
    return None
