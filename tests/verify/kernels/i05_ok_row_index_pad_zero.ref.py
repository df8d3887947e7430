import numpy as np
TEST_SIZES = {"R": 5, "T": 8}
def reference(inputs, sizes):
    y = np.zeros((sizes["T"], 64), dtype=np.float32); y[:sizes["R"]] = inputs["X"]
    return {"Y": y}
