import numpy as np
TEST_SIZES = {"N": 200}
def make_inputs(sizes, rng):
    return {'X': rng.integers(-120, 120, (1, 32)).astype(np.int8), 'Y': np.zeros((1, 32), np.int8), 'Z': np.zeros(sizes['N'], np.float32)}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.int64)
    return {"Y": np.where(x < sizes["N"], x, 0).astype(np.int8)}
