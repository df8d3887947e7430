"""`argus optimize` with a KernelBench problem file and with `--llm` against the scripted
loopback server: exit codes, messages, the run directory, and no key anywhere."""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from llm_server import ScriptedServer, answer, status  # noqa: E402

from agent.kernelbench_task import problem_task  # noqa: E402
from argus_verify.cli import main  # noqa: E402
from dsl.check import check_source  # noqa: E402
from encode.verifier import VerifyOptions, verify_kernel  # noqa: E402

KB = Path(__file__).resolve().parent / "kernelbench"
KEY = "sk-argus-cli-test-ZYXWVU-987654"


def test_an_unrecognised_problem_exits_2_and_names_llm(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["optimize", str(KB / "unrecognised_conv2d.py")]) == 2
    err = capsys.readouterr().err
    assert "unrecognised_conv2d.py:14:16" in err and "nn.Conv2d" in err
    assert "not recognised" in err and "--llm" in err and "Traceback" not in err


def test_a_kernelbench_problem_is_optimised_offline(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    run = tmp_path / "run"
    rc = main(["optimize", str(KB / "level1_19_relu.py"), "--budget", "2", "--run-dir", str(run),
               "--memory", str(tmp_path / "mem")])
    assert rc == 0, capsys.readouterr().err
    summary = json.loads((run / "summary.json").read_text())
    assert summary["seed_ok"] and summary["task"] == "kb_level1_19_relu"
    best = check_source((run / "best.dsl").read_text(), "best.dsl")
    assert best.ok and verify_kernel(best.kernel, VerifyOptions()).status == "proved"


def test_llm_does_not_resume(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("ARGUS_MODEL", "m")
    (tmp_path / "r").mkdir()
    assert main(["optimize", str(KB / "level1_19_relu.py"), "--llm", "--resume", str(tmp_path / "r")]) == 2
    assert "--resume is not supported with --llm" in capsys.readouterr().err


def test_llm_without_an_endpoint_is_bad_input(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for k in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "ARGUS_MODEL"):
        monkeypatch.delenv(k, raising=False)
    assert main(["optimize", str(KB / "level1_19_relu.py"), "--llm", "--run-dir", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err
    assert "OPENAI_BASE_URL" in err and "OPENAI_API_KEY" in err and "ARGUS_MODEL" in err


def test_llm_turns_on_a_kernelbench_problem(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    seed = problem_task(KB / "level1_19_relu.py", tmp_path / "t").seed_text
    good = seed.replace("z0 = where(x > 0.0, x, 0.0)", "z0 = maximum(x, 0.0)")
    assert good != seed
    run = tmp_path / "run"
    with ScriptedServer([status(429), answer("no idea"), answer(f"```dsl\n{good}```", 300, 200)]) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", KEY)
        monkeypatch.setenv("ARGUS_MODEL", "scripted")
        rc = main(["optimize", str(KB / "level1_19_relu.py"), "--llm", "--budget", "2", "--run-dir", str(run),
                   "--memory", str(tmp_path / "mem")])
    out, err = capsys.readouterr()
    assert rc == 0, err
    assert "turn 2/2: ok" in err and "500 tokens" in err
    turn = json.loads((run / "llm" / "0001" / "turn.json").read_text())
    assert turn["verdict"] == "ok" and turn["reply"]["usage"]["total_tokens"] == 500
    summary = json.loads((run / "llm" / "summary.json").read_text())
    assert summary["first_ok_turn"] == 1 and summary["verdicts"] == ["rejected", "ok"]
    # best.dsl is the answer only if the cost model (when present) finds it faster than the seed
    assert (run / "llm" / "best.dsl").read_text() in (good, seed)
    assert srv.requests[0]["model"] == "scripted"
    memory = [json.loads(line) for line in (tmp_path / "mem" / "trajectory.jsonl").read_text().splitlines()]
    assert [(r["kind"], r["verdict"]) for r in memory] == [("llm_turn", "rejected"), ("llm_turn", "ok")]
    for path in sorted(p for p in tmp_path.rglob("*") if p.is_file()):
        assert KEY.encode() not in path.read_bytes(), path
    assert KEY not in out and KEY not in err


def test_an_endpoint_that_never_answers_exits_3(tmp_path, monkeypatch, capsys):
    """New-user round 38: every request failed, the seed stood as the best, exit 0."""
    monkeypatch.chdir(tmp_path)
    with ScriptedServer([status(503)] * 8) as srv:
        monkeypatch.setenv("OPENAI_BASE_URL", srv.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", KEY)
        monkeypatch.setenv("ARGUS_MODEL", "scripted")
        rc = main(["optimize", str(KB / "level1_19_relu.py"), "--llm", "--budget", "1", "--run-dir",
                   str(tmp_path / "run"), "--memory", str(tmp_path / "mem")])
    err = capsys.readouterr().err
    assert rc == 3, err
    assert "endpoint_failed" in err and KEY not in err
