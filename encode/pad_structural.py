"""The padding of an expression from its operands' (encode/pad_walk.py's Pads): negation,
casts, arithmetic, maximum and minimum, broadcasts, reductions, masks, functions and where,
each operand's padding parts combined by the rules of encode/fill_parts.py, where the exact
evaluation of the whole (Pads.single_padded) cannot say."""
from __future__ import annotations

import math

import z3

from dsl import ir
from dsl.masks import fill_of
from dsl.pad_values import UNARY, UNKNOWN, cast_value, func_at, math_type, pow_at, tile_names, value_at
from dsl.views import reshape_extents

from .element_conds import expr_shape_of, index_compared, index_cond
from .fill_parts import (MET, NONE, Part, all_tiles, anywhere, bare_tiles, binary_at, combined, elementwise,
                         extremum_at, extremum_parts, identical, inserted, kept_zero, literal, mapped, merged,
                         shifted, valued, where_parts)
from .softmax_sum import at_least_one
from .symbols import Unsupported
from .zero_values import constant_value


def _over_at_least_one(v):
    """Padding of value v divided by a finite number >= 1: 0.0, an infinity or NaN stays as it
    is; another number becomes one that depends on the divisor (data)."""
    if isinstance(v, float) and (v == 0.0 or math.isinf(v) or math.isnan(v)):
        return v
    return v if v == MET else UNKNOWN


class Structural:
    """Pads' walk of an expression from its operands."""

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
                # a divisor that is one nonzero number everywhere (`z + 2.0`): exact at padding;
                # data that padding met stays data, its records kept (`(l + c + r) / 3.0`, an
                # average over a zero halo, was unknown: issue 17)
                return merged(tuple(q if q.value == MET else valued(q, binary_at(ir.BinOp.DIV, q.value, c))
                                    for q in sub(a)))
            case ir.Bin(op=ir.BinOp.DIV, lhs=a, rhs=b) if not sub(b) and at_least_one(self.df, b, self.constants.tile):
                # p / bcast(l), l a softmax's row sum (>= 1): 0.0 stays 0.0, inf stays inf
                return merged(tuple(valued(q, _over_at_least_one(q.value)) for q in sub(a)))
            case ir.Bin(op=op, lhs=a, rhs=b) if any(
                    tile_names(x) == set() and value_at(x, "", 0.0, self.df.types, within=math_type(e, self.df.types))
                    == UNKNOWN for x in (a, b)):
                # a number that may not be finite (R * 1e300 * 1e300): not some number
                return merged(tuple(valued(q, UNKNOWN) for q in sub(a) + sub(b)))
            case ir.Bin(op=op, lhs=a, rhs=b) if (lit := self._number_side(e)) is not None:
                # `bcast(s) >= -inf`, `max(x, axis=1) == inf`: the number itself, not some
                # finite one (held-out round 78: -inf padding passed `>= -inf` as false)
                side, c = lit
                at = (lambda v: binary_at(op, c, v)) if side == 0 else (lambda v: binary_at(op, v, c))
                return merged(tuple(q if q.value == MET else valued(q, at(q.value)) for q in sub((a, b)[1 - side])))
            case ir.Bin(op=op, lhs=a, rhs=b) if (known := index_compared(self.df, e, sub)) is not None:
                return known
            case ir.Bin(op=op) if op in ir.COMPARISONS and (known := self.scalar_compared(e, sub)) is not None:
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
            case ir.Call(func="reshape", args=(x,)) if self.same_shape(e, x):
                return sub(x)           # into its own shape: every element stays where it was
            case ir.Call(func="reshape", args=(x,)):
                return anywhere(sub(x))
            case ir.Call(func="mask", args=(x, c)):
                # the fill as the math computes it: in f32 but for f64 tiles (round 29)
                fill = fill_of(e, self.df.env.consts)
                # (an i64 fill a float does not hold, 2^53 + 1, is no number here: round 70)
                fill = float(fill) if float(fill) == fill else UNKNOWN
                if fill != UNKNOWN and self.compute_dtype(x).is_float and self.compute_dtype(x) is not ir.DType.F64:
                    fill = cast_value(fill, ir.DType.F32)
                inner, cs = sub(x), sub(c)      # x walked also when replaced: its reductions are checked there
                # x's padding is replaced where c fails: at every element (masked_again), where
                # c's index condition fails (masked_part), or where c is padding that is false
                falses = tuple(r for r in cs if r.exact and isinstance(r.value, float) and r.value == 0.0)
                kept = NONE if self.masked_again(x, c) else tuple(
                    q for q in inner if not self.masked_part(q, c, x) and not (falses and self.covered(q, falses, e)))
                # a part of no known place may lie where the mask replaces it, or not: its elements
                # hold its value or the fill (held-out round 41: a tail re-masked after a reshape
                # was a TAG finding the interpreter did not reproduce)
                kept = tuple(q if q.at is not None or q.value == MET or identical(q.value, fill) else valued(q, UNKNOWN)
                             for q in kept)
                return merged(kept + (self.cond_part(c, x, fill),) + self.cond_padding(cs, x, inner, fill, e))
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

    def cond_padding(self, cs: tuple, x: ir.Expr, xs: tuple, fill, e: ir.Expr) -> tuple:
        """`mask(x, c, fill)` where its condition c reads padding (parts cs, of truths 1.0,
        0.0 or not known): those elements hold the fill where the truth there is false and
        x's value where it is true, which is a number only where x is one constant or its
        padding of one value wherever c's lies (held-out round 76: `mask(z + 1.0, x == x)`
        of 0.0 padding counted every row past R, a length filled with 64 counted 64 slots,
        `mask(w, x > 0.0)` summed w's rows past R: the condition's padding was not looked at)."""
        out = []
        for q in cs:
            kept = self._value_where(q, x, xs, e)
            if q.value == 0.0:
                v = fill
            elif q.value == 1.0:
                v = kept
            else:       # a truth not known (or data's): the fill or x's value
                v = fill if kept != UNKNOWN and identical(kept, fill) else UNKNOWN
            out.append(valued(q, v))
        return tuple(out)

    def _value_where(self, q, x: ir.Expr, xs: tuple, e: ir.Expr):
        """The one number x holds wherever part q lies: x's padding, every part of it exact
        and of one value, lies wherever q does; or x is one constant. Else UNKNOWN."""
        if xs:
            one = all(r.exact and isinstance(r.value, float) and identical(r.value, xs[0].value) for r in xs)
            return xs[0].value if one and self.covered(q, xs, e) else UNKNOWN
        c = constant_value(self.df, x)
        return float(c) if isinstance(c, (int, float)) and not isinstance(c, bool) else UNKNOWN

    def scalar_compared(self, e: ir.Bin, sub) -> tuple | None:
        """A comparison of an i32 or i64 tile's padding with an integer scalar (a loop
        variable, a block id, a size): its truth at each part's integer, where this point's
        facts decide it (a histogram's `x == b` of -1 padding, b in range(8), is false); None
        where that does not apply."""
        for x, s, left in ((e.lhs, e.rhs, True), (e.rhs, e.lhs, False)):
            if tile_names(s) != set() or math_type(x, self.df.types) not in (ir.DType.I32, ir.DType.I64):
                continue
            parts = sub(x)
            if not parts:
                return None
            return tuple(valued(q, self._truth(e.op, q.value, s, left, x)) for q in parts)
        return None

    def _truth(self, op: ir.BinOp, v, s: ir.Expr, left: bool, x: ir.Expr):
        """1.0 or 0.0: whether `v op s` (`s op v` unless left) holds wherever x is, s in
        int32's range; UNKNOWN where the facts do not decide it."""
        if not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v) or v != int(v) or \
                self.point is None:
            return UNKNOWN
        lit = ir.IntLit(int(v), s.span)
        try:
            _, inst, facts, coords = self.frame(x)
        except Unsupported:
            return UNKNOWN
        keep = index_cond(self.df, ir.Bin(op, lit, s, s.span) if left else ir.Bin(op, s, lit, s.span),
                          tuple(coords), inst)
        scalar = index_cond(self.df, ir.Bin(ir.BinOp.GE, s, ir.IntLit(-2 ** 31, s.span), s.span), tuple(coords), inst)
        top = index_cond(self.df, ir.Bin(ir.BinOp.LT, s, ir.IntLit(2 ** 31, s.span), s.span), tuple(coords), inst)
        if keep is None or scalar is None or top is None:
            return UNKNOWN
        if self.proved(z3.And(keep, scalar, top), facts):
            return 1.0
        if self.proved(z3.And(z3.Not(keep), scalar, top), facts):
            return 0.0
        return UNKNOWN

    def _number_side(self, e: ir.Bin) -> tuple | None:
        """(the side, its number) of `a op b` where one operand is a number (a literal, as the
        math holds it) and the other reads tiles, for a comparison or a number that is not
        finite: evaluated with the padding exactly. A finite number in arithmetic is left to
        the rules for some finite number (fill_parts.combined)."""
        for side, (s, other) in enumerate(((e.lhs, e.rhs), (e.rhs, e.lhs))):
            if tile_names(s) != set() or not all_tiles(other):
                continue
            kind = math_type(other if e.op in ir.COMPARISONS else e, self.df.types)
            c = value_at(s, "", 0.0, self.df.types, within=kind)
            if isinstance(c, (int, float)) and not isinstance(c, bool) and (
                    e.op in ir.COMPARISONS or not math.isfinite(c)):
                return side, float(c)
        return None

    def same_shape(self, e: ir.Call, x: ir.Expr) -> bool:
        """Whether reshape `e` of `x` keeps x's own extents (the identity: each element keeps
        its coordinates, and so its padding its place)."""
        new = reshape_extents(e, self.df.env.consts)
        return new is not None and tuple(new) == tuple(expr_shape_of(self.df, x) or ())
