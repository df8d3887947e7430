"""The one frozen bag of settings built at the command line and passed down."""
from __future__ import annotations

from dataclasses import dataclass

DEFAULT_BUDGET_S = 60.0     # a whole file: the shipped kernels take 1-2 s
QUERY_TIMEOUT_S = 10.0      # one solver query, so that one hard query leaves time for the rest


@dataclass(frozen=True, slots=True)
class Options:
    timeout_s: float = DEFAULT_BUDGET_S   # the time budget of one file, replay included
    seed: int = 0
    rules: tuple[str, ...] = ()
    output: str = "text"          # text, json, sarif
    parse_only: bool = False
    debug: bool = False
    target: str = "sm_90"

    def verify_options(self, deadline: float | None = None):
        """Verifier settings for one file whose budget ends at `deadline` (time.monotonic())."""
        from encode.verifier import VerifyOptions
        return VerifyOptions(timeout_s=min(QUERY_TIMEOUT_S, self.timeout_s), seed=self.seed, rules=self.rules,
                             target=self.target, deadline=deadline)

    @staticmethod
    def from_args(args) -> "Options":
        """`args.rules` and `args.timeout` were validated by the parser (cli.py)."""
        output = "json" if getattr(args, "json", False) else "sarif" if getattr(args, "sarif", False) else "text"
        return Options(timeout_s=float(getattr(args, "timeout", DEFAULT_BUDGET_S)), seed=getattr(args, "seed", 0),
                       rules=tuple(getattr(args, "rules", ())), output=output,
                       parse_only=getattr(args, "parse_only", False),
                       debug=getattr(args, "debug", False), target=getattr(args, "target", "sm_90"))
