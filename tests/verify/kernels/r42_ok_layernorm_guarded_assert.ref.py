"""Reference for r42_ok_layernorm_guarded_assert.dsl: LayerNorm of 256 columns with gain and bias."""
import numpy as np

TEST_SIZES = {"R": 7}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    mean = x.mean(axis=1, keepdims=True)
    d = x - mean
    var = (d * d).mean(axis=1, keepdims=True)
    y = d / np.sqrt(var + 1e-5) * inputs["G"].astype(np.float64) + inputs["Bv"].astype(np.float64)
    return {"Y": y.astype(np.float32)}
