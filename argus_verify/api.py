"""The Python API: verify a kernel file or text and get its Verdict, exactly as `argus-verify`
does (the same checks, time budget, witness replay and suppressions); docs/API.md.

Bad input is never an exception: the outcome carries the diagnostics instead of a verdict.
"""
from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field

from dsl import ir
from dsl.check import check_source
from dsl.diagnostics import Diagnostic
from encode.findings import Verdict

from .options import Options
from .source import display_name, read_source

STATUS_EXIT = {"proved": 0, "violation": 1, "bad-input": 2, "unknown": 3, "parsed": 0}


@dataclass(frozen=True)
class Outcome:
    """One file's result: a Verdict, or the diagnostics that stopped it before verification."""
    file: str
    verdict: Verdict | None = None
    diagnostics: tuple[Diagnostic, ...] = ()
    kernel: ir.Kernel | None = field(default=None, compare=False, repr=False)   # the typed IR, when it checked
    text: str | None = field(default=None, compare=False, repr=False)           # the source, for reports

    @property
    def status(self) -> str:
        """proved, violation, unknown, bad-input, or parsed (with Options(parse_only=True))."""
        if self.diagnostics:
            return "bad-input"
        return self.verdict.status if self.verdict is not None else "parsed"

    @property
    def exit_code(self) -> int:
        """What `argus-verify` exits with for this file alone."""
        return STATUS_EXIT[self.status]

    def report(self) -> str:
        """The text `argus-verify` prints for this file (diagnostics as on its stderr)."""
        from .render import format_diagnostic
        from .report import format_verdict
        if self.diagnostics:
            return "\n".join(format_diagnostic(d, self.text) for d in self.diagnostics)
        if self.verdict is None:
            return f"{self.file}: parsed and type-checked kernel '{self.kernel.name}'"
        return format_verdict(self.verdict)

    def to_json(self) -> dict:
        """The file's record of `argus-verify --json`."""
        from .report import bad_input_json, verdict_json
        if self.diagnostics or self.verdict is None:
            parsed = {} if self.diagnostics else {"kernel": self.kernel.name, "status": "parsed"}
            return bad_input_json(self.file, self.diagnostics) | parsed
        return verdict_json(self.verdict)


def verify_text(text: str, file: str = "<string>", options: Options = Options()) -> Outcome:
    """Check and verify one kernel's source; `file` is the name reports give it."""
    return _verify(text, [], file, options)


def verify_file(path: str, options: Options = Options()) -> Outcome:
    """Read, check and verify one kernel file (`-`: standard input)."""
    text, diags = read_source(path)
    return _verify(text, diags, display_name(path), options)


def _verify(text: str | None, diags: list, name: str, opts: Options) -> Outcome:
    deadline = time.monotonic() + opts.timeout_s   # the budget covers this file's whole run
    if text is None:
        return Outcome(name, diagnostics=tuple(diags))
    checked = check_source(text, name)
    if not checked.ok:
        return Outcome(name, diagnostics=tuple(checked.diagnostics), text=text)
    kernel = checked.kernel
    if opts.parse_only:
        return Outcome(name, kernel=kernel, text=text)
    from encode.assumptions import check_assumptions
    sat = check_assumptions(kernel, opts.verify_options(deadline).solver)
    if sat.error is not None:     # no sizes satisfy the `assume`s: every proof would be vacuous
        return Outcome(name, diagnostics=(sat.error,), kernel=kernel, text=text)
    return Outcome(name, _verified(kernel, text, opts, deadline, sat.undecided), kernel=kernel, text=text)


def _verified(kernel, text: str, opts: Options, deadline: float, undecided: str = "") -> Verdict:
    """Verify and replay the witnesses within the file's budget; when it runs out before
    verification ends the verdict is unknown, saying so. `undecided`: why the `assume`s
    could not be shown satisfiable (the kernel is then not proved)."""
    from encode.suppress import apply_suppressions
    from encode.verifier import verify_kernel
    from .execute import execute_undecided
    from .replay import replay_findings
    vopts = dataclasses.replace(opts.verify_options(deadline), assumptions_checked=True,
                                assumptions_undecided=undecided)
    verdict = verify_kernel(kernel, vopts)
    verdict = replay_findings(kernel, apply_suppressions(verdict, text), deadline)
    return execute_undecided(kernel, verdict, deadline, opts.rules)
