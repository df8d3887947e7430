"""Random small kernels that stress the lowering of register tiles read across threads.

Each kernel streams two 32x32 tiles of X through a two-slot shared ring with a random mix of
copies, barriers (some missing), loads with various thread-value layouts, and uses that read
the loaded tile at other threads' elements: column and row reductions, an element-wise
statement with another distribution, a store with another layout. Those are the reads the
lowering forwards to the shared source or materialises. Whatever the verifier proves must
lower to code that matches the interpreter (codegen_cuda/differential.py). Deterministic in
the seed.
"""
from __future__ import annotations

import random

LAYOUTS = ["", " layout copy(vec=4)", " layout (128, 8):(8, 1)", " layout ((32, 4), 8):((1, 256), 32)"]
ROW_LAYOUTS = ["", " layout (32, 4):(1, 0)", " layout (128, 1):(1, 0)"]


def _slot(rnd: random.Random) -> str:
    return rnd.choice(["i % 2", "(i + 1) % 2", "0", "1"])


def _statement(rnd: random.Random, loaded: bool, lay: dict, stored: set) -> list[str]:
    # Each output element is stored at most once per iteration: two stores of one element
    # by different threads race in global memory, which COVER (left out of the sweep's
    # rules, since these kernels write outputs partially) is the rule to catch.
    kinds = ["copy", "barrier", "load", "reduce", "scale", "store_other"]
    free_z = "Z" not in stored
    weights = [3, 3, 3, 3 if loaded else 0, 2 if loaded and free_z else 0, 1 if loaded and free_z else 0]
    kind = rnd.choices(kinds, weights)[0]
    if kind == "copy":
        return [f"copy s[{_slot(rnd)}, 0 : +32, 0 : +32], X[i * 32 : +32, 0 : +32]{rnd.choice(LAYOUTS)}"]
    if kind == "barrier":
        return ["barrier"]
    if kind == "load":
        return [f"t = load s[{_slot(rnd)}, 0 : +32, 0 : +32]{lay['t']}"]
    if kind == "reduce":
        f, axis = rnd.choice(["sum", "max"]), rnd.randrange(2)
        row = rnd.choice([r for r in range(32) if f"Y{r}" not in stored])
        stored.add(f"Y{row}")
        return [f"m{axis} = {f}(t, axis={axis}){lay['m']}", f"store Y[i * 32 + {row}, 0 : +32], m{axis}"]
    stored.add("Z")
    if kind == "scale":
        return [f"u = t * 2.0{lay['u']}", "store Z[i * 32 : +32, 0 : +32], u"]
    return [f"store Z[i * 32 : +32, 0 : +32], t{rnd.choice(LAYOUTS)}"]


def kernel_text(seed: int) -> str:
    rnd = random.Random(seed)
    prologue = []
    if rnd.random() < 0.6:
        prologue.append(f"copy s[{rnd.randrange(2)}, 0 : +32, 0 : +32], X[0 : +32, 0 : +32]")
        if rnd.random() < 0.7:
            prologue.append("barrier")
    body, loaded, stored = [], False, set()
    lay = {"t": rnd.choice(LAYOUTS), "m": rnd.choice(ROW_LAYOUTS), "u": rnd.choice(LAYOUTS)}   # one per name
    for _ in range(rnd.randrange(3, 8)):
        lines = _statement(rnd, loaded, lay, stored)
        loaded = loaded or lines[0].startswith("t = load")
        body += lines
    lines = [f"kernel low{seed}(X: f32[M, 32], Y: f32[M, 32], Z: f32[M, 32]):",
             "    assume M == 64", "    grid (1)", "    threads 128",
             "    s = shared f32[2, 32, 32]"]
    lines += ["    " + line for line in prologue]
    lines += ["    for i in range(2):"] + ["        " + line for line in body]
    return "\n".join(lines) + "\n"
