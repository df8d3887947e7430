"""Set-valued tag assertions over the contributions of an element.

`tag(x).f == range(lo, hi)`: the f values are exactly lo, ..., hi-1, each once; proved
by membership, pairwise distinctness (two symbolic copies of the contribution set) and
the count of contributions equal to hi - lo; when padding of masked tiles drops
contributions (their number is not known), by coverage instead of the count.
`covers(tag(x).f, lo, hi)`: the f values lie in [lo, hi) and every value there occurs
(at least once); coverage is one quantified query: "some v in [lo, hi) that no
contribution takes?".
"""
from __future__ import annotations

import z3

from .elem_reads import witness_needs_opaque
from .range_hints import count_hint, overwritten, padding_hint, partial_sum_hint, reset_hint, where_hint
from .solver import Verdict as SV, find_model, prove
from .tagval import CaseKind, taken
from .witness import Witness
from .terms import And, Conjuncts, Implies, Or


def _capped(tc, base) -> list:
    """`base` with every size below 2^48 (SEMANTICS.md): a count or coverage witness past it
    is no kernel's (new-user round 30 refuted a segment sum at N = 2^63 + 1)."""
    from .symbols import SIZE_CAP
    return base + [n < SIZE_CAP for n in tc.env.sizes.values()]


def check_range(tc, point, cond, lf, rs, base, scope) -> None:
    base = _capped(tc, base)
    lo, hi = tc.env.term(rs.lo, scope), tc.env.term(rs.hi, scope)
    leaves = {id(lf.node): lf}
    known = tc.known_facts(lf)
    # the record shown: the first contribution, its bound values smallest (not Z3's term ids)
    ids, (cid, _, xs) = _identity(lf, "m")
    member = tc.solve(point, cond, base + known + ids + [z3.Not(And(lf.var >= lo, lf.var < hi))], leaves, scope,
                      "TAG", f"tag({lf.node.elem.tensor}).{lf.node.field} leaves range({_t(rs.lo)}, {_t(rs.hi)})",
                      reset_hint(tc, lf.node.elem.tensor, point), then=[cid, *xs])
    if not member:
        return
    if _replaced(tc, cond, lf, f"how many records reach it is not known, so neither is whether they are "
                             f"range({_t(rs.lo)}, {_t(rs.hi)})"):
        return
    if not _distinct(tc, point, cond, lf, base, scope):
        return
    # the count, then one value per record: a record's two values are reported only where
    # the reports that name the usual mistakes (a value counted twice, a short loop) are silent
    if _count(tc, point, cond, lf, rs, base, lo, hi, scope):
        agree(tc, point, cond, lf, base, scope)
    tc.check_unknown_values(point, cond, leaves, base, scope, empty_ok=hi <= lo)


def agree(tc, point, cond, lf, base, scope) -> bool:
    """`range` counts each contribution's value of the field once, so a contribution whose
    record holds the field several times (a product merges a's k with b's k) must hold one
    value there: a GEMM that pairs A[i, k] with B[k', j], k' != k, makes records with two k
    values, each of which alone runs over range(0, K) (held-out round 20). `covers` is not
    held to it: a sum of two accumulators pairs each record of one with each of the other
    (gemm_two_accumulators), and a centred value `x - mean` pairs a column with the mean's
    columns (layernorm), so their occurrences differ and every one of them counts."""
    pick = []
    for sel, c, term, _ in lf.known:
        others = [t for t in c.terms(lf.node.field) if not t.eq(term)]
        if others:
            pick.append(And(sel, Or(*[term != t for t in others])))
    if not pick:
        return True
    ids, (cid, _, xs) = _identity(lf, "a")
    name = f"tag({lf.node.elem.tensor}).{lf.node.field}"
    return tc.solve(point, cond, base + tc.known_facts(lf) + ids + [Or(*pick)], {id(lf.node): lf}, scope, "TAG",
                    f"{name} takes two values in one record (the operands merged into it carry different "
                    f"{lf.node.field}s)",
                    f"a product pairs elements whose {lf.node.field} differs: check the operands' offsets "
                    f"along {lf.node.field} (tile index, shift or permutation)", then=[cid, *xs])


def _identity(lf, stem: str):
    """Facts naming the selected contribution: its index, term position and bound values."""
    width = max((len(c.bound) for _, c, _, _ in lf.known), default=0)
    cid, pos = z3.Int(f"%cid{stem}"), z3.Int(f"%pos{stem}")
    xs = [z3.Int(f"%x{stem}_{j}") for j in range(width)]
    index = {}
    facts = []
    for sel, c, term, p in lf.known:
        n = index.setdefault(id(c), len(index))
        same = [x == b for x, b in zip(xs, c.bound)] + [x == 0 for x in xs[len(c.bound):]]
        facts.append(Implies(sel, And(cid == n, pos == p, *same)))
    return facts, (cid, pos, xs)


def _distinct(tc, point, cond, lf, base, scope) -> bool:
    """No two different contributions carry the same value of the field (at the same term position)."""
    if not lf.known:
        return True
    one = tc.known_facts(lf)
    ids, (c1, p1, x1) = _identity(lf, "1")
    copy1 = And(*one, *ids)
    bound = {id(v): v for _, c, _, _ in lf.known for v in c.bound}
    sels = {id(e[0]): e[0] for e in lf.known}
    v2 = z3.Int(f"{lf.var}'2")
    pairs = [(v, z3.Int(f"{v}'2")) for v in bound.values()] + [(s, z3.Bool(f"{s}'2")) for s in sels.values()]
    pairs += [(lf.var, v2), (c1, z3.Int("%cid2")), (p1, z3.Int("%pos2"))] + [(x, z3.Int(f"{x}'2")) for x in x1]
    copy2 = z3.substitute(copy1, *pairs)
    x2 = [z3.Int(f"{x}'2") for x in x1]
    differs = Or(c1 != z3.Int("%cid2"), *[a != b for a, b in zip(x1, x2)])
    facts = base + [copy1, copy2, p1 == z3.Int("%pos2"), differs, lf.var == v2]
    name = f"tag({lf.node.elem.tensor}).{lf.node.field}"

    def msg(model) -> str:
        first, second = _sources(lf, model, ()), _sources(lf, model, pairs)
        value = model.eval(lf.var, model_completion=True)
        if not first or not second:
            return f"{name} counts the same value twice"
        again = "twice" if first == second else f"and again from {second}"
        return f"{name} counts the same value twice: {lf.node.field} = {value} comes from {first} {again}"
    storage = lf.node.elem.tensor
    # The record shown is the first copy: minimised, it does not follow Z3's term ids (which
    # depend on what the process built before: a golden flipped with the test order).
    return tc.solve(point, cond, facts, {id(lf.node): lf}, scope, "TAG", msg,
                    reset_hint(tc, storage, point) or partial_sum_hint(tc, storage) or where_hint(tc, storage),
                    then=[c1, *x1])


def _replaced(tc, cond, lf, why: str) -> bool:
    """Unknown (True) where the value's records are a replacing update's: every instance's,
    more than the value holds, so neither their distinct values, their number nor their
    coverage is the value's."""
    if not any(c.replaced for _, c, _, _ in lf.known):
        return False
    tc.sink.unknown("TAG", cond.span, f"tag({lf.node.elem.tensor}).{lf.node.field}: the value is one update's, "
                    f"which later updates may replace (`x = where(c, y, x)` in a loop): {why}")
    return True


def _sources(lf, model, pairs) -> str:
    """The elements the contribution that `model` selects was read from; `pairs`: the
    renaming of the distinctness query's second copy (its selectors and bound values)."""
    def ev(term):
        v = model.eval(z3.substitute(term, *pairs) if pairs else term, model_completion=True)
        return v.as_long() if z3.is_int_value(v) else None

    for sel, c, _, _ in lf.known:
        if not z3.is_true(model.eval(z3.substitute(sel, *pairs) if pairs else sel, model_completion=True)):
            continue
        c = taken(c, lambda d: z3.is_true(model.eval(z3.substitute(d, *pairs) if pairs else d, model_completion=True)))
        _, origins, _ = Witness.copies(c)
        elements = [f"{o.storage}[{', '.join(str(ev(x)) for x in o.coords)}]" for o in origins]
        return ", ".join(dict.fromkeys(e for e in elements if "None" not in e))
    return ""


def _count(tc, point, cond, lf, rs, base, lo, hi, scope) -> bool:
    """True when the number of contributions is proved to be the range's size."""
    cases = lf.tv.value_cases()
    for case in cases:
        count = case.count
        if count is None and any(c.masked for _, c, _, _ in lf.known):
            # Members, distinct and every value taken: exactly range(lo, hi).
            return _cover(tc, point, cond, lf, lo, hi, rs.lo, rs.hi, base, scope)
        if count is None and not any(c.bound for c in case.contribs):
            # contributions over no bound variable are one record each where their domain holds
            # (new-user round 30's scan32, whose last level reads elements earlier levels
            # copied); not their number: an in-place `y = where(c, y + b, y)` has b's record only
            # where c holds (held-out round 35 had it counted everywhere)
            count = z3.Sum([z3.If(c.domain, 1, 0) for c in case.contribs]) if case.contribs else z3.IntVal(0)
        if count is None:
            tc.sink.unknown("TAG", cond.span, "cannot count the contributions of this accumulator "
                            "(updates under a condition or a nested accumulation)")
            return False
        size = z3.If(hi > lo, hi - lo, 0)       # range(lo, hi) with hi < lo is empty, as in Python
        out = prove(count == size, base + [case.cond], tc.opts)
        if out.verdict is SV.PROVED:
            continue
        if out.verdict is SV.UNKNOWN:
            tc.sink.unknown("TAG", cond.span, f"solver: {out.reason}")
            return False
        wrong = [case.cond, count != size]
        if lf.opaque:
            # some contribution's records are not known (a bulk copy whose wait is not found, a
            # read past the analysed window): the count is of the known ones only, no witness;
            # but a read that "nothing wrote" (INIT's to decide) is none where its case does
            # not hold (new-user round 30's scan32: a case that cannot happen), a witness then
            # only where no such case reaches the element (at any of its bound variables)
            out = None
            if all(c.opaque.startswith(CaseKind.UNINIT.value) for _, c in lf.opaque):
                reach = [z3.Exists(list(c.bound), And(sel, c.domain)) if c.bound else And(sel, c.domain)
                         for sel, c in lf.opaque]
                wrong.append(z3.Not(Or(*reach)))
                out = find_model(base + wrong, tc.opts)
            if out is None or out.verdict is not SV.REFUTED:
                tc.sink.unknown("TAG", cond.span, lf.opaque[0][1].opaque.split(": ", 1)[-1])
                return False
        model = tc.minimal(base + wrong, scope, out.model)
        w = Witness(tc.df, point, model, scope, {})
        got = model.eval(count, model_completion=True)
        want = model.eval(size, model_completion=True)
        noun = "contribution" if z3.is_int_value(got) and got.as_long() == 1 else "contributions"
        msg = (f"tag({lf.node.elem.tensor}).{lf.node.field} has {got} {noun} where "
               f"range({_t(rs.lo)}, {_t(rs.hi)}) needs {want}")
        more = z3.is_int_value(got) and z3.is_int_value(want) and got.as_long() > want.as_long()
        tc.sink.finding(w.finding("TAG", cond.span, msg, count_hint(tc, lf.node.elem.tensor, point, more)))
        return False
    return True


def _t(e) -> str:
    from dsl.fmt import format_expr as expr_text
    return expr_text(e)


def check_covers(tc, point, cond, lf, lo_e, hi_e, base, scope) -> None:
    base = _capped(tc, base)
    lo, hi = tc.env.term(lo_e, scope), tc.env.term(hi_e, scope)
    leaves = {id(lf.node): lf}
    name = f"tag({lf.node.elem.tensor}).{lf.node.field}"
    member = tc.solve(point, cond, base + tc.known_facts(lf) + [z3.Not(And(lf.var >= lo, lf.var < hi))],
                      leaves, scope, "TAG", f"{name} leaves [{_t(lo_e)}, {_t(hi_e)}) (the covers claim)")
    if not member:
        return
    if _cover(tc, point, cond, lf, lo, hi, lo_e, hi_e, base, scope, claim="covers"):
        tc.check_unknown_values(point, cond, leaves, base, scope, missing_ok=True)


def _cover(tc, point, cond, lf, lo, hi, lo_e, hi_e, base, scope, claim: str = "range") -> bool:
    """Every value of [lo, hi) is some contribution's field (one quantified query); `claim`
    names the assertion in the report (a `range` field or a `covers`)."""
    name = f"tag({lf.node.elem.tensor}).{lf.node.field}"
    if _replaced(tc, cond, lf, f"which records reach it is not known, so neither is whether they cover "
                             f"[{_t(lo_e)}, {_t(hi_e)})"):
        return False
    v = z3.Int(f"%missing {lf.node.field}")
    facts = _uncovered(tc, lf, v, base + [v >= lo, v < hi])
    out = find_model(facts, tc.opts)
    if out.verdict is SV.UNKNOWN:
        tc.sink.unknown("TAG", cond.span, f"solver: {out.reason} (coverage is a quantified query)")
        return False
    if out.verdict is SV.REFUTED and tc.env.has_opaque() and witness_needs_opaque(tc.sink, "TAG", cond.span, facts):
        return False
    if out.verdict is SV.REFUTED:
        # the first value missing, where the optimiser can take the query (no quantifier)
        first = () if any(z3.is_quantifier(f) for f in facts) else (v,)
        model = tc.minimal(facts, scope, out.model, first)
        w = Witness(tc.df, point, model, scope, {})
        missing = model.eval(v, model_completion=True)
        where = f"range({_t(lo_e)}, {_t(hi_e)})" if claim == "range" else \
            f"[{_t(lo_e)}, {_t(hi_e)}) (the covers claim)"
        tc.sink.finding(w.finding("TAG", cond.span, f"{name} never takes the value {missing} of {where}",
                                  padding_hint(tc, lf, model, f"{lf.node.field}=range({_t(lo_e)}, {_t(hi_e)})", point)
                                  or overwritten(tc, lf.node.elem.tensor, point) or "some input elements never reach this value: "
                                  "check the loop bounds and the tile offsets"))
        return False
    return True


def _uncovered(tc, lf, v, facts) -> list:
    """`facts` and "no contribution takes v": without quantifiers where every contribution's
    existential has witness terms (encode/coverage.py), else quantified over each one's
    bound variables."""
    from .coverage import without_quantifiers
    entries = [(bound, domain, term) for bound, domain, term in _merged_domains(lf.known)]
    entries += [(c.bound, c.domain, None) for _, c in lf.opaque]       # no contribution at all
    flat, memo, free = Conjuncts(), {}, []
    for bound, domain, term in entries:
        t, at = (term, v) if term is not None else (z3.IntVal(0), z3.IntVal(0))
        got = without_quantifiers(facts, list(bound), domain, t, at, tc.opts, flat, memo)
        if got is None:
            break
        free.append(got)
    else:
        return facts + free
    out = list(facts)
    for bound, domain, term in entries:
        body = z3.Not(And(domain, term == v)) if term is not None else z3.Not(domain)
        out.append(z3.ForAll(list(bound), body) if bound else body)
    return out


def _merged_domains(known) -> list:
    """(bound variables, domain, term) of the known contributions, with those of one term and
    one set of bound variables merged where that is exact: a duplicate goes, and two domains
    `A and p`, `A and not p` become `A`. A `where` on data leaves its records under an unknown
    pick and its negation; the quantified coverage query does not have to find out that the
    two halves make the whole (it timed out on a ReLU sum)."""
    groups: dict = {}
    for _, c, term, _ in known:
        key = (tuple(b.get_id() for b in c.bound), term.get_id())
        groups.setdefault(key, (c.bound, term, []))[2].append(c.domain)
    out, flat = [], Conjuncts()
    for bound, term, domains in groups.values():
        if len(domains) == 1:
            out.append((bound, domains[0], term))
            continue
        for conj in _resolve([flat(d) for d in domains]):
            out.append((bound, And(*conj.values()) if conj else z3.BoolVal(True), term))
    return out


def _resolve(domains: list) -> list:
    """Drop duplicate conjunctions and merge pairs that differ in one literal and its negation."""
    todo = [d for i, d in enumerate(domains) if all(d.keys() != e.keys() for e in domains[:i])]
    merged = True
    while merged:
        merged = False
        for i, a in enumerate(todo):
            for j in range(i + 1, len(todo)):
                b = todo[j]
                only_a, only_b = a.keys() - b.keys(), b.keys() - a.keys()
                if len(only_a) == 1 == len(only_b) and _negates(a[next(iter(only_a))], b[next(iter(only_b))]):
                    todo[i] = {k: a[k] for k in a.keys() & b.keys()}
                    del todo[j]
                    merged = True
                    break
            if merged:
                break
    return todo


def _negates(x, y) -> bool:
    return (z3.is_not(x) and x.arg(0).eq(y)) or (z3.is_not(y) and y.arg(0).eq(x))
