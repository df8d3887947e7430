"""The simulator fallbacks of codegen_cuda/ptx.py have the semantics of the PTX
instructions they stand for: a warp's ldmatrix + mma.sync computes A @ B + C from
fragments spread over its lanes, lanes that supply wrong addresses get a wrong answer,
shfl.xor returns the partner lane's value, a collective some lanes of the warp exited
before is an error (not a hang), and misaligned 16-byte accesses are refused.
Each case runs in a child process with NUMBA_ENABLE_CUDASIM=1."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from codegen_cuda.module import runtime_source

pytestmark = pytest.mark.simulator

KERNELS = textwrap.dedent('''
    import json, sys


    def mma_tile(A, B, C, D, skew):
        """One warp: A (16x16) and B (16x8) staged in shared memory, loaded with
        ldmatrix (lane l supplies row l % 16, column block l // 16, shifted by `skew`
        rows when non-zero), multiplied with mma.sync; D gets the C fragment back."""
        sm = cuda.shared.array(0, types.float16)
        t = cuda.threadIdx.x
        for i in range(8):
            sm[t * 8 + i] = A[t // 2, (t % 2) * 8 + i]
        for i in range(4):
            sm[256 + t * 4 + i] = B[t // 2, (t % 2) * 4 + i]
        cuda.syncthreads()
        r = (t % 16 + skew) % 16
        a0, a1, a2, a3 = ldmatrix_x4(sm, r * 16 + (t // 16) * 8)
        b0, b1 = ldmatrix_x2_trans(sm, 256 + (t % 16) * 8)
        g, c = t // 4, t % 4
        d0, d1, d2, d3 = mma_16816(a0, a1, a2, a3, b0, b1, C[g, 2 * c], C[g, 2 * c + 1],
                                   C[g + 8, 2 * c], C[g + 8, 2 * c + 1])
        D[g, 2 * c] = d0
        D[g, 2 * c + 1] = d1
        D[g + 8, 2 * c] = d2
        D[g + 8, 2 * c + 1] = d3


    def warp_sum(X, Y):
        t = cuda.threadIdx.x
        v = X[t]
        v = v + shfl_xor(v, 1)
        v = v + shfl_xor(v, 2)
        v = v + shfl_xor(v, 4)
        v = v + shfl_xor(v, 8)
        v = v + shfl_xor(v, 16)
        Y[t] = v


    def warp_sum_then_split(X, Y):
        """Warp 0 only: every lane meets at one shfl, then lanes 16-31 exit and lanes 0-15
        call a second shfl that their partners never reach (a divergent collective)."""
        t = cuda.threadIdx.x
        if t < 32:
            v = X[t] + shfl_xor(X[t], 1)
            if t < 16:
                v = v + shfl_xor(v, 16)
            Y[t] = v


    def copy16(X, Y, at):
        sm = cuda.shared.array(0, types.float16)
        t = cuda.threadIdx.x
        if t == 0:
            cp_async16(sm, 0, X, (0, at))
            cp_async_commit()
        cp_async_wait_0()
        cuda.syncthreads()
        if t < 8:
            Y[t] = sm[t]


    def vload(X, Y, at):
        t = cuda.threadIdx.x
        if t == 0:
            x0, x1, x2, x3 = ldg_f32x4(X, (1, at))
            Y[0] = x0
            Y[1] = x1
            Y[2] = x2
            Y[3] = x3


    def main(case):
        rng = np.random.default_rng(0)
        out = {}
        if case == "mma":
            A = rng.standard_normal((16, 16)).astype(np.float16)
            B = rng.standard_normal((16, 8)).astype(np.float16)
            C = rng.standard_normal((16, 8)).astype(np.float32)
            want = A.astype(np.float32) @ B.astype(np.float32) + C
            for skew in (0, 1):
                D = np.zeros((16, 8), np.float32)
                cuda.jit(mma_tile)[1, 32, 0, 768](A, B, C, D, skew)
                out[f"err{skew}"] = float(np.abs(D - want).max())
        elif case == "shfl":
            X = rng.standard_normal(64).astype(np.float32)
            Y = np.zeros(64, np.float32)
            cuda.jit(warp_sum)[1, 64](X, Y)
            want = np.repeat([X[:32].sum(), X[32:].sum()], 32)
            out["err"] = float(np.abs(Y - want).max())
        elif case == "shfl_split":
            X = rng.standard_normal(64).astype(np.float32)
            Y = np.zeros(64, np.float32)
            try:
                cuda.jit(warp_sum_then_split)[1, 64](X, Y)
            except Exception as err:
                out["raised"] = str(err)
        elif case in ("copy_ok", "copy_bad"):
            X = rng.standard_normal((2, 32)).astype(np.float16)
            Y = np.zeros(8, np.float16)
            at = 8 if case == "copy_ok" else 4
            try:
                cuda.jit(copy16)[1, 32, 0, 64](X, Y, at)
                out["err"] = float(np.abs(Y.astype(np.float32) - X[0, at:at + 8]).max())
            except Exception as err:
                out["raised"] = str(err)
        elif case in ("vload_ok", "vload_bad"):
            X = rng.standard_normal((2, 16)).astype(np.float32)
            Y = np.zeros(4, np.float32)
            at = 4 if case == "vload_ok" else 2
            try:
                cuda.jit(vload)[1, 32](X, Y, at)
                out["err"] = float(np.abs(Y - X[1, at:at + 4]).max())
            except Exception as err:
                out["raised"] = str(err)
        print("RESULT " + json.dumps(out))


    main(sys.argv[1])
''')

HEADER = "import numpy as np\nfrom numba import config, cuda, types\n\n"


def _run(case: str, tmp_path) -> dict:
    mod = tmp_path / "runtime_case.py"
    mod.write_text(HEADER + runtime_source({0}) + "\n" + KERNELS)
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    proc = subprocess.run([sys.executable, str(mod), case], capture_output=True, text=True, env=env, timeout=600)
    line = next((x for x in proc.stdout.splitlines() if x.startswith("RESULT ")), None)
    assert line is not None, proc.stdout + proc.stderr
    return json.loads(line.removeprefix("RESULT "))


def test_ldmatrix_and_mma_compute_a_warp_product(tmp_path):
    out = _run("mma", tmp_path)
    assert out["err0"] < 1e-3, out
    # lanes that supply the rows of A one off: the product is wrong (the check can fail)
    assert out["err1"] > 0.1, out


def test_shfl_xor_butterfly_sums_each_warp(tmp_path):
    assert _run("shfl", tmp_path)["err"] < 1e-4


def test_a_collective_that_lanes_exited_before_raises(tmp_path):
    """Only warp 0's lanes meet (warp 1 makes no collective call and is not waited for);
    the second shfl, which lanes 16-31 exited before, raises instead of waiting forever."""
    out = _run("shfl_split", tmp_path)
    assert "warp-collective instruction: lane 16 of the warp exited without reaching it" in out.get("raised", ""), out


def test_cp_async_copies_16_aligned_bytes_and_refuses_misaligned(tmp_path):
    assert _run("copy_ok", tmp_path)["err"] == 0.0
    bad = _run("copy_bad", tmp_path)
    assert "not 16-byte aligned" in bad.get("raised", ""), bad


def test_ldg_v4_reads_four_floats_and_refuses_misaligned(tmp_path):
    assert _run("vload_ok", tmp_path)["err"] == 0.0
    bad = _run("vload_bad", tmp_path)
    assert "not 16-byte aligned" in bad.get("raised", ""), bad
