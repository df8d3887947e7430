import numpy as np

TEST_SIZES = {"NB": 3, "K": 2}


def make_inputs(sizes, rng):
    nb, k = sizes["NB"], sizes["K"]
    return {"X": rng.standard_normal((nb, k, 64)).astype(np.float32), "Y": rng.standard_normal((nb, 64)).astype(np.float32), "LEN": rng.integers(0, 2, nb).astype(np.int32)}
def reference(inputs, sizes):
    x, y, ln = inputs["X"], inputs["Y"].copy(), inputs["LEN"]
    for b in range(len(ln)):
        if ln[b] == 1:
            y[b] += x[b, 0]
    return {"Y": y}
