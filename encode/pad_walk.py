"""Where padding lies in each tile and which value it has: the walk behind the fill rule.

The value of the padding is followed from the fill through elementwise math, treating every
value that is not padding as some finite number where it is one (encode/finite_values.py
follows the infinities and NaN a kernel makes itself): `exp(-inf - m)` is 0, `0.0 * x` is 0,
`-inf + x` is -inf. Math with one padded operand is evaluated exactly at its padding
(dsl/pad_values.py: `where(x > 0.0, x, 0.0)`, `maximum(x, 0.0)`, `1.0 + x`); what neither
can tell is UNKNOWN, never a neutral value.

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

import dataclasses

from dsl import exprs, ir
from dsl.pad_values import NOPAD, UNKNOWN, as_number, cast_value, holds_integer, math_type, meets_data, operands, tile_names

from . import program as prog
from .element_conds import BITS
from .fill_lines import PadLines
from .fill_parts import (MET, NONE, Part, absorbs, against_data, all_tiles, anywhere, binary_at, elementwise,
                         extremum_at, merged, met_value, overlap, placed, pure_of, valued)
from .finite_values import NonFinite
from .pad_accumulate import Accumulators
from .pad_finite import NonFiniteReads
from .pad_mma import MmaPadding
from .pad_reach import Reaching
from .pad_structural import Structural
from .zero_values import Constants
from .symbols import Unsupported


MAX_ROUNDS = 4      # walks of a tile that reads itself back before its padding is any value


def _same_parts(a: tuple, b: tuple) -> bool:
    return len(merged(a + b)) == len(merged(a)) == len(merged(b))


class Pads(Structural, PadLines, Accumulators, NonFiniteReads, Reaching, MmaPadding):
    """The padding parts of each tile, from its writers. `require(point, op, parts, what)`
    is told of the parts each reduction reads when the walk checks (the fill rule's check)."""

    def __init__(self, df, opts, require=None, values: bool = True):
        self.df, self.opts, self.require = df, opts, require
        self.memo, self.busy, self.point = {}, set(), None
        self.reach_busy: set = set()             # (tile, write) pairs whose reaching walk is under way
        self.exprs: dict[tuple, tuple] = {}      # expr's answers, with the expression and point kept alive
        self.assumed: dict[str, tuple] = {}      # a tile's parts assumed while its own writers are walked
        self.constants = Constants(df)           # which tiles hold constants (encode/zero_values.py)
        self.cycled: set = set()                 # tiles whose walk reached themselves
        self.local: dict[str, bool] = {}         # tiles every read of which is of the same iteration
        self.extremum_starts: dict[str, str | None] = {}   # identity_start's answers
        # where elements other than padding may be inf or NaN (encode/finite_values.py); it asks
        # where padding lies of a walk that does not ask it back (values=False)
        self.finite = NonFinite(df, self._padded) if values else None
        self._plain = None

    def _padded(self, e: ir.Expr, point, name: str) -> bool:
        if self._plain is None:
            self._plain = Pads(self.df, self.opts, values=False)
        plain, saved = self._plain, self._plain.point
        plain.point = point
        try:
            return any(q.value != MET for q in plain.expr(e, name))
        except Unsupported:
            return True
        finally:
            plain.point = saved

    def of(self, name: str) -> tuple:
        """The padding parts of tile `name`, from all its writers. A tile whose writers read it
        back through others (`t = x + 1.0; x = t`, a ping-pong pair in a loop, a round trip
        through shared memory) is walked again from the parts found so far until they stop
        changing, at most MAX_ROUNDS times; then its padding is any value. (Taking it as no
        padding, as an accumulator's own earlier value is, proved a 1.0 reaching a row sum:
        held-out round 14.)"""
        w = self.reaching(name) if name not in self.busy else None
        key = (name, id(w))
        if w is not None and key not in self.reach_busy:
            # this read sees w's load of the same iteration: its places stand (new-user round
            # 40: an RMSNorm loading `x` in two loops lost x's column tail, named by `ct`);
            # reach_busy stops a return to this write (through shared memory)
            if key not in self.memo:
                self.reach_busy.add(key)
                try:
                    self.memo[key] = placed(self.written_by(name, [w]))
                finally:
                    self.reach_busy.discard(key)
            return self.memo[key]
        if name in self.memo:
            return self.memo[name]
        if name in self.busy:
            self.cycled.add(name)
            return self.assumed[name]
        if self.df.kernel.param(name) is not None and not self.df.writers.get(name):
            return NONE          # a kernel input, read unmasked
        self.busy.add(name)
        self.assumed[name] = NONE
        memo, exprs = set(self.memo), set(self.exprs)
        try:
            for _ in range(MAX_ROUNDS):
                self.cycled.discard(name)
                out = self.written_by(name, self.df.writers.get(name, []))
                if name not in self.cycled or _same_parts(out, self.assumed[name]):
                    break
                self.assumed[name] = out
                self._forget(memo, exprs)          # answers that read the assumption
            else:
                out = (Part(UNKNOWN, frozenset(), None),)
                self._forget(memo, exprs)
        finally:      # an Unsupported leaves nothing half-done behind (check makes it unknown)
            self.busy.discard(name)
            del self.assumed[name]
        if len(self.df.writers.get(name, [])) > 1:
            out = self.zero_reset(name, out)
        if not self.iteration_local(name):
            out = self.unlooped(out)      # a place at the writer's iteration need not be the reader's
        self.memo[name] = out = placed(out)
        return out

    def _forget(self, memo: set, exprs: set) -> None:
        for k in [k for k in self.memo if k not in memo]:
            del self.memo[k]
        for k in [k for k in self.exprs if k not in exprs]:
            del self.exprs[k]

    def written_by(self, name: str, writers) -> tuple:
        """The padding parts `writers` put into `name`, each asked at its own point."""
        saved, out = self.point, NONE
        try:
            for w in writers:
                self.point = w
                out = merged(out + self.rounded(self.written(w.stmt, name), name))
        finally:
            self.point = saved
        return out

    def written(self, s, name: str) -> tuple:
        # a tensor the kernel writes may hold the padding its stores carried (held-out round 19)
        stored = self.stored(s.src.tensor) if isinstance(s, (ir.Load, ir.Copy, ir.TmaLoad)) else NONE
        if isinstance(s, ir.Load) and s.mask is not None and self.df.kernel.param(s.src.tensor) is not None:
            return merged(self.access_parts(s) + stored)
        if isinstance(s, (ir.Load, ir.Copy, ir.TmaLoad)) and s.mask is not None:
            return merged((Part(as_number(s.mask.value), frozenset(), None),) + stored)     # into shared memory: any shape
        if isinstance(s, ir.Load):
            copied = self.copied(s)
            if copied is not None:
                return copied
        if isinstance(s, (ir.Load, ir.Copy, ir.TmaLoad)):
            return stored
        if isinstance(s, ir.Store):
            return anywhere(self.of(s.src))
        if isinstance(s, ir.Compute):
            out = self.expr(s.value, name)
            if name in all_tiles(s.value) and not self.from_zero(name):
                out = merged(out + self.updated_in_place(s.value, name))
            return out
        if isinstance(s, ir.Mma):
            return self.mma_written(s, name)
        return NONE

    def rounded(self, parts: tuple, name: str) -> tuple:
        """Padding values as the tile or buffer holds them: a fill of 2049.0 in an f16 tile is
        2048.0, 70000.0 is inf (held-out round 28: the padding was taken as written, so
        `z - 2049.0` looked neutral to a sum), and 16777217.0 in an f32 tile is 16777216.0
        (round 29). f64 values stay as written."""
        t = self.df.types.get(name)
        if t is None or t.dtype is ir.DType.F64:
            return parts
        return tuple(q if q.value == UNKNOWN else valued(q, cast_value(q.value, t.dtype)) for q in parts)

    def stored(self, src: str) -> tuple:
        """What a read of `src` at `self.point` may find that a write put there: for a kernel
        tensor, only the kernel's own stores that may run before the read (a masked in-place
        update `x = load X; store X, x * 2.0 + 1.0` reads none of its own padding)."""
        if self.df.kernel.param(src) is None:
            return anywhere(self.of(src))
        before = [w for w in self.df.writers.get(src, []) if prog.may_precede(w, self.point)]
        return anywhere(self.written_by(src, before)) if before else NONE

    def expr(self, e: ir.Expr, self_name: str, check: bool = False) -> tuple:
        """The padding parts of `e` at `self.point` (memoised: an operand is asked again by
        the rules below, and a check reports each reduction once)."""
        key = (id(e), self_name, check, id(self.point), frozenset(self.busy))
        hit = self.exprs.get(key)
        if hit is None:
            hit = self.exprs[key] = (e, self.point, self._expr(e, self_name, check))
        return hit[2]

    def _expr(self, e: ir.Expr, self_name: str, check: bool) -> tuple:
        parts = placed(self._expr_parts(e, self_name, check))
        kind = math_type(e, self.df.types) if isinstance(e, (ir.Bin, ir.Neg, ir.Call)) else None
        if kind in BITS:
            # integer tile math wraps and truncates: a value its type does not hold exactly is
            # not the element's (held-out round 69: `-m` of i8 padding -128 is -128, `m / 2` of 7 is 3)
            parts = tuple(valued(q, UNKNOWN) if _number(q.value) and not holds_integer(q.value, kind) else q
                          for q in parts)
        # the target's own earlier value too (`g = g * a` after g = where(c, 1.0, inf): round 17)
        if parts and not _masked(self.df.zero_branches.masked_form(e)) and self.non_finite_read(e) and \
                not _one_tile_math(e) and not self._exactly_written(e):
            # padding that may meet an element that is not finite (0.0 * inf is NaN); a bare
            # tile too: its writer's value at the padding may have met one (held-out round 17)
            return merged(tuple(valued(q, UNKNOWN) for q in parts))
        return parts

    def _exactly_written(self, e: ir.Expr) -> bool:
        """A bare tile whose every writer is math not of itself: its padding parts are that
        math's at the writer, where the non-finite values it read were accounted for; the
        tile's own inf (a literal branch) meets nothing at the read (new-user round 50: a
        top-2's `xr = where(index(x, axis=1) == bcast(pos), -inf, x)` of -inf padding was read
        back as not known). A tile updated in place keeps the check (held-out round 17)."""
        if not isinstance(e, ir.Sym) or e.kind is not ir.SymKind.TENSOR:
            return False
        writers = self.df.writers.get(e.name, [])
        return bool(writers) and all(isinstance(w.stmt, ir.Compute) and e.name not in all_tiles(w.stmt.value)
                                     for w in writers)

    def _expr_parts(self, e: ir.Expr, self_name: str, check: bool) -> tuple:
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
        if pair is None or self_name in all_tiles(e):
            return ()
        out = []
        for side, x in enumerate(pair):
            parts = [q for q in self.expr(x, self_name, check) if q.value != MET]
            # an absorbed infinity is no identity (held-out round 36)
            out.append(bool(parts) and all(meets_data(e, side, q.value) and not q.absorbed for q in parts))
        return tuple(out)

    def meeting(self, e: ir.Expr, sides: tuple, self_name: str, check: bool) -> tuple:
        """`a op b` where some operand's padding meets data: that operand's parts are data
        there (MET: the other operand's value and records); the other's keep their value
        against some number; where both are padding the value is the two paddings' (as
        fill_parts.combined has it)."""
        a, b = operands(e)
        xs, ys = self.expr(a, self_name, check), self.expr(b, self_name, check)
        f = binary_at if isinstance(e, ir.Bin) else (lambda _op, u, w: extremum_at(e.func, u, w))
        op = e.op if isinstance(e, ir.Bin) else None
        out = [valued(q, MET) if sides[0] or q.value == MET
               else against_data(q, f(op, q.value, NOPAD), elementwise(b))
               for q in xs if not self.covered(q, ys, e)]
        out += [valued(q, MET) if sides[1] or q.value == MET
                else against_data(q, f(op, NOPAD, q.value), elementwise(a))
                for q in ys if not self.covered(q, xs, e)]
        out += [overlap(met_value(p.value, q.value, sides) or f(op, p.value, q.value), p, q) for p in xs for q in ys
                if self.meets(p, q, e)]
        return placed(merged(tuple(out)))

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
        out = tuple(valued(q, self.updated(e, name, q.value, self_name)) for q in parts)
        # where an operation inside meets another tile's data and the padding's infinity wins,
        # the element lost its data (held-out round 36: `exp(-maximum(l, c))` is 0.0 there)
        out = tuple(dataclasses.replace(r, absorbed=True) if absorbs(e, name, q.value, self.df.types) else r
                    for q, r in zip(parts, out))
        if names == {name}:
            # math of the padding with literals and sizes alone: a value not known is still
            # computed from fills alone (a LayerNorm's rsqrt(v / C + 1e-5) of rows past R)
            out = tuple(pure_of(q, r) for q, r in zip(parts, out))
        return merged(out)


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _one_tile_math(e: ir.Expr) -> bool:
    """Elementwise math of one tile (`0.5 * z * (1.0 + erf(z * c))`), not the bare tile: at a
    padded element it meets no other element, and its value there is z's padding through the
    math, evaluated exactly (inf and NaN included), or data that padding met (new-user round
    44: a GELU after a bias was unknown, z's data elsewhere being possibly infinite)."""
    names = tile_names(e)
    return not isinstance(e, ir.Sym) and names is not None and len(names) == 1


def _masked(e: ir.Expr) -> bool:
    """`mask(x, c, fill=v)` (or a where with a branch of zeros): its own padding is v, put there and met by nothing; what it
    keeps of x's was checked where x was walked (new-user round 72: a variance's
    `mask(x - bcast(mu), ...)` was not known, mu divided by a count that may be 0)."""
    return isinstance(e, ir.Call) and e.func == "mask"


def data_sides(df, e: ir.Expr, point, self_name: str) -> tuple:
    """Pads.data_sides of `e` at `point` (for encode/compute_tags.py)."""
    return _at_point(df, point, lambda pads: pads.data_sides(df.zero_branches.masked_form(e), self_name))


def padding_of(df, e: ir.Expr, point, self_name: str) -> tuple:
    """The padding parts of `e` at `point` (for encode/pad_place.py); not those that met data."""
    return tuple(q for q in _at_point(df, point, lambda pads: pads.expr(e, self_name)) if q.value != MET)


def _at_point(df, point, ask):
    """`ask` of the kernel's one Pads (kept on the data-flow model), at `point`."""
    if df.pad_parts is None:
        df.pad_parts = Pads(df, df.solver)
    pads, saved = df.pad_parts, df.pad_parts.point
    pads.point = point
    try:
        return ask(pads)
    finally:
        pads.point = saved
