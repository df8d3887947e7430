import numpy as np

TEST_SIZES = {"R": 2}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float32)
    with np.errstate(all="ignore"):
        a = 1.0 / (1.0 + np.exp(-(x * np.float32(1000.0))))
        b = 1.0 / (1.0 + np.exp(x * np.float32(100.0)))
        c = (np.where(np.log(x) > -0.5, 1.0, 2.0) + np.where(np.sqrt(x) < 0.75, 4.0, 8.0)
             + np.where(np.power(x, 0.5) < 0.75, 16.0, 32.0))
    return {"A": a.astype(np.float32), "B": b.astype(np.float32), "C": c.astype(np.float32)}
