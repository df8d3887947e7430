"""The padding of a tile as parts, and elementwise math on them (encode/pad_walk.py).

A part is a set of a tile's elements with one padding value, the axes along which its lines
are all padding (F, `whole`) and along which a line may be (W, `maybe`), and where it lies
(`at`, a condition on the tile coordinates `pad.c{d}`, when that is known). The functions
here are pure: the value of math at the padding (dsl/pad_values.py), overlaps of two
operands' parts, and the data that padding met as an identity (MET).
"""
from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from dataclasses import dataclass

import numpy as np
import z3

from dsl import exprs, ir
from dsl.pad_values import (F32_TINY, NOPAD, UNKNOWN, binary, evaluate, extremum, identical, operands, same,
                             tile_names, value_at)

from .symbols import mentions
from .terms import And


@dataclass(frozen=True)
class Part:
    value: object                       # UNKNOWN or the padding's number
    whole: frozenset                    # F: axes along which its lines are all padding
    maybe: frozenset | None             # W: axes along which a line may be all padding (None: any)
    at: object = None                   # z3 condition on the tile coordinates `pad.c{d}` that
                                        # holds wherever the part has an element (None: anywhere)
    pure: bool = False                  # an UNKNOWN value computed from fills alone (a reduction of
                                        # lines all padding whose parts differ): PAD records only,
                                        # no data met it; math on it forgets this (valued)
    exact: bool = False                 # every element where `at` holds is padding (of some part):
                                        # a masked access past the tensor, a mask's failing condition;
                                        # only with a number or a pure value (valued)
    absorbed: bool = False              # an infinity of padding that won against data (`inf + x`,
                                        # `maximum(inf, x)`): the element held data (held-out round 35)


NONE: tuple = ()                         # no padding: a tile's padding is a tuple of parts
MET = "met"                              # a part's value where its padding met data as an identity
                                         # (`0.0 + x`): x's value and records, not padding; a
                                         # reduction or mma must not count such elements
MAX_RANK = 8                             # tile coordinates a part's place may name


def value_at_padding(e: ir.Expr, name: str, v, types):
    if v in (UNKNOWN, MET):
        return v            # data through elementwise math stays data
    out = value_at(e, name, v, types)
    return UNKNOWN if out == NOPAD else out     # data where the padding was: not neutral


def bare_tiles(*args) -> tuple:
    """The tile names of the arguments that are bare tiles (None for the others)."""
    return tuple(a.name if isinstance(a, ir.Sym) and a.kind is ir.SymKind.TENSOR else None for a in args)


def kept_zero(parts: tuple) -> tuple:
    """An update of a zero-started accumulator at its padding: 0.0 where it keeps 0.0."""
    return merged(tuple(valued(q, 0.0 if isinstance(q.value, float) and same(q.value, 0.0) else UNKNOWN)
                        for q in parts))


def valued(q: Part, value) -> Part:
    """The part with another value at the same place (not pure: math on it may meet data;
    exact only while the value is a number: UNKNOWN may be data where the padding was,
    `maximum(0.0, x)`, `where(c, padding, x)`, and MET is data; absorbed stays: a function of
    a value that lost its element's data has lost it too, `exp(-maximum(inf, x))`, held-out
    round 36)."""
    return Part(value, q.whole, q.maybe, q.at, exact=q.exact and isinstance(value, float), absorbed=q.absorbed)


def pure_of(q: Part, r: Part) -> Part:
    """r, computed from part q alone (no tile of data): pure where its value is not known and
    q's is a number or pure (not data that padding met)."""
    if r.value == UNKNOWN and (isinstance(q.value, float) or q.pure):
        return Part(r.value, r.whole, r.maybe, r.at, True, absorbed=r.absorbed)
    return r


def against_data(q: Part, value, elementwise: bool = True) -> Part:
    """Part q where the other operand holds data, of `value` there: an infinity is padding that
    won against the data (absorbed) where that data is the element's own (`l + c`, `maximum(l,
    c)`); against a broadcast row statistic (`x - bcast(m)`: a masked softmax's -inf) it is the
    padding as the idiom wants it."""
    r = valued(q, value)
    if elementwise and isinstance(value, float) and math.isinf(value):
        return dataclasses.replace(r, absorbed=True)
    return r


def inexact(parts: tuple) -> tuple:
    return tuple(Part(q.value, q.whole, q.maybe, q.at, q.pure, absorbed=q.absorbed) for q in parts)


def placed(parts: tuple) -> tuple:
    """Parts whose places are exact only if none of them holds data (MET): an exact place
    says every element there is padding."""
    return inexact(parts) if any(q.value == MET for q in parts) else parts


def tile_coords(n: int) -> list:
    return [z3.Int(f"pad.c{d}") for d in range(n)]


def fixed_place(at, inst: dict):
    """A part's place, kept only when it names no loop variable: a tile is read at other
    instances than the one that wrote it (after its loop, a later iteration), and the place
    at the reader's instance need not be the writer's."""
    return None if any(mentions(at, v) for v in inst.values()) else z3.simplify(at)


def shifted(at, axis: int, by: int):
    """The place after a broadcast inserts `axis` (by=+1) or a reduction removes it (-1);
    None where it names the removed coordinate."""
    if at is None:
        return None
    tile = tile_coords(MAX_RANK + 1)
    if by < 0:
        if mentions(at, tile[axis]):
            return None
        moved = [(tile[d], tile[d - 1]) for d in range(axis + 1, len(tile))]
    else:
        moved = [(tile[d], tile[d + 1]) for d in range(axis, len(tile) - 1)]
    return z3.substitute(at, *moved)


def whole_line(parts: tuple, k: int) -> bool:
    """Whether some line along axis k of the tile may be all padding (an mma over k then
    gives padding in the result): W, which holds F's axes wherever the part has an element
    (F alone holds vacuously for a part that no element is in)."""
    return any(q.maybe is None or k in q.maybe for q in parts)


def inserted(axes: frozenset, axis: int) -> frozenset:
    """A broadcast along `axis`: each padded element's line along it is all padding."""
    return frozenset({axis} | {d + (d >= axis) for d in axes})


def mapped(parts: tuple, f) -> tuple:
    return tuple(valued(q, q.value if q.value in (UNKNOWN, MET) else f(q.value)) for q in parts)


def combined(op: ir.BinOp, xs: tuple, ys: tuple, covered=lambda q, others: False, data=(True, True),
             apart=lambda a, b: False) -> tuple:
    """Elementwise math: each operand's parts with the other operand a number there (but
    where `covered(part, other's parts)`: the other is padding wherever the part lies), and
    the overlaps of two parts (their lines are all padding along the axes of either) but
    where `apart(a, b)`: their places never meet. `data`: whether each operand reads a tile
    at the element itself (not a broadcast or a scalar), whose data a winning infinity absorbs."""
    out = [against_data(q, binary_at(op, q.value, NOPAD), data[1]) for q in xs if not covered(q, ys)]
    out += [against_data(q, binary_at(op, NOPAD, q.value), data[0]) for q in ys if not covered(q, xs)]
    out += [overlap(met_value(a.value, b.value) or binary_at(op, a.value, b.value), a, b) for a in xs for b in ys
            if not apart(a, b)]
    return placed(merged(tuple(out)))


def met_value(u, w, sides: tuple = (False, False)):
    """The value where operands of values u and w meet and one of them holds data that
    padding met: MET where the other is data too, or padding that meets data as an identity
    here (sides); UNKNOWN where it is padding that does not; None where neither is MET."""
    if MET not in (u, w):
        return None
    if u == w or (u == MET and sides[1]) or (w == MET and sides[0]):
        return MET
    return UNKNOWN


def overlap(value, a: Part, b: Part) -> Part:
    """Where parts of two operands overlap: their lines are all padding along the axes of either,
    and may be along those (W holds F: the intersection left a corner of a row tail and a
    column tail out of every line's reduction, held-out round 32)."""
    return Part(value, a.whole | b.whole,
                None if a.maybe is None or b.maybe is None else a.maybe | b.maybe,
                b.at if a.at is None else a.at if b.at is None else And(a.at, b.at),
                exact=a.exact and b.exact and a.at is not None and b.at is not None and isinstance(value, float),
                absorbed=a.absorbed or b.absorbed)


def extremum_at(f: str, a, b):
    if MET in (a, b):
        return MET if NOPAD in (a, b) or a == b else UNKNOWN
    out = extremum(f, a, b)
    return UNKNOWN if out == NOPAD else out


def all_tiles(e: ir.Expr) -> set:
    """Every tile name `e` reads (through reductions, broadcasts and masks too)."""
    return {n.name for n in exprs.iter_nodes(e) if isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR}


def merged(parts: tuple) -> tuple:
    seen = []
    for q in parts:
        if not any(identical(q.value, r.value) and q.whole == r.whole and q.maybe == r.maybe and _same_place(q.at, r.at)
                   and q.pure == r.pure and q.exact == r.exact and q.absorbed == r.absorbed for r in seen):
            seen.append(q)
    return tuple(seen)


def _same_place(a, b) -> bool:
    return a is b or (a is not None and b is not None and a.eq(b))


def anywhere(parts: tuple) -> tuple:
    return merged(tuple(Part(q.value, frozenset(), None, absorbed=q.absorbed) for q in parts))


def reduced(op: str, v, n: int):
    """A line of n padding elements of value v under reduction `op`: a max or min is v; a sum
    is n * v where every partial sum is exact in f32 (n times the odd part of v below 2^24;
    64 * 0.1 summed in f32 is 6.3999963, not 6.4: held-out round 73), and +0.0 for zeros
    (the lowering starts a sum at 0.0, and 0.0 + -0.0 is 0.0)."""
    if v in (UNKNOWN, MET):
        return v
    if op != "sum":
        # a max over NaN alone is unspecified: the lowering's starts at -inf and drops it
        # (held-out round 74: `t != t` of such a line was taken as true)
        return UNKNOWN if isinstance(v, float) and math.isnan(v) else v
    if isinstance(v, int) and not isinstance(v, bool):
        return v * n        # integer sums are exact in int64 (a store wraps: the walk checks the type)
    if not isinstance(v, float):
        return UNKNOWN
    if v == 0.0:
        return 0.0
    if not math.isfinite(v):
        return v
    q = Fraction(v)
    odd = q.numerator       # v = odd * 2^e (the denominator is a power of two)
    while odd % 2 == 0:
        odd //= 2
    total = evaluate(np.multiply, v, n)
    exact = float(np.float32(v)) == v and abs(odd) * n < 2 ** 24 and Fraction(total) == q * n
    return total if exact and float(np.float32(total)) == total and abs(total) >= F32_TINY else UNKNOWN


def binary_at(op: ir.BinOp, a, b):
    """Elementwise math on padding: a number, or UNKNOWN (where the padding became data);
    MET (data) with some number stays MET."""
    if MET in (a, b):
        return MET if NOPAD in (a, b) or a == b else UNKNOWN
    out = binary(op, a, b)
    return UNKNOWN if out == NOPAD else out


def extremum_parts(f: str, xs: tuple, ys: tuple, data=(True, True)) -> tuple:
    """`maximum(a, b)` (or minimum) of a's padding parts xs and b's ys: a part against the
    other's data is that data (MET) where its value is the op's identity, else the
    extremum with some number; where both are padding, the two values' extremum."""
    identity = -math.inf if f == "maximum" else math.inf
    # an absorbed infinity is no identity: it stands where data was (held-out round 36)
    out = [valued(q, MET) if q.value == MET or (isinstance(q.value, float) and q.value == identity
                                                 and not q.absorbed)
           else against_data(q, extremum_at(f, q.value, NOPAD), data[1 - side])
           for side, group in enumerate((xs, ys)) for q in group]
    out += [overlap(extremum_at(f, p.value, q.value), p, q) for p in xs for q in ys]
    return placed(merged(tuple(out)))


def where_parts(cs: tuple, xs: tuple, ys: tuple, a: ir.Expr, b: ir.Expr,
                covered=lambda q, others: False) -> tuple:
    """`where(c, a, b)`: where the condition is padding of a known truth (`x == bcast(m)`
    at -inf padding is false), a literal branch's number (argmax's `where(..., idx, inf)`
    gives inf); where its truth is not known, the number both branches have there (a
    literal, or a branch's padding of that number wherever the condition's lies: new-user
    round 50's `where(index(x, axis=1) == bcast(pos), -inf, x)` of -inf padding); any other
    value there is not known.
    A branch's own padding is kept where it may be picked, but no longer whole along any
    axis: the other branch may replace some elements of its lines (held-out round 35: a
    padded row of 1.0 cut by `where(index(x, axis=1) < 60, x, 0.0)` was summed as 64.0)."""
    # a branch's padding lies where the condition may pick it: not where the condition is
    # padding of the other truth at an exact place (held-out round 60: `where(x > -inf, x * x,
    # -inf)` of -inf padding kept x * x's inf there, and a correct max was refuted)
    picks = {v: tuple(q for q in cs if q.exact and isinstance(q.value, float) and q.value == v) for v in (0.0, 1.0)}
    kept = [q for q in xs if not (picks[0.0] and covered(q, picks[0.0]))] + \
        [q for q in ys if not (picks[1.0] and covered(q, picks[1.0]))]
    out = [Part(q.value, frozenset(), q.maybe, q.at, q.pure, absorbed=q.absorbed) for q in kept]
    for q in cs:
        pick = (a if q.value == 1.0 else b) if isinstance(q.value, float) and q.value in (0.0, 1.0) else None
        v = literal(pick) if pick is not None else _both_sides(q, xs, ys, a, b, covered)
        out.append(valued(q, UNKNOWN if v is None else v))
    return merged(tuple(out))


def _both_sides(q: Part, xs: tuple, ys: tuple, a: ir.Expr, b: ir.Expr, covered):
    """The number both branches of a `where` hold wherever condition part q lies, or None."""
    def side(e, parts):
        v = literal(e)
        if v is not None:
            return v
        exact = tuple(r for r in parts if r.exact and isinstance(r.value, float))
        if exact and all(identical(r.value, exact[0].value) for r in exact) and covered(q, exact):
            return exact[0].value
        return None
    va, vb = side(a, xs), side(b, ys)
    return va if va is not None and vb is not None and identical(va, vb) else None


def literal(e: ir.Expr) -> float | None:
    """The value of a number literal, negated or not."""
    match e:
        case ir.FloatLit(value=c) | ir.IntLit(value=c):
            return float(c)
        case ir.Neg(operand=ir.FloatLit(value=c) | ir.IntLit(value=c)):
            return -float(c)
    return None


def elementwise(e: ir.Expr) -> bool:
    """Whether `e` reads some tile at the element itself: not only through a broadcast, a
    reduction, `index` or scalars."""
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR):
            return True
        case ir.Call(func="bcast" | "sum" | "max" | "min" | "index"):
            return False
        case ir.Call(func="mask", args=(x, _)):
            return elementwise(x)
    return any(elementwise(k) for k in exprs.children(e))


def absorbs(e: ir.Expr, name: str, v, types) -> bool:
    """Whether some operation inside `e` meets padding of tile `name` (of value v) with
    another tile's data at the element and gives an infinity."""
    if not isinstance(v, float):
        return False
    for n in exprs.iter_nodes(e):
        pair = operands(n)
        if pair is None:
            continue
        for own, other in (pair, pair[::-1]):
            if name in (tile_names(own) or set()) and elementwise(other) and (tile_names(other) or set()) - {name}:
                got = value_at(n, name, v, types)
                if isinstance(got, float) and math.isinf(got):
                    return True
    return False


def against_index(op: ir.BinOp, parts: tuple, n: int, index_left: bool, shift: int = 0) -> tuple | None:
    """`v OP index(t, axis=a) + shift` (or `index(..) + shift OP v`) where v is padding: the
    index there is some integer in [0, n), so a padding value that compares the same with all
    of them has a known truth (1.0 or 0.0; a histogram's -1 fill is in no bin: `x == index(..)`
    is false, nor `x == index(..) + 1`). None when some part's truth is not decided."""
    out = []
    lo, hi = shift, n - 1 + shift
    for q in parts:
        if isinstance(q.value, bool) or not isinstance(q.value, (int, float)) or n < 1:
            return None
        v = float(q.value)          # an integer tile's fill is an int
        if op in (ir.BinOp.EQ, ir.BinOp.NE):
            # no index equals v, also as the GPU may compare, in f32
            if any(math.isfinite(w) and w == int(w) and lo <= w <= hi for w in (v, float(np.float32(v)))):
                return None
            truths = {float(op is ir.BinOp.NE)}
        else:
            pairs = ((float(lo), v), (float(hi), v)) if index_left else ((v, float(lo)), (v, float(hi)))
            truths = {binary(op, x, y) for x, y in pairs}      # monotone in the index
        if len(truths) != 1 or not truths <= {0.0, 1.0}:
            return None
        out.append(valued(q, truths.pop()))
    return merged(tuple(out))
