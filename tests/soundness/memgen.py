"""Random small kernels that stress the memory rules and the data-flow model.

Each kernel streams rows of X through a ring of shared slots with a random mix of copies,
async copies, commits, waits, barriers (some divergent), loads with various thread-value
layouts, uniform and thread-dependent branches, and tag assertions about which row a load
sees. Most of them are buggy on purpose: what matters is that the verifier and the
interpreter agree. Deterministic in the seed.
"""
from __future__ import annotations

import random

LAYOUTS = ["", " layout copy(vec=2)", " layout (32, 2):(2, 1)", " layout (32, 2):(1, 32)", " layout (64, 1):(1, 1)"]


def _slot(rnd: random.Random, ring: int) -> str:
    d = rnd.randrange(ring + 1)
    return f"(r + {d}) % {ring}" if d else f"r % {ring}"


def _statement(rnd: random.Random, ring: int, depth: int) -> list[str]:
    kinds = ["copy", "async", "commit", "wait", "barrier", "load", "assert", "shared_copy", "if", "warp_if",
             "thread_barrier"]
    weights = [3, 3, 2, 2, 3, 3, 2, 1, 1 if depth == 0 else 0, 1 if depth == 0 else 0, 0.3]
    kind = rnd.choices(kinds, weights)[0]
    slot, lay = _slot(rnd, ring), rnd.choice(LAYOUTS)
    if kind == "copy":
        return [f"copy s[{slot} : +1, 0 : +64], X[r : +1, 0 : +64]{lay}"]
    if kind == "async":
        return [f"copy_async s[{slot} : +1, 0 : +64], X[r : +1, 0 : +64]{lay}"]
    if kind == "commit":
        return ["commit"]
    if kind == "wait":
        return [f"wait_group {rnd.randrange(3)}"]
    if kind == "barrier":
        return ["barrier"]
    if kind == "load":
        return [f"y = load s[{slot} : +1, 0 : +64]{lay}"]
    if kind == "assert":
        return [f"assert tag(y[0, j]).row == r{rnd.choice(['', ' - 1', ' + 1'])}"]
    if kind == "shared_copy":
        return [f"copy t[0 : +64], s[{slot}, 0 : +64]{lay}", "z = load t[0 : +64]"]
    if kind == "thread_barrier":
        return ["if thread.x < 32:", "    barrier"]
    inner = [line for _ in range(rnd.randrange(1, 3)) for line in _statement(rnd, ring, depth + 1)]
    cond = f"r > {rnd.randrange(2)}" if kind == "if" else "thread.warp == 0"
    return [f"if {cond}:"] + ["    " + line for line in inner]


def kernel_text(seed: int) -> str:
    rnd = random.Random(seed)
    ring = rnd.choice([2, 3])
    prologue = [line for _ in range(rnd.randrange(0, 3)) for line in _statement(rnd, ring, 1)
                if "assert" not in line and "if" not in line and "    " not in line]
    prologue = [line.replace("(r + ", "(").replace("r % ", "0 % ").replace("X[r :", "X[0 :") for line in prologue]
    body = [line for _ in range(rnd.randrange(3, 8)) for line in _statement(rnd, ring, 0)]
    lines = [f"kernel mem{seed}(X: f32[R, 64], Y: f32[R, 64]):",
             "    assume R % 4 == 0 and R >= 4", "    grid (1)", "    threads 64",
             "    tag X[r, c] = (row=r, col=c)",
             f"    s = shared f32[{ring}, 64]", "    t = shared f32[64]",
             "    y = load X[0 : +1, 0 : +64]"]
    lines += ["    " + line for line in prologue]
    lines += ["    for r in range(R):"] + ["        " + line for line in body]
    lines += ["        store Y[r : +1, 0 : +64], y"]
    return "\n".join(lines) + "\n"
