"""Concrete suggestions derived from a counterexample's values."""
from __future__ import annotations


def suggest(w, operands) -> str:
    writes = [(op, h) for op in operands for h in op.hops[:1] if h.loops]
    if len(writes) == 2 and writes[0][1].loops != writes[1][1].loops:
        (a, ha), (b, hb) = writes
        return (f"{a.text} holds data written in iteration {_it(ha.loops)} but {b.text} holds data "
                f"written in iteration {_it(hb.loops)}: check the slot each stage writes and reads")
    if len(operands) == 2 and all(op.source for op in operands):
        a, b = operands
        return (f"{a.text} comes from {_elem(a.source)} and {b.text} from {_elem(b.source)}: "
                "compare the index expressions of the two loads")
    reader_iter = dict(w.ints((l.var, w.scope[l.var]) for l in w.point.loops))
    for op in operands:
        for h in op.hops[:1]:
            stale = {n: v for n, v in h.loops if n in reader_iter and v != reader_iter[n]}
            if stale:
                return (f"{op.text} was read in iteration {_it(tuple(reader_iter.items()))} but written in "
                        f"iteration {_it(h.loops)}")
    for op in operands:
        if op.source:
            return f"{op.text} comes from {_elem(op.source)}"
    return ""


def _it(loops) -> str:
    return ", ".join(f"{n} = {v}" for n, v in loops)


def _elem(src) -> str:
    name, coords = src
    return f"{name}[{', '.join(map(str, coords))}]"
