# Symbolic evaluation: solver terms agree with concrete evaluation, stay small as layouts
# grow, and let one query quantify over every thread (the way the verifier uses them).
import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from encode.inttuple import flatten, idx2crd, unflatten
from encode.layout import (
    ComposedLayout,
    Layout,
    LayoutError,
    Swizzle,
    bv_width_for,
    cosize,
    domain_facts,
    eval_symbolic,
    eval_symbolic_bv,
    parse_layout,
    right_inverse,
    size,
    swizzle_symbolic,
)
from encode.solver import SolverOptions, Verdict, find_model, prove
from encode.tv_layout import SM80_16x8x16_F32F16, copy_tv

SETTINGS = settings(max_examples=100, deadline=None, derandomize=True, database=None)


@st.composite
def flat_layouts(draw):
    n = draw(st.integers(1, 4))
    shape = tuple(draw(st.integers(1, 6)) for _ in range(n))
    stride = tuple(draw(st.integers(0, 30)) for _ in range(n))
    if draw(st.booleans()) and n > 1:
        return Layout((shape[0], shape[1:]), (stride[0], stride[1:]))
    return Layout(shape, stride)


def simplified(term) -> int:
    return z3.simplify(term).as_long()


@pytest.mark.parametrize("n, width", [(1, 1), (2, 1), (3, 2), (256, 8), (257, 9)])
def test_bv_width_for(n, width):
    assert bv_width_for(n) == width


def test_bv_width_for_rejects_nonpositive():
    with pytest.raises(LayoutError):
        bv_width_for(0)


@SETTINGS
@given(flat_layouts(), st.data())
def test_symbolic_coordinates_agree_with_concrete(L, data):
    idx = data.draw(st.integers(0, size(L) - 1))
    crd = idx2crd(idx, L.shape)
    names = [z3.Int(f"c{k}") for k in range(len(flatten(crd)))]
    term = eval_symbolic(L, unflatten(names, crd))
    assert simplified(z3.substitute(term, *zip(names, map(z3.IntVal, flatten(crd))))) == L(idx)
    i = z3.Int("i")
    assert simplified(z3.substitute(eval_symbolic(L, i), (i, z3.IntVal(idx)))) == L(idx)
    # past the domain the last mode keeps counting, as concrete evaluation does
    past = size(L) + idx
    assert simplified(z3.substitute(eval_symbolic(L, i), (i, z3.IntVal(past)))) == L(past)


@SETTINGS
@given(flat_layouts())
def test_bit_vector_evaluation_agrees_with_integer_evaluation(L):
    width = bv_width_for(max(size(L), cosize(L)) * 2)
    x = z3.BitVec("x", width)
    goal = z3.BV2Int(eval_symbolic_bv(L, x)) == eval_symbolic(L, z3.BV2Int(x))
    assert prove(goal, domain_facts(L, x)).verdict == Verdict.PROVED


def term_size(term) -> int:
    return 1 + sum(term_size(c) for c in term.children())


def test_terms_do_not_grow_with_the_layout_size():
    i = z3.Int("i")
    small = eval_symbolic(parse_layout("(4,(2,2)):(2,(1,8))"), i)
    large = eval_symbolic(parse_layout("(4096,(256,2048)):(2,(1,8192))"), i)
    assert term_size(small) == term_size(large)


def test_swizzled_layout_symbolic_matches_concrete_and_formula():
    cl = ComposedLayout(Swizzle(3, 3, 3), 0, parse_layout("(8,64):(64,1)"))
    i = z3.Int("i")
    term = eval_symbolic(cl, i)
    assert all(simplified(z3.substitute(term, (i, z3.IntVal(v)))) == cl(v) for v in range(0, 512, 3))
    r, c = z3.BitVec("r", 10), z3.BitVec("c", 10)
    expected = 64 * r + 8 * (z3.UDiv(c, 8) ^ z3.URem(r, 8)) + z3.URem(c, 8)
    goal = eval_symbolic_bv(cl, (r, c)) == expected
    assert prove(goal, [z3.ULT(r, 8), z3.ULT(c, 64)]).verdict == Verdict.PROVED


def test_swizzle_symbolic_on_integer_terms():
    sw, x = Swizzle(2, 1, 3), z3.Int("x")
    term = swizzle_symbolic(sw, x, 8)
    assert all(simplified(z3.substitute(term, (x, z3.IntVal(v)))) == sw(v) for v in range(64))
    with pytest.raises(LayoutError):
        swizzle_symbolic(sw, x)


def test_one_query_shows_no_two_threads_store_to_the_same_swizzled_address():
    # 128 threads copy a 64x32 f16 tile in 8-element vectors into swizzled shared memory.
    tv = copy_tv(128, 8, (64, 32))
    smem = ComposedLayout(Swizzle(2, 3, 3), 0, Layout(2048))
    t1, t2, v1, v2 = (z3.Int(n) for n in ("t1", "t2", "v1", "v2"))
    facts = [0 <= t1, t1 < 128, 0 <= t2, t2 < 128, 0 <= v1, v1 < 16, 0 <= v2, v2 < 16, t1 != t2]
    clash = eval_symbolic(smem, eval_symbolic(tv, (t1, v1))) == eval_symbolic(smem, eval_symbolic(tv, (t2, v2)))
    # A nonlinear integer query (div and mod through the swizzle): a few seconds alone, more
    # on a loaded machine, so it gets a generous timeout rather than the default 10 s.
    assert find_model([*facts, clash], SolverOptions(timeout_ms=180_000)).verdict == Verdict.PROVED  # unsat: no race


def test_a_racy_distribution_yields_a_replayable_witness():
    racy = Layout((128, 16), (8, 1))  # neighbouring threads' 16 values overlap by 8
    t1, t2, v1, v2 = (z3.Int(n) for n in ("t1", "t2", "v1", "v2"))
    facts = [0 <= t1, t1 < 128, 0 <= t2, t2 < 128, 0 <= v1, v1 < 16, 0 <= v2, v2 < 16, t1 != t2,
             eval_symbolic(racy, (t1, v1)) == eval_symbolic(racy, (t2, v2))]
    outcome = find_model(facts)
    assert outcome.verdict == Verdict.REFUTED
    m = {str(d): outcome.model[d].as_long() for d in outcome.model.decls()}
    assert racy(m["t1"], m["v1"]) == racy(m["t2"], m["v2"]) and m["t1"] != m["t2"]


def test_mma_c_fragment_covers_its_tile_for_all_lanes():
    tv = SM80_16x8x16_F32F16.c_tv
    R = right_inverse(tv)
    assert size(R) == 128
    x = z3.Int("x")
    assert prove(eval_symbolic(tv, eval_symbolic(R, x)) == x, domain_facts(R, x)).verdict == Verdict.PROVED
