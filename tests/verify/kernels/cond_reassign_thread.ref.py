import numpy as np
TEST_SIZES = {"R": 16}
def reference(inputs, sizes):
    x = inputs["X"].copy().reshape(-1, 512)
    # default distribution: element e of the 8x64 tile on thread e % 128
    e = np.arange(512)
    x[:, (e % 128) >= 64] *= 2.0
    return {"Y": x.reshape(-1, 64)}
