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
import math

from dsl import exprs, ir
from dsl.masks import fill_of
from dsl.pad_values import (NOPAD, UNARY, UNKNOWN, cast_value, func_at, holds_integer, math_type, meets_data,
                             operands, pow_at, same, tile_names, value_at)

from . import program as prog
from .fill_lines import PadLines
from .pad_accumulate import Accumulators
from .pad_finite import NonFiniteReads
from .pad_mma import MmaPadding
from .pad_reach import Reaching
from .element_conds import BITS, index_compared
from .fill_parts import (MET, NONE, Part, against_data, all_tiles, anywhere, bare_tiles, binary_at,
                         combined, extremum_at,
                         absorbs, elementwise, extremum_parts, inserted, kept_zero, literal, mapped, merged, met_value,
                         overlap, placed,
                         pure_of, identical, shifted, valued, where_parts)
from .finite_values import NonFinite
from .softmax_sum import at_least_one
from .zero_values import Constants, constant_value
from .symbols import Unsupported


MAX_ROUNDS = 4      # walks of a tile that reads itself back before its padding is any value


def _same_parts(a: tuple, b: tuple) -> bool:
    return len(merged(a + b)) == len(merged(a)) == len(merged(b))


def _over_at_least_one(v):
    """Padding of value v divided by a finite number >= 1: 0.0, an infinity or NaN stays as it
    is; another number becomes one that depends on the divisor (data)."""
    if isinstance(v, float) and (v == 0.0 or math.isinf(v) or math.isnan(v)):
        return v
    return v if v == MET else UNKNOWN


class Pads(PadLines, Accumulators, NonFiniteReads, Reaching, MmaPadding):
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
            return merged((Part(s.mask.value, frozenset(), None),) + stored)     # into shared memory: any shape
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
        if parts and not _masked(e) and self.non_finite_read(e) and not _one_tile_math(e) and \
                not self._exactly_written(e):
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

    def structural(self, e: ir.Expr, self_name: str, check: bool) -> tuple:
        """The padding of `e` from its operands' (no exact evaluation of the whole)."""
        def sub(x):
            return self.expr(x, self_name, check)
        match e:
            case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                return NONE if n == self_name else self.of(n)
            case ir.Neg(operand=x):
                return mapped(sub(x), lambda v: -v)
            case ir.Not(operand=x):
                # a truth at the padding flips; the walk once had no case for `not` and took its
                # padding for none (held-out round 32: `where(not (x > y), 1.0, 3.0)` summed)
                return mapped(sub(x), lambda v: float(v == 0.0))
            case ir.Cast(operand=x, dtype=dt):
                return tuple(valued(q, cast_value(q.value, dt)) for q in sub(x))
            case ir.Bin(op=op, lhs=ir.Sym(name=n), rhs=b) if n == self_name and self.from_zero(n):
                return kept_zero(tuple(valued(q, binary_at(op, 0.0, q.value)) for q in sub(b)))
            case ir.Bin(op=op, lhs=a, rhs=ir.Sym(name=n)) if n == self_name and self.from_zero(n):
                return kept_zero(tuple(valued(q, binary_at(op, q.value, 0.0)) for q in sub(a)))
            case ir.Bin(op=ir.BinOp.DIV, lhs=a, rhs=b) if not sub(b) and (c := constant_value(self.df, b)):
                # a divisor that is one nonzero number everywhere (`z + 2.0`): exact at padding
                return merged(tuple(valued(q, binary_at(ir.BinOp.DIV, q.value, c)) for q in sub(a)))
            case ir.Bin(op=ir.BinOp.DIV, lhs=a, rhs=b) if not sub(b) and at_least_one(self.df, b, self.constants.tile):
                # p / bcast(l), l a softmax's row sum (>= 1): 0.0 stays 0.0, inf stays inf
                return merged(tuple(valued(q, _over_at_least_one(q.value)) for q in sub(a)))
            case ir.Bin(op=op, lhs=a, rhs=b) if any(
                    tile_names(x) == set() and value_at(x, "", 0.0, self.df.types, within=math_type(e, self.df.types))
                    == UNKNOWN for x in (a, b)):
                # a number that may not be finite (R * 1e300 * 1e300): not some number
                return merged(tuple(valued(q, UNKNOWN) for q in sub(a) + sub(b)))
            case ir.Bin(op=op, lhs=a, rhs=b) if (known := index_compared(self.df, e, sub)) is not None:
                return known
            case ir.Bin(op=op, lhs=a, rhs=b):
                return combined(op, sub(a), sub(b), lambda q, others: self.covered(q, others, e),
                                (elementwise(a), elementwise(b)), lambda p, q: not self.meets(p, q, e))
            case ir.Call(func="maximum" | "minimum" as f, args=(a, b)) if self_name in bare_tiles(a, b) and \
                    self.from_zero(self_name):
                other = b if bare_tiles(a, b)[0] == self_name else a
                return kept_zero(tuple(valued(q, extremum_at(f, 0.0, q.value)) for q in sub(other)))
            case ir.Call(func="maximum" | "minimum" as f, args=(a, b)) if self_name in bare_tiles(a, b) and \
                    self.identity_start(self_name) == f:
                # a running extremum from its identity: the identity stays where x's padding is it
                other = b if bare_tiles(a, b)[0] == self_name else a
                ident = -math.inf if f == "maximum" else math.inf
                return merged(tuple(valued(q, ident if isinstance(q.value, float) and q.value == ident and not
                                           q.absorbed else UNKNOWN) for q in sub(other)))
            case ir.Call(func="maximum" | "minimum" as f, args=(a, b)) if literal(a) is not None or \
                    literal(b) is not None:
                # maximum(mask(x, c, fill=0.0), 0.0): the literal's value, not some number
                # (data that padding met stays data with its records: a ReLU after a bias)
                x, c = (a, literal(b)) if literal(b) is not None else (b, literal(a))
                return merged(tuple(valued(q, MET if q.value == MET else extremum_at(f, q.value, c)) for q in sub(x)))
            case ir.Call(func="maximum" | "minimum" as f, args=(a, b)):
                return extremum_parts(f, sub(a), sub(b), (elementwise(a), elementwise(b)))
            case ir.Call(func="bcast", args=(x,), kwargs=kw):
                axis = self.df.env.const_value(dict(kw)["axis"])
                return tuple(Part(q.value, inserted(q.whole, axis), None if q.maybe is None else inserted(q.maybe, axis),
                                  shifted(q.at, axis, +1), q.pure, q.exact, q.absorbed) for q in sub(x))
            case ir.Call(func=f, args=(x,), kwargs=kw) if f in ("sum", "max", "min"):
                return self.reduce(f, sub(x), self.df.env.const_value(dict(kw)["axis"]), x, check)
            case ir.Call(func="index"):
                return NONE
            case ir.Call(func="reshape", args=(x,)):
                return anywhere(sub(x))
            case ir.Call(func="mask", args=(x, c)):
                # the fill as the math computes it: in f32 but for f64 tiles (round 29)
                fill = fill_of(e, self.df.env.consts)
                # (an i64 fill a float does not hold, 2^53 + 1, is no number here: round 70)
                fill = float(fill) if float(fill) == fill else UNKNOWN
                if fill != UNKNOWN and self.compute_dtype(x).is_float and self.compute_dtype(x) is not ir.DType.F64:
                    fill = cast_value(fill, ir.DType.F32)
                inner = sub(x)       # walked also when replaced: its reductions are checked there
                kept = NONE if self.masked_again(x, c) else tuple(q for q in inner if not self.masked_part(q, c, x))
                # a part of no known place may lie where the mask replaces it, or not: its elements
                # hold its value or the fill (held-out round 41: a tail re-masked after a reshape
                # was a TAG finding the interpreter did not reproduce)
                kept = tuple(q if q.at is not None or q.value == MET or identical(q.value, fill) else valued(q, UNKNOWN)
                             for q in kept)
                return merged(kept + (self.cond_part(c, x, fill),))
            case ir.Call(func=f, args=(x,)) if f in UNARY:
                return mapped(sub(x), lambda v: func_at(f, v))
            case ir.Call(func="pow", args=(a, b)) if literal(b) is not None:
                return mapped(sub(a), lambda v: pow_at(v, literal(b)))
            case ir.Call(func="pow", args=(a, b)) if literal(a) is not None:
                return mapped(sub(b), lambda v: pow_at(literal(a), v))
            case ir.Call(func="where", args=(c, a, b)):
                return where_parts(sub(c), sub(a), sub(b), a, b, lambda q, others: self.covered(q, others, e))
            case ir.Call(args=args):
                parts = tuple(q for a in args for q in sub(a))
                return tuple(valued(q, UNKNOWN) for q in parts)
            case ir.Sym() | ir.IntLit() | ir.FloatLit() | ir.BuiltinRef():
                return NONE      # literals, sizes, block and thread ids
        # any other expression that reads a tile: its padding's value is not known
        return merged(tuple(valued(q, UNKNOWN) for t in sorted(all_tiles(e) - {self_name}) for q in self.of(t)))

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
    """`mask(x, c, fill=v)`: its own padding is v, put there and met by nothing; what it
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
