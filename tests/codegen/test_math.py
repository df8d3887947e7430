"""The math builtins through every stage: typing, the interpreter against NumPy, the
verifier (a kernel using each proves, buggy siblings are caught, `^` is exact or unknown),
and the lowering. tests/codegen/kernels/mathfns.dsl also runs in the simulator and
snapshot tests; the diagnostics have goldens (tests/golden/e090_*, e021_where_*)."""
from __future__ import annotations

import math
import textwrap

import numpy as np
import pytest
import z3

from interp.interpreter import interpret, random_inputs
from codegen_cuda.module import lower
from codegen_support import HERE, checked, reference_module
from dsl import exprs, ir
from dsl.check import check_source
from dsl.fmt import format_expr, format_source
from encode.symbols import Unsupported, mk_xor
from encode.verifier import VerifyOptions, verify_kernel

MATHFNS = HERE / "kernels" / "mathfns.dsl"
MATHMIX = HERE / "kernels" / "mathmix.dsl"     # f16 computed in f32, casts to i32, ^ on tiles
HEAD = """\
kernel t(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * BR : +BR, 0 : +64]
"""
STORE = "    store Y[block.x * BR : +BR, 0 : +64], y\n"


def _check(body: str, head: str = HEAD):
    return check_source(head + textwrap.indent(textwrap.dedent(body), "    ") + STORE, "t.dsl")


def _kernel(body: str, head: str = HEAD):
    result = _check(body, head)
    assert result.ok, [str(d) for d in result.diagnostics]
    return result.kernel


# ---------------------------------------------------------------- front end
@pytest.mark.parametrize("value", [
    "log(x)", "log2(x)", "exp2(x)", "tanh(x)", "erf(x)", "sigmoid(x)", "pow(x, 2.0)",
    "where(x > 0.0, x, 0.0)", "where(x >= 0.0 and x < 1.0, x, -inf)", "where(not x == 0.0, x, inf)",
    "cast(cast(x, f16), f32)", "maximum(x, -inf)"])
def test_every_builtin_type_checks(value):
    k = _kernel(f"y = {value}\n")
    assert k.body[-2].target.dtype is ir.DType.F32


def test_xor_binds_looser_than_plus_and_tighter_than_comparison():
    e = _kernel("y = x\nassert 1 ^ 2 + 3 == 4\n").body[-2].cond
    assert e.op is ir.BinOp.EQ and e.lhs.op is ir.BinOp.XOR and e.lhs.rhs.op is ir.BinOp.ADD
    assert exprs.fold(e.lhs, {}) == 1 ^ 5
    assert format_expr(ir.Bin(ir.BinOp.ADD, e.lhs, ir.IntLit(1))) == "(1 ^ 2 + 3) + 1"


def test_inf_is_a_literal_and_cast_keeps_its_dtype():
    k = _kernel("y = where(x > -inf, cast(x, f16), cast(inf, f16))\n", HEAD.replace("Y: f32", "Y: f16"))
    value = k.body[-2].value
    assert value.args[0].rhs == ir.Neg(ir.FloatLit(math.inf))
    assert isinstance(value.args[1], ir.Cast) and value.args[1].dtype is ir.DType.F16
    assert k.body[-2].target.dtype is ir.DType.F16


def test_math_kernel_formats_and_reads_back():
    kernel, text = checked(MATHFNS)
    again = check_source(format_source(kernel, text), "again.dsl")
    assert again.ok and again.kernel == kernel


@pytest.mark.parametrize("body, code", [
    ("y = log(cast(x, i32))\n", "E090"),
    ("y = cast(x, i32) ^ x\n", "E090"),
    ("y = x ^ 1\n", "E090"),
    ("y = where(x, x, 0.0)\n", "E021"),
    ("y = x > 0.0\n", "E021"),
    ("y = where(x > 0.0, x)\n", "E029"),
    ("y = pow(x)\n", "E029"),
    ("y = cast(x, f8)\n", "E012"),
    ("y = cast(x)\n", "E029"),
    ("y = x\nfor i in range(cast(4, i32)):\n    barrier\n", "E026"),
    ("y = x\nassert tag(y[i, j]).row == cast(i, i32)\n", "E026"),
])
def test_misuse_is_a_diagnostic(body, code):
    assert code in [d.code for d in _check(body).diagnostics]


# ---------------------------------------------------------------- interpreter
@pytest.mark.parametrize("path", [MATHFNS, MATHMIX], ids=lambda p: p.stem)
def test_interpreter_matches_numpy(path):
    kernel, _ = checked(path)
    ref = reference_module(path)
    sizes = dict(ref.TEST_SIZES)
    inputs = random_inputs(kernel, sizes, seed=1)
    res = interpret(kernel, sizes, inputs)
    assert not res.violations, [str(v) for v in res.violations]
    for name, want in ref.reference(inputs, sizes).items():
        np.testing.assert_allclose(res.outputs[name].astype(np.float64), want.astype(np.float64),
                                   rtol=2e-3, atol=2e-3)


def test_where_merges_the_condition_into_the_picked_operand():
    """A condition on another row's data breaks a row assertion although it picks x."""
    body = "m = max(x, axis=0)\ny = where(bcast(m, axis=0, n=BR) > 0.0, x, 0.0)\n"
    kernel = _kernel(body + "assert tag(y[i, j]).row == block.x * BR + i\n")
    line = len(HEAD.splitlines()) + 3
    assert ("TAG", line) in {(v.rule, v.line) for v in interpret(kernel, {"R": 8}).violations}
    assert ("TAG", line) in {(f.rule, f.span.line) for f in verify_kernel(kernel).findings}


WHERE_ROWS = """\
s = sum(x, axis=1)
xh = load X[block.x * BR : +BR, 0 : +32]
h = sum(xh, axis=1)
y = where({op} 0, s, h)
assert {claim}
""".replace("    store", "")


@pytest.mark.parametrize("op, claim, proved, concrete", [
    ("thread.x >", "covers(tag(y[i]).col, 0, 64)", False, True),    # thread 0 takes the half sum
    ("thread.x >", "tag(y[i]).col == range(0, 64)", False, True),
    ("thread.x >=", "covers(tag(y[i]).col, 0, 64)", False, False),  # the pick is not known
    ("thread.x >", "tag(y[i]).row == block.x * BR + i", True, False),  # either pick is in the row
    ("block.x >=", "covers(tag(y[i]).col, 0, 64)", True, False),   # a block condition is encoded
    ("block.x >", "tag(y[i]).col == range(0, 64)", False, True),   # block 0 takes the half sum
])
def test_where_claims_hold_for_the_picked_operand(op, claim, proved, concrete):
    """Set-valued claims (covers, range) are about the operand each element takes. The
    verifier knows the pick when the condition is on sizes, blocks and loop variables; else
    it proves a claim only when it holds for both (a union of both operands' records would
    wrongly prove the half sum covers every column). The interpreter takes the real pick."""
    head = HEAD.replace("Y: f32[R, 64]", "Y: f32[R]").replace("tag Y[r, c] = (row=r, col=c)", "tag Y[r] = (row=r)")
    text = head + textwrap.indent(WHERE_ROWS.format(op=op, claim=claim), "    ")
    text += "    store Y[block.x * BR : +BR], y\n"
    result = check_source(text, "t.dsl")
    assert result.ok, [str(d) for d in result.diagnostics]
    v = verify_kernel(result.kernel)
    assert v.status == ("proved" if proved else "violation"), [str(f) for f in v.findings + v.unknowns]
    assert ("TAG" in {r.rule for r in interpret(result.kernel, {"R": 8}).violations}) is concrete


# ---------------------------------------------------------------- verifier
@pytest.mark.parametrize("path", [MATHFNS, MATHMIX], ids=lambda p: p.stem)
def test_math_kernel_proves(path):
    kernel, _ = checked(path)
    v = verify_kernel(kernel)
    assert v.status == "proved", [str(f) for f in v.findings + v.unknowns]


@pytest.mark.parametrize("old, new, rule", [
    ("tag Y[r, c] = (row=r ^ 4)", "tag Y[r, c] = (row=r ^ 8)", "TAG"),   # the swap moves 4 rows
    ("assume R % 8 == 0", "assume R % 4 == 0", "BOUND"),                # an odd block count
])
def test_math_kernel_bug_is_caught(old, new, rule):
    text = MATHFNS.read_text()
    assert old in text
    v = verify_kernel(check_source(text.replace(old, new), "bad.dsl").kernel)
    assert rule in {f.rule for f in v.findings}


def test_xor_of_two_unknowns_is_unknown_not_proved():
    kernel = _kernel("y = x\n", HEAD.replace("block.x * BR : +BR, 0", "(block.x ^ (R / 8)) * BR : +BR, 0"))
    v = verify_kernel(kernel)
    assert v.status != "proved" and any("`^`" in u.reason for u in v.unknowns)


@pytest.mark.parametrize("c", [0, 1, 4, 6, 64, 255, 1 << 20])
def test_xor_with_a_constant_is_exact(c):
    """The arithmetic encoding equals two's-complement XOR, negative operands too."""
    x = z3.Int("x")
    term = mk_xor(x, z3.IntVal(c))
    values = list(range(-300, 300)) + [(1 << 31) - 1, -(1 << 31), (1 << 40) + 12345, -(1 << 40) - 7]
    for v in values:
        assert z3.simplify(z3.substitute(term, (x, z3.IntVal(v)))).as_long() == v ^ c
    assert z3.eq(z3.simplify(mk_xor(z3.IntVal(c), x)), z3.simplify(term))


def test_xor_of_two_terms_is_not_encoded():
    with pytest.raises(Unsupported):
        mk_xor(z3.Int("x"), z3.Int("y"))
    assert mk_xor(z3.IntVal(-3), z3.IntVal(5)).as_long() == -3 ^ 5


# ---------------------------------------------------------------- lowering
def test_lowering_uses_libm_and_the_approximate_instructions():
    kernel, text = checked(MATHFNS)
    src = lower(kernel, text).source
    for call in ("math.log(", "lg2_approx(", "ex2_approx(", "math.tanh(", "math.erf(", "math.pow(",
                 "float32(-math.inf)", " if ", "float16(", "(_bx ^ 1)"):
        assert call in src, call


RELU_ROWSUM = """\
kernel relu_rowsum(X: f32[R, C], S: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 64
    const BR, BC = 4, 64
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, C))
    acc = zeros f32[BR]
    for ct in range({trips}):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        acc = acc + sum(where(x > 0.0, x, 0.0), axis=1)
    store S[block.x * BR : +BR], acc
"""


@pytest.mark.parametrize("trips, proved", [("C / BC", True), ("C / BC - 1", False)], ids=["all_tiles", "last_tile_lost"])
def test_a_relu_row_sum_counts_one_contribution_per_element(trips, proved):
    """where(x > 0.0, x, 0.0) has one contribution per element whichever operand it picks
    (the condition's), so a range() claim over a ReLU sum is decided: it was unknown."""
    kernel = check_source(RELU_ROWSUM.format(trips=trips), "t.dsl").kernel
    v = verify_kernel(kernel, VerifyOptions(rules=("TAG",)))
    assert v.status == ("proved" if proved else "violation"), [str(f) for f in v.findings + v.unknowns]
    sizes = {"R": 4, "C": 128}
    res = interpret(kernel, sizes, random_inputs(kernel, sizes, seed=0))
    assert ("TAG" in {r.rule for r in res.violations}) is not proved
