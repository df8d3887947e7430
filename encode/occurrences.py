"""Field occurrences of one contribution that range over the same values: one is enough.

A broadcast carries its records into every element it meets, each copy over its own bound
variables (encode/readmemo.py renames them), so a tree over `exp(x - bcast(m))` holds m's
records once per leaf. Two occurrences t1, t2 of a field in one contribution whose terms
and constraints are the same up to renaming their bound variables B1 <-> B2 (and no
constraint links B1 with B2) take the same values: swapping the values of B1 and B2 maps
the contribution's solutions onto themselves and t1's value onto t2's. A claim on every
value (`tag(x).f == e`) or on some value (`covers`) needs only one of them; a count or
distinctness claim (`range`) needs all, and does not use this.
"""
from __future__ import annotations

import z3

from .terms import Conjuncts, constants, ordered_union

# Fewer occurrences of a field in one contribution than this are kept as they are: splitting
# the contribution's constraints costs more than the few duplicates could save.
MANY = 8


def distinct_occurrences(known: list) -> list:
    """`known` (selector, contribution, term, position) without the occurrences that repeat
    an earlier one of the same contribution up to bound names; order kept."""
    out, seen, parts, consts = [], set(), {}, {}
    per = {}
    for entry in known:
        per[id(entry[1])] = per.get(id(entry[1]), 0) + 1
    for entry in known:
        c = entry[1]
        if per[id(c)] < MANY:
            out.append(entry)
            continue
        if not c.bound:
            key = ("plain", entry[2].get_id())
        else:
            if id(c) not in parts:
                parts[id(c)] = _Parts(c, consts)
            key = parts[id(c)].shape(entry[2])
        if key is not None and (id(c), key) in seen:
            continue
        seen.add((id(c), key))
        out.append(entry)
    return out


class _Parts:
    """A contribution's domain split into conjuncts, grouped by the bound variables that link them."""

    def __init__(self, c, consts: dict):
        self.bound = {v.get_id() for v in c.bound}
        self.consts = consts                 # term id -> (term, its constants in order), shared
        self.parent = {i: i for i in self.bound}
        self.memo: dict[int, tuple] = {}     # term id -> its bound variables, in order of first use
        self.conjuncts = [(f, self._vars(f)) for f in Conjuncts()(c.domain).values()]
        for _, vs in self.conjuncts:
            for a, b in zip(vs, vs[1:]):
                self.parent[self._root(a.get_id())] = self._root(b.get_id())
        self.groups: dict[int, list] = {}    # root variable -> the conjuncts it links, in order
        for f, vs in self.conjuncts:
            if vs:
                self.groups.setdefault(self._root(vs[0].get_id()), []).append(f)
        self.order = {r: k for k, r in enumerate(self.groups)}
        self.renamed: dict[tuple, tuple] = {}     # roots -> (renaming, ids of the renamed constraints)
        self.alive = []          # canonical terms: their ids are keys only while they live

    def _root(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def _vars(self, term) -> tuple:
        """Bound variables of `term` in depth-first order of first use."""
        i = term.get_id()
        got = self.memo.get(i)
        if got is None:
            got = self.memo[i] = tuple(v for v in constants(term, self.consts) if v.get_id() in self.bound)
        return got

    def shape(self, term):
        """The term with the constraints on its bound variables, all renamed by one renaming
        (in order of use in those constraints, then in the term), as ids."""
        roots = tuple(sorted({self._root(v.get_id()) for v in self._vars(term)}, key=lambda r: self.order.get(r, -1)))
        group = self.renamed.get(roots)
        if group is None:
            related = [f for r in roots for f in self.groups.get(r, ())]
            names = ordered_union(self._vars(t) for t in related)
            pairs = [(v, z3.Int(f"#occ{k}")) for k, v in enumerate(names)]
            canon = [z3.substitute(f, *pairs) if pairs else f for f in related]
            self.alive += canon
            group = self.renamed[roots] = (pairs, tuple(f.get_id() for f in canon))
        pairs, related_ids = group
        named = {a.get_id() for a, _ in pairs}
        extra = [v for v in self._vars(term) if v.get_id() not in named]
        allp = pairs + [(v, z3.Int(f"#occ{len(pairs) + k}")) for k, v in enumerate(extra)]
        canon = z3.substitute(term, *allp) if allp else term
        self.alive.append(canon)
        return related_ids, canon.get_id()
