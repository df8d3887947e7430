import numpy as np
TEST_SIZES = {"N": 256}
def make_inputs(sizes, rng):
    return {"X": rng.standard_normal(sizes["N"]).astype(np.float32), "Y": rng.standard_normal(sizes["N"]).astype(np.float32)}
def reference(inputs, sizes):
    y = inputs["Y"].copy(); m = (np.arange(sizes["N"]) % 128) < 64
    y[m] += inputs["X"][m]
    return {"Y": y}
