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
from .findings import Finding, Unknown


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
    whatever the data it moves, except an access whose subscript reads a tensor that another
    BOUND finding reads out of bounds (`E[IDS[l, b]]` with IDS read past its shape: the index
    is garbage); and only an error is a root (a BANK warning explains no wrong value)."""
    flows = _flows(kernel)
    roots: list[int] = []
    cause: dict[int, int] = _index_causes(findings, kernel) | _distrust_causes(findings)
    for i, f in enumerate(findings):
        if i in cause:
            continue
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
    for i in cause:
        seen = {i}
        while cause[i] not in roots and cause[i] in cause and cause[i] not in seen:
            seen.add(cause[i])
            cause[i] = cause[cause[i]]
        if cause[i] not in roots:      # a cycle: no head to put it under
            roots.append(i)
    roots.sort()
    cause = {i: j for i, j in cause.items() if i not in roots}
    out = []
    for j in roots:
        out.append(findings[j])
        out += [dataclasses.replace(findings[i], cause=findings[j].span) for i in sorted(cause) if cause[i] == j]
    return tuple(out)


def unexplained(findings, unknowns) -> tuple[list, list]:
    """A finding that needs an mbarrier's distrust with no error that explains the distrust
    (a round whose arrivals or bytes do not add up, a wait one phase behind) is unknown: the
    distrust may be the model's, rounds it cannot count (a two-deep prologue, a consumer's
    peeled first round, arrivals split over two loops: held-out round 51's correct kernels
    were refuted by races that only the distrust made)."""
    explained = {b for f in findings if f.severity == "error" for b in f.disorders}
    kept, undecided = [], []
    for f in findings:
        if f.unordered and f.unordered not in explained:
            undecided.append(Unknown(f.rule, f.span, f"not decided, no finding explaining why {f.unordered} orders "
                                                     f"nothing: {f.message}"))
        else:
            kept.append(f)
    return kept, list(unknowns) + undecided


def _distrust_causes(findings: tuple[Finding, ...]) -> dict[int, int]:
    """Finding that needs an mbarrier's distrust -> the error that explains the distrust (a
    wait one phase behind, a round whose bytes or arrivals do not add up: held-out round 48's
    root was listed third, under two races that only the distrust made)."""
    out = {}
    for i, f in enumerate(findings):
        if f.unordered:
            j = next((j for j, r in enumerate(findings) if j != i and r.severity == "error"
                      and f.unordered in r.disorders), None)
            if j is not None:
                out[i] = j
    return out


def _index_causes(findings: tuple[Finding, ...], kernel: ir.Kernel) -> dict[int, int]:
    """BOUND finding -> the BOUND finding on a read its subscripts make, out of bounds itself
    (held-out round 33: E[-1, 0] was listed first, IDS[0, 1] read past its shape second)."""
    out = {}
    for i, f in enumerate(findings):
        if f.rule != "BOUND":
            continue
        reads = _subscript_reads(kernel, f.span)
        for j, r in enumerate(findings):
            if j != i and r.rule == "BOUND" and r.severity == "error" and out.get(j) != i \
                    and _tiles(r) & reads and not _tiles(r) & _tiles(f):
                out[i] = j
                break
    return out


def _subscript_reads(kernel: ir.Kernel, span) -> set[str]:
    """The tensors read inside the subscripts of the tile accesses of the statement at `span`."""
    out = set()
    for s in ir.walk(kernel.body):
        if getattr(s, "span", None) != span:
            continue
        for ref in (getattr(s, "src", None), getattr(s, "dst", None)):
            if isinstance(ref, ir.TileRef):
                out |= {n.tensor for e in exprs.ref_terms(ref) for n in exprs.iter_nodes(e) if isinstance(n, ir.ElemRef)}
    return out
