"""Generalised records: one record over a copy variable g in [0, 2) for two that are built the
same way at coordinates that differ (anti-unification), and their expansion for reports.

Two terms s, t are generalised to one that is s at g = 0 and t at g = 1, term for term: the
pairs of subterms where they differ become s + d*g when t - s is the integer d, If(g == 0,
s, t) otherwise. A record over g stands for both copies: its records at g = 0 are the first
copy's and those at g = 1 the second's (encode/twins.py). Reports list each copy's fields,
origins and hops as the pairing of the two would have (`copies`).
"""
from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass

import z3
from z3 import z3core
from z3.z3 import _to_expr_ref

from .tagval import Contribution, Origin
from .terms import And


@dataclass(frozen=True)
class Pick:
    """A report item that differs between the copies: `first` where `var` is 0, else `second`
    (the two came through different register tiles and loads)."""
    var: object
    first: object
    second: object


class Mismatch(Exception):
    """The two terms have different sorts or hold a quantifier: no generalisation."""


class Unifier:
    """Generalisations of pairs of terms over one copy variable, memoised by term ids."""

    def __init__(self, g):
        self.g = g
        self.memo: dict = {}

    def term(self, s, t):
        """The generalisation of s and t, children first (no recursion: terms can be deep)."""
        memo = self.memo
        stack = [(s, t, None)]
        while stack:
            a, b, kids = stack.pop()
            key = (a.get_id(), b.get_id())
            if key in memo:
                continue
            if kids is None:
                if a.eq(b):
                    memo[key] = a
                    continue
                if not (z3.is_app(a) and z3.is_app(b) and a.num_args() > 0
                        and a.num_args() == b.num_args() and a.decl().eq(b.decl())):
                    memo[key] = self.differ(a, b)
                    continue
                kids = [(a.arg(i), b.arg(i)) for i in range(a.num_args())]
                stack.append((a, b, kids))
                stack += [(x, y, None) for x, y in kids]
                continue
            got = [memo[(x.get_id(), y.get_id())] for x, y in kids]
            memo[key] = a if all(n.eq(x) for n, (x, _) in zip(got, kids)) else _rebuild(a, got)
        return memo[(s.get_id(), t.get_id())]

    def differ(self, a, b):
        if not a.sort().eq(b.sort()) or z3.is_quantifier(a) or z3.is_quantifier(b):
            raise Mismatch
        if z3.is_int(a):
            d = z3.simplify(b - a)
            if z3.is_int_value(d):
                return a + d.as_long() * self.g
        return z3.If(self.g == 0, a, b)


def _rebuild(a, kids: list):
    """`a`'s function applied to other arguments (Z3's own constructor: any arity)."""
    arr = (z3.Ast * len(kids))()
    for i, k in enumerate(kids):
        arr[i] = k.as_ast()
    ctx = a.ctx
    return _to_expr_ref(z3core.Z3_mk_app(ctx.ref(), a.decl().ast, len(kids), arr), ctx)


def spread(c: Contribution, g) -> Contribution:
    """A contribution whose terms mention the copy variable g, as the records of both copies."""
    return dataclasses.replace(c, bound=(g,) + c.bound, domain=And(g >= 0, g < 2, c.domain),
                               shape=("copy", g, c.shape))


# ---------------------------------------------------------------- expansion, for reports
def copies(c: Contribution) -> tuple[list, list, list]:
    """The fields, origins and trail hops of `c`, each as (item, assignment of copy variables),
    in the order the pairing of the copies would have listed them (encode/witness.py)."""
    counts = (len(c.fields), len(c.origins), len(c.trail))
    lists = _layout(c.shape, counts)
    return tuple([(items[i], a) for i, a in lay] for items, lay in zip((c.fields, c.origins, c.trail), lists))


def _layout(shape: tuple, counts: tuple) -> list:
    if shape == ():
        return [[(i, ()) for i in range(n)] for n in counts]
    if shape[0] == "cat":
        left = shape[1]
        lo = _layout(shape[2], left)
        hi = _layout(shape[3], tuple(n - k for n, k in zip(counts, left)))
        return [l + [(i + k, a) for i, a in h] for l, h, k in zip(lo, hi, left)]
    _, g, inner = shape
    lists = _layout(inner, counts)
    return [[(i, ((g, v),) + a) for v, (i, a) in itertools.product((0, 1), lst)] for lst in lists]


def resolve(item, assignment: tuple):
    """A report item in one copy: its Picks chosen and the copy variables given their values."""
    if not assignment:
        return item
    values = {g.get_id(): v for g, v in assignment}
    pairs = [(g, z3.IntVal(v)) for g, v in assignment]
    return _resolve(item, values, pairs)


def _resolve(obj, values: dict, pairs: list):
    if isinstance(obj, Pick):
        v = values.get(obj.var.get_id())
        if v is not None:
            return _resolve(obj.first if v == 0 else obj.second, values, pairs)
        return dataclasses.replace(obj, first=_resolve(obj.first, values, pairs),
                                   second=_resolve(obj.second, values, pairs))
    if isinstance(obj, z3.ExprRef):
        return z3.substitute(obj, *pairs)
    if isinstance(obj, tuple):
        return tuple(_resolve(x, values, pairs) for x in obj)
    if isinstance(obj, Origin):
        return dataclasses.replace(obj, **{f.name: _resolve(getattr(obj, f.name), values, pairs)
                                           for f in dataclasses.fields(obj)})
    return obj
