"""Reference for the per-token MoE task: tokens sorted by expert, each expert's run padded
to a multiple of 16 rows; Y[r] = X[r] @ W[route[r]]."""
import numpy as np

TEST_SIZES = {"T": 48, "H": 64, "F": 16, "E": 3}       # three groups of 16, two 32-wide k tiles
BENCH_SIZES = {"T": 8192, "H": 4096, "F": 1024, "E": 8}


def make_inputs(sizes, rng):
    """Inputs that satisfy the kernel's assumptions: route constant over aligned groups of 16."""
    t, h, f, e = (sizes[k] for k in ("T", "H", "F", "E"))
    groups = np.sort(rng.integers(0, e, size=t // 16)).astype(np.int32)
    return {
        "X": (rng.uniform(0.25, 1.0, size=(t, h)) * rng.choice([-1.0, 1.0], size=(t, h))).astype(np.float32),
        "W": (rng.uniform(0.25, 1.0, size=(e, h, f)) * rng.choice([-1.0, 1.0], size=(e, h, f))).astype(np.float32),
        "route": np.repeat(groups, 16).astype(np.int32),
    }


def reference(inputs, sizes):
    x, w, route = inputs["X"].astype(np.float64), inputs["W"].astype(np.float64), inputs["route"]
    return {"Y": np.einsum("rh,rhf->rf", x, w[route]).astype(np.float32)}


def flops(sizes):
    return 2 * sizes["T"] * sizes["H"] * sizes["F"]
