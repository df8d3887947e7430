"""NumPy reference for tests/kernels/wgmma/ok_two_warpgroups.dsl: C = A @ B (f16 inputs, f32 result)."""
import numpy as np

TEST_SIZES = {"M": 128, "N": 64, "K": 128}      # one block, two k tiles: both slots of the ring


def reference(inputs, sizes):
    a, b = (inputs[x].astype(np.float64) for x in ("A", "B"))
    return {"C": (a @ b).astype(np.float32)}
