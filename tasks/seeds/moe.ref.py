"""Reference for the MoE grouped-GEMM task: rows sorted by expert, each 16-row tile routed
to one expert; Y[r] = X[r] @ W[route[r]]."""
import numpy as np

TEST_SIZES = {"T": 32, "H": 64, "F": 16, "E": 3, "NT": 2}     # two tiles, up to two experts, two 32-wide k tiles
BENCH_SIZES = {"T": 8192, "H": 4096, "F": 1024, "E": 8, "NT": 512}


def make_inputs(sizes, rng):
    """Inputs that satisfy the kernel's assumptions: route[r] == tile_expert[r // 16]."""
    t, h, f, e, nt = (sizes[k] for k in ("T", "H", "F", "E", "NT"))
    tile_expert = np.sort(rng.integers(0, e, size=nt)).astype(np.int32)
    return {
        "X": (rng.uniform(0.25, 1.0, size=(t, h)) * rng.choice([-1.0, 1.0], size=(t, h))).astype(np.float32),
        "W": (rng.uniform(0.25, 1.0, size=(e, h, f)) * rng.choice([-1.0, 1.0], size=(e, h, f))).astype(np.float32),
        "route": np.repeat(tile_expert, t // nt).astype(np.int32),
        "tile_expert": tile_expert,
    }


def reference(inputs, sizes):
    x, w, route = inputs["X"].astype(np.float64), inputs["W"].astype(np.float64), inputs["route"]
    return {"Y": np.einsum("rh,rhf->rf", x, w[route]).astype(np.float32)}


def flops(sizes):
    return 2 * sizes["T"] * sizes["H"] * sizes["F"]
