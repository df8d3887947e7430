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
