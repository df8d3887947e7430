"""Root causes: a finding about data that flows out of an earlier finding's tiles is reported
as that finding's consequence, under it.

One wrong index fails every claim downstream of it (one bug gave 66 findings); the report
leads with the finding that nothing else explains. A consequence is still a finding (it
counts, it fails the verdict); only its place and its `cause` change.
"""
from __future__ import annotations

import dataclasses

from dsl import exprs, ir

from . import program as prog
from .findings import Finding


CONSEQUENT = ("TAG", "INIT")      # rules whose findings may follow from an earlier finding's data


def sources(stmt) -> set[str]:
    """The storages a statement's value comes from."""
    if isinstance(stmt, (ir.Copy, ir.Load)):
        return {stmt.src.tensor}
    if isinstance(stmt, ir.Store):
        return {stmt.src}
    if isinstance(stmt, ir.Mma):
        return {stmt.a, stmt.b, stmt.c}
    if isinstance(stmt, ir.Compute):
        return set(exprs.free_syms(stmt.value, ir.SymKind.TENSOR))
    return set()


def _flows(kernel: ir.Kernel) -> dict[str, set[str]]:
    """storage -> the storages some statement writes from it (one step)."""
    out: dict[str, set[str]] = {}
    for p in prog.points(kernel):
        target = prog.assigns(p)
        if target is not None:
            for src in sources(p.stmt) - {target}:
                out.setdefault(src, set()).add(target)
    return out


def _tiles(f: Finding) -> set[str]:
    return {op.text.split("[")[0] for op in f.operands if op.text}


def _downstream(tiles: set[str], flows: dict[str, set[str]]) -> set[str]:
    """Storages computed (transitively) from `tiles`, the tiles themselves left out."""
    seen, todo = set(), list(tiles)
    while todo:
        for nxt in flows.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen - tiles


def group(findings: tuple[Finding, ...], kernel: ir.Kernel) -> tuple[Finding, ...]:
    """Findings in their order, each consequence moved right after its root and marked with the
    root's span. The root of a finding is the first earlier finding whose tiles its own tiles
    are computed from; a root's root is followed, so every group has one head. Only claims
    about data (TAG, INIT) are consequences: an access's bound or order is its own bug,
    whatever the data it moves; and only an error is a root (a BANK warning explains no
    wrong value)."""
    flows = _flows(kernel)
    roots: list[int] = []
    cause: dict[int, int] = {}
    for i, f in enumerate(findings):
        mine = _tiles(f) if f.rule in CONSEQUENT else set()
        for j in roots:
            r = findings[j]
            if r.severity != "error":
                continue
            if r.span.line != f.span.line and mine and mine & _downstream(_tiles(r), flows):
                cause[i] = j
                break
        else:
            roots.append(i)
    out = []
    for j in roots:
        out.append(findings[j])
        out += [dataclasses.replace(findings[i], cause=findings[j].span) for i in sorted(cause) if cause[i] == j]
    return tuple(out)
