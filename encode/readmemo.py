"""Repeated reads of one element at one instance, answered once (the data-flow model's memo).

A tree reduction feeding a broadcast (softmax over shared-memory trees) reads the broadcast
value once per leaf of the next tree; recomputing it each time made the cost the product of
the trees' sizes (over 300 s for two 8-level trees). A repeat gets the stored tag value with
the fresh variables made while computing it renamed to new ones: exactly what recomputing it
would give, up to the names, so two uses never share a bound variable.
"""
from __future__ import annotations

import dataclasses

import z3

from .tagval import Case, Contribution, Origin, TagValue

_RENAMED = (TagValue, Case, Contribution, Origin)
UNRENAMABLE = ("where",)    # stems whose variable also names a function symbol (a `where` pick)


def _id(term) -> tuple:
    return ("z3", term.get_id()) if isinstance(term, z3.AstRef) else ("py", repr(term))


def read_key(storage: str, coords: tuple, point, inst: dict, box) -> tuple:
    """Everything a read's answer depends on. The ids of z3 terms are unique while the terms
    live; the memo keeps them alive (see ReadMemo.put)."""
    inst_key = tuple((k, _id(v)) for k, v in sorted(inst.items()))
    box_key = None if box is None else (tuple(_id(f) for f in box.facts),
                                         tuple((_id(s), n) for s, n in box.spans))
    return (storage, tuple(_id(c) for c in coords), id(point), inst_key, box_key)


@dataclasses.dataclass
class ReadMemo:
    table: dict = dataclasses.field(default_factory=dict)

    def get(self, key: tuple, fresh) -> TagValue | None:
        """The stored value, its own fresh variables renamed by `fresh(stem)`."""
        hit = self.table.get(key)
        if hit is None:
            return None
        value, made, _ = hit
        if not made:
            return value
        pairs = [(old, fresh(stem)) for stem, old in made]
        return _rename(value, pairs)

    def put(self, key: tuple, value: TagValue, made: list, alive: tuple) -> None:
        """Store a value; `made`: (stem, variable) made while computing it; `alive`: the terms
        the key was built from."""
        if any(stem.startswith(UNRENAMABLE) for stem, _ in made):
            return
        self.table[key] = (value, tuple(made), alive)


def _rename(obj, pairs):
    if isinstance(obj, z3.AstRef):
        return z3.substitute(obj, *pairs)
    if isinstance(obj, tuple):
        return tuple(_rename(x, pairs) for x in obj)
    if isinstance(obj, _RENAMED):
        return dataclasses.replace(obj, **{f.name: _rename(getattr(obj, f.name), pairs)
                                           for f in dataclasses.fields(obj)})
    return obj          # program points, kinds, names and notes hold no variables
