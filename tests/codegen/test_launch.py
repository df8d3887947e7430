"""The launcher's refusals name what the proof assumed."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from codegen_cuda.launch import LaunchError, geometry


def test_an_empty_grid_names_the_proofs_premise():
    # held-out round 34: `grid (M - 1)` under `assume M >= 1` proves, and at M = 1 the grid is
    # empty; the proof started from a grid of at least one block, which the error must say
    mod = SimpleNamespace(SIZES=("M",), THREADS=32, SMEM_BYTES=0, grid=lambda m: (m - 1, 1, 1))
    with pytest.raises(LaunchError, match=r"empty grid \(0, 1, 1\) for sizes \{'M': 1\}: the proof's premise"):
        geometry(mod, {"M": 1})
    assert geometry(mod, {"M": 3}) == ((2, 1, 1), (32, 1, 1), 0)


def test_inputs_that_are_not_finite_are_refused_by_name():
    # new-user round 79: a threshold of -inf counted the padding of a proved kernel; proofs
    # assume finite input data (docs/SEMANTICS.md), so a run on such data is no check of them
    import numpy as np
    from codegen_cuda.runner import RunError, seeded_inputs
    from dsl.check import check_source
    text = ("kernel k(X: f32[N], T: f32[N], Y: f32[N]):\n    assume N % 64 == 0\n    grid (N / 64)\n"
            "    threads 64\n    x = load X[block.x * 64 : +64]\n    t = load T[block.x * 64 : +64]\n"
            "    y = x + t\n    store Y[block.x * 64 : +64], y\n")
    kernel = check_source(text, "k.dsl").kernel
    t = np.zeros(64, np.float32)
    t[5] = -np.inf
    ref = SimpleNamespace(make_inputs=lambda sizes, rng: {"X": np.ones(64, np.float32), "T": t})
    with pytest.raises(RunError, match=r"input T holds -inf at \[5\]: proofs assume finite input data"):
        seeded_inputs(kernel, ref, {"N": 64}, 0)
    t[5] = 0.0
    assert set(seeded_inputs(kernel, ref, {"N": 64}, 0)) == {"X", "T"}
