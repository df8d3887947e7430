"""`argus optimize TASK.toml`: run the offline agent on one task with a live progress line
(step, technique, verdict counts, best model time) and print where the results are."""
from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

from .lower_cmd import cache_dir


def optimize_main(args) -> int:
    from agent.evaluate import EvalOptions, default_predict
    from agent.memory import default_memory_dir
    from agent.optimize import optimize
    from agent.run import RunConfig
    from . import llm_cmd
    task, code = llm_cmd.load(args.task)
    if task is None:
        return code
    if args.budget < 1 or args.jobs < 1:
        print("argus optimize: error: --budget and --jobs must be at least 1", file=sys.stderr)
        return 2
    run_dir = Path(args.resume or args.run_dir or Path("runs") / f"{task.name}-{time.strftime('%Y%m%d-%H%M%S')}")
    if args.resume and not Path(args.resume).is_dir():
        print(f"argus optimize: error: --resume {args.resume}: no such run directory", file=sys.stderr)
        return 2
    refused = _run_dir_refused(run_dir, bool(args.resume), task.name)
    if refused:
        print(f"argus optimize: error: {refused}", file=sys.stderr)
        return 2
    memory = Path(args.memory) if args.memory else default_memory_dir()
    cfg = RunConfig(run_dir, memory, args.budget, args.jobs, args.seed, args.feedback,
                    EvalOptions(cache_dir=cache_dir()))
    predict = default_predict()
    if args.llm:
        return llm_cmd.run(args, task, run_dir, cfg.eval, predict)
    summary = _with_progress(lambda cb: optimize(task, cfg, predict, cb, resume=bool(args.resume)), args.budget)
    best = summary["best_seconds"]
    if not (summary["seed_ok"] or summary["first_ok_step"]):
        # new-user round 38: this named a best.dsl never written and said "no cost model"
        print(f"{task.name}: {summary['steps']} steps; no candidate was proved and matched its reference, so there "
              f"is no best kernel; the seed: {_seed_why(run_dir)}")
        return 1
    print(f"{task.name}: {summary['steps']} steps; best kernel {run_dir / 'best.dsl'}"
          + (f", model time {best:.4g} s ({summary['speedup']:.1f}x the seed, model)" if best else
             ", no cost model: rewards count accepted techniques")
          + f"; techniques: {', '.join(summary['best_techniques']) or 'none'}"
          + (f" ({summary['best_bound']}, model)" if summary.get("best_bound") else "")
          + (f"; {summary['rejected']} candidate(s) refused" if summary.get("rejected") else "")
          + (f"; the best kernel assumes more than the seed: {', '.join(summary['assumes_narrowed'])}"
             if summary.get("assumes_narrowed") else ""))
    return 0


def _run_dir_refused(run_dir: Path, resume: bool, task: str) -> str:
    """Why the run directory cannot take this run ("" when it can): a file, another run's
    directory without --resume, or --resume of another task's run (new-user round 38: those
    were an internal error, a silently mixed directory, and an overwritten run)."""
    import json
    if run_dir.exists() and not run_dir.is_dir():
        return f"the run directory {run_dir} is a file"
    if not run_dir.is_dir() or not any(run_dir.iterdir()):
        return ""
    if not resume:
        return f"the run directory {run_dir} is not empty: pass --resume {run_dir} to go on with that run"
    try:
        was = json.loads((run_dir / "summary.json").read_text()).get("task")
    except (OSError, ValueError):
        was = None
    if was is not None and was != task:
        return f"--resume {run_dir}: that run is of task '{was}', not '{task}'"
    return ""


def _seed_why(run_dir: Path) -> str:
    """The seed's verdict and why it was not accepted, from its evaluation in the run."""
    import json
    try:
        ev = json.loads((run_dir / "candidates" / "0000" / "evaluation.json").read_text())
    except (OSError, ValueError):
        return "not evaluated"
    return f"{ev.get('status', '?')} at the {ev.get('stage', '?')} stage: {ev.get('why') or 'no reason recorded'}"


def _with_progress(work, budget: int):
    """A rich progress bar when the terminal has one; a line per step otherwise."""
    counts: Counter = Counter()
    best = {"s": None}
    try:
        from rich.progress import Progress
    except ImportError:
        Progress = None

    def describe(e) -> str:
        ev = e["evaluation"]
        counts["ok" if ev.ok else ev.status] += 1
        if ev.ok and ev.seconds is not None and (best["s"] is None or ev.seconds < best["s"]):
            best["s"] = ev.seconds
        tally = " ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        b = f"{best['s']:.3g} s (model)" if best["s"] is not None else "-"
        return f"step {e['step']}: {e['what']} -> {ev.status}{' ok' if ev.ok else ''} | {tally} | best {b}"

    if Progress is None or not sys.stderr.isatty():
        return work(lambda e: print(describe(e), file=sys.stderr, flush=True))
    with Progress(transient=False) as bar:
        t = bar.add_task("optimize", total=budget)
        return work(lambda e: bar.update(t, completed=e["step"], description=describe(e)))


def register(sub) -> None:
    p = sub.add_parser("optimize", help="optimise a task's naive kernel into a fast proved one (offline agent)",
                       description="Plan rewrites from the knowledge base, verify, repair from counterexamples, "
                                   "check numerics on the simulator, reward by the cost model (labelled model).")
    p.add_argument("task", metavar="TASK.toml", help="a task file, or a KernelBench problem file (.py)")
    p.add_argument("--budget", type=int, default=40, help="candidates to evaluate (default 40)")
    p.add_argument("--jobs", type=int, default=1, help="candidates evaluated in parallel")
    p.add_argument("--seed", type=int, default=0, help="the policy's random seed")
    p.add_argument("--run-dir", metavar="D", help="where the run's files go (default runs/TASK-TIME)")
    p.add_argument("--resume", metavar="D", help="continue the interrupted run in D")
    p.add_argument("--feedback", choices=("counterexample", "passfail"), default="counterexample",
                   help="what repair sees: the full report, or only proved / not proved")
    p.add_argument("--memory", metavar="DIR", help="trajectory memory (default $XDG_CACHE_HOME/argus)")
    p.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    from . import llm_cmd
    llm_cmd.add_options(p)
    p.set_defaults(handler=optimize_main)
