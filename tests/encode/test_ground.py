"""encode/ground.py: a term compiled into a Python function of its one variable agrees with
Z3's simplification of the ground term wherever that has a value."""
from __future__ import annotations

import z3
from hypothesis import given, settings, strategies as st

from encode.ground import NoValue, compile_int_function
from encode.symbols import mk_div

T = z3.Int("t")
TERMS = [T / 32 == 0, z3.And(T % 32 < 4, T >= 64), z3.Or(T / 128 == 1, z3.Not(T < 10)),
         mk_div(T - 100, 7) == -3, z3.If(T > 5, T % 3, T * 2) == 2, (T - 37) % -5 == 2,
         (T - 50) / -7 >= 1, z3.Distinct(T % 3, T % 5, 1), z3.Implies(T > 3, T - 2 * T < -3),
         z3.Xor(T > 3, T < 9), T / (T - 40) == 1]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TERMS), st.integers(-1000, 1000))
def test_agrees_with_z3(term, k):
    f = compile_int_function(term, T)
    ground = z3.simplify(z3.substitute(term, (T, z3.IntVal(k))))
    try:
        got = f(k)
    except NoValue:
        assert not (z3.is_true(ground) or z3.is_false(ground)) or k == 40
        return
    assert z3.is_true(ground) or z3.is_false(ground)
    assert got is z3.is_true(ground)


def test_other_constants_and_sorts_have_no_function():
    assert compile_int_function(T * z3.Int("u") > 1, T) is None
    assert compile_int_function(z3.ToReal(T) > 1, T) is None


def test_division_by_zero_has_no_value():
    f = compile_int_function(T / (T - 40) == 1, T)
    try:
        f(40)
    except NoValue:
        return
    raise AssertionError("t / 0 got a value")
