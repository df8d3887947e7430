import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    return {"B": inputs["A"] * 2 + np.float32(np.int64(sizes["R"] * 20).astype(np.int8))}
