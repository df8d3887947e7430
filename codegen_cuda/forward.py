"""Forwarding a register tile to its load's source: a use that reads the tile across threads
reads the source in place when nothing between the load and the use writes the source,
redefines the tile or synchronises (docs/LOWERING.md, "Forwarded to the load's source"); in
a warp-specialised consumer, the mbarrier epoch may serve (codegen_cuda/mbar_forward.py).
plan.py decides with `forwardable` which uses are served so."""
from __future__ import annotations

from dsl import exprs, ir

from .mbar_forward import mbarrier_epoch


def defines(s: ir.Stmt, name: str) -> bool:
    t = getattr(s, "target", None)
    return isinstance(s, (ir.Zeros, ir.Load, ir.Mma, ir.Compute)) and t.name == name


def writes(s: ir.Stmt, tensor: str) -> bool:
    return isinstance(s, (ir.Copy, ir.Store, ir.TmaLoad)) and s.dst.tensor == tensor


def forwardable(plan, path, name: str, statement_dist) -> ir.Load | None:
    """The load whose source can stand for tile `name` at the use at the end of `path`:
    the unique reaching definition is that load, in an enclosing block, and between the
    two no statement writes the source, redefines the tile or is a barrier (so no other
    thread's write can fall between the load and the use, docs/LOWERING.md). `statement_dist`
    gives a statement's thread distribution (plan.py's)."""
    for level in range(len(path) - 1, -1, -1):
        block, idx = path[level]
        for j in range(idx - 1, -1, -1):
            s = block[j]
            if defines(s, name):
                if isinstance(s, ir.Load) and (s.mask is not None or s.transpose):
                    return None   # padding or a swapped view is not the source as it is: the tile holds it
                load = _check_region(plan, s, list(block[j + 1: idx + 1]), name, path[-1][0][path[-1][1]],
                                     statement_dist)
                if load is not None and load.src.tensor in plan.shared and not (
                        _fenced(path[:level] + [(block, j)], load.src.tensor, forward=False)
                        and _fenced(path, load.src.tensor, forward=True)):
                    return None   # another thread's write to the source may fall between its load and the use
                return load
            if any(defines(t, name) for t in ir.walk([s])):
                return None
        if level > 0 and isinstance(path[level - 1][0][path[level - 1][1]], ir.For):
            if any(defines(t, name) for t in ir.walk(block)):
                return None   # a definition later in the loop body reaches the use on the back edge
    return None


def _fenced(path, src: str, forward: bool) -> bool:
    """Does every path from the statement at the end of `path` (forward: from it;
    backward: to it), through loop back edges and loop exits alike, meet a barrier
    before any statement that writes the shared tile `src`? docs/LOWERING.md,
    "Forwarded to the load's source", says why both directions are needed. Backward, a
    `wait_group` counts as a write when async copies fill `src`: their data lands at the
    wait, so only a barrier after it makes other threads' copies visible."""
    landing = not forward and any(isinstance(t, ir.Copy) and t.is_async and t.dst.tensor == src
                                  for t in ir.walk(path[0][0]))
    for level in range(len(path) - 1, -1, -1):
        block, idx = path[level]
        ahead = block[idx + 1:] if forward else tuple(reversed(block[:idx]))
        verdict = _scan(ahead, src, landing)
        if verdict is not None:
            return verdict
        owner = path[level - 1][0][path[level - 1][1]] if level > 0 else None
        if isinstance(owner, ir.For):
            # The next (or previous) iteration runs the rest of the body too; if it meets
            # neither a barrier nor a write, the loop exit below decides.
            around = block[:idx] if forward else tuple(reversed(block[idx + 1:]))
            if _scan(around, src, landing) is False:
                return False
    return True   # the kernel's start or end: nothing else runs before or after


def _scan(stmts, src: str, landing: bool = False) -> bool | None:
    """True at a barrier met first, False at a write met first, None if neither: a
    compound statement that writes anywhere inside counts as a write (conservative);
    with `landing`, so does a `wait_group` (async copies into `src` land there)."""
    for s in stmts:
        if isinstance(s, ir.Barrier):
            return True
        if any(writes(t, src) or (landing and isinstance(t, ir.WaitGroup)) for t in ir.walk([s])):
            return False
    return None


def _check_region(plan, load: ir.Stmt, region, name: str, use: ir.Stmt, statement_dist) -> ir.Load | None:
    if not isinstance(load, ir.Load):
        return None
    src = load.src.tensor
    if load.wgmma == "operand" and use is not None and isinstance(use, ir.Mma) and use.shared:
        # a wgmma reads its operands from shared memory: the proof covers the whole read, from
        # the issue to the retiring wgmma_wait (dsl/wgmma_groups.py), against every write
        return load
    if any(isinstance(t, ir.TmaLoad) and t.dst.tensor == src for t in ir.walk(plan.kernel.body)):
        # a bulk copy lands concurrently with the roles: no write-free barrier epoch, but the
        # mbarrier epoch of a warp-specialised consumer may serve (codegen_cuda/mbar_forward.py)
        writers = [t for t in ir.walk(plan.kernel.body) if writes(t, src)]
        if use is None or not mbarrier_epoch(writers, plan.shared[src].shape, list(region), plan.tiles[name].dist,
                                             statement_dist(plan, use), plan.consts):
            return None
    subs = exprs.ref_terms(load.src)
    if any(exprs.mentions_thread(x) for x in subs):
        return None
    read = {n.tensor for x in subs for n in exprs.iter_nodes(x) if isinstance(n, ir.ElemRef)}
    if any(writes(t, r) for t in ir.walk(plan.kernel.body) for r in read):
        # a forwarded read evaluates its subscripts again at the use: `load X[IDS[0] : +1, ..]`
        # read the row IDS named after the kernel's `store IDS` (held-out round 34)
        return None
    between = [t for t in ir.walk(region) if t is not use]   # the use may redefine the tile: x = f(x)
    if src in plan.shared:
        if any(writes(t, src) or isinstance(t, ir.Barrier) for t in between):
            return None
        if writes(use, src):
            # A store of the tile into its own source: each thread's forwarded reads would
            # race with other threads' writes of the same statement.
            return None
    elif any(writes(t, src) for t in ir.walk(plan.kernel.body)):
        return None
    if any(defines(t, name) for t in between):
        return None
    return load
