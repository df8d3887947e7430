"""NumPy reference for tests/kernels/wgmma/ok_block_condition.dsl: A @ B in even row blocks, zeros in odd ones."""
import numpy as np
TEST_SIZES = {"M": 128, "N": 64}
def reference(inputs, sizes):
    a, b = (inputs[x].astype(np.float64) for x in ("A", "B"))
    c = a @ b
    c[64:128] = 0.0
    return {"C": c.astype(np.float32)}
