import numpy as np
TEST_SIZES = {}
def reference(inputs, sizes):
    x = inputs["X"]
    return {"Y": x[::-1].copy(), "Z": x[:1].copy()}
