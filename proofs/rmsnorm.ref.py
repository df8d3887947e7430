"""NumPy reference for proofs/rmsnorm.dsl: Y = X / sqrt(mean(X^2) + 1e-5) * W, rows of 1024."""
import numpy as np

TEST_SIZES = {"R": 4}
BENCH_SIZES = {"R": 16384}


def reference(inputs, sizes):
    x, w = inputs["X"].astype(np.float64), inputs["W"].astype(np.float64)
    inv = 1.0 / np.sqrt((x * x).sum(axis=1, keepdims=True) / 1024.0 + 1e-5)
    return {"Y": (x * inv * w).astype(np.float32)}


def bytes_moved(sizes):
    return 2 * 4 * sizes["R"] * 1024


def vendor(inputs, sizes):
    """RMS normalisation with the library's elementwise and reduction kernels."""
    x, w = inputs["X"], inputs["W"]
    ms = (x * x).mean(1, keepdims=True) if not hasattr(x, "dim") else (x * x).mean(1, keepdim=True)
    return {"Y": x / (ms + 1e-5) ** 0.5 * w}
