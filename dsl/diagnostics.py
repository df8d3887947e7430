"""Source spans, diagnostics and the registry of stable diagnostic codes.

Codes never get renamed; new ones are appended. docs/DSL.md lists them all.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Span:
    file: str
    line: int
    col: int
    end_line: int
    end_col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


NO_SPAN = Span("<none>", 0, 0, 0, 0)


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


# code → one-line meaning; the order is the order of docs/DSL.md.
CODES: dict[str, str] = {
    "E001": "cannot read the input file",
    "E002": "syntax error",
    "E003": "unexpected end of file",
    "E004": "inconsistent indentation",
    "E005": "input too large or too deeply nested",
    "E010": "undefined name",
    "E011": "duplicate definition",
    "E012": "unknown dtype",
    "E013": "dtype mismatch",
    "E014": "rank mismatch",
    "E015": "tile extent mismatch",
    "E016": "assignment to a kernel input",
    "E017": "constant is not a compile-time integer",
    "E018": "layout size does not match the tile",
    "E019": "loop bound is not an integer expression",
    "E020": "hole `??` where none may stand",
    "E021": "wrong kind of value",
    "E022": "missing launch geometry",
    "E023": "invalid tag declaration",
    "E024": "invalid assertion",
    "E025": "invalid layout or swizzle",
    "E026": "unknown function or attribute",
    "E027": "statement not allowed here",
    "E028": "invalid shape",
    "E029": "wrong number of arguments",
    "E030": "division by zero in a constant expression",
    "E031": "assumptions that no sizes satisfy",
    "E032": "a value beyond the limits of the tools",
    "E035": "invalid mask",
    "E040": "wgmma not supported as written",
    "E041": "wgmma left pending",
    "E044": "invalid register split (setmaxnreg)",
    "E090": "operation not defined on this dtype",
}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    message: str
    span: Span
    hint: str = ""
    severity: Severity = Severity.ERROR
    related: tuple = field(default=())

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unregistered diagnostic code {self.code}")

    def to_json(self) -> dict:
        return {
            "file": self.span.file,
            "line": self.span.line,
            "col": self.span.col,
            "end_line": self.span.end_line,
            "end_col": self.span.end_col,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
        }


def sort_key(d: Diagnostic) -> tuple:
    return (d.span.file, d.span.line, d.span.col, d.code, d.message)


def plural(n: int, noun: str) -> str:
    """'1 subscript', '2 subscripts': counts in messages read as English."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
