"""Reads of an input inside an `assume` must name elements that exist.

`assume s[b] < s[b + 1]` quantifies b over s's extent, so at b = NB - 1 it names s[NB]: the
solver gives that phantom element a value, and the constraints it meets narrow the real
ones (`s[b + 1] <= T` then says s[NB - 1] < T). A proof resting on that is not about the
inputs the kernel gets (held-out round 22: four wrong kernels proved so). Conditions are read
left to right, as in Python: the right side of `or` only where the left is false, of `and`
only where it is true, so the guard comes first (`b + 1 == NB or s[b] < s[b + 1]`).
"""
from __future__ import annotations

import z3

from dsl import exprs, ir

from .solver import SolverOptions, Verdict, find_model
from .symbols import SymEnv, Unsupported
from .terms import And


def phantom_read(kernel: ir.Kernel, opts: SolverOptions) -> str:
    """Why some assumption may read an input outside its shape ("" when none may)."""
    env = size_env(kernel)
    sizes = [v >= 1 for v in env.sizes.values()]
    try:
        sizes += [env.cond(a, {}) for a in kernel.assumes if not _reads_inputs(kernel, a)]
        known: list = []        # the data assumptions before this one, every read of theirs in shape
        for a in kernel.assumes:
            body, names = (a.body, a.names) if isinstance(a, ir.Forall) else (a, ())
            bound, ranges = env.index_ranges(names, body, {})
            for read, index, dim, path in _reads(kernel, env, body, bound, []):
                inside = And(index >= 0, index < dim)
                # an earlier assumption may bound the index (`assume BT[b, p] < NBLK`, then
                # `assume OWN[BT[b, p]] == b`: new-user round 55 was told OWN's read may fall
                # outside it)
                out = find_model(sizes + ranges + path + [z3.Not(inside)], opts, probe=True)
                if out.verdict is not Verdict.PROVED and known:
                    out = find_model(sizes + known + ranges + path + [z3.Not(inside)], opts, probe=True)
                if out.verdict is not Verdict.PROVED:
                    return (f"the assumption on line {a.span.line} may read {read.tensor} outside its shape "
                            f"({_text(read)}), an element that does not exist; a proof under it may rest on "
                            f"that element's value: guard the read (e.g. `b + 1 == NB or ...`)")
            if _reads_inputs(kernel, a):
                known.append(env.cond(a, {}))
    except Unsupported as u:
        return f"cannot check the reads of an assumption: {u.reason}"
    return ""


def size_env(kernel: ir.Kernel) -> SymEnv:
    """An encoding environment with the sizes (as z3 integers) and constants, nothing else."""
    env = SymEnv(kernel, consts={c.name: c.value for c in kernel.consts})
    for name in kernel.sizes:
        env.sizes[name] = z3.Int(name)
    return env


def _reads_inputs(kernel: ir.Kernel, e: ir.Expr) -> bool:
    return any(isinstance(n, ir.ElemRef) and kernel.param(n.tensor) is not None for n in exprs.iter_nodes(e))


def _reads(kernel: ir.Kernel, env: SymEnv, e: ir.Expr, bound: dict, path: list):
    """(read, index term, extent term, path condition) of every input subscript in `e`."""
    if isinstance(e, ir.Bin) and e.op in (ir.BinOp.AND, ir.BinOp.OR):
        # left to right, as the interpreter and the runner evaluate it: the right side is read
        # only where the left lets it decide (holds for `and`, fails for `or`)
        yield from _reads(kernel, env, e.lhs, bound, path)
        left = env.cond(e.lhs, bound)
        yield from _reads(kernel, env, e.rhs, bound, path + [left if e.op is ir.BinOp.AND else z3.Not(left)])
        return
    if isinstance(e, ir.ElemRef) and kernel.param(e.tensor) is not None:
        for idx, dim in zip(e.indices, kernel.param(e.tensor).shape):
            yield e, env.term(idx, bound), env.term(dim, {}), path
    for child in exprs.children(e):
        yield from _reads(kernel, env, child, bound, path)


def _text(read: ir.ElemRef) -> str:
    from dsl.fmt import format_expr
    return format_expr(read)
