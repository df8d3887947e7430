"""`And` and `Or` over Z3 Booleans without z3's per-argument sort coercion: the same terms.

z3.And/z3.Or merge and cast the sort of every argument in Python (~10 µs each), which was a
third of the encoder's time in the proofs/ library (conjunctions of many case conditions).
For arguments that are all Z3 Booleans (or Python bools) of one context, these call the same
C constructor with the same arguments, so the term (hash-consed by Z3) is identical; any
other argument list goes to z3's own function, which also gives its errors.
"""
from __future__ import annotations

import z3
from z3 import z3core

_BOOL = z3.BoolRef


def _asts(args):
    """(context, C array of the arguments) when every argument is a Z3 Bool or a Python
    bool and they share one context; else None."""
    ctx = None
    for a in args:
        if isinstance(a, _BOOL):
            if ctx is None:
                ctx = a.ctx
            elif a.ctx is not ctx:
                return None
        elif not isinstance(a, bool):
            return None
    if ctx is None:
        return None
    arr = (z3.Ast * len(args))()
    for i, a in enumerate(args):
        arr[i] = a.as_ast() if isinstance(a, _BOOL) else z3.BoolVal(a, ctx).as_ast()
    return ctx, arr


def And(*args):
    """z3.And(*args), the same term."""
    got = _asts(args)
    if got is None:
        return z3.And(*args)
    ctx, arr = got
    return _BOOL(z3core.Z3_mk_and(ctx.ref(), len(args), arr), ctx)


def Or(*args):
    """z3.Or(*args), the same term."""
    got = _asts(args)
    if got is None:
        return z3.Or(*args)
    ctx, arr = got
    return _BOOL(z3core.Z3_mk_or(ctx.ref(), len(args), arr), ctx)
