"""Random inputs and the comparison of outputs with a reference, shared by `argus run`
and bench/gpu.py. NumPy only: no dsl/, no numba (bench/gpu.py runs without the front end).
"""
from __future__ import annotations

import math
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


@dataclass(frozen=True)
class Difference:
    """How an output differs from the expected one; each check (argus run's against the
    reference, the differential check's against the interpreter, the agent's) reads the
    fields it needs. Unwritten elements are NaN (floats) or the most negative integer."""
    elements: int
    unwritten: int      # written in `want`, unwritten in `got`
    extra: int          # unwritten in `want` (the program leaves them alone), written in `got`
    max_abs: float      # floats: max |got - want| over the elements both write; else the count of unequal ones
    scale: float        # max |want| over its written elements (floats)
    constant: bool      # `got` is one constant where `want` varies (a zero output never passes by luck)

    @property
    def rel_err(self) -> float:
        return self.max_abs / max(self.scale, 1e-30) if self.scale or self.max_abs else 0.0


def _unwritten(a: np.ndarray) -> np.ndarray:
    if np.issubdtype(a.dtype, np.floating):
        return np.isnan(a)
    if a.dtype == np.bool_:
        return np.zeros(a.shape, dtype=bool)
    return a == np.iinfo(a.dtype).min


def difference(got, want) -> Difference:
    """`got` against `want` (same shape, else ValueError)."""
    got, want = np.asarray(got), np.asarray(want)
    if got.shape != want.shape:
        raise ValueError(f"shape {got.shape}, expected {want.shape}")
    hole_g, hole_w = _unwritten(got), _unwritten(want)
    both = ~hole_g & ~hole_w
    unwritten, extra = int(np.count_nonzero(hole_g & ~hole_w)), int(np.count_nonzero(~hole_g & hole_w))
    if np.issubdtype(want.dtype, np.floating) or np.issubdtype(got.dtype, np.floating):
        g, w = got[both].astype(np.float64), want[both].astype(np.float64)
        # Equal infinities (a row max over nothing is -inf) agree; inf - inf would be NaN.
        with np.errstate(invalid="ignore"):
            gap = np.where(g == w, 0.0, np.abs(g - w))
        max_abs = float(np.max(np.where(np.isnan(gap), np.inf, gap))) if w.size else 0.0
        finite = want[~hole_w].astype(np.float64)
        finite = finite[np.isfinite(finite)]
        scale = float(np.max(np.abs(finite))) if finite.size else 0.0
    else:
        max_abs, scale = float(np.count_nonzero(got[both] != want[both])), 0.0
    varying = want.size > 1 and np.any(~hole_w) and np.ptp(want[~hole_w].astype(np.float64)) > 0
    constant = bool(varying and np.any(~hole_g) and np.ptp(got[~hole_g].astype(np.float64)) == 0)
    return Difference(int(want.size), unwritten, extra, max_abs, scale, constant)


def compare(name: str, got: np.ndarray, want, tol: float) -> OutputCheck:
    """Max |got - want| / max |want| over written elements (for integers, the number of
    unequal elements), and the unwritten count."""
    try:
        d = difference(got, want)
    except ValueError as e:
        raise ValueError(f"reference output {name}: {e}") from None
    float_out = np.issubdtype(np.asarray(got).dtype, np.floating)
    err = d.rel_err if float_out else d.max_abs
    if d.extra:
        # the reference's value is the poison itself (an i8 column whose max is -128, a NaN it
        # means) and the program wrote another: a mismatch, not an element to skip (held-out
        # round 54: -127 for -128 passed)
        err = math.inf
    return OutputCheck(name, err, tol, d.unwritten, d.elements)
