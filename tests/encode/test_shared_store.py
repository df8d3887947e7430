"""`store` into shared memory: the tags it writes, the memory rules that see it as a
synchronous write, the interpreter's replay of its races, and the data-flow model's
early stop at a shared write that surely covers a read (`Dataflow.settles`)."""
from __future__ import annotations

import numpy as np
import pytest

from interp.interpreter import interpret
from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

HEAD = """kernel k(X: f32[R, 128], Y: f32[R, 64]):
    grid (R)
    threads 64
    tag X[r, c] = (row=r, col=c)
    s = shared f32[1, 128]
"""


def _kernel(body: str):
    result = check_source(HEAD + body, "t.dsl")
    assert result.ok, result.diagnostics
    return result.kernel


def _errors(verdict) -> set[tuple[int, str]]:
    return {(f.span.line, f.rule) for f in verdict.findings if f.severity == "error"}


LINE = len(HEAD.splitlines()) + 1       # the line of the first body statement


def test_stored_registers_carry_their_tags_through_shared_memory():
    verdict = verify_kernel(_kernel(
        "    x = load X[block.x : +1, 0 : +128]\n"
        "    store s[0 : +1, 0 : +128], x\n"
        "    barrier\n"
        "    y = load s[0 : +1, 64 : +64]\n"
        "    assert tag(y[0, j]).row == block.x and tag(y[0, j]).col == 64 + j\n"
        "    store Y[block.x : +1, 0 : +64], y\n"))
    assert verdict.status == "proved", (verdict.findings, verdict.unknowns)


def test_wrong_tag_through_a_store_is_caught():
    verdict = verify_kernel(_kernel(
        "    x = load X[block.x : +1, 0 : +128]\n"
        "    store s[0 : +1, 0 : +128], x\n"
        "    barrier\n"
        "    y = load s[0 : +1, 64 : +64]\n"
        "    assert tag(y[0, j]).col == j\n"
        "    store Y[block.x : +1, 0 : +64], y\n"), VerifyOptions(rules=("TAG",)))
    assert _errors(verdict) == {(LINE + 4, "TAG")}


def test_reading_another_threads_store_without_a_barrier_is_a_race():
    # Thread t stores s[t] and s[t + 64]; thread t then reads s[t + 1], stored by thread t + 1.
    verdict = verify_kernel(_kernel(
        "    x = load X[block.x : +1, 0 : +128]\n"
        "    store s[0 : +1, 0 : +128], x\n"
        "    y = load s[0 : +1, 1 : +64]\n"
        "    store Y[block.x : +1, 0 : +64], y\n"))
    assert _errors(verdict) == {(LINE + 2, "RACE")}


def test_storing_over_what_other_threads_read_is_a_war():
    verdict = verify_kernel(_kernel(
        "    copy s[0 : +1, 0 : +128], X[block.x : +1, 0 : +128]\n"
        "    barrier\n"
        "    y = load s[0 : +1, 1 : +64]\n"
        "    x = load X[block.x : +1, 0 : +128]\n"
        "    store s[0 : +1, 0 : +128], x\n"
        "    store Y[block.x : +1, 0 : +64], y\n"))
    assert _errors(verdict) == {(LINE + 4, "WAR")}


def test_a_barrier_orders_store_and_reads():
    verdict = verify_kernel(_kernel(
        "    copy s[0 : +1, 0 : +128], X[block.x : +1, 0 : +128]\n"
        "    barrier\n"
        "    y = load s[0 : +1, 1 : +64]\n"
        "    x = load X[block.x : +1, 0 : +128]\n"
        "    barrier\n"
        "    store s[0 : +1, 0 : +128], x\n"
        "    barrier\n"
        "    z = load s[0 : +1, 1 : +64]\n"
        "    w = y + z\n"
        "    store Y[block.x : +1, 0 : +64], w\n"))
    assert verdict.status == "proved", (verdict.findings, verdict.unknowns)


def test_a_store_past_the_buffer_is_out_of_bounds():
    verdict = verify_kernel(_kernel(
        "    x = load X[block.x : +1, 0 : +64]\n"
        "    for k in range(3):\n"
        "        store s[0 : +1, k * 64 : +64], x\n"
        "        barrier\n"
        "    store Y[block.x : +1, 0 : +64], x\n"), VerifyOptions(rules=("BOUND",)))
    assert _errors(verdict) == {(LINE + 2, "BOUND")}


def test_two_threads_storing_one_element_collide():
    # The layout gives element v of the tile to every thread: thread 0 and thread 1 both store s[0, 0].
    verdict = verify_kernel(_kernel(
        "    x = load X[block.x : +1, 0 : +128]\n"
        "    store s[0 : +1, 0 : +128], x layout (64, 2):(0, 1)\n"), VerifyOptions(rules=("RACE",)))
    assert _errors(verdict) == {(LINE + 1, "RACE")}


def test_unwritten_part_of_a_stored_buffer_is_uninitialised():
    verdict = verify_kernel(_kernel(
        "    x = load X[block.x : +1, 0 : +64]\n"
        "    store s[0 : +1, 0 : +64], x\n"
        "    barrier\n"
        "    y = load s[0 : +1, 32 : +64]\n"
        "    store Y[block.x : +1, 0 : +64], y\n"), VerifyOptions(rules=("INIT",)))
    assert _errors(verdict) == {(LINE + 3, "INIT")}


@pytest.mark.parametrize("want", ["j", "64 + j"])
def test_a_conditional_store_does_not_hide_the_older_write(want):
    # Block 0 overwrites columns 0..63 with 64..127; every other block keeps the copy. A read
    # must see both possibilities, so each assertion fails in some block.
    verdict = verify_kernel(_kernel(
        "    copy s[0 : +1, 0 : +128], X[block.x : +1, 0 : +128]\n"
        "    x = load X[block.x : +1, 64 : +64]\n"
        "    barrier\n"
        "    if block.x == 0:\n"
        "        store s[0 : +1, 0 : +64], x\n"
        "    barrier\n"
        "    y = load s[0 : +1, 0 : +64]\n"
        f"    assert tag(y[0, j]).col == {want}\n"
        "    store Y[block.x : +1, 0 : +64], y\n"), VerifyOptions(rules=("TAG",)))
    assert _errors(verdict) == {(LINE + 7, "TAG")}


def test_a_later_store_settles_the_read_and_an_unconditional_one_hides_the_copy():
    verdict = verify_kernel(_kernel(
        "    copy s[0 : +1, 0 : +128], X[block.x : +1, 0 : +128]\n"
        "    x = load X[block.x : +1, 64 : +64]\n"
        "    barrier\n"
        "    store s[0 : +1, 0 : +64], x\n"
        "    barrier\n"
        "    y = load s[0 : +1, 0 : +64]\n"
        "    assert tag(y[0, j]).col == 64 + j\n"
        "    store Y[block.x : +1, 0 : +64], y\n"))
    assert verdict.status == "proved", (verdict.findings, verdict.unknowns)


def test_an_assertion_subscript_that_may_leave_the_tile_is_undecided():
    verdict = verify_kernel(_kernel(
        "    y = load X[block.x : +1, 0 : +64]\n"
        "    for k in range(2):\n"
        "        assert tag(y[k, 0]).col == 0\n"
        "    store Y[block.x : +1, 0 : +64], y\n"), VerifyOptions(rules=("TAG",)))
    assert verdict.status == "unknown"
    assert "outside the tile" in verdict.unknowns[0].reason


def test_the_interpreter_sees_the_race_of_a_store():
    kernel = _kernel(
        "    x = load X[block.x : +1, 0 : +128]\n"
        "    store s[0 : +1, 0 : +128], x\n"
        "    y = load s[0 : +1, 1 : +64]\n"
        "    store Y[block.x : +1, 0 : +64], y\n")
    x = np.arange(128, dtype=np.float32).reshape(1, 128)
    res = interpret(kernel, {"R": 1}, {"X": x})
    assert {(v.rule, v.line) for v in res.violations} == {("RACE", LINE + 2)}
    assert np.array_equal(res.outputs["Y"][0], x[0, 1:65])
