"""The edge of `argus optimize` for the LLM backend and KernelBench problems: `--llm` (the
endpoint from OPENAI_BASE_URL, OPENAI_API_KEY, ARGUS_MODEL, read here and nowhere else)
and a TASK that is a KernelBench problem file (.py) instead of a task file (.toml)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from .lower_cmd import cache_dir



def add_options(p) -> None:
    p.add_argument("--llm", action="store_true",
                   help="propose kernels with an LLM (OPENAI_BASE_URL, OPENAI_API_KEY, ARGUS_MODEL); "
                        "--budget counts its turns")
    p.add_argument("--llm-timeout", type=float, default=120.0, metavar="S", help="seconds per LLM call")


def load(path: str):
    """(task, None) or (None, exit code) with the message printed: a .toml task file or a
    KernelBench problem file turned into a task."""
    from agent.task import TaskError, load_task
    try:
        if not path.endswith(".py"):
            return load_task(path), None
        from agent.kernelbench_task import ProblemError, Unrecognised, problem_task
        try:
            return problem_task(path, cache_dir() / "kernelbench"), None
        except Unrecognised as err:
            print(f"argus optimize: error: {err}\n  not recognised: no offline template covers this problem; "
                  f"it needs --llm", file=sys.stderr)
            return None, 2
        except ProblemError as err:
            print(f"argus optimize: error: {err}", file=sys.stderr)
            return None, 2
    except TaskError as err:
        print(f"argus optimize: error: {err}", file=sys.stderr)
        return None, 2


def run(args, task, run_dir: Path, eval_opts, predict) -> int:
    """LLM turns on the task; 0 when the seed or some answer is proved and correct."""
    from agent.llm import Client, LLMConfigError, options_from_env
    from agent.llm_loop import LoopConfig, applicable_knowledge, llm_optimize
    from agent.memory import Memory, default_memory_dir
    if args.resume:
        print("argus optimize: error: --resume is not supported with --llm (LLM turns are not replayable)",
              file=sys.stderr)
        return 2
    try:
        opts = options_from_env(os.environ, seed=args.seed, timeout_s=args.llm_timeout)
    except LLMConfigError as err:
        print(f"argus optimize: error: {err}", file=sys.stderr)
        return 2
    cfg = LoopConfig(run_dir, turns=args.budget, feedback=args.feedback, eval=eval_opts)

    def progress(e):
        tokens = e.get("usage", {}).get("total_tokens", 0)
        print(f"turn {e['turn'] + 1}/{args.budget}: {e['verdict']}" +
              (f" reward {e['reward']:.3g}" if e.get("reward") is not None else "") +
              (f" ({tokens} tokens)" if tokens else "") + (f": {e['why']}" if e.get("why") else ""),
              file=sys.stderr, flush=True)

    memory = Memory(Path(args.memory) if args.memory else default_memory_dir())
    summary = llm_optimize(task, Client(opts).chat, cfg, predict, applicable_knowledge(task.seed), progress,
                           memory.records(), memory.append)
    best = summary["best_seconds"]
    print(f"{task.name}: {summary['turns']} LLM turns, {summary['usage']['total_tokens']} tokens; "
          f"best kernel {run_dir / 'llm' / 'best.dsl'}" +
          (f", model time {best:.4g} s (model)" if best is not None else "") +
          (f"; stopped: {summary['stopped']}" if summary["stopped"] else ""))
    if summary["stopped"] and summary["first_ok_turn"] is None:
        return 3      # the endpoint never gave an answer (new-user round 38: exit 0 for scripts)
    return 0 if summary["seed_ok"] or summary["first_ok_turn"] is not None else 1
