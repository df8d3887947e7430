"""NumPy reference for tests/kernels/wgmma/ok_wait_in_one_trip_loop.dsl: C = A @ B."""
import numpy as np
TEST_SIZES = {"M": 64, "N": 64, "K": 256}
def reference(inputs, sizes):
    a, b = (inputs[x].astype(np.float64) for x in ("A", "B"))
    return {"C": (a @ b).astype(np.float32)}
