"""What every rewrite shares: the result type, small IR builders, statement paths, and
the format-and-recheck step that turns a rewritten IR into a candidate's source text."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from dsl import exprs, ir
from dsl.check import check_source
from dsl.fmt import format_kernel
from dsl.stmt_paths import at, paths, splice  # noqa: F401  (re-exported: the rewrites' vocabulary)


@dataclass(frozen=True)
class Rewritten:
    """A rewritten kernel (holes allowed) and a one-line account of what changed."""
    kernel: ir.Kernel
    what: str


def lit(v: int) -> ir.IntLit:
    return ir.IntLit(v)


def sym(name: str, kind: ir.SymKind = ir.SymKind.CONST) -> ir.Sym:
    return ir.Sym(name, kind)


def add(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Bin(ir.BinOp.ADD, a, b)


def sub(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Bin(ir.BinOp.SUB, a, b)


def mul(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Bin(ir.BinOp.MUL, a, b)


def div(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Bin(ir.BinOp.DIV, a, b)


def mod(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Bin(ir.BinOp.MOD, a, b)


def lt(a: ir.Expr, b: ir.Expr) -> ir.Expr:
    return ir.Bin(ir.BinOp.LT, a, b)


def conjoin(es: list[ir.Expr]) -> ir.Expr:
    out = es[0]
    for e in es[1:]:
        out = ir.Bin(ir.BinOp.AND, out, e)
    return out


def names_in(kernel: ir.Kernel) -> set[str]:
    """Every name a new one must not clash with."""
    out = {p.name for p in kernel.params} | set(kernel.sizes) | {c.name for c in kernel.consts}
    for s in ir.walk(kernel.body):
        for f in ("target", "tensor"):
            t = getattr(s, f, None)
            if isinstance(t, ir.TensorType):
                out.add(t.name)
        if isinstance(s, ir.For):
            out.add(s.var)
    for t in kernel.tags:
        out |= set(t.indices)
    return out


def fresh(kernel: ir.Kernel, base: str, taken: set[str] = frozenset()) -> str:
    used = names_in(kernel) | set(taken)
    if base not in used:
        return base
    return next(f"{base}{n}" for n in range(2, 1000) if f"{base}{n}" not in used)


def with_const(kernel: ir.Kernel, name: str, value: int) -> ir.Kernel:
    """Set (or add) `const name = value`."""
    decl = ir.ConstDecl(name, value, lit(value))
    if any(c.name == name for c in kernel.consts):
        consts = tuple(decl if c.name == name else c for c in kernel.consts)
    else:
        consts = kernel.consts + (decl,)
    return dataclasses.replace(kernel, consts=consts)


def const_values(kernel: ir.Kernel) -> dict[str, int]:
    return {c.name: c.value for c in kernel.consts}


def fold(e: ir.Expr, kernel: ir.Kernel) -> int | None:
    return exprs.try_fold(e, const_values(kernel))


def mentions(e: ir.Expr, name: str) -> bool:
    return name in exprs.free_syms(e)


def render(kernel: ir.Kernel, file: str = "<candidate>", synth: bool = False) -> tuple[str, ir.Kernel | None, str]:
    """Print with the formatter and check the text again: (text, kernel or None, error)."""
    text = format_kernel(kernel)
    checked = check_source(text, file, synth=synth)
    if not checked.ok:
        d = next(d for d in checked.diagnostics if d.severity.value == "error")
        return text, None, f"{d.span}: {d.message}"
    return text, checked.kernel, ""


def _plain_fact(c: ir.Expr, size: str) -> bool:
    """`size % n == 0` or `size >= n` with a literal n."""
    s = ir.Sym(size, ir.SymKind.SIZE)
    if not (isinstance(c, ir.Bin) and isinstance(c.rhs, ir.IntLit)):
        return False
    return (c.op is ir.BinOp.GE and c.lhs == s) or (
        c.op is ir.BinOp.EQ and isinstance(c.lhs, ir.Bin) and c.lhs.op is ir.BinOp.MOD and c.lhs.lhs == s
        and isinstance(c.lhs.rhs, ir.IntLit))


def only_plain_facts(assumes: tuple, size: str) -> bool:
    """Whether every assumption that mentions `size` is a plain divisibility or lower bound
    (a rewrite may then restate them; any other fact may depend on the old tile size)."""
    return all(_plain_fact(c, size) or not mentions(c, size) for a in assumes for c in exprs.conjuncts(a))


def size_assumes(assumes: tuple, size: str, multiple: int, at_least: bool = False) -> tuple:
    """The plain facts about `size` replaced by `size % multiple == 0` (and `size >= multiple`)."""
    keep = [c for a in assumes for c in exprs.conjuncts(a) if not _plain_fact(c, size)]
    s = ir.Sym(size, ir.SymKind.SIZE)
    new = [ir.Bin(ir.BinOp.EQ, mod(s, lit(multiple)), lit(0))]
    if at_least or any(_plain_fact(c, size) and c.op is ir.BinOp.GE for a in assumes for c in exprs.conjuncts(a)):
        new.append(ir.Bin(ir.BinOp.GE, s, lit(multiple)))
    return tuple(keep) + (conjoin(new),)
