"""Run the fenced blocks of a Markdown page as a test (docs/TUTORIAL.md, docs/API.md).

    ```dsl file=NAME / ```python file=NAME   written to NAME in the working directory
    ```sh                                    one `argus` or `argus-verify` command, run in
                                             process; a trailing `# exit N` is its exit code
    ```python                                executed, all blocks of a page in one namespace
    ```text                                  right after a command or a python block: its
                                             output (stdout, then stderr); `...` within a line
                                             matches anything, a line of `...` any lines
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

FENCE = re.compile(r"^```(\S*)([^\n]*)\n(.*?)^```$", re.M | re.S)


@dataclass(frozen=True)
class Block:
    lang: str
    options: dict
    body: str
    line: int            # where the block starts in the page, for failure messages


def blocks(page: str) -> list[Block]:
    out = []
    for m in FENCE.finditer(page):
        opts = dict(kv.split("=", 1) for kv in m.group(2).split() if "=" in kv)
        out.append(Block(m.group(1), opts, m.group(3), page.count("\n", 0, m.start()) + 1))
    return out


def steps(page: str) -> list[tuple[Block, Block | None]]:
    """Each block to act on, with the `text` block that states its output (or None)."""
    bs = blocks(page)
    out = []
    for i, b in enumerate(bs):
        if b.lang == "text":
            continue
        after = bs[i + 1] if i + 1 < len(bs) and bs[i + 1].lang == "text" else None
        out.append((b, after))
    return out


def command(block: Block) -> tuple[list[str], int]:
    """(argv, expected exit code) of a one-command `sh` block."""
    lines = [x for x in block.body.splitlines() if x.strip()]
    assert len(lines) == 1, f"line {block.line}: one command per sh block"
    code = re.search(r"#\s*exit (\d+)\s*$", lines[0])
    return shlex.split(lines[0], comments=True), int(code.group(1)) if code else 0


def _pattern(expected: str) -> re.Pattern:
    parts = []
    for line in expected.splitlines():
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(r"[^\n]*".join(map(re.escape, line.split("..."))) + r"\n")
    return re.compile("".join(parts))


def matches(expected: str, actual: str) -> bool:
    return _pattern(expected).fullmatch(actual if actual.endswith("\n") or not actual else actual + "\n") is not None
