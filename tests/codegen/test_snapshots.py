"""The generated source of every shipped kernel, byte for byte. A refactor of the
lowering leaves these identical; a deliberate change regenerates them and the diff is
reviewed like code. The proofs/ kernels' snapshots are the modules of bench/gpu_bundle
(`argus lower proofs/*.dsl --bundle bench/gpu_bundle` rewrites them); the test kernels'
are in tests/codegen/snapshots (`pytest --regen-golden` rewrites them)."""
from __future__ import annotations


import pytest

from codegen_cuda.module import lower
from codegen_support import REPO, SNAPSHOTS, checked, proof_kernels, extra_kernels

BUNDLE = REPO / "bench" / "gpu_bundle"


@pytest.mark.parametrize("path", proof_kernels(), ids=lambda p: p.stem)
def test_proof_kernel_source_matches_the_bundle(path):
    kernel, text = checked(path)
    source = lower(kernel, text).source
    compile(source, f"{path.stem}.py", "exec")   # it is Python, whatever the bundle says
    shipped = BUNDLE / f"{path.stem}.py"
    assert shipped.is_file() and source == shipped.read_text(), (
        f"generated source changed; `argus lower proofs/*.dsl --bundle bench/gpu_bundle` rewrites {shipped}")


@pytest.mark.parametrize("path", extra_kernels(), ids=lambda p: p.stem)
def test_generated_source_matches_snapshot(path, golden):
    kernel, text = checked(path)
    source = lower(kernel, text).source
    compile(source, f"{path.stem}.py", "exec")   # it is Python, whatever the snapshot says
    golden(SNAPSHOTS / f"{path.stem}.py", source)


def test_lowering_is_deterministic():
    for path in proof_kernels():
        kernel, text = checked(path)
        assert lower(kernel, text).source == lower(checked(path)[0], text).source
