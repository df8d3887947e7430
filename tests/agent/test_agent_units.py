"""Fast checks of the agent's parts: the knowledge base, the policy, the memory and the
CLI's handling of bad input."""
import subprocess
import sys
from pathlib import Path

from agent.kb import actions, load_kb
from agent.memory import Memory, default_memory_dir, read_lines
from agent.planner import Arms, choose, context_key, learned_fill, task_features
from agent.rewrites import REWRITES
from agent.task import load_task

ROOT = Path(__file__).resolve().parents[2]


def test_every_kb_entry_names_a_rewrite_and_its_parameters():
    kb = load_kb()
    assert {t.rewrite for t in kb} == set(REWRITES)
    assert all(t.preconditions and t.effect for t in kb)
    assert any(t.holes for t in kb)
    assert len(actions(kb)) > len(kb)


def test_the_policy_is_deterministic_for_a_seed_and_learns():
    acts = list(actions(load_kb()))
    arms = Arms({}, {})
    assert choose(arms, "c", acts, 3, 0) == choose(arms, "c", acts, 3, 0)
    arms.add("c", acts[5].key, 1.0)
    for a in acts:
        if a != acts[5]:
            arms.add("c", a.key, -1.0)
    assert choose(arms, "c", acts, 3, 7) == [acts[5]]
    records = [{"action": "x", "ok": True, "fill": [1, 2], "domains": [[1, 0], [0, 1, 2]]}]
    assert learned_fill(records, "x", [(1, 0), (0, 1, 2)]) == (1, 2)
    assert learned_fill(records, "x", [(2, 1, 0), (0, 1, 2)]) is None


def test_features_describe_the_computation_not_the_name():
    f16 = task_features(load_task(ROOT / "tasks" / "gemm_f16.toml").seed)
    moe = task_features(load_task(ROOT / "tasks" / "moe.toml").seed)
    assert context_key(f16) == "f16+f32|mma|" and moe["indexed"]


def test_memory_default_dir_and_torn_lines(tmp_path):
    assert default_memory_dir({"XDG_CACHE_HOME": "/x"}) == Path("/x/argus")
    assert default_memory_dir({"HOME": "/h"}) == Path("/h/.cache/argus")
    m = Memory(tmp_path)
    m.append({"a": 1})
    with open(m.trajectory, "a") as f:
        f.write('{"torn": ')
    assert read_lines(m.trajectory) == [{"a": 1}]


def _argus(*args, cwd):
    return subprocess.run([sys.executable, "-m", "argus_verify.cli", *args], capture_output=True, text=True,
                          cwd=cwd, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_cli_bad_input_is_a_message_not_a_traceback(tmp_path):
    (tmp_path / "t.toml").write_text("name = \n")
    r = _argus("optimize", str(tmp_path / "t.toml"), cwd=tmp_path)
    assert r.returncode == 2 and "t.toml" in r.stderr and "Traceback" not in r.stderr
    r = _argus("optimize", str(ROOT / "tasks" / "row_sum.toml"), "--resume", str(tmp_path / "nope"), cwd=tmp_path)
    assert r.returncode == 2 and "no such run directory" in r.stderr
    r = _argus("optimize", str(ROOT / "tasks" / "row_sum.toml"), "--budget", "0", cwd=tmp_path)
    assert r.returncode == 2


def test_a_candidate_the_model_cannot_launch_scores_as_a_failure():
    """The cost model prices a configuration no SM can hold at inf: its reward is -1, not
    log2(0) (held-out round 29: `argus optimize tasks/gemm_f32.toml --budget 10` died)."""
    import math
    from types import SimpleNamespace
    from agent.optimize import _better, _reward
    from agent.run import State
    state = State("", None, 2e-3)
    ev = SimpleNamespace(ok=True, seconds=math.inf)
    assert _reward(ev, state, predict=object()) == -1.0
    assert not _better(ev, state, predict=object())
    assert _reward(SimpleNamespace(ok=True, seconds=1e-3), State("", None, math.inf), predict=object()) == 1.0
    assert _reward(SimpleNamespace(ok=True, seconds=1e-3), state, predict=object()) == 1.0
