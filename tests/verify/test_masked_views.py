"""Masked tiles, coordinate masks, transposed views and reshapes through every stage: the front end (formatting round
trip; the diagnostics have goldens, tests/golden/e035_*, e014_transposed_*, e014_tile_index_*,
e029_mask_*, e015_tile_reshape_*), the verifier
(the fill rule, COVER and range() of masked tails, correct and buggy kernels), the
interpreter at sizes that are not multiples of the tile (numerics and no violation; the
buggy siblings' violations), and the lowering (guarded accesses). proofs/gemm_masked,
gemm_at and gemm_bt also run in the simulator and snapshot tests; their buggy siblings are
tests/kernels/bad/*gemm_masked*, *gemm_at*, *gemm_bt*."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from interp.interpreter import interpret, random_inputs
from codegen_cuda.module import lower
from dsl import ir
from dsl.check import check_source
from dsl.fmt import format_source
from encode.verifier import VerifyOptions, verify_kernel

ROOT = Path(__file__).resolve().parents[2]
TAG = VerifyOptions(rules=("TAG",))

ROWS = """\
kernel rows(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r{spec})
    acc = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill={fill})
        acc = {update}
    store S[block.x * BR : +BR], acc masked
"""
SUM, MAX = "acc + sum(x, axis=1)", "maximum(acc, max(x, axis=1))"
EXP = "acc + sum(exp(x - bcast(max(x, axis=1), axis=1, n=BC)), axis=1)"


def _kernel(text: str):
    result = check_source(text, "t.dsl")
    assert result.ok, result.diagnostics
    return result.kernel


def _rows(update: str, fill: str, spec: str = ", col=range(0, C)"):
    return _kernel(ROWS.format(update=update, fill=fill, spec=spec))


def _proof(name: str):
    return _kernel((ROOT / "proofs" / f"{name}.dsl").read_text())


# ---------------------------------------------------------------- front end
def test_masks_and_views_survive_formatting():
    for name in ("gemm_masked", "gemm_at", "gemm_bt", "bmm_masked", "causal_attention"):
        text = (ROOT / "proofs" / f"{name}.dsl").read_text()
        once = format_source(_kernel(text), text)
        assert any(w in once for w in (" masked", " transposed", "mask(", "index("))
        assert format_source(_kernel(once), once) == once
        assert _flags(_kernel(once)) == _flags(_kernel(text))


def _flags(kernel) -> list:
    return [(type(s).__name__, s.mask is not None and s.mask.value, getattr(s, "transpose", False))
            for s in ir.walk(kernel.body) if isinstance(s, (ir.Load, ir.Copy, ir.Store))]


def test_a_masked_access_may_reach_past_a_constant_extent():
    text = ROWS.format(update=SUM, fill="0.0", spec="").replace("X: f32[R, C]", "X: f32[R, 5]")
    text = text.replace("C >= 1", "R >= 1").replace("(C + BC - 1) / BC", "1")
    assert check_source(text, "t.dsl").ok
    assert not check_source(text.replace(" masked(fill=0.0)", ""), "t.dsl").ok   # E015 unmasked


# ---------------------------------------------------------------- verifier
@pytest.mark.parametrize("update,fill", [(SUM, "0.0"), (MAX, "-inf")], ids=["sum", "max"])
def test_a_masked_reduction_with_its_identity_proves(update, fill):
    verdict = verify_kernel(_rows(update, fill))
    assert verdict.status == "proved", (verdict.findings, verdict.unknowns)


@pytest.mark.parametrize("update,fill,want", [(SUM, "-inf", "0.0"), (MAX, "1.0", "-inf")], ids=["sum", "max"])
def test_a_fill_that_is_not_the_identity_is_a_tag_error(update, fill, want):
    verdict = verify_kernel(_rows(update, fill), TAG)
    (f,) = verdict.findings
    assert f.rule == "TAG" and f.span.line == 11 and f"needs {want}" in f.message


def test_padding_at_or_below_a_running_maximums_start_cannot_win():
    """The running maximum starts at zeros: padding of 0.0 (or below) never rises above it, so
    the result is the same as with -inf (START warns about the start itself); 1.0 may win
    (above)."""
    for fill in ("0.0", "-1.0"):
        verdict = verify_kernel(_rows(MAX, fill), TAG)
        assert not verdict.findings, verdict.findings


def test_minus_inf_padding_through_exp_is_neutral_for_a_sum():
    verdict = verify_kernel(_rows(EXP, "-inf", spec=""), TAG)
    assert verdict.status == "proved", (verdict.findings, verdict.unknowns)
    verdict = verify_kernel(_rows(EXP, "0.0", spec=""), TAG)
    assert [f.rule for f in verdict.findings] == ["TAG"]


@pytest.mark.parametrize("update,fill", [
    ("acc + sum(where(x > 0.0, x, 0.0), axis=1)", "-inf"),
    ("acc + sum(maximum(x, 0.0), axis=1)", "-inf"),
    ("acc + sum(maximum(minimum(x, 6.0), 0.0) * 2.0 - 0.0, axis=1)", "-inf"),
    ("acc + sum(where(x >= 1.0 or x < -1.0, 1.0, 0.0), axis=1)", "0.0"),
    ("maximum(acc, max(where(not x > 0.0, x, -inf), axis=1))", "-inf"),
], ids=["relu_where", "relu_maximum", "clamp", "count", "max_where"])
def test_padding_through_where_and_maximum_is_evaluated(update, fill):
    """One padded operand: the math is evaluated at its padding (dsl/pad_values.py)."""
    verdict = verify_kernel(_rows(update, fill, spec=""), TAG)
    assert verdict.status == "proved", (verdict.findings, verdict.unknowns)


@pytest.mark.parametrize("trips,ok", [("(C + BC - 1) / BC", True), ("C / BC", False)], ids=["all", "rounded_down"])
def test_a_masked_relu_sum_covers_every_column(trips, ok):
    """range() over a where on data: the records under the pick and under its negation
    together cover the row (encode/range_rule.py merges them; the query timed out)."""
    text = ROWS.format(update="acc + sum(where(x > 0.0, x, 0.0), axis=1)", fill="-inf",
                       spec=", col=range(0, C)").replace("(C + BC - 1) / BC", trips)
    verdict = verify_kernel(_kernel(text), TAG)
    assert verdict.status == ("proved" if ok else "violation"), (verdict.findings, verdict.unknowns)
    assert ok or "never takes the value" in verdict.findings[0].message


WRONG_PADDING = [("acc + sum(where(x > 0.0, x, 1.0), axis=1)", "0.0", lambda x: np.where(x > 0, x, 1.0)),
                 ("acc + sum(maximum(x, 1.0), axis=1)", "-inf", lambda x: np.maximum(x, 1.0)),
                 ("acc + sum(1.0 + x, axis=1)", "0.0", lambda x: 1.0 + x)]


@pytest.mark.parametrize("update,fill,f", WRONG_PADDING, ids=["where", "maximum", "plus_one"])
def test_padding_that_math_makes_one_is_a_tag_error_the_numbers_show(update, fill, f):
    kernel = _rows(update, fill, spec="")
    (finding,) = verify_kernel(kernel, TAG).findings
    assert finding.rule == "TAG" and finding.span.line == 11 and "as 1.0 where sum needs 0.0" in finding.message
    sizes = {"R": 4, "C": 100}                     # two tiles of 64 columns: 28 of padding per row
    inputs = random_inputs(kernel, sizes, seed=1)
    got = interpret(kernel, sizes, inputs).outputs["S"]
    want = f(inputs["X"].astype(np.float64)).sum(axis=1)
    np.testing.assert_allclose(got - want, 28.0, rtol=1e-4)


@pytest.mark.parametrize("update", ["acc + sum(x + bcast(acc, axis=1, n=BC), axis=1)",
                                    "acc + sum(where(x > 0.0, x, bcast(acc, axis=1, n=BC)), axis=1)"],
                         ids=["plus_data", "where_data"])
def test_padding_replaced_by_data_is_unknown_not_proved(update):
    verdict = verify_kernel(_rows(update, "0.0", spec=""), TAG)
    assert verdict.status == "unknown" and "padding of a masked tile" in verdict.unknowns[0].reason


def test_a_k_loop_rounded_down_misses_the_tail():
    text = ROWS.format(update=SUM, fill="0.0", spec=", col=range(0, C)").replace("(C + BC - 1) / BC", "C / BC")
    verdict = verify_kernel(_kernel(text), TAG)
    assert [(f.rule, f.span.line) for f in verdict.findings] == [("TAG", 12)]
    assert "never takes the value" in verdict.findings[0].message


def test_a_grid_rounded_down_leaves_the_tail_unwritten():
    text = ROWS.format(update=SUM, fill="0.0", spec="").replace("grid ((R + BR - 1) / BR)", "grid (R / BR)")
    kernel = _kernel(text)
    verdict = verify_kernel(kernel, VerifyOptions(rules=("COVER",)))
    (f,) = verdict.findings
    assert f.rule == "COVER" and "is written by no thread" in f.message
    sizes = dict(f.sizes)
    assert sizes["R"] % 4 != 0
    res = interpret(kernel, sizes, random_inputs(kernel, sizes, seed=0))
    assert "COVER" in {v.rule for v in res.violations}


# ---------------------------------------------------------------- interpreter and lowering
@pytest.mark.parametrize("name,sizes", [
    ("gemm_masked", {"M": 37, "N": 45, "K": 21}), ("gemm_masked", {"M": 1, "N": 1, "K": 1}),
    ("gemm_bt", {"M": 33, "N": 31, "K": 17}), ("gemm_at", {"M": 64, "N": 32, "K": 32}),
    ("bmm_masked", {"Bt": 2, "M": 33, "N": 9, "K": 17}),
])
def test_interpreter_matches_numpy_at_irregular_sizes(name, sizes):
    kernel = _proof(name)
    inputs = random_inputs(kernel, sizes, seed=3)
    res = interpret(kernel, sizes, inputs)
    assert not res.violations, [str(v) for v in res.violations]
    a, b = (inputs[n].astype(np.float32) for n in ("A", "B"))
    want = {"gemm_masked": lambda: a @ b, "gemm_bt": lambda: a @ b.T, "gemm_at": lambda: a.T @ b,
            "bmm_masked": lambda: np.matmul(a, b)}[name]()
    np.testing.assert_allclose(res.outputs["C"], want, rtol=1e-3, atol=1e-3)


def test_interpreter_sees_the_wrong_fill_in_the_numbers():
    kernel = _kernel((ROOT / "tests/kernels/bad/tag_gemm_masked_fill_one.dsl").read_text())
    sizes = {"M": 5, "N": 3, "K": 7}
    inputs = random_inputs(kernel, sizes, seed=0)
    got = interpret(kernel, sizes, inputs).outputs["C"]
    want = inputs["A"].astype(np.float32) @ inputs["B"].astype(np.float32)
    assert np.allclose(got - want, 16 - 7)       # BK - K products of 1.0 * 1.0 per element


def test_lowering_guards_every_masked_access():
    kernel = _proof("gemm_masked")
    source = lower(kernel, (ROOT / "proofs" / "gemm_masked.dsl").read_text()).source
    assert "else float16(0.0)" in source and "cp_async16(" not in source
    assert source.count("if 0 <= ") >= 1


# ---------------------------------------------------------------- masks given as a condition
HALF = """\
kernel half(X: f32[R, 64], S: f32[R]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    x = load X[block.x * BR : +BR, 0 : +64]
    s = sum(mask(x, index(x, axis=1) < {cut}, fill=0.0), axis=1)
    assert tag(s[i]).col == range(0, 32) and tag(s[i]).row == block.x * BR + i
    store S[block.x * BR : +BR], s
"""


@pytest.mark.parametrize("cut,ok", [("32", True), ("33", False), ("block.x + 32", False)])
def test_a_coordinate_mask_is_exact_in_the_verifier_and_the_interpreter(cut, ok):
    kernel = _kernel(HALF.format(cut=cut))
    verdict = verify_kernel(kernel, TAG)
    assert (verdict.status == "proved") is ok, (verdict.findings, verdict.unknowns)
    assert ok or [(f.rule, f.span.line) for f in verdict.findings] == [("TAG", 9)]
    sizes = {"R": 8}
    inputs = random_inputs(kernel, sizes, seed=2)
    res = interpret(kernel, sizes, inputs)
    assert ("TAG" in {v.rule for v in res.violations}) is not ok
    if ok:
        np.testing.assert_allclose(res.outputs["S"], inputs["X"][:, :32].sum(axis=1), rtol=1e-5)


def test_a_coordinate_mask_lowers_to_a_guarded_select():
    kernel = _kernel(HALF.format(cut="32"))
    source = lower(kernel, HALF.format(cut="32")).source
    assert "int64" in source.split("def ")[0]          # the coordinate arithmetic's type is imported
    # compared in int64, the interpreter's integers for coordinate math (int32 wrapped on the simulator)
    assert "if (int64(" in source and "else float32(0.0)" in source


# ---------------------------------------------------------------- reshape
RESHAPE = ROOT / "tests" / "codegen" / "kernels" / "reshape_rows.dsl"   # also in the simulator tests


@pytest.mark.parametrize("claim,ok", [("i % 4 * 16 + j", True), ("j", False)], ids=["row_major", "wrong"])
def test_reshape_keeps_each_elements_tags(claim, ok):
    text = RESHAPE.read_text().replace("tag(y[i, j]).col == i % 4 * 16 + j", f"tag(y[i, j]).col == {claim}")
    kernel = _kernel(text)
    verdict = verify_kernel(kernel)
    assert (verdict.status == "proved") is ok, (verdict.findings, verdict.unknowns)
    sizes = {"R": 8}
    inputs = random_inputs(kernel, sizes, seed=4)
    res = interpret(kernel, sizes, inputs)
    assert ({v.rule for v in res.violations} == {"TAG"}) is not ok
    x = inputs["X"]
    np.testing.assert_allclose(res.outputs["S"], x.reshape(8, 16, 4).sum(axis=2), rtol=1e-5)


CHAIN = """\
kernel chain(X: f32[R, 64], S: f32[R, 8]):
    assume {assume}
    const BR = 4
    grid ({grid})
    threads 64
    x = load X[block.x * BR : +BR, 0 : +64] masked(fill=0.0)
    r = sum(x, axis=1)
    m = max(bcast(r, axis=1, n=8), axis=0)
    t = bcast(m, axis=0, n=BR)
    store S[block.x * BR : +BR, 0 : +8], t masked
"""


def test_a_reduction_of_padded_rows_is_padding_for_the_next_reduction():
    """Rows past R sum to 0.0, which a max over the rows must not see; with R a multiple of
    the tile nothing is padding and the same kernel proves."""
    tail = _kernel(CHAIN.format(assume="R >= 1", grid="(R + BR - 1) / BR"))
    (f,) = verify_kernel(tail, TAG).findings
    assert f.span.line == 8 and "reaches this max as 0.0" in f.message
    from interp.replay import replay_details
    assert replay_details(tail, f).replayed
    exact = _kernel(CHAIN.format(assume="R % 4 == 0", grid="R / BR"))
    assert verify_kernel(exact, TAG).status == "proved"


def test_padding_that_meets_data_carries_the_data_records():
    """fill + x is x's value, and padding that meets data is the empty record, so the element
    has x's records: adding the wrong block of X past A's end is a TAG violation (it was
    unknown; vacuously proved before that), stored, asserted, or stored masked; the correct
    kernel (tests/verify/kernels/padding_plus_data.dsl) proves."""
    from interp.replay import replay_details
    path = ROOT / "tests/kernels/bad/tag_padding_plus_wrong_block.dsl"
    variants = [path.read_text()]
    # the same tile under an assertion (and stored into an output without a tag function)
    variants.append(variants[0].replace("    y = a + x\n", "    y = a + x\n    assert tag(y[e]).i == block.x * 32 + e\n")
                    .replace("    tag Y[i] = (i=i)\n", "").replace("  #! error[TAG]", ""))
    # a masked store drops only what lies past Y; blocks past A's end still store x there
    variants.append(variants[0].replace("store Y[block.x * 32 : +32], y", "store Y[block.x * 32 : +32], y masked"))
    for text, line in zip(variants, (15, 14, 15)):
        kernel = _kernel(text)
        (f,) = verify_kernel(kernel, VerifyOptions(rules=("TAG",))).findings
        assert f.span.line == line, f
        assert replay_details(kernel, f).replayed
    ok = _kernel((ROOT / "tests/verify/kernels/padding_plus_data.dsl").read_text())
    assert verify_kernel(ok, VerifyOptions(rules=("TAG",))).status == "proved"


def test_padding_through_a_cast_takes_the_cast_value():
    """0.5 truncated to i32 is 0, neutral for a sum (was refused: casts kept the padding's
    value); -inf has no i32 value (the conversion saturates on a GPU: -2**31, not -inf), so a
    max over it is unknown, never proved."""
    v = verify_kernel(_rows("acc + sum(cast(cast(x, i32), f32), axis=1)", "0.5", spec=""), TAG)
    assert v.status == "proved", (v.findings, v.unknowns)
    v = verify_kernel(_rows("maximum(acc, max(cast(cast(x, i32), f32), axis=1))", "-inf", spec=""), TAG)
    assert v.status != "proved" and not v.findings, (v.findings, v.unknowns)
    v = verify_kernel(_rows("acc + sum(cast(cast(x, f16), f32), axis=1)", "1e-9", spec=""), TAG)
    assert v.status == "proved", (v.findings, v.unknowns)   # rounds to f16's 0.0


def test_an_integer_types_least_value_is_its_own_cast():
    """-2**31 is an i32 (new-user round 53: a column argmin's running maximum of row indices
    padded with it was unknown, the cast of its fill taken for one that does not fit); one
    below it and 2**31 are not."""
    from dsl import ir
    from dsl.pad_values import UNKNOWN, cast_value
    assert cast_value(-2.0 ** 31, ir.DType.I32) == -2.0 ** 31
    assert cast_value(-2.0 ** 31 - 1, ir.DType.I32) == UNKNOWN
    assert cast_value(2.0 ** 31, ir.DType.I32) == UNKNOWN
    assert cast_value(-128.0, ir.DType.I8) == -128.0 and cast_value(127.0, ir.DType.I8) == 127.0


# Held-out round 11 (class C): with padding that met data as *any* function of the data
# (`0.0 - mean`), the fill rule dropped it and these wrong kernels were proved; only the
# op's identity (`0.0 + x`, `maximum(-inf, x)`) makes the element the other operand's.
CENTRED = """kernel centred(X: f32[4, C], V: f32[4]):
    assume C >= 1 and C <= 256
    grid 1
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag V[r] = (row=r)
    x = load X[0 : +4, 0 : +256] masked(fill=0.0)
    mean = sum(x, axis=1) / C
    {d}
    var = sum(d * d, axis=1) / C
    store V[0 : +4], var
"""


@pytest.mark.parametrize("d, status", [
    ("d = x - bcast(mean, axis=1, n=256)", "unknown"),        # 0.0 - mean is -mean past C: summed in
    ("d = bcast(mean, axis=1, n=256) - x", "unknown"),        # mean - 0.0 is mean: data the sum must not count
    ("d = mask(x, index(x, axis=1) < C, fill=0.0) + bcast(mean, axis=1, n=256)", "unknown"),   # 0.0 + mean
])
def test_padding_that_meets_data_other_than_as_an_identity_is_unknown(d, status):
    v = verify_kernel(_kernel(CENTRED.format(d=d)), VerifyOptions(rules=("TAG",)))
    assert v.status == status, (v.findings, v.unknowns)
    if status == "unknown":
        assert any("this sum" in u.reason for u in v.unknowns)


def test_an_identity_depends_on_the_side_and_the_value():
    from dsl.pad_values import meets_data
    x, y = ir.Sym("x", ir.SymKind.TENSOR), ir.Sym("y", ir.SymKind.TENSOR)
    add, sub, mul, div = (ir.Bin(op, x, y) for op in (ir.BinOp.ADD, ir.BinOp.SUB, ir.BinOp.MUL, ir.BinOp.DIV))
    assert meets_data(add, 0, 0.0) and meets_data(add, 1, 0.0) and not meets_data(add, 0, 1.0)
    assert meets_data(sub, 1, 0.0) and not meets_data(sub, 0, 0.0)        # x - 0.0 is x; 0.0 - y is not y
    assert meets_data(mul, 0, 1.0) and not meets_data(mul, 0, 0.0)        # 0.0 * y is padding again
    assert meets_data(div, 1, 1.0) and not meets_data(div, 0, 1.0)
    big = ir.Call("maximum", (x, y), ())
    assert meets_data(big, 0, -float("inf")) and not meets_data(big, 0, float("inf"))
    assert not meets_data(ir.Bin(ir.BinOp.ADD, x, ir.FloatLit(1.0)), 0, 0.0)   # a literal is no data
