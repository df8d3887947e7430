import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    b = (np.arange(sizes["R"]) // 4).astype(np.float32)[:, None]
    return {"B": inputs["A"] * 2 + b}
