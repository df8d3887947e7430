"""In-source suppressions: `# argus: allow RULE[, RULE...] -- reason` on a finding's line.

A suppressed finding keeps all its facts and carries the reason in `suppressed`; it no
longer makes the verdict fail. A comment without a reason suppresses nothing.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Iterable

from .findings import Finding, Verdict

ALLOW = re.compile(r"#\s*argus:\s*allow\s+(?P<rules>[A-Za-z]+(?:\s*,\s*[A-Za-z]+)*)\s*--\s*(?P<reason>\S.*?)\s*$")


def allowances(text: str) -> dict[int, tuple[frozenset[str], str]]:
    """Line number (1-based) -> (rules allowed there, the reason)."""
    out = {}
    for no, line in enumerate(text.splitlines(), start=1):
        m = ALLOW.search(line)
        if m:
            rules = frozenset(r.strip().upper() for r in m.group("rules").split(","))
            out[no] = (rules, m.group("reason"))
    return out


def suppress_findings(text: str, findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """The findings, with `suppressed` set on those whose line allows their rule."""
    allowed = allowances(text)
    out = []
    for f in findings:
        rules, reason = allowed.get(f.span.line, (frozenset(), ""))
        out.append(dataclasses.replace(f, suppressed=reason) if f.rule in rules and not f.suppressed else f)
    return tuple(out)


def apply_suppressions(verdict: Verdict, text: str) -> Verdict:
    """The verdict with its findings suppressed where the source says so."""
    return dataclasses.replace(verdict, findings=suppress_findings(text, verdict.findings))
