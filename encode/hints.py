"""Concrete suggestions derived from a counterexample's values.

A hint names a cause only when its premise holds in the kernel: "pipeline stages" only for a
kernel that stages data ahead (async copies, or a shared buffer indexed by a slot `... % S`).
"""
from __future__ import annotations

from dsl import exprs, ir


def suggest(w, operands) -> str:
    writes = [(op, h) for op in operands for h in _stored(op)[:1] if h.loops]
    if len(writes) == 2 and writes[0][1].loops != writes[1][1].loops:
        (a, ha), (b, hb) = writes
        text = (f"{a.text} holds data written in iteration {_it(ha.loops)} (line {ha.span.line}) but {b.text} "
                f"holds data written in iteration {_it(hb.loops)} (line {hb.span.line}): ")
        if _pipelined(w.df.points):
            return text + ("the two reads see different pipeline stages; check the slot each stage writes and "
                           "the slot each iteration reads")
        return text + ("one of the two was not rewritten in the reader's iteration; check that each tile is "
                       "written in every iteration that reads it (conditions and indices of the two writes)")
    if len(operands) == 2 and all(len(op.sources) == 1 for op in operands):
        a, b = operands
        return (f"{a.text} comes from {_elem(a.sources[0])} and {b.text} from {_elem(b.sources[0])}: "
                "compare the index expressions of the two loads")
    reader_iter = dict(w.ints((l.var, w.scope[l.var]) for l in w.point.loops))
    for op in operands:
        for h in _stored(op)[:1]:
            stale = {n: v for n, v in h.loops if n in reader_iter and v != reader_iter[n]}
            if stale:
                return (f"{op.text} was read in iteration {_it(tuple(reader_iter.items()))} but written in "
                        f"iteration {_it(h.loops)}")
    for op in operands:
        if op.sources:
            return f"{op.text} comes from {' and '.join(_elem(x) for x in op.sources)}"
    return ""


def _pipelined(points) -> bool:
    """Does the kernel stage data ahead: async copies, or shared writes into a slot `i % S`?"""
    for p in points:
        s = p.stmt
        if isinstance(s, (ir.Commit, ir.WaitGroup)) or isinstance(s, ir.Copy) and s.is_async:
            return True
        if isinstance(s, (ir.Copy, ir.Store)) and any(
                isinstance(n, ir.Bin) and n.op is ir.BinOp.MOD and exprs.free_syms(n, ir.SymKind.LOOP)
                for sub in s.dst.subs if isinstance(sub, ir.Index) for n in exprs.iter_nodes(sub.at)):
            return True
    return False


def _stored(op):
    """The hops through memory other than the operand's own register tile."""
    base = op.text.split("[")[0]
    return [h for h in op.hops if h.storage != base and h.span is not None]


def _it(loops) -> str:
    return ", ".join(f"{n} = {v}" for n, v in loops)


def _elem(src) -> str:
    name, coords = src
    return f"{name}[{', '.join(map(str, coords))}]"


def missing_hint(df, field: str, c=None) -> str:
    """A field some input declares is missing because no record of that input reached the
    element (a loop that does not run, a wrong offset), not because it is undeclared; or the
    record is one of a tensor whose tag function lacks it (an output read back)."""
    lacking = sorted({o.storage for o in getattr(c, "origins", ()) if (d := df.kernel.tag_of(o.storage)) is not None
                      and d.fields and not any(f == field for f, _ in d.fields)})
    if lacking and df.writers.get(lacking[0]):
        return (f"the element holds a record of {lacking[0]}, whose tag function has no '{field}': the kernel "
                f"reads {lacking[0]} and writes it too, and a read before its store holds what its tag function "
                "names (an accumulator started from an output's old contents?)")
    read = {p.stmt.src.tensor for p in df.points if isinstance(p.stmt, (ir.Load, ir.Copy, ir.TmaLoad))}
    owners = sorted(t.tensor for t in df.kernel.tags if t.tensor in read and any(f == field for f, _ in t.fields))
    if not owners:
        return "declare the field in the input's `tag` line"
    came = sorted({o.storage for o in getattr(c, "origins", ())})
    if came and not set(came) & set(owners):
        # the element has data, from other inputs: a record without the field (an online
        # softmax's rescale `acc * exp(m_old - m)` merges m's records of Q and K into the
        # accumulator; new-user round 48 was told that no record of V reached it); or the
        # accumulation ran no iteration (new-user round 55: an int8 GEMM's k loop rounded down
        # was told of a rescale)
        return (f"this record comes from {', '.join(came)} only, whose tag functions have no '{field}': no "
                f"record of {' or '.join(owners)} is paired with it here, either because an accumulation of "
                f"them ran no iteration at these sizes (check the loop bounds) or because an update that reads no {' or '.join(owners)} element (a rescale such as "
                f"`acc * exp(m_old - m)`) adds records without it; claim '{field}' only of values every record "
                "of which carries it")
    return (f"no record of {', '.join(owners)} reached this element at these sizes: check the loop bounds "
            "(an accumulation whose loop does not run keeps its initial value) and the loads' offsets")
