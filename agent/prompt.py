"""The LLM's prompt (reference card, applicable knowledge, history table, current kernel,
counterexample or pass/fail feedback) and the reading of its answer: DSL in one fenced
block, parsed and checked; the model's text is data, never executed."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from dsl import ir
from dsl.check import check_source

CARD_PATH = Path(__file__).resolve().parent / "dsl_card.md"
FENCE = re.compile(r"^```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)
# Lines that are Python and never DSL: the DSL has no import, def, class, decorator,
# while, return, lambda, with or try.
PYTHON_LINE = re.compile(r"^\s*(import\s+\w|from\s+[\w.]+\s+import\b|def\s+\w+\s*\(|class\s+\w+|@\w|"
                         r"while\s|return\b|with\s|try\s*:|lambda\b|print\s*\()", re.M)
MAX_FINDINGS = 4


def reference_card() -> str:
    return CARD_PATH.read_text()


@dataclass(frozen=True)
class HistoryRow:
    step: int
    technique: str
    verdict: str
    reward: float | None


@dataclass(frozen=True)
class Knowledge:
    """A knowledge-base entry as the prompt shows it."""
    name: str
    description: str
    preconditions: tuple[str, ...] = ()
    effect: str = ""


@dataclass(frozen=True)
class Answer:
    """A model answer read: the kernel when it parsed and checked, else feedback saying why."""
    text: str
    kernel: ir.Kernel | None
    feedback: str

    @property
    def ok(self) -> bool:
        return self.kernel is not None


SYSTEM = ("You optimise GPU kernels written in the Argus tile DSL. Every kernel you write is proved "
          "by a verifier and run against a reference before it counts. Answer with the whole kernel "
          "in exactly one fenced ```dsl block and nothing else of substance: no Python, no CUDA; "
          "nothing you write is executed. Open the kernel with a comment `# technique: NAME` naming "
          "what you applied (a knowledge-base name, or a few words).\n\n")
TECHNIQUE = re.compile(r"^\s*#\s*technique:\s*(\S.{0,60}?)\s*$", re.M)


def technique_of(dsl_text: str) -> str:
    """The technique the answer names in its `# technique:` comment, else "llm"."""
    m = TECHNIQUE.search(dsl_text)
    return m.group(1).replace("|", "/") if m else "llm"


def build_messages(task: str, kernel_text: str, knowledge: Sequence[Knowledge], history: Sequence[HistoryRow],
                   feedback: str, card: str, last_answer: str = "", earlier: Sequence[HistoryRow] = ()) -> list[dict]:
    """The chat messages of one turn: the card as the system message, the rest as the user's.
    `last_answer` is the model's previous kernel when it was not kept: the feedback's line
    numbers refer to it. `earlier`: steps of earlier runs on kernels like this one (memory)."""
    parts = [f"## Task\n{task}", _knowledge_section(knowledge),
             _history_section(earlier, "## Earlier runs on kernels like this one (trajectory memory)")
             if earlier else "", _history_section(history),
             f"## Current kernel (the best proved so far)\n```dsl\n{kernel_text.rstrip()}\n```"]
    if last_answer:
        parts.append(f"## Your last answer\n```dsl\n{last_answer.rstrip()}\n```")
    if feedback:
        parts.append(f"## Feedback on your last answer\n{feedback}")
    parts.append("Write a faster kernel that still proves and computes the same outputs, or fix the "
                 "last answer using the feedback.")
    return [{"role": "system", "content": SYSTEM + card},
            {"role": "user", "content": "\n\n".join(p for p in parts if p)}]


def _knowledge_section(knowledge: Sequence[Knowledge]) -> str:
    if not knowledge:
        return ""
    lines = ["## Techniques that apply (knowledge base)"]
    for k in knowledge:
        lines.append(f"- {k.name}: {k.description}")
        if k.preconditions:
            lines.append(f"  needs: {'; '.join(k.preconditions)}")
        if k.effect:
            lines.append(f"  effect: {k.effect}")
    return "\n".join(lines)


def _history_section(history: Sequence[HistoryRow], title: str = "## History") -> str:
    if not history:
        return f"{title}\n(no steps yet)"
    lines = [title, "| step | technique | verdict | reward |", "|---|---|---|---|"]
    for h in history:
        reward = "-" if h.reward is None else f"{h.reward:.3g}"
        lines.append(f"| {h.step} | {h.technique} | {h.verdict} | {reward} |")
    return "\n".join(lines)


def evaluation_feedback(ev: dict, mode: str) -> str:
    """What the model hears about a candidate it wrote. `passfail` gives only the verdict;
    `counterexample` gives the verifier's findings as structured data (rule, line,
    block, thread, iteration, operands with their tags, hint) and the numerics failure."""
    verdict = "proved and numerically correct" if ev["ok"] else \
        "proved but numerically wrong" if ev["status"] == "proved" else ev["status"]
    if mode == "passfail":
        return f"verdict: {verdict}"
    lines = [f"verdict: {verdict} (stage {ev['stage']})"]
    findings = list(ev.get("findings", ()))[:MAX_FINDINGS]
    if findings:
        lines.append("counterexample report (JSON):")
        lines.append(json.dumps(findings, indent=1, sort_keys=True))
    if ev.get("why"):
        lines.append(f"why: {ev['why']}")
    return "\n".join(lines)


def extract_dsl(answer: str) -> tuple[str | None, str]:
    """(the DSL text, "") or (None, feedback): one fenced block, not Python."""
    blocks = FENCE.findall(answer)
    if not blocks:
        return None, "no fenced block: answer with the whole kernel in one ```dsl block"
    if len(blocks) > 1:
        return None, f"{len(blocks)} fenced blocks: answer with exactly one ```dsl block"
    lang, body = blocks[0]
    if lang.lower() in ("python", "py", "cuda", "cpp", "c++", "c") or (PYTHON_LINE.search(body) and
                                                                    not re.search(r"^\s*kernel\s", body, re.M)):
        return None, "the answer is Python or CUDA, not DSL: it is never executed; write the kernel in the DSL"
    return body, ""


def read_answer(answer: str, file: str) -> Answer:
    """Extract, parse and check; the first diagnostics come back as feedback lines."""
    body, why = extract_dsl(answer)
    if body is None:
        return Answer("", None, why)
    checked = check_source(body, file)
    if checked.ok:
        return Answer(body, checked.kernel, "")
    diags = sorted(checked.diagnostics, key=lambda d: (d.span.line, d.span.col, d.code))[:MAX_FINDINGS]
    lines = ["the kernel does not parse or check:"]
    for d in diags:
        lines.append(f"line {d.span.line}:{d.span.col}: error[{d.code}] {d.message}" +
                     (f" (hint: {d.hint})" if d.hint else ""))
    return Answer(body, None, "\n".join(lines))
