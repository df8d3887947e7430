import numpy as np
TEST_SIZES = {"R": 2}
def make_inputs(sizes, rng):
    R = sizes["R"]
    x = rng.integers(-128, 128, size=(R, 32)).astype(np.int8)
    x[:, :4] = [127, -128, 0, 1]
    return {"X": x}
def reference(inputs, sizes):
    x = inputs["X"]
    w = np.where(x > 0, np.float32(1), np.float32(0.1))    # an f32 tile (SEMANTICS.md)
    return {"Y": np.where(w < np.float32(0.1000000001), 1, 0).astype(np.int32)}
