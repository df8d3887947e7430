"""The subcommands behind the console scripts; each returns an exit code."""
from __future__ import annotations

import sys

from dsl.check import check_source
from dsl.fmt import format_source

from .options import Options
from .render import diagnostics_json, format_diagnostic
from .source import read_source


def load_kernel(path: str):
    """(kernel or None, diagnostics, text) for one file; never raises on bad input."""
    text, diags = read_source(path)
    if text is None:
        return None, diags, None
    result = check_source(text, path)
    return (result.kernel if result.ok else None), result.diagnostics, text


EXIT_PRECEDENCE = (4, 2, 1, 3, 0)   # internal error, bad input, violation, unknown, proved
STATUS_EXIT = {"proved": 0, "violation": 1, "unknown": 3}


def _worst(codes) -> int:
    return next((c for c in EXIT_PRECEDENCE if c in codes), 0)


def verify(files: list[str], opts: Options) -> int:
    """Check each file; print one report in the chosen format; exit by the worst outcome."""
    from encode.target import available_targets
    from encode.verifier import verify_kernel
    from . import report
    if opts.target not in available_targets():
        print(f"argus-verify: error: unknown target '{opts.target}'; known: {', '.join(available_targets())}",
              file=sys.stderr)
        return 2
    codes, results, verdicts, bad = [], [], [], {}
    for path in files:
        kernel, diags, text = load_kernel(path)
        if diags:
            codes.append(2)
            bad[path] = diags
            results.append(report.bad_input_json(path, diags))
            if opts.output == "text":
                for d in diags:
                    print(format_diagnostic(d, text), file=sys.stderr)
            continue
        if opts.parse_only:
            codes.append(0)
            if opts.output == "text":
                print(f"{path}: parsed and type-checked kernel '{kernel.name}'")
            continue
        verdict = verify_kernel(kernel, opts.verify_options())
        verdict = _replay(kernel, _suppress(verdict, text))
        verdicts.append(verdict)
        results.append(report.verdict_json(verdict))
        codes.append(STATUS_EXIT[verdict.status])
        if opts.output == "text":
            print(report.format_verdict(verdict))
    if opts.output == "json":
        print(report.dumps(results))
    elif opts.output == "sarif":
        print(report.sarif(results, verdicts, bad))
    return _worst(codes)


NOT_REPLAYABLE = ("RES", "BANK")   # limits and performance: nothing to execute


def _replay(kernel, verdict):
    """Re-run each counterexample on the concrete interpreter (which shares no code with
    the encoder) and record whether it reproduces."""
    import dataclasses
    from codegen_cuda.interp_replay import replay_details
    out = []
    for f in verdict.findings:
        if f.rule in NOT_REPLAYABLE or f.suppressed:
            out.append(f)
            continue
        try:
            r = replay_details(kernel, f)
            note = "replayed" if r.replayed else f"not reproduced: {r.why}"
        except Exception as err:  # the oracle's own failure must not hide the finding
            note = f"not reproduced: the interpreter failed ({type(err).__name__})"
        out.append(dataclasses.replace(f, replay=note))
    return dataclasses.replace(verdict, findings=tuple(out))


def _suppress(verdict, text: str):
    """Apply `# argus: allow RULE -- reason` comments from the source."""
    try:
        from encode.suppress import apply_suppressions
    except ImportError:
        return verdict
    return apply_suppressions(verdict, text)


def fmt(args) -> int:
    """Print the canonical form of one kernel, comments kept; bad input gets diagnostics."""
    kernel, diags, text = load_kernel(args.file)
    if kernel is None:
        for d in diags:
            print(format_diagnostic(d, text), file=sys.stderr)
        return 2
    sys.stdout.write(format_source(kernel, text))
    return 0


def register(sub, verify_parser) -> None:
    from . import lower_cmd, optimize_cmd, tune_cmd
    lower_cmd.register(sub)
    optimize_cmd.register(sub)
    tune_cmd.register(sub)
    p = sub.add_parser("fmt", help="print a kernel in canonical form",
                       description="Print FILE in canonical form: the header first (assume, const, grid, "
                                   "threads, tag), 4-space indents, the fewest parentheses; comments are "
                                   "kept. Exit 2 with diagnostics on stderr when FILE does not check.")
    p.add_argument("file", metavar="FILE", help="a kernel file (.dsl)")
    p.set_defaults(handler=fmt)
    v = sub.add_parser("verify", help="the same as argus-verify", add_help=False,
                       parents=[verify_parser("argus verify")])
    v.set_defaults(handler=lambda a: verify(a.files, Options.from_args(a)))
