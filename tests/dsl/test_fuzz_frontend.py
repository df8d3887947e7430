"""Mutated kernels: the front end answers every input with diagnostics or a kernel, never a crash."""
from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from argus_verify.render import format_diagnostic
from corpus import shipped_kernels
from dsl.check import MAX_ERRORS, check_source
from dsl.diagnostics import CODES
from dsl.fmt import format_kernel
from dsl.parser import MAX_SYNTAX_ERRORS

BASES = [p.read_text(encoding="utf-8") for p in shipped_kernels()
         if check_source(p.read_text(encoding="utf-8")).ok]
TOKEN = re.compile(r"\w+|\S")
DSL_CHARS = "()[]{}:,.+-*/%=<>!?#@\"'\\ \t\n\r\x00" + "abkxyzMNK0123456789" + "é∑\u200b"


@st.composite
def mutated(draw) -> str:
    text = draw(st.sampled_from(BASES))
    for _ in range(draw(st.integers(1, 3))):
        text = draw(st.sampled_from([_delete, _duplicate, _swap_tokens, _swap_chars, _insert, _truncate]))(draw, text)
    return text


def _span(draw, text: str, longest: int = 24) -> tuple[int, int]:
    start = draw(st.integers(0, max(0, len(text) - 1)))
    return start, min(len(text), start + draw(st.integers(1, longest)))


def _delete(draw, text):
    i, j = _span(draw, text)
    return text[:i] + text[j:]


def _duplicate(draw, text):
    i, j = _span(draw, text, 80)
    at = draw(st.integers(0, len(text)))
    return text[:at] + text[i:j] + text[at:]


def _swap_tokens(draw, text):
    tokens = list(TOKEN.finditer(text))
    if len(tokens) < 2:
        return text
    a, b = sorted(draw(st.lists(st.integers(0, len(tokens) - 1), min_size=2, max_size=2)))
    if a == b:
        return text
    ta, tb = tokens[a], tokens[b]
    return text[:ta.start()] + tb.group() + text[ta.end():tb.start()] + ta.group() + text[tb.end():]


def _swap_chars(draw, text):
    if len(text) < 2:
        return text
    i, j = sorted(draw(st.lists(st.integers(0, len(text) - 1), min_size=2, max_size=2)))
    return text[:i] + text[j] + text[i + 1:j] + text[i] + text[j + 1:] if i < j else text


def _insert(draw, text):
    at = draw(st.integers(0, len(text)))
    junk = draw(st.text(st.sampled_from(DSL_CHARS), min_size=1, max_size=6) | st.text(min_size=1, max_size=3))
    return text[:at] + junk + text[at:]


def _truncate(draw, text):
    return text[:draw(st.integers(0, len(text)))]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_kernels_get_diagnostics_or_check(text):
    result = check_source(text, "fuzz.dsl")
    if result.ok:
        assert result.kernel is not None
        again = check_source(format_kernel(result.kernel), "fuzz.dsl")
        assert again.ok and again.kernel == result.kernel
        return
    assert result.diagnostics and len(result.diagnostics) <= max(MAX_ERRORS, MAX_SYNTAX_ERRORS)
    lines = text.count("\n") + 2
    for d in result.diagnostics:
        assert d.code in CODES and d.message
        assert d.span.file == "fuzz.dsl" and 1 <= d.span.line <= lines and d.span.col >= 1
        report = format_diagnostic(d, text)
        assert report.startswith(f"fuzz.dsl:{d.span.line}:{d.span.col}: error[{d.code}] ")


def test_there_are_kernels_to_mutate():
    assert BASES
