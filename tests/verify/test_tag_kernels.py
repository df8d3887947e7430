"""The tag verifier on shipped kernels: proofs/ prove, tests/kernels/bad/tag_* are caught.

Each bad kernel marks the lines where findings are expected (`#! error[RULE]`); its full
report is pinned in NAME.expected (`pytest --regen-golden` rewrites it). Every TAG
counterexample is re-checked concretely: the reported tags are what the kernel's tag
functions give at the reported input elements, and the assertion is false on them.
"""
from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from argus_verify.report import format_verdict
from dsl import ir
from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

TAG_ONLY = VerifyOptions(rules=("TAG",))   # the memory rules have their own buggy kernels


def _opts(path: Path) -> VerifyOptions:
    """tag_* kernels are about tags; soundness_* ones pin any rule, so all rules run."""
    return TAG_ONLY if path.stem.startswith("tag_") else VerifyOptions()

ROOT = Path(__file__).resolve().parents[2]
BAD = sorted([*(ROOT / "tests/kernels/bad").glob("tag_*.dsl"), *(ROOT / "tests/kernels/bad").glob("soundness_*.dsl")])
GEMMS = sorted(p.stem for p in (ROOT / "proofs").glob("*.dsl"))
MARK = re.compile(r"#!\s*(.*)$")


def _load(path: Path):
    rel = str(path.relative_to(ROOT))
    result = check_source(path.read_text(), rel)
    assert result.ok, result.diagnostics
    return result.kernel


def _expected(path: Path) -> set[tuple[int, str]]:
    out = set()
    for n, line in enumerate(path.read_text().splitlines(), start=1):
        m = MARK.search(line)
        if m:
            out |= {(n, rule) for rule in re.findall(r"error\[([A-Z]+)\]", m.group(1))}
    return out


@pytest.mark.parametrize("name", GEMMS)
def test_kernel_proves_tags(name):
    verdict = verify_kernel(_load(ROOT / "proofs" / f"{name}.dsl"), TAG_ONLY)
    assert verdict.status == "proved", (verdict.findings, verdict.unknowns)
    assert verdict.obligations >= 2   # every shipped kernel states what makes it correct


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_kernel_caught_where_marked(path):
    verdict = verify_kernel(_load(path), _opts(path))
    got = {(f.span.line, f.rule) for f in verdict.findings if f.severity == "error"}
    assert verdict.status == "violation"
    assert got == _expected(path)


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_kernel_report_golden(path, golden, fresh_report):
    """Produced in a fresh process (tests/conftest.py: witnesses follow Z3's term ids)."""
    golden(path.with_suffix(".expected"), fresh_report(path, _opts(path).rules))


def _eval(e: ir.Expr, env: dict) -> int:
    """A tiny evaluator of integer IR expressions (CUDA truncating / and %)."""
    match e:
        case ir.IntLit(value=v):
            return v
        case ir.Sym(name=n) | ir.BuiltinRef(which=ir.Builtin(value=n)):
            return env[n]
        case ir.Neg(operand=x):
            return -_eval(x, env)
        case ir.Bin(op=op, lhs=a, rhs=b):
            x, y = _eval(a, env), _eval(b, env)
            if op is ir.BinOp.DIV:
                return int(x / y)
            if op is ir.BinOp.MOD:
                return x - y * int(x / y)
            return {"+": x + y, "-": x - y, "*": x * y, "==": x == y, "!=": x != y, "<": x < y, "<=": x <= y,
                    ">": x > y, ">=": x >= y, "and": x and y, "or": x or y}[op.value]
    raise AssertionError(f"cannot evaluate {e}")


def _tag_check(kernel: ir.Kernel, finding, cond: ir.Expr) -> None:
    env = {c.name: c.value for c in kernel.consts} | dict(finding.sizes) | dict(finding.iteration)
    env |= dict(finding.indices) | {f"block.{'xyz'[i]}": b for i, b in enumerate(finding.block)}
    values = {}
    for op in finding.operands:
        for tensor, coords in op.sources:
            decl = kernel.tag_of(tensor)
            want = {f: _eval(e, env | dict(zip(decl.indices, coords))) for f, e in decl.fields
                    if not any(isinstance(n, ir.ElemRef) for n in _nodes(e))}   # data-dependent: no data here
            assert all(want[f] == v for f, v in op.tag if f in want and len(op.sources) == 1), (op, want)
        values[op.text.split("[")[0]] = op.tag
    # A field may occur several times in a merged record: the assertion must hold for each
    # occurrence (docs/SEMANTICS.md), so the report is right if one choice falsifies it.
    leaves = [n for n in _nodes(cond) if isinstance(n, ir.TagField)]
    choices = [[v for f, v in values[leaf.elem.tensor] if f == leaf.field] for leaf in leaves]
    for pick in itertools.product(*choices):
        env |= {id(leaf): v for leaf, v in zip(leaves, pick)}
        if not _eval_with_leaves(cond, env):
            return
    raise AssertionError("the reported values satisfy the assertion")


def _nodes(e):
    from dsl.exprs import iter_nodes
    return iter_nodes(e)


def _eval_with_leaves(e, env):
    if isinstance(e, ir.TagField):
        return env[id(e)]
    if isinstance(e, ir.Bin):
        import dataclasses
        return _eval(dataclasses.replace(e, lhs=ir.IntLit(_eval_with_leaves(e.lhs, env)),
                                         rhs=ir.IntLit(_eval_with_leaves(e.rhs, env))), env)
    return _eval(e, env)


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_counterexamples_recheck(path):
    kernel = _load(path)
    verdict = verify_kernel(kernel, _opts(path))
    asserts = {p.span.line: p for p in ir.walk(kernel.body) if isinstance(p, ir.Assert)}
    checked = 0
    for f in verdict.findings:
        stmt = asserts.get(f.span.line)
        if f.rule != "TAG" or stmt is None or not f.operands or "assertion failed" not in f.message:
            continue
        conj = [c for c in _conjuncts(stmt.cond) if c.span.col == f.span.col]
        _tag_check(kernel, f, conj[0])
        checked += 1
    if any(f.rule == "TAG" and "assertion failed" in f.message and f.span.line in asserts for f in verdict.findings):
        assert checked


def _conjuncts(e):
    if isinstance(e, ir.Bin) and e.op is ir.BinOp.AND:
        return _conjuncts(e.lhs) + _conjuncts(e.rhs)
    return [e]


def test_cli_replays_every_counterexample(capsys):
    """argus-verify re-runs each counterexample on the concrete interpreter and says so."""
    import json
    # a generous budget: this checks that every witness replays, not how fast (a loaded box)
    from argus_verify.cli import verify_main
    path = ROOT / "tests/kernels/bad/tag_pipelined_slot.dsl"
    assert verify_main(["--json", "--timeout", "600", str(path)]) == 1
    findings = json.loads(capsys.readouterr().out)["results"][0]["findings"]
    assert findings and all(f["replayed"] is True for f in findings if f["rule"] not in ("RES", "BANK"))


def test_a_finding_that_does_not_replay_says_why(monkeypatch):
    """The note carries the interpreter's reason (a wrong attribute name once turned every
    such note into 'the interpreter failed (AttributeError)')."""
    from argus_verify.replay import replay_findings
    from argus_verify.report import format_verdict
    from interp import replay as interp_replay
    from dsl.check import check_source
    from encode.verifier import verify_kernel
    path = ROOT / "tests/kernels/bad/tag_pipelined_slot.dsl"
    kernel = check_source(path.read_text(), str(path)).kernel
    verdict = verify_kernel(kernel)
    monkeypatch.setattr(interp_replay, "replay_details",
                        lambda k, f, runs=None: interp_replay.ReplayOutcome(False, "the assertion holds there"))
    replayed = replay_findings(kernel, verdict)
    assert all(f.replay == "not reproduced: the assertion holds there" for f in replayed.findings)
    text = format_verdict(replayed)
    assert "note: the concrete interpreter did not reproduce this: the assertion holds there" in text
