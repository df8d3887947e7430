"""Every shipped kernel compiles offline (no GPU, no driver) to PTX and an sm_90a cubin,
and the SASS shows what the lowering promises. Skipped cleanly without the NVIDIA
compiler wheels (see docs/LOWERING.md for the pip line)."""
from __future__ import annotations

import functools
import os
import re

import pytest

from codegen_cuda.module import lower
from codegen_support import HERE, checked, proof_kernels
from dsl import ir

pytestmark = pytest.mark.offline_compile
nvidia = pytest.importorskip("nvidia", reason="NVIDIA compiler wheels not installed "
                             "(pip install 'nvidia-nvvm==13.0.*' 'nvidia-cuda-nvrtc==13.0.*' "
                             "'nvidia-nvjitlink==13.0.*' nvidia-cuda-nvdisasm nvidia-cuda-cuobjdump)")


@functools.lru_cache(maxsize=None)
def _compiled(path, cache):
    from codegen_cuda.compile import CompileUnavailable, compile_kernel
    kernel, text = checked(path)
    lowered = lower(kernel, text)
    try:
        return kernel, lowered, compile_kernel(lowered, cache, arch="sm_90a")
    except CompileUnavailable as err:
        pytest.skip(str(err))


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    if os.environ.get("NUMBA_ENABLE_CUDASIM") == "1":
        pytest.skip("offline compilation needs a process without NUMBA_ENABLE_CUDASIM")
    return tmp_path_factory.mktemp("compile_cache")


@pytest.mark.parametrize("path", proof_kernels(), ids=lambda p: p.stem)
def test_kernel_compiles_for_sm90a(path, cache):
    kernel, lowered, c = _compiled(path, cache)
    assert ".target sm_90a" in c.ptx and f"{kernel.name}" in c.ptx
    assert c.resource("REG") > 0 and c.resource("LOCAL") == 0, c.resources
    uses_shared = lowered.smem_bytes > 0
    assert (c.resource("SHARED") > 0) == uses_shared, c.resources
    if uses_shared:   # STS/LDS, their asynchronous and matrix forms LDGSTS/LDSM, bulk copies UBLKCP/UTMALDG,
        # or HGMMA reading its operands from shared memory itself
        assert any(op in c.sass for op in ("STS", "UBLKCP", "UTMALDG")) and ("LDS" in c.sass or "HGMMA" in c.sass)
    # a barrier statement, a materialised tile, a reduction in parallel across warps, or an
    # mbarrier's initialisation (docs/LOWERING.md)
    barriers = (any(isinstance(s, (ir.Barrier, ir.MbarAlloc)) for s in ir.walk(kernel.body))
                or "__s = " in lowered.source or "reduced in parallel" in lowered.source)
    assert ("BAR.SYNC" in c.sass) == barriers
    if any(p.dtype is ir.DType.F16 for p in kernel.params):
        assert "CALL" not in c.sass, "fp16 conversions must inline (LTO)"


# What each hardware instruction of codegen_cuda/ptx.py must become in SASS.
SASS_OF = {
    "mma_16816": "HMMA.16816.F32",
    "ldmatrix_x4": "LDSM.16.M88.4",
    "ldmatrix_x2_trans": "LDSM.16.MT88.2",
    "ldmatrix_x4_trans": "LDSM.16.MT88.4",
    "cp_async16": "LDGSTS.E.BYPASS.128",
    "cp_async_commit": "LDGDEPBAR",
    "ldg_f32x4": "LDG.E.128",
    "shfl_xor": "SHFL.BFLY",
    "mbar_init": "SYNCS.EXCH.64",
    "mbar_arrive": "SYNCS.ARRIVE.TRANS64.A1T0",        # one arrival, no transaction bytes
    "mbar_try_wait": "SYNCS.PHASECHK.TRANS64.TRYWAIT",
    "bulk_g2s": "UBLKCP.S.G",
    "wgmma_fence": "WARPGROUP.ARRIVE",
    "wgmma_m64n64k16": "HGMMA.64x64x16.F32",
    "wgmma_wait_0": "WARPGROUP.DEPBAR.LE",
    "tma_tensor_g2s_2d": "UTMALDG.2D",
    "tma_tensor_g2s_3d": "UTMALDG.3D",
}
# The instructions each kernel is written to use: if the lowering stops choosing them
# (a check in codegen_cuda/vector.py or warp.py regresses), this fails.
PROMISED = {
    "gemm_pipelined": {"mma_16816", "ldmatrix_x4", "ldmatrix_x4_trans", "cp_async16", "cp_async_commit"},
    "reduce_warp": {"shfl_xor"},
    "reduce_tree": {"ldg_f32x4"},
    "ws_accumulate": {"mbar_init", "mbar_arrive", "mbar_try_wait", "tma_tensor_g2s_2d"},
    "ws_gemm_wgmma": {"wgmma_fence", "wgmma_m64n64k16", "wgmma_wait_0", "mbar_init", "mbar_arrive",
                      "mbar_try_wait", "tma_tensor_g2s_2d"},   # 128B-swizzled maps (was 1024 bulk copies a step)
    "ws_col_sum": {"mbar_init", "mbar_arrive", "mbar_try_wait", "tma_tensor_g2s_2d"},
}


def _calls(lowered, name: str) -> bool:
    body = lowered.source[lowered.source.index(f"\ndef {lowered.name}("):]
    return f"{name}(" in body


# Test kernels with tma_load in each lowered form: a 3-D tensor map, the row-by-row
# fallback for a box a tensor map cannot hold, a masked (zero-filled) 2-D box.
TMA_KERNELS = {"tma_batched": {"tma_tensor_g2s_3d"}, "tma_wide": {"bulk_g2s"}, "tma_tail": {"tma_tensor_g2s_2d"}}


@pytest.mark.parametrize("path", proof_kernels() + [HERE / "kernels" / f"{n}.dsl" for n in TMA_KERNELS],
                         ids=lambda p: p.stem)
def test_sass_shows_the_hardware_instructions(path, cache):
    """HMMA where the kernel uses mma.sync, LDSM for ldmatrix, LDGSTS for cp.async,
    LDG.E.128 for vector loads, SHFL for shuffles, UTMALDG for tensor-map copies; none
    of them where it does not."""
    kernel, lowered, c = _compiled(path, cache)
    used = {f for f in SASS_OF if _calls(lowered, f)}
    if path.stem in TMA_KERNELS:
        assert used & {"bulk_g2s", "tma_tensor_g2s_2d", "tma_tensor_g2s_3d"} == TMA_KERNELS[path.stem]
    assert PROMISED.get(path.stem, set()) <= used, f"the lowering no longer uses {PROMISED[path.stem] - used}"
    for f, op in SASS_OF.items():
        assert (op in c.sass) == (f in used), f"{f} used: {f in used}; {op} in SASS: {op in c.sass}"
    if "cp_async16" in used:
        assert "DEPBAR" in c.sass, "cp.async.wait_group must become DEPBAR"
    # arrive.expect_tx: an arrival whose transaction count is a register, not RZ
    expect = re.search(r"SYNCS\.ARRIVE\.TRANS64 [^;]*, R\d+ ;", c.sass) is not None
    assert expect == _calls(lowered, "mbar_arrive_expect_tx")
    # Hopper's warpgroup MMA exactly where a wgmma is lowered to it, whatever its width
    assert ("HGMMA" in c.sass) == bool(re.search(r"\bwgmma_m64n\d+k16\(", lowered.source)), "HGMMA"
    # setmaxnreg.inc/dec: one USETMAXREG per statement, under the launch bounds it needs
    body = lowered.source[lowered.source.index(f"\ndef {lowered.name}("):]
    assert c.sass.count("USETMAXREG") == body.count("    setmaxnreg_")
    assert ("LAUNCH_BOUNDS = (THREADS, 1)" in lowered.source) == ("setmaxnreg_" in body)


@pytest.mark.parametrize("name", ["gemm_naive", "gemm_tiled", "gemm_splitk", "row_reduce", "splitk_reduce",
                                  "gemm_pipelined", "gemm_regblock", "moe_grouped_gemm"])
def test_small_register_tiles_stay_off_the_stack(name, cache):
    """Register tiles of a few values per thread are promoted to registers, and so are
    the accumulators of tensor-core and register-blocked mma (every statement on them is
    unrolled): 64 values per thread in gemm_pipelined and gemm_regblock. (flash_attention
    still keeps some tiles on the stack; see docs/LOWERING.md.)"""
    path = next(p for p in proof_kernels() if p.stem == name)
    _, _, c = _compiled(path, cache)
    assert c.resource("STACK") == 0, c.resources


def test_lower_prints_sass_and_resources(capsys, cache, monkeypatch):
    from codegen_support import REPO, argus
    _compiled(REPO / "proofs" / "gemm_naive.dsl", cache)    # skips cleanly without the wheels
    monkeypatch.setenv("ARGUS_CACHE", str(cache))
    assert argus(["lower", str(REPO / "proofs" / "gemm_naive.dsl"), "--sass", "--resources"]) == 0
    out = capsys.readouterr().out
    assert "FFMA" in out and "gemm_naive (sm_90a): REG:" in out
