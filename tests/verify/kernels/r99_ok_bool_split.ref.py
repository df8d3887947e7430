import numpy as np

TEST_SIZES = {"N": 96, "NB": 3}


def make_inputs(sizes, rng):
    nb = sizes["NB"]
    return {"X": rng.standard_normal(nb * 32).astype(np.float32), "F": rng.integers(0, 2, nb).astype(np.bool_)}


def reference(inputs, sizes):
    x, f = inputs["X"], inputs["F"]
    y = x.copy()
    for b in range(len(f)):
        if f[b] != 0:
            y[b * 32:(b + 1) * 32] = x[b * 32:(b + 1) * 32] * np.float32(2.0)
    return {"Y": y}
