"""The kernel files the front-end tests read: shipped proofs, test kernels, goldens."""
from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "golden"
MARKER = re.compile(rb"#!\s*error\[(\w+)\]")


def shipped_kernels() -> list[Path]:
    """proofs/*.dsl and tests/kernels/**/*.dsl, whatever exists when the tests run."""
    found = sorted(REPO.glob("proofs/*.dsl")) + sorted(REPO.glob("tests/kernels/**/*.dsl"))
    return [p for p in found if p.is_file()]


def marker(path: Path) -> tuple[int, str] | None:
    """(line, code) of the first `#! error[CODE]` comment in a file, read as bytes."""
    for no, line in enumerate(path.read_bytes().split(b"\n"), 1):
        m = MARKER.search(line)
        if m:
            return no, m.group(1).decode("ascii")
    return None
