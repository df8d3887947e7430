"""The coverage query of `covers` and `range` claims without quantifiers, where that is exact.

"Some v in [lo, hi) that no contribution takes" says of each contribution "for all its bound
variables X: not (D(X) and t(X) == v)", which the solver must instantiate itself; over the
pairs elementwise math forms (a sum of two accumulators) it timed out. Two exact steps:

- components: the conjuncts of D split into groups over disjoint sets of bound variables,
  and the existential into one per group (a pair of records exists when each record does;
  its field t comes from one of them);
- witness terms: the one candidate for a group's variables, where `D(X) and t(X) == v`
  implies the same of the candidate (proved under the query's facts, so the existential
  is the candidate's instance): for the variables t mentions, each with a constant
  coefficient, the mixed-radix digits of v - t(0), largest coefficient first; for a group t
  does not mention (is the other record there at all?), the variables' lower bounds.

A group with no such candidate keeps its quantifier, and the caller keeps its query.
"""
from __future__ import annotations

import z3

from .solver import Verdict as SV, prove
from .terms import And, Or, constants


def without_quantifiers(facts: list, bound, domain, term, v, opts, flat, memo: dict):
    """`not exists bound: domain and term == v` without a quantifier, or None."""
    if not bound:
        return z3.Not(And(domain, term == v))
    ids = {b.get_id() for b in bound}
    if any(c.get_id() in ids for f in facts for c in constants(f, memo)):
        return None             # the proofs below must hold for every value of the bound variables
    groups, free = _groups(bound, flat(domain).values(), term, memo)
    misses = [z3.Not(And(*free))] if free else []
    for xs, conj, with_term in groups:
        body = And(*conj, term == v) if with_term else And(*conj)
        w = _digits(xs, term, v) if with_term else _lower_bounds(xs, conj, memo)
        if w is None:
            return None
        moved = z3.substitute(body, *zip(xs, w))
        if prove(z3.Implies(body, moved), facts, opts).verdict is not SV.PROVED:
            return None
        misses.append(z3.Not(moved))
    if not any(with_term for _, _, with_term in groups):
        misses.append(term != v)
    return Or(*misses) if misses else z3.BoolVal(False)


def _groups(bound, conjuncts, term, memo: dict):
    """([(variables, conjuncts, whether the term mentions them)], conjuncts free of them):
    the bound variables joined when one conjunct (or the term) mentions both."""
    ids = {b.get_id(): b for b in bound}
    parent = {i: i for i in ids}

    def root(i):
        while parent[i] != i:
            i = parent[i]
        return i

    def join(vs):
        for x in vs[1:]:
            parent[root(x)] = root(vs[0])

    mine = lambda e: [c.get_id() for c in constants(e, memo) if c.get_id() in ids]
    in_term = mine(term)
    join(in_term)
    conj = [(c, mine(c)) for c in conjuncts]
    for _, vs in conj:
        join(vs)
    free = [c for c, vs in conj if not vs]
    roots = sorted({root(i) for i in ids})
    groups = []
    for r in roots:
        xs = [ids[i] for i in ids if root(i) == r]
        cs = [c for c, vs in conj if vs and root(vs[0]) == r]
        with_term = bool(in_term) and root(in_term[0]) == r
        if cs or with_term:
            groups.append((xs, cs, with_term))
    return groups, free


def _digits(xs, term, v):
    """v - t(0) written in the mixed radix of the coefficients t gives the variables."""
    zero = [(x, z3.IntVal(0)) for x in xs]
    rest = z3.simplify(z3.substitute(term, *zero))
    coef = []
    for x in xs:
        one = z3.simplify(z3.substitute(term, *[(y, z3.IntVal(1 if y.eq(x) else 0)) for y in xs]) - rest)
        if not z3.is_int_value(one) or one.as_long() <= 0:
            return None
        coef.append(one.as_long())
    left, out = v - rest, {}
    for i in sorted(range(len(xs)), key=lambda i: -coef[i]):
        out[i] = left / coef[i]
        left = left % coef[i]
    return [out[i] for i in range(len(xs))]


def _lower_bounds(xs, conj, memo: dict):
    """Each variable's lower bound in the conjuncts (`x >= a`, `a <= x`, `x > a`), 0 if none;
    a bound that names another variable of the group is not taken."""
    ids = {x.get_id() for x in xs}
    out = []
    for x in xs:
        low = z3.IntVal(0)
        for c in conj:
            got = _lower(c, x)
            if got is not None and not any(k.get_id() in ids for k in constants(got, memo)):
                low = got
                break
        out.append(low)
    return out


def _lower(c, x):
    if c.num_args() != 2:
        return None
    a, b = c.arg(0), c.arg(1)
    if (z3.is_ge(c) and a.eq(x)) or (z3.is_le(c) and b.eq(x)):
        return b if a.eq(x) else a
    if z3.is_gt(c) and a.eq(x):
        return b + 1
    if z3.is_lt(c) and b.eq(x):
        return a + 1
    return None
