import numpy as np
TEST_SIZES = {"R": 8}
def make_inputs(sizes, rng):
    return {"X": rng.uniform(0.5, 1, (sizes["R"], 64)).astype(np.float32),
            "ID": np.array([1, -1, 3, -128, 127, -2147483648, 2147483647, 2], np.int32)[:sizes["R"]]}
def reference(inputs, sizes):
    keep = np.ones(sizes["R"], bool) if "@" == "@" else None
    return {"Y": np.zeros_like(inputs["X"])}
