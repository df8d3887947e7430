"""The memory rules on shipped kernels: proofs/ prove with no false alarm, and every
tests/kernels/bad/<rule>_*.dsl is caught where its `#! error[RULE]` (or
`#! warning[BANK]`) markers say, with a counterexample that is replayed concretely
(tests/encode/replay.py evaluates the IR at the reported sizes, threads and iterations).
Each bad kernel's full report is pinned in NAME.expected (`pytest --regen-golden`).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from argus_verify.report import format_verdict
from dsl import ir
from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

sys.path.insert(0, str(Path(__file__).resolve().parent))
from replay import Replay  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RULES = ("race", "sync", "async", "war", "bound", "init", "cover", "res", "bank", "unused", "start", "wrap", "grid")
BAD = sorted(p for p in (ROOT / "tests/kernels/bad").glob("*.dsl") if p.stem.split("_")[0] in RULES)
PROOFS = sorted((ROOT / "proofs").glob("*.dsl"))
REQUIRED = ["gemm_pipelined", "transpose_padded", "transpose_swizzled", "reduce_tree"]
# Real conflicts in correct kernels: each thread of gemm_regblock reads a column of sA.
KNOWN_BANK = {"gemm_regblock"}
MARK = re.compile(r"#!\s*(.*)$")


def _load(path: Path) -> ir.Kernel:
    result = check_source(path.read_text(), str(path.relative_to(ROOT)))
    assert result.ok, result.diagnostics
    return result.kernel


def _marks(path: Path, severity: str) -> set[tuple[int, str]]:
    out = set()
    for n, line in enumerate(path.read_text().splitlines(), start=1):
        m = MARK.search(line)
        if m:
            out |= {(n, rule) for rule in re.findall(severity + r"\[([A-Z]+)\]", m.group(1))}
    return out


def test_every_rule_has_three_bad_kernels():
    for rule in RULES:
        assert len([p for p in BAD if p.stem.startswith(rule + "_")]) >= 3, rule


def test_required_proofs_exist():
    names = {p.stem for p in PROOFS}
    assert set(REQUIRED) <= names


@pytest.mark.parametrize("path", PROOFS, ids=[p.stem for p in PROOFS])
def test_proof_raises_nothing(path):
    verdict = verify_kernel(_load(path), VerifyOptions())
    assert verdict.status == "proved", (verdict.findings, verdict.unknowns)
    assert not verdict.unknowns
    warnings = [f for f in verdict.findings if f.severity == "warning"]
    if path.stem not in KNOWN_BANK:
        assert not warnings, warnings


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_kernel_caught_and_replayed(path, golden, fresh_report):
    kernel = _load(path)
    verdict = verify_kernel(kernel, VerifyOptions())
    errors = {(f.span.line, f.rule) for f in verdict.findings if f.severity == "error"}
    warnings = {(f.span.line, f.rule) for f in verdict.findings if f.severity == "warning"}
    assert errors == _marks(path, "error")
    assert _marks(path, "warning") <= warnings
    rule = path.stem.split("_")[0].upper()
    mine = [f for f in verdict.findings if f.rule == rule]
    assert mine
    for f in mine:
        REPLAY[rule](kernel, f)
    # A bank conflict's witness is not minimised (its threads follow Z3's term ids, which the
    # tests before this one move): its report comes from a fresh process (tests/conftest.py).
    report = fresh_report(path) if any(f.rule == "BANK" for f in verdict.findings) else format_verdict(verdict) + "\n"
    golden(path.with_suffix(".expected"), report)


# ---------------------------------------------------------------- concrete replays
def _facts(op) -> dict:
    return dict(op.tag)


def _side(stmt, op) -> str:
    if _facts(op).get("elem"):
        return "elem"       # an element read in an expression (encode/elem_reads.py)
    return "dst" if _facts(op)["write"] else "src"


def _instance(rp: Replay, op):
    hop = op.hops[0]
    site = rp.site(hop.span.line)
    return site, dict(hop.loops), _facts(op)["thread"], hop.coords


def _position(events, stmt, it) -> int:
    key = tuple(sorted(it.items()))
    return next(i for i, (s, k) in enumerate(events) if s is stmt and k == key)


def _access_is_real(rp: Replay, op):
    site, it, t, coords = _instance(rp, op)
    assert rp.runs(site, t, it), "the reported thread does not run this instance"
    assert rp.touches(site.stmt, _side(site.stmt, op), t, it, coords), "the thread does not touch the element"
    return site, it, t, coords


def replay_pair(kernel, f) -> None:
    """RACE / WAR / ASYNC: both threads touch one address, and nothing orders them."""
    rp = Replay(kernel, dict(f.sizes), f.block, data=f.data)
    a, b = f.operands
    sa, ita, ta, ca = _access_is_real(rp, a)
    sb, itb, tb, cb = _access_is_real(rp, b)
    tensor = a.hops[0].storage
    assert rp.offset(tensor, ca) == rp.offset(tensor, cb)
    ea, eb = rp.events(ta), rp.events(tb)
    ia, ib = _position(ea, sa.stmt, ita), _position(eb, sb.stmt, itb)
    barrier_after = lambda i, start, events: [k for k, (s, _) in enumerate(events) if k > start and
                                              isinstance(s, ir.Barrier)]
    later_in_b = lambda ev: next((k for k, e in enumerate(eb) if e[0] is ev[0] and e[1] == ev[1]), None)
    async_a = isinstance(sa.stmt, ir.Copy) and sa.stmt.is_async and _facts(a)["write"]
    if not async_a:
        assert ta != tb
        for k in barrier_after(None, ia, ea):
            kb = later_in_b(ea[k])
            assert kb is None or kb >= ib, f"barrier at {ea[k]} orders the two accesses"
        return
    for k, (s, _) in enumerate(ea):
        if k <= ia or not isinstance(s, ir.WaitGroup):
            continue
        n = ir_int(kernel, s.pending)
        commits = sum(1 for s2, _ in ea[ia + 1:k] if isinstance(s2, ir.Commit))
        if commits < n + 1:
            continue
        if ta == tb:
            assert k >= ib, f"the wait at {ea[k]} retires the copy before the access"
            continue
        for x in barrier_after(None, k, ea):
            kb = later_in_b(ea[x])
            assert kb is None or kb >= ib, f"wait {ea[k]} and barrier {ea[x]} order the copy before the read"


def ir_int(kernel, e) -> int:
    from dsl import exprs
    return exprs.fold(e, {c.name: c.value for c in kernel.consts})


def replay_sync(kernel, f) -> None:
    if f.message.startswith("deadlock:"):
        return replay_deadlock(kernel, f)
    rp = Replay(kernel, dict(f.sizes), f.block, data=f.data)
    site = rp.site(f.span.line)
    reach, skip = (_facts(op) for op in f.operands)
    assert reach["reaches"] == 1 and skip["reaches"] == 0
    it = dict(f.iteration)
    assert rp.runs(site, reach["thread"], it) and not rp.runs(site, skip["thread"], it)


def replay_deadlock(kernel, f) -> None:
    """An mbarrier deadlock (encode/deadlock.py): the operands are a cycle of wait and arrival
    instances. Replayed by the parity arithmetic at the reported sizes: each instance runs;
    its round is how many earlier instances of its statement its thread ran on its element;
    a wait at round r with parity p needs phase r (p = r % 2) or r - 1 (p != r % 2), >= 0;
    the next instance arrives (or copies) on that element in that round; and after an
    arrival the next instance is a wait its own thread runs before it."""
    rp = Replay(kernel, dict(f.sizes), f.block, data=f.data)
    seen = []
    for op in f.operands:
        hop, facts = op.hops[0], _facts(op)
        site, it, t = rp.site(hop.span.line), dict(hop.loops), facts["thread"]
        assert rp.runs(site, t, it), "the reported thread does not run this instance"
        assert site.stmt.bar.bar == hop.storage
        env = rp.scope(t, it)
        x = rp.value(site.stmt.bar.index, env)
        assert (x,) == hop.coords
        events = rp.events(t)
        here = _position(events, site.stmt, it)
        same = lambda s, key: s is site.stmt and rp.value(s.bar.index, rp.scope(t, dict(key))) == x
        r = sum(1 for s, key in events[:here] if same(s, key))
        assert r == facts["round"]
        phase = None
        if isinstance(site.stmt, ir.MbarWait):
            p = rp.value(site.stmt.parity, env) % 2
            phase = r if r % 2 == p else r - 1
            assert phase == facts["phase"] and phase >= 0, "the wait returns at once"
        else:
            assert isinstance(site.stmt, (ir.Arrive, ir.TmaLoad))
        seen.append((site, it, t, x, r, phase, here))
    assert isinstance(seen[0][0].stmt, ir.MbarWait)
    for cur, nxt in zip(seen, seen[1:] + seen[:1]):
        site, it, t, x, r, phase, here = cur
        if phase is not None:       # a wait needs this arrival of the phase it waits for
            assert not isinstance(nxt[0].stmt, ir.MbarWait)
            assert nxt[0].stmt.bar.bar == site.stmt.bar.bar and nxt[3] == x and nxt[4] == phase
        else:                       # an arrival runs only after the waits before it on its thread
            assert isinstance(nxt[0].stmt, ir.MbarWait) and nxt[2] == t and nxt[6] < here


def replay_bound(kernel, f) -> None:
    if f.cause is not None:
        # a subscript that reads an element another finding reads out of bounds: its value is
        # any value there (encode/rootcause.py); that root is replayed on its own
        return
    rp = Replay(kernel, dict(f.sizes), f.block, data=f.data)
    (op,) = f.operands
    site, it, t, coords = _access_is_real(rp, op)
    shape = rp.shape(op.hops[0].storage)
    assert any(not 0 <= c < n for c, n in zip(coords, shape)), (coords, shape)


def replay_init(kernel, f) -> None:
    rp = Replay(kernel, dict(f.sizes), f.block, data=f.data)
    (op,) = f.operands
    site, it, t, coords = _access_is_real(rp, op)
    tensor = op.hops[0].storage
    for u in range(kernel.threads):     # each thread's own path: writes may be under its conditions
        events = rp.events(u)
        try:
            before = events[:_position(events, site.stmt, it)]
        except StopIteration:           # u does not reach the read: all it does counts
            before = events
        for s, key in before:
            if isinstance(s, (ir.Copy, ir.Store)) and s.dst.tensor == tensor:
                assert not rp.touches(s, "dst", u, dict(key), coords), s


def replay_cover(kernel, f) -> None:
    sizes = dict(f.sizes)
    if len(f.operands) == 2:
        seen = []
        for op in f.operands:
            facts = _facts(op)
            block = tuple(v for k, v in op.tag if k.startswith("block."))
            rp = Replay(kernel, sizes, block, data=f.data)
            hop = op.hops[0]
            it = {k: v for k, v in op.tag if k not in ("thread",) and not k.startswith("block.")}
            site = rp.site(hop.span.line)
            assert rp.runs(site, facts["thread"], it)
            assert rp.touches(site.stmt, "dst", facts["thread"], it, hop.coords)
            seen.append((hop.span.line, block, facts["thread"], tuple(sorted(it.items()))))
        assert seen[0] != seen[1]       # two stores, or one store at two blocks, threads or iterations
        return
    (op,) = f.operands
    coords = op.hops[0].coords
    if _facts(op).get("writes"):
        # a write outside a partial output's declared part: the store does write the element
        # at the reported block, thread and iteration, and the declaration's condition fails there
        rp = Replay(kernel, sizes, f.block, data=f.data)
        site = rp.site(op.hops[0].span.line)
        it = dict(op.hops[0].loops)
        assert rp.runs(site, f.thread, it) and rp.touches(site.stmt, "dst", f.thread, it, coords)
        decl = kernel.written_part(op.hops[0].storage)
        assert not rp.truth(decl.cond, {**rp.env, **dict(zip(decl.indices, coords))})
        return
    grid = [Replay(kernel, sizes).value(g, Replay(kernel, sizes).env) for g in kernel.grid]
    import itertools
    for block in itertools.product(*(range(g) for g in grid)):
        rp = Replay(kernel, sizes, block, data=f.data)
        for u in range(kernel.threads):     # each thread's own path: stores may be under its conditions
            for s, key in rp.events(u):
                if isinstance(s, ir.Store) and s.dst.tensor == op.hops[0].storage:
                    assert not rp.touches(s, "dst", u, dict(key), coords)


def replay_res(kernel, f) -> None:
    rp = Replay(kernel, dict(f.sizes), data=f.data)
    if "threads per block" in f.message:
        assert kernel.threads > 1024
    elif "setmaxnreg" in f.message:
        _replay_register_split(kernel, rp)
    elif "shared memory" in f.message:
        # the buffers in order, each on a 16-byte boundary (a swizzled one on 1024), then an
        # mbarrier's 8 bytes each
        import itertools
        total = 0
        for s in ir.walk(kernel.body):
            if isinstance(s, ir.Alloc):
                shape = rp.shape(s.tensor.name)
                top = max(rp.offset(s.tensor.name, c) for c in itertools.product(*(range(n) for n in shape)))
                align = 1024 if s.tensor.layout is not None and s.tensor.layout.kind == "swizzle" else 16
                total = -(-total // align) * align + (top + 1) * s.tensor.dtype.nbytes
            elif isinstance(s, ir.MbarAlloc):
                total = -(-total // 8) * 8 + 8 * s.size.value
        assert total > 227 * 1024
    else:
        biggest = max(ir_values(kernel, s.target) for s in ir.walk(kernel.body) if hasattr(s, "target"))
        assert biggest > 255


def _replay_register_split(kernel, rp: Replay) -> None:
    """Each warpgroup's count after the setmaxnreg its threads run (the launch cap if none):
    the counts times 128 threads exceed the register file."""
    sites = [s for s in ir.walk(kernel.body) if isinstance(s, ir.SetMaxNReg)]
    entry = min(248, 65536 // kernel.threads // 8 * 8)
    total = 0
    for g in range(kernel.threads // 128):
        counts = {ir_int(kernel, s.count) for s in sites for t in range(128 * g, 128 * g + 128)
                  if rp.runs(rp.site(s.span.line), t, {})}
        assert len(counts) <= 1
        total += 128 * (counts.pop() if counts else entry)
    assert total > 65536


def ir_values(kernel, t) -> int:
    n = 1
    for d in t.shape:
        n *= ir_int(kernel, d)
    return -(-n // kernel.threads) * t.dtype.nbytes // 4


def replay_bank(kernel, f) -> None:
    rp = Replay(kernel, dict(f.sizes), f.block, data=f.data)
    a, b = f.operands
    sa, it, ta, ca = _access_is_real(rp, _as_access(a, f))
    sb, _, tb, cb = _access_is_real(rp, _as_access(b, f))
    assert ta // 32 == tb // 32 and ta != tb
    tensor = a.hops[0].storage
    nbytes = rp.tensors[tensor].dtype.nbytes
    wa, wb = rp.offset(tensor, ca) * nbytes // 4, rp.offset(tensor, cb) * nbytes // 4
    assert wa % 32 == wb % 32 and wa != wb
    assert dict(f.indices)["degree"] >= 2


def _as_access(op, f):
    """BANK operands carry thread and lane; the side is the finding's statement's shared one."""
    from encode.findings import Operand
    write = int("copy into" in f.message or "copy_async into" in f.message or "store into" in f.message)
    return Operand(op.text, op.tag + (("write", write),), op.hops)


def replay_race(kernel, f) -> None:
    """RACE; between two blocks (global memory): each access is real in its own block, on one
    element, one of them a write, and the blocks differ (nothing orders blocks)."""
    a, b = f.operands
    blocks = [tuple(v for k, v in op.tag if k.startswith("block.")) for op in (a, b)]
    if not blocks[0]:
        return replay_pair(kernel, f)
    for op, block in zip((a, b), blocks):
        _access_is_real(Replay(kernel, dict(f.sizes), block, data=f.data), op)
    assert a.hops[0].coords == b.hops[0].coords and a.hops[0].storage == b.hops[0].storage
    assert blocks[0] != blocks[1] and (_facts(a)["write"] or _facts(b)["write"])


def replay_unused(kernel, f):
    """Advice: the parameter the finding points at is the kernel's, and nothing else in the
    kernel's text names it; or, for a tensor read only into tiles nothing reads, the
    interpreter's outputs are the same whatever that tensor holds."""
    loads = [s for s in ir.walk(kernel.body) if isinstance(s, ir.Load) and s.span == f.span]
    if loads:
        import numpy as np
        from interp.interpreter import interpret, random_inputs
        from interp.sizes import satisfying_sizes
        name = loads[0].src.tensor
        assert f.severity == "warning" and f"tensor {name} is read only into" in f.message
        sizes = satisfying_sizes(kernel)[0]
        inputs = random_inputs(kernel, sizes)
        first = interpret(kernel, sizes, inputs).outputs
        other = interpret(kernel, sizes, {**inputs, name: inputs[name] * 3.0 + 1.0}).outputs
        assert first.keys() == other.keys() and all(np.array_equal(first[k], other[k]) for k in first)
        return
    (p,) = [p for p in kernel.params if p.span == f.span]
    assert f.severity == "warning" and f"tensor {p.name} " in f.message
    text = Path(f.span.file).read_text() if Path(f.span.file).is_file() else (ROOT / f.span.file).read_text()
    body = [ln.split("#")[0] for ln in text.splitlines()[kernel.params[-1].span.end_line:]]
    assert not any(re.search(rf"\b{p.name}\b", ln) and not ln.strip().startswith("tag ") for ln in body)


def replay_start(kernel, f):
    """Advice made concrete: with every float input moved past the start (below it for a
    running maximum, above it for a minimum), the interpreter's outputs hold the start itself
    somewhere, not a value of the data."""
    import numpy as np
    from interp.interpreter import interpret, random_inputs
    from interp.sizes import satisfying_sizes
    assert f.severity == "warning"
    sizes = satisfying_sizes(kernel)[0]
    inputs = random_inputs(kernel, sizes)
    if "running product" in f.message:
        # a product from 0.0: every output it reaches is 0.0 whatever the (finite) data
        out = interpret(kernel, sizes, inputs).outputs
        assert any(np.all(v == 0.0) for v in out.values()), out
        return
    m = re.search(r"(?:running sum|accumulator) '\w+'(?: of this mma)? starts at (\S+)(?: on some path)?,", f.message)
    if m:
        # a sum from a number other than 0.0: with every float input 0.0, it is that number
        start = float(m.group(1))
        zero = {p.name: np.zeros_like(inputs[p.name]) for p in kernel.params if p.dtype.is_float and p.name in inputs}
        out = interpret(kernel, sizes, {**inputs, **zero}).outputs
        assert any(np.any(v == start) for v in out.values()), out
        return
    m = re.search(r"running (maximum|minimum) '(\w+)' starts at (\S+)(?: on some path)?,", f.message)
    start = float(m.group(3))
    past = -1.0 if m.group(1) == "maximum" else 1.0
    for p in kernel.params:
        if p.dtype.is_float and p.name in inputs:
            inputs[p.name] = (start + past * (1.0 + np.abs(inputs[p.name]))).astype(inputs[p.name].dtype)
    out = interpret(kernel, sizes, inputs).outputs
    assert any(np.any(v == start) for v in out.values()), out


def replay_wrap(kernel, f):
    """Advice made concrete: NumPy's int8 (the interpreter's tile math) holds the exact value
    the finding names as the wrapped one it names, and the operand values are int8 values."""
    import numpy as np
    assert f.severity == "warning"
    m = re.search(r"is (-?\d+) at (.*), which i8 holds as (-?\d+):", f.message)
    exact, held = int(m.group(1)), int(m.group(3))
    assert not -128 <= exact <= 127
    assert int(np.array([exact], np.int64).astype(np.int8)[0]) == held
    assert all(-128 <= int(v) <= 127 for v in re.findall(r"= (-?\d+)", m.group(2)))


def replay_grid(kernel, f):
    """Advice made concrete: the witness sizes satisfy every size assumption and make the
    named grid dimension below 1."""
    from interp.intexpr import IntEval
    from interp.inputs import is_data_assume
    assert f.severity == "warning"
    ev = IntEval({**dict(f.sizes), **{c.name: c.value for c in kernel.consts}})
    assert all(v >= 1 for _, v in f.sizes)
    assert all(bool(ev.cond(a)) for a in kernel.assumes if not is_data_assume(a))
    assert any(int(ev(d)) < 1 for d in kernel.grid)


REPLAY = {"RACE": replay_race, "WAR": replay_pair, "ASYNC": replay_pair, "SYNC": replay_sync,
          "BOUND": replay_bound, "INIT": replay_init, "COVER": replay_cover, "RES": replay_res,
          "BANK": replay_bank, "UNUSED": replay_unused, "START": replay_start, "WRAP": replay_wrap,
          "GRID": replay_grid}


@pytest.mark.parametrize("start,update,found", [
    ("z - inf", "maximum(m, max(x, axis=1))", False),            # the identity
    ("z", "maximum(m, max(abs(x), axis=1))", False),              # abs never passes 0.0: a floor
    ("z", "maximum(m, max(x, axis=1))", True),
    ("z + inf", "minimum(m, min(x, axis=1))", False),
    ("z + 1.0", "minimum(m, min(x * x, axis=1))", True),
    ("z + 0.0", "m + sum(x, axis=1)", False),                     # sums: 0.0 is the identity
    ("z", "sum(x, axis=1) + m - 1.0", False),
    ("z + 1.0", "m + sum(x, axis=1)", True),                      # held-out round 131
    ("z - 2.0", "m - sum(x, axis=1)", True),
    ("z + 1.0", "m * 0.5 + sum(x, axis=1)", True),                # a rescale by 0.5 keeps 1.0 * 0.5^n
    ("z + 1.0", "m * 0.0 + sum(x, axis=1)", False),               # the first rescale erases the start
    ("z", "-maximum(-m, -min(x, axis=1))", True),                  # a minimum through negation
    ("z + inf", "-maximum(-m, -min(x, axis=1))", False),
    ("z - inf", "-minimum(-m, -max(x, axis=1))", False),           # a maximum through negation
    ("z + 3.0", "-minimum(-m, -max(x, axis=1))", True),
])
def test_start_reports_only_a_start_the_data_may_pass(start, update, found):
    text = ("kernel k(X: f32[R, 64], Y: f32[R]):\n    assume R % 4 == 0\n    grid (R / 4)\n    threads 64\n"
            "    tag X[r, c] = (row=r, col=c)\n    tag Y[r] = (row=r)\n    z = zeros f32[4]\n"
            f"    m = {start}\n    for c in range(2):\n        x = load X[block.x * 4 : +4, 0 : +64]\n"
            f"        m = {update}\n    store Y[block.x * 4 : +4], m\n")
    kernel = check_source(text, "k.dsl").kernel
    verdict = verify_kernel(kernel, VerifyOptions(rules=("START",)))
    assert bool([f for f in verdict.findings if f.rule == "START"]) == found, verdict.findings


def test_a_rescaled_sum_from_one_warns_unless_its_first_rescale_is_zero():
    """tests/kernels/bad/start_online_softmax_sum_from_one.dsl (held-out round 134): l starts at
    1.0 beside a maximum started at tile 0's: START at the rescaled update. Started at -inf
    instead, with every tile in the loop, the first rescale is exp(-inf - m) = 0.0, which
    erases any start: no warning."""
    text = (ROOT / "tests/kernels/bad/start_online_softmax_sum_from_one.dsl").read_text()
    bad = verify_kernel(check_source(text, "k.dsl").kernel, VerifyOptions(rules=("START",)))
    assert [(f.span.line, f.rule, f.severity) for f in bad.findings] == [(21, "START", "warning")], bad.findings
    assert "rescales it by `exp(m_prev - m)`" in bad.findings[0].message
    ok = text.replace("    m = max(x0, axis=1)\n", "    m = z - inf\n").replace("range(1, C / BC)", "range(C / BC)")
    assert ok != text
    verdict = verify_kernel(check_source(ok, "k.dsl").kernel, VerifyOptions(rules=("START",)))
    assert not verdict.findings, verdict.findings


def test_start_follows_a_reset_inside_an_outer_loop():
    """`for rep: m = zeros; for ct: m = maximum(m, ...)`: the inner loop starts from the reset
    in the outer loop's body."""
    text = ("kernel k(X: f32[R, 64], Y: f32[R]):\n    assume R % 4 == 0\n    grid (R / 4)\n    threads 64\n"
            "    tag X[r, c] = (row=r, col=c)\n    tag Y[r] = (row=r)\n    for rep in range(1):\n"
            "        m = zeros f32[4]\n        for c in range(2):\n"
            "            x = load X[block.x * 4 : +4, 0 : +64]\n            m = maximum(m, max(x, axis=1))\n"
            "        store Y[block.x * 4 : +4], m\n")
    verdict = verify_kernel(check_source(text, "k.dsl").kernel, VerifyOptions(rules=("START",)))
    assert [f.span.line for f in verdict.findings if f.rule == "START"] == [11]


@pytest.mark.parametrize("value,assume,found", [
    ("a * b", "", True),
    ("cast(a, i32) * cast(b, i32)", "", False),                  # widened first
    ("a * b", " and A[r, k] >= 0 and A[r, k] <= 10 and B[r, k] >= -10 and B[r, k] <= 10", False),
    ("a - a", "", False),                                        # one operand: the witness is exact
    ("maximum(a, b)", "", False),
    ("a + 1", "", True),
    ("-a", "", True),
    ("a / 2 + b / 2", "", False),                                # in int64
])
def test_wrap_reports_i8_math_only_with_values_that_wrap(value, assume, found):
    text = ("kernel k(A: i8[R, 64], B: i8[R, 64], Y: i32[R, 64]):\n"
            f"    assume R % 4 == 0{assume}\n    grid (R / 4)\n    threads 64\n"
            "    a = load A[block.x * 4 : +4, 0 : +64]\n    b = load B[block.x * 4 : +4, 0 : +64]\n"
            f"    c = {value}\n    y = cast(c, i32)\n    store Y[block.x * 4 : +4, 0 : +64], y\n")
    result = check_source(text, "k.dsl")
    assert result.ok, [str(d) for d in result.diagnostics]
    verdict = verify_kernel(result.kernel, VerifyOptions(rules=("WRAP",)))
    assert bool([f for f in verdict.findings if f.rule == "WRAP"]) == found, verdict.findings


@pytest.mark.parametrize("assume,grid,found", [
    ("N <= 64", "N / 64", True),                  # N < 64: no block
    ("N >= 32 and N <= 64", "N / 64", True),
    ("N % 64 == 0", "N / 64", False),
    ("N <= 64", "(N + 63) / 64", False),          # rounded up: a block at every N >= 1
    ("N <= 128 and N % 64 == 0", "N / 64", False),
])
def test_grid_reports_sizes_the_assumes_allow_with_no_block(assume, grid, found):
    """Held-out round 77: a masked copy with `assume N <= 64` and `grid (N / 64)` proved and
    copies nothing for N < 64 (every proof starts from a grid with a block)."""
    text = (f"kernel k(X: f32[N], Y: f32[N]):\n    assume {assume}\n    grid ({grid})\n    threads 64\n"
            "    tag X[i] = (i=i)\n    tag Y[i] = (i=i)\n"
            "    x = load X[block.x * 64 : +64] masked(fill=0.0)\n    store Y[block.x * 64 : +64], x masked\n")
    kernel = check_source(text, "k.dsl").kernel
    verdict = verify_kernel(kernel, VerifyOptions())
    assert verdict.status == "proved", (verdict.findings, verdict.unknowns)
    grid_findings = [f for f in verdict.findings if f.rule == "GRID"]
    assert bool(grid_findings) == found, verdict.findings
    for f in grid_findings:
        replay_grid(kernel, f)



@pytest.mark.parametrize("name,reset", [
    ("start_rowmax_reset_in_first_iteration", "z - inf"), ("start_rowmax_reset_in_earlier_loop", "z - inf"),
    ("start_rowmax_reset_at_end_of_outer_body", "z - inf"), ("start_row_product_reset_in_first_iteration", "z + 1.0"),
])
def test_start_with_the_reset_at_the_identity_reports_nothing(name, reset):
    """Held-out round 128's resets (inside the loop, in an earlier loop, at the end of an outer
    loop's body) are followed to the update they start (tests/kernels/bad/<name>.dsl); the
    same kernels resetting to the operation's identity report nothing."""
    text = (ROOT / "tests/kernels/bad" / f"{name}.dsl").read_text()
    ok = text.replace("= z + 0.0", f"= {reset}")
    assert ok != text
    verdict = verify_kernel(check_source(ok, "k.dsl").kernel, VerifyOptions(rules=("START",)))
    assert not verdict.findings, verdict.findings


def test_an_accumulator_rescaled_from_zeros_and_added_to_is_no_running_product():
    """tests/verify/kernels/r41_ok_attn_key_fill_one.dsl: `acc = acc * bcast(alpha)` from zeros,
    then `acc = mma(p, v, acc)` in the same loop: a rescaled sum, not a product from 0.0."""
    path = ROOT / "tests/verify/kernels/r41_ok_attn_key_fill_one.dsl"
    verdict = verify_kernel(check_source(path.read_text(), path.name).kernel, VerifyOptions(rules=("START",)))
    assert not verdict.findings, verdict.findings


def test_start_over_twelve_nested_loops_walks_each_body_a_bounded_number_of_times():
    """Each loop's head is a fixpoint of a few passes over its body; a loop inside another's
    passes takes one, so twelve nested loops cost linear time, not 4^12 walks (and the reset
    at the end of the innermost body still starts the next iteration's update at 0.0)."""
    body, ind = "    m = z - inf\n", "    "
    for d in range(12):
        body += ind + f"for a{d} in range(2):\n"
        ind += "    "
    body += ind + "m = maximum(m, max(x, axis=1))\n" + ind + "m = z + 0.0\n"
    text = ("kernel k(X: f32[R, 64], Y: f32[R]):\n    assume R % 4 == 0\n    grid (R / 4)\n    threads 64\n"
            "    tag X[r, c] = (row=r, col=c)\n    tag Y[r] = (row=r)\n    z = zeros f32[4]\n"
            "    x = load X[block.x * 4 : +4, 0 : +64]\n" + body + "    store Y[block.x * 4 : +4], m\n")
    verdict = verify_kernel(check_source(text, "deep.dsl").kernel, VerifyOptions(rules=("START",)))
    assert [f.span.line for f in verdict.findings if f.rule == "START"] == [22]
