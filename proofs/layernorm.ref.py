"""NumPy reference for proofs/layernorm.dsl: Y = (X - mean) / sqrt(var + 1e-5) * G + Bv."""
import numpy as np

TEST_SIZES = {"R": 4}
BENCH_SIZES = {"R": 16384}


def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    g, b = inputs["G"].astype(np.float64), inputs["Bv"].astype(np.float64)
    d = x - x.mean(axis=1, keepdims=True)
    var = (d * d).mean(axis=1, keepdims=True)
    return {"Y": (d / np.sqrt(var + 1e-5) * g + b).astype(np.float32)}


def bytes_moved(sizes):
    return 2 * 4 * sizes["R"] * 1024


def vendor(inputs, sizes):
    x = inputs["X"]
    if hasattr(x, "float"):
        import torch
        return {"Y": torch.nn.functional.layer_norm(x, (1024,), inputs["G"], inputs["Bv"], 1e-5)}
    m = x.mean(axis=1, keepdims=True)
    d = x - m
    return {"Y": d / ((d * d).mean(axis=1, keepdims=True) + 1e-5) ** 0.5 * inputs["G"] + inputs["Bv"]}
