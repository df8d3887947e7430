"""Every shipped kernel lowered, launched on the CUDA simulator (one child process per
run, NUMBA_ENABLE_CUDASIM=1) at the small sizes its reference names, and compared with
its NumPy reference; a mutated kernel must fail that comparison."""
from __future__ import annotations

from pathlib import Path

import pytest

from codegen_cuda.runner import RunOptions, run_kernel
from codegen_support import REPO, checked, extra_kernels, proof_kernels, reference_module

pytestmark = pytest.mark.simulator


def _run(path: Path, tmp_path: Path, text: str | None = None, reference: Path | None = None, seed: int = 0):
    kernel, text = checked(path, text)
    sizes = reference_module(reference or path).TEST_SIZES
    opts = RunOptions(sim=True, seed=seed, cache_dir=tmp_path / "cache",
                      reference=reference.with_name(reference.name.removesuffix(".dsl") + ".ref.py")
                      if reference else None)
    return run_kernel(kernel, text, path, dict(sizes), opts)


@pytest.mark.parametrize("path", proof_kernels() + extra_kernels(), ids=lambda p: p.stem)
def test_kernel_matches_reference_on_simulator(path, tmp_path):
    result = _run(path, tmp_path)
    assert result.mode == "simulator"
    assert result.checks, "the kernel has no outputs to check"
    assert result.ok, result.table()


def test_every_proof_kernel_has_a_reference():
    missing = [p.name for p in proof_kernels()
               if not p.with_name(p.name.removesuffix(".dsl") + ".ref.py").is_file()]
    assert not missing, f"write proofs/<name>.ref.py for: {', '.join(missing)}"


def test_wrong_pipeline_slot_is_a_numeric_mismatch(tmp_path):
    """gemm_pipelined reading the slot one stage ahead: the runner must notice."""
    path = Path(__file__).resolve().parents[2] / "proofs" / "gemm_pipelined.dsl"
    good = path.read_text()
    bad = good.replace("a = load sA[kt % S]", "a = load sA[(kt + 1) % S]")
    assert bad != good
    mutant = tmp_path / "gemm_pipelined.dsl"
    mutant.write_text(bad)
    result = _run(mutant, tmp_path, reference=path)
    # Tile kt + 1 (landed) or kt + 1 - S (stale) is read in place of tile kt: wrong either
    # way, whichever thread runs first. The warp-collective fallback's scratch array is
    # allocated under a lock, so no lane reads a row no lane wrote (codegen_cuda/ptx.py).
    assert result.fault == "" and not result.ok
    assert result.checks[0].unwritten == 0 and result.checks[0].rel_err > 0.1


def test_a_kernel_that_faults_is_a_failed_check(tmp_path):
    """Twice the grid: blocks past M read out of bounds and the simulator raises; the
    runner reports a failed result with the error, it does not raise."""
    path = Path(__file__).resolve().parents[2] / "proofs" / "gemm_naive.dsl"
    mutant = tmp_path / "gemm_naive.dsl"
    mutant.write_text(path.read_text().replace("grid (M / BM, N / BN)", "grid (M / BM * 2, N / BN)"))
    result = _run(mutant, tmp_path, reference=path)
    assert not result.ok and result.checks == []
    assert result.fault.startswith("the kernel faulted on the simulator:\n") and "IndexError" in result.fault
    assert "FAILED" in result.table()


def test_unwritten_output_is_reported(tmp_path):
    """A store that covers only half the output leaves NaNs: counted as unwritten."""
    path = Path(__file__).resolve().parents[2] / "proofs" / "gemm_naive.dsl"
    text = path.read_text().replace("grid (M / BM, N / BN)", "grid (M / BM / 2, N / BN)")
    mutant = tmp_path / "gemm_naive.dsl"
    mutant.write_text(text)
    result = _run(mutant, tmp_path, reference=path)
    assert not result.ok and result.checks[0].unwritten == result.checks[0].elements // 2


@pytest.mark.parametrize("name", ["ok_two_warpgroups", "ok_prefetch_other_slot", "ok_block_condition"])
def test_wgmma_kernels_match_reference(tmp_path, name):
    """Two consumer warpgroups: warpgroup w's wgmma descriptors start 64 rows down A; a
    prefetch into the other slot of a ring while the wgmma on this one is pending."""
    path = Path(__file__).resolve().parents[2] / f"tests/kernels/wgmma/{name}.dsl"
    result = _run(path, tmp_path)
    assert result.mode == "simulator" and result.checks
    assert result.ok, result.table()


def test_an_output_the_kernel_never_stores_is_an_error(tmp_path):
    """The reference returns C, and the kernel's store of C is gone: C would go unchecked
    (held-out round 11: a softmax whose LSE store was deleted ran "ok"), so the run is an
    error naming it, and so is the lowering check of a proved kernel."""
    from codegen_cuda.differential import check_lowering
    from codegen_cuda.runner import RunError
    path = Path(__file__).resolve().parents[2] / "proofs" / "gemm_naive.dsl"
    text = path.read_text().replace("    store C[block.x * BM : +BM, block.y * BN : +BN], acc\n", "")
    mutant = tmp_path / "gemm_naive.dsl"
    mutant.write_text(text)
    with pytest.raises(RunError, match="the reference returns 'C', which the kernel never stores"):
        _run(mutant, tmp_path, reference=path)
    kernel, text = checked(mutant, text)
    ref = path.with_name("gemm_naive.ref.py")
    check = check_lowering(kernel, text, ref, [reference_module(path).TEST_SIZES], seeds=(0,),
                           cache_dir=tmp_path / "cache")
    assert check.verdict == "spec" and "never stores" in check.detail, check


def test_the_launching_child_ends_with_its_parent(tmp_path):
    """A parent stopped by a signal cannot kill its child (subprocess's timeout needs the
    parent alive): the child of `argus run` watches its parent and ends with it."""
    import os
    import subprocess
    import sys
    import time
    script = ("import os, subprocess, sys, time\n"
              "p = subprocess.Popen([sys.executable, '-c', 'from codegen_cuda.child import exit_with_parent; "
              "import os, time; exit_with_parent(int(os.environ[\"ARGUS_PARENT_PID\"]), 0.05); time.sleep(60)'], "
              "env=dict(os.environ, ARGUS_PARENT_PID=str(os.getpid())), stdout=subprocess.DEVNULL)\n"
              "print(p.pid, flush=True)\n"
              "time.sleep(1)\n")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    child = int(out.stdout.split()[0])
    for _ in range(100):             # the parent has exited: the child follows within its period
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(child, 9)
    raise AssertionError("the child outlived its parent by 10 s")
