"""Holes in a sketch's specification (new-user round 38): `argus fill` chooses values with
which every claim proves, so a hole inside a tag function, an `assume`, an `assert` or an
`invariant` would let it choose the claim instead of the kernel (`range(??{0, 32}, C)` filled to the 32
that a loop skipping the first tile satisfies). Holes belong in the implementation; a tag
function may not read a constant that is a hole either (it is the kernel's contract), while an
assertion or an assumption may (`block.x * BM`, `assume M % BM == 0` with a tile size being
tuned)."""
from __future__ import annotations

from . import exprs, ir
from .diagnostics import Diagnostic


def spec_hole_errors(kernel: ir.Kernel) -> list[Diagnostic]:
    valued = {c.name for c in kernel.consts}        # a constant with a hole in it has no value here
    out = []
    for t in kernel.tags:
        for e in [e for _, e in t.fields] + ([t.cond] if t.cond is not None else []):
            named = [n.name for n in exprs.iter_nodes(e)
                     if isinstance(n, ir.Sym) and n.kind is ir.SymKind.CONST and n.name not in valued]
            if _holes(e) or named:
                what = f"the constant {named[0]}, a hole," if named else "a hole"
                out.append(_error(f"{what} in the tag function of {t.tensor}: `argus fill` would choose the "
                                  "contract, not the kernel", getattr(e, "span", t.span) or t.span))
                break
    for a in kernel.assumes:
        if _holes(a):
            # held-out round 39: `assume P == ??{1, 32}` with P a tag's range start, and
            # `assume N <= ??{64, 4096}`, let fill choose which sizes the kernel serves
            out.append(_error("a hole in an `assume`: `argus fill` would choose which sizes the kernel serves",
                              getattr(a, "span", None) or kernel.span))
    for s in ir.walk(kernel.body):
        if isinstance(s, (ir.Assert, ir.Invariant)) and _holes(s.cond):
            word = "assert" if isinstance(s, ir.Assert) else "invariant"
            out.append(_error(f"a hole in an `{word}`: `argus fill` would choose the claim, not the kernel",
                              s.span))
    return out


def _holes(e) -> bool:
    return e is not None and any(isinstance(n, ir.Hole) for n in exprs.iter_nodes(e))


def _error(message: str, span) -> Diagnostic:
    return Diagnostic("E020", message, span, hint="write the claim's value; holes go in the implementation: "
                      "offsets, extents, loop bounds, guards, constants")
