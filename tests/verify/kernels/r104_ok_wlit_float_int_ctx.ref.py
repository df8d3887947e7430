import numpy as np
TEST_SIZES = {"R": 2}
def make_inputs(sizes, rng):
    R = sizes["R"]
    x = rng.integers(-128, 128, size=(R, 32)).astype(np.int8)
    x[:, :4] = [127, -128, 0, 1]
    return {"X": x}
def reference(inputs, sizes):
    x = inputs["X"]
    # SEMANTICS.md: a where of two literals is a tile of the checker's type, f32 here; f32 math
    w = np.where(x > 0, np.float32(1), np.float32(0.5))
    v = (w + np.float32(0.1) - np.float32(1.0)) * np.float32(1e9)
    return {"Y": v.astype(np.int32)}
