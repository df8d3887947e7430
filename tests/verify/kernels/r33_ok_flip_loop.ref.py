import numpy as np
TEST_SIZES = {"N": 77}
def reference(inputs, sizes):
    return {"Y": inputs["X"][::-1].copy()}
