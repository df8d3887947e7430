"""The offline policy: a UCB1 contextual bandit over the knowledge base's actions.

The context is the task's features (what kind of kernel the seed is); an arm is a
technique with concrete parameters. Each arm's value is the mean reward of its steps in
this context, over the memory of earlier runs and this run's steps: the log2 model
speedup a proved-and-correct candidate brought (1.0 per accepted candidate when no cost
model is present), 0 for a correct one that was not faster, -1 for one that never proved.
Score = mean + C * sqrt(ln(N + 1) / n); unseen arms score UNSEEN. Ties break by the cost
model's prediction for each candidate (model), then by a random.Random(seed) draw, so a run
is deterministic for a seed."""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from dsl import ir

from .kb import Action
from .speedup import log2_speedup

C = 1.0
UNSEEN = 2.0


def task_features(kernel: ir.Kernel) -> dict:
    """What the policy conditions on: the seed's computation, not its name."""
    body = list(ir.walk(kernel.body))
    dtypes = sorted({p.dtype.value for p in kernel.params if p.dtype.is_float})
    ops = sorted({type(s).__name__.lower() for s in body if isinstance(s, (ir.Mma, ir.Compute, ir.Copy))})
    data_index = any(not p.dtype.is_float for p in kernel.params)
    return {"dtypes": dtypes, "ops": ops, "indexed": data_index}


def context_key(features: dict) -> str:
    return f"{'+'.join(features['dtypes'])}|{'+'.join(features['ops'])}|{'idx' if features['indexed'] else ''}"


@dataclass
class Arms:
    """Reward statistics per (context, action key)."""
    totals: dict
    counts: dict

    @staticmethod
    def from_records(records: list[dict]) -> "Arms":
        arms = Arms({}, {})
        for r in records:
            if r.get("reward") is not None and r.get("kind") == "proposal":
                arms.add(r["context"], r["action"], r["reward"])
        return arms

    def add(self, context: str, action: str, reward: float) -> None:
        k = (context, action)
        self.totals[k] = self.totals.get(k, 0.0) + reward
        self.counts[k] = self.counts.get(k, 0) + 1

    def score(self, context: str, action: str, total_n: int) -> float:
        n = self.counts.get((context, action), 0)
        if n == 0:
            return UNSEEN
        return self.totals[(context, action)] / n + C * math.sqrt(math.log(total_n + 1) / n)


def choose(arms: Arms, context: str, candidates: list[Action], seed: int, step: int, k: int = 1,
           gains: dict | None = None) -> list[Action]:
    """The k best-scoring applicable actions. Equal scores (every arm unseen, as in a run with
    no memory) are ordered by `gains`, the log2 speedup the cost model predicts for each
    action's candidate before it is verified (model; missing: 0), then by a seeded draw."""
    total = sum(n for (c, _), n in arms.counts.items() if c == context)
    rng = random.Random(seed * 100003 + step)
    gains = gains or {}
    ranked = sorted(candidates, key=lambda a: (-arms.score(context, a.key, total), -gains.get(a.key, 0.0),
                                               rng.random()))
    return ranked[:k]


SPILLS = -8.0           # the gain of a candidate the model says wants more registers than the target has


def predicted_gain(prediction, current: float | None) -> float:
    """log2(current / predicted) model seconds for a candidate not yet verified
    (agent/speedup.log2_speedup), within [SPILLS, -SPILLS]: SPILLS where it wants more
    registers than the target has (such a kernel is not priced, agent/evaluate.py, and the
    verifier's RES refutes the worst: a level-2 GEMM spent its third step on a 128x128 tile
    over four split-K accumulators) or cannot launch; 0.0 where either time is unknown."""
    if prediction is None:
        return 0.0
    if prediction.spilled > 0:
        return SPILLS
    g = log2_speedup(current or None, prediction.seconds)
    return 0.0 if g is None else min(-SPILLS, max(SPILLS, g))


def learned_fill(records: list[dict], action: str, domains: list[tuple]) -> tuple[int, ...] | None:
    """The hole values that last proved for this action with these hole domains."""
    for r in reversed(records):
        if r.get("action") == action and r.get("ok") and r.get("fill") is not None \
                and r.get("domains") == [list(d) for d in domains]:
            return tuple(r["fill"])
    return None
