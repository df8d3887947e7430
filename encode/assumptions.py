"""Are the kernel's assumptions satisfiable? If no sizes (at least 1 each, with at least one
block in the grid) satisfy every `assume`, each obligation would hold vacuously."""
from __future__ import annotations

import dataclasses

import z3

from dsl import ir
from dsl.diagnostics import Diagnostic

from .solver import SolverOptions, Verdict, unsat_core
from .symbols import Unsupported
from .terms import And


CHECK_MS = 2000   # sizes and a handful of assumptions: milliseconds; a quantified one may not be


def _named_facts(kernel: ir.Kernel) -> dict[str, object]:
    """The facts every query starts from, each named so that an unsat core maps to source."""
    from .assume_reads import size_env
    env = size_env(kernel)
    facts: dict[str, object] = {f"size {name}": v >= 1 for name, v in env.sizes.items()}
    env.blocks = tuple(z3.Int(f"block.{'xyz'[i]}") for i in range(len(kernel.grid)))
    for i, (b, extent) in enumerate(zip(env.blocks, kernel.grid)):
        facts[f"grid {i}"] = And(b >= 0, b < env.term(extent, {}))
    for i, a in enumerate(kernel.assumes):
        facts[f"assume {i}"] = env.cond(a, {})
    facts.update({f"type {name}": fact for name, fact in env.element_types().items()})
    return facts


@dataclasses.dataclass(frozen=True)
class Satisfiable:
    """What is known of the assumptions: `error` (E031) when none hold together; `undecided`
    (why) when the solver could neither show them contradictory nor find sizes and inputs
    that satisfy them. Then a proof may hold vacuously, and the kernel is not proved."""
    error: Diagnostic | None = None
    undecided: str = ""


def unsatisfiable_assumptions(kernel: ir.Kernel, opts: SolverOptions = SolverOptions()) -> Diagnostic | None:
    """An E031 error at the first assumption of a contradictory subset (or at the grid when
    it has no block for any sizes), or None (check_assumptions says whether that is because
    some sizes satisfy them or because the solver cannot tell)."""
    return check_assumptions(kernel, opts).error


def check_assumptions(kernel: ir.Kernel, opts: SolverOptions = SolverOptions()) -> Satisfiable:
    """Contradictory (E031), undecided (no model and no refutation; an assumption that may read
    an input outside its shape, encode/assume_reads.py), or neither."""
    from .assume_reads import phantom_read
    short = dataclasses.replace(opts, timeout_ms=min(opts.timeout_ms, CHECK_MS))
    sat = _satisfiable(kernel, short)
    if sat.error is None and not sat.undecided:
        return Satisfiable(undecided=phantom_read(kernel, short))
    return sat


def _satisfiable(kernel: ir.Kernel, short: SolverOptions) -> Satisfiable:
    try:
        facts = _named_facts(kernel)
    except Unsupported:
        return Satisfiable()      # the obligations cannot be encoded either: none is proved
    if _satisfied_by_equal_sizes(kernel, facts):
        return Satisfiable()
    outcome, core = unsat_core(facts, short)
    if outcome.verdict is Verdict.REFUTED:
        return Satisfiable()      # a model: sizes and inputs that satisfy every assumption
    if outcome.verdict is Verdict.UNKNOWN:
        if _satisfied_at_some_size(kernel, facts, short):
            return Satisfiable()
        # a cycle such as `idx[t] < idx[(t + 1) % T]` over a symbolic T needs induction to refute
        # (held-out round 21: four wrong kernels proved from such assumptions)
        return Satisfiable(undecided=f"cannot show that some sizes and inputs satisfy the `assume`s "
                                     f"(solver: {outcome.reason}); a proof under them might hold vacuously")
    return Satisfiable(_contradiction(kernel, core))


def _contradiction(kernel: ir.Kernel, core) -> Diagnostic:
    used = [kernel.assumes[int(n.split()[1])] for n in core if n.startswith("assume ")]
    also = [w for n, w in (("size ", "every size is at least 1"), ("grid ", "the grid has at least one block"))
            if any(c.startswith(n) for c in core)]
    also += [f"{n.split()[1]}'s elements are {kernel.param(n.split()[1]).dtype.value} values"
             for n in core if n.startswith("type ")]
    given = f" (given that {' and '.join(also)})" if also else ""
    hint = "every proof would hold vacuously; fix the `assume` so that some sizes satisfy it"
    if not used:
        return Diagnostic("E031", "the launch grid has no block for any sizes",
                          kernel.grid_span, "every proof would hold vacuously; each grid dimension must be >= 1")
    what = "no sizes and inputs" if any(n.startswith("type ") for n in core) else "no sizes"
    hint = hint.replace("some sizes satisfy", f"some {what[3:]} satisfy")
    return Diagnostic("E031", f"{what} satisfy {_lines(used)}{given}", used[0].span, hint)


# Sizes tried before the solver: every size the same power of two (or three times one), the
# first block. Most kernels' assumptions (divisibility by a tile, a lower bound) hold at one of
# them, and evaluating them costs ~0.1 ms where the unsat-core query costs a context (~4 ms).
_EQUAL_SIZES = tuple(sorted({m << k for k in range(17) for m in (1, 3)}))


def _satisfied_at_some_size(kernel: ir.Kernel, facts: dict[str, object], opts: SolverOptions) -> bool:
    """With every size fixed (as a model of the size-only facts has them, then equal sizes
    from _EQUAL_SIZES, three tries in all past those the size facts rule out), quantifiers
    over an input's elements range over a finite set, which the solver decides where it
    could not for a symbolic size."""
    from .solver import find_model
    conj = And(*facts.values())
    blocks = [(z3.Int(f"block.{'xyz'[i]}"), z3.IntVal(0)) for i in range(len(kernel.grid))]
    tried = 0
    for sizes in _size_models(kernel, facts, opts) + [{name: n for name in kernel.sizes} for n in _EQUAL_SIZES]:
        pairs = [(z3.Int(name), z3.IntVal(sizes[name])) for name in kernel.sizes] + blocks
        fixed = z3.simplify(z3.substitute(conj, *pairs) if pairs else conj)
        if z3.is_false(fixed):
            continue
        if find_model([fixed], opts, probe=True).verdict is Verdict.REFUTED:
            return True
        tried += 1
        if tried == 3:
            return False
    return False


def _size_models(kernel: ir.Kernel, facts: dict[str, object], opts: SolverOptions) -> list[dict]:
    """Sizes that satisfy the facts that read no input (`N == 2 * T`, which no equal sizes
    meet), each size at most 4096, if the solver finds some."""
    from .solver import find_model
    bounds = [z3.Int(name) <= 4096 for name in kernel.sizes]
    plain = [f for f in facts.values() if not names_input(f)]
    out = find_model(plain + bounds, opts, probe=True)
    if out.verdict is not Verdict.REFUTED or out.model is None:
        return []
    model = out.model
    return [{name: model.eval(z3.Int(name), model_completion=True).as_long() for name in kernel.sizes}]


def names_input(fact) -> bool:
    """Does a fact apply a function (an input's elements), or quantify?"""
    seen, todo = set(), [fact]
    while todo:
        t = todo.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_quantifier(t) or (z3.is_app(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED and t.num_args() > 0):
            return True
        if z3.is_app(t):
            todo += list(t.children())
    return False


def _satisfied_by_equal_sizes(kernel: ir.Kernel, facts: dict[str, object]) -> bool:
    return not facts or holds_at_equal_sizes(kernel, And(*facts.values()))


def holds_at_equal_sizes(kernel: ir.Kernel, conj) -> bool:
    """Does `conj` hold with every size one of _EQUAL_SIZES and every block index 0? A
    concrete assignment that satisfies it shows it satisfiable; none proves nothing."""
    blocks = [(z3.Int(f"block.{'xyz'[i]}"), z3.IntVal(0)) for i in range(len(kernel.grid))]
    for n in _EQUAL_SIZES:
        pairs = [(z3.Int(name), z3.IntVal(n)) for name in kernel.sizes] + blocks
        if z3.is_true(z3.simplify(z3.substitute(conj, *pairs) if pairs else conj)):
            return True
    return False


def _lines(assumes) -> str:
    lines = sorted({a.span.line for a in assumes})
    if len(lines) == 1:
        return f"the assumption on line {lines[0]}"
    return "the assumptions on lines " + ", ".join(map(str, lines[:-1])) + f" and {lines[-1]}"
