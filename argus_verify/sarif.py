"""Verdicts and front-end diagnostics as one SARIF 2.1.0 log, for editors and code scanning.

Every rule and front-end code is described in `tool.driver.rules` (from rulebook.py);
each result has a one-line message, the witness's details as related locations and,
in full, as the `witness` property (the `--json` record). The invocation says how the
run ended: exit 2, 3 and 4 come with notifications. Deterministic: no times, no
absolute paths of the machine unless a file lies outside the directory the tool ran in.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import PurePath
from urllib.parse import quote

from encode.findings import Finding, Verdict

from .replay import OUT_OF_TIME
from .report import _kv, _operand_line, _thread_line, finding_json
from .rulebook import RULE_DOCS
from .source import STDIN_NAME

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SRCROOT = "SRCROOT"
EXIT_MEANING = {0: "proved", 1: "a violation was found", 2: "bad input", 3: "unknown: some obligations undecided",
                4: "internal error"}
_RULE_INDEX = {d.id: i for i, d in enumerate(RULE_DOCS)}


@dataclass(frozen=True)
class Run:
    """What one `argus-verify --sarif` run concluded, as commands.verify collected it."""
    exit_code: int
    verdicts: tuple[Verdict, ...] = ()
    bad: tuple[tuple[str, tuple], ...] = ()              # (file, its front-end diagnostics)
    internal: tuple[tuple[str, str, str], ...] = ()      # (file, exception type, its message)
    config_errors: tuple[str, ...] = ()                  # e.g. an unknown --target
    root: str = field(default_factory=os.getcwd)         # artifact URIs are relative to it


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _artifact(file: str, root: str) -> dict:
    """A relative URI under SRCROOT for a file inside `root`; standard input has no URI."""
    if file == STDIN_NAME:
        return {"description": {"text": "standard input"}}
    path = PurePath(os.path.normpath(os.path.join(root, file)))
    try:
        rel = path.relative_to(os.path.normpath(root))
    except ValueError:          # outside the directory the tool ran in: an absolute file URI
        return {"uri": path.as_uri()}
    return {"uri": quote(rel.as_posix()), "uriBaseId": SRCROOT}


def _location(span, root: str, message: str | None = None, ident: int | None = None) -> dict:
    loc = {"physicalLocation": {"artifactLocation": _artifact(span.file, root),
                                "region": {"startLine": max(1, span.line), "startColumn": max(1, span.col),
                                           "endLine": max(1, span.end_line), "endColumn": max(1, span.end_col)}}}
    if message:
        loc["message"] = {"text": _one_line(message)}
    if ident is not None:
        loc["id"] = ident
    return loc


def _rule_ref(rule: str) -> dict:
    return {"ruleId": rule, **({"ruleIndex": _RULE_INDEX[rule]} if rule in _RULE_INDEX else {})}


def _descriptor(rule: str) -> dict:
    return {"id": rule, **({"index": _RULE_INDEX[rule]} if rule in _RULE_INDEX else {})}


def _details(f: Finding) -> list[tuple[object, str]]:
    """(span, text) for each detail of the witness: where it happens, then where its values came from."""
    here = [_thread_line(f)]
    if f.sizes or f.indices:
        here.append(" ".join(x for x in ("sizes " + _kv(f.sizes) if f.sizes else "",
                                          "at " + _kv(f.indices) if f.indices else "") if x))
    here += [_operand_line(op, f.rule) for op in f.operands]
    if f.hint:
        here.append(f"hint: {f.hint}")
    if f.replay == OUT_OF_TIME:
        here.append(f"note: {OUT_OF_TIME}: the budget ran out before the interpreter re-ran this witness")
    elif f.replay.startswith("not reproduced: "):
        here.append(f"note: the concrete interpreter did not reproduce this: {f.replay.removeprefix('not reproduced: ')}")
    out = [(f.span, t) for t in here if t]
    for op in f.operands:
        base = op.text.split("[")[0]
        for h in op.hops:
            if h.span is not None and h.storage != base:
                loops = f" in iteration {_kv(h.loops)}" if h.loops else ""
                out.append((h.span, f"{op.text} came from {h.storage}[{', '.join(map(str, h.coords))}] written here{loops}"))
    return out + list(f.related)


def _finding(f: Finding, root: str) -> dict:
    related = [_location(s, root, t, i) for i, (s, t) in enumerate(_details(f), start=1)]
    r = {**_rule_ref(f.rule), "level": "warning" if f.severity == "warning" else "error", "kind": "fail",
         "message": {"text": _one_line(f.message)},
         "locations": [_location(f.span, root)], "relatedLocations": related,
         "properties": {"witness": finding_json(f)}}
    if f.suppressed:
        r["suppressions"] = [{"kind": "inSource", "justification": f.suppressed}]
    return r


def _diagnostic(d, root: str) -> dict:
    r = {**_rule_ref(d.code), "level": d.severity.value, "kind": "fail", "message": {"text": _one_line(d.message)},
         "locations": [_location(d.span, root)]}
    if d.hint:
        r["relatedLocations"] = [_location(d.span, root, f"hint: {d.hint}", 1)]
    return r


def _results(run: Run) -> list[dict]:
    out = []
    for v in run.verdicts:
        out += [_finding(f, run.root) for f in v.findings]
        # "open": the tool could not decide; SARIF then wants level "none"
        out += [{**_rule_ref(u.rule), "kind": "open", "level": "none",
                 "message": {"text": _one_line(f"unknown: {u.reason}")}, "locations": [_location(u.span, run.root)]}
                for u in v.unknowns]
    for _, diags in run.bad:
        out += [_diagnostic(d, run.root) for d in diags]
    return out


def _notifications(run: Run) -> list[dict]:
    """Why the run ended with exit 2 (files not analysed), 3 (undecided) or 4 (internal error)."""
    out = []
    for file, diags in run.bad:
        first = diags[0]
        out.append({"level": "error", "associatedRule": _descriptor(first.code),
                    "message": {"text": _one_line(f"{file}: not analysed: {len(diags)} front-end error(s); the first: "
                                                  f"{first.code} {first.message}")},
                    "locations": [_location(first.span, run.root)]})
    for v in run.verdicts:
        if v.status == "unknown":
            u = v.unknowns[0]
            out.append({"level": "warning", "associatedRule": _descriptor(u.rule),
                        "message": {"text": _one_line(f"{v.file}: unknown: {len(v.unknowns)} obligation(s) of kernel "
                                                      f"'{v.kernel}' undecided; the first: {u.reason}")},
                        "locations": [_location(u.span, run.root)]})
    for file, kind, text in run.internal:
        out.append({"level": "error", "message": {"text": _one_line(f"{file}: internal error: {kind}: {text}")},
                    "exception": {"kind": kind, "message": _one_line(text)},
                    "locations": [{"physicalLocation": {"artifactLocation": _artifact(file, run.root)}}]})
    return out


def _rules() -> list[dict]:
    return [_rule(d) for d in RULE_DOCS]


def _rule(d) -> dict:
    link = d.help_uri or d.help_ref
    rule = {"id": d.id, "shortDescription": {"text": d.title}, "fullDescription": {"text": d.proves},
            "help": {"text": f"{d.proves} Typical causes: {d.causes} Usual fix: {d.fix} See {d.help_ref}.",
                     "markdown": f"{d.proves}\n\n**Typical causes:** {d.causes}\n\n**Usual fix:** {d.fix}\n\n"
                                 f"[{d.help_ref}]({link})"},
            "defaultConfiguration": {"level": d.level},
            "properties": {"tags": ["front-end" if d.id.startswith("E") else "verifier"]}}
    if d.help_uri:
        rule["helpUri"] = d.help_uri
    return rule


def sarif_log(run: Run, tool_version: str) -> str:
    invocation = {"executionSuccessful": run.exit_code in (0, 1, 3), "exitCode": run.exit_code,
                  "exitCodeDescription": EXIT_MEANING.get(run.exit_code, "exit code"),
                  "toolExecutionNotifications": _notifications(run),
                  "toolConfigurationNotifications": [{"level": "error", "message": {"text": _one_line(t)}}
                                                     for t in run.config_errors]}
    driver = {"name": "argus-verify", "fullName": "Argus kernel verifier", "version": tool_version,
              "rules": _rules()}
    doc = {"$schema": SCHEMA_URI, "version": "2.1.0",
           "runs": [{"tool": {"driver": driver}, "invocations": [invocation], "columnKind": "unicodeCodePoints",
                     "originalUriBaseIds": {SRCROOT: {"description": {
                         "text": "the directory argus-verify ran in (artifact URIs are relative to it)"}}},
                     "results": _results(run)}]}
    return json.dumps(doc, indent=2, sort_keys=True)
