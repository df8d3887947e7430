"""`for` loops of the kernel body, with a counter in place of each `(v + k) % n` the body
reads (v the loop's variable, k and n constants, n not a power of two): a ring slot such
as `kt % S` costs a 64-bit division by a constant per use on a GPU, the counter one add
and one select per iteration (docs/LOWERING.md, "Addresses in the tensor-core loop")."""
from __future__ import annotations

from dsl import exprs, ir

from .emit_common import vars_of
from .scalar import py_name


def offset_from(e: ir.Expr, var: str, consts: dict[str, int]) -> int | None:
    """k when `e` is `var + k` (sums and differences of constants and one `var`)."""
    match e:
        case ir.Sym(name=n, kind=ir.SymKind.LOOP) if n == var:
            return 0
        case ir.Bin(op=ir.BinOp.ADD, lhs=a, rhs=b):
            if (x := exprs.try_fold(a, consts)) is not None and (k := offset_from(b, var, consts)) is not None:
                return x + k
            if (x := exprs.try_fold(b, consts)) is not None and (k := offset_from(a, var, consts)) is not None:
                return x + k
        case ir.Bin(op=ir.BinOp.SUB, lhs=a, rhs=b):
            if (x := exprs.try_fold(b, consts)) is not None and (k := offset_from(a, var, consts)) is not None:
                return k - x
    return None


def ring_slots(loop: ir.For, consts: dict[str, int], nonneg) -> dict[ir.Expr, tuple[int, int]]:
    """{`(var + k) % n`: (k, n)} for the loop's body, where var + k is never negative (so
    `%` is the same in every convention) and no inner loop reuses the variable's name."""
    if any(isinstance(s, ir.For) and s.var == loop.var for s in ir.walk(loop.body)):
        return {}
    found = {}
    for s in ir.walk(loop.body):
        for v in vars_of(s):
            for e in exprs.iter_nodes(v):
                if isinstance(e, ir.Bin) and e.op is ir.BinOp.MOD and nonneg(e.lhs):
                    n = exprs.try_fold(e.rhs, consts)
                    k = offset_from(e.lhs, loop.var, consts)
                    if n is not None and n > 1 and n & (n - 1) and k is not None:
                        found[e] = (k, n)
    return found


class LoopEmitter:
    """Mixed into codegen_cuda.emit.Emitter, whose state (plan, scalar, lines) it uses."""

    def for_loop(self, s: ir.For) -> None:
        outer = self.scalar.loop_starts.get(s.var)
        self.scalar.loop_starts[s.var] = s.start       # this loop's variable, while it is in scope
        try:
            self._for_loop(s)
        finally:
            self.scalar.loop_starts[s.var] = outer

    def _for_loop(self, s: ir.For) -> None:
        slots = ring_slots(s, self.plan.consts, self.scalar.nonneg)
        start = self.scalar.emit(s.start)
        self.line(self.describe(s))
        names = {}
        first = exprs.try_fold(s.start, self.plan.consts)
        for e, (k, n) in slots.items():
            names[e] = self.fresh("m")
            init = (first + k) % n if first is not None else f"({start} + {k}) % {n}"
            self.line(f"{names[e]} = {init}   # ({py_name(s.var)} + {k}) % {n}, carried across iterations")
        self.line(f"for {py_name(s.var)} in range({start}, {self.scalar.emit(s.stop)}):")
        self.depth += 1
        self.scalar.named.update(names)
        self.block(s.body)
        for e, (_, n) in slots.items():
            self.line(f"{names[e]} = 0 if {names[e]} == {n - 1} else {names[e]} + 1")
        for e in names:
            del self.scalar.named[e]
        self.depth -= 1
