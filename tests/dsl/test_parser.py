"""Syntax errors: human token names, exact positions, several errors per file, limits."""
from __future__ import annotations

import re

import pytest

from dsl import parser
from dsl.check import check_source
from dsl.parser import MAX_DEPTH, MAX_NESTING, MAX_SYNTAX_ERRORS, describe_token, parse_tree

KERNEL = "kernel k(A: f32[M, K]):\n"


def diags(text: str):
    return check_source(text, "t.dsl").diagnostics


def only(text: str):
    found = diags(text)
    assert len(found) == 1, found
    return found[0]


def test_every_grammar_terminal_has_a_human_name():
    lark_parser = parser._parser()
    ignored = set(lark_parser.lexer_conf.ignore)    # also set on tables loaded from the cache
    for term in lark_parser.terminals:
        if term.name in ignored:
            continue  # whitespace and comments never reach the parser
        word = describe_token(term.name)
        assert "__" not in word and "anon" not in word.lower(), (term.name, word)
        assert word != term.name.lower(), (term.name, word)


@pytest.mark.parametrize("name, word", [
    ("MINUS", "'-'"), ("PLUS", "'+'"), ("STAR", "'*'"), ("SLASH", "'/'"), ("PERCENT", "'%'"),
    ("COLON", "':'"), ("DOT", "'.'"), ("EQUAL", "'='"), ("__ANON_0", "'=='"), ("__ANON_4", "'??'"),
    ("FOR", "'for'"), ("_NL", "end of line"), ("$END", "end of file"), ("NAME", "a name"),
])
def test_token_names_read_as_the_text_they_stand_for(name, word):
    assert describe_token(name) == word


RAW_TOKEN_NAMES = re.compile(r"\b(minus|plus|star|slash|percent|colon|dot|equal|lpar|rpar|lsqb|rsqb)\b|__ANON|_NL|_INDENT")


@pytest.mark.parametrize("line", [
    "grid (M - )", "x = A[1:2:3]", "acc = mma(a, b acc)", "assume M = 3", "grid 1 2",
    "x = 1 +", "copy t, s[0]", "tag A[i] = (row=)", "x = load A[0:+1] layout",
])
def test_syntax_errors_never_show_grammar_names(line):
    d = only(f"{KERNEL}    {line}\n")
    assert d.code == "E002"
    assert not RAW_TOKEN_NAMES.search(d.message + " " + d.hint), (d.message, d.hint)


def test_an_unexpected_token_is_pointed_at_exactly():
    d = only(f"{KERNEL}    grid (M - )\n")
    assert (d.span.line, d.span.col, d.span.end_col) == (2, 15, 16)
    assert d.message == "unexpected ')'" and d.hint == "expected an expression"


def test_expected_tokens_are_the_ones_that_really_fit():
    d = only(f"{KERNEL}    acc = mma(a, b acc)\n")
    assert d.message == "unexpected 'acc'" and d.hint == "expected ','"


def test_missing_colon_is_pointed_at_after_the_code_not_at_a_comment():
    d = only(f"{KERNEL}    for k in range(K)   # loop\n        barrier\n")
    assert d.message == "missing ':' at the end of the line" and (d.span.line, d.span.col) == (2, 22)


def test_unclosed_bracket_is_named_where_it_opened():
    d = diags(f"{KERNEL}    x = foo(a, b\n    barrier\n")[0]
    assert d.span.line == 3 and "'(' at 2:12 is not closed" in d.hint


def test_unclosed_bracket_at_end_of_file():
    d = only(f"{KERNEL}    grid (1,\n")
    assert d.code == "E003" and d.hint == "the '(' at 2:10 is not closed"


def test_indentation_mismatch_reports_the_offending_line():
    d = only(f"{KERNEL}    grid 1\n    if 1:\n        barrier\n   threads 2\n")
    assert d.code == "E004" and d.span.line == 5 and (d.span.col, d.span.end_col) == (1, 4)
    assert d.hint == "start the line at column 1, 5 or 9"


def test_unexpected_indentation_reports_the_indented_line():
    d = only(f"{KERNEL}    grid 1\n        threads 2\n")
    assert (d.code, d.message, d.span.line) == ("E004", "unexpected indentation", 3)


def test_unexpected_end_of_file_points_after_the_last_code():
    d = only(KERNEL.rstrip("\n") + "  # no body\n# nor here\n")
    assert (d.code, d.span.line, d.span.col) == ("E003", 1, len(KERNEL))
    assert "an indented block" in d.hint


def test_empty_and_comment_only_files():
    assert only("").code == "E003"
    assert only("   \n\n").message == "empty file: expected a kernel"
    assert only("# nothing but a comment\n").message == "the file holds only comments: expected a kernel"


def test_several_syntax_errors_in_one_file():
    text = (f"{KERNEL}    grid (M - )\n    threads 32\n    for k in range(K)\n        barrier\n"
            "    acc = mma(a, b acc)\n    commit\n")
    found = diags(text)
    assert [(d.code, d.span.line) for d in found] == [("E002", 2), ("E002", 4), ("E002", 6)]
    assert found[0] == only(f"{KERNEL}    grid (M - )\n")  # the first report is the one alone


def test_resynchronising_after_a_broken_kernel_line_and_block_opener():
    text = "kernal k(A: f32[M]):\n    grid 1\n    if x == :\n        barrier\n    x = = 2\n"
    assert [d.span.line for d in diags(text)] == [1, 3, 5]


def test_an_over_indented_block_is_one_error():
    text = f"{KERNEL}    grid 1\n        threads 2\n        barrier\n        commit\n    x = = 1\n"
    assert [(d.code, d.span.line) for d in diags(text)] == [("E004", 3), ("E002", 6)]


def test_syntax_errors_are_capped():
    text = KERNEL + "".join(f"    x{i} = = {i}\n" for i in range(3 * MAX_SYNTAX_ERRORS))
    assert len(diags(text)) == MAX_SYNTAX_ERRORS


@pytest.mark.parametrize("word, hint", [
    ("elif 1:", "there is no `elif`"), ("while 1:", "loops are `for"), ("assume M = 1", "write '=='"),
])
def test_hints_for_habits_from_other_languages(word, hint):
    assert hint in only(f"{KERNEL}    {word}\n        barrier\n").hint


def test_unexpected_character():
    d = only(f"{KERNEL}    acc = a @ b\n")
    assert d.message == "unexpected character '@'" and d.span.col == 13 and "mma" in d.hint


def test_brackets_nested_too_deep_are_refused_before_parsing():
    d = only(f"{KERNEL}    grid {'(' * (MAX_NESTING + 1)}1{')' * (MAX_NESTING + 1)}\n")
    assert d.code == "E005" and d.span.line == 2


@pytest.mark.parametrize("expr", ["-" * (MAX_DEPTH + 5) + "1", " + ".join(["1"] * (MAX_DEPTH + 5)),
                                  " and ".join(["M > 0"] * (MAX_DEPTH + 5)), "not " * (MAX_DEPTH + 5) + "M"])
def test_expressions_nested_too_deep_are_refused(expr):
    d = only(f"{KERNEL}    assume {expr}\n")
    assert d.code == "E005" and d.span.line == 2


def test_a_deep_but_legal_expression_is_accepted():
    tree, found = parse_tree(f"{KERNEL}    grid {' + '.join(['1'] * 50)}\n    threads 1\n    barrier\n")
    assert tree is not None and found == []


def test_crlf_line_endings_parse():
    assert check_source("kernel k(A: f32[M]):\r\n    grid 1\r\n    threads 1\r\n    barrier\r\n").ok


def test_a_misaligned_line_goes_with_its_body_and_parsing_resumes():
    text = f"{KERNEL}    grid 1\n    if 1:\n        barrier\n   else:\n        commit\n    x = = 1\n"
    assert [(d.code, d.span.line) for d in diags(text)] == [("E004", 5), ("E002", 7)]
