"""NumPy reference for proofs/moe_grouped_gemm.dsl: rows sorted by expert, each 64-row
tile routed to one expert; Y[r] = X[r] @ W[route[r]]."""
import numpy as np

TEST_SIZES = {"T": 128, "H": 32, "F": 64, "E": 3, "NT": 2}     # two tiles, two experts
BENCH_SIZES = {"T": 8192, "H": 4096, "F": 1024, "E": 8, "NT": 128}


def make_inputs(sizes, rng):
    """Inputs that satisfy the kernel's assumptions: route[r] == tile_expert[r // 64]."""
    t, h, f, e, nt = (sizes[k] for k in ("T", "H", "F", "E", "NT"))
    tile_expert = np.sort(rng.integers(0, e, size=nt)).astype(np.int32)
    signs = rng.choice([-1.0, 1.0], size=(t, h))
    return {
        "X": (rng.uniform(0.25, 1.0, size=(t, h)) * signs).astype(np.float32),
        "W": (rng.uniform(0.25, 1.0, size=(e, h, f)) * rng.choice([-1.0, 1.0], size=(e, h, f))).astype(np.float32),
        "route": np.repeat(tile_expert, 64).astype(np.int32),
        "tile_expert": tile_expert,
    }


def reference(inputs, sizes):
    x, w, route = inputs["X"].astype(np.float64), inputs["W"].astype(np.float64), inputs["route"]
    y = np.zeros((x.shape[0], w.shape[2]))
    for e in range(w.shape[0]):      # per expert: w[route] would be T x H x F (256 GB at the bench size)
        rows = route == e
        y[rows] = x[rows] @ w[e]
    return {"Y": y.astype(np.float32)}


def flops(sizes):
    return 2 * sizes["T"] * sizes["H"] * sizes["F"]


def vendor(inputs, sizes):
    """The usual framework MoE: a loop over experts, each multiplying the rows routed to it
    (gathered by index) by its weights with the vendor GEMM (fp32, no TF32)."""
    import importlib
    x, w, route = inputs["X"], inputs["W"], inputs["route"]
    shape = (x.shape[0], w.shape[2])
    if hasattr(x, "new_empty"):          # torch
        y = x.new_empty(shape)
    else:                                # cupy (or numpy, for a check on the host)
        y = importlib.import_module(type(x).__module__.split(".")[0]).empty(shape, dtype=x.dtype)
    for e in range(w.shape[0]):
        rows = (route == e).nonzero()
        rows = rows.flatten() if hasattr(rows, "flatten") else rows[0]
        y[rows] = x[rows] @ w[e]
    return {"Y": y}
