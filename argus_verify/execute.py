"""Run an undecided kernel on the interpreter: a violation it meets is a real one.

Where the verifier leaves obligations unknown and finds nothing, the kernel is run on the
concrete interpreter (which shares no code with the encoder) at a few small sizes the
assumptions allow, over its whole grid, on random inputs. Every race, bound or
synchronisation violation the interpreter meets happened in a legal execution (one schedule
of the role branches, copies landing as late as their phases allow), so it is reported as
an error with that execution as its witness: the kernel is refuted, not proved. The
unknowns stay listed; nothing is ever proved this way. A ring whose wait parity fits no
round (`k % 2` on a ring of 3) is such a kernel: the model cannot tell which phase each
wait waits for; the interpreter reads a slot before its copy lands.

The runs share the file's time budget, capped at EXECUTE_S, in a child process that is
stopped when it runs out (argus_verify/replay.py).
"""
from __future__ import annotations

import dataclasses
import math
import re
import time

from dsl import ir
from dsl.diagnostics import Span
from encode.findings import Finding, Verdict

EXECUTE_S = 10.0        # the most a file spends running an undecided kernel
SIZES = 3               # size choices tried (interp/sizes.pick_sizes)
MAX_BLOCKS = 64         # sizes whose grid has more blocks are not run (`assume R <= 1000000` drew R = 1000000)
# What an execution shows for certain: its memory accesses and synchronisation. Tags are left
# out: a summarised value, or an input's conditional tag function read back after the kernel
# stored into it, is modelled less exactly there than by the verifier.
RULES = ("RACE", "WAR", "ASYNC", "BOUND", "SYNC")
DEADLOCK = re.compile(r"^block \(([\d, ]*)\): deadlock at line (\d+)")     # interp/mbarriers.run_to_end's note


def _violations(kernel: ir.Kernel, rules: tuple[str, ...] = RULES) -> list[dict]:
    """The first run, at the sizes interp/sizes.pick_sizes gives, that meets a violation: its
    violations (derived ones left out) and deadlock, as plain records."""
    from interp.interpreter import interpret
    from interp.inputs import random_inputs
    from interp.intexpr import IntEval
    from interp.layout import InterpretError
    from interp.sizes import pick_sizes
    for sizes in pick_sizes(kernel, n=SIZES):
        try:
            ev = IntEval({**sizes, **{c.name: c.value for c in kernel.consts}})
            if math.prod(int(ev(g)) for g in kernel.grid) > MAX_BLOCKS:
                continue
            res = interpret(kernel, sizes, random_inputs(kernel, sizes, seed=0))
        except InterpretError:
            continue
        except Exception:       # the oracle's own failure is no evidence either way (replay.py's _note)
            continue
        found = [dict(rule=v.rule, line=v.line, block=v.block, thread=v.thread, iteration=v.iteration,
                      detail=v.detail) for v in res.violations if not v.derived and v.rule in rules]
        for note in res.notes:
            m = DEADLOCK.search(note)
            if m and "SYNC" in rules:
                block = tuple(int(x) for x in m.group(1).replace(" ", "").split(",") if x)
                found.append(dict(rule="SYNC", line=int(m.group(2)), block=block, thread=None, iteration=(),
                                  detail=note.split(": ", 1)[-1]))
        if found:
            return [dict(r, sizes=tuple(sorted(sizes.items()))) for r in found]
    return []


def _span(kernel: ir.Kernel, line: int, file: str) -> Span:
    """The span of the first statement on `line` (a whole line where none starts there)."""
    for s in ir.walk(kernel.body):
        if s.span.line == line:
            return s.span
    return Span(file, line, 1, line, 1)


def _finding(kernel: ir.Kernel, file: str, r: dict) -> Finding:
    where = ", ".join(f"{n} = {v}" for n, v in r["sizes"])
    return Finding(
        r["rule"], _span(kernel, r["line"], file),
        f"{r['detail']} (the verifier left this kernel undecided; running it on the interpreter at {where} "
        "met this in a legal execution)",
        sizes=r["sizes"], block=tuple(r["block"]), thread=r["thread"], iteration=tuple(r["iteration"]),
        hint="the unknowns below say what the verifier could not decide; the interpreter's execution is the "
             "witness", replay="replayed")


def _child(conn, kernel, rules) -> None:
    from .replay import limit_memory
    limit_memory()
    conn.send(_violations(kernel, rules))
    conn.close()


def execute_undecided(kernel: ir.Kernel, verdict: Verdict, deadline: float | None = None,
                      rules: tuple[str, ...] = ()) -> Verdict:
    """The verdict with the interpreter's violations added as errors, ahead of its warnings,
    when the verifier left obligations unknown and found no error (one per rule and line, in
    line order); `rules`: those asked for (empty: all)."""
    rules = tuple(r for r in RULES if not rules or r in rules)
    if verdict.status != "unknown" or not rules or deadline is not None and deadline <= time.monotonic():
        return verdict
    from .replay import forking, run_child
    if deadline is None or not forking():
        found = _violations(kernel, rules)     # no budget, or no way to stop a child
    else:
        got, _ = run_child(_child, (kernel, rules), min(deadline, time.monotonic() + EXECUTE_S))
        found = got[0] if got else []
    seen, new = set(), []
    for r in sorted(found, key=lambda r: (r["line"], r["rule"])):
        if (r["rule"], r["line"]) not in seen:
            seen.add((r["rule"], r["line"]))
            new.append(_finding(kernel, verdict.file, r))
    if not new:
        return verdict
    return dataclasses.replace(verdict, findings=tuple(new) + verdict.findings)   # errors before warnings
