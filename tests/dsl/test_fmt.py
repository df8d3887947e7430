"""`argus fmt`: checking the printed form gives back the same IR, and printing is idempotent."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from corpus import marker, shipped_kernels
from dsl import ir
from dsl.check import check_source
from dsl.fmt import format_expr, format_kernel, format_source
from kernelgen import kernels


def _checked(text: str, file: str = "<fmt>") -> ir.Kernel:
    result = check_source(text, file)
    assert result.ok, "\n".join(f"{d.span}: {d.code} {d.message}" for d in result.diagnostics) + "\n" + text
    return result.kernel


def assert_round_trip(text: str) -> None:
    kernel = _checked(text)
    canonical = format_kernel(kernel)
    again = _checked(canonical)
    assert again == kernel
    assert format_kernel(again) == canonical
    kept = format_source(kernel, text)
    assert _checked(kept) == kernel
    assert format_source(_checked(kept), kept) == kept


@pytest.mark.parametrize("path", shipped_kernels(), ids=lambda p: str(p.relative_to(p.parents[1])))
def test_shipped_kernels_round_trip(path):
    text = path.read_text(encoding="utf-8")
    if not check_source(text, str(path)).ok:
        # Only kernels that say which front-end error they carry may fail to check.
        mark = marker(path)
        assert mark is not None and mark[1].startswith("E"), f"{path} does not type-check"
        pytest.skip(f"carries a front-end error {mark[1]} by design")
    assert_round_trip(text)


def test_shipped_kernels_exist():
    assert any(p.name == "gemm_pipelined.dsl" for p in shipped_kernels())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kernels())
def test_generated_kernels_round_trip(text):
    assert_round_trip(text)


HEADER = "kernel k(A: f16[M, K], B: f16[K, N], C: f32[M, N]):\n"


def test_header_comes_first_in_a_fixed_order():
    text = HEADER + (
        "    tag A[i, k] = (row=i, k=k)\n"
        "    threads 64\n"
        "    grid (M / BM,)\n"
        "    const BM = 16\n"
        "    assume M % BM == 0\n"
        "    acc = zeros f32[BM, 8]\n"
        "    store C[0 : +BM, 0 : +8], acc\n")
    assert format_kernel(_checked(text)) == HEADER + (
        "    assume M % BM == 0\n"
        "    const BM = 16\n"
        "    grid M / BM\n"
        "    threads 64\n"
        "    tag A[i, k] = (row=i, k=k)\n"
        "    acc = zeros f32[BM, 8]\n"
        "    store C[0 : +BM, 0 : +8], acc\n")


@pytest.mark.parametrize("written, canonical", [
    ("(1 + 2) * 3", "(1 + 2) * 3"),
    ("1 + (2 * 3)", "1 + 2 * 3"),
    ("(M - N) - K", "M - N - K"),
    ("M - (N - K)", "M - (N - K)"),
    ("M / (N * K)", "M / (N * K)"),
    ("-(M + N)", "-(M + N)"),
    ("-(-M)", "--M"),
    ("((M))", "M"),
    ("min(M, (N + 1))", "min(M, N + 1)"),
])
def test_minimal_parentheses_in_expressions(written, canonical):
    kernel = _checked(f"{HEADER}    assume {written} >= 0\n    grid 1\n    threads 32\n    barrier\n")
    assert format_expr(kernel.assumes[0].lhs) == canonical


@pytest.mark.parametrize("written, canonical", [
    ("M > 0 and (N > 0 and K > 0)", "M > 0 and (N > 0 and K > 0)"),
    ("(M > 0 and N > 0) and K > 0", "M > 0 and N > 0 and K > 0"),
    ("(M > 0 or N > 0) and K > 0", "(M > 0 or N > 0) and K > 0"),
    ("M > 0 or (N > 0 and K > 0)", "M > 0 or N > 0 and K > 0"),
    ("not (M > 0 or N > 0)", "not (M > 0 or N > 0)"),
    ("not (M > 0)", "not M > 0"),
    ("(M > 0) == (N > 0)", "(M > 0) == (N > 0)"),
])
def test_minimal_parentheses_in_conditions(written, canonical):
    kernel = _checked(f"{HEADER}    assume {written}\n    grid 1\n    threads 32\n    barrier\n")
    assert format_expr(kernel.assumes[0]) == canonical


def test_trailing_whole_slices_and_inherited_layouts_are_left_out():
    text = HEADER + (
        "    const BM = 32\n    grid 1\n    threads 128\n"
        "    s = shared f16[2, BM, 16]\n"
        "    acc = zeros f32[BM, 16] layout mma_m16n8k16(warps=(2, 2))\n"
        "    a = load s[1, 0 : +BM, 0 : +16]\n"
        "    acc = zeros f32[BM, 16] layout mma_m16n8k16(warps=(2, 2))\n"
        "    store C[0 : +BM, 0 : +16], acc\n")
    out = format_kernel(_checked(text))
    assert "    a = load s[1]\n" in out
    assert out.count("layout mma_m16n8k16(warps=(2, 2))") == 1


def test_comments_stay_with_their_statements():
    text = ("# file comment\n" + HEADER +
            "    threads 32  # one warp\n"
            "    # the launch grid\n"
            "    grid 1\n"
            "    for i in range(4):  # four steps\n"
            "        barrier\n"
            "# dangling\n")
    assert format_source(_checked(text), text) == (
        "# file comment\n" + HEADER +
        "    # the launch grid\n"
        "    grid 1\n"
        "    threads 32  # one warp\n"
        "    for i in range(4):  # four steps\n"
        "        barrier\n"
        "    # dangling\n")


def test_overflowing_float_literal_survives():
    text = HEADER + "    grid 1\n    threads 32\n    x = zeros f32[4, 4]\n    y = x * 1e999\n"
    assert_round_trip(text)
