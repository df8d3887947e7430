"""Reading kernel files from disk without ever raising on bad input."""
from __future__ import annotations

import os

from dsl.diagnostics import Diagnostic, Span

MAX_FILE_BYTES = 2_000_000


def read_source(path: str) -> tuple[str | None, list[Diagnostic]]:
    span = Span(path, 1, 1, 1, 1)
    if os.path.isdir(path):
        return None, [Diagnostic("E001", "is a directory, not a kernel file", span)]
    try:
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES:
            return None, [Diagnostic("E005", f"file is {size} bytes; the limit is {MAX_FILE_BYTES}", span)]
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        return None, [Diagnostic("E001", "no such file", span)]
    except OSError as err:
        return None, [Diagnostic("E001", f"cannot read: {err.strerror or err}", span)]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        col = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        return None, [Diagnostic("E001", f"not UTF-8 text (byte 0x{data[err.start]:02x})",
                                 Span(path, line, col, line, col + 1), "kernel files are UTF-8 text")]
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        return None, [Diagnostic("E001", "binary data (NUL byte) in a kernel file", Span(path, line, 1, line, 1))]
    return text, []
