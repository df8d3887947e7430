"""Random small kernels that stress tag propagation: accumulators over k-steps with skewed
offsets, loop bounds and guards, in-place elementwise updates, reductions, and set-valued
assertions (`range`, `covers`) next to pointwise ones. Deterministic in the seed."""
from __future__ import annotations

import random


def _off(rnd: random.Random) -> str:
    return rnd.choice(["", "", " + 1", " - 1"])


def kernel_text(seed: int) -> str:
    rnd = random.Random(seed)
    lo = rnd.choice(["0", "0", "1"])
    hi = rnd.choice(["K", "K", "K - 1", "K + 1"])
    ka, kb = _off(rnd), _off(rnd)
    body = [f"a = load A[block.x * 16 : +16, k{ka} : +1]", f"b = load B[k{kb} : +1, block.y * 16 : +16]"]
    if rnd.random() < 0.5:
        body.append("assert tag(a[i, 0]).k == tag(b[0, j]).k")
    update = rnd.choice([["acc = mma(a, b, acc)"], ["acc = mma(a, b, acc)"], ["p = mma(a, b, z)", "acc = acc + p"],
                         ["p = mma(a, b, z)", "acc = acc * 0.5 + p"]])
    if rnd.random() < 0.25:
        body += [f"if k > {rnd.randrange(2)}:"] + ["    " + u for u in update]
    else:
        body += update
    if rnd.random() < 0.3:
        body += ["r = sum(a, axis=1)", "s = s + r"]
    asserts = [rnd.choice([f"assert tag(acc[i, j]).k == range({lo}, {hi})",
                           f"assert covers(tag(acc[i, j]).k, {lo}, {hi})",
                           f"assert tag(acc[i, j]).k < {hi}",
                           f"assert tag(acc[i, j]).k >= {lo}"]),
               rnd.choice(["assert tag(acc[i, j]).row == block.x * 16 + i",
                           "assert tag(acc[i, j]).col == block.y * 16 + j",
                           "assert tag(s[i]).k == range(0, K)", "assert tag(s[i]).row == block.x * 16 + i"])]
    stop = rnd.choice(["K", "K", "K - 1", "K + 1"])
    start = rnd.choice(["0", "0", "1"])
    lines = ["kernel tags(A: f32[M, K], B: f32[K, N], C: f32[M, N]):",
             "    assume M % 16 == 0 and N % 16 == 0 and K >= 2", "    grid (M / 16, N / 16)", "    threads 256",
             "    tag A[i, k] = (row=i, k=k)", "    tag B[k, j] = (k=k, col=j)",
             "    acc = zeros f32[16, 16]", "    z = zeros f32[16, 16]", "    s = zeros f32[16]",
             f"    for k in range({start}, {stop}):"]
    lines += ["        " + line for line in body]
    lines += ["    " + a for a in asserts]
    lines += ["    store C[block.x * 16 : +16, block.y * 16 : +16], acc"]
    return "\n".join(lines) + "\n"
