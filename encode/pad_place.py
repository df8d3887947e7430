"""Where an operand of elementwise math is padding: a condition on its element.

Padding that meets data is the empty record (encode/compute_tags.py), placed exactly where
the operand has no record. For a tile read that is where none of its records' domains hold,
which is exact only when every record drops the padding (a masked load or copy, `mask`) and
ranges over no bound variable. Math on such tiles keeps it exact, from the operands' places
and the data decisions of encode/pad_walk.py: `x * sum(w, axis=1)` is padding where x is
(the sum has no padding), though its records range over the sum's variable. Anything else
is None: the place is not known, and neither are the tags.
"""
from __future__ import annotations

import z3

from dsl import ir
from dsl.pad_values import UNARY, operands

from .pad_walk import data_sides, padding_of
from .terms import And, Or


def padding_at(df, e: ir.Expr, coords: tuple, w, inst: dict, self_name: str, records):
    """The condition under which element `coords` of `e` (at writer `w`'s instance `inst`)
    is padding, or None where that is not known. `records(x, coords)` gives a tile
    expression's records there (compute_tags._operand's contributions)."""
    if not padding_of(df, e, w, self_name):
        return z3.BoolVal(False)          # no padding at all
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR) if e.name != self_name:
            return _no_record(records(e, coords))
        case ir.Neg(operand=x) | ir.Cast(operand=x):
            return padding_at(df, x, coords, w, inst, self_name, records)
        case ir.Call(func=f, args=(x,)) if f in UNARY:      # erf too (new-user round 79: an inline GELU)
            return padding_at(df, x, coords, w, inst, self_name, records)
        case ir.Call(func="bcast", args=(x,), kwargs=kw):
            axis = df.env.const_value(dict(kw)["axis"])
            return padding_at(df, x, tuple(coords[:axis]) + tuple(coords[axis + 1:]), w, inst, self_name, records)
    pair = operands(e)
    sides = data_sides(df, e, w, self_name) if pair is not None else ()
    if not sides:
        return None
    pa, pb = (padding_at(df, x, coords, w, inst, self_name, records) for x in pair)
    if pa is None or pb is None:
        return None
    out = [And(pa, pb)]
    if not sides[0]:
        out.append(And(pa, z3.Not(pb)))      # a's padding against data stays padding
    if not sides[1]:
        out.append(And(pb, z3.Not(pa)))
    return z3.simplify(Or(*out))


def _no_record(contribs):
    """Where none of the records holds, when that is exactly the padding: every record drops
    the padding of a masked access, or is the empty record (an accumulator no update reached
    holds zeros there, not padding). A record that ranges over bound variables (a reduction
    of a masked tile, an mma) holds where some value of them does: a row sum is padding where
    its whole line is."""
    if not contribs or any(c.opaque or not (c.masked or (not c.fields and not c.bound)) for c in contribs):
        return None
    return z3.Not(Or(*[z3.Exists(list(c.bound), c.domain) if c.bound else c.domain for c in contribs]))
