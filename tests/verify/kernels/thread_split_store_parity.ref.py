"""NumPy reference for thread_split_store_parity.dsl: thread t does elements 4 t .. 4 t + 3
of a block's 512; even threads store x + 1, odd ones x."""
import numpy as np

TEST_SIZES = {"R": 16}


def reference(inputs, sizes):
    x = inputs["X"].copy().reshape(-1, 512)
    x[:, (np.arange(512) // 4) % 2 == 0] += 1.0
    return {"Y": x.reshape(-1, 64)}
