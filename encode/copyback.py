"""Values written back through a temporary, as in-place updates for the verifier.

`m_new = maximum(m, max(s, axis=1)); ...; m = m_new` is how people write a loop-carried
running value. The data flow summarises an accumulator only when its update reads itself
(`m = f(m, ...)`); through the temporary, m's tag would unfold through m_new without end.
The copy `m = m_new` is rewritten here to `m = maximum(m, max(s, axis=1))`: the same value,
when m_new has that one definition, earlier in the same block, and nothing between the
definition and the copy writes a tile the definition reads (nor the definition reads
itself or the thread's id, which depends on the tile's placement). Register values only;
the lowering keeps the kernel as written.
"""
from __future__ import annotations

import dataclasses
from collections import Counter

from dsl import exprs, ir


def inline_copy_backs(kernel: ir.Kernel) -> ir.Kernel:
    """The kernel with every such copy-back replaced by the definition it copies."""
    writes = Counter(name for s in ir.walk(kernel.body) if (name := _assigned(s)) is not None)
    body = _block(kernel.body, writes)
    return kernel if body == kernel.body else dataclasses.replace(kernel, body=body)


def _assigned(s) -> str | None:
    if isinstance(s, (ir.Zeros, ir.Load, ir.Mma, ir.Compute)):
        return s.target.name
    if isinstance(s, (ir.Copy, ir.Store, ir.TmaLoad)):
        return s.dst.tensor
    return None


def _block(stmts: tuple, writes: Counter) -> tuple:
    out = [_nested(s, writes) for s in stmts]
    for i, s in enumerate(out):
        value = _definition(out, i, writes)
        if value is not None:
            out[i] = dataclasses.replace(s, value=value)
    return tuple(out)


def _nested(s, writes: Counter):
    if isinstance(s, ir.For):
        return dataclasses.replace(s, body=_block(s.body, writes))
    if isinstance(s, ir.If):
        return dataclasses.replace(s, then=_block(s.then, writes), orelse=_block(s.orelse, writes))
    return s


def _definition(block: list, i: int, writes: Counter):
    """The expression that statement i copies back into its target, or None."""
    s = block[i]
    if not (isinstance(s, ir.Compute) and isinstance(s.value, ir.Sym) and s.value.kind is ir.SymKind.TENSOR):
        return None
    temp, target = s.value.name, s.target.name
    if writes[temp] != 1 or temp == target:
        return None
    j = next((j for j in range(i - 1, -1, -1) if _assigned(block[j]) == temp), None)
    if j is None or not isinstance(block[j], ir.Compute):
        return None
    value = block[j].value
    reads = exprs.free_syms(value, ir.SymKind.TENSOR)
    if target not in reads or temp in reads:
        return None      # not a loop-carried update: the data flow follows the copy as it is
    if exprs.mentions_thread(value):
        return None      # the two tiles may place an element on different threads
    between = [w for b in block[j + 1:i] for w in ir.walk((b,))]
    if any(_assigned(w) in reads for w in between):
        return None
    return value
