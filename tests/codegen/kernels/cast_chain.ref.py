import numpy as np

TEST_SIZES = {"N": 128}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float32)
    y = (np.trunc(x * np.float32(8)).astype(np.int32).astype(np.float32) + x.astype(np.float16).astype(np.float32)
         + x.astype(np.float64).astype(np.float32) + np.trunc(x * np.float32(4)).astype(np.int8).astype(np.float32))
    return {"Y": y}
