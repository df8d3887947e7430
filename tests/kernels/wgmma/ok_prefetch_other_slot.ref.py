"""NumPy reference for tests/kernels/wgmma/ok_prefetch_other_slot.dsl: C = A @ B (f16 inputs, f32 result)."""
import numpy as np

TEST_SIZES = {"M": 64, "N": 64, "K": 192}       # three k tiles: both slots, one refilled


def reference(inputs, sizes):
    a, b = (inputs[x].astype(np.float64) for x in ("A", "B"))
    return {"C": (a @ b).astype(np.float32)}
