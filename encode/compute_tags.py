"""Tags through register math: elementwise ops, reductions along an axis, and mma.

An elementwise result carries the fields of all its operands; `where(c, a, b)` those of c and
of the operand it picks: the condition itself when it depends on sizes, blocks and loop
variables only; otherwise an uninterpreted selector of the element (and the instance)
guards a's contributions, its negation b's, so every claim must hold for either pick. A reduction or an mma carries one contribution per reduced element,
over a fresh bound index variable.
"""
from __future__ import annotations

import dataclasses

import z3

from dsl import exprs, ir
from dsl.compute import REDUCE, function_of_one, keeps_target, selects_own_sides

from .element_conds import index_cond, reshaped, selector, shape_of
from .pad_walk import data_sides as fill_data_sides
from .pad_place import padding_at
from .symbols import Unsupported, mentions
from .tagval import CaseKind, Contribution, TagValue, flatten, no_record, product, single, widen
from .terms import And, Or

UNIT = (Contribution(()),)


def compute_value(df, e: ir.Expr, coords: tuple, w, inst: dict, self_name: str = "") -> TagValue:
    contribs, count = _contribs(df, e, coords, w, inst, self_name)
    tv = single(contribs, count)
    empty = _copied_empty(df, e, coords, w, inst, self_name)
    if empty is None:
        return tv
    return TagValue((dataclasses.replace(tv.cases[0], empty=empty),))


def _copied_empty(df, e, coords, w, inst, self_name):
    """A copy of an accumulator (`m_prev = m`, through signs, casts, broadcasts and reshapes)
    or a reduction of one is empty where the accumulator is (None when `e` is neither or the
    accumulator is never empty). Where the accumulator's emptiness varies along the reduced
    axis, only its first element is followed, under a free choice (as accumulate.py does)."""
    reduced = []
    while True:
        match e:
            case ir.Neg(operand=x) | ir.Cast(operand=x):
                e = x
            case ir.Call(func="bcast", args=(x,), kwargs=kw):
                axis = df.env.const_value(dict(kw)["axis"])
                coords, e = tuple(coords[:axis]) + tuple(coords[axis + 1:]), x
            case ir.Call(func=f, args=(x,), kwargs=kw) if f in REDUCE:
                axis = df.env.const_value(dict(kw)["axis"])
                r = df.fresh(f"{f}_axis{axis}")
                reduced.append(r)
                coords, e = tuple(coords[:axis]) + (r,) + tuple(coords[axis:]), x
            case ir.Call(func="reshape", args=(x,)):
                coords, e = reshaped(df, e, x, coords), x
            case ir.Sym(kind=ir.SymKind.TENSOR, name=n) if n != self_name:
                shape = df.shape(n)
                tv = df.read(n, tuple(coords[len(coords) - len(shape):] if shape else ()), w, inst)
                conds = [And(c.cond, c.empty) for c in tv.value_cases() if c.empty is not None]
                if not conds:
                    return None
                out = z3.simplify(Or(*conds))
                if any(mentions(out, r) for r in reduced):
                    out = And(df.fresh_choice("maybe_empty"),
                              z3.substitute(out, *[(r, z3.IntVal(0)) for r in reduced]))
                return z3.simplify(out)
            case _:
                return None


def count_of(tv: TagValue):
    """How many contributions the element has (or None when that is not known).

    Cases exclude each other and the non-value ones are checked on their own (INIT,
    unknown), so equal counts in every value case give that count.
    """
    counts = []
    if any(c.masked for case in tv.value_cases() for c in case.contribs):
        return None         # padding drops contributions: their number is not the tile's extent
    for case in tv.value_cases():
        n = case.count
        if n is None:
            if any(c.bound for c in case.contribs):
                return None
            n = z3.IntVal(len(case.contribs))
        counts.append(z3.simplify(n))
    if not counts:
        return z3.IntVal(0)
    if all(z3.eq(n, counts[0]) for n in counts):
        return counts[0]
    out = z3.IntVal(0)
    for case, n in reversed(list(zip(tv.value_cases(), counts))):
        out = z3.If(case.cond, n, out)
    return out


def _pick(pick, na, nb):
    """The count of a `where`: the same whichever operand it picks (a ReLU's x or 0.0) needs no pick."""
    return na if z3.eq(z3.simplify(na), z3.simplify(nb)) else z3.If(pick, na, nb)


def _mul(a, b):
    return None if a is None or b is None else a * b


class _Target(str):
    """The name of an in-place update's target, with the element the update computes: the
    target may be read there only (`here`)."""

    def __new__(cls, name: str, at: tuple):
        out = super().__new__(cls, name)
        out.at = at
        return out

    def here(self, coords) -> bool:
        term = lambda c: z3.simplify(c if z3.is_expr(c) else z3.IntVal(c))
        return len(coords) == len(self.at) and all(z3.eq(term(a), term(b)) for a, b in zip(coords, self.at))


def _contribs(df, e, coords, w, inst, self_name, operand: bool = False) -> tuple[tuple, object]:
    """(contributions, their count) of expression `e` at tile coordinates `coords`;
    `operand`: `e` is (a broadcast, reshape or sign of) an operand of elementwise math."""
    one = z3.IntVal(1)
    match e:
        case ir.IntLit() | ir.FloatLit() | ir.BuiltinRef() | ir.ElemRef():
            return UNIT, one        # (an integer input's element: a scalar, as in a subscript)
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            if n == self_name:
                if isinstance(self_name, _Target) and not self_name.here(coords):
                    # The in-place reading takes the target as one empty record at the element it
                    # updates (its own records are the accumulator's); read at another element
                    # (through a reduction or broadcast), that element's records would be lost.
                    raise Unsupported(f"'{n}' is updated from its own value at other elements (a reduction or "
                                      f"broadcast of '{n}'); an in-place update may read it only at the element it "
                                      "updates: compute into a new tile", e.span)
                return UNIT, one
            shape = df.shape(n)
            sub = coords[len(coords) - len(shape):] if shape else ()
            tv = df.read(n, tuple(sub), w, inst)
            if operand:
                tv = _with_units(tv)
            return tuple(flatten(tv)), count_of(tv)
        case ir.Sym():
            return UNIT, one
        case ir.Neg(operand=x) | ir.Cast(operand=x) | ir.Not(operand=x):
            return _contribs(df, x, coords, w, inst, self_name, operand)
        case ir.Bin() | ir.Call(func="maximum" | "minimum" | "pow") if (got := _function_of_one(
                df, e, coords, w, inst, self_name)) is not None:
            return got
        case ir.Bin(lhs=a, rhs=b):
            got = _twins(df, a, b, coords, w, inst, self_name)
            if got is not None:
                return got
            return _pair(df, e, (a, b), coords, w, inst, self_name)
        case ir.Call(func="maximum" | "minimum", args=(a, b), kwargs=()) \
                if (got := _twins(df, a, b, coords, w, inst, self_name)) is None:
            return _pair(df, e, (a, b), coords, w, inst, self_name)
        case ir.Call(func="bcast", args=(x,), kwargs=kw):
            axis = df.env.const_value(dict(kw)["axis"])
            return _contribs(df, x, tuple(coords[:axis]) + tuple(coords[axis + 1:]), w, inst, self_name, operand)
        case ir.Call(func=f, args=(x,), kwargs=kw) if f in REDUCE:
            axis = df.env.const_value(dict(kw)["axis"])
            extent = shape_of(df, x)[axis]
            r = df.fresh(f"{f}_axis{axis}")
            inner = tuple(coords[:axis]) + (r,) + tuple(coords[axis:])
            parts, n = _contribs(df, x, inner, w, inst, self_name)
            if parts and all(not c.fields and not c.opaque and not c.masked and not c.bound for c in parts):
                # a reduction of data no tag function names (an untagged offsets tensor's
                # `max(o) - min(o)`): one record with no field, as a scalar; a record per
                # element would pair every other operand's records with each (new-user round
                # 55: a segment mean's rows counted twice)
                return UNIT, one
            rng = And(r >= 0, r < extent)
            n = None if any(c.masked for c in parts) else _uniform(df, n, r, rng)
            return tuple(widen(c, (r,), rng) for c in parts), _mul(z3.IntVal(extent), n)
        case ir.Call(func="index"):
            return UNIT, one
        case ir.Call(func="reshape", args=(x,)):
            return _contribs(df, x, reshaped(df, e, x, coords), w, inst, self_name, operand)
        case ir.Call(func="mask", args=(x, c)):
            # Where c fails the element is padding: no contribution (the PAD tag).
            (cc, _), (cx, _) = (_operand(df, y, coords, w, inst, self_name) for y in (c, x))
            keep = index_cond(df, c, coords, inst, w)
            keep = selector(df, coords, inst) if keep is None else keep
            return product(cc, tuple(dataclasses.replace(_guard(y, keep), masked=True) for y in cx)), None
        case ir.Call(func="where") if (m := df.zero_branches.as_mask(e)) is not None:
            # a branch of zeros is padding where it is picked (dsl/zero_branch.py)
            return _contribs(df, m, coords, w, inst, self_name, operand)
        case ir.Call(func="where", args=(c, a, b)) if selects_own_sides(c, a, b):
            # `where(a > b, a, b)` is a function of a and b alone (their maximum, or minimum):
            # tagged as elementwise math on them, `maximum(a, b)`'s records, not the
            # condition's records merged with the pick's.
            (ca, na), (cb, nb) = (_operand(df, x, coords, w, inst, self_name) for x in (a, b))
            return product(ca, cb), _mul(na, nb)
        case ir.Call(func="where") if (got := _function_of_one(df, e, coords, w, inst, self_name)) is not None:
            return got
        case ir.Call(func="where", args=(c, a, b)):
            (cc, nc), (ca, na), (cb, nb) = (_operand(df, x, coords, w, inst, self_name) for x in (c, a, b))
            pick = _known_pick(df, c, inst)
            pick = index_cond(df, c, coords, inst, w) if pick is None else pick
            pick = selector(df, coords, inst) if pick is None else pick
            picked = tuple(_guard(x, pick) for x in ca) + tuple(_guard(x, z3.Not(pick)) for x in cb)
            n = None if na is None or nb is None else _pick(pick, na, nb)
            return product(cc, picked), _mul(nc, n)
        case ir.Call(args=(x, y), kwargs=()) if (got := _twins(df, x, y, coords, w, inst, self_name)) is not None:
            return got
        case ir.Call(args=args):
            out, n = UNIT, one
            for a in args:
                ca, na = _operand(df, a, coords, w, inst, self_name)
                out, n = product(out, ca), _mul(n, na)
            return out, n
    raise Unsupported(f"cannot take tags through {type(e).__name__}", getattr(e, "span", None))


def _function_of_one(df, e, coords, w, inst, self_name):
    """(contributions, count) of elementwise math that reads one register tile only, maybe
    several times (GELU's `0.5 * x * (1.0 + tanh(c * (x + 0.044715 * x * x * x)))`, `x * x`):
    a function of one operand, which keeps that operand's records as `tanh(x)` does. Paired
    with itself, every two records of a sum became one record with two values of its fields,
    and a correct `range` claim on a split-K sum after GELU was refuted (new-user round 46).
    None for math on two or more tiles, through anything but elementwise operators and
    functions, or on the target of an in-place update. Where the tile is padding so is the
    result, with no record: the operand is one, so no padding of it meets data of another
    (new-user round 87: pairing a ragged GEMM's padded acc with itself refuted a SiLU
    epilogue's claim of every k once)."""
    name = function_of_one(e, self_name)
    if name is None:
        return None
    leaf = next(n for n in exprs.iter_nodes(e) if isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR and n.name == name)
    return _operand(df, leaf, coords, w, inst, self_name)


def _twins(df, a, b, coords, w, inst, self_name):
    """(contributions, count) of an elementwise op on two register tiles loaded from shifted
    slices of one tile (a tree level), read once (encode/twins.py); None for any other pair."""
    if not all(isinstance(x, ir.Sym) and x.kind is ir.SymKind.TENSOR and x.name != self_name for x in (a, b)):
        return None
    from .twins import twin_read
    shape = df.shape(a.name)
    got = twin_read(df, a.name, b.name, tuple(coords[len(coords) - len(shape):]) if shape else (), w, inst)
    if got is None:
        return None
    tv, g = got
    from .generalize import spread
    tv = _with_units(tv)
    n = count_of(tv)
    if n is not None:
        n = _mul(z3.substitute(n, (g, z3.IntVal(0))), z3.substitute(n, (g, z3.IntVal(1))))
    return tuple(spread(c, g) for c in flatten(tv)), n


def _pair(df, e, pair, coords, w, inst, self_name) -> tuple[tuple, object]:
    """`a op b`, `maximum(a, b)`, `minimum(a, b)`: a record per pair of the operands' records;
    where one operand is padding whose value meets data here (pad_walk.data_sides: `0.0 + x`
    is x), that padding is the empty record, so the element has the other's records (never
    where both are padding: that stays padding, with no record)."""
    (ca, na), (cb, nb) = (_operand(df, x, coords, w, inst, self_name) for x in pair)
    out = product(ca, cb)
    sides = fill_data_sides(df, e, w, self_name)
    for side, x in enumerate(pair):
        if sides and sides[side]:
            unit = (_padding_unit(df, e, x, coords, w, inst, self_name),)
            out += product(unit, cb) if side == 0 else product(ca, unit)
    return out, _mul(na, nb)


def _padding_unit(df, e, x, coords, w, inst, self_name) -> Contribution:
    """The empty record where operand x is padding (encode/pad_place.py); unknown where
    that place is not known."""
    records = lambda y, at: _operand(df, y, at, w, inst, self_name)[0]
    where = padding_at(df, x, coords, w, inst, self_name, records)
    if where is None:
        raise Unsupported("padding of a masked tile meets data here, in an operand whose padding is not "
                          "known element by element (an accumulator, a reduction of padding): its tags are "
                          "not known; mask the math's other operands too, or keep the padding out of the "
                          "tile", e.span)
    return _guard(UNIT[0], where)


def _operand(df, e, coords, w, inst, self_name) -> tuple[tuple, object]:
    """(contributions, count) of `e` as an operand of elementwise math. A value without
    contributions (zeros, a sum of zeros, an accumulator no update reached) holds no data:
    paired with another operand it is the empty record, so `zeros + x` carries x's records.
    Pairing it as the empty set instead would leave the result none, and every claim on it
    would hold vacuously whatever x is (a false proof). Padding is not such a value: its
    contributions exist with a domain that excludes the element (the PAD tag)."""
    contribs, n = _contribs(df, e, coords, w, inst, self_name, operand=True)
    return (contribs, n) if contribs else (UNIT, z3.IntVal(1))


def _with_units(tv: TagValue) -> TagValue:
    """`tv` with each value case given the empty record where it has no contribution."""
    return TagValue(tuple(_or_unit(case) if case.kind is CaseKind.VALUE else case for case in tv.cases))


def _or_unit(case):
    """The case with the empty record where it has no contribution: always when it has none,
    and where an accumulator may have none at the instance read (`case.empty`: no update
    reached it yet, as `m_prev = m` at the first iteration of an online softmax that starts
    from a constant, or a loop that runs zero times). Without the empty record there,
    `l * exp(m_prev - m) + sum(p)` had no records at that iteration and claims on l held
    vacuously. Where the number of updates is not known, `case.empty` holds a free choice:
    the empty record may be there or not, so a claim must hold either way."""
    if not case.contribs:
        return dataclasses.replace(case, contribs=UNIT, count=z3.IntVal(1))
    none = no_record(case)
    if none is None or z3.is_false(none):
        return case
    count = None if case.count is None else z3.If(none, z3.IntVal(1), case.count)
    return dataclasses.replace(case, contribs=case.contribs + (_guard(UNIT[0], none),), count=count)


def _known_pick(df, cond: ir.Expr, inst: dict):
    """A condition on sizes, blocks and loop variables only is the same for every element of
    an instance and is encoded as it is; one on data or on the thread is not (None)."""
    from dsl.exprs import iter_nodes
    if any(isinstance(n, (ir.FloatLit, ir.Cast)) or isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR
           for n in iter_nodes(cond)):
        return None
    try:
        return df.env.cond(cond, inst)
    except Unsupported:
        return None


def _guard(c: Contribution, cond) -> Contribution:
    return dataclasses.replace(c, domain=And(cond, c.domain))


def _uniform(df, n, r, rng):
    """A per-element count under a reduction must not depend on the reduced index. One whose
    terms mention it (a case split on the element's place in a written slice that holds the
    whole row) is its count at index 0 where the solver shows that equal over the range."""
    if n is None or not mentions(n, r):
        return n
    at0 = z3.substitute(n, (r, z3.IntVal(0)))
    from .settle import possible
    return at0 if not possible(df, list(df.env.facts) + [rng], n != at0) else None



def mma_pairs(df, s: ir.Mma, coords: tuple, w, inst: dict) -> tuple[list[Contribution], int]:
    """{a[i, kk] x b[kk, j] : kk} for one instance of an mma, and its size."""
    i, j = coords
    kt = df.shape(s.a)[1]
    kk = df.fresh("kk")
    # An operand without data (zeros, an accumulator no update reached) is the empty record,
    # as in elementwise math: the products then carry the other operand's records.
    ta, tb = _with_units(df.read(s.a, (i, kk), w, inst)), _with_units(df.read(s.b, (kk, j), w, inst))
    rng = And(kk >= 0, kk < kt)
    fa, fb = tuple(flatten(ta)), tuple(flatten(tb))
    pairs = product(fa, fb)
    if len(fa) > 1 and len(fb) > 1:
        # Both operands split on which write reached them (a pipeline's slots): a pair of
        # cases that exclude each other (a's prologue case with b's steady-state one) is empty.
        from .settle import possible
        pairs = tuple(c for c in pairs if possible(df, list(df.env.facts), c.domain))
    out = [widen(c, (kk,), rng) for c in pairs]
    plain = all(len(c.contribs) == 1 and not c.contribs[0].bound and not c.contribs[0].masked
                for t in (ta, tb) for c in t.value_cases())
    return out, (kt if plain else None)


def mma_value(df, s: ir.Mma, coords: tuple, w, inst: dict) -> TagValue:
    """A non-accumulating mma `d = mma(a, b, c)`: c's contributions plus the products."""
    pairs, n = mma_pairs(df, s, coords, w, inst)
    c = df.read(s.c, coords, w, inst)
    have = count_of(c)
    return single(tuple(flatten(c)) + tuple(pairs), None if n is None or have is None else have + n)


def update_contributions(df, upd, storage: str, coords: tuple, inst: dict):
    """What one instance of an accumulating update adds, how many contributions (if known), and
    whether some instance or element may add none (records without data left out)."""
    s = upd.stmt
    if isinstance(s, ir.Mma):
        pairs, kt = mma_pairs(df, s, coords, upd, inst)
        return pairs, (None if kt is None else z3.IntVal(kt)), False
    if not keeps_target(s.value, storage):
        replacing = _replacement(df, s.value, storage, coords, upd, inst)
        if replacing is not None:
            return replacing, None, True
        # `acc = where(c, acc, z)`, `acc = mask(acc, c)`: where the target is not picked its
        # value is replaced, and its records with it; read as an accumulation, they were kept
        # (a `covers` claim on the dropped rows was proved).
        raise Unsupported(f"this in-place update of '{storage}' may replace its value (a where or mask that "
                          f"need not keep '{storage}'); write the result into a new tile", s.span)
    parts, n = _contribs(df, s.value, coords, upd, inst, _Target(storage, tuple(coords)))
    from .settle import possible
    # a record without data that cannot occur (the empty record of an operand whose updates
    # always run: `lo = lo + hi` with hi's loop never empty under the assumptions) is none
    parts = [c for c in parts if holds_data(c) or possible(df, list(df.env.facts), c.domain)]
    data = [c for c in parts if holds_data(c)]
    if len(data) == len(parts):
        return list(parts), n, False
    # A record with no field, origin or opacity comes from literals, scalars and values
    # without data only (`s = s / 64.0`, `x = x * 2.0`, the target read as the empty record):
    # it carries no input element, so the update adds nothing there and the value keeps the
    # records it had (docs/SEMANTICS.md, "in-place update"). Where only some records are such
    # (`s = s + where(c, x, 0.0)`), how many the update adds is not known.
    return data, (z3.IntVal(0) if not data else None), bool(data)


def _replacement(df, e: ir.Expr, storage: str, coords, w, inst) -> list | None:
    """`best = where(c, x, best)` (or `where(c, best, x)`): the running value replaced by x
    where c holds (a one-pass argmax keeps the index of the tile with a larger maximum,
    new-user round 46). Its records are those of one instance's x and c, or of the start:
    as an accumulation, every instance's x and c records (all of which a claim on each record
    must then accept) and the start's, each marked `replaced`: they are more than the value
    holds, so no coverage follows from them (encode/range_rule.py) and their number is not
    known; the accumulator may hold none. None for any other update that may drop the target."""
    if not (isinstance(e, ir.Call) and e.func == "where" and len(e.args) == 3 and not e.kwargs):
        return None
    c, a, b = e.args
    target = [x for x in (a, b) if isinstance(x, ir.Sym) and x.kind is ir.SymKind.TENSOR and x.name == storage]
    if len(target) != 1:
        return None
    x = b if target[0] is a else a
    if any(storage in exprs.free_syms(y, ir.SymKind.TENSOR) for y in (c, x)):
        return None
    (cc, _), (cx, _) = (_operand(df, y, coords, w, inst, storage) for y in (c, x))
    parts = [dataclasses.replace(r, replaced=True) for r in product(cc, cx) if holds_data(r)]
    # none: x and c carry no data (`acc = where(c, acc, z)`, z zeros: a mask that drops acc's
    # records), and no marked record would keep coverage from the records it drops
    return parts or None


def holds_data(c: Contribution) -> bool:
    """Whether a contribution carries an input element (or an unknown value, or padding)."""
    return bool(c.fields or c.origins or c.opaque or c.masked)
