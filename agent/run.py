"""`argus optimize`: the loop planner -> rewrite -> fill -> verify -> repair -> numerics ->
reward, over one task, within a budget of evaluated candidates.

Everything lands in the run directory, written atomically: candidates/NNNN/ (kernel.dsl,
verdict.json, report.txt, numerics.json, reward.json), trajectory.jsonl, best.dsl,
summary.json, and prior.json (the memory the run started from). The loop is deterministic
for a seed, so `--resume` replays it, reading finished candidates back instead of
evaluating them again: an interrupted run loses nothing."""
from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from dsl import ir

from .evaluate import EvalOptions, Evaluation, default_predict, evaluate_text
from .memory import Memory, append_line, atomic_write, digest, read_lines
from .task import Task, load_task

REPAIR_CAP = 12
EVAL_VERSION = 4    # bump when the evaluation changes (2: a candidate narrowing the sizes runs at fitted ones;
                    # 3: one whose assumptions exclude BENCH_SIZES is not priced; 4: nor one that spills)


@dataclass(frozen=True)
class RunConfig:
    run_dir: Path
    memory_dir: Path
    budget: int = 40
    jobs: int = 1
    seed: int = 0
    feedback: str = "counterexample"
    eval: EvalOptions = EvalOptions()
    eval_cache: Path | None = None      # where evaluations are cached (default: the memory)


@dataclass
class State:
    text: str
    kernel: ir.Kernel
    seconds: float | None
    applied: tuple[str, ...] = ()
    why: str = ""                      # the model's bound at BENCH_SIZES ("memory-bound: DRAM ...")


@dataclass
class Run:
    task: Task
    cfg: RunConfig
    predict: Callable | None
    progress: Callable = lambda event: None
    steps: int = 0
    records: list = field(default_factory=list)
    prior: list = field(default_factory=list)

    # ------------------------------------------------------------ candidates
    def evaluate(self, text: str, why: dict) -> Evaluation:
        """One step: evaluate (or read back, on resume) candidate number self.steps."""
        cdir = self.cfg.run_dir / "candidates" / f"{self.steps:04d}"
        done = cdir / "reward.json"
        if done.is_file() and (cdir / "kernel.dsl").read_text() == text:
            ev = Evaluation.from_dict(json.loads((cdir / "evaluation.json").read_text()))
        else:
            ev = self._fresh(text)
            _write_candidate(cdir, text, ev)
        self.steps += 1
        self.progress({"step": self.steps, "what": why.get("action", "seed"), "evaluation": ev})
        return ev

    def _fresh(self, text: str) -> Evaluation:
        """Evaluate, or reuse the memory's evaluation of the same text for the same task
        (with the same cost model present or absent)."""
        hit = self._cached(text)
        if hit is not None:
            return hit
        ev = evaluate_text(text, self.task, self.cfg.eval, self.predict)
        Memory(self.cfg.eval_cache or self.cfg.memory_dir).cache(self._key(), text, ev.as_dict())
        return ev

    def _fresh_parallel(self, texts: list[str | None]) -> list[Evaluation | None]:
        """Evaluations of the texts (None stays None). With --jobs > 1 in worker processes,
        since z3's default context may not be shared between threads; a worker loads the
        task from its file and uses the default cost model when this run has one."""
        if self.cfg.jobs <= 1 or sum(t is not None for t in texts) <= 1:
            return [None if t is None else self._fresh(t) for t in texts]
        hits = [None if t is None else self._cached(t) for t in texts]
        todo = [t for t, h in zip(texts, hits) if t is not None and h is None]
        with ProcessPoolExecutor(max_workers=self.cfg.jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            done = dict(zip(todo, pool.map(_worker, todo, [str(self.task.path)] * len(todo),
                                           [self.cfg.eval] * len(todo), [self.predict is not None] * len(todo))))
        out = []
        for t, h in zip(texts, hits):
            if t is not None and h is None:
                h = Evaluation.from_dict(done[t])
                Memory(self.cfg.eval_cache or self.cfg.memory_dir).cache(self._key(), t, h.as_dict())
            out.append(h)
        return out

    def _key(self) -> str:
        """Evaluations are reused only for the same task definition (sizes, tolerance and
        reference text), evaluation version and presence of the cost model."""
        t = self.task
        spec = json.dumps([t.test_sizes, t.bench_sizes, t.rtol, t.atol, t.reference_path.read_text()])
        return f"{t.name}-{EVAL_VERSION}-{self.predict is not None}-{digest(spec)}"

    def _cached(self, text: str) -> Evaluation | None:
        hit = Memory(self.cfg.eval_cache or self.cfg.memory_dir).cached(self._key(), text)
        return None if hit is None else Evaluation.from_dict(hit)

    def evaluate_many(self, texts: list[tuple[str, dict]]) -> list[Evaluation]:
        """Candidates evaluated in parallel (--jobs); numbered in the order given."""
        base = self.steps
        todo = []
        for i, (text, _) in enumerate(texts):
            cdir = self.cfg.run_dir / "candidates" / f"{base + i:04d}"
            cached = (cdir / "reward.json").is_file() and (cdir / "kernel.dsl").read_text() == text
            todo.append(None if cached else text)
        fresh = self._fresh_parallel(todo)
        out = []
        for (text, why), ev in zip(texts, fresh):
            cdir = self.cfg.run_dir / "candidates" / f"{self.steps:04d}"
            if ev is None:
                ev = Evaluation.from_dict(json.loads((cdir / "evaluation.json").read_text()))
            else:
                _write_candidate(cdir, text, ev)
            self.steps += 1
            self.progress({"step": self.steps, "what": why.get("action", "seed"), "evaluation": ev})
            out.append(ev)
        return out

    def record(self, rec: dict) -> None:
        rec = {"task": self.task.name, "seed": self.cfg.seed, "feedback": self.cfg.feedback, **rec}
        self.records.append(rec)
        path = self.cfg.run_dir / "trajectory.jsonl"
        index = len(self.records) - 1
        if index >= len(read_lines(path)):   # on resume, lines already there are kept
            append_line(path, rec)
            Memory(self.cfg.memory_dir).append(rec)


def _worker(text: str, task_path: str, opts: EvalOptions, use_model: bool) -> dict:
    return evaluate_text(text, load_task(task_path), opts, default_predict() if use_model else None).as_dict()


def _write_candidate(cdir: Path, text: str, ev: Evaluation) -> None:
    atomic_write(cdir / "kernel.dsl", text)
    atomic_write(cdir / "verdict.json", json.dumps({"status": ev.status, "findings": list(ev.findings)},
                                                   indent=1, sort_keys=True))
    atomic_write(cdir / "report.txt", _report(ev))
    atomic_write(cdir / "numerics.json", json.dumps(list(ev.numerics), indent=1, sort_keys=True))
    atomic_write(cdir / "evaluation.json", json.dumps(ev.as_dict(), indent=1, sort_keys=True))
    atomic_write(cdir / "reward.json", json.dumps({"seconds": ev.seconds, "label": ev.label, "ok": ev.ok},
                                                  sort_keys=True))


def _report(ev: Evaluation) -> str:
    lines = [f"stage {ev.stage}: {ev.status}" + (", numerically correct" if ev.correct else "")]
    for f in ev.findings:
        lines.append(f"line {f['line']}:{f['col']}: error[{f['rule']}] {f['message']}")
        if f["hint"]:
            lines.append(f"  hint: {f['hint']}")
    if ev.why:
        lines.append(ev.why)
    if ev.seconds is not None:
        lines.append(f"time {ev.seconds:.6g} s ({ev.label})")
    return "\n".join(lines) + "\n"
