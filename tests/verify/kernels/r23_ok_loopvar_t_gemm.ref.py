"""NumPy reference for r23_ok_loopvar_t_gemm.dsl (a tiled GEMM whose k loop is named t)."""
import numpy as np

TEST_SIZES = {"M": 32, "N": 32, "K": 32}


def reference(inputs, sizes):
    a, b = (inputs[n].astype(np.float32) for n in ("A", "B"))
    return {"C": a @ b}
