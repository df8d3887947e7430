"""The LLM's turns on a task: prompt -> answer -> check -> verify, run, score -> feedback,
keeping the best proved and correct kernel; each turn's prompt, answer, token usage and
verdict land in RUN_DIR/llm/NNNN/, totals in llm/summary.json."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from dsl import ir

from . import planner
from .evaluate import EvalOptions, Evaluation, evaluate_text
from .llm import Usage
from .prompt import (HistoryRow, Knowledge, build_messages, evaluation_feedback, read_answer, reference_card,
                     technique_of)
from .speedup import reward
from .task import Task

FEEDBACK_MODES = ("counterexample", "passfail")
MAX_EARLIER = 12


@dataclass(frozen=True)
class LoopConfig:
    run_dir: Path
    turns: int = 8
    feedback: str = "counterexample"
    eval: EvalOptions = field(default_factory=EvalOptions)


@dataclass(frozen=True)
class Best:
    text: str
    seconds: float | None
    turn: int           # -1: the seed


def signature_feedback(kernel: ir.Kernel, seed: ir.Kernel, seed_text: str) -> str:
    """The answer must keep the seed's parameters: names, dtypes and shapes (spans aside)."""
    def sig(k):
        return [(p.name, p.dtype, p.shape) for p in k.params]
    if sig(kernel) != sig(seed):
        line = next((ln.strip() for ln in seed_text.splitlines() if ln.lstrip().startswith("kernel ")), "")
        return f"the parameters changed: keep the seed's kernel line exactly: {line}"
    return ""


def reward_of(ev: Evaluation, best: Best | None) -> float:
    """-1 unless proved and correct; else the log2 model speedup over the best so far
    (agent/speedup.reward: 1.0 when there is no time to beat)."""
    return reward(ev.ok, best.seconds if best else None, ev.seconds, True)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)


def earlier_rows(prior: Sequence[dict], context: str) -> tuple[HistoryRow, ...]:
    """The memory's last steps (offline proposals and LLM turns) in the same context."""
    rows = [r for r in prior if r.get("context") == context and r.get("kind") in ("proposal", "llm_turn")
            and r.get("verdict")]
    return tuple(HistoryRow(int(r.get("step", 0)), str(r.get("technique", "?")), str(r["verdict"]), r.get("reward"))
                 for r in rows[-MAX_EARLIER:])


def llm_optimize(task: Task, chat: Callable, cfg: LoopConfig, predict: Callable | None,
                 knowledge: Sequence[Knowledge] = (), progress: Callable = lambda e: None,
                 prior: Sequence[dict] = (), remember: Callable = lambda record: None) -> dict:
    """Run cfg.turns LLM turns on `task`. `chat(messages) -> llm.Reply` (an llm.Client's chat);
    `prior` is the trajectory memory, `remember(record)` appends a turn to it."""
    if cfg.feedback not in FEEDBACK_MODES:
        raise ValueError(f"feedback must be one of {FEEDBACK_MODES}")
    out_dir = cfg.run_dir / "llm"
    context = planner.context_key(planner.task_features(task.seed))
    earlier = earlier_rows(prior, context)
    seed_ev = evaluate_text(task.seed_text, task, cfg.eval, predict)
    best = Best(task.seed_text, seed_ev.seconds, -1) if seed_ev.ok else None
    current, feedback, card, last = task.seed_text, "", reference_card(), ""
    history = [HistoryRow(0, "seed", "ok" if seed_ev.ok else seed_ev.status, None)]
    usage, turns, stopped = Usage(), [], ""
    for turn in range(cfg.turns):
        messages = build_messages(_task_text(task), current, knowledge, history, feedback, card, last, earlier)
        reply = chat(messages)
        usage = usage + reply.usage
        rec = {"turn": turn, "reply": reply.as_dict()}
        tdir = out_dir / f"{turn:04d}"
        _write(tdir / "prompt.json", json.dumps(messages, indent=1))
        _write(tdir / "answer.txt", reply.text)
        if reply.kind == "failed":
            rec.update(verdict="endpoint_failed", feedback=reply.error)
            _write(tdir / "turn.json", json.dumps(rec, indent=1, sort_keys=True))
            turns.append(rec)
            stopped = reply.error
            progress({"turn": turn, "verdict": "endpoint_failed", "why": reply.error})
            break
        verdict, reward, feedback, ev, text = _judge(reply, task, cfg, predict, best, f"{task.name}.llm{turn}.dsl")
        rec.update(verdict=verdict, reward=reward, feedback=feedback, technique=technique_of(text),
                   evaluation=ev.as_dict() if ev is not None else None)
        if text:
            _write(tdir / "kernel.dsl", text)
        last = text
        if ev is not None and ev.ok and (best is None or best.seconds is None or ev.seconds is None
                                         or ev.seconds < best.seconds):
            best = Best(text, ev.seconds, turn)
            current, last = text, ""
        _write(tdir / "turn.json", json.dumps(rec, indent=1, sort_keys=True))
        turns.append(rec)
        history.append(HistoryRow(turn + 1, technique_of(text), verdict, reward))
        remember({"kind": "llm_turn", "task": task.name, "context": context, "step": turn + 1,
                  "technique": technique_of(text), "verdict": verdict, "reward": reward, "feedback": cfg.feedback})
        progress({"turn": turn, "verdict": verdict, "reward": reward, "usage": reply.usage.as_dict()})
    return _finish(out_dir, task, cfg, seed_ev, best, turns, usage, stopped)


def _finish(out_dir: Path, task: Task, cfg: LoopConfig, seed_ev: Evaluation, best: Best | None, turns: list,
            usage: Usage, stopped: str) -> dict:
    summary = {"task": task.name, "feedback": cfg.feedback, "turns": len(turns), "label": "model",
               "seed_ok": seed_ev.ok, "seed_seconds": seed_ev.seconds,
               "best_turn": best.turn if best else None, "best_seconds": best.seconds if best else None,
               "first_ok_turn": next((t["turn"] for t in turns if t.get("verdict") == "ok"), None),
               "usage": usage.as_dict(), "stopped": stopped,
               "verdicts": [t["verdict"] for t in turns]}
    if best is not None:
        _write(out_dir / "best.dsl", best.text)
    _write(out_dir / "summary.json", json.dumps(summary, indent=1, sort_keys=True))
    return summary


def _judge(reply, task: Task, cfg: LoopConfig, predict, best: Best | None, file: str):
    """(verdict, reward, feedback for the next turn, evaluation or None, the DSL text or "")."""
    if reply.kind != "ok":
        return reply.kind, -1.0, f"your last answer was unusable ({reply.error}); answer with one ```dsl block", \
            None, ""
    answer = read_answer(reply.text, file)
    if not answer.ok:
        return ("rejected" if not answer.text else "bad_input"), -1.0, answer.feedback, None, answer.text
    sig = signature_feedback(answer.kernel, task.seed, task.seed_text)
    if sig:
        return "bad_input", -1.0, sig, None, answer.text
    ev = evaluate_text(answer.text, task, cfg.eval, predict)
    verdict = "ok" if ev.ok else ("incorrect" if ev.status == "proved" else ev.status)
    return verdict, reward_of(ev, best), evaluation_feedback(ev.as_dict(), cfg.feedback), ev, answer.text


def _task_text(task: Task) -> str:
    def show(sizes):
        return ", ".join(f"{k}={v}" for k, v in sizes)
    return (f"{task.name}: {task.description}\nsizes that count for speed: {show(task.bench_sizes)}\n"
            f"sizes it must also run correctly at (simulator; its assumes must allow them): {show(task.test_sizes)}")


def applicable_knowledge(kernel: ir.Kernel) -> tuple[Knowledge, ...]:
    """The knowledge base's techniques with at least one rewrite that applies to `kernel`."""
    from .kb import actions, load_kb
    from .rewrites import REWRITES
    kb = load_kb()
    applies = {a.technique for a in actions(kb) if REWRITES[a.rewrite](kernel, dict(a.params)) is not None}
    return tuple(Knowledge(t.name, t.description, t.preconditions, t.effect) for t in kb if t.name in applies)
