"""Claims on values whose tag the data flow cannot give: a record missing a field the claim
names, a value computed from no input, a read before anything wrote it, a value outside
the analysed window (encode/tag_rules.TagChecker.check and the range and covers claims)."""
from __future__ import annotations

import dataclasses
import re

import z3

from dsl import exprs, ir

from .elem_reads import witness_needs_opaque
from .hints import missing_hint
from .solver import Verdict as SV, find_model
from .tagval import free_choice as _free_choice
from .terms import And, Or
from .witness import Witness


def check_unknown_values(tc, point, cond, leaves, base, scope, missing_ok: bool = False, empty_ok=None) -> None:
    """Values whose tag is missing a field, uninitialised, or outside the analysed window.

    `missing_ok`: contributions without the field simply do not count (coverage);
    `empty_ok`: where it holds, the empty record (no field, no input) is no value (a
    `range` claim whose range is empty there: new-user round 55's empty segment)."""
    for lf in leaves.values():
        pairs = [] if missing_ok else [("missing", s, c) for s, c in lf.missing]
        pairs += [("opaque", s, c) for s, c in lf.opaque]
        if not pairs:
            continue

        def counts(kind, c):
            if empty_ok is None or kind != "missing" or c.fields or c.origins:
                return c.domain
            return And(c.domain, z3.Not(empty_ok))
        pairs = [(k, s, dataclasses.replace(c, domain=counts(k, c))) for k, s, c in pairs]
        query = base + [Or(*[And(s, c.domain) for _, s, c in pairs])]
        out = find_model(query, tc.opts)
        if out.verdict is SV.PROVED:
            continue
        if out.verdict is SV.UNKNOWN:
            tc.sink.unknown("TAG", cond.span, f"solver: {out.reason}")
            return
        if tc.env.has_opaque() and witness_needs_opaque(tc.sink, "TAG", cond.span, query):
            return
        kind, sel, c = next(p for p in pairs if z3.is_true(out.model.eval(p[1], model_completion=True)))
        model = tc.minimal(base + [sel, c.domain], scope, out.model)
        w = Witness(tc.df, point, model, scope, {})
        if kind == "missing" and not (c.fields or c.origins) and _free_choice(c.domain):
            # The empty record is there only under a free choice: an accumulator updated
            # under a condition may or may not have been reached by an update (the updates
            # are not counted), which is not a witness that it was not.
            tc.sink.unknown("TAG", lf.node.span, f"whether {lf.node.elem.tensor} holds any input's record "
                              f"(and so '{lf.node.field}') is not known: it reads an accumulator updated under "
                              "a condition, whose updates the analysis does not count")
        elif kind == "missing" and not (c.fields or c.origins):
            # one finding per statement and tile, not one per field its claims name
            # (new-user round 50: a store's `row` and `col` gave two)
            if (point.path, lf.node.elem.tensor) in tc.no_input:
                return
            tc.no_input.add((point.path, lf.node.elem.tensor))
            msg = (f"{lf.node.elem.tensor} holds a value computed from no input (zeros, constants, indices "
                   f"or an accumulator no update reached), without '{lf.node.field}'")
            tc.sink.finding(w.finding("TAG", lf.node.span, msg, _no_input_hint(tc.df, lf.node.elem.tensor)))
        elif kind == "missing":
            msg = f"tag of {lf.node.elem.tensor} has no field '{lf.node.field}'"
            tc.sink.finding(w.finding("TAG", lf.node.span, msg, missing_hint(tc.df, lf.node.field, c)))
        elif c.opaque.startswith("uninit"):
            tc.sink.finding(w.finding("INIT", lf.node.span, f"{lf.node.elem.tensor} depends on a read before "
                                        f"anything wrote it: {c.opaque.split(': ', 1)[1]}",
                                        _unrun_owners(tc.df, c.opaque)))
        else:
            tc.sink.unknown("TAG", lf.node.span, c.opaque.split(": ", 1)[-1])
        return


def _no_input_hint(df, tile: str) -> str:
    """Why a tile may hold no input's record: a choice of a constant (held-out round 51's
    `where(OFF[block.x] > 3, x, 0.0)` was told about loop bounds), or an accumulation that
    no update reached."""
    picks = any(isinstance(n, ir.Call) and n.func in ("where", "mask")
                for p in df.writers.get(tile, []) if isinstance(p.stmt, ir.Compute)
                for n in exprs.iter_nodes(p.stmt.value))
    if picks:
        return (f"a `where` or `mask` that computes {tile} takes its constant side here (its condition fails at "
                "this element): check the condition against the tag function's")
    return "an accumulation whose loop does not run at these sizes keeps its initial value: check the loop bounds"


def _unrun_owners(df, note: str) -> str:
    """The hint of an INIT finding on a register tile defined only under a condition on the
    thread: its distribution gives elements to threads that do not run the definition (a
    warp-specialised consumer's `a = load sA[...]` with the default distribution, which
    spans the producer warp too, read by an `mma`)."""
    m = re.search(r"nothing wrote (\S+) before", note)
    name = m.group(1) if m else None
    defs = [p for p in df.points if getattr(getattr(p.stmt, "target", None), "name", None) == name]
    if not defs or not all(any(exprs.mentions_thread(g.cond) for g in p.guards) for p in defs):
        return ""
    line = defs[0].span.line if defs[0].span else "?"
    spec = "its layout" if defs[0].stmt.target.layout is not None else \
        f"its default distribution, over all {df.kernel.threads} threads"
    return (f"{name} is defined only under a condition on the thread (line {line}): an element whose owner ("
            f"by {spec}) does not run that line is never written; give {name} a layout over the threads that "
            "run the branch, or define it outside the condition")
