"""Repeated reads of one element at one instance, answered once (the data-flow model's memo).

A tree reduction feeding a broadcast (softmax over shared-memory trees) reads the broadcast
value once per leaf of the next tree; recomputing it each time made the cost the product of
the trees' sizes (over 300 s for two 8-level trees). A repeat gets the stored tag value with
the fresh variables made while computing it renamed to new ones: exactly what recomputing it
would give, up to the names, so two uses never share a bound variable.
"""
from __future__ import annotations

import dataclasses
import time

import z3
from z3.z3 import _to_expr_ref

from .generalize import Pick
from .tagval import Case, Contribution, Origin, TagValue
from .symbols import Unsupported
from .terms import constants

_RENAMED = (TagValue, Case, Contribution, Origin, Pick)
UNRENAMABLE = ("where",)    # stems whose variable also names a function symbol (a `where` pick)


def _id(term) -> tuple:
    return ("z3", term.get_id()) if isinstance(term, z3.AstRef) else ("py", repr(term))


def read_key(storage: str, coords: tuple, point, inst: dict, box, seen_vars: dict) -> tuple[tuple, tuple, tuple]:
    """Everything a read's answer depends on, up to the names of the fresh variables in it
    (key, those variables in order, the terms the key was built from). A read at another
    instance of the same shape (an accumulator's update at fresh iteration variables, one
    per use) is the same read renamed. The ids of z3 terms are unique while the terms live;
    the memo keeps the key's terms alive (see ReadMemo.put). `seen_vars`: the fresh
    variables of terms met before, by id (it keeps those terms alive too)."""
    terms = list(coords) + [v for _, v in sorted(inst.items())]
    if box is not None:
        terms += list(box.facts) + [s for s, _ in box.spans]
    actual = _fresh_vars(terms, seen_vars)
    pairs = [(v, z3.Int(f"#read{k}")) for k, v in enumerate(actual)]
    sub = _Substitution(pairs) if pairs else None
    canon = [sub(t) if sub is not None and isinstance(t, z3.AstRef) else t for t in terms]
    it = iter(canon)
    coords_key = tuple(_id(next(it)) for _ in coords)
    inst_key = tuple((k, _id(next(it))) for k, _ in sorted(inst.items()))
    box_key = None
    if box is not None:
        box_key = (tuple(_id(next(it)) for _ in box.facts), tuple((_id(next(it)), n) for _, n in box.spans))
    return (storage, coords_key, id(point), inst_key, box_key), tuple(actual), tuple(canon)


def _fresh_vars(terms, seen_vars: dict) -> list:
    """The data-flow model's fresh variables (`stem!N`) in `terms`, in order of first use."""
    out, got = [], set()
    for t in terms:
        if isinstance(t, z3.AstRef):
            for v in _vars_of(t, seen_vars):
                if v.get_id() not in got:
                    got.add(v.get_id())
                    out.append(v)
    return out


def _vars_of(term, seen_vars: dict) -> tuple:
    """Fresh variables of `term` in depth-first order, each subterm's answer kept by id."""
    return constants(term, seen_vars, _renamable)


def _renamable(v) -> bool:
    name = v.decl().name()
    return "!" in name and not name.startswith(UNRENAMABLE)


@dataclasses.dataclass
class ReadMemo:
    table: dict = dataclasses.field(default_factory=dict)
    vars_seen: dict = dataclasses.field(default_factory=dict)    # for read_key
    deadline: float | None = None      # time.monotonic() when the budget ends (the renaming checks it)

    def get(self, key: tuple, fresh, actual: tuple = ()) -> TagValue | None:
        """The stored value, its own fresh variables renamed by `fresh(stem, old)` and the
        read's variables (`actual`) put for those of the read that computed it."""
        hit = self.table.get(key)
        if hit is None:
            return None
        value, made, _, first = hit
        pairs = [(old, fresh(stem, old)) for stem, old in made]
        pairs += [(a, b) for a, b in zip(first, actual) if not a.eq(b)]
        return _rename(value, _Substitution(pairs, self.deadline)) if pairs else value

    def put(self, key: tuple, value: TagValue, made: list, alive: tuple, actual: tuple = ()) -> None:
        """Store a value; `made`: (stem, variable) made while computing it; `alive`: the terms
        the key was built from; `actual`: the read's own fresh variables."""
        if any(stem.startswith(UNRENAMABLE) for stem, _ in made):
            return
        self.table[key] = (value, tuple(made), alive, actual)


class _Substitution:
    """`z3.substitute(term, *pairs)` for the many terms of one value: the C arrays of the
    pairs are built once (z3.substitute checks and converts every pair on each call, which
    was most of a memo hit's time). The pairs are variables for variables of the same sort."""

    def __init__(self, pairs: list, deadline: float | None = None):
        # The C arrays hold no references: `pairs` keeps their terms alive.
        self.pairs, self.ctx, n = pairs, pairs[0][0].ctx, len(pairs)
        self.deadline = deadline
        self.n, self.src, self.dst = n, (z3.Ast * n)(*[a.as_ast() for a, _ in pairs]), \
            (z3.Ast * n)(*[b.as_ast() for _, b in pairs])

    def __call__(self, term):
        if self.deadline is not None and time.monotonic() > self.deadline:
            # a value of many cases (new-user round 42: a masked tree reduction's pairs of
            # records at every level) takes minutes to rename: the budget ends it here
            from .solver import BUDGET_NOTE
            raise Unsupported(f"{BUDGET_NOTE} while renaming a memoised tag value", None)
        got = z3.Z3_substitute(self.ctx.ref(), term.as_ast(), self.n, self.src, self.dst)
        return _to_expr_ref(got, self.ctx)


def _rename(obj, sub: _Substitution):
    if isinstance(obj, z3.AstRef):
        return sub(obj)
    if isinstance(obj, tuple):
        return tuple(_rename(x, sub) for x in obj)
    if isinstance(obj, _RENAMED):
        return dataclasses.replace(obj, **{f.name: _rename(getattr(obj, f.name), sub)
                                           for f in dataclasses.fields(obj)})
    return obj          # program points, kinds, names and notes hold no variables
