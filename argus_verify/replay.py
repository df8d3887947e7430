"""Witness replay within a file's time budget.

Every counterexample is re-run on the concrete interpreter (which shares no code with the
encoder) in one child process that the parent stops when the budget runs out: a replay
that would take minutes must not block the report, and is noted as not replayed.
"""
from __future__ import annotations

import dataclasses
import multiprocessing
import time

NOT_REPLAYABLE = ("RES", "BANK", "UNUSED", "START", "WRAP", "GRID")   # limits, performance, advice: nothing to execute
OUT_OF_TIME = "not replayed (time budget)"


def _note(kernel, finding, runs: dict | None = None) -> str:
    from interp.replay import replay_details
    try:
        r = replay_details(kernel, finding, runs=runs)
        return "replayed" if r.replayed else f"not reproduced: {r.why}"
    except Exception as err:  # the oracle's own failure must not hide the finding
        return f"not reproduced: the interpreter failed ({type(err).__name__})"


REPLAY_MEMORY = 4 << 30   # bytes the replay process may add to what it inherits


def limit_memory() -> None:
    """Cap what this (child) process may add to the memory it inherits: the interpreter keeps
    a vector clock per shared element and thread, so a kernel at the front end's limits could
    take gigabytes; past REPLAY_MEMORY it fails (and says so) instead."""
    import resource
    with open("/proc/self/statm") as fh:
        inherited = int(fh.read().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (inherited + REPLAY_MEMORY, resource.RLIM_INFINITY))


def _child(conn, kernel, findings) -> None:
    limit_memory()
    runs: dict = {}         # executions the findings share (interp/replay.replay_details)
    for i, f in findings:
        conn.send((i, _note(kernel, f, runs)))
    conn.close()


def forking() -> bool:
    """Whether a child process can be forked (and so stopped at a deadline)."""
    return "fork" in multiprocessing.get_all_start_methods()


def run_child(fn, args: tuple, deadline: float, expected: int = 1) -> tuple[list, bool]:
    """(the messages `fn(conn, *args)` sent before `deadline`, whether the child died first),
    stopping it at the deadline or once `expected` messages came. The child is forked: it
    inherits the arguments (a kernel), nothing is pickled."""
    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=fn, args=(send, *args), daemon=True)
    proc.start()
    send.close()
    got, died = [], False
    try:
        while len(got) < expected:
            left = deadline - time.monotonic()
            if left <= 0 or not recv.poll(left):
                break
            got.append(recv.recv())
    except EOFError:   # the child died (e.g. out of memory)
        died = True
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        recv.close()
    return got, died


def _run_until(kernel, todo, deadline: float) -> dict[int, str]:
    """index → note for each finding replayed before `deadline`; the rest are left out."""
    got, died = run_child(_child, (kernel, todo), deadline, expected=len(todo))
    notes = dict(got)
    if died:           # say so for what it left
        notes.update({i: "not reproduced: the interpreter failed (the replay process exited)"
                      for i, _ in todo if i not in notes})
    return notes


def replay_findings(kernel, verdict, deadline: float | None = None):
    """The verdict with each replayable finding's `replay` note filled in (errors only: a
    warning, such as a claim made by some threads only, says nothing failed)."""
    todo = [(i, f) for i, f in enumerate(verdict.findings)
            if f.rule not in NOT_REPLAYABLE and f.severity == "error" and not f.suppressed]
    if not todo:
        return verdict
    if deadline is None or not forking():
        runs: dict = {}
        notes = {i: _note(kernel, f, runs) for i, f in todo}   # no budget, or no way to stop a child
    elif deadline <= time.monotonic():
        notes = {}
    else:
        notes = _run_until(kernel, todo, deadline)
    tried = {i for i, _ in todo}
    out = [dataclasses.replace(f, replay=notes.get(i, OUT_OF_TIME)) if i in tried else f
           for i, f in enumerate(verdict.findings)]
    return dataclasses.replace(verdict, findings=tuple(out))
