"""Warp-specialised roles in the lowering: warp-collective instructions (mma.sync, shuffles)
in a warp-uniform role branch (codegen_cuda/uniform.py), and a consumer's operands read in
place from a slot that bulk copies fill, within its mbarrier epoch (codegen_cuda/mbar_forward.py).
Each kernel proves; the lowered code matches the reference on the simulator and adds no
race in the interpreter's lowered mode at sizes where every slot is refilled."""
from __future__ import annotations

from pathlib import Path

import pytest

from codegen_cuda.differential import check_lowering, lowering_races
from codegen_cuda.module import lower
from codegen_cuda.scalar import LoweringError
from codegen_cuda.uniform import warp_uniform
from dsl import ir
from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

HERE = Path(__file__).resolve().parent / "roles"


def _kernel(name: str) -> tuple[ir.Kernel, str, Path]:
    path = HERE / f"{name}.dsl"
    text = path.read_text()
    return check_source(text, str(path)).kernel, text, path


@pytest.mark.parametrize("name,sizes", [
    ("ws_mma_ring", {"M": 64, "N": 64, "K": 192}),        # three k-tiles through two slots: a refill
    ("ws_rowsum_butterfly", {"M": 64, "K": 192}),
])
def test_a_role_kernel_proves_lowers_and_matches(name, sizes, tmp_path):
    kernel, text, path = _kernel(name)
    assert verify_kernel(kernel, VerifyOptions()).status == "proved"
    assert lowering_races(kernel, sizes) == []
    got = check_lowering(kernel, text, path.with_suffix(".ref.py"), [sizes], seeds=(0,), cache_dir=tmp_path)
    assert got.verdict == "ok", got.detail


def test_the_mma_runs_on_tensor_cores_from_the_slot():
    kernel, text, _ = _kernel("ws_mma_ring")
    module = lower(kernel, text).source
    assert "mma_16816" in module and "ldmatrix" in module


def test_a_slot_handed_back_before_its_use_is_not_read_in_place():
    """The kernel proves (each thread's own load precedes its arrive), but the mma's reads of
    the slot would race with the refill the arrive allows: the lowering refuses it."""
    kernel, text, _ = _kernel("ws_mma_arrive_before_use")
    assert verify_kernel(kernel, VerifyOptions()).status == "proved"
    with pytest.raises(LoweringError, match="read across threads"):
        lower(kernel, text)


@pytest.mark.parametrize("cond,threads,uniform", [
    ("thread.warp == 4", 160, True),
    ("thread.x < 128", 160, True),
    ("thread.x / 32 == 1", 128, True),
    ("thread.x < 100", 128, False),
    ("thread.lane == 0", 64, False),
    ("thread.x % 2 == 0", 64, False),
    ("M > 0 and thread.warp == 0", 64, False),      # a size: not evaluated, taken as divergent
    ("(thread.x - 31) / 32 == 0", 32, True),        # C's truncation: -31 / 32 is 0, not -1
])
def test_warp_uniform_conditions(cond, threads, uniform):
    text = (f"kernel k(X: f32[M]):\n    grid (1)\n    threads {threads}\n"
            f"    if {cond}:\n        x = load X[0 : +32]\n")
    kernel = check_source(text, "k.dsl").kernel
    (branch,) = [s for s in kernel.body if isinstance(s, ir.If)]
    assert warp_uniform(branch.cond, threads, {}) is uniform
