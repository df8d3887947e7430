"""Quantified facts that only define a function nothing else in the query uses.

`assume route[r] == tile_expert[r / 64]` becomes ∀r. 0 <= r < T ⇒ route(r) = tile_expert(r / 64).
In a query where no other fact mentions `route`, that fact holds in every model of the others
once route is defined by it, so leaving it out changes no answer: unsat stays unsat (fewer
facts), and a model of the rest extends to one of all. Z3's model search over such an unused
quantifier was the whole cost of the two slow moe BOUND queries (~9 s, or a timeout: `unknown`,
depending on the seed; milliseconds without it). The dropped definitions are kept so that a
model reads the function through them (`ContextModel`).
"""
from __future__ import annotations

from dataclasses import dataclass

import z3

from .quantified import subterms


@dataclass(frozen=True, slots=True)
class Definition:
    """head = body where the fact's guard holds (else 0); head is f(Var(0), ..., Var(n-1))
    (a term, not f itself: z3's Python layer translates a declaration into a bare AST)."""
    head: z3.ExprRef
    body: z3.ExprRef

    @property
    def decl(self) -> z3.FuncDeclRef:
        return self.head.decl()

    def translate(self, ctx: z3.Context) -> "Definition":
        return Definition(self.head.translate(ctx), self.body.translate(ctx))


def split_definitions(facts: list) -> tuple[list, tuple[Definition, ...]]:
    """(the facts without the unused definitions, those definitions), `facts` as given when
    none is unused. A function defined twice, or mentioned by any other fact, keeps its facts."""
    found = {i: d for i, d in ((i, _definition(f)) for i, f in enumerate(facts)) if d is not None}
    if not found:
        return facts, ()
    count: dict = {}
    for d in found.values():
        count[_key(d.decl)] = count.get(_key(d.decl), 0) + 1
    single = {i: d for i, d in found.items() if count[_key(d.decl)] == 1}
    names = {_key(d.decl) for d in single.values()}
    others = [f for i, f in enumerate(facts) if i not in single] + [d.body for d in single.values()]
    used = _mentioned(others, names)
    drop = {i: d for i, d in single.items() if _key(d.decl) not in used}
    if not drop:
        return facts, ()
    return [f for i, f in enumerate(facts) if i not in drop], tuple(drop[i] for i in sorted(drop))


def _key(decl: z3.FuncDeclRef):
    return decl.get_id()


def _definition(fact) -> Definition | None:
    """The definition a fact ∀xs. [guard ⇒] f(xs) = t states, with f's arguments exactly the
    bound variables (each once) and f in neither guard nor t; else None."""
    if not (isinstance(fact, z3.QuantifierRef) and fact.is_forall()):
        return None
    n, body = fact.num_vars(), fact.body()
    guard = None
    if z3.is_implies(body):
        guard, body = body.arg(0), body.arg(1)
    if not z3.is_eq(body):
        return None
    for app, value in ((body.arg(0), body.arg(1)), (body.arg(1), body.arg(0))):
        order = _arguments(app, n)
        if order is None or app.sort() != z3.IntSort(app.ctx):
            continue
        d = app.decl()
        if _mentioned([value] + ([guard] if guard is not None else []), {_key(d)}):
            continue
        expr = value if guard is None else z3.If(guard, value, z3.IntVal(0, app.ctx))
        # Var(order[i]) is f's i-th argument: renumber it Var(i), as substitute_funs expects.
        renumber = [None] * n
        for i, v in enumerate(order):
            renumber[v] = z3.Var(i, app.arg(i).sort())
        head = d(*[z3.Var(i, d.domain(i)) for i in range(n)])
        return Definition(head, z3.substitute_vars(expr, *renumber))
    return None


def _arguments(app, n: int) -> list[int] | None:
    """The de Bruijn indices of an uninterpreted application's arguments when they are the
    quantifier's n bound variables, each once."""
    if not (z3.is_app(app) and app.decl().kind() == z3.Z3_OP_UNINTERPRETED and app.num_args() == n and n):
        return None
    order = [z3.get_var_index(a) if z3.is_var(a) else -1 for a in app.children()]
    return order if sorted(order) == list(range(n)) else None


def _mentioned(terms, decls: set) -> set:
    """Which of the function declarations `decls` (by id) occur in `terms`, or under a
    quantifier in them: each shared subterm walked once, stopping when all are found."""
    found: set = set()
    for t in subterms(terms):
        if len(found) == len(decls):
            break
        if z3.is_app(t) and t.num_args():
            k = _key(t.decl())
            if k in decls:
                found.add(k)
    return found & decls


def apply(term, definitions: tuple[Definition, ...]):
    """`term` with every defined function replaced by its definition."""
    if not definitions:
        return term
    return z3.substitute_funs(term, *[(d.decl, d.body) for d in definitions])
