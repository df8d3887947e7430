"""NumPy reference for proofs/gemm_bias_relu.dsl: C = relu(A @ B + bias) in float32."""
import numpy as np

TEST_SIZES = {"M": 32, "N": 64, "K": 32}      # two blocks, two k-tiles
BENCH_SIZES = {"M": 4096, "N": 4096, "K": 4096}


def reference(inputs, sizes):
    z = inputs["A"].astype(np.float64) @ inputs["B"].astype(np.float64) + inputs["Bias"].astype(np.float64)
    return {"C": np.maximum(z, 0.0).astype(np.float32)}


def flops(sizes):
    return 2 * sizes["M"] * sizes["N"] * sizes["K"]


def vendor(inputs, sizes):
    z = inputs["A"] @ inputs["B"] + inputs["Bias"]
    return {"C": z.clamp(min=0) if hasattr(z, "clamp") else z.clip(0, None)}
