"""`argus fill SKETCH.dsl`: complete a sketch's holes with values that provably work.

Exit 0: the completion proves (printed, or written to OUT); 1: no completion exists, with
the witness that rules out each class of candidates; 2: bad input; 3: the budget or a
solver timeout ran out before an answer.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

from .render import diagnostics_json, format_diagnostic
from .report import finding_json, format_finding
from .source import read_source

STATUS_EXIT = {"filled": 0, "no completion": 1, "budget": 3}


def register(sub) -> None:
    p = sub.add_parser("fill", help="fill a sketch's holes ?? with values that prove",
                       description="Complete the holes of SKETCH (`??` and `??{a, b, c}`) so that every rule "
                                   "proves. The completed kernel goes to stdout (or OUT), the statistics to "
                                   "stderr. Exit 0 filled, 1 no completion, 2 bad input, 3 budget or timeout.")
    p.add_argument("sketch", metavar="SKETCH", help="a kernel file with holes (.dsl)")
    p.add_argument("-o", "--output", metavar="OUT", help="write the completed kernel here (atomically)")
    p.add_argument("--feedback", choices=("counterexample", "passfail"), default="counterexample",
                   help="reuse counterexamples (default) or verify every candidate (the baseline)")
    p.add_argument("--json", action="store_true", help="the result as JSON on stdout")
    p.add_argument("--timeout", type=float, default=None, metavar="S", help="seconds for the whole fill")
    p.add_argument("--query-timeout", type=float, default=10.0, metavar="S", help="solver seconds per query")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--target", default="sm_90", help="target description for resource limits")
    p.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    p.set_defaults(handler=fill_main)


def fill_main(args) -> int:
    from encode.target import available_targets
    from encode.verifier import VerifyOptions
    from synth.cegis import FillOptions, fill
    from synth.sketch import load_sketch
    if args.target not in available_targets():
        print(f"argus fill: error: unknown target '{args.target}'; known: {', '.join(available_targets())}",
              file=sys.stderr)
        return 2
    if args.timeout is not None and args.timeout <= 0:
        print("argus fill: error: --timeout must be positive", file=sys.stderr)
        return 2
    if args.output:
        # checked before the search (new-user round 38: an internal error after it)
        folder = os.path.dirname(os.path.abspath(args.output))
        why = "is a directory" if os.path.isdir(args.output) else \
            "" if os.path.isdir(folder) else "is in a folder that does not exist"
        if why:
            print(f"argus fill: error: cannot write -o {args.output}: it {why}", file=sys.stderr)
            return 2
    text, diags = read_source(args.sketch)
    sketch = None
    if text is not None:
        sketch, diags = load_sketch(text, args.sketch)
    if sketch is None:
        if args.json:
            print(json.dumps({"file": args.sketch, "status": "bad input",
                              "diagnostics": json.loads(diagnostics_json(diags))}, indent=2, sort_keys=True))
        for d in diags:
            print(format_diagnostic(d, text), file=sys.stderr)
        return 2
    # a reference beside the sketch (NAME.ref.py) checks each proved completion's numbers too
    from codegen_cuda.runner import RunError
    from codegen_cuda.test_sizes import sketch_reference
    try:
        ref = sketch_reference(args.sketch)
    except RunError as err:
        print(f"argus fill: error: {err}", file=sys.stderr)
        return 2
    # the whole fill's budget also ends a verification under way (new-user round 38: 0.5 s took 7.1 s)
    deadline = time.monotonic() + args.timeout if args.timeout is not None else None
    opts = FillOptions(VerifyOptions(timeout_s=max(0.001, args.query_timeout), seed=args.seed, target=args.target,
                                     deadline=deadline),
                       budget_s=args.timeout, reference=ref)
    result = fill(sketch, opts, args.feedback)
    print(stats_text(sketch, result), file=sys.stderr)
    if result.status == "filled" and args.output:
        _write_atomically(args.output, result.text)
    if args.json:
        print(json.dumps(result_json(sketch, result), indent=2, sort_keys=True))
    elif result.status == "filled" and not args.output:
        sys.stdout.write(result.text)
    if result.status != "filled":
        print(rejections_text(sketch, result), file=sys.stderr)
    return STATUS_EXIT[result.status]


def _write_atomically(path: str, text: str) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".fill-", suffix=".dsl", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _named(sketch, values) -> str:
    from synth.cegis import with_labels
    return ", ".join(f"{n} = {v}" for n, v in with_labels(sketch, values))


def stats_text(sketch, r) -> str:
    head = f"{sketch.path}: {r.status}"
    if r.status == "filled":
        head += f": {_named(sketch, r.values)}" if sketch.holes else " (no holes: the kernel as written proves)"
    elif r.reason:
        head += f": {r.reason}"
    lines = [head, f"  {len(sketch.holes)} holes, {r.candidates} candidates, {r.verifications} full verifications, "
             f"{r.pruned} pruned by stored witnesses, {r.seconds:.1f} s ({r.feedback} feedback)"]
    if r.solver_rounds:
        lines.append(f"  {r.solver_rounds} Z3 rounds for unbounded holes")
    if r.simulated:
        lines.append(f"  {r.simulated} proved completion(s) run on the simulator against "
                     f"{Path(sketch.path).with_suffix('.ref.py').name}")
    return "\n".join(lines)


def rejections_text(sketch, r) -> str:
    out = ["no completion" if r.status == "no completion" else "no completion found within the budget"]
    for rej in r.rejected:
        cands = "; ".join(_named(sketch, c) for c in rej.candidates[:8])
        more = f" and {len(rej.candidates) - 8} more" if len(rej.candidates) > 8 else ""
        out.append(f"rules out {len(rej.candidates)} candidate(s): {cands}{more}")
        if rej.witness is not None:
            src = f"  (found on {_named(sketch, rej.source)}; {rej.replay or 'not replayed'})"
            out.append("  " + format_finding(rej.witness).replace("\n", "\n  ") + "\n" + src)
        elif rej.diagnostic is not None:
            out.append("  " + format_diagnostic(rej.diagnostic, None).replace("\n", "\n  "))
    for values, reason in r.unknown:
        out.append(f"unknown for {_named(sketch, values)}: {reason}")
    return "\n".join(out)


def result_json(sketch, r) -> dict:
    def named(values):
        return [{"hole": i, "name": next(h.label for h in sketch.holes if h.index == i), "value": v}
                for i, v in values]
    return {
        "file": sketch.path, "status": r.status, "feedback": r.feedback, "values": named(r.values),
        "text": r.text, "candidates": r.candidates, "verifications": r.verifications, "pruned": r.pruned,
        "solver_rounds": r.solver_rounds, "reason": r.reason, "simulated": r.simulated,
        "holes": [{"hole": h.index, "line": h.line, "col": h.col, "domain": list(h.domain) if h.domain else None,
                   "const": h.const} for h in sketch.holes],
        "rejected": [{"candidates": [named(c) for c in rej.candidates],
                      "witness": finding_json(rej.witness) if rej.witness is not None else None,
                      "found_on": named(rej.source), "replay": rej.replay,
                      "diagnostic": rej.diagnostic.to_json() if rej.diagnostic is not None else None}
                     for rej in r.rejected],
        "unknown": [{"candidate": named(v), "reason": why} for v, why in r.unknown],
    }
