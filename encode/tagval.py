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

from .terms import And


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


def merge(a: Contribution, b: Contribution) -> Contribution:
    """The record of a value computed from two others: every field of both."""
    shape = () if a.shape == () == b.shape else ("cat", (len(a.fields), len(a.origins), len(a.trail)), a.shape, b.shape)
    return Contribution(a.fields + b.fields, a.bound + b.bound,
                        And(a.domain, b.domain), a.origins + b.origins, a.opaque or b.opaque,
                        a.trail + b.trail, a.masked or b.masked, shape, a.replaced or b.replaced)


def widen(c: Contribution, bound: tuple, domain) -> Contribution:
    """The same contribution ranging over more bound variables, under more constraints."""
    return dataclasses.replace(c, bound=tuple(bound) + c.bound, domain=And(domain, c.domain))


def flatten(tv: TagValue) -> list[Contribution]:
    """All contributions of all cases, each guarded by its case; unknown cases become opaque."""
    out = []
    for case in tv.cases:
        if case.kind is CaseKind.VALUE:
            out += [Contribution(c.fields, c.bound, And(case.cond, c.domain), c.origins, c.opaque,
                                 case.trail + c.trail, c.masked, _after(case.trail, c.shape), c.replaced)
                    for c in case.contribs]
        else:
            out.append(Contribution((), (), case.cond, (), f"{case.kind.value}: {case.note}", case.trail))
    return out


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
    return tuple(merge(x, y) for x in xs for y in ys)


def free_choice(term) -> bool:
    """Whether `term` names a free choice of Dataflow.fresh_choice (an accumulator that may
    or may not be empty where its updates are not counted)."""
    from .terms import constants
    return bool(constants(term, {}, lambda t: t.decl().name().startswith("maybe_empty~")))
