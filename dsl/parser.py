"""Text → lark parse tree (the AST), with syntax errors turned into diagnostics.

The grammar is the data file grammar.lark; LALR with positions gives every node a span.
"""
from __future__ import annotations

import functools
from importlib import resources

import lark
from lark.indenter import Indenter

from .diagnostics import Diagnostic, Span

MAX_BYTES = 2_000_000
MAX_NESTING = 200


class _KernelIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB", "LBRACE"]
    CLOSE_PAREN_types = ["RPAR", "RSQB", "RBRACE"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8


@functools.cache
def _parser() -> lark.Lark:
    text = resources.files("dsl").joinpath("grammar.lark").read_text(encoding="utf-8")
    return lark.Lark(text, parser="lalr", postlex=_KernelIndenter(),
                     propagate_positions=True, maybe_placeholders=True)


# Human labels for tokens in syntax errors.
_TOKEN_WORDS = {
    "_NL": "end of line", "_INDENT": "an indented block", "_DEDENT": "end of block",
    "$END": "end of file", "NAME": "a name", "INT": "an integer", "FLOAT": "a number",
    "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "COLON": "':'",
    "COMMA": "','", "EQUAL": "'='", "LBRACE": "'{'", "RBRACE": "'}'",
}


def _describe(token_type: str) -> str:
    if token_type in _TOKEN_WORDS:
        return _TOKEN_WORDS[token_type]
    return f"'{token_type.lower()}'" if token_type.isupper() else token_type


def span_of(meta, file: str) -> Span:
    if meta is None or getattr(meta, "empty", True):
        return Span(file, 1, 1, 1, 1)
    return Span(file, meta.line, meta.column, meta.end_line, meta.end_column)


def _token_span(tok, file: str, text: str) -> Span:
    line = getattr(tok, "line", None)
    col = getattr(tok, "column", None)
    if line is None or col is None:
        last = text.count("\n") or 1
        return Span(file, last, 1, last, 1)
    end_col = getattr(tok, "end_column", None) or col + 1
    return Span(file, line, col, getattr(tok, "end_line", None) or line, end_col)


def _nesting_depth(text: str) -> int:
    depth = worst = 0
    for ch in text:
        if ch in "([{":
            depth += 1
            worst = max(worst, depth)
        elif ch in ")]}":
            depth -= 1
    return worst


def _syntax_diagnostic(err: lark.exceptions.UnexpectedInput, file: str, text: str) -> Diagnostic:
    if isinstance(err, lark.exceptions.UnexpectedCharacters):
        span = Span(file, err.line, err.column, err.line, err.column + 1)
        ch = text[err.pos_in_stream] if 0 <= err.pos_in_stream < len(text) else "?"
        return Diagnostic("E002", f"unexpected character {ch!r}", span,
                          "the language uses Python-like operators; see docs/DSL.md")
    if isinstance(err, lark.exceptions.UnexpectedToken):
        tok = err.token
        if tok.type == "$END":
            last = max(1, text.rstrip("\n").count("\n") + 1)
            return Diagnostic("E003", "unexpected end of file", Span(file, last, 1, last, 1),
                              "a statement or block is incomplete")
        expected = sorted(_describe(t) for t in err.expected if not t.startswith("__"))
        shown = ", ".join(expected[:6]) + (", ..." if len(expected) > 6 else "")
        span = _token_span(tok, file, text)
        if tok.type == "_INDENT":
            return Diagnostic("E004", "unexpected indentation", span,
                              "indent only the body of kernel, for and if")
        if tok.type == "_DEDENT":
            return Diagnostic("E004", "unexpected end of block", span,
                              f"expected {shown}")
        got = "end of line" if tok.type == "_NL" else repr(str(tok))
        return Diagnostic("E002", f"unexpected {got}", span, f"expected {shown}")
    return Diagnostic("E002", "syntax error", Span(file, 1, 1, 1, 1))


def parse_tree(text: str, file: str = "<input>") -> tuple[lark.Tree | None, list[Diagnostic]]:
    """Parse kernel source text; never raises on bad input."""
    if len(text) > MAX_BYTES:
        return None, [Diagnostic("E005", f"input is {len(text)} characters; the limit is {MAX_BYTES}",
                                 Span(file, 1, 1, 1, 1))]
    if _nesting_depth(text) > MAX_NESTING:
        return None, [Diagnostic("E005", f"brackets nest deeper than {MAX_NESTING} levels",
                                 Span(file, 1, 1, 1, 1), "split the expression with constants")]
    if not text.strip():
        return None, [Diagnostic("E003", "empty file: expected a kernel", Span(file, 1, 1, 1, 1),
                                 "a file holds one `kernel name(...):` definition")]
    if not text.endswith("\n"):
        text += "\n"
    try:
        return _parser().parse(text), []
    except lark.exceptions.UnexpectedInput as err:
        return None, [_syntax_diagnostic(err, file, text)]
    except lark.exceptions.LarkError as err:  # indentation errors from the postlexer
        return None, [Diagnostic("E004", _indent_message(err), _indent_span(err, file, text))]
    except RecursionError:
        return None, [Diagnostic("E005", "expression nests too deeply", Span(file, 1, 1, 1, 1))]


def _indent_message(err: Exception) -> str:
    return "dedent does not match any outer indentation level"


def _indent_span(err: Exception, file: str, text: str) -> Span:
    return Span(file, 1, 1, 1, 1)
