"""UNUSED (a warning, never an error): a tensor parameter the kernel never names.

A kernel that never reads or writes one of its tensors usually reads another in its place:
`y = load Y[...]` where `load X[...]` was meant. The proofs still hold of what the kernel
does (an output read before it is stored holds what its tag function says, docs/SEMANTICS.md),
so such a typo can prove; this says so. A parameter counts as used where any statement, an
assumption or another tensor's tag function names it (an integer input read in a loop
bound, a tag condition or an element subscript); its own `tag` line does not count. A
parameter read only by loads whose tiles no statement reads is reported too (_dead_loads).
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
        else:
            dead = _dead_loads(kernel, p.name)
            if dead:
                tiles = ", ".join(f"'{t}'" for t in dict.fromkeys(s.target.name for s in dead))
                sink.finding(Finding(
                    "UNUSED", dead[0].span, f"tensor {p.name} is read only into {tiles}, which no statement "
                    f"reads: nothing the kernel computes depends on {p.name}",
                    hint=f"use {tiles} where {p.name}'s values were meant (a gain, a bias, a scale), or drop the "
                    "load and the parameter", severity="warning"))


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


def _dead_loads(kernel: ir.Kernel, tensor: str) -> list:
    """The loads of `tensor` when they are every statement that names it and no statement reads
    the register tiles they write (held-out round 134: the gain of an RMSNorm loaded as `g =
    load G[0 : +256]` and never used escaped the warning above, G being read); [] otherwise.
    Only a tile no statement names counts as unread, not one read by dead math only."""
    stmts = list(ir.walk(kernel.body))
    loads = [s for s in stmts if isinstance(s, ir.Load) and s.src.tensor == tensor]
    if not loads or any(tensor in _own_names(s) for s in stmts if not any(s is l for l in loads)):
        return []
    targets = {s.target.name for s in loads}
    if any(s.mask is not None and tensor in _names_of(s.mask) for s in loads):
        return []
    return [] if any(targets & _own_names(s) for s in stmts) else loads


def _own_names(s) -> set[str]:
    """The tensors statement `s` itself reads or writes other than its target tile (a loop's
    or branch's own bounds or condition, not its body), and every string among its fields:
    an mma names its operand tiles so (`mma(q, k, z)`); a string that names no tile only
    makes a tile read that is not, so fewer warnings."""
    if isinstance(s, ir.For):
        return _names_of((s.start, s.stop))
    if isinstance(s, ir.If):
        return _names_of(s.cond)
    fields = tuple(getattr(s, f.name) for f in dataclasses.fields(s) if f.name not in ("target", "span"))
    return _names_of(fields) | set(_strings(fields))


def _strings(x):
    if isinstance(x, str):
        yield x
    elif isinstance(x, (tuple, list)):
        for y in x:
            yield from _strings(y)


def _names_of(x) -> set[str]:
    out: set[str] = set()
    _names(x, out)
    return out
