"""NumPy reference for spmv: CSR matrix-vector product, with empty rows."""
import numpy as np

TEST_SIZES = {"R": 6, "R1": 7, "NNZ": 20, "NC": 9}


def make_inputs(sizes, rng):
    r, nnz, nc = sizes["R"], sizes["NNZ"], sizes["NC"]
    cuts = np.sort(rng.integers(0, nnz + 1, size=r - 1)); cuts[1] = cuts[0]   # an empty row
    ptr = np.concatenate([[0], cuts, [nnz]]).astype(np.int32)
    return {"PTR": ptr, "COL": rng.integers(0, nc, size=nnz).astype(np.int32),
            "VALS": rng.uniform(-1, 1, nnz).astype(np.float32), "X": rng.uniform(-1, 1, nc).astype(np.float32)}


def reference(inputs, sizes):
    p, c, v, x = inputs["PTR"], inputs["COL"], inputs["VALS"].astype(np.float64), inputs["X"].astype(np.float64)
    return {"Y": np.array([(v[p[i]:p[i+1]] * x[c[p[i]:p[i+1]]]).sum() for i in range(sizes["R"])], np.float32)}
