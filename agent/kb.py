"""The knowledge base: one data file per technique (agent/kb/*.toml) naming its rewrite,
preconditions, the parameters it opens, the holes it leaves, the tags it adds and its
expected effect. `actions` expands each entry's parameter grid into concrete arms."""
from __future__ import annotations

import itertools
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .rewrites import REWRITES

KB_DIR = Path(__file__).resolve().parent / "kb"


@dataclass(frozen=True)
class Technique:
    name: str
    description: str
    rewrite: str
    preconditions: tuple[str, ...]
    params: tuple[tuple[str, tuple], ...]
    holes: tuple[str, ...]
    tags: tuple[str, ...]
    effect: str


@dataclass(frozen=True)
class Action:
    """One arm of the bandit: a technique with concrete parameter values."""
    technique: str
    rewrite: str
    params: tuple[tuple[str, object], ...]

    @property
    def key(self) -> str:
        return self.technique + json.dumps(dict(self.params), sort_keys=True)


def _freeze(v):
    return tuple(_freeze(x) for x in v) if isinstance(v, list) else v


def load_kb(directory: Path = KB_DIR) -> tuple[Technique, ...]:
    out = []
    for path in sorted(directory.glob("*.toml")):
        d = tomllib.loads(path.read_text())
        if d["rewrite"] not in REWRITES:
            raise ValueError(f"{path}: unknown rewrite {d['rewrite']}")
        params = tuple((k, tuple(_freeze(v) for v in vs)) for k, vs in sorted(d.get("params", {}).items()))
        out.append(Technique(d["name"], d["description"], d["rewrite"], tuple(d.get("preconditions", ())),
                             params, tuple(d.get("holes", ())), tuple(d.get("tags", ())), d.get("effect", "")))
    return tuple(out)


def actions(kb: tuple[Technique, ...]) -> tuple[Action, ...]:
    """Every technique with every combination of its parameters, in knowledge-base order."""
    out = []
    for t in kb:
        names = [k for k, _ in t.params]
        for combo in itertools.product(*(vs for _, vs in t.params)):
            out.append(Action(t.name, t.rewrite, tuple(zip(names, combo))))
    return tuple(out)
