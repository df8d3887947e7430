"""Kernels under thread- and iteration-dependent conditions get a verdict (issue 17,
classes 2 and 3): each correct kernel here proves and its lowering matches its NumPy
reference on the CUDA simulator; the buggy siblings live in tests/kernels/bad
(init_branch_missing_else, init_tail_half_staged, cover_tail_guard_short,
async_pipeline_no_drain, async_commit_window_short), caught and replayed by
tests/encode/test_rules_kernels.py."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

HERE = Path(__file__).resolve().parent / "kernels"

CASES = [
    ("branch_store", [{"N": 512}]),                       # per-thread branch into shared memory
    ("tail_copy", [{"N": 300}]),                          # guarded partial copy and store, a tail block
    ("rowsum_pipelined_drain", [{"R": 8, "C": 256}]),     # commit under the prefetch's condition
]


def _kernel(name: str):
    path = HERE / f"{name}.dsl"
    result = check_source(path.read_text(), str(path))
    assert result.ok, [str(d) for d in result.diagnostics]
    return path, result.kernel


@pytest.mark.parametrize("name,sizes", CASES, ids=[c[0] for c in CASES])
def test_proves_and_lowers(name, sizes):
    from codegen_cuda.differential import check_lowering
    path, kernel = _kernel(name)
    v = verify_kernel(kernel, VerifyOptions())
    assert v.status == "proved", (v.findings, v.unknowns)
    assert check_lowering(kernel, path.read_text(), path.with_suffix(".ref.py"), sizes, seeds=(0,)).verdict == "ok"
