"""The simulator fallback of codegen_cuda/ptx_wgmma.py has the semantics of wgmma.mma_async
m64n64k16 on 128B-swizzled descriptors: one warpgroup's four k16 steps over a swizzled
64x64 A and B compute A @ B into the accumulator fragment (warp w: rows 16w + lane/4 and
+ 8, value 4i + c the i-th 8-column block's c0..c3); a wrong stride byte offset or a
descriptor without the swizzle mode gives a wrong answer or is refused. The emitter's
descriptor bits are the runtime's. Runs in a child process with NUMBA_ENABLE_CUDASIM=1."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from codegen_cuda.emit_wgmma import desc_bits
from codegen_cuda.module import runtime_source, wgmma_runtime_source

pytestmark = pytest.mark.simulator

CASE = textwrap.dedent('''
    import json, sys


    def swz(o):                      # swizzle(3, 3, 3) of an f16 element offset
        return o ^ ((o & 448) >> 3)


    def gemm(A, B, D, sbo):
        sm = cuda.shared.array(0, types.float16)
        t = cuda.threadIdx.x
        for e in range(t, 4096, 128):
            sm[swz(e)] = A[e // 64, e % 64]
            sm[4096 + swz(e)] = B[e // 64, e % 64]
        cuda.syncthreads()
        sa = sm[0:4096]
        sb = sm[4096:8192]
        acc = (np.float32(0),) * 32
        bits = wgmma_desc_bits(16, sbo)
        wgmma_fence()
        for kk in range(4):
            acc = wgmma_m64n64k16(sa, wgmma_desc(sa, 16 * kk, bits), sb, wgmma_desc(sb, 1024 * kk, bits), acc)
        wgmma_commit()
        wgmma_wait_0()
        w, l = t // 32, t % 32
        for i in range(8):
            for c in range(4):
                D[16 * w + l // 4 + 8 * (c // 2), 8 * i + 2 * (l % 4) + c % 2] = acc[4 * i + c]


    def main(case):
        rng = np.random.default_rng(0)
        A = rng.standard_normal((64, 64)).astype(np.float16)
        B = rng.standard_normal((64, 64)).astype(np.float16)
        want = A.astype(np.float32) @ B.astype(np.float32)
        out = {}
        for name, sbo in (("ok", 1024), ("wrong_sbo", 512)):
            D = np.zeros((64, 64), np.float32)
            cuda.jit(gemm)[1, 128, 0, 16384](A, B, D, sbo)
            out[name] = float(np.abs(D - want).max())
        try:
            _fields(1024)
            out["raised"] = ""
        except RuntimeError as err:
            out["raised"] = str(err)
        out["bits"] = wgmma_desc_bits(16, 1024)
        print("RESULT " + json.dumps(out))


    main(sys.argv[1])
''')


def test_simulated_wgmma_is_the_product_through_the_descriptors(tmp_path):
    mod = tmp_path / "wgmma_case.py"
    mod.write_text("import numpy as np\nfrom numba import config, cuda, types\n\n" + runtime_source(set())
                   + "\n" + wgmma_runtime_source({64}, {0}) + "\n" + CASE)
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    proc = subprocess.run([sys.executable, str(mod), "wgmma"], capture_output=True, text=True, env=env, timeout=600)
    line = next((x for x in proc.stdout.splitlines() if x.startswith("RESULT ")), None)
    assert line is not None, proc.stdout + proc.stderr
    out = json.loads(line.removeprefix("RESULT "))
    assert out["ok"] < 1e-2, out
    assert out["wrong_sbo"] > 0.1, out            # the descriptor's offsets matter
    assert "128-byte swizzle" in out["raised"]     # a descriptor without the swizzle mode is refused
    assert out["bits"] == desc_bits(16, 1024) == (1 << 16) | (64 << 32) | (1 << 62)


def test_every_wgmma_operand_buffer_is_checked_for_alignment_at_entry():
    """The hardware swizzles absolute shared addresses, the proof offsets within a buffer:
    the generated kernel traps unless each operand buffer starts on a 1024-byte boundary."""
    from pathlib import Path

    from codegen_cuda.module import lower
    from dsl.check import check_source
    root = Path(__file__).resolve().parents[2]
    for path in (root / "proofs" / "ws_gemm_wgmma.dsl", root / "tests/kernels/wgmma/ok_two_warpgroups.dsl"):
        text = path.read_text()
        kernel = check_source(text, str(path)).kernel
        source = lower(kernel, text).source
        body = source[source.index(f"\ndef {kernel.name}("):]
        assert body.count("swizzle_aligned(sA)") == 1 and body.count("swizzle_aligned(sB)") == 1, path
        assert body.index("swizzle_aligned(") < body.index("wgmma_m64n")
    plain = root / "proofs" / "gemm_pipelined.dsl"
    source = lower(check_source(plain.read_text(), str(plain)).kernel, plain.read_text()).source
    assert "swizzle_aligned(" not in source[source.index("\ndef gemm_pipelined("):]


def test_generic_writes_into_wgmma_operands_are_fenced_for_the_async_proxy():
    """A wgmma reads its operands through the async proxy: a copy or store into an operand
    buffer is followed by fence.proxy.async.shared::cta in its writer, before the barrier
    that orders it before the wgmma (held-out round 114: only wgmma.fence was emitted)."""
    from pathlib import Path

    from codegen_cuda.module import lower
    from dsl.check import check_source
    root = Path(__file__).resolve().parents[2]
    path = root / "tests/kernels/wgmma/ok_prefetch_other_slot.dsl"
    text = path.read_text()
    kernel = check_source(text, str(path)).kernel
    src = lower(kernel, text).source
    body = src[src.index("def wgmma_prefetch_other_slot("):]
    lines = [l.strip() for l in body.splitlines()]
    copies = [i for i, l in enumerate(lines) if l.startswith("# ") and "  copy s" in l]
    assert len(copies) == 4, lines
    for i in copies:                # the copy's loop, then the fence, before anything else
        after = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("fence_proxy_async_shared()")
                     or lines[j].startswith("# ") or lines[j].startswith("cuda.syncthreads"))
        assert lines[after].startswith("fence_proxy_async_shared()"), lines[i:after + 1]
    assert "fence.proxy.async.shared::cta;" in src
    # a kernel whose operands only bulk copies fill needs no such fence
    ws = root / "proofs/ws_gemm_wgmma.dsl"
    k2 = check_source(ws.read_text(), str(ws)).kernel
    src2 = lower(k2, ws.read_text()).source
    assert "fence_proxy_async_shared()   #" not in src2
