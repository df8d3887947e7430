"""The subcommands behind the console scripts; each returns an exit code."""
from __future__ import annotations

import json
import sys

from dsl.check import check_source

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


def verify(files: list[str], opts: Options) -> int:
    worst = 0
    records = []
    for path in files:
        kernel, diags, text = load_kernel(path)
        if diags:
            worst = max(worst, 2)
            if opts.output == "text":
                for d in diags:
                    print(format_diagnostic(d, text), file=sys.stderr)
            records.extend(d.to_json() for d in diags)
            continue
        if opts.output == "text":
            print(f"{path}: parsed and type-checked kernel '{kernel.name}'")
    if opts.output == "json":
        print(json.dumps(records, indent=2, sort_keys=True))
    return worst


def fmt(args) -> int:
    from dsl.fmt import format_kernel
    kernel, diags, text = load_kernel(args.file)
    if kernel is None:
        for d in diags:
            print(format_diagnostic(d, text), file=sys.stderr)
        return 2
    sys.stdout.write(format_kernel(kernel))
    return 0


def register(sub, verify_parser) -> None:
    p = sub.add_parser("fmt", help="print a kernel in canonical form")
    p.add_argument("file", metavar="FILE")
    p.set_defaults(handler=fmt)
    v = sub.add_parser("verify", help="the same as argus-verify", add_help=False,
                       parents=[verify_parser("argus verify")])
    v.set_defaults(handler=lambda a: verify(a.files, Options.from_args(a)))
