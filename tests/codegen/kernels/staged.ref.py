import numpy as np

TEST_SIZES = {"M": 64, "G": 2}


def reference(inputs, sizes):
    x = inputs["X"]
    return {"Out": np.maximum(x, x * 2), "Col": x * 3,
            "Mx": x.reshape(sizes["G"], 32, 32).max(axis=1)}
