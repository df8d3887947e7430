import numpy as np
TEST_SIZES = {"M": 33, "N": 40, "K": 19}
def reference(inputs, sizes):
    z = inputs["A"].astype(np.float32) @ inputs["B"].astype(np.float32) + inputs["Bias"][None, :]
    return {"C": (z / (1 + np.exp(-z))).astype(np.float32)}
