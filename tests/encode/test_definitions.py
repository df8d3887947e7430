"""Quantified facts that define an otherwise unused function are left out of a query and
read back through the model: answers unchanged, the model consistent with the dropped fact."""
from __future__ import annotations

import z3

from encode.definitions import split_definitions
from encode.solver import Verdict, find_model

N = z3.Int("N")
F = z3.Function("route[]", z3.IntSort(), z3.IntSort())
G = z3.Function("tile[]", z3.IntSort(), z3.IntSort())
R = z3.Int("r'")


def _defines_route():
    return z3.ForAll([R], z3.Implies(z3.And(R >= 0, R < N), F(R) == G(R / 4) + 1))


def _tile_in_range():
    return z3.ForAll([R], z3.Implies(z3.And(R >= 0, R < N), z3.And(G(R) >= 0, G(R) < 3)))


def test_an_unused_definition_is_left_out():
    facts = [N >= 8, _defines_route(), _tile_in_range(), G(1) == 2]
    kept, defs = split_definitions(facts)
    assert len(kept) == 3 and [d.decl.name() for d in defs] == ["route[]"]


def test_a_used_or_twice_defined_function_keeps_its_facts():
    used = [N >= 8, _defines_route(), F(5) > 0]
    assert split_definitions(used) == (used, ())
    twice = [N >= 8, _defines_route(), z3.ForAll([R], F(R) == R)]
    assert split_definitions(twice) == (twice, ())
    recursive = [z3.ForAll([R], z3.Implies(R > 0, F(R) == F(R - 1) + 1))]
    assert split_definitions(recursive) == (recursive, ())


def test_the_model_reads_the_function_through_its_definition():
    out = find_model([N >= 8, _defines_route(), _tile_in_range(), G(1) == 2])
    assert out.verdict is Verdict.REFUTED
    n = out.model.eval(N).as_long()
    for r in range(n):
        want = out.model.eval(G(r / 4), model_completion=True).as_long() + 1
        assert out.model.eval(F(z3.IntVal(r)), model_completion=True).as_long() == want
    assert out.model.eval(F(z3.IntVal(5)), model_completion=True).as_long() == 3   # G(1) == 2


def test_arguments_in_any_order_are_renumbered():
    a, b = z3.Ints("a b")
    H = z3.Function("pair[]", z3.IntSort(), z3.IntSort(), z3.IntSort())
    out = find_model([z3.ForAll([a, b], H(b, a) == 10 * a + b), N == 1])
    assert out.verdict is Verdict.REFUTED
    assert out.model.eval(H(z3.IntVal(2), z3.IntVal(7)), model_completion=True).as_long() == 72


def test_unsat_stays_unsat():
    # The definition is left out, and what remains is contradictory on its own.
    assert find_model([_defines_route(), _tile_in_range(), N >= 8, G(0) == 5]).verdict is Verdict.PROVED
