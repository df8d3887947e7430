"""The general repair: where no rule-specific fix applies (the kernel has no holes), the
expression at the program point the counterexample names becomes a hole that `argus fill`
completes; the repaired kernel proves and matches the reference on the simulator."""
from pathlib import Path

from agent.evaluate import EvalOptions, finding_dict
from agent.holes import hole_sites
from agent.kb import Action
from agent.optimize import _repair
from agent.repair_fill import repair_by_fill, sketches
from agent.run import Run, RunConfig
from agent.task import load_task
from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

HERE = Path(__file__).resolve().parent / "kernels"


def _bad():
    text = (HERE / "outer_offbyone.dsl").read_text()
    kernel = check_source(text, "outer_offbyone.dsl").kernel
    verdict = verify_kernel(kernel)
    return text, kernel, [finding_dict(f) for f in verdict.findings if f.severity == "error"]


def test_holes_go_at_the_named_statements_only():
    _, kernel, findings = _bad()
    assert {f["rule"] for f in findings} >= {"TAG", "BOUND"}
    notes = [n for n, _ in sketches(kernel, findings)]
    assert notes and all(n.startswith(("line 13:", "line 14:")) for n in notes)
    assert "line 14: a hole in k + 1" in notes


def test_fill_repairs_what_no_rule_specific_fix_can(tmp_path):
    text, kernel, findings = _bad()
    assert hole_sites(kernel) == []          # nothing for the rule-specific repairs to move
    fixed = repair_by_fill(kernel, findings, VerifyOptions())
    assert fixed is not None and "b = load B[k : +1, block.y * BN : +BN]" in fixed.text
    assert verify_kernel(check_source(fixed.text, "fixed.dsl").kernel).status == "proved"
    task = load_task(HERE / "outer.toml")
    cfg = RunConfig(tmp_path / "run", tmp_path / "mem", budget=4,
                    eval=EvalOptions(cache_dir=tmp_path / "cache", input_seeds=(0,)))
    run = Run(task, cfg, None)
    ev = run.evaluate(text, {})
    assert not ev.ok
    ev, values, out, used = _repair(run, Action("t", "r", ()), None, [], (), ev, text)
    assert ev.ok and ev.correct and used == 1 and values is None and out == fixed.text
    assert any("argus fill" in " ".join(r["fixes"]) for r in run.records)


def test_passfail_gets_no_fill_repair(tmp_path):
    text, _, _ = _bad()
    cfg = RunConfig(tmp_path / "run", tmp_path / "mem", budget=4, feedback="passfail",
                    eval=EvalOptions(cache_dir=tmp_path / "cache", input_seeds=(0,)))
    run = Run(load_task(HERE / "outer.toml"), cfg, None)
    ev = run.evaluate(text, {})
    ev, _, _, used = _repair(run, Action("t", "r", ()), None, [], (), ev, text)
    assert not ev.ok and used == 0
