"""Front-end diagnostics as text (with the source line and a caret) and as JSON."""
from __future__ import annotations

import json

from dsl.diagnostics import Diagnostic


def source_line(text: str | None, line: int) -> str | None:
    if not text or line < 1:
        return None
    lines = text.splitlines()
    return lines[line - 1] if line <= len(lines) else None


def format_diagnostic(d: Diagnostic, text: str | None) -> str:
    out = [f"{d.span.file}:{d.span.line}:{d.span.col}: {d.severity.value}[{d.code}] {d.message}"]
    src = source_line(text, d.span.line)
    if src is not None:
        src = src.replace("\t", " ")
        width = (d.span.end_col - d.span.col) if d.span.end_line == d.span.line else len(src) - d.span.col + 1
        width = max(1, min(width, len(src) - d.span.col + 1))
        out.append(f"  {src}")
        out.append("  " + " " * (d.span.col - 1) + "^" * width)
    if d.hint:
        out.append(f"  hint: {d.hint}")
    return "\n".join(out)


def diagnostics_json(diags: list[Diagnostic]) -> str:
    return json.dumps([d.to_json() for d in diags], indent=2, sort_keys=True)
