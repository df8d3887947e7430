"""The subcommands behind the console scripts; each returns an exit code."""
from __future__ import annotations

import sys

from dsl.fmt import format_source

from .options import Options
from .render import format_diagnostic
from .source import display_name, load_kernel


EXIT_PRECEDENCE = (4, 2, 1, 3, 0)   # internal error, bad input, violation, unknown, proved


def _worst(codes) -> int:
    return next((c for c in EXIT_PRECEDENCE if c in codes), 0)


def verify(files: list[str], opts: Options) -> int:
    """Check each file; print one report in the chosen format; exit by the worst outcome.
    An internal error in one file is that file's exit 4; the others are still checked."""
    from encode.target import available_targets
    from . import report
    if opts.target not in available_targets():
        message = f"unknown target '{opts.target}'; known: {', '.join(available_targets())}"
        print(f"argus-verify: error: {message}", file=sys.stderr)
        _print_sarif(opts, 2, config_errors=(message,))
        return 2
    codes, results, verdicts, bad, internal = [], [], [], {}, []
    for path in files:
        try:
            code = _verify_path(path, opts, results, verdicts, bad)
        except BrokenPipeError:   # the reader went away: cli._run ends quietly
            raise
        except Exception as err:  # an internal bug: reported for this file, never as a verdict
            if opts.debug:
                raise
            print(f"argus: internal error in {display_name(path)}: {type(err).__name__}: {err} "
                  "(rerun with --debug for the traceback)", file=sys.stderr)
            internal.append((display_name(path), type(err).__name__, str(err)))
            code = 4
        codes.append(code)
    if opts.output == "json":
        print(report.dumps(results))
    _print_sarif(opts, _worst(codes), verdicts=tuple(verdicts), bad=tuple(bad.items()), internal=tuple(internal))
    return _worst(codes)


def _verify_path(path: str, opts: Options, results: list, verdicts: list, bad: dict) -> int:
    """Check one file, adding its records to `results`, `verdicts` or `bad`; its exit code."""
    from . import report
    from .api import verify_file
    out = verify_file(path, opts)
    if out.diagnostics:
        bad[out.file] = out.diagnostics
        results.append(report.bad_input_json(path, out.diagnostics))
        if opts.output == "text":
            print(out.report(), file=sys.stderr)
    elif out.verdict is None:
        if opts.output == "text":
            print(out.report())
    else:
        verdicts.append(out.verdict)
        results.append(report.verdict_json(out.verdict))
        if opts.output == "text":
            print(out.report())
    return out.exit_code


def _print_sarif(opts: Options, exit_code: int, **facts) -> None:
    if opts.output == "sarif":
        from .sarif import Run, sarif_log
        from .version import version
        print(sarif_log(Run(exit_code, **facts), version()))


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
