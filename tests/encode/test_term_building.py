"""The encoder's faster term building gives the very terms z3 would: `encode.terms.And/Or`
against z3.And/Or, and SymEnv.term's memo against a rebuild (same Z3 ids, hash-consed)."""
from __future__ import annotations

import z3

from dsl.check import check_source
from encode.allocator import keep_freed_memory
from encode.symbols import SymEnv
from encode.terms import Add, And, Div, Eq, Ge, Gt, If, Le, Lt, Mod, Mul, Neg, Or, Sub

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


def test_arithmetic_builds_z3s_terms():
    import operator
    x, y = z3.Ints("x y")
    r = z3.Real("r")
    v = z3.BitVec("v", 8)
    ops = ((Add, operator.add), (Sub, operator.sub), (Mul, operator.mul), (Div, operator.truediv),
           (Mod, operator.mod), (Lt, operator.lt), (Le, operator.le), (Gt, operator.gt), (Ge, operator.ge),
           (Eq, operator.eq), (lambda a, b: If(x > 0, a, b), lambda a, b: z3.If(x > 0, a, b)))
    cases = [(x, y), (x, 3), (x, -7), (x, 2**70), (3, x), (x + 1, z3.IntVal(0)), (x, r), (r, x), (r, 2),
             (v, v), (v, 1), (z3.IntVal(4), 5), (x, z3.BoolVal(True)), (x, True), (2, 3)]
    for a, b in cases:
        for fast, slow in ops:
            try:
                want = slow(a, b)
            except (z3.Z3Exception, TypeError, ZeroDivisionError) as err:
                want = err
            if isinstance(want, Exception):
                try:
                    fast(a, b)
                except type(want):
                    continue
                raise AssertionError((fast, a, b, "no error"))
            got = fast(a, b)
            if fast is Eq and type(b) is not type(a) and isinstance(b, type(a)):
                want = z3.ExprRef.__eq__(a, b)     # Eq keeps the order of its operands
            assert type(got) is type(want) and (got.eq(want) if z3.is_expr(want) else got == want), (fast, a, b)
    for a in (x, x + 1, z3.IntVal(3), r, v, 5):
        assert type(Neg(a)) is type(-a) and (Neg(a).eq(-a) if z3.is_expr(a) else Neg(a) == -a)


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
