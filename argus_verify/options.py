"""The one frozen bag of settings built at the command line and passed down."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Options:
    timeout_s: float = 10.0
    seed: int = 0
    rules: tuple[str, ...] = ()
    output: str = "text"          # text, json, sarif
    parse_only: bool = False
    debug: bool = False
    target: str = "sm_90"

    def verify_options(self):
        from encode.verifier import VerifyOptions
        return VerifyOptions(timeout_s=self.timeout_s, seed=self.seed, rules=self.rules, target=self.target)

    @staticmethod
    def from_args(args) -> "Options":
        rules = tuple(r.strip().upper() for r in getattr(args, "rules", "").split(",") if r.strip())
        output = "json" if getattr(args, "json", False) else "sarif" if getattr(args, "sarif", False) else "text"
        return Options(timeout_s=max(0.001, float(getattr(args, "timeout", 10.0))), seed=getattr(args, "seed", 0),
                       rules=rules, output=output, parse_only=getattr(args, "parse_only", False),
                       debug=getattr(args, "debug", False), target=getattr(args, "target", "sm_90"))
