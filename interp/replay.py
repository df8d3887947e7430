"""Replay a verifier finding on the interpreter: is the counterexample a real execution?

A TAG (or INIT) finding inside an assertion is replayed at exactly its sizes, block,
iteration and index values: the assertion conjunct it names must fail there. Any other
finding (a store against an output's tag function, a memory rule) is replayed by running
its block and looking for the same rule on the same line, or with the other access of the
conflicting pair on that line (RACE, WAR and ASYNC count as one
family: a conflict between a read and an async landing is either, depending on the view;
COVER is about a whole output, so any line of it will do).
"""
from __future__ import annotations

from dataclasses import dataclass

from dsl import ir

from .layout import InterpretError

FAMILY = {"RACE": "order", "WAR": "order", "ASYNC": "order"}


def same_family(a: str, b: str) -> bool:
    return a == b or (a in FAMILY and FAMILY.get(a) == FAMILY.get(b))


@dataclass(frozen=True)
class ReplayOutcome:
    replayed: bool
    why: str


def _in_assert(kernel: ir.Kernel, span) -> bool:
    from .interpreter import span_contains
    return any(isinstance(s, (ir.Assert, ir.Invariant)) and span_contains(s.span, span) for s in ir.walk(kernel.body))


def replay_details(kernel: ir.Kernel, finding, inputs: dict | None = None, seeds=(0, 1, 2)) -> ReplayOutcome:
    from .interpreter import Probe, interpret, random_inputs
    sizes = dict(finding.sizes)
    if not sizes and kernel.sizes:
        # a structural finding (a layout that leaves an element to nobody) holds at any
        # sizes: replay it at the smallest the interpreter picks
        from .sizes import pick_sizes
        picked = pick_sizes(kernel, n=1)
        sizes = dict(picked[0]) if picked else {}
    if any(s not in sizes for s in kernel.sizes):
        return ReplayOutcome(False, "the finding does not give every size")
    block = tuple(finding.block) if finding.block else None
    probing = finding.rule in ("TAG", "INIT") and _in_assert(kernel, finding.span)
    why = "not reproduced"
    for seed in (seeds if inputs is None else (None,)):
        try:
            data = inputs if inputs is not None else random_inputs(kernel, sizes, seed=seed)
            if probing:
                probe = Probe(finding.span, dict(finding.iteration), dict(finding.indices))
                res = interpret(kernel, sizes, data, [block] if block is not None else None,
                                check_tags=False, probe=probe)
                if any(h.rule in ("TAG", "INIT") for h in res.probe_hits):
                    return ReplayOutcome(True, res.probe_hits[0].detail)
                if res.probe_hits:
                    return ReplayOutcome(False, "undecided: the value's tags are summarised and the "
                                         "assertion turns on a repeat at one position")
                why = ("the assertion holds there" if res.probe_reached
                       else "the execution never reaches that iteration of the assertion")
                continue
            blocks = None if finding.rule == "COVER" or block is None else [block]
            res = interpret(kernel, sizes, data, blocks)
            for v in res.violations:
                if same_family(v.rule, finding.rule) and (finding.span.line in (v.line, v.other_line)
                                                          or v.rule == "COVER"):
                    return ReplayOutcome(True, v.detail)
            why = f"no {finding.rule} on line {finding.span.line} in block {block}"
        except InterpretError as err:
            return ReplayOutcome(False, f"the interpreter cannot run it: {err}")
        if not _data_dependent(kernel):
            break
    return ReplayOutcome(False, why)


def _data_dependent(kernel: ir.Kernel) -> bool:
    """Do tags or control read integer inputs (so that other random inputs may replay)?"""
    from dsl.exprs import iter_nodes
    for t in kernel.tags:
        if any(isinstance(n, ir.ElemRef) for _, e in t.fields for n in iter_nodes(e)):
            return True
    return False


def replay_finding(kernel: ir.Kernel, finding, inputs: dict | None = None, seeds=(0, 1, 2)) -> bool:
    return replay_details(kernel, finding, inputs, seeds).replayed
