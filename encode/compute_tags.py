"""Tags through register math: elementwise ops, reductions along an axis, and mma.

An elementwise result carries the fields of all its operands; a reduction or an mma
carries one contribution per reduced element, over a fresh bound index variable.
"""
from __future__ import annotations

import z3

from dsl import ir

from .symbols import Unsupported
from .tagval import Contribution, TagValue, flatten, product, single, widen

REDUCE = ("sum", "max", "min")
UNIT = (Contribution(()),)


def compute_value(df, e: ir.Expr, coords: tuple, w, inst: dict, self_name: str = "") -> TagValue:
    return single(_contribs(df, e, coords, w, inst, self_name))


def _contribs(df, e, coords, w, inst, self_name) -> tuple:
    match e:
        case ir.IntLit() | ir.FloatLit() | ir.BuiltinRef():
            return UNIT
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            if n == self_name:
                return UNIT
            shape = df.shape(n)
            sub = coords[len(coords) - len(shape):] if shape else ()
            return tuple(flatten(df.read(n, tuple(sub), w, inst)))
        case ir.Sym():
            return UNIT
        case ir.Neg(operand=x):
            return _contribs(df, x, coords, w, inst, self_name)
        case ir.Bin(lhs=a, rhs=b):
            return product(_contribs(df, a, coords, w, inst, self_name), _contribs(df, b, coords, w, inst, self_name))
        case ir.Call(func=f, args=(x,), kwargs=kw) if f in REDUCE:
            axis = df.env.const_value(dict(kw)["axis"])
            inner_shape = _shape_of(df, x)
            r = df.fresh(f"{f}_axis{axis}")
            inner = tuple(coords[:axis]) + (r,) + tuple(coords[axis:])
            parts = _contribs(df, x, inner, w, inst, self_name)
            rng = z3.And(r >= 0, r < inner_shape[axis])
            return tuple(widen(c, (r,), rng) for c in parts)
        case ir.Call(args=args):
            out = UNIT
            for a in args:
                out = product(out, _contribs(df, a, coords, w, inst, self_name))
            return out
    raise Unsupported(f"cannot take tags through {type(e).__name__}", getattr(e, "span", None))


def _shape_of(df, e: ir.Expr) -> tuple[int, ...]:
    names = [n for n in _tiles(e)]
    if not names:
        raise Unsupported("a reduction over a scalar", getattr(e, "span", None))
    return df.shape(names[0])


def _tiles(e):
    from dsl.exprs import iter_nodes
    return [n.name for n in iter_nodes(e) if isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR]


def mma_pairs(df, s: ir.Mma, coords: tuple, w, inst: dict) -> tuple[list[Contribution], int]:
    """{a[i, kk] x b[kk, j] : kk} for one instance of an mma, and its size."""
    i, j = coords
    kt = df.shape(s.a)[1]
    kk = df.fresh("kk")
    ta, tb = df.read(s.a, (i, kk), w, inst), df.read(s.b, (kk, j), w, inst)
    rng = z3.And(kk >= 0, kk < kt)
    out = [widen(c, (kk,), rng) for c in product(tuple(flatten(ta)), tuple(flatten(tb)))]
    plain = all(len(c.contribs) == 1 and not c.contribs[0].bound for t in (ta, tb) for c in t.value_cases())
    return out, (kt if plain else None)


def mma_value(df, s: ir.Mma, coords: tuple, w, inst: dict) -> TagValue:
    """A non-accumulating mma `d = mma(a, b, c)`: c's contributions plus the products."""
    pairs, _ = mma_pairs(df, s, coords, w, inst)
    base = flatten(df.read(s.c, coords, w, inst))
    return single(tuple(base) + tuple(pairs))


def update_contributions(df, upd, storage: str, coords: tuple, inst: dict):
    """What one instance of an accumulating update adds, and how many contributions (if known)."""
    s = upd.stmt
    if isinstance(s, ir.Mma):
        pairs, kt = mma_pairs(df, s, coords, upd, inst)
        return pairs, (None if kt is None else z3.IntVal(kt))
    parts = _contribs(df, s.value, coords, upd, inst, storage)
    return list(parts), None
