"""Reference for r37_ok_wgmma_role_wait.dsl: one 64 x 64 x 64 tile product per block."""
import numpy as np

TEST_SIZES = {"M": 64, "N": 128}


def reference(inputs, sizes):
    a, b = inputs["A"].astype(np.float32), inputs["B"].astype(np.float32)
    return {"C": a @ b}
