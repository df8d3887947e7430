"""Console entry points: `argus-verify FILE...` and `argus SUBCOMMAND`.

Environment variables and argv are read here and nowhere else; everything below gets
a frozen Options. Exit codes: 0 proved, 1 violation, 2 bad input, 3 unknown, 4 internal.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import traceback

from .options import DEFAULT_BUDGET_S, Options
from .version import version
from . import commands

EXIT_OK, EXIT_VIOLATION, EXIT_BAD_INPUT, EXIT_UNKNOWN, EXIT_INTERNAL = 0, 1, 2, 3, 4


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse's default exits 2 with usage; keep that, no traceback
        self.print_usage(sys.stderr)
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def _budget(text: str) -> float:
    """--timeout: a positive, finite number of seconds (0 or less would prove nothing)."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not math.isfinite(v) or v <= 0:
        raise argparse.ArgumentTypeError(f"the time budget must be a positive number of seconds, not '{text}'")
    return v


def _rule_ids(text: str) -> tuple[str, ...]:
    """--rules: comma-separated ids, each one the verifier checks (a typo would check nothing)."""
    from encode.verifier import ALL_RULES
    ids = tuple(r.strip().upper() for r in text.split(",") if r.strip())
    unknown = [r for r in ids if r not in ALL_RULES]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown rule id {', '.join(unknown)}; valid ids: {', '.join(ALL_RULES)}")
    if not ids and text.strip():
        raise argparse.ArgumentTypeError(f"'{text}' names no rule id; valid ids: {', '.join(ALL_RULES)}")
    return ids


def _verify_parser(prog: str) -> argparse.ArgumentParser:
    p = _Parser(prog=prog, description="Prove a kernel's tag assertions and memory rules.")
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    p.add_argument("files", nargs="+", metavar="FILE", help="kernel files (.dsl); - reads standard input")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="machine-readable findings")
    fmt.add_argument("--sarif", action="store_true", help="SARIF 2.1.0 for editors and code scanning")
    p.add_argument("--timeout", type=_budget, default=DEFAULT_BUDGET_S, metavar="SECONDS",
                   help="time budget of each file: verification, witness minimisation and replay together "
                        f"(default {DEFAULT_BUDGET_S:g}); when it runs out the verdict is unknown")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rules", type=_rule_ids, default=(), metavar="IDS",
                   help="comma-separated rule ids to check (default, or empty: all)")
    p.add_argument("--parse-only", action="store_true", help="parse and type-check only")
    p.add_argument("--target", default="sm_90", help="target description for resource limits (sm_90, mi300x)")
    p.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    return p


def _run(fn, args, debug: bool) -> int:
    try:
        return fn(args)
    except BrokenPipeError:  # the reader went away (e.g. `| head`); nothing left to say
        # Python flushes stdout again at exit, into the closed pipe: point it at /dev/null.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_VIOLATION
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as err:  # internal bugs only; bad input never gets here
        if debug:
            traceback.print_exc()
        print(f"argus: internal error: {type(err).__name__}: {err} (rerun with --debug for the traceback)",
              file=sys.stderr)
        return EXIT_INTERNAL


def verify_main(argv: list[str] | None = None) -> int:
    args = _verify_parser("argus-verify").parse_args(argv)
    opts = Options.from_args(args)
    return _run(lambda a: commands.verify(a.files, opts), args, args.debug)


def main(argv: list[str] | None = None) -> int:
    p = _Parser(prog="argus", description="Argus: proved GPU kernels.")
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = p.add_subparsers(dest="command", required=True)
    commands.register(sub, _verify_parser)
    args = p.parse_args(argv)
    return _run(args.handler, args, getattr(args, "debug", False))


if __name__ == "__main__":
    sys.exit(main())
