"""The closed forms of encode/iterations.py: the iterations of a loop where a condition holds,
how many lie in a range and the latest up to a bound, checked against enumeration on every
small range, for conditions of each supported form (and refused for the others)."""
from __future__ import annotations

import itertools

import pytest
import z3

from dsl.check import check_source
from encode.dataflow import Dataflow
from encode.iterations import Piece, iterations
from encode.solver import Verdict as SV, prove
from encode.symbols import SymEnv, Unsupported

KERNEL = """kernel k(X: f32[N]):
    assume N >= 1
    grid (1)
    threads 32
    for i in range(N):
        if {cond}:
            x = load X[i : +1]
"""

CONDS = ["i >= 2", "i > 2", "i <= 3", "i < 3", "i == 2", "i != 2", "2 * i >= 5", "3 - i > 0",
         "i % 2 == 0", "i % 2 == 1", "i % 3 != 1", "(i + 1) % 4 == 0", "i % 2 == 0 and i > 0",
         "i % 2 == 0 and i % 3 == 0", "i < 2 or i >= 5", "not (i >= 2 and i < 4)", "i % 2 == 5",
         "i < 2 or i < 4", "i % 2 == 0 or i >= 3", "not (i > 0 and i % 3 != 1)"]


def _setup(cond: str):
    kernel = check_source(KERNEL.format(cond=cond), "k.dsl").kernel
    df = Dataflow(SymEnv.build(kernel))
    guard = next(p for p in df.points if p.guards).guards[0]
    return df, guard


def _truth(cond: str, i: int) -> bool:
    return bool(eval(cond, {}, {"i": i}))      # i >= 0: Python's % is CUDA's here


@pytest.mark.parametrize("cond", CONDS)
def test_count_and_last_agree_with_enumeration(cond):
    df, guard = _setup(cond)
    x = z3.Int("i#test")
    its = iterations(df, [(guard.cond, True)], "i", {"i": x}, x, [x >= 0])
    for a, b in itertools.product(range(0, 9), range(0, 10)):
        members = [i for i in range(a, b) if _truth(cond, i)]
        assert z3.simplify(its.count(z3.IntVal(a), z3.IntVal(b))).as_long() == len(members), (cond, a, b)
        some, top = its.last(z3.IntVal(a), z3.IntVal(b))
        upto = [i for i in range(a, b + 1) if _truth(cond, i)]
        assert z3.is_true(z3.simplify(some)) == bool(upto), (cond, a, b)
        if upto:
            assert z3.simplify(top).as_long() == max(upto), (cond, a, b)


@pytest.mark.parametrize("cond", ["i * i < 5", "i / 2 == 1", "i % 2 < 1", "i % 4 == 0 and i % 6 == 0"])
def test_conditions_without_a_closed_form_are_refused(cond):
    df, guard = _setup(cond)
    x = z3.Int("i#test")
    with pytest.raises(Unsupported):
        iterations(df, [(guard.cond, True)], "i", {"i": x}, x, [x >= 0])


def test_piece_count_is_exact_for_every_range_and_residue():
    """Piece.count over [a, b) for symbolic bounds and residue: empty for b = a, and one more
    exactly when b is a member (induction on b), proved by the solver."""
    a, b, r, lo, hi = z3.Ints("a b r lo hi")
    for m in (1, 3):
        p = Piece(z3.Bool("when"), lo, hi, m, r)
        facts = [r >= 0, r < m]
        assert prove(p.count(a, a) == 0, facts).verdict is SV.PROVED
        step = p.count(a, b + 1) - p.count(a, b) == z3.If(z3.And(b >= a, p.holds(b)), 1, 0)
        assert prove(step, facts).verdict is SV.PROVED


def test_piece_last_is_the_greatest_member():
    a, b, r, lo, hi, y = z3.Ints("a b r lo hi y")
    p = Piece(z3.Bool("when"), lo, hi, 4, r)
    some, top = p.last(a, b)
    facts = [r >= 0, r < 4]
    member = lambda v: z3.And(v >= a, v <= b, p.holds(v))
    assert prove(z3.Implies(some, member(top)), facts).verdict is SV.PROVED
    assert prove(z3.Implies(member(y), z3.And(some, y <= top)), facts).verdict is SV.PROVED
