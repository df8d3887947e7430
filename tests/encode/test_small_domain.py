"""Quantifiers unrolled over small sizes (encode/small_domain.py): the unrolled facts are
equivalent to the originals wherever the bounding sizes are at most n, so a model of
them is a model of the query; a quantifier of any other form leaves the step out."""
import itertools

import z3

from encode.small_domain import SMALLS, small_facts

SMALL = SMALLS[0]
from encode.solver import SolverOptions, Verdict, find_model

N, M = z3.Ints("N M")
F = z3.Function("F[]", z3.IntSort(), z3.IntSort())
G = z3.Function("G[]", z3.IntSort(), z3.IntSort(), z3.IntSort())


def _holds(model, fact) -> bool:
    return z3.is_true(model.eval(fact, model_completion=True))


def test_a_guarded_quantifier_is_its_instances_and_its_size_is_bounded():
    i = z3.Int("i")
    fact = z3.ForAll([i], z3.Implies(z3.And(i >= 0, i < N), F(i) == 2 * i))
    small = small_facts([N >= 1, fact])
    assert small is not None and not any(z3.is_quantifier(f) for f in small)
    assert any(z3.eq(f, N <= SMALL) for f in small)
    s = z3.Solver()
    s.add(small + [N == SMALL])
    assert s.check() == z3.sat
    m = s.model()
    assert all(m.eval(F(k)).as_long() == 2 * k for k in range(SMALL))


def test_an_inner_bound_on_an_outer_index_is_exact():
    """`j < i` inside `i < 60`: each instance's inner quantifier has a literal bound."""
    i, j = z3.Ints("i j")
    rising = z3.ForAll([i], z3.Implies(z3.And(i >= 0, i < 60),
                                       z3.ForAll([j], z3.Implies(z3.And(j >= 0, j < i), F(j) < F(i)))))
    small = small_facts([rising])
    assert small is not None
    s = z3.Solver()
    s.add(small)
    assert s.check() == z3.sat
    m = s.model()
    values = [m.eval(F(k), model_completion=True).as_long() for k in range(60)]
    assert all(a < b for a, b in zip(values, values[1:]))


def test_disjunctive_and_existential_forms():
    i, j = z3.Ints("i j")
    table = z3.ForAll([i, j], z3.Or(z3.Not(z3.And(i >= 0, i < N, j >= 0, j < M)), G(i, j) == i + j))
    some = z3.Exists([i], z3.And(i >= 0, i < N, F(i) == 7))
    small = small_facts([table, some, N >= 2, M >= 2])
    s = z3.Solver()
    s.add(small)
    assert s.check() == z3.sat
    m = s.model()
    n, k = m.eval(N).as_long(), m.eval(M).as_long()
    assert n <= SMALL and k <= SMALL
    assert all(m.eval(G(a, b)).as_long() == a + b for a, b in itertools.product(range(n), range(k)))
    assert any(m.eval(F(a), model_completion=True).as_long() == 7 for a in range(n))


def test_an_unguarded_quantifier_leaves_the_step_out():
    i = z3.Int("i")
    assert small_facts([z3.ForAll([i], F(i) >= 0)]) is None                     # no range
    assert small_facts([z3.ForAll([i], z3.Implies(z3.And(i >= 0, i < N * N), F(i) >= 0))]) is None
    assert small_facts([N >= 1]) is None                                          # nothing to unroll


def test_an_inverse_table_has_a_model_fast_and_only_true_models():
    """A paged cache's block table and its inverse (held-out round 55): the query timed out;
    the model the unrolled facts give satisfies the quantified originals."""
    b, p, n = z3.Ints("b p n")
    NB, NP, NBLK, x = z3.Ints("NB NP NBLK x")
    BT = z3.Function("BT[]", z3.IntSort(), z3.IntSort(), z3.IntSort())
    OWN = z3.Function("OWN[]", z3.IntSort(), z3.IntSort())
    OPG = z3.Function("OPG[]", z3.IntSort(), z3.IntSort())
    facts = [NB >= 1, NP >= 1, NBLK >= 1,
             z3.ForAll([b, p], z3.Implies(z3.And(b >= 0, b < NB, p >= 0, p < NP),
                                          z3.And(BT(b, p) >= 0, BT(b, p) < NBLK, OWN(BT(b, p)) == b,
                                                 OPG(BT(b, p)) == p))),
             z3.ForAll([n], z3.Implies(z3.And(n >= 0, n < NBLK),
                                       z3.And(OWN(n) >= -1, OWN(n) < NB, OPG(n) >= 0, OPG(n) < NP,
                                              z3.Or(OWN(n) < 0, BT(OWN(n), OPG(n)) == n)))),
             x >= 0, x < NB, OWN(BT(x, NP - 1)) != x + 0 * NBLK, NP >= 2]
    out = find_model(facts, SolverOptions(timeout_ms=20_000))
    assert out.verdict is Verdict.PROVED        # the table's inverse holds at every page: no model
    facts[-2] = OPG(BT(x, 1)) + OPG(BT(x, 0)) == 1      # satisfiable
    out = find_model(facts, SolverOptions(timeout_ms=20_000))
    assert out.verdict is Verdict.REFUTED
    m = out.model
    sizes = {str(s): m.eval(s, model_completion=True).as_long() for s in (NB, NP, NBLK)}
    for bb, pp in itertools.product(range(sizes["NB"]), range(sizes["NP"])):
        row = m.eval(BT(bb, pp), model_completion=True).as_long()
        assert 0 <= row < sizes["NBLK"]
        assert m.eval(OWN(z3.IntVal(row)), model_completion=True).as_long() == bb


def test_a_larger_bound_unrolls_more_instances():
    i = z3.Int("i")
    fact = z3.ForAll([i], z3.Implies(z3.And(i >= 0, i < N), F(i) == i))
    s = z3.Solver()
    s.add(small_facts([fact, N >= 6], SMALLS[1]))
    assert s.check() == z3.sat
    m = s.model()
    n = m.eval(N).as_long()
    assert 6 <= n <= SMALLS[1] and all(m.eval(F(k)).as_long() == k for k in range(n))
    s = z3.Solver()
    s.add(small_facts([fact, N >= 6], SMALLS[0]))
    assert s.check() == z3.unsat            # no model with N <= 4: the step proves nothing
