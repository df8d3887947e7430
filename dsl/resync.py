"""Line-level facts about kernel text that the parser needs around syntax errors.

Bracket depth (the language has no strings, so only comments need skipping), and the
rewrite that skips a broken statement so that parsing can resume at the next one.
"""
from __future__ import annotations

_OPEN, _CLOSE = "([{", ")]}"


def _brackets(text: str):
    """Yield (line, col, char, depth after it) for every bracket outside comments."""
    depth, line, col, in_comment = 0, 1, 0, False
    for ch in text:
        col += 1
        if ch == "\n":
            line, col, in_comment = line + 1, 0, False
        elif in_comment:
            continue
        elif ch == "#":
            in_comment = True
        elif ch in _OPEN:
            depth += 1
            yield line, col, ch, depth
        elif ch in _CLOSE:
            depth = max(0, depth - 1)
            yield line, col, ch, depth


def nesting_over(text: str, limit: int) -> tuple[int, int] | None:
    """Where brackets first nest deeper than `limit`, as (line, col); None if they never do."""
    for line, col, _, depth in _brackets(text):
        if depth > limit:
            return line, col
    return None


def open_bracket_at(text: str, line: int, col: int) -> tuple[int, int, str] | None:
    """The innermost bracket still open just before (line, col), as (line, col, char)."""
    stack: list[tuple[int, int, str]] = []
    for bl, bc, ch, _ in _brackets(text):
        if (bl, bc) >= (line, col):
            break
        if ch in _OPEN:
            stack.append((bl, bc, ch))
        elif stack:
            stack.pop()
    return stack[-1] if stack else None


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


def _significant(line: str) -> bool:
    return bool(code_part(line).strip())


def code_part(line: str) -> str:
    """A line without its comment."""
    return line.split("#", 1)[0]


def first_code_line(text: str) -> int | None:
    """1-based number of the first line that holds code (not blank, not only a comment)."""
    return next((no for no, line in enumerate(text.split("\n"), 1) if _significant(line)), None)


def _next_significant(lines: list[str], after: int) -> int | None:
    return next((i for i in range(after + 1, len(lines)) if _significant(lines[i])), None)


def _depth_at_line_ends(lines: list[str], start: int, stop: int) -> list[int]:
    """Bracket depth at the end of each line in [start, stop), counting from `start`."""
    depths = [0] * (stop - start)
    for line, _, _, depth in _brackets("\n".join(lines[start:stop])):
        depths[line - 1] = depth
    for i in range(1, len(depths)):  # a line without brackets keeps the depth before it
        if not any(ch in _OPEN + _CLOSE for ch in code_part(lines[start + i])):
            depths[i] = depths[i - 1]
    return depths


def _statement_start(lines: list[str], idx: int) -> int:
    """Walk back over continuation lines (open brackets, trailing backslash) to the first."""
    opened = _depth_at_line_ends(lines, 0, idx)
    start = idx
    while start > 0 and (opened[start - 1] > 0 or lines[start - 1].rstrip().endswith("\\")):
        start -= 1
    return start


def _placeholder(lines: list[str], start: int, end: int) -> str:
    """A statement that parses in place of lines [start, end] and keeps the block structure."""
    first = next((i for i in range(len(lines)) if _significant(lines[i])), start)
    following = _next_significant(lines, end)
    indent = _indent(lines[start])
    opens_block = following is not None and _width(lines[following]) > _width(lines[start])
    if not indent:
        if start == first:
            return "kernel _():" if opens_block else ""
        # Code at column 1 after the kernel line: treat it as a statement of the last block.
        before = [i for i in range(start) if _significant(lines[i])]
        indent = _indent(lines[before[-1]]) if before else ""
        opens_block = following is not None and _width(lines[following]) > _width(indent)
    return indent + ("if 0:" if opens_block else "barrier")


def _width(line: str) -> int:
    """Indentation as the parser counts it: a tab is 8 columns."""
    lead = _indent(line)
    return lead.count(" ") + 8 * lead.count("\t")


def _open_levels(lines: list[str], idx: int) -> list[int]:
    """The indentation levels of the blocks still open where line `idx` starts."""
    levels = [0]
    depths = _depth_at_line_ends(lines, 0, idx)
    for i in range(idx):
        continued = i > 0 and (depths[i - 1] > 0 or lines[i - 1].rstrip().endswith("\\"))
        if not _significant(lines[i]) or continued:
            continue
        width = _width(lines[i])
        while width < levels[-1]:
            levels.pop()
        if width > levels[-1]:
            levels.append(width)
    return levels


def skip_statement(lines: list[str], line_no: int, block: str | None = None) -> list[str] | None:
    """A copy of `lines` with the statement around line `line_no` (1-based) made harmless.

    `block` is "over-indented" (the line and those as deep after it are dropped) or
    "misaligned" (the line matches no open block: it moves to the nearest one).
    """
    idx = line_no - 1
    if not 0 <= idx < len(lines):
        return None
    out = list(lines)
    if block == "misaligned":
        width = _width(lines[idx])
        nearest = min(_open_levels(lines, idx), key=lambda level: (abs(level - width), -level))
        out[idx] = " " * nearest + lines[idx].lstrip(" \t")
        return out
    if block == "over-indented":
        width, i = _width(lines[idx]), idx
        while i < len(lines) and (not _significant(lines[i]) or _width(lines[i]) >= width):
            out[i] = ""
            i += 1
        return out
    start = _statement_start(lines, idx)
    end = idx
    depths = _depth_at_line_ends(lines, start, len(lines))
    width = _width(lines[start])
    while end + 1 < len(lines) and depths[end - start] > 0 and _width(lines[end + 1]) > width:
        end += 1
    placeholder = _placeholder(lines, start, end)
    for i in range(start, end + 1):
        out[i] = ""
    out[start] = placeholder
    return out
