"""Kernels people write get a verdict, never a crash (issue 17): each here was an internal
error before; the test pins the verdict and the reason."""
from __future__ import annotations

from pathlib import Path

from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

HERE = Path(__file__).resolve().parent / "kernels"


def _verdict(name: str):
    path = HERE / name
    result = check_source(path.read_text(), str(path))
    assert result.ok, [str(d) for d in result.diagnostics]
    return verify_kernel(result.kernel, VerifyOptions(rules=("TAG",)))


def test_a_running_value_updated_through_a_temporary_is_unknown_with_a_hint():
    v = _verdict("rowmax_through_temporary.dsl")
    assert v.status == "unknown"
    assert any("write the update in place (m = f(m, ...))" in u.reason for u in v.unknowns), v.unknowns


def test_an_accumulator_reset_per_iteration_and_used_inside_it_proves():
    v = _verdict("tilesums_reset_per_tile.dsl")
    assert v.status == "proved", (v.findings, v.unknowns)


def test_a_reset_per_iteration_read_after_the_loop_is_refuted_and_replays():
    """tests/kernels/bad/tag_rowsum_reinitialised_in_loop.dsl pins the report; here the
    witness replays concretely at a size where contributions are really lost."""
    from interp.replay import replay_details
    path = HERE.parents[1] / "kernels" / "bad" / "tag_rowsum_reinitialised_in_loop.dsl"
    kernel = check_source(path.read_text(), str(path)).kernel
    v = verify_kernel(kernel, VerifyOptions(rules=("TAG",)))
    assert v.status == "violation"
    f = v.findings[0]
    assert "initialised again at line 12" in f.hint
    assert replay_details(kernel, f).replayed


def test_a_reduction_over_a_broadcast_product_proves_and_lowers():
    """Was an IndexError (the reduction's extent taken from a 2-D operand of a 3-D product)."""
    from codegen_cuda.differential import check_lowering
    v = _verdict("scores_bcast_product.dsl")
    assert v.status == "proved", (v.findings, v.unknowns)
    path = HERE / "scores_bcast_product.dsl"
    kernel = check_source(path.read_text(), str(path)).kernel
    assert check_lowering(kernel, path.read_text(), HERE / "scores_bcast_product.ref.py",
                          [{"M": 16, "N": 8}], seeds=(0,)).verdict == "ok"
