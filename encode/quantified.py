"""What a query's facts hold (quantifiers, division, bit-vectors), which decides how the solver searches."""
from __future__ import annotations

import z3


def has_quantifier(facts) -> bool:
    """Does any fact contain a quantifier? Z3's own walk (its has-quantifiers probe) over the
    facts as one goal; a goal that a false fact made inconsistent drops what follows, so
    then the walk is ours. (Printing the facts to look for "(forall" was 53% of the slowest
    bad kernel's time; walking them from Python with a wrapper per node still 25%.) The goal
    and probe are z3.Goal's and z3.Probe's C calls without their wrappers (a Boolean sort's
    wrapper per fact added); facts of another context than the main one take z3's path."""
    facts = [_as_bool(f) for f in facts]
    ctx = z3.main_ctx()
    if not all(isinstance(f, z3.BoolRef) and f.ctx is ctx for f in facts):
        return _goal_has_quantifier(facts)
    ref = ctx.ref()
    goal = z3.Z3_mk_goal(ref, True, False, False)
    z3.Z3_goal_inc_ref(ref, goal)
    try:
        for f in facts:
            z3.Z3_goal_assert(ref, goal, f.as_ast())
        if z3.Z3_goal_inconsistent(ref, goal):
            return _walk_has_quantifier(facts)
        probe = z3.Z3_mk_probe(ref, "has-quantifiers")
        z3.Z3_probe_inc_ref(ref, probe)
        try:
            return z3.Z3_probe_apply(ref, probe, goal) == 1.0
        finally:
            z3.Z3_probe_dec_ref(ref, probe)
    finally:
        z3.Z3_goal_dec_ref(ref, goal)


def _goal_has_quantifier(facts) -> bool:
    goal = z3.Goal()
    for fact in facts:
        goal.add(fact)
    if not goal.inconsistent():
        return z3.Probe("has-quantifiers")(goal) == 1.0
    return _walk_has_quantifier(facts)


def subterms(terms):
    """Every subterm of `terms` once (the shared term graph, quantifier bodies included), each
    before its children; a caller may stop early."""
    seen: set[int] = set()
    todo = [_as_bool(t) for t in terms]
    while todo:
        t = todo.pop()
        i = t.get_id()
        if i in seen:
            continue
        seen.add(i)
        yield t
        if z3.is_quantifier(t):
            todo.append(t.body())
        elif z3.is_app(t):
            todo.extend(t.children())


def _walk_has_quantifier(facts) -> bool:
    """The same question answered by walking the shared term graph, each node once."""
    return any(z3.is_quantifier(t) for t in subterms(facts))


def _as_bool(fact):
    return z3.BoolVal(fact) if isinstance(fact, bool) else fact


_DIVISION = (z3.Z3_OP_IDIV, z3.Z3_OP_MOD, z3.Z3_OP_REM)


def purify_helps(facts) -> bool:
    """Whether the facts hold integer division or remainder and neither a quantifier nor a
    bit-vector term: where purifying division (encode/solver._search) can help. Quantifiers
    by Z3's probe; then one walk of the shared term graph, each node once, through Z3's C
    calls without their Python wrappers (a wrapper per node was 15 s of new-user round 46's
    scan128 under the profiler, 3.5 times this walk)."""
    facts = [_as_bool(f) for f in facts]
    if not facts or has_quantifier(facts):
        return False
    ref = facts[0].ctx.ref()
    seen: set[int] = set()
    todo = [f.as_ast() for f in facts]
    division = False
    while todo:
        a = todo.pop()
        i = z3.Z3_get_ast_id(ref, a)
        if i in seen:
            continue
        seen.add(i)
        kind = z3.Z3_get_ast_kind(ref, a)
        if kind == z3.Z3_QUANTIFIER_AST:
            return False
        if kind != z3.Z3_APP_AST:
            continue
        if z3.Z3_get_sort_kind(ref, z3.Z3_get_sort(ref, a)) == z3.Z3_BV_SORT:
            return False
        app = z3.Z3_to_app(ref, a)
        division = division or z3.Z3_get_decl_kind(ref, z3.Z3_get_app_decl(ref, app)) in _DIVISION
        todo.extend(z3.Z3_get_app_arg(ref, app, j) for j in range(z3.Z3_get_app_num_args(ref, app)))
    return division
