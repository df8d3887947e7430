import numpy as np
TEST_SIZES = {"T": 16, "D": 128}
def make_inputs(sizes, rng):
    t, d = sizes["T"], sizes["D"]
    p = rng.permutation(t).astype(np.int32)
    inv = np.argsort(p).astype(np.int32)
    x = (rng.uniform(0.25, 1.0, size=(t, d)) * rng.choice([-1.0, 1.0], size=(t, d))).astype(np.float32)
    return {"X": x, "P": p, "INV": inv}
def reference(inputs, sizes):
    y = np.empty_like(inputs["X"])
    y[inputs["P"]] = inputs["X"]
    return {"Y": y}
