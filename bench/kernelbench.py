"""KernelBench problems through `argus optimize` offline: for each problem file (default
tests/agent/kernelbench/), the family recognised, its sizes, the seed's verdict and what a
short offline run reached. Prints a table; writes bench/results/kernelbench.json."""
from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from agent.evaluate import EvalOptions, default_predict
from agent.kernelbench_task import ProblemError, problem_task
from agent.optimize import optimize
from agent.run import RunConfig

ROOT = Path(__file__).resolve().parents[1]


def one(path: Path, budget: int, tmp: Path, predict) -> dict:
    try:
        task = problem_task(path, tmp / "tasks")
    except ProblemError as err:
        return {"problem": path.name, "family": "unrecognised", "why": str(err).split(": ", 1)[-1]}
    start = time.time()
    cfg = RunConfig(tmp / path.stem / "run", tmp / path.stem / "mem", budget, 1, 0, "counterexample",
                    EvalOptions(cache_dir=tmp / "cache"))
    s = optimize(task, cfg, predict)
    return {"problem": path.name, "family": task.description.split(": ", 1)[1],
            "bench_sizes": dict(task.bench_sizes), "test_sizes": dict(task.test_sizes),
            "seed_ok": s["seed_ok"], "steps": s["steps"], "best_techniques": s["best_techniques"],
            "speedup_model": s["speedup"], "seconds": round(time.time() - start, 1)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", default=str(ROOT / "tests" / "agent" / "kernelbench"))
    ap.add_argument("--budget", type=int, default=2, help="candidates per problem (the seed counts)")
    args = ap.parse_args()
    predict = default_predict()
    with tempfile.TemporaryDirectory() as tmp:
        rows = [one(p, args.budget, Path(tmp), predict) for p in sorted(Path(args.dir).glob("*.py"))]
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "kernelbench.json").write_text(json.dumps(rows, indent=1, sort_keys=True))
    print("| problem | family | seed proved + correct | steps | techniques kept | speedup (model) | wall s |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        if r["family"] == "unrecognised":
            print(f"| {r['problem']} | unrecognised: {r['why']} | - | - | - | - | - |")
            continue
        sp = f"{r['speedup_model']:.2f}" if r["speedup_model"] else "n/a (no cost model)"
        print(f"| {r['problem']} | {r['family']} | {r['seed_ok']} | {r['steps']} | "
              f"{', '.join(r['best_techniques']) or '-'} | {sp} | {r['seconds']} |")


if __name__ == "__main__":
    main()
