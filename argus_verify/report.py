"""Verdicts as reports: human text (the format of DESIGN.md) and JSON for agents (SARIF: sarif.py).

All carry the same facts; JSON and SARIF are deterministic (sorted, no timings).
"""
from __future__ import annotations

import json

from encode.findings import Finding, Verdict
from encode.solver import BUDGET_NOTE

from .replay import OUT_OF_TIME


def _kv(pairs) -> str:
    return ", ".join(f"{n} = {v}" for n, v in pairs)


def _record(tag) -> str:
    return "(" + ", ".join(f"{f}={v}" for f, v in tag) + ")"


def _elem(name, coords) -> str:
    return f"{name}[{', '.join(map(str, coords))}]"


def _where(span) -> str:
    return f"{span.file}:{span.line}:{span.col}"


def _thread_line(f: Finding) -> str:
    parts = []
    if f.block:
        parts.append(f"block ({', '.join(map(str, f.block))})")
    if f.thread is not None:
        parts.append(f"thread {f.thread} (warp {f.warp}, lane {f.lane})")
    if f.iteration:
        parts.append("iteration " + _kv(f.iteration))
    return "  ".join(parts)


def _operand_line(op, rule: str) -> str:
    base = op.text.split("[")[0]
    label = "tag" if rule in ("TAG", "INIT") else "access"
    line = f"{op.text}  {label} {_record(op.tag)}" if op.tag else f"{op.text}  (no tag)"
    if op.sources:
        line += "  from " + ", ".join(_elem(*x) for x in op.sources)
    if len(op.sources) > 1:
        return line
    for h in op.hops:
        if h.storage == base or h.span is None:
            continue
        by = f" by thread {h.thread}" if h.thread is not None else ""
        line += f"  via {_elem(h.storage, h.coords)} written{by} at {_where(h.span)}"
        if h.loops:
            line += f" in iteration {_kv(h.loops)}"
    return line


def format_finding(f: Finding) -> str:
    sev = f.severity if not f.suppressed else "note"
    out = [f"{_where(f.span)}: {sev}[{f.rule}] {f.message}"]
    if f.cause is not None and f.unordered:
        out.append(f"  consequence of the finding at line {f.cause.line}: it leaves {f.unordered} ordering nothing")
    elif f.cause is not None:
        out.append(f"  consequence of the finding at line {f.cause.line}: its data flow from the tiles found wrong there")
    if f.suppressed:
        out.append(f"  suppressed: {f.suppressed}")
    who = _thread_line(f)
    if who:
        out.append("  " + who)
    if f.sizes:
        out.append("  sizes " + _kv(f.sizes) + ("  at " + _kv(f.indices) if f.indices else ""))
    elif f.indices:
        out.append("  at " + _kv(f.indices))
    if f.data:
        out.append("  inputs " + ", ".join(f"{t}[{', '.join(map(str, i)) if i else '*'}] = {v}" for t, i, v in f.data))
    for op in f.operands:
        out.append("  " + _operand_line(op, f.rule))
    shown = {h.span for op in f.operands for h in op.hops}
    for span, text in f.related:
        if span not in shown:
            out.append(f"  {_where(span)}: {text}")
    if f.hint:
        out.append(f"  hint: {f.hint}")
    if f.replay == OUT_OF_TIME:
        out.append(f"  note: {OUT_OF_TIME}: the budget ran out before the interpreter re-ran this witness")
    if f.replay.startswith("not reproduced: "):
        out.append(f"  note: the concrete interpreter did not reproduce this: {f.replay.removeprefix('not reproduced: ')}")
    return "\n".join(out)


def format_verdict(v: Verdict) -> str:
    lines = [format_finding(f) for f in v.findings]
    lines += [f"{_where(u.span)}: unknown[{u.rule}] {u.reason}" for u in v.unknowns]
    tail = {"proved": f"{v.file}: proved kernel '{v.kernel}' ({v.obligations} obligations, {v.queries} queries)",
            "violation": f"{v.file}: {sum(1 for f in v.findings if not f.suppressed and f.severity == 'error')} "
                         f"violation(s) in kernel '{v.kernel}'",
            "unknown": f"{v.file}: unknown: {_spent(v)}{len(v.unknowns)} obligation(s) of kernel '{v.kernel}' "
                       "undecided"}[v.status]
    return "\n".join(lines + [tail])


def _spent(v: Verdict) -> str:
    return "the time budget (--timeout) ran out; " if any(BUDGET_NOTE in u.reason for u in v.unknowns) else ""


def _span_json(span) -> dict:
    return {"file": span.file, "line": span.line, "col": span.col, "end_line": span.end_line, "end_col": span.end_col}


def finding_json(f: Finding) -> dict:
    return {
        "rule": f.rule, "severity": f.severity, **_span_json(f.span), "message": f.message,
        "sizes": dict(f.sizes), "block": list(f.block),
        "inputs": [{"tensor": t, "index": list(i) if i else None, "value": v} for t, i, v in f.data],
        "thread": None if f.thread is None else {"id": f.thread, "warp": f.warp, "lane": f.lane},
        "iteration": dict(f.iteration), "indices": dict(f.indices),
        "operands": [{"text": op.text, "tag": [[k, v] for k, v in op.tag],
                      "sources": [{"tensor": t, "coords": list(c)} for t, c in op.sources],
                      "hops": [{"storage": h.storage, "coords": list(h.coords),
                                **(_span_json(h.span) if h.span else {}), "iteration": dict(h.loops),
                                 **({"thread": h.thread} if h.thread is not None else {})}
                               for h in op.hops]} for op in f.operands],
        "hint": f.hint, "related": [{**_span_json(s), "message": t} for s, t in f.related],
        "suppressed": f.suppressed or None,
        "replayed": None if not f.replay else f.replay == "replayed",
        "replay": f.replay or None,
        **({"cause": _span_json(f.cause)} if f.cause is not None else {}),
    }


def verdict_json(v: Verdict) -> dict:
    return {"file": v.file, "kernel": v.kernel, "status": v.status, "obligations": v.obligations,
            "queries": v.queries, "findings": [finding_json(f) for f in v.findings],
            "unknowns": [{"rule": u.rule, **_span_json(u.span), "reason": u.reason} for u in v.unknowns],
            "diagnostics": []}


def bad_input_json(file: str, diags) -> dict:
    return {"file": file, "kernel": None, "status": "bad-input", "obligations": 0, "queries": 0,
            "findings": [], "unknowns": [], "diagnostics": [d.to_json() for d in diags]}


def dumps(results: list[dict]) -> str:
    return json.dumps({"version": 1, "results": results}, indent=2, sort_keys=True)
