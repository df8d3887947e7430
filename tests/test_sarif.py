"""`argus-verify --sarif`: valid against the SARIF 2.1.0 schema (vendored in tests/sarif/), every
rule and front-end code described, relative artifact URIs, one-line messages, and an
invocation that says how the run ended (exit 0 to 4)."""
from __future__ import annotations

import io
import json
import re
import sys
import urllib.parse
from pathlib import Path

import jsonschema
import pytest

from argus_verify import api
from argus_verify.cli import verify_main
from argus_verify.rulebook import DOC_PATH, undocumented
from argus_verify.version import version
from dsl.diagnostics import CODES
from encode.findings import RULES

REPO = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((REPO / "tests/sarif/sarif-schema-2.1.0.json").read_text())

# Out of bounds in its second dimension unless K == 16: BOUND findings with a related
# location, and an unknown COVER obligation beside them.
BOUNDS = """kernel k(A: f32[M, K], C: f32[M, K]):
    assume M % 16 == 0
    const BM, BK = 16, 16
    grid M / BM
    threads 32
    a = load A[block.x * BM : +BM, 0 : +BK]
    store C[block.x * BM : +BM, 0 : +BK], a
"""
PROVED = BOUNDS.replace("assume M % 16 == 0", "assume M % 16 == 0 and K == 16")


def _sarif(argv, capsys) -> tuple[int, dict]:
    code = verify_main(["--sarif", *argv])
    log = json.loads(capsys.readouterr().out)
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    return code, log


def _strings(node, key: str):
    """Every value of `key` anywhere in the log."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == key:
                yield v
            yield from _strings(v, key)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v, key)


def _check_conventions(log: dict) -> None:
    run = log["runs"][0]
    for loc in _strings(log, "artifactLocation"):
        if "uri" in loc:
            assert not re.match(r"^[a-z]+:", loc["uri"]) and loc["uriBaseId"] == "SRCROOT", loc
    for text in _strings(log, "text"):
        assert "\n" not in text
    assert "example.invalid" not in json.dumps(log) and "informationUri" not in json.dumps(log)
    rules = run["tool"]["driver"]["rules"]
    for r in run["results"]:
        assert rules[r["ruleIndex"]]["id"] == r["ruleId"]
    assert run["tool"]["driver"]["version"] == version()


@pytest.fixture
def kernels(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)      # artifact URIs are relative to the directory the tool runs in
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub/bounds.dsl").write_text(BOUNDS)
    (tmp_path / "proved.dsl").write_text(PROVED)
    (tmp_path / "syntax.dsl").write_text(PROVED.replace("threads 32", "threads 32 +"))
    return tmp_path


def test_rules_carry_descriptions_help_and_anchors(kernels, capsys):
    code, log = _sarif(["proved.dsl"], capsys)
    assert code == 0
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [*RULES, *CODES] and not undocumented()
    anchors = set(re.findall(r"^#+ (\S+)", (REPO / DOC_PATH).read_text(), re.M))
    for r in rules:
        assert r["fullDescription"]["text"] and "Usual fix: " in r["help"]["text"]
        # helpUri must be an absolute URI (the schema's "uri" format): the checkout's reference.
        assert r["helpUri"] == f"{(REPO / DOC_PATH).as_uri()}#{r['id'].lower()}" and r["id"] in anchors
        assert urllib.parse.urlparse(r["helpUri"]).scheme == "file" and f"See {DOC_PATH}#" in r["help"]["text"]
        assert r["defaultConfiguration"]["level"] == ("warning" if r["id"] in ("BANK", "UNUSED", "START", "WRAP", "GRID") else "error")
    inv = log["runs"][0]["invocations"][0]
    assert inv == {"executionSuccessful": True, "exitCode": 0, "exitCodeDescription": "proved",
                   "toolExecutionNotifications": [], "toolConfigurationNotifications": []}
    _check_conventions(log)


def test_findings_unknowns_and_bad_input_in_one_run(kernels, capsys):
    code, log = _sarif(["sub/bounds.dsl", "proved.dsl", "syntax.dsl"], capsys)
    assert code == 2
    run = log["runs"][0]
    _check_conventions(log)
    by_rule = {}
    for r in run["results"]:
        by_rule.setdefault(r["ruleId"], []).append(r)
    bound = by_rule["BOUND"][0]
    assert bound["level"] == "error" and bound["kind"] == "fail"
    assert bound["message"]["text"].startswith("out-of-bounds access: load from A touches A[0, 1]")
    uri = bound["locations"][0]["physicalLocation"]["artifactLocation"]
    assert uri == {"uri": "sub/bounds.dsl", "uriBaseId": "SRCROOT"}
    details = [x["message"]["text"] for x in bound["relatedLocations"]]
    assert any(t.startswith("block (0) thread 1 (warp 0, lane 1)") for t in details)
    assert "dimension 1 is indexed here" in details and any(t.startswith("hint: ") for t in details)
    assert [x["id"] for x in bound["relatedLocations"]] == list(range(1, len(details) + 1))
    assert bound["properties"]["witness"]["rule"] == "BOUND"
    cover = by_rule["COVER"][0]
    assert (cover["kind"], cover["level"]) == ("open", "none") and cover["message"]["text"].startswith("unknown: ")
    syntax = by_rule["E002"][0]
    assert syntax["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "syntax.dsl"
    inv = run["invocations"][0]
    assert (inv["executionSuccessful"], inv["exitCode"]) == (False, 2)
    [note] = inv["toolExecutionNotifications"]
    assert note["level"] == "error" and note["associatedRule"]["id"] == "E002"
    assert note["message"]["text"].startswith("syntax.dsl: not analysed: 1 front-end error(s)")


def test_unknown_is_exit_3_with_a_notification(kernels, capsys):
    code, log = _sarif(["--timeout", "0.001", "proved.dsl"], capsys)
    assert code == 3
    inv = log["runs"][0]["invocations"][0]
    assert (inv["executionSuccessful"], inv["exitCode"]) == (True, 3)
    [note] = inv["toolExecutionNotifications"]
    assert note["level"] == "warning" and "undecided" in note["message"]["text"]
    _check_conventions(log)


def test_internal_error_is_exit_4_and_still_a_valid_log(kernels, capsys, monkeypatch):
    def broken(*_):
        raise RuntimeError("a bug\nover two lines")
    monkeypatch.setattr(api, "_verified", broken)
    code, log = _sarif(["proved.dsl"], capsys)
    assert code == 4
    inv = log["runs"][0]["invocations"][0]
    assert (inv["executionSuccessful"], inv["exitCode"]) == (False, 4)
    [note] = inv["toolExecutionNotifications"]
    assert note["exception"] == {"kind": "RuntimeError", "message": "a bug over two lines"}
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "proved.dsl"
    _check_conventions(log)


def test_unknown_target_is_a_configuration_notification(kernels, capsys):
    code, log = _sarif(["--target", "sm_1", "proved.dsl"], capsys)
    assert code == 2
    inv = log["runs"][0]["invocations"][0]
    [note] = inv["toolConfigurationNotifications"]
    assert inv["executionSuccessful"] is False and note["message"]["text"].startswith("unknown target 'sm_1'")


def test_stdin_and_files_outside_the_directory(kernels, capsys, monkeypatch, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere") / "x y.dsl"
    outside.write_text(PROVED.replace("threads 32", "threads 32 +"))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"kernel (")))
    code, log = _sarif(["-", str(outside)], capsys)
    assert code == 2
    locs = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in log["runs"][0]["results"]]
    assert {"description": {"text": "standard input"}} in locs
    assert {"uri": outside.as_uri()} in locs and "%20" in outside.as_uri()


def test_byte_identical_across_runs(kernels, capsys):
    verify_main(["--sarif", "sub/bounds.dsl"])
    first = capsys.readouterr().out
    verify_main(["--sarif", "sub/bounds.dsl"])
    assert capsys.readouterr().out == first
