"""Online softmax into the output (the flash-attention step): after the max and the sum are
streamed in one pass (agent/rewrites/online_softmax.py), a later pass that recomputes the
same scores and accumulates `p = exp(E - bcast(m)) / bcast(l)` times a tile into `acc` is
folded into that pass: each iteration rescales acc by exp(m_prev - m) before adding
exp(E - bcast(m)) @ v, the first tile (peeled in the online pass) is accumulated before
the loop, and acc is divided by l once at the end."""
from __future__ import annotations

import dataclasses

from dsl import ir

from .base import Rewritten, fresh, lit
from dsl.stmt_map import map_stmt, read, renamer, simplify, written

ALLOWED = (ir.Load, ir.Compute, ir.Mma, ir.Assert)


def _t(name: str) -> ir.Sym:
    return ir.Sym(name, ir.SymKind.TENSOR)


def _call(e, func):
    return e if isinstance(e, ir.Call) and e.func == func else None


def _online(loop: ir.For):
    """(prefix, m_prev, m, l, score) of a loop ending `m_prev = m; m = maximum(m, max(E));
    l = l * exp(m_prev - m) + sum(exp(E - bcast(m)))`."""
    if len(loop.body) < 3:
        return None
    keep, mx, upd = loop.body[-3:]
    if not (isinstance(keep, ir.Compute) and isinstance(keep.value, ir.Sym) and isinstance(mx, ir.Compute)
            and mx.target.name == keep.value.name and isinstance(upd, ir.Compute)):
        return None
    m, mp = mx.target.name, keep.target.name
    c = _call(mx.value, "maximum")
    inner = _call(c.args[1], "max") if c and len(c.args) == 2 and c.args[0] == _t(m) else None
    v = upd.value
    if inner is None or not (isinstance(v, ir.Bin) and v.op is ir.BinOp.ADD and isinstance(v.lhs, ir.Bin)
                             and v.lhs.lhs == _t(upd.target.name)):
        return None
    return loop.body[:-3], mp, m, upd.target.name, inner.args[0], inner.kwargs


def _normalised(s: ir.Stmt, score, m: str, l: str):
    """`p = exp(E - bcast(m, ...)) / bcast(l, ...)`: (p, the exp(...) numerator)."""
    if not (isinstance(s, ir.Compute) and isinstance(s.value, ir.Bin) and s.value.op is ir.BinOp.DIV):
        return None
    num, den = s.value.lhs, s.value.rhs
    ex = _call(num, "exp")
    b = _call(den, "bcast")
    if ex is None or b is None or b.args != (_t(l),) or not isinstance(ex.args[0], ir.Bin) \
            or ex.args[0].lhs != score or _call(ex.args[0].rhs, "bcast") is None \
            or _call(ex.args[0].rhs, "bcast").args != (_t(m),):
        return None
    return s.target.name, num


def _consumer(loop: ir.For, prefix: tuple, score, m: str, l: str):
    """(head, p statement, numerator, the mma, assertions on p) of the output pass."""
    body = loop.body
    if not body or not isinstance(body[-1], ir.Mma) or body[-1].c != body[-1].target.name:
        return None
    acc_mma = body[-1]
    idx = next((i for i, s in enumerate(body) if _normalised(s, score, m, l)), None)
    if idx is None or acc_mma.a != body[idx].target.name or not all(isinstance(s, ALLOWED) for s in body):
        return None
    head, tail = body[:idx], body[idx + 1:-1]
    p = body[idx].target.name
    if [s for s in head if s in prefix] != list(prefix) or not all(isinstance(s, ir.Assert) for s in tail):
        return None
    if {m, l, acc_mma.c} & (set().union(*map(read, head)) | written(head)):
        return None
    return head, body[idx], _normalised(body[idx], score, m, l)[1], acc_mma, tail, p


def _fold(kernel: ir.Kernel, stmts: tuple, i: int, j: int):
    lo, lc = stmts[i], stmts[j]
    if not (isinstance(lo, ir.For) and isinstance(lc, ir.For) and lo.stop == lc.stop and lc.var == lo.var
            and lc.start == lit(0) and lo.start == lit(1)):
        return None
    on = _online(lo)
    if on is None:
        return None
    prefix, mp, m, l, score, _ = on
    co = _consumer(lc, prefix, score, m, l)
    if co is None:
        return None
    head, pstmt, num, mma, tail, p = co
    acc = mma.c
    between = stmts[i + 1:j]
    zero = next((s for s in between if isinstance(s, ir.Zeros) and s.target.name == acc), None)
    if zero is None or any(not isinstance(s, (ir.Zeros, ir.Assert)) for s in between):
        return None
    n = zero.target.shape[-1]
    unnorm = dataclasses.replace(pstmt, value=num)
    rescale = ir.Compute(zero.target, ir.Bin(ir.BinOp.MUL, _t(acc), ir.Call(
        "bcast", (ir.Call("exp", (ir.Bin(ir.BinOp.SUB, _t(mp), _t(m)),)),), (("axis", lit(1)), ("n", n)))))
    fused = dataclasses.replace(lo, body=head + lo.body[-3:] + (unnorm,) + tail + (rescale, mma))
    names = {x: fresh(kernel, x + "_0") for x in sorted(written(head) | {p})}
    first = tuple(map_stmt(map_stmt(s, renamer(names, {lo.var: lit(0)}), names), simplify)
                  for s in head + (unnorm,) + tail)
    first_mma = dataclasses.replace(mma, a=names[p], b=names.get(mma.b, mma.b))
    final = ir.Compute(zero.target, ir.Bin(ir.BinOp.DIV, _t(acc), ir.Call(
        "bcast", (_t(l),), (("axis", lit(1)), ("n", n)))))
    pre = tuple(s for s in between if isinstance(s, ir.Zeros))
    asserts = tuple(s for s in between if isinstance(s, ir.Assert))
    out = stmts[:i] + pre + first + (first_mma, fused, final) + asserts + stmts[j + 1:]
    return out, acc


def online_output(kernel: ir.Kernel, params: dict) -> Rewritten | None:
    body = kernel.body
    for i, s in enumerate(body):
        for j in range(i + 1, len(body)):
            res = _fold(kernel, body, i, j) if isinstance(s, ir.For) else None
            if res is not None:
                new, acc = res
                return Rewritten(dataclasses.replace(kernel, body=new),
                                 f"online softmax into the output: {acc} rescaled per tile, divided by the sum once")
    return None
