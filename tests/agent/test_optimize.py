"""The loop end to end on small test tasks: repair from counterexamples beats pass/fail
on a pipeline sketch, the run directory holds every candidate, a resumed run loses
nothing, and a second run on a similar task starts from what the first learned."""
import json
from pathlib import Path

from agent.evaluate import EvalOptions
from agent.holes import fill_holes, hole_sites
from agent.optimize import optimize
from agent.repair import repair_counterexample, repair_passfail
from agent.rewrites import REWRITES
from agent.rewrites.base import render
from agent.run import RunConfig
from agent.task import load_task
from agent.evaluate import finding_dict
from dsl.check import check_source
from encode.verifier import verify_kernel

HERE = Path(__file__).resolve().parent / "kernels"


def _sketch():
    k = check_source((HERE / "proj_f16.dsl").read_text(), "p.dsl").kernel
    for name, params in (("stage_shared", {"BK": 32}), ("mma_layout", {"warps": (2, 2)})):
        k = render(REWRITES[name](k, params).kernel)[1]
    return REWRITES["pipeline_async"](k, {"S": 3}).kernel


def _steps_to_proof(feedback: str, cap: int) -> int:
    sketch = _sketch()
    sites = hole_sites(sketch)
    values, tried = tuple(s.domain[0] for s in sites), set()
    for step in range(1, cap + 1):
        tried.add(values)
        cand = render(fill_holes(sketch, values))[1]
        verdict = verify_kernel(cand)
        if verdict.status == "proved":
            return step
        findings = [finding_dict(f) for f in verdict.findings]
        res = repair_counterexample(cand, sites, values, findings, tried) if feedback == "counterexample" \
            else repair_passfail(sites, values, tried)
        values = res[0]
    return cap + 1


def test_counterexamples_repair_in_at_most_half_the_steps():
    ce = _steps_to_proof("counterexample", 4)
    assert ce <= 2
    assert _steps_to_proof("passfail", 2 * ce - 1) > 2 * ce - 1     # not proved within twice as many


def test_second_run_on_a_similar_task_needs_fewer_steps(tmp_path):
    mem = tmp_path / "memory"
    opts = EvalOptions(cache_dir=tmp_path / "cache", input_seeds=(0,))
    first = optimize(load_task(HERE / "proj_f16.toml"), RunConfig(tmp_path / "r1", mem, 8, eval=opts), None)
    second = optimize(load_task(HERE / "proj2_f16.toml"), RunConfig(tmp_path / "r2", mem, 8, eval=opts), None)
    repairs = lambda s: sum(x["repair_steps"] for x in s["sketches"])
    assert first["repair_needed"] and repairs(first) > 0
    assert isinstance(first["rejected"], int) and isinstance(first["assumes_narrowed"], list)
    assert repairs(second) < repairs(first)
    # the pipeline sketch proves at its first fill: the values come from the first run
    assert any(s["action"].startswith("cp_async_pipeline") and s["first_fill_ok"] for s in second["sketches"])
    run = tmp_path / "r1"
    for f in ("best.dsl", "summary.json", "trajectory.jsonl", "candidates/0000/kernel.dsl",
              "candidates/0000/verdict.json", "candidates/0000/report.txt", "candidates/0000/numerics.json",
              "candidates/0000/reward.json"):
        assert (run / f).is_file(), f
    lines = (run / "trajectory.jsonl").read_text().splitlines()
    assert all({"features", "state", "technique", "verdict", "counterexample", "reward"} <= set(json.loads(l))
               for l in lines if json.loads(l)["kind"] == "proposal")
    # an interrupted run (its last candidates and summary lost) resumes to the same result
    (run / "summary.json").unlink()
    again = optimize(load_task(HERE / "proj_f16.toml"), RunConfig(run, mem, 8, eval=opts), None, resume=True)
    assert again == first
    assert (run / "trajectory.jsonl").read_text().splitlines() == lines


def test_the_summary_names_the_assumptions_the_best_kernel_adds():
    # new-user round 33: a best kernel that serves fewer sizes than the seed (M % 128 where the
    # seed took M % 16) said nothing of it
    from agent.optimize import _narrowed
    head = "kernel k(X: f32[M, K], Y: f32[M]):\n"
    body = "    grid M / 16\n    threads 16\n    x = load X[block.x * 16 : +16, 0]\n" \
           "    store Y[block.x * 16 : +16], x\n"
    seed = check_source(head + "    assume M % 16 == 0 and K >= 1\n" + body, "s.dsl").kernel
    best = check_source(head + "    assume M % 128 == 0\n    assume K >= 1\n" + body, "b.dsl").kernel
    assert _narrowed(seed, best) == ["M % 128 == 0"]
    assert _narrowed(seed, seed) == []
