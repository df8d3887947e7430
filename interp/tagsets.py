"""Summarised concrete tags, for values whose contribution lists would be astronomically long.

Elementwise math multiplies contribution counts (softmax's `exp(x - m) / l` has about C^3 per
element), so past a size limit a value keeps, per element and field, the *set* of values the
field takes, whether some contribution lacks the field, the exact number of contributions,
and whether some value may repeat at one occurrence position. That is everything a tag
assertion observes, except the repeat test of `range`, which becomes "undecided" when
`dup` is set (never a false verdict).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class SetTags:
    names: tuple[str, ...]
    offsets: tuple[int, ...]
    member: tuple[np.ndarray, ...]   # per field: bool (*shape, D): value offset + d occurs
    missing: np.ndarray              # bool (*shape, nfields): some contribution lacks the field
    dup: np.ndarray                  # bool (*shape, nfields): a value may repeat at one position
    count: np.ndarray                # float64 (*shape): number of contributions
    split: np.ndarray                # bool (*shape, nfields): one record may hold two values of the field

    @property
    def shape(self) -> tuple[int, ...]:
        return self.count.shape

    def field(self, name: str) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
        """(offset, member, missing, dup) of a field; absent fields are missing wherever count > 0."""
        if name in self.names:
            i = self.names.index(name)
            return self.offsets[i], self.member[i], self.missing[..., i], self.dup[..., i]
        return 0, np.zeros(self.shape + (0,), bool), self.count > 0, np.zeros(self.shape, bool)

    def split_of(self, name: str) -> np.ndarray:
        """Per element: may one record hold two different values of the field?"""
        if name in self.names:
            return self.split[..., self.names.index(name)]
        return np.zeros(self.shape, bool)

    def _map(self, fn, fn_count=None) -> "SetTags":
        fn_count = fn_count or fn
        return SetTags(self.names, self.offsets, tuple(fn(m, 1) for m in self.member), fn(self.missing, 1),
                       fn(self.dup, 1), fn_count(self.count, 0), fn(self.split, 1))

    def __getitem__(self, idx) -> "SetTags":
        return self._map(lambda a, _: a[idx])

    def broadcast(self, shape) -> "SetTags":
        shape = tuple(shape)
        return self._map(lambda a, extra: np.broadcast_to(a, shape + a.shape[a.ndim - extra:]))

    def reshape(self, shape) -> "SetTags":
        shape = resolve_shape(tuple(shape), self.shape)
        return self._map(lambda a, extra: a.reshape(shape + a.shape[a.ndim - extra:]))

    def insert_axis(self, axis: int, n: int) -> "SetTags":
        shape = self.shape[:axis] + (n,) + self.shape[axis:]
        return self._map(lambda a, extra: np.broadcast_to(np.expand_dims(a, axis),
                                                          shape + a.shape[a.ndim - extra:]))

    def copy(self) -> "SetTags":
        return self._map(lambda a, _: a.copy())


def _align(parts: list[SetTags]) -> list[SetTags]:
    """The same fields in the same order with the same value domains."""
    names = tuple(sorted({n for p in parts for n in p.names}))
    lo, hi = {}, {}
    for p in parts:
        for n, off, m in zip(p.names, p.offsets, p.member):
            lo[n] = min(lo.get(n, off), off)
            hi[n] = max(hi.get(n, off + m.shape[-1]), off + m.shape[-1])
    out = []
    for p in parts:
        members, missing, dup, split = [], [], [], []
        for n in names:
            width = hi[n] - lo[n]
            mem = np.zeros(p.shape + (width,), bool)
            if n in p.names:
                i = p.names.index(n)
                start = p.offsets[i] - lo[n]
                mem[..., start:start + p.member[i].shape[-1]] = p.member[i]
                missing.append(p.missing[..., i])
                dup.append(p.dup[..., i])
                split.append(p.split[..., i])
            else:
                missing.append(p.count > 0)
                dup.append(np.zeros(p.shape, bool))
                split.append(np.zeros(p.shape, bool))
            members.append(mem)
        out.append(SetTags(names, tuple(lo[n] for n in names), tuple(members),
                           np.stack(missing, -1) if names else np.zeros(p.shape + (0,), bool),
                           np.stack(dup, -1) if names else np.zeros(p.shape + (0,), bool), p.count,
                           np.stack(split, -1) if names else np.zeros(p.shape + (0,), bool)))
    return out


def from_exact(t) -> SetTags:
    """Summarise exact tags (tags.Tags) without losing anything an assertion observes."""
    names = tuple(sorted(set(t.schema)))
    fields = [_field_sets(t, t.slots(n)) for n in names]
    empty = np.zeros(t.shape + (0,), bool)
    return SetTags(names, tuple(f[0] for f in fields), tuple(f[1] for f in fields),
                   np.stack([f[2] for f in fields], -1) if names else empty,
                   np.stack([f[3] for f in fields], -1) if names else empty, t.valid.sum(-1).astype(np.float64),
                   np.stack([split_records(t, n) for n in names], -1) if names else empty)


def split_records(t, name: str) -> np.ndarray:
    """Per element of exact tags: does some record hold two different values of the field (a
    product that paired a's k with another b's k)?"""
    slots = t.slots(name)
    if len(slots) < 2:
        return np.zeros(t.shape, bool)
    big = np.iinfo(np.int64).max
    vals, present = t.vals[..., slots], t.has[..., slots] & t.valid[..., None]
    hi = np.max(np.where(present, vals, -big), -1)
    lo = np.min(np.where(present, vals, big), -1)
    return ((present.sum(-1) >= 2) & (hi > lo)).any(-1)


def _field_sets(t, slots: list[int]) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """(offset, member, missing, dup) of one field, slot by slot (a record holds a field a few
    times at most) over views of the contribution arrays, which may hold millions of entries."""
    present = [t.has[..., s] & t.valid for s in slots]                       # (..., C) each
    big = np.iinfo(np.int64).max
    lo = min(int(np.min(t.vals[..., s], where=h, initial=big)) for s, h in zip(slots, present))
    hi = max(int(np.max(t.vals[..., s], where=h, initial=-big)) for s, h in zip(slots, present)) + 1
    lo, hi = (lo, hi) if lo <= hi - 1 else (0, 1)
    width, depth = hi - lo, len(slots)
    elements = int(np.prod(t.shape, dtype=np.int64))
    # seen[e, p, v]: value lo + v is the p-th occurrence of the field in some record of element e
    seen = np.zeros(elements * depth * width + 1, bool)                      # + 1: where absent slots go
    element = np.arange(elements, dtype=np.int64).reshape(t.shape + (1,))
    before = np.zeros(t.valid.shape, np.int64)                               # occurrences in earlier slots
    for s, h in zip(slots, present):
        at = (element * depth + before) * width + (t.vals[..., s] - lo)
        seen[np.where(h, at, seen.size - 1).ravel()] = True
        before += t.has[..., s]
    seen = seen[:-1].reshape(t.shape + (depth, width))
    # records with a p-th occurrence; fewer distinct values there than such records: a repeat
    occurs = ((before[..., None] > np.arange(depth)) & t.valid[..., None]).sum(-2)
    return lo, seen.any(-2), (t.valid & (before == 0)).any(-1), (seen.sum(-1) < occurs).any(-1)


def empty_sets(shape) -> SetTags:
    shape = tuple(shape)
    z = np.zeros(shape + (0,), bool)
    return SetTags((), (), (), z, z, np.zeros(shape, np.float64), z)


def product(x: SetTags, y: SetTags) -> SetTags:
    shape = np.broadcast_shapes(x.shape, y.shape)
    x, y = _align([x.broadcast(shape), y.broadcast(shape)])
    nx, ny = x.count > 0, y.count > 0
    members = tuple((mx & ny[..., None]) | (my & nx[..., None]) for mx, my in zip(x.member, y.member))
    anyx = np.stack([m.any(-1) for m in x.member], -1) if x.names else x.dup
    anyy = np.stack([m.any(-1) for m in y.member], -1) if y.names else y.dup
    dup = ((x.dup & ny[..., None]) | (y.dup & nx[..., None]) | (anyx & (y.count >= 2)[..., None])
           | (anyy & (x.count >= 2)[..., None]))
    # a field both operands carry may pair different values in one record: the sets cannot tell
    split = x.split | y.split | (anyx & anyy)
    return SetTags(x.names, x.offsets, members, x.missing & y.missing, dup, x.count * y.count, split)


def union(x: SetTags, y: SetTags) -> SetTags:
    shape = np.broadcast_shapes(x.shape, y.shape)
    x, y = _align([x.broadcast(shape), y.broadcast(shape)])
    overlap = np.stack([(mx & my).any(-1) for mx, my in zip(x.member, y.member)], -1) if x.names else x.dup
    return SetTags(x.names, x.offsets, tuple(mx | my for mx, my in zip(x.member, y.member)),
                   x.missing | y.missing, x.dup | y.dup | overlap, x.count + y.count, x.split | y.split)


def reduce_axis(x: SetTags, axis: int) -> SetTags:
    counts = [m.sum(axis) for m in x.member]
    overlap = np.stack([(c > 1).any(-1) for c in counts], -1) if x.names else x.dup.any(axis)
    return SetTags(x.names, x.offsets, tuple(c > 0 for c in counts), x.missing.any(axis),
                   x.dup.any(axis) | overlap, x.count.sum(axis), x.split.any(axis))


def _bmm(a3: np.ndarray, b2: np.ndarray) -> np.ndarray:
    """out[i, j, v] = sum_k a3[i, k, v] * b2[k, j], as one matrix product."""
    i, k, v = a3.shape
    return (np.swapaxes(a3, 1, 2).reshape(i * v, k) @ b2).reshape(i, v, -1).swapaxes(1, 2)


def _bmm_right(a2: np.ndarray, b3: np.ndarray) -> np.ndarray:
    """out[i, j, v] = sum_k a2[i, k] * b3[k, j, v]."""
    k, j, v = b3.shape
    return (a2 @ b3.reshape(k, j * v)).reshape(a2.shape[0], j, v)


def contract(a: SetTags, b: SetTags) -> SetTags:
    """For c[i, j]: the union over kk of product(a[i, kk], b[kk, j]), without the (i, j, kk) cube."""
    a, b = _align([a, b])
    na, nb = (a.count > 0).astype(np.float64), (b.count > 0).astype(np.float64)
    ca, cb = a.count, b.count
    members, dups = [], []
    for k, (ma, mb) in enumerate(zip(a.member, b.member)):
        fa, fb = ma.astype(np.float32), mb.astype(np.float32)
        cb32, ca32 = np.minimum(cb, 2).astype(np.float32), np.minimum(ca, 2).astype(np.float32)
        mult = _bmm(fa, cb32) + _bmm_right(ca32, fb)      # > 0: the value occurs; > 1: it repeats
        members.append(mult > 0)
        d = ((a.dup[..., k].astype(np.float64) @ nb) + (na @ b.dup[..., k].astype(np.float64))) > 0
        dups.append(d | (mult > 1).any(-1))
    shape = (a.shape[0], b.shape[1])
    if a.names:
        miss = np.stack([(a.missing[..., f].astype(np.float64) @ b.missing[..., f].astype(np.float64)) > 0
                         for f in range(len(a.names))], -1)
    else:
        miss = np.zeros(shape + (0,), bool)
    dup = np.stack(dups, -1) if dups else np.zeros(shape + (0,), bool)
    splits = []    # as product's, for some kk: either side split, or both carry the field
    for f in range(len(a.names)):
        sa, sb = a.split[..., f].astype(np.float64), b.split[..., f].astype(np.float64)
        ha, hb = a.member[f].any(-1).astype(np.float64), b.member[f].any(-1).astype(np.float64)
        splits.append((sa @ nb + na @ sb + ha @ hb) > 0)
    split = np.stack(splits, -1) if splits else np.zeros(shape + (0,), bool)
    return SetTags(a.names, a.offsets, tuple(members), miss, dup, ca @ cb, split)


def where(mask: np.ndarray, new: SetTags, old: SetTags) -> SetTags:
    new, old = _align([new.broadcast(old.shape), old])
    m = np.asarray(mask, bool)
    return SetTags(new.names, new.offsets, tuple(np.where(m[..., None], a, b) for a, b in zip(new.member, old.member)),
                   np.where(m[..., None], new.missing, old.missing), np.where(m[..., None], new.dup, old.dup),
                   np.where(m, new.count, old.count), np.where(m[..., None], new.split, old.split))


def assign(target: SetTags, idx, value: SetTags) -> SetTags:
    t, v = _align([target, value])
    t = t.copy()
    for a, b in zip(t.member, v.member):
        a[idx] = b
    t.missing[idx] = v.missing
    t.dup[idx] = v.dup
    t.split[idx] = v.split
    t.count[idx] = v.count
    return t


def describe(t: SetTags, idx) -> str:
    parts = []
    for n, off, m in zip(t.names, t.offsets, t.member):
        vals = np.flatnonzero(m[idx]) + off
        shown = ", ".join(map(str, vals[:6])) + (", ..." if len(vals) > 6 else "")
        parts.append(f"{n} in {{{shown}}}")
    return f"{int(t.count[idx])} contribution(s) with " + ("; ".join(parts) or "no fields")


def resolve_shape(shape: tuple, old: tuple) -> tuple:
    """A -1 extent made explicit (NumPy cannot infer it when an element has no contributions)."""
    if -1 not in shape:
        return shape
    known = int(np.prod([d for d in shape if d != -1], dtype=np.int64))
    total = int(np.prod(old, dtype=np.int64))
    return tuple(total // max(known, 1) if d == -1 else d for d in shape)
