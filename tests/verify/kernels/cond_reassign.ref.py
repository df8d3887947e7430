import numpy as np
TEST_SIZES = {"R": 32}
def reference(inputs, sizes):
    x = inputs["X"].copy()
    for b in range(sizes["R"] // 8):
        if b % 2 == 1: x[b*8:(b+1)*8] *= 2.0
    return {"Y": x}
