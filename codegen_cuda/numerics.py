"""Random inputs and the comparison of outputs with a reference, shared by `argus run`
and bench/gpu.py. NumPy only: no dsl/, no numba (bench/gpu.py runs without the front end).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

NP_DTYPE = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i8": np.int8,
            "i32": np.int32, "i64": np.int64, "bool": np.bool_}
# Relative error allowed, by the least precise float input: fp16 inputs with fp32
# accumulation differ from a NumPy reference by the rounding of the summation order.
RTOL = {"f16": 1e-2, "bf16": 2e-2, "f32": 1e-4, "f64": 1e-10}


@dataclass
class OutputCheck:
    name: str
    rel_err: float
    tolerance: float
    unwritten: int
    elements: int

    @property
    def ok(self) -> bool:
        return self.unwritten == 0 and self.rel_err <= self.tolerance

    def as_dict(self) -> dict:
        return {"name": self.name, "rel_err": self.rel_err, "tolerance": self.tolerance,
                "unwritten": self.unwritten, "elements": self.elements, "ok": self.ok}


def random_array(dtype: str, shape: tuple[int, ...], rng: np.random.Generator, high: int = 8) -> np.ndarray:
    """Floats of magnitude in [0.25, 1] with random signs (never zero); integers in [0, high)."""
    dt = NP_DTYPE[dtype]
    if dtype in RTOL:
        return (rng.uniform(0.25, 1.0, size=shape) * rng.choice([-1.0, 1.0], size=shape)).astype(dt)
    if dtype == "bool":
        return rng.integers(0, 2, size=shape).astype(dt)
    return rng.integers(0, max(1, high), size=shape).astype(dt)


def poisoned(dtype: str, shape: tuple[int, ...]) -> np.ndarray:
    """NaN for floats, the most negative integer otherwise: unwritten elements show."""
    dt = NP_DTYPE[dtype]
    if dtype in RTOL:
        return np.full(shape, np.nan, dtype=dt)
    return np.full(shape, False if dt is np.bool_ else np.iinfo(dt).min, dtype=dt)


def tolerance(dtypes) -> float:
    return max((RTOL[d] for d in dtypes if d in RTOL), default=0.0)


def compare(name: str, got: np.ndarray, want, tol: float) -> OutputCheck:
    """Max |got - want| / max |want| over written elements, and the unwritten count."""
    want = np.asarray(want)
    if got.shape != want.shape:
        raise ValueError(f"reference output {name} has shape {want.shape}; the kernel's is {got.shape}")
    if np.issubdtype(got.dtype, np.floating):
        unwritten = int(np.count_nonzero(np.isnan(got) & ~np.isnan(want)))
        g, w = got.astype(np.float64), want.astype(np.float64)
        diff = np.abs(g - w)[~np.isnan(g)]
        scale = max(float(np.max(np.abs(w))) if w.size else 0.0, 1e-30)
        err = float(diff.max() / scale) if diff.size else 0.0
    elif got.dtype == np.bool_:
        unwritten, err = 0, float(np.count_nonzero(got != want))
    else:
        unwritten = int(np.count_nonzero((got == np.iinfo(got.dtype).min) & (want != got)))
        err = float(np.count_nonzero(got != want))
    return OutputCheck(name, err, tol, unwritten, int(got.size))
