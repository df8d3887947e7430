"""Symbolic tag values: what the verifier knows about the data in one element.

A read yields mutually exclusive *cases* (which write reached it); each case holds a set
of *contributions* (one for a plain value, many for an accumulator or a reduction), each
a record of tag fields over its own bound variables.
"""
from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field

import z3

from .symbols import Unsupported
from .terms import And, Or


class CaseKind(enum.Enum):
    VALUE = "value"          # a write reached the element
    UNINIT = "uninit"        # nothing wrote the element before the read
    OVERFLOW = "overflow"    # the reaching write lies outside the analysed window


@dataclass(frozen=True)
class Origin:
    """Where a value came from, for reports: the writing statement and the element it read."""
    point: object | None                  # program.Point of the writer (None for kernel inputs)
    storage: str
    coords: tuple                         # z3 terms: element coordinates in `storage`
    loop_values: tuple = ()               # (loop name, z3 term) of the writer's instance


@dataclass(frozen=True)
class Contribution:
    fields: tuple[tuple[str, object], ...]    # (field name, z3 term); a name may repeat
    bound: tuple = ()                          # z3 variables this contribution ranges over
    domain: object = True                      # z3 constraint on `bound`
    origins: tuple[Origin, ...] = ()
    opaque: str = ""                           # why the value's tag is unknown ("" if known)
    trail: tuple = ()                          # hops of the reaching writes, newest first
    masked: bool = False                       # `domain` drops the padding of a masked access
    shape: tuple = ()                          # how fields, origins and trail expand into copies
                                               # (encode/generalize.py); () when they are as listed
    replaced: bool = False                     # one update's records that a later one may replace
                                               # (`best = where(c, x, best)`): no coverage from them
    paths: tuple = ()                          # a record that several cases hold (flatten): each
                                               # case's (domain, origins, trail), for reports

    def terms(self, name: str) -> list:
        return [t for f, t in self.fields if f == name]

    def field_names(self) -> set[str]:
        return {f for f, _ in self.fields}


@dataclass(frozen=True)
class Case:
    cond: object                               # z3 condition under which this case holds
    kind: CaseKind
    contribs: tuple[Contribution, ...] = ()
    writer: object | None = None               # program.Point of the reaching write
    writer_loops: tuple = ()                   # (loop name, z3 term) of its instance
    count: object | None = None                # number of contributions if known (accumulators)
    note: str = ""
    trail: tuple = ()                          # (storage, coords, writer point, loop values) per hop
    empty: object | None = None                # accumulators: z3 condition implied by "no record",
                                               # exact unless it holds a fresh choice (accumulate.py)


@dataclass(frozen=True)
class TagValue:
    cases: tuple[Case, ...] = field(default_factory=tuple)

    def value_cases(self):
        return [c for c in self.cases if c.kind is CaseKind.VALUE]


MAX_PRODUCT = 20_000


def merge(a: Contribution, b: Contribution) -> Contribution:
    """The record of a value computed from two others: every field of both."""
    shape = () if a.shape == () == b.shape else ("cat", (len(a.fields), len(a.origins), len(a.trail)), a.shape, b.shape)
    pa, pb = _paths(a), _paths(b)
    n = len(pa) * len(pb)
    paths = () if n == 1 or n > MAX_PATHS else tuple(
        (And(da, db), oa + ob, ta + tb) for da, oa, ta in pa for db, ob, tb in pb)
    return Contribution(a.fields + b.fields, a.bound + b.bound,
                        And(a.domain, b.domain), a.origins + b.origins, a.opaque or b.opaque,
                        a.trail + b.trail, a.masked or b.masked, shape, a.replaced or b.replaced, paths)


def widen(c: Contribution, bound: tuple, domain) -> Contribution:
    """The same contribution ranging over more bound variables, under more constraints."""
    return dataclasses.replace(c, bound=tuple(bound) + c.bound, domain=And(domain, c.domain))


def flatten(tv: TagValue) -> list[Contribution]:
    """All contributions of all cases, each guarded by its case; unknown cases become opaque.
    A record that several cases hold (the same fields, origins and bound variables) is one
    contribution under the disjunction of their conditions (_joined)."""
    out = []
    for k, case in enumerate(tv.cases):
        if case.kind is CaseKind.VALUE:
            out += [(k, Contribution(c.fields, c.bound, And(case.cond, c.domain), c.origins, c.opaque,
                                     case.trail + c.trail, c.masked, _after(case.trail, c.shape), c.replaced,
                                     tuple((And(case.cond, d), o, case.trail + t) for d, o, t in c.paths)))
                    for c in case.contribs]
        else:
            out.append((k, Contribution((), (), case.cond, (), f"{case.kind.value}: {case.note}", case.trail)))
    return _joined(out) if len(tv.cases) > 1 else [c for _, c in out]


# A record's paths kept for reports, at most (a product of two joined records multiplies
# them; past this the report names the first path's writes).
MAX_PATHS = 64


def _paths(c: Contribution) -> tuple:
    return c.paths or ((c.domain, c.origins, c.trail),)


def _joined(entries: list) -> list[Contribution]:
    """`entries` ((case index, contribution)) with the records that different cases hold
    joined: the cases exclude each other, so at any instance the joined record is the one
    its case holds, and the multiset of records is unchanged (a case's own repeats, `x + x`,
    stay two records: the n-th occurrence in a case joins the n-th of the others). A
    Hillis-Steele scan reads each level's element through a copy or a sum: unjoined, a
    record per path through the levels (3^7 for 128 elements, 45 s), joined, one per
    element summed (2^7)."""
    groups: dict = {}
    seen: dict = {}
    order = []
    alive: list = []
    for k, c in entries:
        key = _record_key(c, alive)
        if key is None:
            order.append([c])
            continue
        n = seen.get((k, key), 0)
        seen[(k, key)] = n + 1
        slots = groups.setdefault(key, [])
        if n < len(slots):
            slots[n].append(c)
        else:
            slots.append([c])
            order.append(slots[-1])
    return [g[0] if len(g) == 1 else _join(g) for g in order]


def _join(group: list) -> Contribution:
    """One record for `group`, under the disjunction of its members' domains (simplified:
    a case's condition holds the misses of every later write, mostly `true` after folding)."""
    first = group[0]
    paths = tuple(p for c in group for p in _paths(c))
    return dataclasses.replace(first, domain=z3.simplify(Or(*[c.domain for c in group])),
                               paths=paths if len(paths) <= MAX_PATHS else ())


def _record_key(c: Contribution, alive: list):
    """What makes two records the same, up to simplification; None for one that is not
    joined (a generalised record, whose copies expand from its shape). `alive` keeps the
    simplified terms whose ids the key holds (Z3 reuses the id of a freed term)."""
    if c.shape != ():
        return None

    def term(t):
        if not z3.is_expr(t):
            return ("value", t)
        alive.append(z3.simplify(t))
        return alive[-1].get_id()
    return (tuple((f, term(t)) for f, t in c.fields), tuple(b.get_id() for b in c.bound),
            tuple((o.storage, tuple(term(x) for x in o.coords)) for o in c.origins),
            c.opaque, c.masked, c.replaced)


def taken(c: Contribution, holds) -> Contribution:
    """`c` with the origins and trail of the path whose domain `holds` (a predicate on z3
    terms, a model's), for a report; `c` itself where it has one path."""
    for domain, origins, trail in c.paths:
        if holds(domain):
            return dataclasses.replace(c, origins=origins, trail=trail, paths=())
    return c


def _after(trail: tuple, shape: tuple) -> tuple:
    """The shape of a contribution whose trail gets `trail` in front."""
    return shape if not trail or shape == () else ("cat", (0, 0, len(trail)), (), shape)


def no_record(case: Case):
    """A z3 condition implied by "the case holds no record", or None where the encoding takes
    it to hold one: always True without contributions, never for plain records, `count == 0`
    where the count is known, else the accumulator's own `empty`. Records that padding drops
    are PAD, not an empty value (encode/fill_rule.py), so masked ones count only through `empty`."""
    if not case.contribs:
        return z3.BoolVal(True)
    if not any(c.bound for c in case.contribs):
        return z3.BoolVal(False)
    if case.count is not None and not any(c.masked for c in case.contribs):
        return z3.simplify(case.count == 0)
    return case.empty


def single(contribs, count=None) -> TagValue:
    return TagValue((Case(z3.BoolVal(True), CaseKind.VALUE, tuple(contribs), count=count),))


def product(xs: tuple[Contribution, ...], ys: tuple[Contribution, ...]) -> tuple[Contribution, ...]:
    """Every record of a value computed from one record of each operand. Each operand's
    records multiply (several writers reaching under conditions, in several iterations):
    held-out round 124's softmax rewritten under a thread-and-iteration condition made one
    product of 7.8 million pairs, built in pure Python past any time budget; past MAX_PRODUCT
    the value is not tracked (unknown, never a proof)."""
    if len(xs) * len(ys) > MAX_PRODUCT:
        raise Unsupported(f"a value computed from operands with {len(xs)} and {len(ys)} possible tag records "
                          f"(writers under different conditions and iterations): more than {MAX_PRODUCT} "
                          "combinations are not tracked")
    return tuple(merge(x, y) for x in xs for y in ys)


def free_choice(term) -> bool:
    """Whether `term` names a free choice of Dataflow.fresh_choice (an accumulator that may
    or may not be empty where its updates are not counted)."""
    from .terms import constants
    return bool(constants(term, {}, lambda t: t.decl().name().startswith("maybe_empty~")))
