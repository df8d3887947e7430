"""NumPy reference for r20_ok_attention_pv.dsl: O = P @ V, fp16 inputs, fp32 result."""
import numpy as np

TEST_SIZES = {"T": 128, "D": 64}


def reference(inputs, sizes):
    return {"O": inputs["P"].astype(np.float32) @ inputs["V"].astype(np.float32)}
