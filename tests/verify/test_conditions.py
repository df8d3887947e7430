"""Kernels under thread- and iteration-dependent conditions get a verdict (issue 17,
classes 2 and 3): each correct kernel here proves and its lowering matches its NumPy
reference on the CUDA simulator; the buggy siblings live in tests/kernels/bad
(init_branch_missing_else, init_tail_half_staged, cover_tail_guard_short,
cover_store_last_iteration_never, async_pipeline_no_drain, async_commit_window_short,
tag_branch_last_thread_wrong_source), caught and replayed by tests/encode/test_rules_kernels.py
and tests/verify/test_tag_kernels.py; here their witnesses are replayed on the concrete
interpreter as well."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

HERE = Path(__file__).resolve().parent / "kernels"

CASES = [
    ("branch_store", [{"N": 512}]),                       # per-thread branch into shared memory
    ("tail_copy", [{"N": 300}]),                          # guarded partial copy and store, a tail block
    ("rowsum_pipelined_drain", [{"R": 8, "C": 256}]),     # commit under the prefetch's condition
    ("rowsum_store_last", [{"R": 8, "C": 256}]),          # store under a condition on the loop variable
]


def _kernel(name: str):
    path = HERE / f"{name}.dsl"
    result = check_source(path.read_text(), str(path))
    assert result.ok, [str(d) for d in result.diagnostics]
    return path, result.kernel


@pytest.mark.parametrize("name,sizes", CASES, ids=[c[0] for c in CASES])
def test_proves_and_lowers(name, sizes):
    from codegen_cuda.differential import check_lowering
    path, kernel = _kernel(name)
    v = verify_kernel(kernel, VerifyOptions())
    assert v.status == "proved", (v.findings, v.unknowns)
    assert check_lowering(kernel, path.read_text(), path.with_suffix(".ref.py"), sizes, seeds=(0,)).verdict == "ok"


BAD = ["init_branch_missing_else", "init_tail_half_staged", "cover_tail_guard_short",
       "cover_store_last_iteration_never", "async_pipeline_no_drain", "async_commit_window_short",
       "tag_branch_last_thread_wrong_source"]


@pytest.mark.parametrize("name", BAD)
def test_buggy_sibling_witnesses_replay_on_the_interpreter(name):
    from interp.replay import replay_details
    path = HERE.parents[1] / "kernels" / "bad" / f"{name}.dsl"
    kernel = check_source(path.read_text(), str(path)).kernel
    rule = name.split("_")[0].upper()
    v = verify_kernel(kernel, VerifyOptions(rules=(rule,)))
    mine = [f for f in v.findings if f.rule == rule]
    assert mine and not v.unknowns, (v.findings, v.unknowns)
    for f in mine:
        assert replay_details(kernel, f).replayed, f.message


@pytest.mark.parametrize("name,sizes", CASES, ids=[c[0] for c in CASES])
def test_the_interpreter_agrees_there_is_nothing_to_find(name, sizes):
    """The concrete semantics is the verifier's: an assertion under a thread-dependent `if`
    is made only by the threads that run it, for the elements they hold."""
    from interp.interpreter import interpret, random_inputs
    _, kernel = _kernel(name)
    res = interpret(kernel, sizes[0], random_inputs(kernel, sizes[0], seed=0))
    assert not res.violations, res.violations


def _variant(old: str, new: str):
    text = (HERE / "rowsum_pipelined_drain.dsl").read_text()
    assert old in text
    result = check_source(text.replace(old, new), "variant.dsl")
    assert result.ok, [str(d) for d in result.diagnostics]
    return verify_kernel(result.kernel, VerifyOptions(rules=("ASYNC", "RACE", "WAR")))


@pytest.mark.parametrize("cond,reason", [
    ("thread.x < 64", "a commit under a thread-dependent condition is not supported"),
    ("ct + 1 != C / BC", "a commit under `!=` of its loop variable holds on two intervals"),
    ("ct * ct < C / BC", "a commit's condition is not affine in its loop variable"),
])
def test_commits_the_counting_cannot_follow_stay_unknown(cond, reason):
    """docs/MEMORY_MODEL.md lists these: never proved, never a made-up finding."""
    v = _variant("        if ct + 1 < C / BC:\n            copy_async",
                 f"        if {cond}:\n            copy_async")
    assert v.status == "unknown" and not v.findings, (v.findings, v.unknowns)
    assert any(reason in u.reason for u in v.unknowns), v.unknowns


@pytest.mark.parametrize("old,new,reason", [
    # two threads hold each element of the stored tile: which one runs the branch is not one thread
    ("        store s[0 : +256], d\n", "        store s[0 : +256], d layout ((128, 2), 2):((1, 0), 128)\n",
     "needs one thread per element"),
    # an assertion under the branch naming two elements: no single thread makes it
    ("        store s[0 : +256], d\n", "        store s[0 : +256], d\n        assert tag(d[i]).i + 1 == tag(p[i]).i + 1\n",
     "names one tile element"),
])
def test_thread_conditions_the_encoding_cannot_follow_stay_unknown(old, new, reason):
    text = (HERE / "branch_store.dsl").read_text()
    assert old in text
    result = check_source(text.replace(old, new, 1), "variant.dsl")
    assert result.ok, [str(d) for d in result.diagnostics]
    v = verify_kernel(result.kernel, VerifyOptions(rules=("TAG", "INIT")))
    assert v.status == "unknown" and any(reason in u.reason for u in v.unknowns), (v.findings, v.unknowns)
