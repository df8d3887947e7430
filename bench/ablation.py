"""Ablation of repair feedback: every task (or --tasks), both feedback modes, several
seeds, the same budget. Prints steps to the first proved-and-correct rewritten kernel,
repair steps, success rate and final model speedup; writes bench/results/ablation.json.

Each (task, mode, seed) gets a fresh memory, so runs do not learn from one another; they
share one cache of evaluations (the same text evaluates the same way), so the simulator
runs each distinct candidate once."""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import tempfile
import time
from pathlib import Path

from agent.evaluate import EvalOptions, default_predict
from agent.optimize import optimize
from agent.run import RunConfig
from agent.task import load_task, task_files

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tasks", default="", help="comma-separated task names (default all)")
    ap.add_argument("--budget", type=int, default=40)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--llm", action="store_true", help="the LLM backend's turns instead of the offline planner "
                    "(OPENAI_BASE_URL, OPENAI_API_KEY, ARGUS_MODEL; --budget counts turns)")
    ap.add_argument("--out", default="ablation.json", help="the JSON file under bench/results/")
    ap.add_argument("--cache", metavar="DIR", help="the shared evaluation cache (default a fresh temporary one)")
    args = ap.parse_args()
    wanted = set(filter(None, args.tasks.split(",")))
    predict, rows = default_predict(), []
    if args.llm:
        import os
        from ablation_llm import llm_rows, write_and_print
        tasks = [t for t in map(load_task, task_files(ROOT / "tasks")) if not wanted or t.name in wanted]
        return write_and_print(llm_rows(tasks, args.budget, args.seeds, os.environ, predict),
                               ROOT / "bench" / "results")
    shared = Path(args.cache) if args.cache else Path(tempfile.mkdtemp(prefix="argus_ablation_"))
    for path in task_files(ROOT / "tasks"):
        task = load_task(path)
        if wanted and task.name not in wanted:
            continue
        for mode in ("counterexample", "passfail"):
            runs, t0 = [], time.perf_counter()
            for seed in range(args.seeds):
                with tempfile.TemporaryDirectory() as tmp:
                    cfg = RunConfig(Path(tmp) / "run", Path(tmp) / "mem", args.budget, 1, seed, mode,
                                    EvalOptions(cache_dir=shared / "modules"), eval_cache=shared)
                    runs.append(optimize(task, cfg, predict))
            rows.append(dict(_row(task.name, mode, runs), wall_s=round(time.perf_counter() - t0, 1)))
            print(json.dumps(rows[-1], sort_keys=True), flush=True)
            _write(rows, args)      # after every row, so a long run that is stopped keeps what it measured
    print("| task | feedback | runs | proved+correct | first ok step | repair steps | sketches proved | "
          "speedup (model) | wall s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['task']} | {r['feedback']} | {r['runs']} | {r['success']:.0%} | {r['first_ok_step']} | "
              f"{r['repair_steps']} | {r['sketches_ok']} | {r['speedup']} | {r['wall_s']} |")


def _write(rows: list[dict], args) -> None:
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    meta = {"budget": args.budget, "seeds": args.seeds, "label": "model", "cpu": _cpu(),
            "date": time.strftime("%Y-%m-%d", time.gmtime())}
    (out / args.out).write_text(json.dumps({"meta": meta, "rows": rows}, indent=1, sort_keys=True))


def _cpu() -> str:
    info = Path("/proc/cpuinfo")
    names = [ln.split(":", 1)[1].strip() for ln in info.read_text().splitlines()
             if ln.startswith("model name")] if info.is_file() else []
    return f"{names[0]} x {len(names)}" if names else platform.machine()


def _row(name: str, mode: str, runs: list[dict]) -> dict:
    firsts = [r["first_ok_step"] for r in runs if r["first_ok_step"] is not None]
    repairs = [sum(s["repair_steps"] for s in r["sketches"]) for r in runs]
    sk = [s for r in runs for s in r["sketches"]]
    speed = [r["speedup"] for r in runs if r["speedup"]]
    return {"task": name, "feedback": mode, "runs": len(runs),
            "success": sum(1 for r in runs if r["seed_ok"] or r["first_ok_step"]) / len(runs),
            "first_ok_step": statistics.median(firsts) if firsts else None,
            "repair_steps": statistics.mean(repairs) if repairs else 0,
            "sketches_ok": f"{sum(s['ok'] for s in sk)}/{len(sk)}",
            "best_techniques": sorted({" + ".join(r["best_techniques"]) for r in runs}),
            "speedup": round(statistics.median(speed), 2) if speed else "n/a (no cost model)"}


if __name__ == "__main__":
    main()
