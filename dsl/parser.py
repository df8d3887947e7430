"""Text → lark parse tree (the AST), with syntax errors turned into diagnostics.

The grammar is the data file grammar.lark; LALR with positions gives every node a span.
After a syntax error the parser resynchronises at the next statement (dsl/resync.py) so
that one run reports several independent syntax errors.
"""
from __future__ import annotations

import functools
import hashlib
import os
import pickle
import re
import sys
import tempfile
from importlib import resources
from pathlib import Path

import lark
from lark.indenter import Indenter

from . import resync
from .diagnostics import Diagnostic, Span

MAX_BYTES = 2_000_000
MAX_NESTING = 200          # brackets in the text, checked before parsing
MAX_DEPTH = 200            # levels of the parse tree (chains count one level per operand)
MAX_SYNTAX_ERRORS = 10
MAX_RESYNC_CHARS = 64_000   # each resynchronisation is a full parse; bound their cost
UNEXPECTED_INDENT = "unexpected indentation"
MISALIGNED = "unindent does not match any outer indentation level"


class IndentMismatch(lark.exceptions.LarkError):
    """A line dedents to a column that no enclosing block started at."""

    def __init__(self, line: int, width: int, levels: list[int]):
        super().__init__(f"dedent to column {width + 1}")
        self.line, self.width, self.levels = line, width, levels


class _KernelIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB", "LBRACE"]
    CLOSE_PAREN_types = ["RPAR", "RSQB", "RBRACE"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def handle_NL(self, token):
        # lark's own version raises a DedentError without a position; this one keeps the line.
        if self.paren_level > 0:
            return
        yield token
        indent_str = token.rsplit("\n", 1)[1]
        indent = indent_str.count(" ") + indent_str.count("\t") * self.tab_len
        levels = list(self.indent_level)
        if indent > self.indent_level[-1]:
            self.indent_level.append(indent)
            yield lark.Token.new_borrow_pos(self.INDENT_type, indent_str, token)
            return
        while indent < self.indent_level[-1]:
            self.indent_level.pop()
            yield lark.Token.new_borrow_pos(self.DEDENT_type, indent_str, token)
        if indent != self.indent_level[-1]:
            raise IndentMismatch(token.end_line, len(indent_str), levels)


@functools.cache
def _parser() -> lark.Lark:
    return load_parser(Path(os.path.expanduser("~")) / ".cache" / "argus")


def load_parser(cache: Path) -> lark.Lark:
    """The LALR parser, loaded from `cache` when tables for this exact grammar, lark and Python
    are there (building them took 0.17-0.32 s of every run; loading takes ~10 ms)."""
    text = resources.files("dsl").joinpath("grammar.lark").read_text(encoding="utf-8")
    key = hashlib.sha256("\0".join((text, lark.__version__, sys.version)).encode()).hexdigest()[:24]
    path = cache / f"grammar-{key}.lark"
    try:
        with open(path, "rb") as f:
            return _unit_rules_pass_through(lark.Lark.load(f))
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, KeyError, TypeError, ValueError):
        pass                          # missing, unreadable or damaged: build it and try to store it
    parser = lark.Lark(text, parser="lalr", postlex=_KernelIndenter(),
                       propagate_positions=True, maybe_placeholders=True)
    _store(parser, path)
    return _unit_rules_pass_through(parser)


def _unit_rules_pass_through(parser: lark.Lark) -> lark.Lark:
    """Hand a `?rule` reduced from a single child that child at once, as lark's builder does,
    without lark's position step: the child's span is already final (a non-empty one also
    has its container positions, set when it was built), so the step changes nothing. Most
    reductions are such (an operand climbing the precedence rules), and the step was ~40%
    of parsing. Rules with a child filter or without `?` keep lark's callbacks."""
    from lark.parse_tree_builder import ExpandSingleChild, PropagatePositions
    callbacks = getattr(getattr(getattr(parser.parser, "parser", None), "parser", None), "callbacks", None)
    if not isinstance(callbacks, dict):
        return parser
    for rule, cb in callbacks.items():
        if (type(cb) is PropagatePositions and cb.node_filter is None
                and type(cb.node_builder) is ExpandSingleChild):
            callbacks[rule] = _pass_single(cb)
    return parser


def _pass_single(cb):
    def callback(children):
        return children[0] if len(children) == 1 else cb(children)
    return callback


def _store(parser: lark.Lark, path: Path) -> None:
    """Write a private temporary file and rename it into place, so that concurrent runs never
    read a half-written cache; a read-only or missing home only costs the rebuild."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".grammar-", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as f:
            parser.save(f)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


# Human labels for the terminals that have no literal text of their own.
_TOKEN_WORDS = {
    "_NL": "end of line", "_INDENT": "an indented block", "_DEDENT": "end of block",
    "$END": "end of file", "NAME": "a name", "INT": "an integer", "FLOAT": "a number",
}
_OPERAND_STARTS = {"NAME", "INT", "FLOAT", "LPAR", "MINUS", "NOT", "TAG", "RANGE", "__ANON_4"}
_OPERATORS = {"PLUS", "MINUS", "STAR", "SLASH", "PERCENT", "AND", "OR", "DOT", "LESSTHAN",
              "MORETHAN", "CIRCUMFLEX", "__ANON_0", "__ANON_1", "__ANON_2", "__ANON_3"}


@functools.cache
def _literal_texts() -> dict[str, str]:
    """Terminal name → its literal text, for every string terminal of the grammar."""
    return {t.name: t.pattern.value for t in _parser().terminals
            if isinstance(t.pattern, lark.lexer.PatternStr)}


def describe_token(token_type: str) -> str:
    """'MINUS' → "'-'", '__ANON_0' → "'=='", '_NL' → 'end of line'."""
    if token_type in _TOKEN_WORDS:
        return _TOKEN_WORDS[token_type]
    literal = _literal_texts().get(token_type)
    return f"'{literal}'" if literal is not None else token_type.lower().strip("_")


def describe_expected(expected: set[str], in_brackets: bool) -> str:
    """A short, sorted, human list of what the parser would have accepted."""
    names = set(expected)
    if in_brackets:
        names.discard("_NL")  # newlines inside brackets are ignored, never expected
    words = []
    if "NAME" in names and "INT" in names:
        names -= _OPERAND_STARTS
        words.append("an expression")
    if len(names & _OPERATORS) >= 3:
        names -= _OPERATORS
        words.append("an operator")
    literal = sorted(describe_token(n) for n in names if n in _literal_texts())
    other = sorted(describe_token(n) for n in names if n not in _literal_texts())
    items = literal + sorted(words) + other
    if len(items) > 8:
        items = items[:7] + ["..."]
    return ", ".join(items[:-1]) + " or " + items[-1] if len(items) > 1 else "".join(items)


def span_of(meta, file: str) -> Span:
    if meta is None or getattr(meta, "empty", True):
        return Span(file, 1, 1, 1, 1)
    return Span(file, meta.line, meta.column, meta.end_line, meta.end_column)


def _token_span(tok, file: str, text: str) -> Span:
    if tok.type in ("_INDENT", "_DEDENT"):
        # These borrow the position of the newline before them; the culprit is the next line.
        line = tok.end_line or 1
        return Span(file, line, 1, line, max(2, tok.end_column or 1))
    line, col = tok.line or 1, tok.column or 1
    if tok.type == "_NL":
        # An end of line that starts with a comment: point just after the code instead.
        code = resync.code_part(text.split("\n")[line - 1]).rstrip()
        return Span(file, line, len(code) + 1, line, len(code) + 2)
    return Span(file, line, col, tok.end_line or line, max(col + 1, tok.end_column or col + 1))


def _end_of_text(text: str, file: str) -> Span:
    """Just after the last code in the file (comments and blank lines after it aside)."""
    lines = text.split("\n")
    last = max((no for no, line in enumerate(lines, 1) if resync.code_part(line).strip()), default=1)
    end = len(resync.code_part(lines[last - 1]).rstrip()) + 1
    return Span(file, last, end, last, end + 1)


def _acceptable(err: lark.exceptions.UnexpectedToken) -> set[str]:
    """The tokens that would really have let the parse go on.

    `err.expected` is the LALR state's lookahead set, which merged states inflate with
    tokens from other contexts; trying each one on a copy of the parser is exact.
    """
    try:
        return err.interactive_parser.accepts() or set(err.expected)
    except (lark.exceptions.LarkError, AttributeError):
        return set(err.expected)


def _unexpected_token(err: lark.exceptions.UnexpectedToken, file: str, text: str) -> Diagnostic:
    tok = err.token
    acceptable = _acceptable(err)
    open_at = resync.open_bracket_at(text, tok.line or 0, tok.column or 0)
    expected = describe_expected(acceptable, open_at is not None)
    if tok.type == "$END" or (tok.type == "_DEDENT" and not text[tok.end_pos:].strip()):
        still_open = resync.open_bracket_at(text, len(text) + 1, 0)
        hint = (f"the '{still_open[2]}' at {still_open[0]}:{still_open[1]} is not closed" if still_open
                else f"expected {expected}; a statement or block is incomplete")
        return Diagnostic("E003", "unexpected end of file", _end_of_text(text, file), hint)
    span = _token_span(tok, file, text)
    if tok.type == "_INDENT":
        return Diagnostic("E004", UNEXPECTED_INDENT, span,
                          "indent only the body of kernel, for and if; a body follows a line ending in ':'")
    if tok.type == "_DEDENT":
        return Diagnostic("E004", "the block ends too early", span, f"expected {expected}")
    if tok.type == "_NL" and acceptable == {"COLON"}:
        return Diagnostic("E002", "missing ':' at the end of the line", span,
                          "kernel, for, if and else lines end with ':'")
    if tok.column == 1 and tok.type != "_NL" and open_at is None:
        return _at_column_one(tok, span, text)
    unclosed = ""
    if open_at is not None and open_at[0] < (tok.line or 0):
        unclosed = f"; the '{open_at[2]}' at {open_at[0]}:{open_at[1]} is not closed"
    got = "end of line" if tok.type == "_NL" else f"'{tok}'"
    hint = _known_mistake(tok, acceptable, text) or f"expected {expected}{unclosed}"
    return Diagnostic("E002", f"unexpected {got}", span, hint)


def _at_column_one(tok, span: Span, text: str) -> Diagnostic:
    """Code at column 1 is either a broken kernel line or a statement outside the kernel."""
    if resync.first_code_line(text) == tok.line:
        return Diagnostic("E002", f"unexpected '{tok}'", span,
                          "a kernel file starts with `kernel name(A: f32[M, K], ...):`")
    return Diagnostic("E002", f"unexpected '{tok}' after the end of the kernel", span,
                      "indent the statements of the kernel body; a file holds one kernel")


_WORD_HINTS = {
    "elif": "there is no `elif`: write `else:` and an indented `if` under it",
    "while": "loops are `for i in range(lo, hi):` with integer bounds",
    "def": "a file holds one `kernel name(...):`, with no other functions",
    "return": "a kernel returns nothing; write results with `store`",
}


def _known_mistake(tok, acceptable: set[str], text: str) -> str | None:
    """A hint for mistakes people make coming from Python or CUDA, or None."""
    lines = text.split("\n")
    line = lines[tok.line - 1] if 0 < (tok.line or 0) <= len(lines) else ""
    words = line.split()
    if words and words[0] in _WORD_HINTS:
        return _WORD_HINTS[words[0]]
    if tok.type == "EQUAL" and "__ANON_0" in acceptable:
        return "to compare, write '=='"
    if words and words[0] == "for" and tok.type == "COMMA" and "range(" in line:
        return _range_step_hint(line)
    inner = re.search(r"[(,=+*/-]\s*(load|copy)\s*$", line[:(tok.column or 1) - 1])
    if inner is not None and not (words[1:2] == ["="] and words[2:3] == [inner.group(1)]):
        # new-user round 33: `cast(load X[...], f32)`
        return (f"`{inner.group(1)}` is a statement, not an expression: load into a tile first "
                f"(`t = load ...`), then use t")
    comma = line.rfind("],", 0, (tok.column or 1) - 1)
    if words and words[0] == "store" and comma >= 0:
        value = re.split(r"\s(?:masked|layout|swizzle)\b|#", line[comma + 2:])[0].strip()
        name = next((n for n in ("t", "t2", "t3") if not re.search(rf"\b{n}\b", value)), "result")
        return f"a store writes a named tile: compute it first (`{name} = {value}`), then `store ..., {name}`"
    return None


def _range_step_hint(line: str) -> str:
    m = re.search(r"range\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*,\s*([^,()]+?)\s*\)", line)
    if m is None:
        return "range takes a start and a stop, no step: loop over the count and multiply the index"
    lo, hi, step = m.groups()
    span = f"{hi} - {lo}" if lo != "0" else hi
    less = str(int(step) - 1) if step.isdigit() else f"{step} - 1"
    count = f"({span} + {less}) / {step}"      # the trip count, rounded up as range's is
    index = f"{lo} + t * {step}" if lo != "0" else f"t * {step}"
    return f"range takes a start and a stop, no step: loop over the count (`for t in range({count}):`) and index with `{index}`"


_CHAR_HINTS = {
    '"': "the language has no strings", "'": "the language has no strings",
    "&": "write `and`", "|": "write `or`", "!": "write `not` or `!=`", "@": "write mma(a, b, c)",
    "\r": "a lone carriage return; save the file with \\n line endings",
}


def _unexpected_char(err: lark.exceptions.UnexpectedCharacters, file: str, text: str) -> Diagnostic:
    ch = text[err.pos_in_stream] if 0 <= err.pos_in_stream < len(text) else "?"
    span = Span(file, err.line, err.column, err.line, err.column + 1)
    hint = _CHAR_HINTS.get(ch, "operators are Python's: + - * / % ^ == != < <= > >= and or not")
    return Diagnostic("E002", f"unexpected character {ch!r}", span, hint)


def _indent_mismatch(err: IndentMismatch, file: str) -> Diagnostic:
    cols = [str(level + 1) for level in err.levels]
    cols = ", ".join(cols[:-1]) + " or " + cols[-1] if len(cols) > 1 else cols[0]
    return Diagnostic("E004", MISALIGNED,
                      Span(file, err.line, 1, err.line, err.width + 1),
                      f"start the line at column {cols}")


def _parse_once(text: str, file: str) -> tuple[lark.Tree | None, Diagnostic | None]:
    try:
        return _parser().parse(text), None
    except lark.exceptions.UnexpectedToken as err:
        return None, _unexpected_token(err, file, text)
    except lark.exceptions.UnexpectedCharacters as err:
        return None, _unexpected_char(err, file, text)
    except IndentMismatch as err:
        return None, _indent_mismatch(err, file)
    except lark.exceptions.LarkError as err:  # any other parser complaint is still bad input
        return None, Diagnostic("E002", f"syntax error: {err}", Span(file, 1, 1, 1, 2))
    except RecursionError:
        return None, Diagnostic("E005", "input nests too deeply", Span(file, 1, 1, 1, 2))


def _later_errors(text: str, file: str, first: Diagnostic) -> list[Diagnostic]:
    """Errors after the first: blank the broken statement out, parse again, repeat."""
    found: list[Diagnostic] = []
    last = first
    lines = text.split("\n")
    while len(found) + 1 < MAX_SYNTAX_ERRORS and last.code in ("E002", "E004"):
        block = {UNEXPECTED_INDENT: "over-indented", MISALIGNED: "misaligned"}.get(last.message)
        lines = resync.skip_statement(lines, last.span.line, block)
        if lines is None:
            break
        _, diag = _parse_once("\n".join(lines), file)
        if diag is None or diag.span.line <= last.span.line:
            break  # clean, or no progress: what remains would be an echo of an earlier error
        found.append(diag)
        last = diag
    return found


def _too_deep(tree: lark.Tree, file: str) -> Diagnostic | None:
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            return Diagnostic("E005", f"the program nests more than {MAX_DEPTH} levels deep",
                              span_of(node.meta, file), "split the expression with constants or tiles")
        step = max(1, len(node.children) - 1) if node.data in ("and_chain", "or_chain") else 1
        # Leftmost child first, so that the report points at where the nesting starts.
        stack.extend((c, depth + step) for c in reversed(node.children) if isinstance(c, lark.Tree))
    return None


def parse_tree(text: str, file: str = "<input>") -> tuple[lark.Tree | None, list[Diagnostic]]:
    """Parse kernel source text; never raises on bad input."""
    if len(text) > MAX_BYTES:
        return None, [Diagnostic("E005", f"input is {len(text)} characters; the limit is {MAX_BYTES}",
                                 Span(file, 1, 1, 1, 2))]
    deep = resync.nesting_over(text, MAX_NESTING)
    if deep is not None:
        return None, [Diagnostic("E005", f"brackets nest deeper than {MAX_NESTING} levels",
                                 Span(file, deep[0], deep[1], deep[0], deep[1] + 1),
                                 "split the expression with constants")]
    if resync.first_code_line(text) is None:
        what = "empty file" if not text.strip() else "the file holds only comments"
        return None, [Diagnostic("E003", f"{what}: expected a kernel", Span(file, 1, 1, 1, 2),
                                 "a file holds one `kernel name(...):` definition")]
    if not text.endswith("\n"):
        text += "\n"
    tree, first = _parse_once(text, file)
    if first is not None:
        later = _later_errors(text, file, first) if len(text) <= MAX_RESYNC_CHARS else []
        return None, [first, *later]
    deep_tree = _too_deep(tree, file)
    return (None, [deep_tree]) if deep_tree else (tree, [])
