"""Which thread-dependent conditions every lane of a warp decides alike.

Warp-collective instructions (shfl.sync, mma.sync) need every lane of the warp: under a
condition on the thread they may run only where the condition is warp-uniform, as a
warp-specialised block's role branch `if thread.warp == 4:` or `if thread.x < 128:` is.
Decided by evaluating the condition for every thread of the block (dsl/regsplit.py's
evaluator, which setmaxnreg's role check uses too): only conditions that read nothing but
the thread's index, literals and constants are evaluated; any other (a size, the block, a
loop variable, data) counts as divergent.
"""
from __future__ import annotations

from dsl import ir
from dsl.regsplit import thread_value

WARP = 32


def warp_uniform(e: ir.Expr, threads: int, consts: dict[str, int]) -> bool:
    """Whether `e` has one value across the lanes of each warp of a block of `threads`."""
    values: dict[int, int] = {}
    for t in range(threads):
        v = thread_value(e, t, consts)
        if v is None or values.setdefault(t // WARP, v) != v:
            return False
    return True
