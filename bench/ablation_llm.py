"""`bench/ablation.py --llm`: counterexample against pass/fail feedback with the LLM backend
(OPENAI_BASE_URL, OPENAI_API_KEY, ARGUS_MODEL), every task, several seeds, the same turns;
prints a table and writes bench/results/ablation_llm.json."""
from __future__ import annotations

import json
import statistics
import tempfile
from pathlib import Path
from typing import Mapping

from agent.evaluate import EvalOptions
from agent.llm import Client, options_from_env
from agent.llm_loop import LoopConfig, applicable_knowledge, llm_optimize

MODES = ("counterexample", "passfail")


def llm_rows(tasks, turns: int, seeds: int, env: Mapping[str, str], predict, sleep=None) -> list[dict]:
    rows = []
    for task in tasks:
        knowledge = applicable_knowledge(task.seed)
        for mode in MODES:
            runs = []
            for seed in range(seeds):
                opts = options_from_env(env, seed=seed)
                client = Client(opts) if sleep is None else Client(opts, sleep=sleep)
                with tempfile.TemporaryDirectory() as tmp:
                    cfg = LoopConfig(Path(tmp) / "run", turns, mode, EvalOptions(cache_dir=Path(tmp) / "cache"))
                    runs.append(llm_optimize(task, client.chat, cfg, predict, knowledge))
            rows.append(_row(task.name, mode, runs))
    return rows


def _row(name: str, mode: str, runs: list[dict]) -> dict:
    firsts = [r["first_ok_turn"] + 1 for r in runs if r["first_ok_turn"] is not None]
    return {"task": name, "feedback": mode, "runs": len(runs),
            "success": sum(1 for r in runs if r["first_ok_turn"] is not None) / len(runs),
            "first_ok_turn": statistics.median(firsts) if firsts else None,
            "tokens": sum(r["usage"]["total_tokens"] for r in runs),
            "endpoint_failures": sum(1 for r in runs if r["stopped"])}


def write_and_print(rows: list[dict], out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "ablation_llm.json").write_text(json.dumps(rows, indent=1, sort_keys=True))
    print("| task | feedback | runs | proved+correct | first ok turn | tokens | endpoint failures |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['task']} | {r['feedback']} | {r['runs']} | {r['success']:.0%} | {r['first_ok_turn']} | "
              f"{r['tokens']} | {r['endpoint_failures']} |")
