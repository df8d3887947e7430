"""The source of an async copy is read until the copy completes (held-out round 10).

copy_async reads its global source until its thread's wait_group retires the copy's group
(another thread also needs a barrier after that wait), tma_load until its mbarrier phase is
waited for; a write of the source before then may change what the copy reads. The verifier
counted the read at issue, and proved kernels that clear a consumed input right after
issuing its copy (docs/MEMORY_MODEL.md).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

HERE = Path(__file__).resolve().parent / "kernels"


def _kernel(name: str):
    path = HERE / f"{name}.dsl"
    result = check_source(path.read_text(), str(path))
    assert result.ok, [str(d) for d in result.diagnostics]
    return result.kernel


@pytest.mark.parametrize("name,sizes", [("stage_then_clear", {"R": 32}), ("tma_consume_then_clear", {})])
def test_clearing_the_source_after_the_copy_completed_proves_and_lowers(name, sizes):
    from codegen_cuda.differential import check_lowering
    from interp.interpreter import interpret
    kernel = _kernel(name)
    v = verify_kernel(kernel, VerifyOptions())
    assert v.status == "proved", (v.findings, v.unknowns)
    path = HERE / f"{name}.dsl"
    assert check_lowering(kernel, path.read_text(), path.with_suffix(".ref.py"), [sizes], seeds=(0,)).verdict == "ok"
    assert not interpret(kernel, sizes).violations


@pytest.mark.parametrize("name,line", [("stage_clear_before_wait", 14), ("stage_clear_no_barrier", 15),
                                       ("tma_clear_in_flight", 18)])
def test_overwriting_the_source_of_a_copy_in_flight_is_war(name, line):
    from interp.replay import replay_details
    kernel = _kernel(name)
    v = verify_kernel(kernel, VerifyOptions())
    assert v.status == "violation", (v.findings, v.unknowns)
    assert {(f.rule, f.span.line) for f in v.findings} == {("WAR", line)}
    (f,) = v.findings
    assert "may still read it" in f.message and "before overwriting the source" in f.hint
    if not name.startswith("tma"):
        # The interpreter retires copy_async sources with their group; a bulk copy's source it
        # reads at issue (its mbarrier landing is modelled for the destination only).
        assert replay_details(kernel, f).replayed, f
