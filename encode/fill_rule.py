"""TAG, masked tiles: the padding that reaches a reduction or an mma is its neutral value.

Padding carries the PAD tag, which contributes to nothing; that is true of the computed
values only if each reduction that reads padding reads its identity (0 for sum and mma,
-inf for max, inf for min). The value of the padding is followed from the fill through
elementwise math, treating every value that is not padding as some finite number:
`exp(-inf - m)` is 0, `0.0 * x` is 0, `-inf + x` is -inf. Math with one padded operand is
evaluated exactly at its padding (dsl/pad_values.py: `where(x > 0.0, x, 0.0)`,
`maximum(x, 0.0)`, `1.0 + x`); what neither can tell is unknown, never proved.

The padding of a tile is a set of *components*, each a part of its elements with one value
and two sets of axes: F, along which every element of the part lies in a line that is all
padding (exempt from a reduction over that axis: its result there is padding again), and
W, along which some line may be all padding (such lines reduce to padding). For a masked
access, the part past the tensor in one dimension has F = the other axes, and W = F plus
that dimension if the tile can lie wholly past (one query each); for `mask(x, cond)`, F and
W come from quantified queries on the exact condition. Elementwise math on two padded
operands keeps each operand's part (with the other operand a number) and their overlaps.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import z3

from dsl import exprs, ir
from dsl.masks import PAD_FINDING, fill_of, neutral_for

from dsl.pad_values import (FUNCS, NOPAD, UNKNOWN, binary, cast_value, evaluate, extremum, meets_data, operands,
                            same, tile_names, value_at)
from . import program as prog
from .findings import Finding
from .solver import Verdict as SV, prove
from .symbols import Unsupported, mentions
from .terms import And



@dataclass(frozen=True)
class Part:
    value: object                       # UNKNOWN or the padding's number
    whole: frozenset                    # F: axes along which its lines are all padding
    maybe: frozenset | None             # W: axes along which a line may be all padding (None: any)
    at: object = None                   # z3 condition on the tile coordinates `pad.c{d}` that
                                        # holds wherever the part has an element (None: anywhere)


NONE: tuple = ()                         # no padding: a tile's padding is a tuple of parts
MAX_RANK = 8                             # tile coordinates a part's place may name


def check(df, sink, opts) -> None:
    pads = _Pads(df, sink, opts)
    for p in df.points:
        try:
            _check_point(df, sink, pads, p)
        except Unsupported as u:      # e.g. a masked store under a thread-dependent condition
            sink.obligation()
            sink.unknown("TAG", u.span or p.span, u.reason)


def _check_point(df, sink, pads, p) -> None:
    s = p.stmt
    if isinstance(s, ir.Mma):
        for name in (s.a, s.b):
            _require(sink, p, "mma", pads.of(name), name)
    elif isinstance(s, ir.Compute):
        pads.point = p
        pads.expr(s.value, s.target.name, check=True)
    elif isinstance(s, ir.Store) and df.kernel.tag_of(s.dst.tensor) is not None:
        parts = pads.of(s.src)
        if s.mask is not None:
            # A masked store drops what lies past the output: the padding of rows past M
            # when the store's rows are the loads' rows.
            parts = tuple(q for q in parts if not pads.dropped(q, p))
        _stored(sink, p, parts, s.src)
    elif isinstance(s, (ir.Assert, ir.Invariant)):
        for name in sorted({n.elem.tensor for n in exprs.iter_nodes(s.cond) if isinstance(n, ir.TagField)}):
            _stored(sink, p, pads.of(name), name)


def _stored(sink, point, parts, what: str) -> None:
    """Padding that became data (`fill + x`) holds x's value but, as PAD, none of its records:
    the output's tag function, or an assertion on the tile, would bind it vacuously.
    Unknown, never proved."""
    if not parts:
        return
    sink.obligation()
    if any(q.value == UNKNOWN for q in parts):
        sink.unknown("TAG", point.span, f"padding of a masked tile meets data in '{what}' (its value there "
                     "depends on other tiles, which its PAD tag does not record): its tags are not known; "
                     "mask the math's other operands too, or keep the padding out of the tile")


def _require(sink, point, op: str, parts, what: str) -> None:
    if not parts:
        return
    sink.obligation()
    want = neutral_for(op)
    if any(q.value == UNKNOWN for q in parts):
        sink.unknown("TAG", point.span, f"padding of a masked tile reaches this {op} through math whose value "
                     "at the padding is not known; fill with a value that stays neutral")
        return
    bad = next((q.value for q in parts if not same(q.value, want)), None)
    if bad is None:
        return
    msg = PAD_FINDING.format(op=op, got=_num(bad), want=_num(want))
    hint = (f"give the padding of {what} the value {_num(want)}: masked(fill={_num(want)}) on its load or "
            f"copy, fill={_num(want)} in mask(...)")
    sink.finding(Finding("TAG", point.span, msg, hint=hint))


def _num(v: float) -> str:
    return "inf" if v == math.inf else "-inf" if v == -math.inf else repr(float(v))


class _Pads:
    """The padding parts of each tile, from its writers."""

    def __init__(self, df, sink, opts):
        self.df, self.sink, self.opts = df, sink, opts
        self.memo, self.busy, self.point = {}, set(), None
        self.exprs: dict[tuple, tuple] = {}      # expr's answers, with the expression and point kept alive

    def of(self, name: str) -> tuple:
        if name in self.memo:
            return self.memo[name]
        if name in self.busy or self.df.kernel.param(name) is not None:
            return NONE          # an accumulator's own earlier value, or a kernel input read unmasked
        self.busy.add(name)
        saved, out = self.point, NONE
        try:
            for w in self.df.writers.get(name, []):
                self.point = w
                out = _merge(out + self.written(w.stmt, name))
        finally:      # an Unsupported leaves nothing half-done behind (check makes it unknown)
            self.point = saved
            self.busy.discard(name)
        self.memo[name] = out
        return out

    def written(self, s, name: str) -> tuple:
        if isinstance(s, ir.Load) and s.mask is not None and self.df.kernel.param(s.src.tensor) is not None:
            return self.access_parts(s)
        if isinstance(s, (ir.Load, ir.Copy, ir.TmaLoad)) and s.mask is not None:
            return (Part(s.mask.value, frozenset(), None),)       # into shared memory: any shape
        if isinstance(s, (ir.Load, ir.Copy, ir.TmaLoad)):
            return _anywhere(self.of(s.src.tensor))
        if isinstance(s, ir.Store):
            return _anywhere(self.of(s.src))
        if isinstance(s, ir.Compute):
            return self.expr(s.value, name)
        if isinstance(s, ir.Mma) and (_whole_line(self.of(s.a), 1) or _whole_line(self.of(s.b), 0)):
            # Rows past M, columns past N: the accumulator's own value there, 0.0 from zeros.
            # Padding only along k (a causal mask of the scores) pads no element of the result.
            resets = [w.stmt for w in self.df.writers.get(s.c, []) if not isinstance(w.stmt, ir.Mma)]
            return (Part(0.0 if all(isinstance(r, ir.Zeros) for r in resets) else UNKNOWN, frozenset(), None),)
        return NONE

    # ---------------------------------------------------------------- expressions
    def expr(self, e: ir.Expr, self_name: str, check: bool = False) -> tuple:
        """The padding parts of `e` at `self.point` (memoised: an operand is asked again by
        the rules below, and a check reports each reduction once)."""
        key = (id(e), self_name, check, id(self.point), frozenset(self.busy))
        hit = self.exprs.get(key)
        if hit is None:
            hit = self.exprs[key] = (e, self.point, self._expr(e, self_name, check))
        return hit[2]

    def _expr(self, e: ir.Expr, self_name: str, check: bool) -> tuple:
        # a where with a branch of zeros is its mask (dsl/zero_branch.py), as compute_tags reads it
        e = self.df.zero_branches.masked_form(e)
        sides = self.data_sides(e, self_name, check)
        if any(sides):
            return self.meeting(e, sides, self_name, check)
        single = self.single_padded(e, self_name)
        if single is not None and any(q.value == UNKNOWN for q in single):
            # the exact evaluation met data somewhere inside: where that was padding meeting
            # data at an inner `a op b`, the operand's parts are data there (data_sides)
            inner = self.structural(e, self_name, check)
            return inner if not any(q.value == UNKNOWN for q in inner) else single
        return single if single is not None else self.structural(e, self_name, check)

    def data_sides(self, e: ir.Expr, self_name: str, check: bool = False) -> tuple:
        """Per operand of `a op b`, `maximum(a, b)` or `minimum(a, b)`: whether all of its
        padding meets data here (dsl/pad_values.meets_data), so that those elements hold the
        other operand's data, with its tags (encode/compute_tags.py gives them the other
        operand's records). An update of `self_name` in place is left to the rules below."""
        pair = operands(e)
        if pair is None or self_name in _all_tiles(e):
            return ()
        out = []
        for side, x in enumerate(pair):
            parts = self.expr(x, self_name, check)
            out.append(bool(parts) and all(meets_data(e, side, q.value) for q in parts))
        return tuple(out)

    def meeting(self, e: ir.Expr, sides: tuple, self_name: str, check: bool) -> tuple:
        """`a op b` where some operand's padding meets data: that operand's parts are data
        (dropped); the other's keep their value against some number; where both are padding
        the value is the two paddings' (as _combine has it)."""
        a, b = operands(e)
        xs, ys = self.expr(a, self_name, check), self.expr(b, self_name, check)
        f = _binary if isinstance(e, ir.Bin) else (lambda _op, u, w: _extremum(e.func, u, w))
        op = e.op if isinstance(e, ir.Bin) else None
        out = [] if sides[0] else [_valued(q, f(op, q.value, NOPAD)) for q in xs]
        out += [] if sides[1] else [_valued(q, f(op, NOPAD, q.value)) for q in ys]
        out += [_overlap(f(op, p.value, q.value), p, q) for p in xs for q in ys]
        return _merge(tuple(out))

    def structural(self, e: ir.Expr, self_name: str, check: bool) -> tuple:
        """The padding of `e` from its operands' (no exact evaluation of the whole)."""
        def sub(x):
            return self.expr(x, self_name, check)
        match e:
            case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                return NONE if n == self_name else self.of(n)
            case ir.Neg(operand=x):
                return _map(sub(x), lambda v: -v)
            case ir.Cast(operand=x, dtype=dt):
                return tuple(_valued(q, cast_value(q.value, dt)) for q in sub(x))
            case ir.Bin(op=op, lhs=ir.Sym(name=n), rhs=b) if n == self_name and self.from_zero(n):
                return _kept(tuple(_valued(q, _binary(op, 0.0, q.value)) for q in sub(b)))
            case ir.Bin(op=op, lhs=a, rhs=ir.Sym(name=n)) if n == self_name and self.from_zero(n):
                return _kept(tuple(_valued(q, _binary(op, q.value, 0.0)) for q in sub(a)))
            case ir.Bin(op=op, lhs=a, rhs=b):
                return _combine(op, sub(a), sub(b))
            case ir.Call(func="maximum" | "minimum" as f, args=(a, b)) if self_name in _syms(a, b) and \
                    self.from_zero(self_name):
                other = b if _syms(a, b)[0] == self_name else a
                return _kept(tuple(_valued(q, extremum(f, 0.0, q.value)) for q in sub(other)))
            case ir.Call(func="bcast", args=(x,), kwargs=kw):
                axis = self.df.env.const_value(dict(kw)["axis"])
                return tuple(Part(q.value, _insert(q.whole, axis), None if q.maybe is None else _insert(q.maybe, axis),
                                  _shifted(q.at, axis, +1)) for q in sub(x))
            case ir.Call(func=f, args=(x,), kwargs=kw) if f in ("sum", "max", "min"):
                return self.reduce(f, sub(x), self.df.env.const_value(dict(kw)["axis"]), x, check)
            case ir.Call(func="index"):
                return NONE
            case ir.Call(func="reshape", args=(x,)):
                return _anywhere(sub(x))
            case ir.Call(func="mask", args=(x, c)):
                fill = float(fill_of(e, self.df.env.consts))
                kept = NONE if self.masked_again(x, c) else sub(x)
                return _merge(kept + (self.cond_part(c, x, fill),))
            case ir.Call(func=f, args=(x,)) if f in FUNCS:
                return _map(sub(x), lambda v: evaluate(FUNCS[f], v))
            case ir.Call(args=args):
                parts = tuple(q for a in args for q in sub(a))
                return tuple(_valued(q, UNKNOWN) for q in parts)
        return NONE              # literals, sizes, block and thread ids

    def single_padded(self, e: ir.Expr, self_name: str) -> tuple | None:
        """Elementwise math with one padded tile: its value at each part, exactly (dsl/pad_values.py)."""
        names = tile_names(e)
        if names is None or isinstance(e, ir.Sym):
            return None
        padded = [(n, self.of(n)) for n in sorted(names - {self_name})]
        padded = [(n, parts) for n, parts in padded if parts]
        if len(padded) != 1:
            return None
        name, parts = padded[0]
        return _merge(tuple(_valued(q, self.updated(e, name, q.value, self_name)) for q in parts))

    def updated(self, e: ir.Expr, name: str, v, self_name: str):
        """`e` at the padding; for an in-place update of an accumulator that starts at 0.0
        (`y = y + sum(padding)`), the update keeps 0.0 there when it maps 0.0 to 0.0: an
        element padded in every update stays 0.0 (one that held data in some update has
        that update's records, so its value need not be neutral)."""
        if v != UNKNOWN and self.from_zero(self_name):
            kept = value_at(e, name, v, {self_name: 0.0})
            if isinstance(kept, float) and same(kept, 0.0):
                return 0.0
        return _at(e, name, v)

    def from_zero(self, name: str) -> bool:
        """Whether `name` is an accumulator whose every initialisation is `zeros`."""
        resets = [w.stmt for w in self.df.writers.get(name, []) if not self.df.accumulates(w, name)]
        return bool(resets) and all(isinstance(r, ir.Zeros) for r in resets)

    def reduce(self, op: str, parts: tuple, axis: int, x, check: bool) -> tuple:
        if check and self.point is not None:
            _require(self.sink, self.point, op, tuple(q for q in parts if axis not in q.whole), "its operand")
        lines = [q for q in parts if q.maybe is None or axis in q.maybe]
        ends = [_reduced(op, q.value, self.extent(x, axis)) if axis in q.whole else neutral_for(op) for q in lines]
        if not ends:
            return NONE          # every line holds data, and its padding is neutral
        value = ends[0] if all(same(v, ends[0]) for v in ends) else UNKNOWN
        # A line all padding has an element of its part; where a part's place does not depend
        # on the reduced coordinate, the result's padding lies where the part's lines do.
        at = [_shifted(q.at, axis, -1) for q in lines]
        return (Part(value, frozenset(), None, None if any(a is None for a in at) else z3.Or(*at)),)

    def extent(self, x: ir.Expr, axis: int) -> int:
        from .element_conds import shape_of as _shape_of
        return _shape_of(self.df, x)[axis]

    # ---------------------------------------------------------------- which lines are padding
    def instance(self, point, uniform_only: bool = False) -> tuple[dict, list]:
        inst = {loop.var: z3.Int(f"{loop.var}@pad") for loop in point.loops}
        guards = self.df.guards(point, inst, uniform_only=uniform_only)
        return inst, list(self.df.env.facts) + [self.df.loop_domain(point, inst), guards]

    def access_parts(self, s: ir.Load) -> tuple:
        """A masked load from global memory: one part per tile axis that can reach past the
        tensor; its lines along the other axes are all padding."""
        inst, _ = self.instance(self.point)
        dims = self.access_dims(s, self.point)
        if dims is None:
            return (Part(s.mask.value, frozenset(), None),)
        axes = frozenset(range(len(dims)))
        return tuple(Part(s.mask.value, axes - {t}, (axes - {t}) | ({t} if wholly else set()), _fixed(place, inst))
                     for t, (partial, wholly, place) in enumerate(dims) if partial)

    def access_dims(self, s: ir.Load, point) -> list | None:
        """Per tile axis of a masked load at `point`'s instance (loop variables `v@pad`):
        (may reach past the tensor, may lie wholly past, the tile coordinates past it);
        None where the subscripts are not encoded."""
        inst, facts = self.instance(point)
        env, shape = self.df.env, self.df.types[s.src.tensor].shape
        dims = []
        try:
            for sub, n in zip(s.src.subs, shape):
                if isinstance(sub, ir.Index):
                    continue
                start, ext, top = env.term(sub.start, inst), self.df.extent(sub.extent), env.term(n, {})
                dims.append((not self.proved(And(start >= 0, start + ext <= top), facts),
                             not self.proved(And(start + ext > 0, start < top), facts), start, top))
        except Unsupported:
            return None
        if s.transpose:
            dims = dims[::-1]
        tile = _coords(len(dims))
        return [(partial, wholly, z3.Or(start + tile[t] < 0, start + tile[t] >= top))
                for t, (partial, wholly, start, top) in enumerate(dims)]

    def masked_again(self, x: ir.Expr, cond: ir.Expr) -> bool:
        """Whether `mask(x, cond)` replaces every element of x's padding: each element that may
        be padding at this iteration (encode/fill_place.py: a masked load of the same iteration,
        through elementwise math and mma) fails cond there (`mask(x, kt * BK + index(x, axis=1)
        < K, fill=0.0)` of a load filled with 1.0; scores `mma(q, k)` of keys past S masked to
        -inf): the fill then never reaches the result."""
        point = self.point
        if point is None or not (isinstance(x, ir.Sym) and x.kind is ir.SymKind.TENSOR):
            return False
        from .element_conds import index_cond as _index_cond, shape_of as _shape_of
        from .fill_place import place
        where = place(self, x.name, point)
        if where is None:
            return False
        shape = _shape_of(self.df, x)
        inst, facts = self.instance(point)
        tile = _coords(len(shape))
        keep = _index_cond(self.df, cond, tuple(tile), inst)
        if keep is None:
            return False
        box = [And(c >= 0, c < n) for c, n in zip(tile, shape)]
        return self.proved(z3.Implies(where, z3.Not(keep)), facts + box)

    def cond_part(self, cond: ir.Expr, x: ir.Expr, fill: float) -> Part:
        """mask(x, cond): the elements failing cond, with the axes along which every such
        element's line fails it too (F) and along which a whole line may fail it (W)."""
        from .element_conds import index_cond as _index_cond, shape_of as _shape_of
        shape = _shape_of(self.df, x)
        inst, facts = self.instance(self.point)
        coords = [z3.Int(f"pad.c{d}") for d in range(len(shape))]
        keep = _index_cond(self.df, cond, tuple(coords), inst)
        if keep is None:
            return Part(fill, frozenset(), None)
        box = [And(c >= 0, c < n) for c, n in zip(coords, shape)]
        whole, maybe = set(), set()
        for a, n in enumerate(shape):
            other = z3.Int(f"pad.o{a}")
            moved = z3.substitute(keep, (coords[a], other))
            line = z3.ForAll([other], z3.Implies(And(other >= 0, other < n), z3.Not(moved)))
            if self.proved(z3.Implies(z3.Not(keep), line), facts + box):
                whole.add(a)
            if not self.proved(z3.Not(And(z3.Not(keep), line)), facts + box):
                maybe.add(a)
        return Part(fill, frozenset(whole), frozenset(maybe), _fixed(z3.Not(keep), inst))

    def dropped(self, q: Part, point) -> bool:
        """Whether a masked store drops every element of part `q`: each lies past the output."""
        if q.at is None:
            return False
        s = point.stmt
        # a thread-dependent condition is left out: fewer facts, so fewer parts are dropped
        inst, facts = self.instance(point, uniform_only=True)
        from .access import in_tensor
        tile = _coords(len(self.df.shape(s.src)))
        box = [And(c >= 0, c < n) for c, n in zip(tile, self.df.shape(s.src))]
        try:
            inside = in_tensor(self.df.env, self.df.types[s.dst.tensor], self.df.full_coords(s.dst, inst, tile))
        except Unsupported:
            return False
        return self.proved(z3.Not(And(q.at, *inside)), facts + box)

    def proved(self, goal, facts) -> bool:
        out = prove(goal, facts, self.opts)
        return out.verdict is SV.PROVED


def data_sides(df, e: ir.Expr, point, self_name: str) -> tuple:
    """_Pads.data_sides of `e` computed at `point` (for encode/compute_tags.py), with one
    _Pads per kernel kept on the data-flow model."""
    if df.pad_parts is None:
        df.pad_parts = _Pads(df, None, df.solver)
    pads, saved = df.pad_parts, df.pad_parts.point
    pads.point = point
    try:
        return pads.data_sides(df.zero_branches.masked_form(e), self_name)
    finally:
        pads.point = saved


def _at(e: ir.Expr, name: str, v):
    if v == UNKNOWN:
        return UNKNOWN
    out = value_at(e, name, v)
    return UNKNOWN if out == NOPAD else out     # data where the padding was: not neutral


def _syms(*args) -> tuple:
    """The tile names of the arguments that are bare tiles (None for the others)."""
    return tuple(a.name if isinstance(a, ir.Sym) and a.kind is ir.SymKind.TENSOR else None for a in args)


def _kept(parts: tuple) -> tuple:
    """An update of a zero-started accumulator at its padding: 0.0 where it keeps 0.0."""
    return _merge(tuple(_valued(q, 0.0 if isinstance(q.value, float) and same(q.value, 0.0) else UNKNOWN)
                        for q in parts))


def _valued(q: Part, value) -> Part:
    return Part(value, q.whole, q.maybe, q.at)


def _coords(n: int) -> list:
    return [z3.Int(f"pad.c{d}") for d in range(n)]


def _fixed(at, inst: dict):
    """A part's place, kept only when it names no loop variable: a tile is read at other
    instances than the one that wrote it (after its loop, a later iteration), and the place
    at the reader's instance need not be the writer's."""
    return None if any(mentions(at, v) for v in inst.values()) else z3.simplify(at)


def _shifted(at, axis: int, by: int):
    """The place after a broadcast inserts `axis` (by=+1) or a reduction removes it (-1);
    None where it names the removed coordinate."""
    if at is None:
        return None
    tile = _coords(MAX_RANK + 1)
    if by < 0:
        if mentions(at, tile[axis]):
            return None
        moved = [(tile[d], tile[d - 1]) for d in range(axis + 1, len(tile))]
    else:
        moved = [(tile[d], tile[d + 1]) for d in range(axis, len(tile) - 1)]
    return z3.substitute(at, *moved)


def _whole_line(parts: tuple, k: int) -> bool:
    """Whether some line along axis k of the tile may be all padding (an mma over k then
    gives padding in the result): W, which holds F's axes wherever the part has an element
    (F alone holds vacuously for a part that no element is in)."""
    return any(q.maybe is None or k in q.maybe for q in parts)


def _insert(axes: frozenset, axis: int) -> frozenset:
    """A broadcast along `axis`: each padded element's line along it is all padding."""
    return frozenset({axis} | {d + (d >= axis) for d in axes})


def _map(parts: tuple, f) -> tuple:
    return tuple(_valued(q, q.value if q.value == UNKNOWN else evaluate(f, q.value)) for q in parts)


def _combine(op: ir.BinOp, xs: tuple, ys: tuple) -> tuple:
    """Elementwise math: each operand's parts with the other operand a number there, and
    the overlaps of two parts (their lines are all padding along the axes of either)."""
    out = [_valued(q, _binary(op, q.value, NOPAD)) for q in xs]
    out += [_valued(q, _binary(op, NOPAD, q.value)) for q in ys]
    out += [_overlap(_binary(op, a.value, b.value), a, b) for a in xs for b in ys]
    return _merge(tuple(out))


def _overlap(value, a: Part, b: Part) -> Part:
    """Where parts of two operands overlap: their lines are all padding along the axes of either."""
    return Part(value, a.whole | b.whole,
                b.maybe if a.maybe is None else a.maybe if b.maybe is None else a.maybe & b.maybe,
                b.at if a.at is None else a.at if b.at is None else And(a.at, b.at))


def _extremum(f: str, a, b):
    out = extremum(f, a, b)
    return UNKNOWN if out == NOPAD else out


def _all_tiles(e: ir.Expr) -> set:
    """Every tile name `e` reads (through reductions, broadcasts and masks too)."""
    return {n.name for n in exprs.iter_nodes(e) if isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR}


def _merge(parts: tuple) -> tuple:
    seen = []
    for q in parts:
        if not any(same(q.value, r.value) and q.whole == r.whole and q.maybe == r.maybe and _same_place(q.at, r.at)
                   for r in seen):
            seen.append(q)
    return tuple(seen)


def _same_place(a, b) -> bool:
    return a is b or (a is not None and b is not None and a.eq(b))


def _anywhere(parts: tuple) -> tuple:
    return _merge(tuple(Part(q.value, frozenset(), None) for q in parts))


def _reduced(op: str, v, n: int):
    if v == UNKNOWN:
        return UNKNOWN
    return evaluate(np.multiply, v, n) if op == "sum" else v


def _binary(op: ir.BinOp, a, b):
    """Elementwise math on padding: a number, or UNKNOWN (where the padding became data)."""
    out = binary(op, a, b)
    return UNKNOWN if out == NOPAD else out
