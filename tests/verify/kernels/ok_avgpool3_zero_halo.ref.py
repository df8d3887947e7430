"""NumPy reference for ok_avgpool3_zero_halo.dsl: (x[i-1] + x[i] + x[i+1]) / 3, zeros outside."""
import numpy as np

TEST_SIZES = {"N": 256}


def reference(inputs, sizes):
    x = np.pad(inputs["X"].astype(np.float32), 1)
    return {"Y": ((x[:-2] + x[1:-1] + x[2:]) / np.float32(3.0)).astype(np.float32)}
