"""The pre-commit hook and the CI example name commands that exist and do what they say."""
from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"]


def test_pre_commit_hook_names_an_entry_point():
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    [hook] = [h for h in hooks if h["id"] == "argus-verify"]
    assert {"id", "name", "entry", "language"} <= set(hook) and hook["language"] == "python"
    assert shlex.split(hook["entry"])[0] in SCRIPTS
    assert SCRIPTS["argus-verify"] == "argus_verify.cli:verify_main"
    assert re.search(hook["files"], "proofs/gemm_tiled.dsl") and not re.search(hook["files"], "gemm.ref.py")


def test_ci_example_uploads_the_sarif_argus_verify_writes():
    flow = yaml.safe_load((REPO / "docs/ci/github-code-scanning.yml").read_text())
    assert flow["permissions"]["security-events"] == "write"
    steps = flow["jobs"]["verify"]["steps"]
    verify = next(s for s in steps if "argus-verify" in s.get("run", ""))
    argv = shlex.split(verify["run"])
    assert argv[0] in SCRIPTS and "--sarif" in argv and verify["continue-on-error"] is True
    out = argv[argv.index(">") + 1]
    upload = next(s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@"))
    assert upload["with"]["sarif_file"] == out and upload["if"] == "always()"
    assert steps[-1]["if"] == f"steps.{verify['id']}.outcome == 'failure'"
    kernels = [p for p in REPO.glob(argv[argv.index("--sarif") + 1])]
    assert kernels, "the workflow's glob matches no kernel"
