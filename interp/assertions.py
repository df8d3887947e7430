"""Tag assertions checked on concrete tags, for every value of their index variables at once.

`P` must hold for every choice of contributions (and of occurrences of a repeated field) of the
tags it mentions; each `tag(...)` leaf gets its own choice axis. A contribution without the
field fails P. `tag(x).f == range(lo, hi)` holds when there are max(hi - lo, 0) contributions, each
has f, every value lies in [lo, hi), and no value repeats at one occurrence position (the
first k of a record, its second k ...). `covers(tag(x).f, lo, hi)`: every value lies in
[lo, hi) and every value there occurs; contributions without f do not matter.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dsl import exprs, ir
from dsl.asserts import guarded_claim

from .intexpr import IntEval
from .layout import InterpretError
from .tags import Tags, field_choices, records
from .tagsets import split_records

CHUNK = 1 << 23          # elements of the broadcast condition evaluated at once


@dataclass(frozen=True)
class TileView:
    """What an assertion may read of a tile: its tags, and which elements hold a trusted value."""
    tags: object                # Tags or SetTags over the tile's shape
    written: np.ndarray
    taint: np.ndarray


@dataclass(frozen=True)
class Failure:
    conjunct: ir.Expr
    rule: str                   # TAG, INIT, or UNDECIDED (a summarised value hides the answer)
    point: dict                 # index variable -> value
    detail: str
    derived: bool


def _leaves(e: ir.Expr) -> list[ir.TagField]:
    return [n for n in exprs.iter_nodes(e) if isinstance(n, ir.TagField)]


def _set_form(cond):
    """(leaf, lo, hi, kind) for `tag(x).f == range(lo, hi)` and `covers(tag(x).f, lo, hi)`."""
    if isinstance(cond, ir.Call) and cond.func == "covers" and len(cond.args) == 3:
        return cond.args[0], cond.args[1], cond.args[2], "covers"
    if isinstance(cond, ir.Bin) and cond.op is ir.BinOp.EQ:
        for a, b in ((cond.lhs, cond.rhs), (cond.rhs, cond.lhs)):
            if isinstance(a, ir.TagField) and isinstance(b, ir.RangeSet):
                return a, b.lo, b.hi, "range"
    return None


def index_extents(stmt, views: dict[str, TileView]) -> dict[str, int]:
    ext: dict[str, int] = {}
    for leaf in _leaves(stmt.cond):
        view = views.get(leaf.elem.tensor)
        if view is None:
            raise InterpretError(f"tag({leaf.elem.tensor}[...]) reads no register or shared tile")
        for idx, n in zip(leaf.elem.indices, view.written.shape):
            if isinstance(idx, ir.Sym) and idx.name in stmt.indices:
                ext[idx.name] = min(ext.get(idx.name, n), n)
    missing = [n for n in stmt.indices if n not in ext]
    if missing:
        raise InterpretError(f"index variable {missing[0]} has no extent")
    return ext


class _LeafEval(IntEval):
    def __init__(self, env, elem, leaf_values):
        super().__init__(env, elem)
        self.leaf_values = leaf_values

    def term(self, e):
        if isinstance(e, ir.TagField):
            return self.leaf_values[id(e)]
        if isinstance(e, (ir.RangeSet, ir.Call)) and not (isinstance(e, ir.Call) and e.func in ("min", "max")):
            raise InterpretError("range(lo, hi) and covers(...) must stand alone in a conjunct")
        return super().term(e)


class AssertChecker:
    def __init__(self, stmt, views: dict[str, TileView], ev: IntEval, fixed: dict[str, int] | None = None,
                 held: dict[str, np.ndarray] | None = None):
        """`held`: per register tile, the elements an active thread holds; under a thread-dependent
        `if` an assertion is made only for those (docs/SEMANTICS.md)."""
        self.stmt, self.views, self.ev = stmt, views, ev
        self.held = held or {}
        self.names = list(stmt.indices)
        ext = index_extents(stmt, views)
        fixed = fixed or {}
        self.ranges = [np.array([fixed[n]]) if n in fixed else np.arange(ext[n]) for n in self.names]

    def run(self) -> list[Failure]:
        return [f for f in (self.check(p) for p in exprs.conjuncts(self.stmt.cond)) if f is not None]

    def check(self, part: ir.Expr) -> Failure | None:
        """The first failure of one conjunct, in row-major order of its index space."""
        if not self.names:
            return self._chunk(part, [])
        first = self.ranges[0]
        rest = int(np.prod([len(r) for r in self.ranges[1:]])) if len(self.ranges) > 1 else 1
        step = max(1, CHUNK // max(1, rest * self._choices(part)))
        undecided = None
        for s in range(0, len(first), step):
            f = self._chunk(part, [first[s:s + step]] + self.ranges[1:])
            if f is not None and f.rule != "UNDECIDED":
                return f
            undecided = undecided or f
        return undecided

    def _choices(self, part) -> int:
        n = 1
        for leaf in _leaves(part):
            t = self.views[leaf.elem.tensor].tags
            n *= max(1, field_choices(t[(0,) * len(t.shape)], leaf.field)[0].shape[-1])
        return n

    # ------------------------------------------------------------ one chunk of the index space
    def _grid(self, ranges, extra: int) -> dict[str, np.ndarray]:
        g = len(ranges)
        env = {}
        for k, (name, r) in enumerate(zip(self.names, ranges)):
            shape = [1] * (g + extra)
            shape[k] = len(r)
            env[name] = r.reshape(shape)
        return env

    def _leaf(self, leaf: ir.TagField, ev: IntEval, gshape) -> dict:
        view = self.views[leaf.elem.tensor]
        idx = tuple(np.broadcast_to(np.asarray(ev.term(i), np.int64), gshape) for i in leaf.elem.indices)
        for i, n in zip(idx, view.written.shape):
            if np.any((i < 0) | (i >= n)):
                raise InterpretError(f"tag({leaf.elem.tensor}[...]) indexes outside the tile")
        t = view.tags[idx]
        vals, ok, missing = field_choices(t, leaf.field)
        return {"vals": vals, "ok": ok, "missing": missing, "uninit": ~view.written[idx],
                "taint": view.taint[idx], "idx": idx, "tags": t}

    def _chunk(self, part, ranges) -> Failure | None:
        gshape = tuple(len(r) for r in ranges)
        base = self.ev.with_env(**self._grid(ranges, 0))
        guarded = guarded_claim(part)
        skip = np.zeros(gshape, bool)
        if guarded is not None:         # `G or covers(...)`: the claim only where G fails
            skip = np.broadcast_to(np.asarray(base.cond(guarded[0]), bool), gshape)
            part = guarded[1]
        form = _set_form(part)
        leaves = _leaves(part)
        info = {id(l): self._leaf(l, base, gshape) for l in leaves}
        bad_init = np.zeros(gshape, bool)
        missing = np.zeros(gshape, bool)
        taint = np.zeros(gshape, bool)
        for v in info.values():
            bad_init |= v["uninit"]
            missing |= v["missing"]
            taint |= v["taint"]
        undecided = np.zeros(gshape, bool)
        made = np.ones(gshape, bool)
        for leaf in leaves:
            if leaf.elem.tensor in self.held:
                made &= self.held[leaf.elem.tensor][info[id(leaf)]["idx"]]
        made &= ~skip
        bad_init &= made
        missing &= made
        if form is not None:
            leaf, lo_e, hi_e, kind = form
            lo = np.broadcast_to(np.asarray(base.term(lo_e), np.int64), gshape)
            hi = np.broadcast_to(np.asarray(base.term(hi_e), np.int64), gshape)
            if kind == "covers":
                missing[...] = False
                bad = covers_violations(info[id(leaf)]["tags"], leaf.field, lo, hi)
            else:
                bad, undecided = range_violations(info[id(leaf)]["tags"], leaf.field, lo, hi)
        else:
            bad = self._general(part, leaves, info, ranges)
        missing &= ~bad_init
        bad &= ~bad_init & ~missing & made
        undecided &= made
        for rule, mask, why in (("INIT", bad_init, "reads an element nothing wrote"),
                                ("TAG", missing, "a contribution lacks the field"),
                                ("TAG", bad, "the condition fails"),
                                ("UNDECIDED", undecided & ~bad_init & ~missing,
                                 "a summarised value may repeat a field value at one position")):
            if mask.any():
                at = np.unravel_index(int(np.flatnonzero(mask)[0]), gshape)
                point = {n: int(r[k]) for n, r, k in zip(self.names, ranges, at)}
                return Failure(part, rule, point, self._detail(why, leaves, info, at, point), bool(taint[at]))
        return None

    def _general(self, part, leaves, info, ranges) -> np.ndarray:
        n = len(leaves)
        gshape = tuple(len(r) for r in ranges)
        values, valid = {}, np.ones(gshape + (1,) * n, bool)
        for k, leaf in enumerate(leaves):
            axes = [1] * n
            axes[k] = info[id(leaf)]["vals"].shape[-1]
            values[id(leaf)] = info[id(leaf)]["vals"].reshape(gshape + tuple(axes))
            valid = valid & info[id(leaf)]["ok"].reshape(gshape + tuple(axes))
        ev = _LeafEval({**self.ev.env, **self._grid(ranges, n)}, self.ev.elem, values)
        holds = np.asarray(ev.cond(part), bool)
        fails = np.broadcast_to(valid & ~holds, valid.shape)
        if fails.size == 0:
            return np.zeros(gshape, bool)
        return fails.reshape(gshape + (-1,)).any(-1)

    def _detail(self, why, leaves, info, at, point) -> str:
        from .tagsets import describe
        parts = []
        for leaf in leaves:
            el = tuple(int(i[at]) for i in info[id(leaf)]["idx"])
            tags = self.views[leaf.elem.tensor].tags
            if isinstance(tags, Tags):
                recs = records(tags, el)
                shown = ", ".join("(" + ", ".join(f"{f}={v}" for f, v in r) + ")" for r in recs[:4])
                more = f" and {len(recs) - 4} more" if len(recs) > 4 else ""
                parts.append(f"{leaf.elem.tensor}{list(el)} has {len(recs)} contribution(s) {shown}{more}")
            else:
                parts.append(f"{leaf.elem.tensor}{list(el)} has {describe(tags, el)}")
        where = ", ".join(f"{k} = {v}" for k, v in point.items())
        return f"{why} at {where or 'the point'}: " + "; ".join(parts)


# ---------------------------------------------------------------- set-valued assertions
def position_duplicates(t: Tags, name: str) -> np.ndarray:
    """Per element: does some value of the field repeat at one occurrence position?"""
    slots = t.slots(name)
    has, vals = t.has[..., slots], t.vals[..., slots]
    present = t.valid[..., None] & has
    pos = np.cumsum(has, -1) - 1
    dup = np.zeros(t.shape, bool)
    sentinel = np.iinfo(np.int64).min + np.arange(t.ncontrib)
    for p in range(has.shape[-1]):
        at = present & (pos == p)
        v = np.where(at, vals, 0).sum(-1)
        v = np.sort(np.where(at.any(-1), v, sentinel), -1)
        dup |= (np.diff(v, axis=-1) == 0).any(-1)
    return dup


def _members(t, name: str):
    """(values, present) of a field over all contributions and positions, per element."""
    if isinstance(t, Tags):
        slots = t.slots(name)
        n = t.ncontrib * len(slots)
        return t.vals[..., slots].reshape(t.shape + (n,)), \
            (t.valid[..., None] & t.has[..., slots]).reshape(t.shape + (n,))
    off, member, _, _ = t.field(name)
    return np.broadcast_to(np.arange(member.shape[-1], dtype=np.int64) + off, member.shape), member


def range_violations(t, name: str, lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(fails, undecided) of `tag.name == range(lo, hi)` per element (missing fields apart)."""
    vals, present = _members(t, name)
    outside = (present & ((vals < lo[..., None]) | (vals >= hi[..., None]))).any(-1)
    size = np.maximum(hi - lo, 0)              # range(lo, hi) with hi < lo is empty, as in Python
    if isinstance(t, Tags):
        count = t.valid.sum(-1) != size
        return outside | count | position_duplicates(t, name) | split_records(t, name), np.zeros(t.shape, bool)
    _, member, _, dup = t.field(name)
    count = t.count != size
    too_few = member.sum(-1) < size            # value lo..hi-1 must each occur at the first position
    bad = outside | count | too_few
    return bad, (dup | t.split_of(name)) & ~bad


def covers_violations(t, name: str, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    vals, present = _members(t, name)
    inside = (vals >= lo[..., None]) & (vals < hi[..., None])
    outside = (present & ~inside).any(-1)
    if isinstance(t, Tags):
        from .tagsets import from_exact
        _, member, _, _ = from_exact(t).field(name)
    else:
        _, member, _, _ = t.field(name)
    distinct = member.sum(-1)                  # distinct values, all inside unless `outside`
    return outside | (distinct < np.maximum(hi - lo, 0))
