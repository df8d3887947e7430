import numpy as np
TEST_SIZES = {"N": 300, "NB": 3}


def make_inputs(sizes, rng):
    return {"X": rng.integers(0, 16, size=sizes["N"]).astype(np.int32),
            "H": np.zeros((sizes["NB"], 16), np.int32)}


def reference(inputs, sizes):
    x = inputs["X"]
    H = np.zeros((sizes["NB"], 16), np.int32)
    for b in range(sizes["NB"]):
        H[b] = [(x[128 * b:128 * b + 128] < k).sum() for k in range(16)]
    return {"H": H}
