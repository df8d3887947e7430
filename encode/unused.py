"""UNUSED (a warning, never an error): a tensor parameter the kernel never names.

A kernel that never reads or writes one of its tensors usually reads another in its place:
`y = load Y[...]` where `load X[...]` was meant. The proofs still hold of what the kernel
does (an output read before it is stored holds what its tag function says, docs/SEMANTICS.md),
so such a typo can prove; this says so. A parameter counts as used where any statement, an
assumption or another tensor's tag function names it (an integer input read in a loop
bound, a tag condition or an element subscript); its own `tag` line does not count.
"""
from __future__ import annotations

import dataclasses

from dsl import ir

from .findings import Finding


def check(kernel: ir.Kernel, sink) -> None:
    named: set[str] = set()
    _names(kernel.body, named)
    _names(kernel.assumes, named)
    for decl in kernel.tags:
        _names((tuple(e for _, e in decl.fields), decl.cond), named)
    for p in kernel.params:
        if p.name not in named:
            sink.finding(Finding(
                "UNUSED", p.span, f"tensor {p.name} is a parameter of kernel '{kernel.name}' but no statement "
                "reads or writes it", hint=f"if another tensor is read where {p.name} was meant, load {p.name} "
                "there; else drop the parameter", severity="warning"))


def _names(x, out: set) -> None:
    """The tensors the IR value `x` names: tile references, element reads and tensor symbols
    (not any string: a tensor called `k`, `axis` or `exp` is not used by an index variable,
    a keyword or a function of that name: held-out round 31)."""
    if isinstance(x, (ir.TileRef, ir.ElemRef)):
        out.add(x.tensor)
    if isinstance(x, ir.Sym) and x.kind is ir.SymKind.TENSOR:
        out.add(x.name)
    if isinstance(x, (tuple, list)):
        for y in x:
            _names(y, out)
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        for f in dataclasses.fields(x):
            if f.name != "span":
                _names(getattr(x, f.name), out)
