"""Concrete tags for the interpreter: every element of a tile carries a list of contribution records.

Stored column-wise so that a 128x128 accumulator with hundreds of contributions per element
stays a few NumPy arrays: `vals[..., c, s]` is the value of slot `s` (field `schema[s]`) of
contribution `c`; `has` says whether that contribution has that slot; `valid` whether the
contribution exists. A record is the list of its present slots in slot order, so a field may
occur several times (a merged record from `a` and `b` has `k` twice, `a`'s first).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import tagsets as ts


@dataclass(frozen=True)
class Tags:
    schema: tuple[str, ...]
    vals: np.ndarray        # int64 (*shape, C, F)
    has: np.ndarray         # bool  (*shape, C, F)
    valid: np.ndarray       # bool  (*shape, C)
    # No contributions because the value holds no data (zeros, a sum of zeros), as opposed
    # to padding, whose records are dropped: elementwise math pairs it as the empty record.
    const: bool = False

    @property
    def shape(self) -> tuple[int, ...]:
        return self.valid.shape[:-1]

    @property
    def ncontrib(self) -> int:
        return self.valid.shape[-1]

    # ------------------------------------------------------------ constructors
    @staticmethod
    def unit(shape=()) -> "Tags":
        """One record with no fields per element: what a literal or a scalar carries."""
        shape = tuple(shape)
        return Tags((), np.zeros(shape + (1, 0), np.int64), np.zeros(shape + (1, 0), bool),
                    np.ones(shape + (1,), bool))

    @staticmethod
    def empty(shape=(), const: bool = False) -> "Tags":
        """No contributions at all: what `zeros` carries (`const`), or padding, or nothing written."""
        shape = tuple(shape)
        return Tags((), np.zeros(shape + (0, 0), np.int64), np.zeros(shape + (0, 0), bool),
                    np.zeros(shape + (0,), bool), const)

    @staticmethod
    def record(fields: dict[str, np.ndarray], shape) -> "Tags":
        """One record per element with the given field arrays (broadcast to `shape`)."""
        shape = tuple(shape)
        names = tuple(fields)
        if names:
            vals = np.stack([np.broadcast_to(np.asarray(fields[n], np.int64), shape) for n in names], -1)
        else:
            vals = np.zeros(shape + (0,), np.int64)
        vals = vals[..., None, :]
        return Tags(names, vals, np.ones(vals.shape, bool), np.ones(shape + (1,), bool))

    # ------------------------------------------------------------ element access
    def __getitem__(self, idx) -> "Tags":
        """Index the element dimensions only (NumPy advanced or basic indexing)."""
        return Tags(self.schema, self.vals[idx], self.has[idx], self.valid[idx], self.const)

    def broadcast(self, shape) -> "Tags":
        shape = tuple(shape)
        c, f = self.ncontrib, len(self.schema)
        return Tags(self.schema, np.broadcast_to(self.vals, shape + (c, f)),
                    np.broadcast_to(self.has, shape + (c, f)), np.broadcast_to(self.valid, shape + (c,)), self.const)

    def reshape(self, shape) -> "Tags":
        shape = ts.resolve_shape(tuple(shape), self.shape)
        c, f = self.ncontrib, len(self.schema)
        return Tags(self.schema, self.vals.reshape(shape + (c, f)), self.has.reshape(shape + (c, f)),
                    self.valid.reshape(shape + (c,)), self.const)

    def copy(self) -> "Tags":
        return Tags(self.schema, self.vals.copy(), self.has.copy(), self.valid.copy(), self.const)

    def slots(self, name: str) -> list[int]:
        return [i for i, n in enumerate(self.schema) if n == name]

    def compact(self) -> "Tags":
        """Move each element's contributions to the front and drop columns no element uses."""
        if self.ncontrib == 0 or self.valid.all():
            return self
        width = int(self.valid.sum(axis=-1).max()) if self.valid.size else 0
        order = np.argsort(~self.valid, axis=-1, kind="stable")[..., :width]
        vals = np.take_along_axis(self.vals, order[..., None], axis=-2)
        has = np.take_along_axis(self.has, order[..., None], axis=-2)
        valid = np.take_along_axis(self.valid, order, axis=-1)
        return Tags(self.schema, vals, has, valid)


# ---------------------------------------------------------------- schema alignment
def _merged_schema(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[tuple[str, ...], list[int], list[int]]:
    """A schema holding both, with the j-th slot of a field in either mapped to the same slot."""
    out = list(a)
    map_a = list(range(len(a)))
    map_b = []
    slots: dict[str, list[int]] = {}     # name -> its slots in `out`, in order (schemas of
    for i, n in enumerate(out):          # deep trees hold thousands of one name: no rescans)
        slots.setdefault(n, []).append(i)
    seen: dict[str, int] = {}
    for name in b:
        j = seen.get(name, 0)
        seen[name] = j + 1
        have = slots.setdefault(name, [])
        if j < len(have):
            map_b.append(have[j])
        else:
            out.append(name)
            have.append(len(out) - 1)
            map_b.append(len(out) - 1)
    return tuple(out), map_a, map_b


def _widen(t: Tags, schema: tuple[str, ...], mapping: list[int], ncontrib: int) -> Tags:
    shape = t.shape
    vals = np.zeros(shape + (ncontrib, len(schema)), np.int64)
    has = np.zeros(shape + (ncontrib, len(schema)), bool)
    valid = np.zeros(shape + (ncontrib,), bool)
    c = t.ncontrib
    if mapping:
        vals[..., :c, mapping] = t.vals
        has[..., :c, mapping] = t.has
    valid[..., :c] = t.valid
    return Tags(schema, vals, has, valid)


def conform(a: Tags, b: Tags) -> tuple[Tags, Tags]:
    """Both on one schema and one contribution count (padding is invalid)."""
    if a.schema == b.schema and a.ncontrib == b.ncontrib:
        return a, b
    schema, ma, mb = _merged_schema(a.schema, b.schema)
    n = max(a.ncontrib, b.ncontrib)
    return _widen(a, schema, ma, n), _widen(b, schema, mb, n)


# ---------------------------------------------------------------- the operations of the semantics
# Contribution slots in one exact value before it is summarised: accumulation (union, mma)
# grows additively and stays exact far (range assertions on accumulators need positions);
# products of multi-contribution values grow multiplicatively and are summarised sooner.
LIMIT = 1 << 24
LIMIT_PRODUCT = 1 << 21


def _sets(*values):
    """Summaries of exact values; each exact value is summarised once (the result is cached on it)."""
    out = []
    for t in values:
        if isinstance(t, Tags):
            summary = t.__dict__.get("_summary")
            if summary is None:
                summary = ts.from_exact(t)
                object.__setattr__(t, "_summary", summary)
            t = summary
        out.append(t)
    return out


def _too_big(shape, ncontrib: int, nslots: int, limit: int = LIMIT) -> bool:
    return int(np.prod(shape, dtype=np.int64)) * ncontrib * max(1, nslots) > limit


def insert_axis(t, axis: int, n: int):
    """bcast: the same tags repeated along a new dimension."""
    if not isinstance(t, Tags):
        return t.insert_axis(axis, n)
    if _too_big(t.shape + (n,), t.ncontrib, len(t.schema), LIMIT_PRODUCT):
        return _sets(t)[0].insert_axis(axis, n)
    shape = t.shape[:axis] + (n,) + t.shape[axis:]
    return Tags(t.schema, np.expand_dims(t.vals, axis), np.expand_dims(t.has, axis),
                np.expand_dims(t.valid, axis), t.const).broadcast(shape)


def padded(t: Tags, inside: np.ndarray) -> Tags:
    """The tags of a masked read: elements outside the tensor have no contribution (PAD)."""
    return Tags(t.schema, t.vals, t.has, t.valid & inside[..., None])


def product(x, y):
    """Elementwise math: one merged record per pair of contributions (x's fields first). A
    tile with no contributions at all (zeros) holds no data and pairs as the empty record, so
    `zeros + x` carries x's records (as encode/compute_tags.py has it)."""
    x, y = (Tags.unit(t.shape) if isinstance(t, Tags) and t.const else t for t in (x, y))
    shape = np.broadcast_shapes(x.shape, y.shape)
    if isinstance(x, Tags) and isinstance(y, Tags) and not _too_big(
            shape, x.ncontrib * y.ncontrib, len(x.schema) + len(y.schema),
            LIMIT if min(x.ncontrib, y.ncontrib) <= 1 else LIMIT_PRODUCT):
        return _product(x, y, shape)
    return ts.product(*_sets(x, y))


def _product(x: Tags, y: Tags, shape) -> Tags:
    x, y = x.broadcast(shape), y.broadcast(shape)
    cx, cy, fx, fy = x.ncontrib, y.ncontrib, len(x.schema), len(y.schema)
    vals = np.concatenate([np.broadcast_to(x.vals[..., :, None, :], shape + (cx, cy, fx)),
                           np.broadcast_to(y.vals[..., None, :, :], shape + (cx, cy, fy))], -1)
    has = np.concatenate([np.broadcast_to(x.has[..., :, None, :], shape + (cx, cy, fx)),
                          np.broadcast_to(y.has[..., None, :, :], shape + (cx, cy, fy))], -1)
    valid = x.valid[..., :, None] & y.valid[..., None, :]
    return Tags(x.schema + y.schema, vals.reshape(shape + (cx * cy, fx + fy)),
                has.reshape(shape + (cx * cy, fx + fy)), valid.reshape(shape + (cx * cy,)))


def union(x, y):
    """All contributions of both (x's first): accumulation."""
    shape = np.broadcast_shapes(x.shape, y.shape)
    if not (isinstance(x, Tags) and isinstance(y, Tags)) or _too_big(
            shape, x.ncontrib + y.ncontrib, len(set(x.schema) | set(y.schema))):
        return ts.union(*_sets(x, y))
    x, y = x.broadcast(shape), y.broadcast(shape)
    schema, mx, my = _merged_schema(x.schema, y.schema)
    wx = _widen(x, schema, mx, x.ncontrib)
    wy = _widen(y, schema, my, y.ncontrib)
    return Tags(schema, np.concatenate([wx.vals, wy.vals], -2), np.concatenate([wx.has, wy.has], -2),
                np.concatenate([wx.valid, wy.valid], -1), x.const and y.const).compact()


def reduce_axis(x, axis: int):
    """sum/max/min along an axis: every contribution of every reduced element."""
    if not isinstance(x, Tags):
        return ts.reduce_axis(x, axis)
    nd = len(x.shape)
    vals = np.moveaxis(x.vals, axis, nd - 1)
    has = np.moveaxis(x.has, axis, nd - 1)
    valid = np.moveaxis(x.valid, axis, nd - 1)
    rest = vals.shape[:nd - 1]
    n = x.shape[axis] * x.ncontrib
    return Tags(x.schema, vals.reshape(rest + (n, len(x.schema))), has.reshape(rest + (n, len(x.schema))),
                valid.reshape(rest + (n,)), x.const).compact()


def contract(a, b):
    """The mma products: for c[i, j], one merged record of a[i, kk] and b[kk, j] per kk (and pair).
    An operand with no contributions at all (zeros) pairs as the empty record, as in `product`."""
    a, b = (Tags.unit(t.shape) if isinstance(t, Tags) and t.const else t for t in (a, b))
    m, k = a.shape
    n = b.shape[1]
    if not (isinstance(a, Tags) and isinstance(b, Tags)) or _too_big(
            (m, n, k), a.ncontrib * b.ncontrib, len(a.schema) + len(b.schema)):
        return ts.contract(*_sets(a, b))
    ai = a[:, None, :].broadcast((m, n, k))                          # a[i, kk] at (i, j, kk)
    bj = Tags(b.schema, np.swapaxes(b.vals, 0, 1), np.swapaxes(b.has, 0, 1),
              np.swapaxes(b.valid, 0, 1))[None, :, :].broadcast((m, n, k))   # b[kk, j] at (i, j, kk)
    return reduce_axis(_product(ai, bj, (m, n, k)), 2)


def where(mask: np.ndarray, new, old):
    """Elements where `mask` holds take `new`; the others keep `old`."""
    if not (isinstance(new, Tags) and isinstance(old, Tags)):
        return ts.where(mask, *_sets(new, old))
    new, old = conform(new.broadcast(old.shape), old)
    m = np.asarray(mask, bool)
    return Tags(new.schema, np.where(m[..., None, None], new.vals, old.vals),
                np.where(m[..., None, None], new.has, old.has), np.where(m[..., None], new.valid, old.valid))


def assign(target, idx, value):
    """target with target[idx] = value (a new value; the target's arrays are not changed)."""
    if not (isinstance(target, Tags) and isinstance(value, Tags)):
        return ts.assign(*_sets(target), idx, *_sets(value))
    t, v = conform(target, value)
    if t is target:
        t = target.copy()
    t.vals[idx] = v.vals
    t.has[idx] = v.has
    t.valid[idx] = v.valid
    return t


def field_choices(t, name: str):
    """(values, choice ok, missing): the values a field may take at each element, as choices."""
    if isinstance(t, Tags):
        slots = t.slots(name)
        has = t.has[..., slots]
        vals = t.vals[..., slots]
        n = t.ncontrib * len(slots)
        return (vals.reshape(t.shape + (n,)), (t.valid[..., None] & has).reshape(t.shape + (n,)),
                (t.valid & ~has.any(-1)).any(-1))
    off, member, missing, _ = t.field(name)
    vals = np.broadcast_to(np.arange(member.shape[-1], dtype=np.int64) + off, member.shape)
    return vals, member, missing


def no_data(t) -> np.ndarray:
    """Per element: the value holds no record at all (zeros, constants, padding, an
    accumulator no update reached), as encode/holds_data.absent has it."""
    if isinstance(t, Tags):
        return ~t.valid.any(-1)
    return t.count == 0


def has_fields(t) -> np.ndarray:
    """Per element: some record has a field (data, not a literal's empty record)."""
    if isinstance(t, Tags):
        return (t.valid & t.has.any(-1)).any(-1)
    return np.any([m.any(-1) for m in t.member], axis=0) if t.member else np.zeros(t.shape, bool)


def records(t, idx) -> list[list[tuple[str, int]]]:
    """The records of one element, for reports: [[(field, value), ...], ...]."""
    if not isinstance(t, Tags):
        return []
    out = []
    for c in range(t.ncontrib):
        if t.valid[idx + (c,)]:
            out.append([(t.schema[s], int(t.vals[idx + (c, s)])) for s in range(len(t.schema))
                        if t.has[idx + (c, s)]])
    return out
