"""Plain-Python replay of memory-rule counterexamples (no Z3, none of the rules' code).

The kernel's IR is evaluated at the reported sizes, block, threads and iterations, with
the thread-value distributions and shared-memory layouts written out directly from
docs/SEMANTICS.md, so a test can confirm that a reported collision, out-of-range index
or unwritten element really happens.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from dsl import exprs, ir
from encode.elem_reads import reads
from encode.layout import Layout
from encode.threads import owner


def tdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


@dataclass
class Site:
    stmt: object
    loops: tuple            # enclosing ir.For, outermost first
    guards: tuple           # (cond, positive)


class Replay:
    def __init__(self, kernel: ir.Kernel, sizes: dict, block: tuple = (), warp: int = 32, data=()):
        self.k, self.warp = kernel, warp
        # integer input elements the witness fixes (Finding.data), index () for the others
        self.data = {(t, tuple(i)): v for t, i, v in data}
        self.env = {**dict(sizes), **{c.name: c.value for c in kernel.consts}}
        for i, b in enumerate(block):
            self.env[f"block.{'xyz'[i]}"] = b
        self.sites: list[Site] = []
        self._walk(kernel.body, (), ())
        self.tiles = {s.target.name: s.target for s in ir.walk(kernel.body) if hasattr(s, "target")}
        self.tensors = {p.name: p for p in kernel.params}
        self.tensors.update({s.tensor.name: s.tensor for s in ir.walk(kernel.body) if isinstance(s, ir.Alloc)})

    def _walk(self, stmts, loops, guards):
        for s in stmts:
            self.sites.append(Site(s, loops, guards))
            if isinstance(s, ir.For):
                self._walk(s.body, loops + (s,), guards)
            elif isinstance(s, ir.If):
                self._walk(s.then, loops, guards + ((s.cond, True),))
                self._walk(s.orelse, loops, guards + ((s.cond, False),))

    def site(self, line: int) -> Site:
        here = [s for s in self.sites if s.stmt.span.line == line]
        # a loop or an `if` is the site only of the element reads in its bounds or condition
        return next((s for s in here if not isinstance(s.stmt, (ir.For, ir.If))), here[0])

    # ------------------------------------------------------------ expressions
    def scope(self, thread=None, it=None) -> dict:
        env = dict(self.env)
        env.update(it or {})
        if thread is not None:
            env.update({"thread.x": thread, "thread.warp": thread // self.warp, "thread.lane": thread % self.warp})
        return env

    def value(self, e, env) -> int:
        if isinstance(e, ir.IntLit):
            return e.value
        if isinstance(e, ir.Sym):
            return env[e.name]
        if isinstance(e, ir.BuiltinRef):
            return env[e.which.value]
        if isinstance(e, ir.Neg):
            return -self.value(e.operand, env)
        if isinstance(e, ir.ElemRef):
            at = tuple(self.value(i, env) for i in e.indices)
            return self.data.get((e.tensor, at), self.data.get((e.tensor, ()), 0))
        if isinstance(e, ir.Call) and e.func in ("min", "max"):
            vals = [self.value(a, env) for a in e.args]
            return min(vals) if e.func == "min" else max(vals)
        a, b = self.value(e.lhs, env), self.value(e.rhs, env)
        return {ir.BinOp.ADD: a + b, ir.BinOp.SUB: a - b, ir.BinOp.MUL: a * b,
                ir.BinOp.DIV: tdiv(a, b) if b else 0, ir.BinOp.MOD: a - b * tdiv(a, b) if b else 0}[e.op]

    def truth(self, e, env) -> bool:
        if isinstance(e, ir.Bin) and e.op is ir.BinOp.AND:
            return self.truth(e.lhs, env) and self.truth(e.rhs, env)
        if isinstance(e, ir.Bin) and e.op is ir.BinOp.OR:
            return self.truth(e.lhs, env) or self.truth(e.rhs, env)
        if isinstance(e, ir.Not):
            return not self.truth(e.operand, env)
        if isinstance(e, ir.Bin) and e.op in ir.COMPARISONS:
            a, b = self.value(e.lhs, env), self.value(e.rhs, env)
            return {ir.BinOp.EQ: a == b, ir.BinOp.NE: a != b, ir.BinOp.LT: a < b, ir.BinOp.LE: a <= b,
                    ir.BinOp.GT: a > b, ir.BinOp.GE: a >= b}[e.op]
        return self.value(e, env) != 0

    def runs(self, site: Site, thread: int, it: dict) -> bool:
        env = self.scope(thread, it)
        for loop in site.loops:
            if not self.value(loop.start, env) <= it[loop.var] < self.value(loop.stop, env):
                return False
        return all(self.truth(c, env) == pos for c, pos in site.guards)

    # ------------------------------------------------------------ program order
    def events(self, thread: int) -> list[tuple[object, tuple]]:
        """Statement instances one thread executes, in order: (stmt, iteration items)."""
        out = []

        def run(stmts, it):
            for s in stmts:
                env = self.scope(thread, it)
                if isinstance(s, ir.For):
                    for v in range(self.value(s.start, env), self.value(s.stop, env)):
                        run(s.body, {**it, s.var: v})
                elif isinstance(s, ir.If):
                    run(s.then if self.truth(s.cond, env) else s.orelse, it)
                else:
                    out.append((s, tuple(sorted(it.items()))))
        run(self.k.body, {})
        return out

    # ------------------------------------------------------------ who touches what
    def spec_of(self, stmt, side: str):
        if isinstance(stmt, ir.Copy):
            return stmt.layout
        if isinstance(stmt, ir.Load):
            return stmt.target.layout
        if isinstance(stmt, ir.Store):
            return stmt.layout if stmt.layout is not None else self.tiles[stmt.src].layout
        raise AssertionError(stmt)

    def ref_of(self, stmt, side: str) -> ir.TileRef:
        if isinstance(stmt, ir.Copy):
            return stmt.dst if side == "dst" else stmt.src
        return stmt.dst if isinstance(stmt, ir.Store) else stmt.src

    def owners(self, spec, shape: tuple, e: int) -> set[int]:
        """The threads that do row-major element e of a tile of `shape` under `spec`."""
        T = self.k.threads
        consts = {c.name: c.value for c in self.k.consts}
        if spec is None or spec.kind == "swizzle":
            return {e % T}
        if spec.kind == "named" and spec.name == "copy":
            vec = exprs.fold(dict(spec.args)["vec"], consts)
            return {(e // vec) % T}
        if spec.kind == "named":
            coords = _unravel(e, shape)
            return {owner(ir.TensorType("t", ir.DType.F32, (), ir.Space.REGISTER, spec), shape, T, coords, consts)[0]}
        lay = Layout(_fold(spec.shape, consts), _fold(spec.stride, consts) if spec.stride is not None else None)
        nt = math.prod(_flat(lay.shape[0]) if isinstance(lay.shape[0], tuple) else [lay.shape[0]])
        nv = math.prod(_flat(lay.shape[1]) if isinstance(lay.shape[1], tuple) else [lay.shape[1]])
        return {t for t in range(min(nt, T)) for v in range(nv) if lay(t, v) == e}

    def touches(self, stmt, side: str, thread: int, it: dict, coords: tuple) -> bool:
        """Does `thread` touch element `coords` of the access's tensor in this instance?"""
        env = self.scope(thread, it)
        if side == "elem":      # an element read the statement's expressions evaluate
            return any(all(self.truth(c, env) == holds for c, holds in r.conds)
                       and tuple(self.value(i, env) for i in r.ref.indices) == tuple(coords) for r in reads(stmt))
        ref = self.ref_of(stmt, side)
        tile = []
        for sub, c in zip(ref.subs, coords):
            if isinstance(sub, ir.Index):
                if self.value(sub.at, env) != c:
                    return False
            else:
                start, ext = self.value(sub.start, env), self.value(sub.extent, env)
                if not start <= c < start + ext:
                    return False
                tile.append((c - start, ext))
        shape = tuple(n for _, n in tile)
        e = 0
        for c, n in tile:
            e = e * n + c
        return thread in self.owners(self.spec_of(stmt, side), shape, e)

    def shape(self, tensor: str) -> tuple[int, ...]:
        return tuple(self.value(d, self.env) for d in self.tensors[tensor].shape)

    def offset(self, tensor: str, coords: tuple) -> int:
        """Where element `coords` of a shared tile lives (docs/SEMANTICS.md, docs/LAYOUT.md)."""
        t = self.tensors[tensor]
        shape = self.shape(tensor)
        ro = 0
        for c, n in zip(coords, shape):
            ro = ro * n + c
        spec = t.layout
        consts = {c.name: c.value for c in self.k.consts}
        if spec is None:
            return ro
        if spec.kind == "swizzle":
            b, m, s = (exprs.fold(x, consts) for x in spec.swizzle)
            mask = (1 << b) - 1
            if s >= 0:
                return ro ^ (((ro >> (m + s)) & mask) << m)
            return ro ^ (((ro >> m) & mask) << (m - s))
        lay = Layout(_fold(spec.shape, consts), _fold(spec.stride, consts) if spec.stride is not None else None)
        return sum(lay[i](c) for i, c in enumerate(coords))


def _fold(e, consts):
    if isinstance(e, ir.TupleExpr):
        return tuple(_fold(i, consts) for i in e.items)
    return exprs.fold(e, consts)


def _flat(t):
    return [x for i in t for x in _flat(i)] if isinstance(t, tuple) else [t]


def _unravel(e: int, shape: tuple) -> tuple:
    out = []
    for n in reversed(shape):
        out.append(e % n)
        e //= n
    return tuple(reversed(out))
