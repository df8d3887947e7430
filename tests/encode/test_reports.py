"""Report structure (issue 17, class 7): root cause first with its consequences under it,
the writing thread of every shared-memory hop, hints only when their premise holds."""
from __future__ import annotations

from pathlib import Path

from dsl.check import check_source
from encode.threads import writer
from encode.verifier import VerifyOptions, verify_kernel

BAD = Path(__file__).resolve().parents[2] / "tests/kernels/bad"


def _verdict(name: str, rules=("TAG",)):
    path = BAD / name
    return verify_kernel(check_source(path.read_text(), str(path)).kernel, VerifyOptions(rules=rules))


def test_a_consequence_follows_its_root():
    v = _verdict("tag_stale_tile_no_pipeline.dsl")
    root, after = v.findings
    assert root.cause is None and root.span.line == 21
    assert after.cause == root.span and after.span.line == 24


def test_a_pipeline_hint_needs_a_pipeline():
    (plain, _) = _verdict("tag_stale_tile_no_pipeline.dsl").findings
    assert "pipeline" not in plain.hint and "not rewritten in the reader's iteration" in plain.hint
    staged = _verdict("tag_pipelined_slot.dsl").findings[0]
    assert "different pipeline stages" in staged.hint


def test_hops_name_the_writing_thread():
    (root, _) = _verdict("tag_stale_tile_no_pipeline.dsl").findings
    hops = [h for op in root.operands for h in op.hops]
    assert hops and all(h.thread is not None and h.loops for h in hops)


def test_the_writer_inverts_the_distribution():
    # The default distribution gives thread t the elements t, t + threads, ...
    assert [writer(None, (16,), 4, (e,), {}) for e in (0, 5, 15)] == [0, 1, 3]
    assert writer(None, (16,), 4, (16,), {}) is None


def test_an_operand_defined_only_under_a_thread_condition_says_so():
    """A warp-specialised consumer's `a = load sA[...]` with the default distribution, which
    gives elements to the producer warp too: the INIT finding's hint names the condition."""
    path = BAD.parent / "mbar" / "ws_mma_default_distribution.dsl"
    (f,) = verify_kernel(check_source(path.read_text(), str(path)).kernel, VerifyOptions()).findings
    # a (line 25) and b (line 26) are both such operands; the witness names one of them
    name, line = ("a", 25) if "nothing wrote a " in f.message else ("b", 26)
    assert f.rule == "INIT" and f"nothing wrote {name} " in f.message
    assert f"{name} is defined only under a condition on the thread (line {line})" in f.hint
    assert "over all 160 threads" in f.hint


def test_an_access_indexed_by_an_out_of_bounds_read_is_its_consequence():
    root, after = _verdict("bound_gather_ids_swapped.dsl", rules=("BOUND",)).findings
    assert root.cause is None and "IDS[" in root.message
    assert after.cause == root.span and "E[" in after.message
