"""NumPy reference for tests/kernels/wgmma/ok_two_warpgroups.dsl: C = A @ B (f16 inputs, f32 result)."""
import numpy as np

TEST_SIZES = {"M": 128, "N": 64, "K": 64}       # one block, one k tile (proofs/ws_gemm_wgmma runs the ring)


def reference(inputs, sizes):
    a, b = (inputs[x].astype(np.float64) for x in ("A", "B"))
    return {"C": (a @ b).astype(np.float32)}
