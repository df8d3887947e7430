# The defining law of every operation, over random layouts (hypothesis), checked on
# the whole domain concretely and, through Z3, for all indices symbolically. Inputs that
# break a precondition must raise LayoutError; an answer is never silently wrong.
import random

import z3
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from encode.inttuple import flatten, is_tuple, product, unflatten
from encode.layout import (
    Layout,
    LayoutError,
    blocked_product,
    coalesce,
    complement,
    composition,
    cosize,
    depth,
    eval_symbolic,
    filter_zeros,
    flat_divide,
    flat_product,
    left_inverse,
    logical_divide,
    logical_product,
    make_layout,
    raked_product,
    rank,
    right_inverse,
    same_function,
    size,
    tiled_divide,
    tiled_product,
    values,
    zipped_divide,
    zipped_product,
)
from encode.solver import SolverOptions, Verdict, prove

SETTINGS = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
PROVE_LIMIT = 4096  # prove over the whole range up to this size; sample points above
OPTS = SolverOptions(timeout_ms=20_000, seed=0)


# ------------------------------------------------------------------ strategies


@st.composite
def profiles(draw, n: int, max_depth: int = 2):
    """A random tree with n leaves (numbered in order); a lone leaf may be an int."""
    def build(leaves, level):
        if len(leaves) == 1 and (level == 0 or draw(st.booleans())):
            return leaves[0]
        if level <= 1:
            return tuple(leaves)
        cuts = draw(st.sets(st.integers(1, len(leaves) - 1))) if len(leaves) > 1 else set()
        bounds = [0, *sorted(cuts), len(leaves)]
        return tuple(build(leaves[a:b], level - 1) for a, b in zip(bounds, bounds[1:]))
    return build(list(range(n)), max_depth)


def _nest(draw, shapes, strides):
    profile = draw(profiles(len(shapes)))
    return Layout(unflatten(shapes, profile), unflatten(strides, profile))


@st.composite
def layouts(draw, max_leaves=4, extents=st.integers(1, 6), strides=st.integers(0, 24)):
    n = draw(st.integers(1, max_leaves))
    return _nest(draw, [draw(extents) for _ in range(n)], [draw(strides) for _ in range(n)])


POW2_EXTENTS = st.sampled_from([1, 2, 4, 8])
POW2_STRIDES = st.sampled_from([0, 1, 2, 4, 8, 16, 32, 64])


def pow2_layouts(max_leaves=4):
    """Power-of-two layouts satisfy every divisibility condition of composition."""
    return layouts(max_leaves, POW2_EXTENTS, POW2_STRIDES)


@st.composite
def chains(draw, max_modes=3, pow2=False, gaps=True):
    """Injective layouts whose sorted modes tile without interleaving: stride d_{i+1} is
    s_i*d_i times a gap. Modes are shuffled and nested; gaps=False gives bijections onto
    [0, size)."""
    k = draw(st.integers(1, max_modes))
    extent = st.sampled_from([2, 4]) if pow2 else st.integers(2, 5)
    gap = (st.sampled_from([1, 2, 4]) if pow2 else st.integers(1, 3)) if gaps else st.just(1)
    modes, d = [], draw(gap)
    for _ in range(k):
        s = draw(extent)
        modes.append((s, d))
        d = s * d * draw(gap)
    modes = draw(st.permutations(modes))
    return _nest(draw, [s for s, _ in modes], [d for _, d in modes])


def span(layout: Layout) -> int:
    """The extent a chain covers, gaps included: max over modes of s*d (at least 1)."""
    return max(1, *(s * d for s, d in zip(flatten(layout.shape), flatten(layout.stride))))


# ------------------------------------------------------------------ checking helpers


def check_for_all(goal_of, n: int, facts_of=lambda i: ()) -> None:
    """goal_of(i) holds for every integer i in [0, n): proved by Z3 for small n, checked
    on random points (plus both ends) for large n."""
    i = z3.Int("i")
    if n <= PROVE_LIMIT:
        outcome = prove(goal_of(i), [i >= 0, i < n, *facts_of(i)], OPTS)
        assert outcome.verdict == Verdict.PROVED, (outcome.verdict, outcome.model)
        return
    rng = random.Random(n)
    for v in {0, n - 1, *(rng.randrange(n) for _ in range(64))}:
        assert z3.is_true(z3.simplify(z3.substitute(goal_of(i), (i, z3.IntVal(v))))), v


def check_symbolic_matches(layout) -> None:
    """eval_symbolic on a concrete index simplifies to the concrete value."""
    i = z3.Int("i")
    term = eval_symbolic(layout, i)
    n = size(layout)
    points = range(n) if n <= 64 else {0, n - 1, *random.Random(n).sample(range(n), 32)}
    for v in points:
        assert z3.simplify(z3.substitute(term, (i, z3.IntVal(v)))).as_long() == layout(v)


def refines(b_shape, r_shape) -> bool:
    """R's shape refines B's: same top structure where B is a tuple, same sizes."""
    if is_tuple(b_shape):
        return is_tuple(r_shape) and len(b_shape) == len(r_shape) and all(
            refines(b, r) for b, r in zip(b_shape, r_shape))
    return product(r_shape) == b_shape


def is_chain(layout) -> bool:
    """Sorted by stride, each mode starts at a multiple of the extent covered before it:
    the precondition of complement."""
    covered = 1
    for s, d in sorted(zip(flatten(layout.shape), flatten(layout.stride)), key=lambda m: m[1]):
        if s > 1 and d % covered:
            return False
        covered = s * d if s > 1 else covered
    return True


def is_injective(layout) -> bool:
    v = values(layout)
    return len(set(v)) == len(v)


# ------------------------------------------------------------------ coalesce, filter


@SETTINGS
@given(layouts())
def test_coalesce_preserves_function_and_size(L):
    C = coalesce(L)
    assert size(C) == size(L) and depth(C) <= 1 and same_function(C, L)
    by_mode = coalesce(L, (1,) * rank(L))
    assert rank(by_mode) == rank(L) and same_function(by_mode, L)
    assert set(values(filter_zeros(L))) == set(values(L))
    check_symbolic_matches(L)
    check_for_all(lambda i: eval_symbolic(C, i) == eval_symbolic(L, i), size(L))


# ------------------------------------------------------------------ composition


def check_composition(A, B, R) -> None:
    assert size(R) == size(B) and refines(B.shape, R.shape)
    assert all(R(i) == A(B(i)) for i in range(size(B)))
    check_for_all(lambda i: eval_symbolic(R, i) == eval_symbolic(A, eval_symbolic(B, i)), size(B))


@st.composite
def pow2_tilers(draw):
    """A power-of-two chain, maybe with broadcast (stride-0) and size-1 modes mixed in:
    its modes never overlap, so composing any power-of-two A with it must succeed."""
    B = draw(chains(pow2=True))
    extra = draw(st.lists(st.sampled_from([(2, 0), (4, 0), (1, 0), (1, 3)]), max_size=2))
    modes = draw(st.permutations(list(zip(flatten(B.shape), flatten(B.stride))) + extra))
    return _nest(draw, [s for s, _ in modes], [d for _, d in modes])


@SETTINGS
@given(pow2_layouts(), pow2_tilers())
def test_composition_law_power_of_two_never_raises(A, B):
    check_composition(A, B, composition(A, B))


@SETTINGS
@given(layouts(), layouts(strides=st.integers(0, 12)))
def test_composition_law_or_layout_error(A, B):
    try:
        R = composition(A, B)
    except LayoutError:
        return
    check_composition(A, B, R)


@SETTINGS
@given(pow2_layouts(max_leaves=3), st.data())
def test_composition_by_mode_tiler(A, data):
    tiler = tuple(data.draw(st.one_of(st.none(), st.sampled_from([1, 2, 4]), pow2_layouts(2)))
                  for _ in range(data.draw(st.integers(1, rank(A)))))
    try:
        R = composition(A, tiler)
    except LayoutError:
        return
    assert rank(R) == rank(A)
    for mode, t, r in zip(A, tiler + (None,) * rank(A), R):
        assert r == (mode if t is None else composition(mode, t))


# ------------------------------------------------------------------ complement


def check_complement(A, M, R, fills_holes: bool = True) -> None:
    rv = values(R)
    assert all(x < y for x, y in zip(rv, rv[1:])), "ordered"
    image = set(values(A))
    assert not any(r in image for r in rv[1:]), "disjoint"
    if not fills_holes:   # C++: a stride that is not a multiple leaves part of its hole open
        return
    F = filter_zeros(A)
    AR = make_layout(F, R)
    assert sorted(values(AR)) == list(range(size(AR))), "(A, R) is a bijection onto [0, n)"
    assert size(AR) == span(F) * -(-M // span(F)), "the rest repeats the span up to M"
    i, j = z3.Int("i"), z3.Int("j")
    outcome = prove(eval_symbolic(R, i) != eval_symbolic(A, j),
                    [i >= 1, i < size(R), j >= 0, j < size(A)], OPTS)
    assert outcome.verdict == Verdict.PROVED
    check_for_all(lambda i: eval_symbolic(R, i) < eval_symbolic(R, i + 1), size(R) - 1)


@SETTINGS
@given(chains(), st.integers(1, 200), st.sampled_from([None, (1, 0), (3, 0)]))
def test_complement_laws(A, M, broadcast):
    if broadcast is not None:  # a stride-0 mode is ignored, as in C++
        A = make_layout(A, Layout(*broadcast))
    check_complement(A, M, complement(A, M))


@SETTINGS
@given(layouts(strides=st.integers(0, 12)), st.integers(1, 100))
def test_complement_of_random_layout_or_layout_error(A, M):
    try:
        R = complement(A, M)
    except LayoutError:
        assert not is_chain(filter_zeros(A)), "raised although the precondition holds"
        return
    check_complement(A, M, R, fills_holes=is_chain(filter_zeros(A)))


# ------------------------------------------------------------------ inverses


@SETTINGS
@given(layouts())
def test_right_inverse_law(L):
    R = right_inverse(L)
    assert all(L(R(i)) == i for i in range(size(R)))
    assert all(0 <= R(i) < size(L) for i in range(size(R)))
    check_for_all(lambda i: eval_symbolic(L, eval_symbolic(R, i)) == i, size(R))


@SETTINGS
@given(chains())
def test_left_inverse_law_for_injective(L):
    R = left_inverse(L)
    assert all(R(L(i)) == i for i in range(size(L)))
    check_for_all(lambda i: eval_symbolic(R, eval_symbolic(L, i)) == i, size(L))


@SETTINGS
@given(layouts(strides=st.integers(0, 12)))
def test_left_inverse_of_random_layout_or_layout_error(L):
    try:
        R = left_inverse(L)
    except LayoutError:
        strides = sorted(d for d in flatten(coalesce(L).stride) if d)
        divisible = all(b % a == 0 for a, b in zip(strides, strides[1:]))
        assert not (divisible and is_injective(filter_zeros(L))), "raised on a valid input"
        return
    assert all(L(R(L(i))) == L(i) for i in range(size(L)))
    if is_injective(L):
        assert all(R(L(i)) == i for i in range(size(L)))


@SETTINGS
@given(chains(gaps=False))
def test_inverses_of_a_bijection_coincide(L):
    R, Li = right_inverse(L), left_inverse(L)
    assert size(R) == size(L) and same_function(R, Li)
    assert all(L(R(i)) == i and R(L(i)) == i for i in range(size(L)))


# ------------------------------------------------------------------ divide


@st.composite
def exact_divisions(draw):
    """A power-of-two layout A and a power-of-two chain B whose span divides size(A),
    so (B, complement(B, size(A))) is a permutation of [0, size(A))."""
    B = draw(chains(max_modes=2, pow2=True))
    extra = draw(st.lists(POW2_EXTENTS, min_size=0, max_size=1))
    n = span(B) * product(tuple(extra))
    shapes = _factor_pow2(draw, n)
    A = _nest(draw, shapes, [draw(POW2_STRIDES) for _ in shapes])
    return A, B


def _factor_pow2(draw, n: int) -> list[int]:
    shapes = []
    while n > 1:
        s = draw(st.sampled_from([f for f in (2, 4, 8) if n % f == 0]))
        shapes.append(s)
        n //= s
    return shapes or [1]


@settings(SETTINGS, max_examples=80)
@given(exact_divisions())
def test_divides_preserve_size_and_elements(AB):
    A, B = AB
    D = logical_divide(A, B)
    assert D[0] == composition(A, B)
    assert size(D) == size(A) and sorted(values(D)) == sorted(values(A))
    for variant in (zipped_divide, tiled_divide, flat_divide):
        V = variant(A, B)
        assert size(V) == size(A) and values(V) == values(D)
    T = make_layout(B, complement(B, size(A)))
    assert sorted(values(T)) == list(range(size(A)))
    check_for_all(lambda i: z3.And(eval_symbolic(D, i) == eval_symbolic(A, eval_symbolic(T, i)),
                                   eval_symbolic(T, i) < size(A)), size(D))


@SETTINGS
@given(pow2_layouts(max_leaves=3), st.data())
def test_by_mode_divides_preserve_size_and_elements(A, data):
    tiler = tuple(data.draw(st.sampled_from([d for d in (1, 2, 4, 8) if size(m) % d == 0])) for m in A)
    D = logical_divide(A, tiler)
    assert size(D) == size(A) and sorted(values(D)) == sorted(values(A))
    Z = zipped_divide(A, tiler)
    assert Z[0] == composition(A, tiler) and sorted(values(Z)) == sorted(values(A))
    assert values(tiled_divide(A, tiler)) == values(Z) == values(flat_divide(A, tiler))


# ------------------------------------------------------------------ product


@SETTINGS
@given(chains(pow2=True), chains(pow2=True))
def test_products_preserve_size_and_elements(A, B):
    P = logical_product(A, B)
    assert P[0] == A and size(P) == size(A) * size(B)
    assert is_injective(P), "copies of an injective block land on distinct offsets"
    placement = composition(complement(A, size(A) * cosize(B)), B)
    expected = sorted(a + p for p in values(placement) for a in values(A))
    assert sorted(values(P)) == expected
    for variant in (zipped_product, tiled_product, flat_product):
        assert values(variant(A, B)) == values(P)
    for variant in (blocked_product, raked_product):
        V = variant(A, B)
        assert size(V) == size(P) and sorted(values(V)) == expected
        assert rank(V) == max(rank(A), rank(B))
    check_for_all(lambda i: eval_symbolic(P, i) == eval_symbolic(
        A, i % size(A)) + eval_symbolic(placement, i / size(A)), size(P))
