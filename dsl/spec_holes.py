"""Holes in a sketch's specification (new-user round 38): `argus fill` chooses values with
which every claim proves, so a hole inside a tag function, an `assume`, an `assert` or an
`invariant` would let it choose the claim instead of the kernel (`range(??{0, 32}, C)` filled to the 32
that a loop skipping the first tile satisfies). Holes belong in the implementation; a tag
function may not read a constant that is a hole either (it is the kernel's contract), while an
assertion or an assumption may (`block.x * BM`, `assume M % BM == 0` with a tile size being
tuned). A hole may not decide whether a claim is checked either: none in the condition of an
`if`, or the bounds of a `for`, around an `assert` or `invariant`, and no constant that is a hole
in such a condition (held-out round 106: `if ??{0, 1} == 1:` around the assertion was filled to
0, and then a loop skipping a tile proved). A loop's bounds may read a tile size being tuned
(`range(K / BK)`)."""
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
    _guards(kernel.body, valued, out)
    return out


def _guards(body, valued: set[str], out: list) -> bool:
    """Report the holes in the guards around claims in `body`; whether body holds a claim."""
    claims = False
    for s in body:
        if isinstance(s, (ir.Assert, ir.Invariant)):
            claims = True
        elif isinstance(s, ir.For) and _guards(s.body, valued, out):
            claims = True
            if _holes(s.start) or _holes(s.stop):
                out.append(_error("a hole in the bounds of a loop around an assertion: `argus fill` would choose "
                                  "which iterations the claim covers", s.span))
        elif isinstance(s, ir.If) and (_guards(s.then, valued, out) | _guards(s.orelse, valued, out)):
            claims = True
            named = [n.name for n in exprs.iter_nodes(s.cond)
                     if isinstance(n, ir.Sym) and n.kind is ir.SymKind.CONST and n.name not in valued]
            if _holes(s.cond) or named:
                what = f"the constant {named[0]}, a hole," if named else "a hole"
                out.append(_error(f"{what} in the condition of an `if` around an assertion: `argus fill` would "
                                  "choose whether the claim is checked", s.span))
    return claims


def _holes(e) -> bool:
    return e is not None and any(isinstance(n, ir.Hole) for n in exprs.iter_nodes(e))


def _error(message: str, span) -> Diagnostic:
    return Diagnostic("E020", message, span, hint="write the claim's value; holes go in the implementation: "
                      "offsets, extents, loop bounds, guards, constants")
