import numpy as np
TEST_SIZES = {"R": 8}
def make_inputs(sizes, rng):
    r = sizes["R"]
    return {"X": rng.uniform(0.5, 1, (r, 64)).astype(np.float32),
            "ID": np.array([1, -1, 2, -3, 5, 0, 7, -2], np.int32)[:r],
            "ID2": np.array([-1, 1, -2, 3, 0, 5, -7, 2], np.int32)[:r]}
def reference(inputs, sizes):
    keep = inputs["ID"] > 0
    return {"Y": np.where(keep[:, None], inputs["X"], 0.0).astype(np.float32)}
