"""NumPy values as the checker types them and the lowering computes them: integer scalars
beside narrow integer tiles, scalars and literal branches beside float tiles, erf in its
operand's type, and the maximum and minimum of floats with -0.0 below +0.0 (docs/SEMANTICS.md).
NumPy's own promotion (a strong np.int64, a 0-d f64 array) computed some of these in a wider
type than the lowering (held-out rounds 86 and 93)."""
from __future__ import annotations

import math

import numpy as np


ERF_F64 = np.vectorize(math.erf, otypes=[np.float64])


def erf(y):
    """erf in the operand's float type, as the lowering's math.erf of an f32 is an f32 (held-out
    round 93: an f64 result carried f64 math through the rest of a GELU)."""
    y = np.asarray(y)
    out = ERF_F64(y)
    return (out.astype(y.dtype) if y.dtype.kind == "f" else out)[()]


def fitting(v, other):
    """An integer scalar against an integer tile whose type cannot hold it, as an int64 (the
    lowering's rule: `x + 3000000000` of an i32 tile is computed in int64 and wraps where it
    is stored); NumPy 2 raises OverflowError for the Python int (held-out round 29)."""
    if isinstance(v, int) and not isinstance(v, bool) and isinstance(other, np.ndarray) \
            and np.issubdtype(other.dtype, np.integer):
        info = np.iinfo(other.dtype)
        if not info.min <= v <= info.max:
            return np.int64(v)
    return v


def like(v, other):
    """A scalar beside a float tile, in the tile's type: the lowering computes `x * R`,
    `x >= N[0]` and `pow(x, 2)` of an f32 tile in f32 (held-out round 93: a size, an element
    read or a literal exponent as an np.int64 or a 0-d f64 made NumPy compute in f64)."""
    if _tile(other) and other.dtype.kind == "f" and np.ndim(v) == 0 and not _tile(v) \
            and np.asarray(v).dtype.kind in "iuf" and not isinstance(v, (bool, np.bool_)):
        return other.dtype.type(v)
    return v


def _tile(x) -> bool:
    """A tile's values: an array, or a 0-d one's NumPy scalar of f16, f32 or a narrow integer
    type (a size or an element read is an int64 scalar, a literal a Python number, and math
    on scalars alone an f64 one, which meets the tile in its type)."""
    return isinstance(x, np.ndarray) or isinstance(x, np.generic) and x.dtype in _TILE_SCALARS


_TILE_SCALARS = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.int8), np.dtype(np.int32))


def branch(v, other):
    """A literal branch of a `where` (a mask's fill) beside a tile branch, in the tile's type
    where it holds the value, as the checker types the pick (held-out round 93: np.where made
    `where(x > 0, x, 5)` of an i8 tile int64, and 0.3 beside an f32 tile f64)."""
    if isinstance(v, (int, float, np.integer, np.floating)) and not _tile(v) and _tile(other):
        if other.dtype.kind == "f":
            return other.dtype.type(v)
        if other.dtype.kind in "iu" and isinstance(v, int):
            info = np.iinfo(other.dtype)
            return other.dtype.type(v) if info.min <= v <= info.max else v
    return v


def ordered_maximum(x, y):
    """np.maximum with -0.0 below +0.0 (docs/SEMANTICS.md; NumPy returns its second operand
    of two zeros, held-out round 86); NaN propagates."""
    out = np.maximum(x, y)
    if np.asarray(out).dtype.kind != "f":
        return out
    return np.where((np.asarray(x) == 0) & (np.asarray(y) == 0), np.add(x, y), out)[()]


def ordered_minimum(x, y):
    out = np.minimum(x, y)
    if np.asarray(out).dtype.kind != "f":
        return out
    return np.where((np.asarray(x) == 0) & (np.asarray(y) == 0), -np.subtract(np.negative(x), y), out)[()]


def ordered_max(vals, axis: int):
    """np.max along axis, +0.0 where the maximum is a zero and some element +0.0."""
    out = np.max(vals, axis=axis)
    if vals.dtype.kind != "f":
        return out
    plus = ((vals == 0) & ~np.signbit(vals)).any(axis=axis)
    return np.where(out == 0, np.where(plus, 0.0, -0.0).astype(vals.dtype), out)[()]


def ordered_min(vals, axis: int):
    """np.min along axis, -0.0 where the minimum is a zero and some element -0.0."""
    out = np.min(vals, axis=axis)
    if vals.dtype.kind != "f":
        return out
    minus = ((vals == 0) & np.signbit(vals)).any(axis=axis)
    return np.where(out == 0, np.where(minus, -0.0, 0.0).astype(vals.dtype), out)[()]


def literal(v) -> bool:
    return type(v) in (int, float)


def as_checked(v):
    """A literal as dsl/compute.type_compute types it: f32, or i32 (an int64 past its range,
    as `fitting` takes one)."""
    if isinstance(v, float):
        return np.float32(v)
    return np.int32(v) if -2 ** 31 <= v < 2 ** 31 else np.int64(v)
