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


def distinct_occurrences(known: list) -> list:
    """`known` (selector, contribution, term, position) without the occurrences that repeat
    an earlier one of the same contribution up to bound names; order kept."""
    out, seen, parts = [], set(), {}
    for entry in known:
        c = entry[1]
        if not c.bound:
            key = ("plain", entry[2].get_id())
        else:
            if id(c) not in parts:
                parts[id(c)] = _Parts(c)
            key = parts[id(c)].shape(entry[2])
        if key is not None and (id(c), key) in seen:
            continue
        seen.add((id(c), key))
        out.append(entry)
    return out


class _Parts:
    """A contribution's domain split into conjuncts, grouped by the bound variables that link them."""

    def __init__(self, c):
        self.bound = {v.get_id() for v in c.bound}
        self.parent = {i: i for i in self.bound}
        self.memo: dict[int, tuple] = {}     # term id -> its bound variables, in order of first use
        self.conjuncts = [(f, self._vars(f)) for f in _conjuncts(c.domain)]
        for _, vs in self.conjuncts:
            for a, b in zip(vs, vs[1:]):
                self.parent[self._root(a.get_id())] = self._root(b.get_id())
        self.groups: dict[int, list] = {}    # root variable -> the conjuncts it links, in order
        for f, vs in self.conjuncts:
            if vs:
                self.groups.setdefault(self._root(vs[0].get_id()), []).append(f)
        self.order = {r: k for k, r in enumerate(self.groups)}
        self.alive = []          # canonical terms: their ids are keys only while they live

    def _root(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def _vars(self, term) -> tuple:
        """Bound variables of `term` in depth-first order of first use (shared subterms once)."""
        i = term.get_id()
        got = self.memo.get(i)
        if got is None:
            if i in self.bound:
                got = (term,)
            elif z3.is_app(term) and term.num_args():
                seen, out = set(), []
                for ch in term.children():
                    for v in self._vars(ch):
                        if v.get_id() not in seen:
                            seen.add(v.get_id())
                            out.append(v)
                got = tuple(out)
            else:
                got = ()
            self.memo[i] = got
        return got

    def shape(self, term):
        """The term with the constraints on its bound variables, those renamed in order of use."""
        roots = sorted({self._root(v.get_id()) for v in self._vars(term)},
                       key=lambda r: self.order[r])
        related = [f for r in roots for f in self.groups.get(r, ())]
        names, seen = [], set()
        for t in [term] + related:
            for v in self._vars(t):
                if v.get_id() not in seen:
                    seen.add(v.get_id())
                    names.append(v)
        pairs = [(v, z3.Int(f"#occ{k}")) for k, v in enumerate(names)]
        canon = [z3.substitute(t, *pairs) if pairs else t for t in [term] + related]
        self.alive += canon
        return tuple(t.get_id() for t in canon)


def _conjuncts(e) -> list:
    """The conjuncts of `e`, each once (merged domains share sub-conjunctions)."""
    out, seen, todo = [], set(), [e]
    while todo:
        t = todo.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_and(t):
            todo.extend(reversed(t.children()))
        elif not z3.is_true(t):
            out.append(t)
    return out
