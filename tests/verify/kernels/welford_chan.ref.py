import numpy as np
TEST_SIZES = {"R": 8, "C": 192}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    return {"Mean": x.mean(axis=1).astype(np.float32), "Var": x.var(axis=1).astype(np.float32)}
