"""mbarrier deadlocks (encode/deadlock.py): a wait that needs, through the arrivals of its
phase and the waits before them, its own return is a SYNC finding; the correct ring proves
and its lowering matches NumPy on the simulator."""
from __future__ import annotations

from pathlib import Path

from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

HERE = Path(__file__).resolve().parent / "kernels"
ROOT = Path(__file__).resolve().parents[2]
RING = HERE / "ws_rowsum_ring.dsl"
FIXED = "wait empty[ct % S], (ct / S + 1) % 2"
BROKEN = "wait empty[ct % S], (ct / S) % 2"


def _kernel(text: str, name: str):
    result = check_source(text, name)
    assert result.ok, [str(d) for d in result.diagnostics]
    return result.kernel


def _errors(v):
    return [f for f in v.findings if f.severity == "error"]


def test_the_ring_proves_and_lowers():
    from codegen_cuda.differential import check_lowering
    kernel = _kernel(RING.read_text(), str(RING))
    v = verify_kernel(kernel, VerifyOptions())
    assert v.status == "proved" and not v.unknowns and not _errors(v), (v.findings, v.unknowns)
    assert check_lowering(kernel, RING.read_text(), RING.with_suffix(".ref.py"),
                          [{"R": 128, "C": 64}, {"R": 256, "C": 16}], seeds=(0,)).verdict == "ok"


def test_the_producer_waiting_for_phase_k_over_s_deadlocks():
    """Its first wait on empty[0] needs the consumers' first release, which follows their
    wait on full[0], which needs the expect_tx after that very wait. The interpreter hangs
    on it too (the finding replays)."""
    from interp.replay import replay_details
    text = RING.read_text()
    assert FIXED in text
    line = next(n for n, x in enumerate(text.splitlines(), 1) if FIXED in x)
    kernel = _kernel(text.replace(FIXED, BROKEN), "ring_deadlock.dsl")
    v = verify_kernel(kernel, VerifyOptions())
    [f] = _errors(v)
    assert f.rule == "SYNC" and f.span.line == line and f.message.startswith("deadlock:")
    assert f"the wait on empty[0] at line {line} (ct=0) waits for phase 0 of empty[0]" in f.message
    assert "(ct / S + 1) % 2" in f.hint and f.thread == 128 and dict(f.iteration) == {"ct": 0}
    assert replay_details(kernel, f).replayed


def test_a_consumer_waiting_for_the_phase_before_races_and_does_not_deadlock():
    """`wait full[...], (ct / S + 1) % 2` returns at once on the first pass: the reads race
    with the copies (tests/kernels/mbar/bad_wrong_parity.dsl), but nothing hangs."""
    text = RING.read_text().replace("wait full[ct % S], (ct / S) % 2", "wait full[ct % S], (ct / S + 1) % 2")
    v = verify_kernel(_kernel(text, "ring_race.dsl"), VerifyOptions())
    assert v.status == "violation"
    assert not any(f.message.startswith("deadlock:") for f in v.findings)


def test_shipped_warp_specialised_kernels_have_no_deadlock():
    paths = [p for d in ("proofs", "tests/kernels", "tests/codegen/kernels") for p in sorted((ROOT / d).rglob("*.dsl"))
             if "mbarrier" in p.read_text()]
    assert len(paths) >= 10
    for p in paths:
        v = verify_kernel(_kernel(p.read_text(), str(p.relative_to(ROOT))), VerifyOptions(rules=("SYNC",)))
        found = [f for f in v.findings if f.message.startswith("deadlock:")]
        assert bool(found) == (p.stem.startswith("sync_mbarrier_deadlock") or p.stem in HANGS), (p, found)


# held-out round 43: a wait before a block barrier that the arrival follows, a wait before
# the setmaxnreg dec whose registers the arriving side's inc needs, a round short of its count;
# rounds 46 and 47: loop waits after one straight-line round, loops of different trip counts;
# round 49: a copying lane with fewer rounds than the lane that expects its bytes; a count
# that the arrivals never reach in all (an untrusted array: encode/mbar_balance._starved);
# a prefetch whose iteration condition skips the last tile (`if k + 2 < n:`, `K > 64`);
# round 134: a wait between a thread's two arrivals of the one phase they make
HANGS = {"bad_one_phase_wait_before_own_arrival", "bad_barrier_before_arrive", "bad_setmaxnreg_wait_before_dec", "bad_count_short",
         "bad_loop_waits_one_round", "bad_trip_counts_differ", "bad_split_copy_fewer_rounds",
         "bad_empty_count_double", "bad_producer_one_round_short", "bad_copy_without_arrival",
         "bad_prefetch_guard_two_ahead", "bad_prefetch_size_condition", "bad_prefetch_three_stages_guard_short",
         "bad_ws_pingpong_both_even"}


def test_a_three_party_chain_with_rounds_deadlocks_only_when_the_shift_closes():
    """The ring with one slot: the producer's wait for phase ct of empty needs the release of
    round ct, which needs the copy of round ct: a deadlock at once; with the phase before,
    each round needs only the one before it."""
    text = RING.read_text().replace("S = 128, 16, 3", "S = 128, 16, 1")
    ok = verify_kernel(_kernel(text, "ring1.dsl"), VerifyOptions(rules=("SYNC",)))
    assert not ok.findings
    bad = verify_kernel(_kernel(text.replace(FIXED, BROKEN), "ring1_bad.dsl"), VerifyOptions(rules=("SYNC",)))
    assert [f.rule for f in bad.findings] == ["SYNC"] and bad.findings[0].message.startswith("deadlock:")
