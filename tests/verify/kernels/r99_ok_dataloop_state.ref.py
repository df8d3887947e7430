import numpy as np

TEST_SIZES = {"N": 96, "NB": 3}


def make_inputs(sizes, rng):
    nb = sizes["NB"]
    return {"X": rng.standard_normal(nb * 32).astype(np.float32), "Y": rng.standard_normal(nb * 32).astype(np.float32), "F": rng.integers(0, 2, nb).astype(np.int32)}
def reference(inputs, sizes):
    x, y, f = inputs["X"], inputs["Y"].copy(), inputs["F"]
    for t in range(len(f)):
        if f[t] == 1:
            y[t*32:(t+1)*32] += x[t*32:(t+1)*32]
    return {"Y": y}
