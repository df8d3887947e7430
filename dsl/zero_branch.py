"""A `where` with a branch of zeros is a mask: `where(c, x, z)` is `mask(x, c, fill=0)` and
`where(c, z, x)` is `mask(x, not c, fill=0)` when every write of the tile z is a `zeros`
(docs/SEMANTICS.md, "Tags"). Both compute the same numbers; read as a mask, the zeros picked
are padding (no record, value 0), as the interpreter's zeros picked by a `where` are.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from . import exprs, ir
from .compute import expr_shape
from .writeback import assigned


@dataclass(frozen=True, slots=True)
class ZeroBranches:
    zeros: tuple[tuple[str, ir.DType], ...]       # tiles only `zeros` statements write, and their types
    shapes: tuple[tuple[str, tuple], ...]         # every register tile's extents (None where not constant)
    consts: tuple[tuple[str, int], ...]

    def dtype(self, name: str) -> ir.DType | None:
        return dict(self.zeros).get(name)

    def shape(self, e: ir.Expr):
        shapes, consts = dict(self.shapes), dict(self.consts)

        def of(n):
            got = shapes.get(n)
            if got is None:
                raise KeyError(n)
            return got
        try:
            return expr_shape(e, of, lambda x: exprs.try_fold(x, consts))
        except (KeyError, TypeError):
            return None

    def as_mask(self, e: ir.Expr) -> ir.Call | None:
        """The mask a `where` with one branch a tile of zeros stands for, or None. The other
        branch must have the zeros' shape, so that the mask's elements are the where's."""
        if not (isinstance(e, ir.Call) and e.func == "where" and len(e.args) == 3 and not e.kwargs):
            return None
        c, a, b = e.args
        for keep, x, z in ((c, a, b), (ir.Not(c, c.span), b, a)):
            if isinstance(z, ir.Sym) and z.kind is ir.SymKind.TENSOR and self.dtype(z.name) is not None:
                want = self.shape(z)
                if want is not None and None not in want and self.shape(x) == want and self.shape(e) == want:
                    fill = ir.FloatLit(0.0, z.span) if self.dtype(z.name).is_float else ir.IntLit(0, z.span)
                    return ir.Call("mask", (x, keep), (("fill", fill),), e.span)
        return None

    def masked_form(self, e: ir.Expr) -> ir.Expr:
        """`e` with every `where` that has a branch of zeros written as its mask."""
        if not self.zeros or not exprs.children(e):
            return e
        match e:
            case ir.Bin():
                e = dataclasses.replace(e, lhs=self.masked_form(e.lhs), rhs=self.masked_form(e.rhs))
            case ir.Neg() | ir.Not() | ir.Cast():
                e = dataclasses.replace(e, operand=self.masked_form(e.operand))
            case ir.Call():
                e = dataclasses.replace(e, args=tuple(self.masked_form(a) for a in e.args))
        got = self.as_mask(e)
        return e if got is None else got


def zero_branches(kernel: ir.Kernel) -> ZeroBranches:
    writes: dict[str, list] = {}
    shapes: dict[str, tuple] = {}
    consts = {c.name: c.value for c in kernel.consts}
    for s in ir.walk(kernel.body):
        name = assigned(s)
        if name is not None:
            writes.setdefault(name, []).append(s)
        t = getattr(s, "target", None)
        if isinstance(t, ir.TensorType):
            shapes.setdefault(t.name, tuple(exprs.try_fold(d, consts) for d in t.shape))
    zeros = tuple(sorted((n, ws[0].target.dtype) for n, ws in writes.items()
                         if all(isinstance(s, ir.Zeros) for s in ws)))
    return ZeroBranches(zeros, tuple(sorted(shapes.items())), tuple(sorted(consts.items())))


def with_masks(kernel: ir.Kernel) -> ir.Kernel:
    """The kernel with every `where` that has a branch of zeros written as its mask (the same
    numbers): the fill rule's witness then varies that padding as it varies every fill."""
    zb = zero_branches(kernel)
    if not zb.zeros:
        return kernel

    def stmt(s):
        if isinstance(s, ir.Compute):
            return dataclasses.replace(s, value=zb.masked_form(s.value))
        if isinstance(s, ir.For):
            return dataclasses.replace(s, body=tuple(map(stmt, s.body)))
        if isinstance(s, ir.If):
            return dataclasses.replace(s, then=tuple(map(stmt, s.then)), orelse=tuple(map(stmt, s.orelse)))
        return s
    return dataclasses.replace(kernel, body=tuple(map(stmt, kernel.body)))
