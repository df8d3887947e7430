"""The differential harness: the verifier against the concrete interpreter on shipped kernels.

Kernels are globbed when the tests run (proofs/ and tests/kernels/bad/), sizes are small
multiples of the integers in the assumptions, and every interpreter run is deterministic.
"""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from pathlib import Path

from interp.layout import InterpretError
from interp.replay import replay_details, same_family
from interp.sizes import pick_sizes
from interp.interpreter import ConcreteViolation, interpret, random_inputs
from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

ROOT = Path(__file__).resolve().parents[2]
# RES and BANK are about resources and speed; the interpreter has no opinion on them.
RULES = ("TAG", "RACE", "SYNC", "ASYNC", "WAR", "BOUND", "INIT", "COVER")
OPTIONS = VerifyOptions(timeout_s=4.0, rules=RULES)   # a timeout is an unknown: sound, and faster
SIZES_PER_KERNEL = 3
MAX_BLOCKS = 6              # at the smallest sizes: all blocks (COVER complete) when the grid is that small
MAX_BLOCKS_LARGER = 3       # at the other sizes: the first, the last and one drawn block

# Verifier findings that do not replay concretely, each with the reason it is accepted.
# Key: (kernel file stem, rule, line); every other counterexample replays.
_STATE_UNDER_DATA = ("the interpreter checks only that no two blocks write an element of state stored under a "
                     "condition on data or in a loop whose trip count reads data (interp/interpreter.py "
                     "kept_unless_written, held-out rounds 91 and 99); that a store reaches each "
                     "element for some data is the verifier's finding alone (encode/cover_reach._data_as_values)")
IMPRECISE: dict[tuple[str, str, int], str] = {
    ("cover_state_dead_load_tail", "COVER", 12): _STATE_UNDER_DATA,
    ("cover_state_guard_alias_at_block_zero", "COVER", 12): _STATE_UNDER_DATA,
    ("cover_state_guard_bool_two", "COVER", 11): _STATE_UNDER_DATA,
    ("cover_state_guard_one_element_two_spellings", "COVER", 12): _STATE_UNDER_DATA,
    ("cover_state_guard_past_i8", "COVER", 12): _STATE_UNDER_DATA,
    ("cover_state_guard_skips_block", "COVER", 12): _STATE_UNDER_DATA,
    ("cover_state_guard_skips_threads", "COVER", 12): _STATE_UNDER_DATA,
    ("cover_state_guarded_grid_short", "COVER", 11): _STATE_UNDER_DATA,
    ("cover_state_guarded_half_tile", "COVER", 12): _STATE_UNDER_DATA,
    ("cover_state_mode_typo", "COVER", 16): _STATE_UNDER_DATA,
    ("cover_state_guard_assumed_false", "COVER", 13): _STATE_UNDER_DATA,
    ("cover_state_guard_element_assume", "COVER", 13): _STATE_UNDER_DATA,
    ("cover_state_data_loop_never_reaches", "COVER", 14): _STATE_UNDER_DATA,
    ("cover_state_data_loop_past_i8", "COVER", 9): _STATE_UNDER_DATA,
}

# Kernels where a concrete violation is known to go unreported, with the issue that tracks it.
# A soundness bug is never listed here: it must fail until encode/ is fixed.
KNOWN_GAPS: dict[str, str] = {}


def kernel_files() -> list[Path]:
    found = sorted(ROOT.glob("proofs/*.dsl")) + sorted(ROOT.glob("tests/kernels/bad/*.dsl"))
    return [p for p in found if p.is_file()]


def file_id(path: Path) -> str:
    return str(path.relative_to(ROOT))


@functools.lru_cache(maxsize=None)
def _load(path: str, mtime: float):
    result = check_source(Path(path).read_text(), str(Path(path).relative_to(ROOT)))
    return result.kernel if result.ok else None


def load(path: Path):
    return _load(str(path), path.stat().st_mtime)


@functools.lru_cache(maxsize=None)
def _verify(path: str, mtime: float):
    return verify_kernel(_load(path, mtime), OPTIONS)


def verdict(path: Path):
    return _verify(str(path), path.stat().st_mtime)


@dataclass
class Run:
    sizes: dict
    blocks: tuple | None
    violations: list[ConcreteViolation]
    error: str = ""


@dataclass
class Differential:
    runs: list[Run] = field(default_factory=list)

    @property
    def violations(self) -> list[ConcreteViolation]:
        return [v for r in self.runs for v in r.violations]

    @property
    def primary(self) -> list[ConcreteViolation]:
        return [v for v in self.violations if not v.derived]


def block_choice(kernel, sizes: dict, limit: int = MAX_BLOCKS, seed: int = 0):
    """Every block when the grid is small; else the first, the last and a few drawn ones."""
    from interp.intexpr import IntEval
    ev = IntEval({**sizes, **{c.name: c.value for c in kernel.consts}})
    grid = [int(ev(g)) for g in kernel.grid]
    total = 1
    for g in grid:
        total *= g
    if total <= limit:
        return None
    rnd = random.Random(f"{kernel.name}:{sizes}:{seed}")
    chosen = {tuple(0 for _ in grid), tuple(g - 1 for g in grid)}
    while len(chosen) < min(limit, total):
        chosen.add(tuple(rnd.randrange(g) for g in grid))
    return tuple(sorted(chosen))


@functools.lru_cache(maxsize=None)
def _differential(path: str, mtime: float) -> Differential:
    kernel = _load(path, mtime)
    out = Differential()
    for n, sizes in enumerate(pick_sizes(kernel, SIZES_PER_KERNEL)):
        blocks = block_choice(kernel, sizes, MAX_BLOCKS if n == 0 else MAX_BLOCKS_LARGER)
        try:
            res = interpret(kernel, sizes, random_inputs(kernel, sizes, seed=0), blocks)
            out.runs.append(Run(sizes, blocks, res.violations))
        except InterpretError as err:
            out.runs.append(Run(sizes, blocks, [], str(err)))
    return out


def differential(path: Path) -> Differential:
    return _differential(str(path), path.stat().st_mtime)


def covered(v: ConcreteViolation, verdict) -> bool:
    """Is a concrete violation accounted for: a finding of its rule family on its line (COVER is
    about a whole tensor: any line; a race is a pair of accesses, reported at either one), or
    an unknown for its rule (the rule is then not claimed)?"""
    lines = {v.line} | ({v.other_line} if v.rule in ("RACE", "WAR") and v.other_line else set())
    if v.rule == "COVER" and any(f.rule == "SYNC" and f.message.startswith("deadlock:") for f in verdict.findings):
        return True         # a hung block stores nothing: the output is the deadlock's consequence
    return (any(same_family(f.rule, v.rule) and (v.rule == "COVER" or f.span.line in lines)
                for f in verdict.findings)
            or any(same_family(u.rule, v.rule) for u in verdict.unknowns))


def replays(path: Path, rules: tuple[str, ...]) -> list[tuple[object, object]]:
    """(finding, outcome) for every verifier finding of these rules."""
    kernel = load(path)
    return [(f, replay_details(kernel, f)) for f in verdict(path).findings if f.rule in rules]


def describe(f) -> str:
    it = ", ".join(f"{k} = {v}" for k, v in f.iteration)
    ix = ", ".join(f"{k} = {v}" for k, v in f.indices)
    return (f"{f.span}: {f.rule} {f.message} [sizes {dict(f.sizes)}, block {tuple(f.block)}"
            f"{', ' + it if it else ''}{', ' + ix if ix else ''}]")
