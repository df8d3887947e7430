"""BANK (a warning, never an error): shared-memory bank conflicts of each access pattern.

The lanes of one warp doing the same value index of one statement instance issue one
access; lanes of one phase (128 bytes of wide accesses) that hit one bank at different
words serialise. One bit-vector query per shared access looks for two such lanes (XOR
swizzles are native there); the degree is counted at that witness, over its warp.
Loop bounds and conditions that do not translate are dropped, which can only add
warnings, never hide one.
"""
from __future__ import annotations

import z3

from dsl import ir

from .findings import Finding, Hop, Operand
from .layout import eval_symbolic_bv
from .memwitness import element_text, iteration_text
from .solver import Verdict as SV, find_model
from .symbols import Unsupported, encode_cond
from .terms import And

WIDTH = 32
LOOP_LIMIT = 1 << 12
SIZE_LIMIT = 1 << 20


def check(ctx) -> None:
    for a in ctx.accesses:
        if a.space is not ir.Space.SHARED or a.tma:
            continue                 # a bulk copy is done by the copy engine, not by lanes
        ctx.sink.obligation()
        try:
            _check_access(ctx, a)
        except Unsupported as u:
            ctx.sink.unknown("BANK", u.span or a.span, u.reason)


class _BV:
    """IR integer expressions as signed bit-vectors (C's truncating / and %)."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.sizes = {n: z3.BitVec(f"{n}#bv", WIDTH) for n in ctx.env.sizes}
        names = [f"block.{'xyz'[i]}" for i in range(len(ctx.env.blocks))]
        self.blocks = {n: z3.BitVec(f"{n}#bv", WIDTH) for n in names}

    def facts(self) -> list:
        out = [And(s >= 1, s < SIZE_LIMIT) for s in self.sizes.values()]
        for (name, b), extent in zip(self.blocks.items(), self.ctx.kernel.grid):
            out.append(b >= 0)
            out += self.optional(lambda: b < self.term(extent, {}))
        for a in self.ctx.kernel.assumes:
            out += self.optional(lambda a=a: self.cond(a, {}))
        return out

    def optional(self, make) -> list:
        try:
            return [make()]
        except Unsupported:
            return []

    def term(self, e: ir.Expr, bound: dict):
        match e:
            case ir.IntLit(value=v):
                return z3.BitVecVal(v, WIDTH)
            case ir.Sym(name=n) if n in bound:
                return bound[n]
            case ir.Sym(name=n) if n in self.ctx.env.consts:
                return z3.BitVecVal(self.ctx.env.consts[n], WIDTH)
            case ir.Sym(name=n) if n in self.sizes:
                return self.sizes[n]
            case ir.BuiltinRef(which=w) if w.value in bound:
                return bound[w.value]
            case ir.BuiltinRef(which=w) if w.value in self.blocks:
                return self.blocks[w.value]
            case ir.Neg(operand=x):
                return -self.term(x, bound)
            case ir.Bin(op=op, lhs=a, rhs=b) if op not in ir.COMPARISONS and op not in ir.LOGICAL:
                x, y = self.term(a, bound), self.term(b, bound)
                return {ir.BinOp.ADD: lambda: x + y, ir.BinOp.SUB: lambda: x - y, ir.BinOp.MUL: lambda: x * y,
                        ir.BinOp.DIV: lambda: x / y, ir.BinOp.MOD: lambda: z3.SRem(x, y),
                        ir.BinOp.XOR: lambda: x ^ y}[op]()
            case ir.Call(func=f, args=(a, b)) if f in ("min", "max"):
                x, y = self.term(a, bound), self.term(b, bound)
                return z3.If(x <= y, x, y) if f == "min" else z3.If(x >= y, x, y)
        raise Unsupported(f"cannot encode {type(e).__name__} as a bit-vector", getattr(e, "span", None))

    def cond(self, e: ir.Expr, bound: dict):
        return encode_cond(self, e, bound)


def _vector(a) -> int:
    return int(a.dist.label.split("vec=")[1].rstrip(")")) if a.dist.label.startswith("copy(") else 1


def geometry(ctx, a) -> tuple[int, int]:
    """(bytes of one bank slot as this access uses it, lanes served together)."""
    return phase_geometry(ctx.target, _vector(a) * ctx.shared[a.tensor].dtype.nbytes)


def phase_geometry(t, width: int) -> tuple[int, int]:
    """The same for a lane access of `width` bytes on target `t` (the cost model counts
    wavefronts with it too)."""
    unit = max(t.bank_bytes, width)
    lanes = max(1, min(t.warp_size, t.bank_phase_bytes // unit)) if width > t.bank_bytes else t.warp_size
    return unit, lanes


class _Lane:
    """One lane's access: thread, value, element coordinates, bank and word, as bit-vectors."""

    def __init__(self, ctx, bv: _BV, a, loops: dict, tag: str):
        ws = ctx.target.warp_size
        self.t, self.v = z3.BitVec(f"%t@{tag}", WIDTH), z3.BitVec(f"%v@{tag}", WIDTH)
        bound = {**loops, "thread.x": self.t, "thread.warp": z3.UDiv(self.t, ws), "thread.lane": z3.URem(self.t, ws)}
        d = a.dist
        e = eval_symbolic_bv(d.tv, (self.t, self.v))
        self.facts = [z3.ULT(self.t, d.active_threads), z3.ULT(self.v, d.values), z3.ULT(e, d.elements)]
        for g in a.point.guards:
            self.facts += bv.optional(lambda g=g: bv.cond(g.cond, bound) == z3.BoolVal(g.positive))
        tile = iter(a.src_tile(d.coords(e)))
        self.coords = tuple(bv.term(s.at, bound) if isinstance(s, ir.Index) else bv.term(s.start, bound) + next(tile)
                            for s in a.ref.subs)
        lay = ctx.shared[a.tensor]
        if lay.modes is not None:
            off = sum((eval_symbolic_bv(m, c) for m, c in zip(lay.modes, self.coords)), z3.BitVecVal(0, WIDTH))
        else:
            off = lay.row_major(self.coords)
            off = eval_symbolic_bv(lay.flat, off) if lay.flat is not None else off
            off = lay.swizzle(off) if lay.swizzle is not None else off
        unit, _ = geometry(ctx, a)
        banks = max(1, ctx.target.shared_banks * ctx.target.bank_bytes // unit)
        self.word = z3.LShR(off * lay.dtype.nbytes, unit.bit_length() - 1)
        self.bank = self.word & (banks - 1)


def _check_access(ctx, a) -> None:
    ws = ctx.target.warp_size
    unit, lanes = geometry(ctx, a)
    if unit & (unit - 1) or (ctx.target.shared_banks & (ctx.target.shared_banks - 1)):
        raise Unsupported("bank analysis needs power-of-two access widths and bank counts", a.span)
    bv = _BV(ctx)
    loops = {l.var: z3.BitVec(f"{l.var}#bv", WIDTH) for l in a.point.loops}
    facts = bv.facts()
    for l in a.point.loops:
        v = loops[l.var]
        facts += [v >= 0, v < LOOP_LIMIT]
        facts += bv.optional(lambda l=l, v=v: And(v >= bv.term(l.start, loops), v < bv.term(l.stop, loops)))
    x, y = _Lane(ctx, bv, a, loops, "1"), _Lane(ctx, bv, a, loops, "2")
    vec = _vector(a)
    facts += x.facts + y.facts
    facts += [z3.UDiv(x.t, ws) == z3.UDiv(y.t, ws), x.t != y.t,
              z3.UDiv(z3.URem(x.t, ws), lanes) == z3.UDiv(z3.URem(y.t, ws), lanes),
              z3.UDiv(x.v, vec) == z3.UDiv(y.v, vec), z3.URem(x.v, vec) == 0, z3.URem(y.v, vec) == 0,
              x.bank == y.bank, x.word != y.word]
    out = find_model(facts, ctx.opts.solver)      # tries the kernel's sessions first (SolverOptions.quick)
    if out.verdict is SV.PROVED:
        return
    if out.verdict is SV.UNKNOWN:
        ctx.sink.unknown("BANK", a.span, f"solver: {out.reason}")
        return
    model = out.model
    small = [z3.ULE(v, 4) for v in loops.values()] + [z3.ULE(s, 64) for s in bv.sizes.values()]
    if small:
        again = find_model(facts + small, ctx.opts.solver)
        model = again.model if again.verdict is SV.REFUTED else model
    _report(ctx, a, model, x, y, loops)


def _num(model, term) -> int:
    v = model.eval(term, model_completion=True)
    return v.as_signed_long() if z3.is_bv_value(v) else 0


def _report(ctx, a, model, x: _Lane, y: _Lane, loops: dict) -> None:
    ws = ctx.target.warp_size
    tx, ty = _num(model, x.t), _num(model, y.t)
    bank = _num(model, x.bank)
    it = tuple((l.var, _num(model, loops[l.var])) for l in a.point.loops)
    cx, cy = tuple(_num(model, c) for c in x.coords), tuple(_num(model, c) for c in y.coords)
    ex, ey = element_text(a.tensor, cx), element_text(a.tensor, cy)
    degree = _degree(ctx, a, model, x)
    msg = (f"{degree}-way bank conflict: {a.verb}, lanes {tx % ws} and {ty % ws} of warp {tx // ws} hit bank "
           f"{bank} at different words ({ex} and {ey}){iteration_text(it)}")
    ops = (Operand(ex, (("thread", tx), ("lane", tx % ws), ("bank", bank)), (Hop(a.tensor, cx, a.span, it),)),
           Operand(ey, (("thread", ty), ("lane", ty % ws), ("bank", bank)), (Hop(a.tensor, cy, a.span, it),)))
    sizes = tuple((n, _num(model, b)) for n, b in sorted(_BV(ctx).sizes.items()))
    block = tuple(_num(model, b) for b in _BV(ctx).blocks.values())
    hint = "pad the shared tile's rows or swizzle it so the lanes of a warp spread over the banks"
    ctx.sink.finding(Finding("BANK", a.span, msg, sizes, block, tx, it, (("degree", degree),), ops, hint,
                             severity="warning"))


def _degree(ctx, a, model, x: _Lane) -> int:
    """Distinct words per bank among the lanes of the witness's warp phase doing the same access."""
    ws = ctx.target.warp_size
    _, lanes = geometry(ctx, a)
    t0 = _num(model, x.t)
    base = (t0 // ws) * ws + ((t0 % ws) // lanes) * lanes
    words: dict[int, set] = {}
    for lane in range(lanes):
        t = z3.BitVecVal(base + lane, WIDTH)
        sub = lambda term: model.eval(z3.substitute(term, (x.t, t)), model_completion=True)
        if not z3.is_true(sub(And(*x.facts))):
            continue
        words.setdefault(_signed(sub(x.bank)), set()).add(_signed(sub(x.word)))
    return max((len(w) for w in words.values()), default=2)


def _signed(v) -> int:
    return v.as_signed_long() if z3.is_bv_value(v) else 0
