"""Values written back through temporaries, as in-place updates for the verifier.

`m_new = maximum(m, max(s, axis=1)); ...; m = m_new` is how people write a loop-carried
running value, also through a chain (`t1 = s + sum(x); t2 = t1; s = t2`). The data flow
summarises an accumulator only when its update reads itself (`m = f(m, ...)`); through the
temporaries, m's tag would unfold through them without end. Each such copy-back is rewritten
here to the in-place update it stands for (`m = maximum(m, max(s, axis=1))`), as
dsl/writeback.py finds it: the same value, since every inlined temporary has that one
definition, earlier in the same block, and nothing in between writes a tile it reads.
Register values only (round trips through shared memory: encode/roundtrip.py); the lowering
keeps the kernel as written.
"""
from __future__ import annotations

import dataclasses

from dsl import ir
from dsl.writeback import write_backs


def inline_copy_backs(kernel: ir.Kernel) -> ir.Kernel:
    """The kernel with every copy-back replaced by the in-place update it stands for."""
    copies = write_backs(kernel).copies
    if not copies:
        return kernel
    body = _block(kernel.body, {id(s): e for s, e in copies})
    return dataclasses.replace(kernel, body=body)


def _block(stmts: tuple, values: dict) -> tuple:
    out = []
    for s in stmts:
        if isinstance(s, ir.For):
            s = dataclasses.replace(s, body=_block(s.body, values))
        elif isinstance(s, ir.If):
            s = dataclasses.replace(s, then=_block(s.then, values), orelse=_block(s.orelse, values))
        elif id(s) in values:
            s = dataclasses.replace(s, value=values[id(s)])
        out.append(s)
    return tuple(out)
