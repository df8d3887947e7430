"""Element reads: the single elements of integer inputs a kernel reads at run time.

`IDS[block.x]` in a subscript, `SEG[t + 1] != SEG[t]` in an `if`, `range(PTR[r], PTR[r + 1])`
are loads like any other: each thread that evaluates the expression reads the element, so
it must lie inside its tensor (BOUND), and a read of a tensor the kernel also writes is
ordered against those writes (RACE, WAR). The specification's element references (tag
assertions, invariants, `assume`s) are no reads.

The value such a read returns is the input's, an uninterpreted function that the `assume`s
constrain, only while no write of that tensor may come before the read. A read that a write
of the kernel may precede returns what was written, and the data flow does not track integer
values: the read is then *opaque*, a function of its own per program point and instance that
no `assume` speaks of (SymEnv). A counterexample that needs such a value is no witness: the
rules report it as unknown (`depends_on_opaque`), unless its facts hold at its model whatever
the opaque reads return (`holds_for_any_opaque`).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import z3

from dsl import ir

from . import program as prog
from .quantified import subterms

OPAQUE_MARK = "@written@"       # in the name of an opaque read's function


@dataclass(frozen=True)
class Read:
    """One element reference evaluated at run time, and the conditions under which the
    expression around it evaluates it (`a and IDS[t] > 0` reads IDS[t] only where a holds)."""
    ref: ir.ElemRef
    conds: tuple                # (expression, must hold) pairs


_BODIES = ("body", "then", "orelse")


def reads(stmt) -> tuple[Read, ...]:
    """The element reads a statement does itself (not those of the statements it nests)."""
    if isinstance(stmt, (ir.Assert, ir.Invariant)):
        return ()
    out: list[Read] = []
    _fields(stmt, (), out)
    return tuple(out)


def _fields(node, conds, out) -> None:
    for f in dataclasses.fields(node):
        if f.name in _BODIES or f.name == "span":
            continue
        _value(getattr(node, f.name), conds, out)


def _value(v, conds, out) -> None:
    if isinstance(v, (tuple, list)):
        for x in v:
            _value(x, conds, out)
    elif isinstance(v, (ir.TagField, ir.Forall)):
        return
    elif isinstance(v, ir.ElemRef):
        for i in v.indices:
            _value(i, conds, out)
        out.append(Read(v, conds))
    elif isinstance(v, ir.Bin) and v.op in (ir.BinOp.AND, ir.BinOp.OR):
        # The lowering's `and`/`or` short-circuit: the right side runs only when the left
        # side leaves the result open.
        _value(v.lhs, conds, out)
        _value(v.rhs, conds + ((v.lhs, v.op is ir.BinOp.AND),), out)
    elif dataclasses.is_dataclass(v) and not isinstance(v, type):
        _fields(v, conds, out)


def program_reads(kernel: ir.Kernel, points=None) -> list[tuple[prog.Point, Read]]:
    """Every element read of a kernel input, with the point that evaluates it."""
    params = {p.name for p in kernel.params}
    return [(p, r) for p in (points if points is not None else prog.points(kernel))
            for r in reads(p.stmt) if r.ref.tensor in params]


def opaque_reads(kernel: ir.Kernel) -> dict:
    """id(ElemRef) -> (the opaque function's name, the loop variables it also takes) for the
    reads that a write of their tensor by the kernel may precede (`after_a_write`)."""
    pts = prog.points(kernel)
    writes = writes_by_tensor(pts)
    out = {}
    for p, r in program_reads(kernel, pts):
        if after_a_write(writes.get(r.ref.tensor, ()), p):
            name = f"{r.ref.tensor}{OPAQUE_MARK}{r.ref.span.line}:{r.ref.span.col}"
            out[id(r.ref)] = (name, tuple(loop.var for loop in p.loops))
    return out


def writes_by_tensor(points) -> dict[str, list]:
    """The points that write each tensor (store, copy, bulk copy)."""
    out: dict[str, list] = {}
    for p in points:
        if isinstance(p.stmt, (ir.Store, ir.Copy, ir.TmaLoad)):
            out.setdefault(p.stmt.dst.tensor, []).append(p)
    return out


def after_a_write(writes, p: prog.Point) -> bool:
    """May one of `writes` run before `p`: one in the same loop (an earlier iteration), or
    earlier in program order? Conservative: a write in the other branch of an `if` counts."""
    return any(w.path < p.path or prog.common_loops(w, p) for w in writes)


def depends_on_opaque(facts) -> str | None:
    """The name of an opaque read's function some fact uses (its tensor and place), or None."""
    for t in subterms(f for f in facts if isinstance(f, z3.ExprRef)):
        if z3.is_app(t) and OPAQUE_MARK in t.decl().name():
            return t.decl().name()
    return None


def opaque_text(name: str) -> str:
    """'IDS@written@13:14' -> "the read of IDS at line 13, which the kernel writes before it"."""
    tensor, place = name.split(OPAQUE_MARK)
    return (f"the value of {tensor} read at line {place.split(':')[0]}, which this kernel may write before "
            "the read (values the kernel writes are not tracked)")


def witness_needs_opaque(sink, rule: str, span, facts, model=None, opts=None) -> bool:
    """Report `unknown` (and say so) when a counterexample found for `facts` needs the value
    of an opaque read: that value is whatever the kernel wrote, which is not tracked, so the
    model is no witness. With the `model` found, a counterexample whose facts hold at it for
    every value of the opaque reads needs none of them (a race on the read itself, whatever
    it returns), and is a witness."""
    name = depends_on_opaque(facts)
    if name is None or (model is not None and holds_for_any_opaque(facts, model, opts)):
        return False
    sink.unknown(rule, span, f"a counterexample needs {opaque_text(name)}")
    return True


def holds_for_any_opaque(facts, model, opts=None) -> bool:
    """Whether `facts`, with every constant and every input's element at its value in `model`,
    hold whatever the opaque reads return (their functions left free: a validity query)."""
    from .solver import SolverOptions, Verdict, prove
    facts = [f for f in facts if isinstance(f, z3.ExprRef)]
    consts, apps = _uninterpreted(facts)
    fixed = [z3.substitute(f, *[(c, _model_value(model, c)) for c in consts]) if consts else f for f in facts]
    for _ in range(4):       # an input read whose subscript reads an input: fixed from the inside out
        _, apps = _uninterpreted(fixed)
        ground = [a for a in apps if all(z3.is_int_value(x) or z3.is_true(x) or z3.is_false(x) for x in a.children())]
        if not ground:
            break
        fixed = [z3.substitute(f, *[(a, _model_value(model, a)) for a in ground]) for f in fixed]
    out = prove(z3.And(*fixed), (), opts if opts is not None else SolverOptions())
    return out.verdict is Verdict.PROVED


def _model_value(model, term):
    return model.eval(term, model_completion=True).translate(term.ctx)


def _uninterpreted(facts) -> tuple[list, list]:
    """(the uninterpreted constants, the applications of uninterpreted non-opaque functions)."""
    consts, apps = {}, {}
    for t in subterms(facts):
        if z3.is_app(t):
            d = t.decl()
            if d.kind() == z3.Z3_OP_UNINTERPRETED and OPAQUE_MARK not in d.name():
                (apps if t.num_args() else consts)[t.get_id()] = t
    return list(consts.values()), list(apps.values())
