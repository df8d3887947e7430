"""The encoder's faster term building gives the very terms z3 would: `encode.terms.And/Or`
against z3.And/Or, and SymEnv.term's memo against a rebuild (same Z3 ids, hash-consed)."""
from __future__ import annotations

import z3

from dsl.check import check_source
from encode.allocator import keep_freed_memory
from encode.symbols import SymEnv
from encode.terms import And, Or

KERNEL = """kernel k(X: f32[N]):
    grid (N / 64)
    threads 64
    s = shared f32[64]
    for i in range(N / 64 - block.x):
        copy s[0 : +64], X[(block.x + i) * 64 : +64]
"""


def test_and_or_build_z3s_terms():
    a, b = z3.Bools("a b")
    x = z3.Int("x")
    cases = [(a,), (a, b), (a, True, b), (False,), (x > 1, a), (a, z3.ForAll([x], x > 0)), ([a, b],), ()]
    for args in cases:
        for fast, slow in ((And, z3.And), (Or, z3.Or)):
            got, want = fast(*args), slow(*args)
            assert type(got) is type(want) and got.eq(want), (fast.__name__, args)


def test_and_of_two_contexts_is_z3s_error():
    other = z3.Context()
    a, b = z3.Bool("a"), z3.Bool("b", other)
    try:
        z3.And(a, b)
    except z3.Z3Exception as err:
        want = type(err)
    else:
        want = None
    try:
        And(a, b)
    except Exception as err:  # noqa: BLE001 - whatever z3 raises, the fast path raises too
        assert type(err) is want
    else:
        assert want is None


def test_term_memo_matches_a_rebuild():
    kernel = check_source(KERNEL, "k.dsl").kernel
    loop = kernel.body[1]
    start = loop.body[0].src.subs[0].start           # (block.x + i) * 64
    env, fresh = SymEnv.build(kernel), SymEnv.build(kernel)
    i1, i2 = z3.Int("i@1"), z3.Int("i@2")
    for bound in ({"i": i1}, {"i": i2}, {"i": 3}, {"i": i1, "j": i2}, {"i": i1}):
        assert env.term(start, bound).eq(fresh._term(start, bound)), bound
        assert env.term(loop.stop, bound).eq(fresh._term(loop.stop, {})), bound
    assert not env.term(start, {"i": i1}).eq(env.term(start, {"i": i2}))


def test_allocator_tuning_is_harmless_to_repeat():
    first = keep_freed_memory()
    assert keep_freed_memory() == first


def test_quantifier_check_after_a_false_fact():
    from encode.solver import has_quantifier
    x, y = z3.Ints("x y")
    assert has_quantifier([z3.BoolVal(False), z3.ForAll([y], y > x)])
    assert has_quantifier([False, z3.Exists([y], y == x)])
    assert not has_quantifier([z3.BoolVal(False), x > 0])
    assert has_quantifier([z3.Lambda([y], y + 1)[x] == 3])
