"""Forwarding a shared tile that bulk copies fill: the mbarrier epoch of a warp-specialised
consumer (docs/LOWERING.md, "Forwarded to the load's source").

A consumer role of a warp-specialised block waits on `full[s]`, loads slot s of a buffer
that the producer's `tma_load`s fill, uses the tile (an `mma`), and arrives on `empty[s]`;
the producer waits on `empty[s]` before refilling the slot. No block barrier orders the
two roles, so the barrier epoch of plan.py does not apply. The use may still read the slot
in place of the loaded tile when:

1. every write of the buffer in the kernel is a bulk copy of a whole slot (`tma_load
   sA[k % S], ...`: one instruction writes every element of the slot);
2. between the load and the use there is no synchronisation of any kind (barrier,
   arrive, wait, commit, wait_group, wgmma commit or wait) and no write (plan.py checks
   the writes and redefinitions);
3. every thread that reads at the use holds an element of the loaded tile, so it runs
   the load itself.

Why this is enough. Take a thread t reading element e at the use U_t, and a bulk copy W
that refills the slot after the fill W0 the load saw. Thread t's own load R_t reads some
element of the slot, which W overwrites (1): the verifier proved R_t happens before W
(WAR), and a happens-before edge out of t starts at a synchronisation of t after R_t,
which (2) comes after U_t in t's program order; so U_t happens before W as well. Backward:
the verifier proved that the owner of e read W0's data (ASYNC, INIT), so the wait before
the load acquires the phase W0 completes on; t ran that wait (same statement, same
iteration, before R_t), and W0 is one instruction over the whole slot (1), so W0's bytes,
e among them, are visible to t. So U_t reads what the load read.
"""
from __future__ import annotations

from dsl import ir

SYNCS = (ir.Barrier, ir.Arrive, ir.MbarWait, ir.Commit, ir.WaitGroup, ir.WgmmaCommit, ir.WgmmaWait)


def mbarrier_epoch(writers: list, shape: tuple[int, ...], region: list, load_dist, use_dist,
                   consts: dict[str, int]) -> bool:
    """Whether the use may read the load's source (a shared buffer of `shape` written by
    `writers`) in place of the tile: conditions 1-3 above. `region` holds the statements
    after the load up to the use."""
    if not writers or not all(isinstance(w, ir.TmaLoad) and _whole_slot(w.dst, shape, consts) for w in writers):
        return False
    if any(isinstance(t, SYNCS) for t in ir.walk(region)):
        return False
    return _threads(use_dist) <= _threads(load_dist)


def _whole_slot(dst: ir.TileRef, shape: tuple[int, ...], consts: dict[str, int]) -> bool:
    """`buf[i, j]` of a buffer whose trailing dimensions the reference takes whole: leading
    integer subscripts, then nothing or slices `0 : +n` of each whole dimension."""
    from dsl.exprs import try_fold
    subs = list(dst.subs)
    lead = 0
    while lead < len(subs) and isinstance(subs[lead], ir.Index):
        lead += 1
    for sub, n in zip(subs[lead:], shape[lead:]):
        if not isinstance(sub, ir.Slice) or try_fold(sub.start, consts) != 0 or try_fold(sub.extent, consts) != n:
            return False
    return True


def _threads(d) -> set[int]:
    """The threads that hold some element of distribution d."""
    return {t for t in range(d.active_threads) if any(d.concrete(t, v) is not None for v in range(d.values))}
