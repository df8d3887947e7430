import numpy as np
TEST_SIZES = {"M": 32, "N": 128}
def make_inputs(sizes, rng):
    m, n = sizes["M"], sizes["N"]
    return {"X": rng.uniform(-1, 1, (m, n)).astype(np.float32), "KEEP": rng.uniform(size=(m, n)) < 0.5}
def reference(inputs, sizes):
    return {"Y": np.where(inputs["KEEP"], inputs["X"], 0.0).astype(np.float32)}
