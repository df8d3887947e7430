"""Which statements are running values written back (dsl/writeback.py): copy-backs through
chains of temporaries and round trips through shared memory, and the shapes that are not
(each of those is read as written, and a loop-carried one stays unknown in the verifier)."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl import ir
from dsl.check import check_source
from dsl.fmt import format_expr
from dsl.writeback import write_backs

ROOT = Path(__file__).resolve().parents[2]
ROWSUM = (ROOT / "tests/verify/kernels/rowsum_running_in_shared.dsl").read_text()
CHAIN = (ROOT / "tests/verify/kernels/rowsum_through_two_temporaries.dsl").read_text()
LOOP = """        x = load X[block.x * BR : +BR, ct * BC : +BC]
        s = load sacc[0 : +BR, 0 : +BC]
        s2 = s + x
        store sacc[0 : +BR, 0 : +BC], s2
"""


def _kernel(text: str) -> ir.Kernel:
    result = check_source(text, "k.dsl")
    assert result.ok, [str(d) for d in result.diagnostics]
    return result.kernel


def _trips(text: str) -> list:
    return [(s.span.line, t) for s, t in write_backs(_kernel(text)).stores]


def test_a_round_trip_is_the_store_of_the_update_of_the_loaded_tile():
    (line, trip), = _trips(ROWSUM)
    assert line == 19 and trip.load.target.name == "s"
    assert format_expr(trip.value) == "s + x"


def test_an_update_in_place_between_the_load_and_the_store_is_a_round_trip_of_the_tile_itself():
    (_, trip), = _trips(ROWSUM.replace("        s2 = s + x\n", "        s = s + x\n").replace("], s2\n", "], s\n"))
    assert trip.value is None


def test_math_on_another_tile_before_the_load_changes_nothing():
    text = ROWSUM.replace("ct * BC : +BC]\n        s = load", "ct * BC : +BC]\n        x = x * 2.0\n        s = load")
    assert len(_trips(text)) == 1


NOT_ROUND_TRIPS = {
    # the store is not directly in the loop's body
    "store under an if": [("        store sacc[0 : +BR, 0 : +BC], s2", "        if ct > 0:\n            store sacc[0 : +BR, 0 : +BC], s2")],
    # the slice moves with the loop: the next iteration does not find what this one stored
    "moving slice": [("sacc = shared f32[BR, BC]", "sacc = shared f32[BR, 2 * BC]"),
                     ("        s = load sacc[0 : +BR, 0 : +BC]", "        s = load sacc[0 : +BR, (ct % 2) * BC : +BC]"),
                     ("        store sacc[0 : +BR, 0 : +BC], s2", "        store sacc[0 : +BR, (ct % 2) * BC : +BC], s2")],
    # another write of the tensor in the loop
    "second writer": [("        store sacc[0 : +BR, 0 : +BC], s2\n", "        store sacc[0 : +BR, 0 : +BC], s2\n"
                       "        store sacc[0 : +BR, 0 : +BC], x\n")],
    # the value stored does not come from the loaded tile
    "unrelated value": [("        store sacc[0 : +BR, 0 : +BC], s2", "        store sacc[0 : +BR, 0 : +BC], x")],
    # the loaded tile is overwritten between the load and the store
    "reloaded": [("        s2 = s + x\n", "        s = s + x\n        s = load X[0 : +BR, 0 : +BC]\n"),
                 ("], s2\n", "], s\n")],
    # a temporary of the running value whose operand changes before the store
    "operand rewritten": [("        s2 = s + x\n", "        s2 = s + x\n        x = load X[0 : +BR, 0 : +BC]\n")],
    # the running value read at other elements: another row's earlier sums flow in
    "other elements": [("        s2 = s + x", "        s2 = bcast(sum(s, axis=0), axis=0, n=BR) + x")],
    # a masked store, or a load of another slice
    "other slice": [("        s = load sacc[0 : +BR, 0 : +BC]", "        s = load sacc[0 : +BR, 0 : +BC / 2]"),
                    ("        s2 = s + x", "        s2 = bcast(sum(s, axis=1), axis=1, n=BC) + x")],
}


@pytest.mark.parametrize("name", sorted(NOT_ROUND_TRIPS))
def test_shapes_that_are_not_round_trips(name):
    text = ROWSUM
    for old, new in NOT_ROUND_TRIPS[name]:
        assert old in text, old
        text = text.replace(old, new)
    assert _trips(text) == []


def test_a_round_trip_under_a_thread_condition_is_not_one():
    loop = "    for ct in range(C / BC):\n" + LOOP
    assert loop in ROWSUM
    text = ROWSUM.replace(loop, "    if thread.x < 128:\n" + "".join("    " + l for l in loop.splitlines(True)))
    assert _trips(text) == []


def test_the_tree_reductions_of_proofs_are_not_round_trips():
    """A tree level loads, combines and stores back into one slice, but not as a value carried
    across a loop's iterations (their loads read stores of the same iteration)."""
    for path in sorted((ROOT / "proofs").glob("*.dsl")) + sorted((ROOT / "tests/verify/kernels").glob("softmax_tree*.dsl")):
        assert write_backs(_kernel(path.read_text())).stores == (), path.name


def test_a_copy_back_through_a_chain_is_the_update_it_computes():
    (s, e), = write_backs(_kernel(CHAIN)).copies
    assert s.target.name == "s" and format_expr(e) == "s + sum(x, axis=1)"


def test_a_copy_back_with_math_at_the_copy_inlines_the_temporary():
    text = CHAIN.replace("        t2 = t1\n        s = t2\n", "        s = t1 + sum(x, axis=1)\n")
    (_, e), = write_backs(_kernel(text)).copies
    assert format_expr(e) == "s + sum(x, axis=1) + sum(x, axis=1)"


@pytest.mark.parametrize("old,new", [
    ("        t2 = t1\n", "        t2 = t1\n        s = zeros f32[4]\n"),             # the running value is reset in between
    ("        t2 = t1\n", "        t2 = t1\n        x = load X[0 : +4, 0 : +64]\n"),  # ... an operand changes
    ("        t1 = s + sum(x, axis=1)\n", "        t1 = s + sum(x, axis=1)\n        t1 = t1 * 1.0\n"),   # defined twice
])
def test_a_copy_back_is_not_inlined_when_a_temporary_may_differ_at_the_copy(old, new):
    assert old in CHAIN
    assert write_backs(_kernel(CHAIN.replace(old, new))).copies == ()


def test_a_copy_back_reading_the_running_value_at_other_elements_is_not_one():
    text = CHAIN.replace("        t1 = s + sum(x, axis=1)\n", "        t1 = s + sum(x, axis=1) + bcast(max(s, axis=0), axis=0, n=4)\n")
    assert text != CHAIN and write_backs(_kernel(text)).copies == ()


def test_under_a_thread_condition_a_chain_must_keep_the_target_s_placement():
    body = "        t1 = s + sum(x, axis=1)\n        t2 = t1\n        s = t2\n"
    guarded = "        if thread.x < 32:\n" + "".join("    " + l for l in body.splitlines(True))
    assert len(write_backs(_kernel(CHAIN.replace(body, guarded))).copies) == 1
    placed = guarded.replace("t2 = t1\n", "t2 = t1 layout (64, 1):(1, 1)\n")
    assert write_backs(_kernel(CHAIN.replace(body, placed))).copies == ()


WELFORD = (ROOT / "tests/verify/kernels/welford_chan.dsl").read_text()


def test_an_update_through_a_temporary_of_itself_is_the_in_place_update():
    """Welford's `delta = cm - mean; mean = mean + delta * w` reads as `mean + (cm - mean) * w`."""
    copies = write_backs(_kernel(WELFORD)).copies
    mean = [e for s, e in copies if s.target.name == "mean"]
    assert len(mean) == 1 and format_expr(mean[0]).startswith("mean + (cm - mean) *"), [format_expr(e) for e in mean]


def test_a_16_bit_temporary_keeps_its_rounding_when_inlined():
    """A f16 temporary holds its f32 math rounded to f16: the inlined value is that cast."""
    text = WELFORD.replace("f32", "f16")
    mean = [e for s, e in write_backs(_kernel(text)).copies if s.target.name == "mean"]
    assert len(mean) == 1 and "cast(cm - mean, f16)" in format_expr(mean[0]), [format_expr(e) for e in mean]
