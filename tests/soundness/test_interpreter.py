"""The concrete interpreter on its own: numerics against NumPy references, thread-value
distributions against the PTX and CuTe definitions, the happens-before model, tag semantics,
summarised tags against exact ones, and replay of hand-made counterexamples."""
from __future__ import annotations

import importlib.util
import textwrap
from pathlib import Path

import numpy as np
import pytest

from interp.layout import cute_eval, distribution, swizzle
from interp.tags import Tags, contract, product, reduce_axis, union
from interp.tagsets import from_exact
from interp.interpreter import interpret, random_inputs
from interp.replay import replay_finding as replay
from dsl import ir
from dsl.check import check_source

ROOT = Path(__file__).resolve().parents[2]
REFS = sorted(ROOT.glob("proofs/*.ref.py"))


def _kernel(text: str):
    result = check_source(textwrap.dedent(text), "<test>")
    assert result.ok, result.diagnostics
    return result.kernel


def _rules(text: str, sizes=None) -> set[tuple[str, int]]:
    res = interpret(_kernel(text), sizes or {})
    return {(v.rule, v.line) for v in res.violations if not v.derived}


# ---------------------------------------------------------------- reference executor
@pytest.mark.parametrize("ref", REFS, ids=[p.name.split(".")[0] for p in REFS])
def test_outputs_match_numpy_reference(ref):
    spec = importlib.util.spec_from_file_location(ref.stem.replace(".", "_"), ref)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    dsl_file = ref.with_name(ref.name.replace(".ref.py", ".dsl"))
    kernel = check_source(dsl_file.read_text(), str(dsl_file.relative_to(ROOT))).kernel
    sizes = dict(mod.TEST_SIZES)
    rng = np.random.default_rng(0)
    inputs = mod.make_inputs(sizes, rng) if hasattr(mod, "make_inputs") else random_inputs(kernel, sizes, seed=0)
    res = interpret(kernel, sizes, inputs, check_tags=False)
    assert not res.violations, [str(v) for v in res.violations]
    for name, want in mod.reference(inputs, sizes).items():
        got = res.outputs[name].astype(np.float64)
        np.testing.assert_allclose(got, np.asarray(want, np.float64), rtol=2e-3, atol=2e-3)


# ---------------------------------------------------------------- distributions and layouts
def test_mma_fragment_matches_ptx_table():
    """PTX ISA, m16n8k16 f32 accumulator: lane = 4 g + t holds c_i at row g + 8 (i >> 1), col 2 t + (i & 1)."""
    spec = ir.LayoutSpec("named", name="mma_m16n8k16", args=(("warps", ir.TupleExpr((ir.IntLit(1), ir.IntLit(1)))),))
    thr, elem = distribution(spec, (16, 8), 32, {})
    owner = dict(zip(elem.tolist(), thr.tolist()))
    for lane in range(32):
        g, t = lane >> 2, lane % 4
        for i in range(4):
            assert owner[(g + 8 * (i >> 1)) * 8 + 2 * t + (i & 1)] == lane


def test_mma_fragment_over_warps_is_a_partition():
    spec = ir.LayoutSpec("named", name="mma_m16n8k16",
                         args=(("warps", ir.TupleExpr((ir.IntLit(2), ir.IntLit(4)))),))
    thr, elem = distribution(spec, (128, 128), 256, {})
    assert sorted(elem.tolist()) == list(range(128 * 128))
    assert np.bincount(thr, minlength=256).tolist() == [64] * 256
    # Warp w holds the (64 x 32) block at block row w // 4, block column w % 4.
    rows, cols = np.divmod(elem, 128)
    assert np.array_equal(thr // 32, (rows // 64) * 4 + cols // 32)


def test_copy_vec_gives_contiguous_chunks():
    spec = ir.LayoutSpec("named", name="copy", args=(("vec", ir.IntLit(8)),))
    thr, elem = distribution(spec, (128, 32), 256, {})
    assert np.array_equal(thr, (elem // 8) % 256)


def test_cute_layout_evaluation_follows_docs():
    # docs/LAYOUT.md: (4,(2,3)):(2,(1,8)) maps 13 to 11; colexicographic unpacking.
    assert int(cute_eval((4, (2, 3)), (2, (1, 8)), np.array([13]))[0]) == 11
    # gemm_regblock: thread t owns rows 8 (t / 8) .. +8 and columns 8 (t % 8) .. +8.
    shape, stride = ((8, 8), (8, 8)), ((8, 512), (1, 64))
    x = np.arange(64 * 64)
    elem = cute_eval(shape, stride, x)
    thread = x % 64
    rows, cols = np.divmod(elem, 64)
    assert np.array_equal(rows // 8, thread // 8) and np.array_equal(cols // 8, thread % 8)


def test_swizzle_follows_docs():
    assert swizzle(np.array([64, 128, 200, 448]), 3, 3, 3).tolist() == [72, 144, 208, 504]
    x = np.arange(4096)
    assert np.array_equal(swizzle(swizzle(x, 2, 3, 3), 2, 3, 3), x)


# ---------------------------------------------------------------- happens-before
SHARED = """
kernel k(X: f32[N], Y: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    s = shared f32[256]
{body}
{read}
    store Y[block.x * 256 : +256], y
"""


def _shared(body: str, read: str = "y = load s[0 : +256]") -> set:
    """Rules violated by `body` (on s) followed by `read` (which defines y)."""
    text = SHARED.format(body=textwrap.indent(textwrap.dedent(body), "    "), read=textwrap.indent(read, "    "))
    return {r for r, _ in _rules(text, {"N": 256})}


def test_copy_then_barrier_then_load_is_ordered():
    assert _shared("copy s[0 : +256], X[block.x * 256 : +256]\nbarrier") == set()


def test_copy_then_load_without_barrier_races():
    # thread t writes s[t]; the load's thread t reads s[t] too: no race. A shifted read races.
    assert _shared("copy s[0 : +256], X[block.x * 256 : +256]") == set()
    shifted = "x = load s[0 : +256] layout (256, 1):(1, 0)\ny = load s[0 : +256] layout (128, 2):(2, 1)"
    assert "RACE" in _shared("copy s[0 : +256], X[block.x * 256 : +256]", shifted)


def test_async_copy_needs_wait_and_barrier():
    async_copy = "copy_async s[0 : +256], X[block.x * 256 : +256]\ncommit\n"
    assert _shared(async_copy + "wait_group 0\nbarrier") == set()
    assert _shared(async_copy + "barrier") == {"ASYNC"}                      # never waited for
    other = "y = load s[0 : +256] layout (128, 2):(2, 1)"
    assert _shared(async_copy + "wait_group 0", other) == {"ASYNC"}          # waited, not visible
    assert _shared(async_copy + "wait_group 0") == set()                      # own copy, waited


def test_uncommitted_copy_is_not_retired_by_wait():
    assert _shared("copy_async s[0 : +256], X[block.x * 256 : +256]\nwait_group 0\nbarrier") == {"ASYNC"}


def test_divergent_barrier_is_sync_and_orders_nothing():
    body = "copy s[0 : +256], X[block.x * 256 : +256]\nif thread.x < 128:\n    barrier"
    got = _shared(body, "y = load s[0 : +256] layout (128, 2):(2, 1)")
    assert got == {"SYNC", "RACE"}


def test_write_after_read_without_barrier():
    body = ("copy s[0 : +256], X[block.x * 256 : +256]\nbarrier\n"
            "x = load s[0 : +256] layout (128, 2):(2, 1)\ncopy s[0 : +256], X[block.x * 256 : +256]\nbarrier")
    assert _shared(body) == {"WAR"}


def test_read_of_unwritten_shared_is_init():
    assert _shared("barrier") == {"INIT"}


# ---------------------------------------------------------------- tags
REPEATED = """
kernel k(A: f32[2, 32], Z: f32[1, 32]):
    grid (1)
    threads 32
    tag A[r, c] = (k=r, col=c)
    x = load A[0 : +1, 0 : +32]
    y = load A[1 : +1, 0 : +32]
    z = x * y
    assert {cond}
    store Z[0 : +1, 0 : +32], z
"""


@pytest.mark.parametrize("cond,fails", [
    ("tag(z[0, j]).k == 0", True),            # the second k (from y) is 1
    ("tag(z[0, j]).k <= 1", False),
    ("tag(z[0, j]).col == j", False),         # both col occurrences are j
    ("tag(z[0, j]).k == range(0, 1)", True),   # the second occurrence, 1, lies outside
    ("tag(z[0, j]).k == range(0, 2)", True),   # one contribution, not two
    ("tag(z[0, j]).col == range(j, j + 1)", False),  # each occurrence position holds exactly j
    ("covers(tag(z[0, j]).k, 0, 2)", False),
])
def test_repeated_field_must_hold_for_each_occurrence(cond, fails):
    assert (("TAG", 9) in _rules(REPEATED.format(cond=cond))) == fails


CAUSAL = """
kernel k(S: f32[32, 32], P: f32[32, 32]):
    grid (1)
    threads 32
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else -inf
    s = load S[0 : +32, 0 : +32]
    p = {value}
    store P[0 : +32, 0 : +32], p
"""


@pytest.mark.parametrize("value,fails", [
    ("mask(s, index(s, axis=1) <= index(s, axis=0), fill=-inf)", False),
    ("mask(s, index(s, axis=1) <= index(s, axis=0), fill=0.0)", True),     # 0.0 where -inf is due
    ("where(index(s, axis=1) <= index(s, axis=0), s, -1e30)", True),       # a finite stand-in
    ("where(index(s, axis=1) <= index(s, axis=0) + 1, s, -inf)", True),     # a record above the diagonal
])
def test_a_tag_functions_else_value_is_the_value_where_its_condition_fails(value, fails):
    assert (("TAG", 9) in _rules(CAUSAL.format(value=value))) == fails


def _random_tags(rng, shape, ncontrib, schema) -> Tags:
    vals = rng.integers(0, 5, shape + (ncontrib, len(schema)))
    has = rng.random(shape + (ncontrib, len(schema))) < 0.8
    valid = rng.random(shape + (ncontrib,)) < 0.9
    return Tags(tuple(schema), vals, has, valid)


def _observe(t, name):
    s = t if not isinstance(t, Tags) else from_exact(t)
    off, member, missing, _ = s.field(name)
    vals = [set((np.flatnonzero(m) + off).tolist()) for m in member.reshape(-1, member.shape[-1])]
    return vals, missing.reshape(-1).tolist(), s.count.reshape(-1).tolist()


@pytest.mark.parametrize("seed", range(6))
def test_summarised_tags_agree_with_exact(seed):
    """Sets, missing fields and counts are the same whether a value is summarised before or after."""
    from interp import tagsets as ts
    rng = np.random.default_rng(seed)
    a = _random_tags(rng, (3, 4), 2, ("k", "row"))
    b = _random_tags(rng, (4, 5), 3, ("k", "col"))
    c = _random_tags(rng, (3, 5), 2, ("row", "col", "k"))
    exact = union(c, contract(a, b))
    summary = ts.union(from_exact(c), ts.contract(from_exact(a), from_exact(b)))
    for name in ("k", "row", "col"):
        assert _observe(exact, name) == _observe(summary, name)
    x, y = _random_tags(rng, (6,), 3, ("k",)), _random_tags(rng, (6,), 2, ("k", "d"))
    for name in ("k", "d"):
        assert _observe(product(x, y), name) == _observe(ts.product(from_exact(x), from_exact(y)), name)
        assert _observe(reduce_axis(product(x, y)[None], 1), name) == \
            _observe(ts.reduce_axis(ts.product(from_exact(x), from_exact(y))[None], 1), name)
    # a record that may hold two values of a field: the summary may over-approximate, never miss one
    for ex, sm in ((exact, summary), (product(x, y), ts.product(from_exact(x), from_exact(y)))):
        for name in ("k", "row", "col", "d"):
            split = from_exact(ex).split_of(name) if isinstance(ex, Tags) else ex.split_of(name)
            assert not (split & ~sm.split_of(name)).any(), name


def _summary_by_hand(t: Tags, name: str, element: tuple):
    """from_exact's definition, one element at a time: the field's values over the element's
    records, whether a record lacks it, and whether the p-th occurrences (for some p) of
    the records that have one take fewer distinct values than there are such records."""
    records = [[int(v) for v, h, f in zip(t.vals[element][c], t.has[element][c], t.schema) if h and f == name]
               for c in range(t.ncontrib) if t.valid[element][c]]
    values = {v for r in records for v in r}
    depth = max((len(r) for r in records), default=0)
    dup = any(len({r[p] for r in records if len(r) > p}) < sum(len(r) > p for r in records) for p in range(depth))
    split = any(len(set(r)) > 1 for r in records)
    return values, any(not r for r in records), dup, len(records), split


@pytest.mark.parametrize("seed", range(4))
def test_summary_of_exact_tags_is_its_definition(seed):
    """Fields held several times per record (a merged `k`), absent slots and records, empty
    elements: every element's sets, missing flags, repeat flags, counts and records holding
    two values of a field, by hand."""
    rng = np.random.default_rng(seed)
    t = _random_tags(rng, (3, 4), 5, ("k", "row", "k", "col", "k"))
    t = Tags(t.schema, t.vals - 2, t.has, t.valid & (np.arange(3)[:, None, None] > 0))   # row 0: no records
    s = from_exact(t)
    for name in ("col", "k", "row"):
        off, member, missing, dup = s.field(name)
        for element in np.ndindex(t.shape):
            got = (set((np.flatnonzero(member[element]) + off).tolist()), bool(missing[element]),
                   bool(dup[element]), int(s.count[element]), bool(s.split_of(name)[element]))
            assert got == _summary_by_hand(t, name, element), (name, element)


# ---------------------------------------------------------------- replay
def test_replay_confirms_a_real_counterexample_and_rejects_a_tampered_one():
    from dataclasses import replace

    from encode.verifier import VerifyOptions, verify_kernel
    path = ROOT / "tests/kernels/bad/tag_naive_koff.dsl"
    if not path.exists():
        pytest.skip("tag_naive_koff.dsl is gone")
    kernel = check_source(path.read_text(), "tests/kernels/bad/tag_naive_koff.dsl").kernel
    finding = next(f for f in verify_kernel(kernel, VerifyOptions(rules=("TAG",))).findings if f.rule == "TAG")
    assert replay(kernel, finding)
    k_iter = dict(finding.iteration)
    sizes = dict(finding.sizes)
    # The same assertion at an iteration the loop never reaches cannot replay.
    bogus = replace(finding, iteration=tuple((n, sizes["K"] + 5) for n in k_iter))
    assert not replay(kernel, bogus)


def test_f16_math_is_computed_in_f32_and_rounded_where_assigned():
    """SEMANTICS.md: 16-bit float math is computed in f32 and rounded to the tile's dtype where
    it is assigned or cast, as the lowering computes it; `(x * 300) * (x * 300)` overflowed
    f16 in the interpreter only (held-out round 25). A cast to f16 rounds in the middle."""
    k = _kernel("""
        kernel f16mid(X: f16[R, 32], Y: f16[R, 32], Z: f16[R, 32]):
            grid (R)
            threads 32
            tag X[r, c] = (row=r, col=c)
            tag Y[r, c] = (row=r, col=c)
            tag Z[r, c] = (row=r, col=c)
            x = load X[block.x : +1, 0 : +32]
            y = (x * 300.0) * (x * 300.0) / 90000.0
            store Y[block.x : +1, 0 : +32], y
            z = cast(x * 300.0, f16) * 0.001
            store Z[block.x : +1, 0 : +32], z
    """)
    x = np.linspace(-1.0, 1.0, 4 * 32).astype(np.float16).reshape(4, 32)
    res = interpret(k, {"R": 4}, {"X": x, "Y": np.zeros_like(x), "Z": np.zeros_like(x)})
    assert not res.violations, [str(v) for v in res.violations]
    x32 = x.astype(np.float32)
    np.testing.assert_array_equal(res.outputs["Y"], ((x32 * 300) * (x32 * 300) / 90000).astype(np.float16))
    np.testing.assert_array_equal(res.outputs["Z"], ((x32 * 300).astype(np.float16).astype(np.float32)
                                                     * np.float32(0.001)).astype(np.float16))


def test_an_mma_accumulator_started_from_constants_keeps_no_record_of_them():
    """Held-out round 131: `acc = z + 1.0` then `acc = mma(a, b, acc)`. The verifier's
    accumulator leaves a start computed from constants out (docs/SEMANTICS.md) and proves the
    tags (START warns about the value); the interpreter kept the literal's empty record and
    reported a TAG violation at the store, so the two disagreed. Now, as for elementwise
    updates, the mma's in-place update drops it, and the output is A @ B + 1."""
    path = ROOT / "tests/kernels/bad/start_mma_accumulator_from_one.dsl"
    kernel = check_source(path.read_text(), path.name).kernel
    sizes = {"M": 16, "N": 16, "K": 32}
    inputs = random_inputs(kernel, sizes)
    res = interpret(kernel, sizes, inputs)
    assert not res.violations, res.violations
    want = inputs["A"].astype(np.float32) @ inputs["B"].astype(np.float32) + 1.0
    assert np.allclose(res.outputs["C"], want, rtol=1e-3, atol=1e-3)


def test_a_sum_started_from_constants_holds_no_record_where_its_loop_runs_no_iteration():
    """SOUNDNESS round 134: `l = z + 1.0` then `for ct in range(1, C / BC): l = l * .. + ..`
    at C = BC. The verifier's accumulator leaves a start computed from constants out, so the
    claim on l holds over no record; the interpreter gave the literal one empty record until
    a first update dropped it, and refuted the claim where no update ran. Now the reset of a
    running value drops it too, and both read l there as empty. A literal stored by a tile that
    is not updated in place keeps its empty record (`y holds a value computed from no input`)."""
    text = """
        kernel ksum(X: f32[R, C], Y: f32[R]):
            assume C % 32 == 0
            grid (R)
            threads 32
            tag X[r, c] = (row=r, col=c)
            tag Y[r] = (row=r)
            z = zeros f32[1]
            l = z + 1.0
            for ct in range(1, C / 32):
                x = load X[block.x : +1, ct * 32 : +32]
                l = l + sum(x, axis=1)
            assert tag(l[i]).row == block.x
            x0 = load X[block.x : +1, 0 : +32]
            t = sum(x0, axis=1) + l
            store Y[block.x : +1], t
    """
    k = _kernel(text)
    for c in (32, 64):
        inputs = random_inputs(k, {"R": 2, "C": c})
        res = interpret(k, {"R": 2, "C": c}, inputs)
        assert not res.violations, (c, [str(v) for v in res.violations])
        assert np.allclose(res.outputs["Y"], inputs["X"].sum(axis=1) + 1.0, rtol=1e-4, atol=1e-4)
    loop = """
            for ct in range(1, C / 32):
                x = load X[block.x : +1, ct * 32 : +32]
                l = l + sum(x, axis=1)
"""
    assert loop in text
    plain = _kernel(text.replace(loop, "\n"))       # l is no running value: its literal stays
    res = interpret(plain, {"R": 2, "C": 32}, random_inputs(plain, {"R": 2, "C": 32}))
    assert {v.rule for v in res.violations} == {"TAG"}, [str(v) for v in res.violations]
