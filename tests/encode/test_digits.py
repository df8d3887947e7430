"""Equal quotients and remainders by one constant merge into one equality, exactly."""
from __future__ import annotations

import z3

from encode.digits import merge_digits

X, Y, S, T = z3.Ints("x y s t")


def test_a_digit_pair_becomes_one_equality():
    fact = z3.And(S == T, 0 + X / 32 == 0 + Y / 32, 0 + X % 32 == 0 + Y % 32)
    (merged,) = merge_digits([fact])
    assert merged.num_args() == 2
    solver = z3.Solver()
    solver.add(merged != fact)
    assert solver.check() == z3.unsat


def test_swapped_sides_and_negative_values_stay_exact():
    fact = z3.And(X / 8 == Y / 8, Y % 8 == X % 8)
    (merged,) = merge_digits([fact])
    solver = z3.Solver()
    solver.add(merged != fact)
    assert solver.check() == z3.unsat and z3.is_eq(merged.children()[0])


def test_other_conjunctions_are_left_alone():
    facts = [z3.And(X / 8 == Y / 8, X % 4 == Y % 4),          # different constants
             z3.And(1 + X / 8 == Y / 8, X % 8 == Y % 8),       # different offsets
             z3.And(X / 8 == Y / 8, S % 8 == T % 8),           # different operands
             z3.Or(X / 8 == Y / 8, X % 8 == Y % 8)]            # not a conjunction
    assert merge_digits(facts) is facts
