"""Reading kernel files (from disk or standard input) and checking them, without ever
raising on bad input."""
from __future__ import annotations

import os
import sys

from dsl.check import check_source
from dsl.diagnostics import Diagnostic, Span
from dsl.parser import MAX_BYTES

MAX_FILE_BYTES = MAX_BYTES


STDIN = "-"
STDIN_NAME = "<stdin>"


def display_name(path: str) -> str:
    """How reports name a file: `-` (standard input) is `<stdin>`."""
    return STDIN_NAME if path == STDIN else path


def read_source(path: str) -> tuple[str | None, list[Diagnostic]]:
    """(text, []) for a readable UTF-8 file (`-`: standard input), else (None, [a
    diagnostic saying why])."""
    span = Span(display_name(path), 1, 1, 1, 2)
    try:
        if path == STDIN:
            data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        elif os.path.isdir(path):
            return None, [Diagnostic("E001", "is a directory, not a kernel file", span,
                                     "pass the .dsl files, e.g. proofs/*.dsl")]
        else:
            with open(path, "rb") as fh:
                # Read one byte past the limit rather than trusting the size: /dev/zero has none.
                data = fh.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        return None, [Diagnostic("E001", "no such file", span)]
    except (OSError, ValueError) as err:
        return None, [Diagnostic("E001", f"cannot read: {getattr(err, 'strerror', None) or err}", span)]
    if len(data) > MAX_FILE_BYTES:
        return None, [Diagnostic("E005", f"file is larger than {MAX_FILE_BYTES} bytes", span,
                                 "a kernel file is a few hundred lines")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        col = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        return None, [Diagnostic("E001", f"not UTF-8 text (byte 0x{data[err.start]:02x})",
                                 Span(span.file, line, col, line, col + 1), "kernel files are UTF-8 text")]
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write is not content
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        return None, [Diagnostic("E001", "binary data (NUL byte) in a kernel file", Span(span.file, line, 1, line, 2))]
    return text, []


def load_kernel(path: str):
    """(kernel or None, diagnostics, text) for one file (`-`: standard input); never raises
    on bad input."""
    text, diags = read_source(path)
    if text is None:
        return None, diags, None
    result = check_source(text, display_name(path))
    return (result.kernel if result.ok else None), result.diagnostics, text
