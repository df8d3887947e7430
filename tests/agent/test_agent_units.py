"""Fast checks of the agent's parts: the knowledge base, the policy, the memory and the
CLI's handling of bad input."""
import subprocess
import sys
from pathlib import Path

from agent.kb import actions, load_kb
from agent.memory import Memory, default_memory_dir, read_lines
from agent.planner import SPILLS, Arms, choose, context_key, learned_fill, predicted_gain, task_features
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


def test_unseen_arms_go_in_the_order_the_cost_model_predicts():
    """With no memory every arm scores the same: the model's predicted gain orders them (a
    level-2 GEMM spent its budget on tiles that lost or spilled), the seeded draw only ties;
    what was seen still comes first."""
    acts = list(actions(load_kb()))[:6]
    gains = {a.key: float(i) for i, a in enumerate(acts)}
    assert choose(Arms({}, {}), "c", acts, 3, 0, k=2, gains=gains) == [acts[5], acts[4]]
    arms = Arms({}, {})
    for a in acts:
        arms.add("c", a.key, 1.0 if a is acts[0] else -1.0)
    assert choose(arms, "c", acts, 3, 0, gains=gains) == [acts[0]]


def test_the_predicted_gain_is_log2_of_the_model_speedup_and_spills_rank_last():
    from types import SimpleNamespace as P
    assert predicted_gain(P(spilled=0, seconds=1.0), 4.0) == 2.0
    assert predicted_gain(P(spilled=0, seconds=4.0), 1.0) == -2.0
    assert predicted_gain(P(spilled=40, seconds=0.1), 4.0) == SPILLS
    assert predicted_gain(None, 4.0) == 0.0 and predicted_gain(P(spilled=0, seconds=1.0), None) == 0.0


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


def test_the_search_the_llm_loop_and_the_planner_share_one_speedup():
    """agent/speedup.py: the LLM loop's reward took log2 of a time the model says cannot
    launch (inf) and raised, as the search's had in held-out round 29; both now read one
    function, and the planner's prediction clips where they saturate."""
    import math
    from types import SimpleNamespace
    from agent.llm_loop import Best, reward_of
    from agent.speedup import log2_speedup, reward
    assert log2_speedup(4.0, 1.0) == 2.0 and log2_speedup(None, 1.0) is None
    assert log2_speedup(4.0, math.inf) == -math.inf and log2_speedup(math.inf, 1.0) == math.inf
    assert reward(True, 2e-3, math.inf, True) == -1.0 and reward(True, math.inf, 1e-3, True) == 1.0
    assert reward(True, 2e-3, None, True) == 0.0 and reward(True, 2e-3, 1.0, False) == 1.0
    assert reward(False, 2e-3, 1e-3, True) == -1.0 and reward(True, 8.0, 1.0, True) == 3.0
    assert reward_of(SimpleNamespace(ok=True, seconds=math.inf), Best("", 2e-3, -1)) == -1.0
    assert reward_of(SimpleNamespace(ok=True, seconds=1e-3), None) == 1.0
    assert predicted_gain(SimpleNamespace(spilled=0, seconds=math.inf), 4.0) == SPILLS
    assert predicted_gain(SimpleNamespace(spilled=0, seconds=1.0), math.inf) == -SPILLS


def test_a_seed_that_does_not_prove_ends_with_its_reason_and_no_best_kernel(tmp_path):
    """New-user round 38: an unproved seed's run named a best.dsl it never wrote and said the
    cost model was missing; it now says why the seed was refused and exits 1."""
    seed = tmp_path / "seed.dsl"
    seed.write_text(
        "kernel row_sum(X: f32[R, C], S: f32[R]):\n"
        "    assume C % 32 == 0\n"
        "    grid R\n"
        "    threads 32\n"
        "    tag X[r, c] = (row=r, col=c)\n"
        "    tag S[r] = (row=r, col=range(0, C))\n"
        "    s = zeros f32[1]\n"
        "    for ct in range(1, C / 32):\n"
        "        x = load X[block.x : +1, ct * 32 : +32]\n"
        "        s = s + sum(x, axis=1)\n"
        "    store S[block.x : +1], s\n")
    (tmp_path / "seed.ref.py").write_text(
        "TEST_SIZES = {'R': 2, 'C': 64}\nBENCH_SIZES = {'R': 4096, 'C': 4096}\n\n\ndef reference(inputs, sizes):\n"
        "    return {'S': inputs['X'].sum(axis=1)}\n")
    (tmp_path / "t.toml").write_text('name = "skipped_tile"\ndescription = "row sums"\nseed = "seed.dsl"\n'
                                     'reference = "seed.ref.py"\ntolerance = { rtol = 0.0001, atol = 1e-05 }\n')
    r = _argus("optimize", str(tmp_path / "t.toml"), "--budget", "1", "--run-dir", str(tmp_path / "run"),
               cwd=tmp_path)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "no best kernel" in r.stdout and "violation at the verify stage: TAG" in r.stdout
    assert "best.dsl" not in r.stdout and not (tmp_path / "run" / "best.dsl").exists()


def test_a_candidate_is_checked_at_the_nearest_sizes_its_own_assumptions_allow():
    """New-user round 38: a tiling's `assume N % 128 == 0` broke the task's N = 96, and the
    proved candidate was refused untested; its numbers are now checked at N = 128."""
    from codegen_cuda.test_sizes import fitted_sizes
    from dsl.check import check_source
    text = ("kernel k(X: f32[M, N], Y: f32[M, N]):\n"
            "    assume M >= 1 and N % 128 == 0 and N >= 2 * M\n"
            "    grid (M, N / 128)\n"
            "    threads 128\n"
            "    x = load X[block.x : +1, block.y * 128 : +128]\n"
            "    store Y[block.x : +1, block.y * 128 : +128], x\n")
    kernel = check_source(text, "k.dsl").kernel
    assert fitted_sizes(kernel, {"M": 5, "N": 96}) == {"M": 5, "N": 128}
    assert fitted_sizes(kernel, {"M": 100, "N": 96}) == {"M": 100, "N": 256}
    assert fitted_sizes(kernel, {"M": 1000, "N": 96}) is None      # N would grow past the limit
    assert fitted_sizes(kernel, {"M": 5}) is None


def test_run_directories_and_tolerances_that_cannot_be_used_are_bad_input(tmp_path):
    """New-user round 38: a run directory that is a file and a string tolerance were internal
    errors; another run's directory was reused without --resume, and --resume took another
    task's run."""
    task = str(ROOT / "tasks" / "row_sum.toml")
    (tmp_path / "file").write_text("x")
    r = _argus("optimize", task, "--run-dir", str(tmp_path / "file"), cwd=tmp_path)
    assert r.returncode == 2 and "is a file" in r.stderr
    other = tmp_path / "other"
    other.mkdir()
    (other / "summary.json").write_text('{"task": "gemm_f32"}')
    r = _argus("optimize", task, "--run-dir", str(other), cwd=tmp_path)
    assert r.returncode == 2 and "not empty: pass --resume" in r.stderr
    r = _argus("optimize", task, "--resume", str(other), cwd=tmp_path)
    assert r.returncode == 2 and "of task 'gemm_f32', not 'row_sum'" in r.stderr
    bad = (ROOT / "tasks" / "row_sum.toml").read_text()
    import re
    bad = re.sub(r"tolerance = .*", 'tolerance = { rtol = -1, atol = "a" }', bad)
    (tmp_path / "seeds").symlink_to(ROOT / "tasks" / "seeds")
    (tmp_path / "t.toml").write_text(bad)
    r = _argus("optimize", str(tmp_path / "t.toml"), cwd=tmp_path)
    assert r.returncode == 2 and "rtol and atol must be numbers >= 0" in r.stderr


def test_an_interrupted_run_leaves_its_best_kernel_and_summary(tmp_path, monkeypatch):
    """New-user round 38: Ctrl-C left only candidates/ and prior.json."""
    import agent.optimize as opt
    from agent.run import RunConfig
    task = load_task(ROOT / "tasks" / "row_sum.toml")

    def interrupted(pool, tried):     # Ctrl-C once the seed is evaluated
        raise KeyboardInterrupt
    monkeypatch.setattr(opt, "_next_proposals", interrupted)
    cfg = RunConfig(tmp_path / "run", tmp_path / "mem", 6, 1, 0, "counterexample")
    try:
        opt.optimize(task, cfg, None)
    except KeyboardInterrupt:
        pass
    else:
        raise AssertionError("the interruption was swallowed")
    assert (tmp_path / "run" / "best.dsl").read_text() == task.seed_text
    assert (tmp_path / "run" / "summary.json").is_file()
