"""`argus fill`: CEGIS over sketches of proofs/ kernels, checked candidate by candidate."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from argus_verify.cli import main
from interp.replay import replay_finding
from dsl.check import check_source
from encode.verifier import verify_kernel
from synth.cegis import FillOptions, candidate, fill, finite_assignments
from synth.sketch import load_sketch
from synth.witness_store import move_span

SKETCHES = Path(__file__).resolve().parent / "sketches"   # sketches, not kernels: tests/kernels/ must check


def sketch_of(name: str):
    path = SKETCHES / name
    sketch, diags = load_sketch(path.read_text(encoding="utf-8"), str(path))
    assert sketch is not None, diags
    return sketch


def ruled_out(sketch, rejection, values) -> bool:
    """Does the rejection's witness really fail this candidate (an independent check)?"""
    cand, diags = candidate(sketch, values)
    if cand is None:
        return rejection.diagnostic is not None and bool(diags)
    w = rejection.witness
    moved = w.__class__(**{**{f: getattr(w, f) for f in w.__dataclass_fields__},
                           "span": move_span(sketch, dict(rejection.source), dict(values), w.span)})
    if replay_finding(cand.kernel, moved):
        return True
    # the candidate the witness was found on: the verifier's own refutation of it
    return values == rejection.source and verify_kernel(cand.kernel).status == "violation"


@pytest.fixture(scope="module")
def exhaustive():
    sketch = sketch_of("gemm_naive_k_and_tile.dsl")
    return sketch, fill(sketch, FillOptions(exhaustive=True))


def test_the_completion_proves(exhaustive):
    sketch, result = exhaustive
    assert result.status == "filled"
    assert result.completions == (((0, 0), (1, 16)),)
    checked = check_source(result.text, sketch.path)
    assert checked.ok and verify_kernel(checked.kernel).status == "proved"
    assert "k + 0 : +1" in result.text and "block.x * 16 : +BM" in result.text


def test_every_wrong_completion_is_ruled_out_by_a_recorded_witness(exhaustive):
    sketch, result = exhaustive
    wrong = set(finite_assignments(sketch)) - set(result.completions)
    classified = {c for rej in result.rejected for c in rej.candidates}
    assert classified == wrong and len(wrong) == 5
    for rej in result.rejected:
        for values in rej.candidates:
            assert ruled_out(sketch, rej, values), (rej.witness.rule, values)


def test_counterexamples_save_full_verifications(exhaustive):
    sketch, cex = exhaustive
    base = fill(sketch, FillOptions(exhaustive=True), feedback="passfail")
    assert base.completions == cex.completions
    assert base.pruned == 0 and base.verifications == base.candidates == 6
    assert cex.pruned >= 3 and cex.verifications + cex.pruned == cex.candidates
    assert 2 * cex.verifications <= base.verifications


def test_an_unbounded_hole_is_solved_by_z3_from_the_counterexample():
    result = fill(sketch_of("row_reduce_start.dsl"))
    assert result.status == "filled" and result.values == ((0, 1),)
    # the first guess (0) is refuted; the constraint learned from its witness gives 1 at once
    assert result.solver_rounds == 2 and result.candidates == 2
    assert "for ct in range(1, C / BC):" in result.text
    (rej,) = result.rejected   # found on the text with `??`, moved onto the completion, replayed
    assert rej.candidates == (((0, 0),),) and rej.witness.rule == "TAG" and rej.replay == "replayed"


def test_a_suppression_comment_does_not_let_a_wrong_completion_prove(tmp_path):
    """Held-out round 106: with `# argus: allow TAG` on the claim, fill took the first
    candidate, a loop skipping a tile; tune did not apply the comment. Neither does fill now."""
    path = SKETCHES / "row_reduce_start.dsl"
    text = path.read_text(encoding="utf-8").replace("range(??, C / BC)", "range(??{2, 1}, C / BC)").replace(
        "assert tag(s[i]).col == range(0, C)", "assert tag(s[i]).col == range(0, C)  # argus: allow TAG -- elsewhere")
    sketch, diags = load_sketch(text, str(tmp_path / "s.dsl"))
    assert sketch is not None, diags
    result = fill(sketch, FillOptions(exhaustive=True))
    assert result.status == "filled" and "range(1, C / BC)" in result.text


def test_a_rounding_hole_learns_a_range_per_witness_not_one_value():
    # `grid ((N + ??) / 128)`: the first witness (0 blocks cover N = 128 + 1's tail) rules out
    # every value below 127 at once; a grid with no block at those sizes is no way out (new-user
    # round 38: one value per round, and 64 rounds never reached 127)
    result = fill(sketch_of("scale_grid_round.dsl"))
    assert result.status == "filled" and result.values == ((0, 127),)
    assert result.solver_rounds == 2


def run_cli(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_prints_the_completion_and_the_statistics(capsys, tmp_path):
    path = str(SKETCHES / "gemm_naive_k_and_tile.dsl")
    code, out, err = run_cli(["fill", path], capsys)
    assert code == 0 and out.startswith("# Sketch of proofs/gemm_naive.dsl")
    assert "??@14:44 = 0, ??@21:23 = 16" in err and "pruned by stored witnesses" in err
    target = tmp_path / "out.dsl"
    code, out, _ = run_cli(["fill", path, "-o", str(target)], capsys)
    assert code == 0 and out == "" and "block.x * 16" in target.read_text()


def test_an_unsatisfiable_sketch_exits_1_with_its_witnesses(capsys):
    path = str(SKETCHES / "gemm_naive_no_tile.dsl")
    code, _, err = run_cli(["fill", path], capsys)
    assert code == 1 and "\nno completion\n" in err
    # the store offset's witness: its stored rows break C's tag function (a TAG finding, listed
    # before the COVER one since only data claims follow a root: encode/rootcause.py)
    assert "error[TAG]" in err and "error[BOUND]" in err and "rules out 2 candidate(s)" in err
    code, out, _ = run_cli(["fill", "--json", path], capsys)
    data = json.loads(out)
    assert code == 1 and data["status"] == "no completion"
    rules = sorted(r["witness"]["rule"] for r in data["rejected"])
    assert rules == ["BOUND", "TAG"] and sum(len(r["candidates"]) for r in data["rejected"]) == 4


def test_bad_sketches_exit_2_with_positions(capsys, tmp_path):
    text = (SKETCHES / "gemm_naive_k_and_tile.dsl").read_text()
    bad = tmp_path / "bad.dsl"
    bad.write_text(text.replace("??{8, 16, 32}", "??{8, M}"))
    code, _, err = run_cli(["fill", str(bad)], capsys)
    assert code == 2 and f"{bad}:21:29: error[E017]" in err
    bad.write_text(text.replace("const BM, BN = 16, 16", "const BM, BN = ??, 16"))
    code, _, err = run_cli(["fill", str(bad)], capsys)
    assert code == 2 and "unbounded hole" in err and "finite domain" in err
    code, _, err = run_cli(["fill", str(tmp_path / "missing.dsl")], capsys)
    assert code == 2 and "no such file" in err


def test_a_spent_budget_exits_3(capsys):
    code, _, err = run_cli(["fill", "--timeout", "0.01", str(SKETCHES / "gemm_naive_no_tile.dsl")], capsys)
    assert code == 3 and "budget" in err


def test_spans_move_between_completions():
    sketch = sketch_of("gemm_naive_k_and_tile.dsl")
    span = check_source(candidate(sketch, ((0, 1), (1, 16)))[0].text, "x").kernel.body[-1].span
    moved = move_span(sketch, {0: 1, 1: 16}, {0: 0, 1: 8}, span)
    assert (moved.line, moved.col, moved.end_line) == (span.line, span.col, span.end_line)
    assert moved.end_col == span.end_col - 1   # "16" became "8"


def test_a_resource_witness_rules_out_a_bigger_candidate_without_a_verification():
    sketch = sketch_of("stage_rows.dsl")
    result = fill(sketch)
    assert result.status == "filled" and result.values == ((0, 1),)
    assert (result.candidates, result.verifications, result.pruned) == (3, 2, 1)
    (rej,) = result.rejected
    assert rej.witness.rule == "RES" and rej.candidates == (((0, 64),), ((0, 128),))
    assert "const S = 1" in result.text


def test_a_witness_that_no_hole_value_avoids_ends_in_no_completion(capsys):
    code, _, err = run_cli(["fill", str(SKETCHES / "store_offset_wrong_assert.dsl")], capsys)
    assert code == 1 and "\nno completion\n" in err and "error[TAG]" in err


def test_an_undecided_choice_tries_the_next_value_by_magnitude():
    """When Z3 cannot choose (quantified constraints), the next values by magnitude that no
    learned constraint rules out on the ground are tried instead of giving up."""
    import z3
    from synth.unbounded import _by_magnitude
    u = z3.Int("h")
    tried = [u != 0, u != -1]
    assert _by_magnitude(tried, {0: u}) == {0: 1}
    # u * x == 5 for some x at u = 1 (x = 5): the ground check rules 1 out, and -2 is next
    assert _by_magnitude(tried + [z3.ForAll([z3.Int("x")], u * z3.Int("x") != 5)], {0: u}) == {0: -2}
    assert _by_magnitude([u > 100], {0: u}) is None


def test_a_reference_beside_the_sketch_runs_the_proved_completion(capsys):
    """New-user round 38: `covers` claims allow repeats, so fill returned an attention that
    counted a key block twice; with NAME.ref.py beside the sketch each proved completion also
    runs on the simulator, and one that does not match is not returned."""
    code, out, err = run_cli(["fill", str(SKETCHES / "row_sum_start.dsl")], capsys)
    assert code == 0 and "for ct in range(C / 32):" in out
    assert "1 proved completion(s) run on the simulator against row_sum_start.ref.py" in err


def test_a_proved_completion_that_mismatches_its_reference_is_not_filled(tmp_path):
    from synth.fill_run import FillOptions
    from synth.sketch import load_sketch
    ref = tmp_path / "twice.ref.py"
    ref.write_text("TEST_SIZES = {'R': 3, 'C': 64}\n\n\ndef reference(inputs, sizes):\n"
                   "    return {'S': 2 * inputs['X'].sum(axis=1)}\n")
    sketch, diags = load_sketch((SKETCHES / "row_sum_start.dsl").read_text(), str(tmp_path / "twice.dsl"))
    assert sketch is not None, diags
    result = fill(sketch, FillOptions(reference=ref))
    assert result.status == "budget" and result.simulated == 1
    assert any("on the simulator against twice.ref.py: spec" in why for _, why in result.unknown)


def test_an_output_that_cannot_be_written_is_bad_input_before_the_search(tmp_path, capsys):
    path = str(SKETCHES / "gemm_naive_k_and_tile.dsl")
    code, _, err = run_cli(["fill", path, "-o", str(tmp_path / "nodir" / "x.dsl")], capsys)
    assert code == 2 and "folder that does not exist" in err
    code, _, err = run_cli(["fill", path, "-o", str(tmp_path)], capsys)
    assert code == 2 and "is a directory" in err


def test_a_kernel_without_holes_is_said_to_prove_as_written(capsys):
    code, out, err = run_cli(["fill", str(SKETCHES.parents[2] / "proofs" / "gemm_naive.dsl")], capsys)
    assert code == 0 and "filled (no holes: the kernel as written proves)" in err and "kernel gemm_naive" in out


def test_a_completion_whose_assumptions_no_sizes_satisfy_is_ruled_out_not_unknown(tmp_path, capsys):
    """New-user round 38: `assume M <= ??{0}` made every completion unknown and the search
    ended "budget" (exit 3); it is E031 for that completion, and the answer "no completion"."""
    text = (SKETCHES / "row_sum_start.dsl").read_text().replace(
        "assume C % 32 == 0", "assume C % 32 == 0 and C <= Z\n    const Z = ??{0}")
    path = tmp_path / "s.dsl"
    path.write_text(text.replace("range(??{1, 0}, C / 32)", "range(0, C / 32)"))
    code, _, err = run_cli(["fill", str(path)], capsys)
    assert code == 1 and "no completion" in err and "E031" in err, err


def test_a_broken_reference_beside_the_sketch_is_bad_input(tmp_path, capsys):
    """Held-out round 39: a reference that raised was noted on every completion."""
    sketch = tmp_path / "s.dsl"
    sketch.write_text((SKETCHES / "row_sum_start.dsl").read_text())
    (tmp_path / "s.ref.py").write_text("TEST_SIZES = {\n")
    code, _, err = run_cli(["fill", str(sketch)], capsys)
    assert code == 2 and "s.ref.py: loading it raised SyntaxError" in err


def test_a_hole_that_leaves_the_only_claim_unreached_is_no_completion(capsys):
    """`for t in range(NT):` around the k-alignment assertion, `const NT = ??{0, 1}`: NT = 0
    was filled (the assertion never ran, so it checked nothing); it is ruled out now (E020:
    the verifier calls such a claim unknown, encode/dead_claims.py), NT = 1 is refuted, and
    the answer is "no completion", not "budget"."""
    code, out, err = run_cli(["fill", str(SKETCHES / "gemm_dead_claim_loop.dsl")], capsys)
    assert code == 1 and "no completion" in err and "never reached" in err and "NT = 1" in err, (out, err)


def test_a_layout_hole_under_which_no_thread_makes_the_claim_is_no_completion(capsys):
    """Held-out round 128: `layout (TT, 128 / TT)` with `const TT = ??{128, 64}` and the claim
    under `if thread.x >= 64`: at TT = 64 no thread past 63 holds an element of the tile, so
    the claim checked nothing and fill chose it. It is ruled out now (E020, made by no
    thread: encode/dead_claims.nobody_asserts); TT = 128 is refuted: no completion."""
    code, out, err = run_cli(["fill", str(SKETCHES / "copy_claim_layout_hole.dsl")], capsys)
    assert code == 1 and "no completion" in err and "made by no thread" in err and "TT = 64" in err, (out, err)
