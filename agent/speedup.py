"""The agent's one measure of progress: the log2 speedup the cost model (model figures, not
measured) gives a candidate over the kernel it would replace. The search's reward
(agent/optimize.py), the LLM loop's (agent/llm_loop.py) and the planner's prediction for a
candidate not yet verified (agent/planner.py) all read it, so they agree on its edge cases:
a time that is not a finite positive number is one the model says cannot launch (no block
fits on an SM: held-out round 29, where log2 of it ended a run)."""
from __future__ import annotations

import math


def log2_speedup(current: float | None, candidate: float | None) -> float | None:
    """log2(current / candidate) model seconds: positive when the candidate is faster. -inf
    when the candidate cannot launch, +inf when only the current kernel cannot; None when
    either time is unknown (a kernel the model cannot price)."""
    if current is None or candidate is None:
        return None
    if not (math.isfinite(candidate) and candidate > 0):
        return -math.inf
    if not (math.isfinite(current) and current > 0):
        return math.inf
    return math.log2(current / candidate)


def reward(ok: bool, current: float | None, candidate: float | None, modelled: bool) -> float:
    """A step's reward: -1 unless proved and correct; 1 for any correct candidate where there
    is no cost model or no time to beat; else the log2 speedup, at least -1 (0 where the
    model cannot price the candidate, 1 where only the current kernel cannot launch)."""
    if not ok:
        return -1.0
    if not modelled or not current:
        return 1.0
    g = log2_speedup(current, candidate)
    if g is None:
        return 0.0
    return 1.0 if g == math.inf else max(-1.0, g)
