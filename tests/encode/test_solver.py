"""The solver layer: every query that reaches Z3 is counted with its time; the quantifier
check that routes minimisation to bisection sees through shared terms."""
from __future__ import annotations

import z3

from encode.minimize import minimize_model
from encode.solver import SolverOptions, Verdict, find_model, has_quantifier, prove


def test_quantifiers_are_found_at_any_depth():
    x, y = z3.Ints("x y")
    assert not has_quantifier([x > 0, z3.And(x < y, y < 10), True])
    deep = z3.And(x > 0, z3.Or(y < 0, z3.ForAll([y], z3.Implies(y > x, y > 0))))
    assert has_quantifier([x > 0, deep])
    assert has_quantifier([z3.Exists([y], y == x + 1)])


def test_shared_terms_are_walked_once():
    x = z3.Int("x")
    t = x
    for _ in range(200):                  # a DAG of 2**200 paths, 201 nodes
        t = z3.If(t > 0, t, t + 1)
    assert not has_quantifier([t > 3])


def test_every_query_is_counted():
    seen = []
    opts = SolverOptions(on_query=seen.append)
    x, y = z3.Ints("x y")
    assert find_model([x > 3, x < 10], opts).verdict is Verdict.REFUTED
    assert prove(x > 0, [x > 3], opts).verdict is Verdict.PROVED
    n = len(seen)
    assert n == 2
    out = minimize_model([x > 3, y > x], [x, y], opts)          # the optimiser: one query
    assert out.verdict is Verdict.REFUTED and out.model.eval(y).as_long() == 5
    assert len(seen) == n + 1
    quantified = [z3.ForAll([y], z3.Implies(y > x, y > 3)), x < 50]
    out = minimize_model(quantified, [x], opts)                 # bisection: every step counts
    assert out.verdict is Verdict.REFUTED and out.model.eval(x).as_long() == 3
    assert len(seen) > n + 3 and all(s >= 0 for s in seen)


def test_a_session_answers_like_fresh_queries():
    """One session holds the facts; each condition is asked between push and pop, so an
    earlier condition never constrains a later one, and every check is counted."""
    from encode.session import Session
    seen = []
    opts = SolverOptions(on_query=seen.append)
    x, y = z3.Ints("x y")
    facts = [x >= 0, x < 8, y == 2 * x, True]
    session = Session(facts, opts)
    for cond in (y == 7, y == 6, x == 9, z3.And(x > 2, y < 6), x * x == y + 8):
        fresh = find_model(facts + [cond], opts).verdict
        assert session.check(cond, opts) is fresh
    assert session.check(y == 6, opts) is Verdict.REFUTED      # y == 7 before it left nothing behind
    assert len(seen) == 2 * 5 + 1


def test_a_session_with_no_time_left_decides_nothing():
    from encode.session import Session
    import time
    x = z3.Int("x")
    spent = SolverOptions(deadline=time.monotonic() - 1)
    assert Session([x > 0], SolverOptions()).check(x < 0, spent) is Verdict.UNKNOWN
