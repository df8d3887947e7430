"""Front-end diagnostics as text (with the source line and a caret) and as JSON.

    FILE:LINE:COL: error[CODE] message
      <the source line>
      ^^^^ under the span
      hint: what to do about it
"""
from __future__ import annotations

import json

from dsl.diagnostics import Diagnostic

MAX_SHOWN = 120   # a longer source line is cut to a window around the span


def source_line(text: str | None, line: int) -> str | None:
    if not text or line < 1:
        return None
    lines = text.splitlines()
    return lines[line - 1] if line <= len(lines) else None


def _printable(src: str) -> str:
    # One character for one, so that the caret stays under the same column lark counted.
    return "".join(" " if c == "\t" else c if c.isprintable() else "?" for c in src)


def _window(src: str, col: int, width: int) -> tuple[str, int]:
    """Cut a long line to MAX_SHOWN characters around the span; returns (text, new col)."""
    if len(src) <= MAX_SHOWN:
        return src, col
    start = max(0, min(col - 1 - MAX_SHOWN // 3, len(src) - MAX_SHOWN))
    cut = src[start:start + MAX_SHOWN]
    prefix = "..." if start > 0 else ""
    suffix = "..." if start + MAX_SHOWN < len(src) else ""
    return prefix + cut + suffix, col - start + len(prefix)


def format_diagnostic(d: Diagnostic, text: str | None) -> str:
    sp = d.span
    out = [f"{sp.file}:{sp.line}:{sp.col}: {d.severity.value}[{d.code}] {d.message}"]
    src = source_line(text, sp.line)
    if src is not None:
        width = (sp.end_col - sp.col) if sp.end_line == sp.line else len(src) - sp.col + 1
        shown, col = _window(_printable(src), sp.col, width)
        width = max(1, min(width, len(shown) - col + 1, MAX_SHOWN))
        out.append(f"  {shown}")
        out.append("  " + " " * (col - 1) + "^" * width)
    if d.hint:
        out.append(f"  hint: {d.hint}")
    return "\n".join(out)


def diagnostics_json(diags: list[Diagnostic]) -> str:
    return json.dumps([d.to_json() for d in diags], indent=2, sort_keys=True)
