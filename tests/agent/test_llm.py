"""The LLM backend against a scripted OpenAI-compatible server on loopback: good answers,
garbage, Python, 429 then success, 500, a stall, malformed bodies, the counterexample
repair and pass/fail feedback; the key never lands in the run directory or the logs."""
from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from llm_server import ScriptedServer, answer, raw, stall, status  # noqa: E402

from agent.evaluate import EvalOptions  # noqa: E402
from agent.llm import Client, LLMConfigError, LLMOptions, backoff_delay, options_from_env  # noqa: E402
from agent.llm_loop import LoopConfig, llm_optimize  # noqa: E402
from agent.prompt import extract_dsl, read_answer, reference_card  # noqa: E402
from agent.task import load_task  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
KEY = "sk-argus-test-0123456789-DO-NOT-LEAK"
ROW_SUM = (ROOT / "tasks" / "seeds" / "row_sum.dsl").read_text()
# The loop starts at column tile 0 although tile 0 was summed before it: the tag assertion
# over the columns fails, and the counterexample names it.
ROW_SUM_BUG = ROW_SUM.replace("for ct in range(1, C / BC):", "for ct in range(0, C / BC):")
PYTHON = "```python\nimport numpy as np\ndef row_sum(x):\n    return x.sum(axis=1)\n```"


def fenced(text: str) -> str:
    return f"Here is the kernel.\n```dsl\n{text}```\n"


def client(srv: ScriptedServer, sleeps: list, **kw) -> Client:
    opts = LLMOptions(srv.base_url, "scripted-model", KEY, timeout_s=kw.pop("timeout_s", 5.0),
                      backoff_s=0.01, **kw)
    return Client(opts, sleep=sleeps.append)


def run_loop(steps, tmp_path, turns, feedback="counterexample", input_seeds=(0, 1)):
    """One input seed where the test is about the prompts, not the numerics (it is faster)."""
    task = load_task(ROOT / "tasks" / "row_sum.toml")
    cfg = LoopConfig(tmp_path / "run", turns=turns, feedback=feedback,
                     eval=EvalOptions(cache_dir=tmp_path / "cache", input_seeds=input_seeds))
    with ScriptedServer(steps) as srv:
        summary = llm_optimize(task, client(srv, []).chat, cfg, None)
    return summary, srv, cfg.run_dir


def user_prompt(body: dict) -> str:
    return next(m["content"] for m in body["messages"] if m["role"] == "user")


# ------------------------------------------------------------------ the client
def test_429_then_success_backs_off_and_counts_attempts():
    sleeps = []
    with ScriptedServer([status(429), status(429), answer("ok", 7, 3)]) as srv:
        r = client(srv, sleeps).chat([{"role": "user", "content": "hi"}])
    assert r.ok and r.text == "ok" and r.attempts == 3
    assert r.usage.prompt_tokens == 7 and r.usage.completion_tokens == 3 and r.usage.total_tokens == 10
    assert len(sleeps) == 2 and sleeps[1] > sleeps[0] > 0           # exponential


def test_500_exhausts_bounded_retries():
    with ScriptedServer([status(500)] * 3) as srv:
        r = client(srv, [], retries=2).chat([{"role": "user", "content": "hi"}])
        assert len(srv.requests) == 3
    assert r.kind == "failed" and "HTTP 500" in r.error and r.attempts == 3


def test_a_client_error_is_not_retried():
    with ScriptedServer([status(400), answer("never")]) as srv:
        r = client(srv, []).chat([{"role": "user", "content": "hi"}])
        assert len(srv.requests) == 1
    assert r.kind == "failed" and "HTTP 400" in r.error


def test_stalled_response_times_out_then_retries():
    with ScriptedServer([stall(2.0), answer("after the stall")]) as srv:
        r = client(srv, [], timeout_s=0.5).chat([{"role": "user", "content": "hi"}])
    assert r.ok and r.text == "after the stall" and r.attempts == 2


def test_malformed_and_empty_answers_are_data_not_exceptions():
    with ScriptedServer([raw(b"<html>oops"), raw(b'{"choices": []}'), answer(""), answer(None)]) as srv:
        c = client(srv, [])
        kinds = [c.chat([{"role": "user", "content": "hi"}]).kind for _ in range(4)]
    assert kinds == ["malformed", "malformed", "empty", "empty"]


def test_an_endpoint_echoing_the_key_does_not_put_it_in_the_error():
    with ScriptedServer([status(401, f"invalid key {KEY}")]) as srv:
        r = client(srv, []).chat([{"role": "user", "content": "hi"}])
    assert r.kind == "failed" and "HTTP 401" in r.error and KEY not in r.error and "***" in r.error


def test_backoff_is_deterministic_capped_and_seeded():
    o = LLMOptions("http://x", "m", KEY, backoff_s=1.0, backoff_max_s=5.0, seed=3)
    assert backoff_delay(o, 0, 1) == backoff_delay(o, 0, 1)
    assert backoff_delay(o, 0, 10) <= 5.0 * 1.25
    assert backoff_delay(LLMOptions("http://x", "m", KEY, seed=4), 0, 1) != backoff_delay(o, 0, 1)


def test_options_come_from_the_environment_given_and_hide_the_key():
    with pytest.raises(LLMConfigError, match="OPENAI_API_KEY"):
        options_from_env({"OPENAI_BASE_URL": "http://x", "ARGUS_MODEL": "m"})
    o = options_from_env({"OPENAI_BASE_URL": "http://x", "ARGUS_MODEL": "m", "OPENAI_API_KEY": KEY}, seed=2)
    assert o.model == "m" and o.seed == 2 and KEY not in repr(o)


# ------------------------------------------------------------------ reading answers
def test_answers_are_extracted_checked_and_never_python():
    assert extract_dsl(PYTHON)[0] is None and "Python" in extract_dsl(PYTHON)[1]
    assert "no fenced block" in extract_dsl("kernel x():")[1]
    assert "exactly one" in extract_dsl(fenced(ROW_SUM) + fenced(ROW_SUM))[1]
    assert read_answer(fenced(ROW_SUM), "a.dsl").ok
    bad = read_answer(fenced(ROW_SUM.replace("sum(x, axis=1)", "sum(xx, axis=1)")), "a.dsl")
    assert not bad.ok and "error[E010]" in bad.feedback and "line 13:21" in bad.feedback


def test_the_card_holds_every_construct_of_the_language_reference():
    doc = (ROOT / "docs" / "DSL.md").read_text()
    table = doc.split("## Every construct at a glance", 1)[1].split("\n## ", 1)[0]
    rows = [ln.split("|")[1].strip() for ln in table.splitlines() if ln.startswith("| ") and "---" not in ln]
    card = reference_card()
    missing = [r for r in rows[1:] if r not in card and "synthesis only" not in r]
    assert not missing, f"agent/dsl_card.md lacks {missing}"
    assert "never write holes" in card


# ------------------------------------------------------------------ the loop
def test_garbage_python_then_a_good_kernel(tmp_path):
    steps = [answer("I cannot help with that."), answer(PYTHON), answer(fenced(ROW_SUM), 120, 80)]
    summary, srv, run_dir = run_loop(steps, tmp_path, turns=3)
    assert summary["verdicts"] == ["rejected", "rejected", "ok"]
    assert summary["first_ok_turn"] == 2 and summary["best_turn"] == 2
    assert "no fenced block" in user_prompt(srv.requests[1])
    assert "Python" in user_prompt(srv.requests[2]) and "never executed" in user_prompt(srv.requests[2])
    usage = [json.loads((run_dir / "llm" / f"{t:04d}" / "turn.json").read_text())["reply"]["usage"]
             for t in range(3)]
    assert usage[2] == {"prompt_tokens": 120, "completion_tokens": 80, "total_tokens": 200}
    assert summary["usage"]["total_tokens"] == 150 + 150 + 200
    assert (run_dir / "llm" / "best.dsl").read_text() == ROW_SUM


def test_repair_second_answer_fixes_what_the_counterexample_names(tmp_path):
    bug = "# technique: loop from tile 0\n" + ROW_SUM_BUG
    summary, srv, _ = run_loop([answer(fenced(bug)), answer(fenced(ROW_SUM))], tmp_path, turns=2)
    assert summary["verdicts"] == ["violation", "ok"]
    second = user_prompt(srv.requests[1])
    assert "counterexample report (JSON)" in second
    assert '"rule": "TAG"' in second and '"line": 15' in second         # the assertion on the columns
    last = second.split("## Your last answer", 1)[1].split("## Feedback", 1)[0]
    assert "range(0, C / BC)" in last                                   # the lines the report names
    history = second.split("## History", 1)[1]
    assert "| 1 | loop from tile 0 | violation | -1 |" in history


def test_passfail_feedback_gives_only_the_verdict(tmp_path):
    steps = [answer(fenced(ROW_SUM_BUG)), answer("garbage")]
    summary, srv, _ = run_loop(steps, tmp_path, turns=2, feedback="passfail", input_seeds=(0,))
    second = user_prompt(srv.requests[1])
    assert "verdict: violation" in second
    assert "TAG" not in second.split("## Feedback", 1)[1] and "counterexample" not in second


def test_the_memory_of_earlier_runs_goes_into_the_prompt_and_turns_into_the_memory(tmp_path):
    from agent import planner
    task = load_task(ROOT / "tasks" / "row_sum.toml")
    ctx = planner.context_key(planner.task_features(task.seed))
    prior = [{"kind": "proposal", "context": ctx, "step": 3, "technique": "block_tiling", "verdict": "violation",
              "reward": -1.0}, {"kind": "proposal", "context": "other", "step": 1, "technique": "swizzle",
                                "verdict": "proved", "reward": 1.0}]
    remembered = []
    cfg = LoopConfig(tmp_path / "run", turns=1, eval=EvalOptions(cache_dir=tmp_path / "cache", input_seeds=(0,)))
    with ScriptedServer([answer("nothing")]) as srv:
        llm_optimize(task, client(srv, []).chat, cfg, None, prior=prior, remember=remembered.append)
    first = user_prompt(srv.requests[0])
    earlier = first.split("## Earlier runs on kernels like this one", 1)[1].split("## History", 1)[0]
    assert "| 3 | block_tiling | violation | -1 |" in earlier and "swizzle" not in earlier
    assert [(r["kind"], r["context"], r["verdict"]) for r in remembered] == [("llm_turn", ctx, "rejected")]


def test_endpoint_failure_stops_the_run_and_is_recorded(tmp_path):
    summary, _, run_dir = run_loop([status(503)] * 5, tmp_path, turns=3, input_seeds=(0,))
    assert summary["verdicts"] == ["endpoint_failed"] and "HTTP 503" in summary["stopped"]


def test_the_key_is_never_written_or_logged(tmp_path, caplog, capfd):
    caplog.set_level(logging.DEBUG)
    steps = [status(429), answer(fenced(ROW_SUM_BUG)), status(401), answer(PYTHON)]
    _, srv, run_dir = run_loop(steps, tmp_path, turns=3, input_seeds=(0,))
    out, err = capfd.readouterr()
    for path in sorted(p for p in tmp_path.rglob("*") if p.is_file()):
        assert KEY.encode() not in path.read_bytes(), path
    assert KEY not in caplog.text and KEY not in out and KEY not in err
    assert len(list(run_dir.rglob("turn.json"))) >= 2                  # there was something to search


def test_only_the_llm_client_imports_openai():
    import ast
    found = []
    for pkg in ("dsl", "encode", "synth", "codegen_cuda", "agent", "argus_verify"):
        for path in sorted((ROOT / pkg).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                if any(n.split(".")[0] == "openai" for n in names):
                    found.append(str(path.relative_to(ROOT)))
    assert sorted(set(found)) == ["agent/llm.py"]


def test_the_llm_ablation_runs_both_feedback_modes_on_the_scripted_server(tmp_path, capsys):
    import importlib.util
    spec = importlib.util.spec_from_file_location("ablation_llm", ROOT / "bench" / "ablation_llm.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    task = load_task(ROOT / "tasks" / "row_sum.toml")
    steps = [answer(fenced(ROW_SUM_BUG)), answer(fenced(ROW_SUM)), answer(fenced(ROW_SUM_BUG)), answer("no")]
    with ScriptedServer(steps) as srv:
        env = {"OPENAI_BASE_URL": srv.base_url, "OPENAI_API_KEY": KEY, "ARGUS_MODEL": "scripted"}
        rows = mod.llm_rows([task], 2, 1, env, None, sleep=lambda s: None)
    assert [(r["feedback"], r["success"], r["first_ok_turn"]) for r in rows] == \
        [("counterexample", 1.0, 2), ("passfail", 0.0, None)]
    mod.write_and_print(rows, tmp_path)
    assert "| row_sum | counterexample | 1 | 100% | 2 |" in capsys.readouterr().out
    assert KEY not in (tmp_path / "ablation_llm.json").read_text()
