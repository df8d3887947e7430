"""Unbounded holes `??`, solved by Z3: exists holes, for all program variables, by CEGIS.

The sketch keeps its unbounded holes as integer unknowns of the verifier's encoding
(encode/symbols.py names each by its position). One round: Z3 picks hole values that
satisfy every constraint learned so far (smallest magnitude first, for a readable
answer); the verifier checks the sketch with the holes pinned to them; each refuted query
(facts ∧ ¬goal, satisfiable at the model) is turned into a constraint on the holes alone
by fixing every other variable (sizes, block, thread, element, iteration) to the model's
value and negating: "the candidate must not fail at this witness". An empty constraint
set means no values exist (for the finite holes' current values); a proof of the pinned
sketch is confirmed on the plain completed text. `passfail` feedback learns only that
the tried values failed, the baseline for the ablation.
"""
from __future__ import annotations

import dataclasses
import itertools

import z3

from dsl import ir
from dsl.check import check_source
from dsl.diagnostics import Span
from encode.minimize import minimize_model
from encode.solver import Verdict as SV
from encode.symbols import HOLE_PREFIX, hole_name

from .fill_run import FillRun, Values, candidate, errors_of, proved, record_refutation, verify_candidate
from .sketch import HoleSite, Sketch, value_text
from .witness_store import from_symbolic


def solve_unbounded(run: FillRun, fixed: Values, holes: list[HoleSite]) -> str:
    """Search values of the unbounded holes, the finite ones held at `fixed`."""
    symbolic = _symbolic(run.sketch, dict(fixed), holes)
    if symbolic is None:
        return "bad"
    kernel, spans = symbolic
    unknowns = {i: z3.Int(hole_name(sp)) for i, sp in spans.items()}
    learned: list = []
    for _ in range(run.opts.max_rounds):
        if run.out_of_time():
            return "budget"
        pick = _next_values(learned, unknowns, run)
        if pick is None:
            return "none" if not run.reason else "budget"
        run.rounds += 1
        values = tuple(sorted((*fixed, *pick.items())))
        outcome = _round(run, kernel, spans, unknowns, values, pick, learned)
        if outcome in ("proved", "budget"):
            return outcome
    run.reason = f"no completion found in {run.opts.max_rounds} solver rounds"
    return "budget"


def _round(run, kernel, spans, unknowns, values, pick, learned) -> str:
    run.candidates += 1
    point = z3.Or(*[unknowns[i] != v for i, v in pick.items()])
    cand, diags = candidate(run.sketch, values)
    if cand is None:
        d = diags[0]
        run.bad_input.setdefault((d.code, d.span.line, d.message), (d, []))[1].append(values)
        learned.append(point)
        return "bad"
    run.texts[values] = cand.text
    on_symbolic = run.feedback == "counterexample"
    if on_symbolic:
        pins = {unknowns[i]: v for i, v in pick.items()}
        collector = _Collector(pins, set(unknowns.values()), _grid_extents(kernel))
        opts = dataclasses.replace(run.opts.verify, on_refuted=collector, rules=_rules(run.opts.verify))
        verdict = verify_candidate(dataclasses.replace(cand, kernel=_pinned(kernel, spans, pick)), opts)
        learned.extend(collector.constraints)
        if verdict.status != "violation":
            # proved: confirm on the plain text; unknown: the symbolic encoding could not
            # decide, the plain text may (then only this value is learned)
            run.verifications += 1
            on_symbolic = False
            verdict = verify_candidate(cand, run.opts.verify)
    else:
        verdict = verify_candidate(cand, run.opts.verify)
    run.verifications += 1
    learned.append(point)
    if verdict.status == "proved":
        return proved(run, cand, values)
    errors = errors_of(verdict)
    if on_symbolic:   # found on the text that still reads `??`: move onto the plain completion
        errors = [from_symbolic(run.sketch, dict(values), frozenset(pick), f) for f in errors]
    return record_refutation(run, values, errors, verdict)


def _rules(opts) -> tuple[str, ...]:
    """Advice (BANK, UNUSED) refutes nothing: learn only from the rules that fail a kernel."""
    from encode.findings import WARNING_RULES
    from encode.verifier import ALL_RULES
    return tuple(r for r in (opts.rules or ALL_RULES) if r not in WARNING_RULES)


def _next_values(learned: list, unknowns: dict, run: FillRun) -> dict[int, int] | None:
    """Z3's choice of hole values under the learned constraints (smallest magnitude)."""
    if not learned:
        return {i: 0 for i in unknowns}
    if any(z3.is_false(c) for c in learned):
        return None          # a failure that no value avoids (it does not mention the holes)
    size = [z3.If(u >= 0, u, -u) for _, u in sorted(unknowns.items())]
    out = minimize_model(learned, size, run.opts.verify.solver)
    if out.verdict is SV.PROVED:
        return None
    if out.verdict is SV.UNKNOWN or out.model is None:
        # new-user round 38: an undecided query (quantified constraints) ended the search
        # after two rounds; try the next values by magnitude that no constraint rules out
        pick = _by_magnitude(learned, unknowns)
        if pick is None:
            run.reason = f"the solver could not choose hole values: {out.reason}"
        return pick
    return {i: out.model.eval(u, model_completion=True).as_long() for i, u in unknowns.items()}


def _by_magnitude(learned: list, unknowns: dict) -> dict[int, int] | None:
    """The hole values of smallest total magnitude (within a reach of 64 for one hole, 16
    for two, 4 for more) that no learned constraint is false at, evaluated on the ground; a
    value tried before is false at its own `point` constraint."""
    names = sorted(unknowns)
    reach = {1: 64, 2: 16}.get(len(names), 4)
    combos = sorted(itertools.product(range(-reach, reach + 1), repeat=len(names)),
                    key=lambda vs: (sum(map(abs, vs)), vs))
    for vs in combos:
        pairs = [(unknowns[i], z3.IntVal(v)) for i, v in zip(names, vs)]
        if not any(z3.is_false(z3.simplify(z3.substitute(c, *pairs))) for c in learned):
            return dict(zip(names, vs))
    return None


class _Collector:
    """Turns each refuted query of a pinned verification into a constraint on the holes."""

    def __init__(self, pins: dict, holes: set, extents: list = ()):
        self.pins, self.holes = pins, {h.decl().name() for h in holes}
        self.extents = [g for g in extents if _mentions_hole(g, self.holes)]
        self.constraints: list = []
        self.memo: dict = {}
        self.keep = []           # the facts seen, so that the AST ids in `memo` stay theirs

    def __call__(self, facts: tuple, model) -> None:
        self.keep.append(facts)
        # Facts about the holes alone are the pins (and forms the encoder derived from them).
        kept = [f for f in _flatten(facts)
                if not all(c.decl().name() in self.holes for c in _constants([f], self.memo))]
        consts = [c for c in _constants(kept, self.memo) if c.decl().name() not in self.holes]
        # The program's variables (sizes, block, thread, element, iteration) take the
        # witness's values; the encoder's auxiliaries (fresh constants: tag values, case
        # selectors), which follow from them and the holes, stay quantified.
        program = [c for c in consts if "!" not in c.decl().name()]
        aux = [c for c in consts if "!" in c.decl().name()]
        fixed = [(c, model.eval(c, model_completion=True).translate(c.ctx)) for c in program]
        instance = z3.simplify(z3.substitute(z3.And(*kept), *fixed)) if fixed else z3.And(*kept)
        if not _mentions_hole(instance, self.holes):
            # the failure does not depend on the holes: no value avoids it
            self.constraints.append(z3.BoolVal(False))
            return
        avoid = z3.ForAll(aux, z3.Not(instance)) if aux else z3.Not(instance)
        # The witness's block lies in the grid (`block.x < G`, a fact of every query): negated,
        # a grid that launches no block at the witness's sizes would "avoid" the failure, and a
        # rounding hole `(M + ??) / B` would learn one value per round (new-user round 38: 64
        # rounds never reached 127). A launch needs at least one block: keep the grid. (The
        # witness's sizes meet every candidate's assumptions: a hole in an `assume` is E020.)
        at = [z3.simplify(z3.substitute(g, *fixed) if fixed else g) for g in self.extents]
        launch = [g >= 1 for g in at if all(c.decl().name() in self.holes for c in _constants([g]))]
        self.constraints.append(z3.And(avoid, *launch))


def _grid_extents(kernel: ir.Kernel) -> list:
    """The grid's extents as terms over the sizes and the unbounded holes (none where one
    cannot be encoded so)."""
    from encode.assume_reads import size_env
    from encode.symbols import Unsupported
    env = size_env(kernel)
    try:
        return [env.term(g, {}) for g in kernel.grid]
    except Unsupported:
        return []


def _flatten(facts):
    for f in facts:
        if z3.is_and(f):
            yield from _flatten(f.children())
        else:
            yield f


def _constants(terms, memo: dict | None = None) -> list:
    """The uninterpreted constants (variables) in the terms, each once, sorted by name.

    `memo` (AST id -> names below it) is shared across calls on the same terms: the
    encoder repeats its facts in every query, and walking them is the costly part."""
    memo = {} if memo is None else memo
    names: dict[str, object] = {}
    for t in terms:
        names.update(_below(t, memo))
    return [names[n] for n in sorted(names)]


def _below(term, memo: dict) -> dict:
    key = term.get_id()
    if key in memo:
        return memo[key]
    if z3.is_const(term) and term.decl().kind() == z3.Z3_OP_UNINTERPRETED:
        out = {term.decl().name(): term}
    else:
        out = {}
        for c in term.children():
            out.update(_below(c, memo))
    memo[key] = out
    return out


def _mentions_hole(term, holes: set) -> bool:
    return any(c.decl().name() in holes for c in _constants([term]))


def _symbolic(sketch: Sketch, fixed: dict, holes: list[HoleSite]):
    """The sketch with the finite holes filled and the unbounded ones left as unknowns:
    (kernel, hole index -> its span in that text), or None when it does not check."""
    parts, pos, spans = [], 0, {}
    unbounded = {h.index for h in holes}
    for h in sketch.holes:
        parts.append(sketch.text[pos:h.start])
        if h.index in unbounded:
            text = "".join(parts)
            line = text.count("\n") + 1
            col = len(text) - (text.rfind("\n") + 1) + 1
            spans[h.index] = Span(sketch.path, line, col, line, col + 2)
            parts.append("??")
        else:
            parts.append(value_text(fixed[h.index]))
        pos = h.end
    parts.append(sketch.text[pos:])
    checked = check_source("".join(parts), sketch.path, synth=True)
    if not checked.ok:
        return None
    return checked.kernel, spans


def _pinned(kernel: ir.Kernel, spans: dict, pick: dict) -> ir.Kernel:
    """The symbolic kernel with each unbounded hole assumed equal to its candidate value."""
    pins = tuple(ir.Bin(ir.BinOp.EQ, ir.Hole((), spans[i]), ir.IntLit(v, spans[i]), spans[i])
                 for i, v in sorted(pick.items()))
    return dataclasses.replace(kernel, assumes=kernel.assumes + pins)


__all__ = ["solve_unbounded", "HOLE_PREFIX"]
