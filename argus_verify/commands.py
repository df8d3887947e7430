"""The subcommands behind the console scripts; each returns an exit code."""
from __future__ import annotations

import sys
import time

from dsl.fmt import format_source

from .options import Options
from .render import format_diagnostic
from .source import display_name, load_kernel


EXIT_PRECEDENCE = (4, 2, 1, 3, 0)   # internal error, bad input, violation, unknown, proved
STATUS_EXIT = {"proved": 0, "violation": 1, "unknown": 3}


def _worst(codes) -> int:
    return next((c for c in EXIT_PRECEDENCE if c in codes), 0)


def verify(files: list[str], opts: Options) -> int:
    """Check each file; print one report in the chosen format; exit by the worst outcome."""
    from encode.target import available_targets
    from . import report
    if opts.target not in available_targets():
        print(f"argus-verify: error: unknown target '{opts.target}'; known: {', '.join(available_targets())}",
              file=sys.stderr)
        return 2
    codes, results, verdicts, bad = [], [], [], {}
    for path in files:
        deadline = time.monotonic() + opts.timeout_s   # the budget covers this file's whole run
        kernel, diags, text = load_kernel(path)
        if not diags and not opts.parse_only:
            diags = _vacuous(kernel, opts, deadline)
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
                print(f"{display_name(path)}: parsed and type-checked kernel '{kernel.name}'")
            continue
        verdict = _verify_file(kernel, text, opts, deadline)
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


def _vacuous(kernel, opts: Options, deadline: float) -> list:
    """An E031 error when no sizes satisfy the `assume`s (every proof would be vacuous)."""
    from encode.assumptions import unsatisfiable_assumptions
    d = unsatisfiable_assumptions(kernel, opts.verify_options(deadline).solver)
    return [d] if d is not None else []


def _verify_file(kernel, text: str, opts: Options, deadline: float):
    """Verify and replay the witnesses within the file's budget; when it runs out before
    verification ends the verdict is unknown, saying so."""
    from encode.verifier import verify_kernel
    from .replay import replay_findings
    verdict = verify_kernel(kernel, opts.verify_options(deadline))
    return replay_findings(kernel, _suppress(verdict, text), deadline)


def _suppress(verdict, text: str):
    """Apply `# argus: allow RULE -- reason` comments from the source."""
    try:
        from encode.suppress import apply_suppressions
    except ImportError:
        return verdict
    return apply_suppressions(verdict, text)


def fmt(args) -> int:
    """Print the canonical form of one kernel, comments kept; bad input gets diagnostics.
    --check: exit 1 when the file is not in canonical form (nothing printed on stdout);
    --diff: a unified diff from the file to its canonical form, exit 1 when there is one."""
    kernel, diags, text = load_kernel(args.file)
    if kernel is None:
        for d in diags:
            print(format_diagnostic(d, text), file=sys.stderr)
        return 2
    canonical = format_source(kernel, text)
    if not (args.check or args.diff):
        sys.stdout.write(canonical)
        return 0
    if canonical == text:
        return 0
    name = display_name(args.file)
    if args.diff:
        import difflib
        sys.stdout.writelines(difflib.unified_diff(text.splitlines(keepends=True), canonical.splitlines(keepends=True),
                                                   f"{name} (as written)", f"{name} (canonical)"))
    else:
        print(f"would reformat {name}", file=sys.stderr)
    return 1


def register(sub, verify_parser) -> None:
    from . import fill_cmd, lower_cmd, optimize_cmd, tune_cmd
    lower_cmd.register(sub)
    fill_cmd.register(sub)
    optimize_cmd.register(sub)
    tune_cmd.register(sub)
    p = sub.add_parser("fmt", help="print a kernel in canonical form",
                       description="Print FILE in canonical form: the header first (assume, const, grid, "
                                   "threads, tag), 4-space indents, the fewest parentheses; comments are "
                                   "kept. Exit 2 with diagnostics on stderr when FILE does not check.")
    p.add_argument("file", metavar="FILE", help="a kernel file (.dsl), or - for standard input")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="exit 1 if FILE is not in canonical form")
    mode.add_argument("--diff", action="store_true", help="print a diff to the canonical form; exit 1 if any")
    p.set_defaults(handler=fmt)
    v = sub.add_parser("verify", help="the same as argus-verify", add_help=False,
                       parents=[verify_parser("argus verify")])
    v.set_defaults(handler=lambda a: verify(a.files, Options.from_args(a)))
