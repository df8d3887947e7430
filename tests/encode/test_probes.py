"""encode/probes.py: sessions answer yes-or-no queries; a rule's query is skipped only when a
session shows it unsatisfiable under the same assumptions it opens with."""
from __future__ import annotations

import z3

from encode.probes import Probes
from encode.solver import SolverOptions, Verdict


def test_sessions_are_shared_by_equal_fact_lists():
    x, y = z3.Ints("x y")
    probes, opts = Probes([x >= 0]), SolverOptions()
    assert probes.check([x >= 0, y == x + 1], y == 0, opts) is Verdict.PROVED
    assert probes.check([x >= 0, y == x + 1], y == 1, opts) is Verdict.REFUTED
    assert len(probes._sessions) == 1            # the second list is the first one's terms


def test_a_session_keeps_its_facts_alive():
    """Sessions are found by the ids of their facts; a freed term's id may be given to a new
    term, so a session holds its facts: another list never meets a stale session."""
    x = z3.Int("x")
    probes, opts = Probes([]), SolverOptions()
    for k in range(10):
        assert probes.check([x + k > 10], x + k < 20, opts) is Verdict.REFUTED
        assert probes.check([x > 2 * k], x < 2 * k, opts) is Verdict.PROVED
    assert len(probes._sessions) == 20


def test_only_queries_under_the_assumptions_are_skipped():
    n, i = z3.Ints("n i")
    opts = SolverOptions()
    probes = Probes([n > 4])
    assert probes.unsat([n > 4, i >= n, i < 3], opts)              # proved: the query is not asked
    assert not probes.unsat([n > 4, i >= n, i < 9], opts)          # satisfiable: ask it for a model
    assert not probes.unsat([n < 2, i >= n, i < 3], opts)          # other facts: n > 4 is not assumed
    assert probes.unsat([n < 2, i <= n, i > 3], opts)              # ... unsatisfiable on their own
    assert not probes.unsat([i < 3], opts)


def test_sessions_share_one_context_and_answers_are_kept():
    """Every session of a kernel lives in one context; a condition asked again under the
    same facts is answered from the kept answer (the condition is held, so its id stays its
    own)."""
    x, y = z3.Ints("x y")
    probes, opts = Probes([]), SolverOptions()
    assert probes.check([x > 0], x < 0, opts) is Verdict.PROVED
    assert probes.check([y > 0], y > 5, opts) is Verdict.REFUTED
    assert len(probes._sessions) == 2 and probes._ctx is not None
    assert all(s._ctx is probes._ctx for s, _ in probes._sessions.values())
    answers = len(probes._answers)
    for k in range(6):
        assert probes.check([x > 0], x < k - 5, opts) is Verdict.PROVED
    assert probes.check([x > 0], x < 0, opts) is Verdict.PROVED
    assert len(probes._answers) == answers + 5       # x < 0 (k = 5) was asked before


def test_quantified_queries_are_not_tried_in_sessions():
    """A quantified query goes straight to its fresh context: sessions rarely decide one
    within the quick bound, and a failed attempt costs more than the fresh query's start."""
    n, i = z3.Ints("n i")
    probes, opts = Probes([n > 4]), SolverOptions()
    assert not probes.unsat([n > 4, z3.ForAll([i], i * i >= 0), n < 3], opts)
    assert probes._sessions == {}
    assert probes.unsat([n > 4, n < 3], opts)
