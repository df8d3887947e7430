"""Mutations of a kernel's typed IR: the small bugs a kernel author makes, for mutation testing.

Pure functions over the frozen IR (`dataclasses.replace`, never mutation). Each mutant
names its kind, the source line of the statement it changes, and what changed; it may be
ill-typed (a swapped mma of non-square tiles): callers re-check it (`revalidate`).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterator

from dsl import exprs, ir
from dsl.stmt_paths import paths, splice

KINDS = ("index_off_by_one", "swapped_indices", "slot_selector", "prefetch_distance", "deleted_barrier",
         "moved_barrier", "wait_count", "loop_bound", "swapped_mma_operands", "wrong_mask", "mbarrier")


@dataclass(frozen=True)
class Mutant:
    kind: str
    line: int
    what: str
    kernel: ir.Kernel


def _one(e: ir.Expr) -> ir.Expr:
    return ir.IntLit(1, e.span)


def plus(e: ir.Expr, k: int) -> ir.Expr:
    if k == 0:
        return e
    op = ir.BinOp.ADD if k > 0 else ir.BinOp.SUB
    return ir.Bin(op, e, ir.IntLit(abs(k), e.span), e.span)


# ---------------------------------------------------------------- statement sites
def swap(stmts: tuple, path: tuple, d: int) -> tuple:
    """The statements with the one at `path` and its sibling `d` places away exchanged."""
    i = path[0]
    if len(path) == 1:
        out = list(stmts)
        out[i], out[i + d] = out[i + d], out[i]
        return tuple(out)
    s = stmts[i]
    inner = swap(getattr(s, path[1]), path[2:], d)
    return stmts[:i] + (dataclasses.replace(s, **{path[1]: inner}),) + stmts[i + 1:]


def _block_of(kernel: ir.Kernel, path) -> tuple:
    block = kernel.body
    for j in range(0, len(path) - 1, 2):
        block = getattr(block[path[j]], path[j + 1])
    return block


def _moved_barriers(kernel: ir.Kernel, path, s) -> Iterator[tuple[str, ir.Kernel]]:
    """A barrier moved one statement earlier or later in its block."""
    if not isinstance(s, ir.Barrier):
        return
    block = _block_of(kernel, path)
    for d, where in ((-1, "earlier"), (1, "later")):
        j = path[-1] + d
        if 0 <= j < len(block) and not isinstance(block[j], ir.Barrier):
            other = type(block[j]).__name__.lower()
            yield (f"barrier moved one statement {where} (past the {other} at line {block[j].span.line})",
                   dataclasses.replace(kernel, body=swap(kernel.body, path, d)))


def _with(kernel: ir.Kernel, path, new) -> ir.Kernel:
    return dataclasses.replace(kernel, body=splice(kernel.body, path, tuple(new)))


def _refs(s) -> list[str]:
    """Names of the tile-reference fields of a statement."""
    return [f for f in ("src", "dst") if isinstance(getattr(s, f, None), ir.TileRef)]


def _with_sub(ref: ir.TileRef, k: int, sub) -> ir.TileRef:
    return dataclasses.replace(ref, subs=ref.subs[:k] + (sub,) + ref.subs[k + 1:])


def _fold(e, kernel) -> int | None:
    return exprs.try_fold(e, {c.name: c.value for c in kernel.consts})


# ---------------------------------------------------------------- the mutation operators
def _index_off_by_one(kernel, path, s):
    for f in _refs(s):
        ref = getattr(s, f)
        for k, sub in enumerate(ref.subs):
            starts = [(sub.at, "at")] if isinstance(sub, ir.Index) else [(sub.start, "start")]
            for e, attr in starts:
                for d in (1, -1):
                    if d < 0 and _fold(e, kernel) == 0:
                        continue
                    new = _with_sub(ref, k, dataclasses.replace(sub, **{attr: plus(e, d)}))
                    yield (f"{f} subscript {k} {'+' if d > 0 else '-'} 1", dataclasses.replace(s, **{f: new}))


def _swapped_indices(kernel, path, s):
    for f in _refs(s):
        ref = getattr(s, f)
        for a in range(len(ref.subs)):
            for b in range(a + 1, len(ref.subs)):
                x, y = ref.subs[a], ref.subs[b]
                if type(x) is not type(y):
                    continue
                if isinstance(x, ir.Index):
                    nx, ny = dataclasses.replace(x, at=y.at), dataclasses.replace(y, at=x.at)
                else:
                    nx, ny = dataclasses.replace(x, start=y.start), dataclasses.replace(y, start=x.start)
                if nx == x and ny == y:
                    continue
                subs = list(ref.subs)
                subs[a], subs[b] = nx, ny
                yield (f"{f} subscripts {a} and {b} swapped",
                       dataclasses.replace(s, **{f: dataclasses.replace(ref, subs=tuple(subs))}))


def _slot_selector(kernel, path, s, shared: dict):
    for f in _refs(s):
        ref = getattr(s, f)
        t = shared.get(ref.tensor)
        if t is None or not ref.subs or not isinstance(ref.subs[0], ir.Index):
            continue
        at = ref.subs[0].at
        n = _fold(t.shape[0], kernel)
        if _fold(at, kernel) is not None or not n or n < 2:
            continue
        base = at.lhs if isinstance(at, ir.Bin) and at.op is ir.BinOp.MOD else at
        new_at = ir.Bin(ir.BinOp.MOD, plus(base, 1), t.shape[0], at.span)
        yield (f"{f} slot {format_short(at)} -> next slot",
               dataclasses.replace(s, **{f: _with_sub(ref, 0, dataclasses.replace(ref.subs[0], at=new_at))}))


def _deleted_barrier(kernel, path, s):
    if isinstance(s, ir.Barrier):
        yield ("barrier deleted", None)


def _wait_count(kernel, path, s):
    if isinstance(s, ir.WaitGroup):
        n = _fold(s.pending, kernel)
        for d in (-1, 1):
            if n is not None and n + d < 0:
                continue
            yield (f"wait_group {'-' if d < 0 else '+'} 1", dataclasses.replace(s, pending=plus(s.pending, d)))


def _mbarrier(kernel, path, s):
    """The pipeline bugs of issue 20: the other parity, a wait or an arrival left out, an
    expect_tx without its bytes, the neighbouring slot's mbarrier."""
    if isinstance(s, ir.MbarWait):
        yield ("wait parity + 1", dataclasses.replace(s, parity=plus(s.parity, 1)))
        yield ("wait deleted", None)
    if isinstance(s, ir.Arrive):
        yield ("arrive deleted", None)
        if s.tx_bytes is not None:
            yield ("expect_tx -> arrive", dataclasses.replace(s, tx_bytes=None))
    if isinstance(s, (ir.Arrive, ir.MbarWait, ir.TmaLoad)) and _fold(s.bar.index, kernel) is None:
        b = s.bar
        size = next(x.size for x in ir.walk(kernel.body) if isinstance(x, ir.MbarAlloc) and x.name == b.bar)
        e = b.index
        shifted = (dataclasses.replace(e, lhs=plus(e.lhs, 1)) if isinstance(e, ir.Bin) and e.op is ir.BinOp.MOD
                   else ir.Bin(ir.BinOp.MOD, plus(e, 1), size, e.span))
        yield (f"mbarrier {b.bar}[{format_short(b.index)}] -> next one",
               dataclasses.replace(s, bar=dataclasses.replace(b, index=shifted)))


def _loop_bound(kernel, path, s):
    if isinstance(s, ir.For):
        for d in (-1, 1):
            yield (f"loop over {s.var}: stop {'-' if d < 0 else '+'} 1", dataclasses.replace(s, stop=plus(s.stop, d)))
        yield (f"loop over {s.var}: start + 1", dataclasses.replace(s, start=plus(s.start, 1)))


def _swapped_mma(kernel, path, s):
    if isinstance(s, ir.Mma) and s.a != s.b:
        yield ("mma operands a and b swapped", dataclasses.replace(s, a=s.b, b=s.a))


_FLIPS = {ir.BinOp.LT: ir.BinOp.LE, ir.BinOp.LE: ir.BinOp.LT, ir.BinOp.GT: ir.BinOp.GE,
          ir.BinOp.GE: ir.BinOp.GT, ir.BinOp.EQ: ir.BinOp.NE, ir.BinOp.NE: ir.BinOp.EQ}


def _comparisons(e: ir.Expr, rebuild) -> Iterator[tuple[ir.Expr, ir.Expr]]:
    """(comparison, whole condition with that comparison's operator flipped)."""
    if isinstance(e, ir.Bin) and e.op in ir.LOGICAL:
        yield from _comparisons(e.lhs, lambda x: rebuild(dataclasses.replace(e, lhs=x)))
        yield from _comparisons(e.rhs, lambda x: rebuild(dataclasses.replace(e, rhs=x)))
    elif isinstance(e, ir.Not):
        yield from _comparisons(e.operand, lambda x: rebuild(dataclasses.replace(e, operand=x)))
    elif isinstance(e, ir.Bin) and e.op in _FLIPS:
        yield e, rebuild(dataclasses.replace(e, op=_FLIPS[e.op]))


def _wrong_mask(kernel, path, s):
    if isinstance(s, ir.If):
        for cmp, cond in _comparisons(s.cond, lambda x: x):
            yield (f"condition {format_short(cmp)}: {cmp.op.value} -> {_FLIPS[cmp.op].value}",
                   dataclasses.replace(s, cond=cond))
        yield ("condition negated", dataclasses.replace(s, cond=ir.Not(s.cond, s.cond.span)))


# ---------------------------------------------------------------- prefetch distance
def _additive_terms(e: ir.Expr) -> list[ir.Expr]:
    if isinstance(e, ir.Bin) and e.op in (ir.BinOp.ADD, ir.BinOp.SUB):
        return _additive_terms(e.lhs) + _additive_terms(e.rhs)
    return [e]


def _offsets(e: ir.Expr, var: str, out: list) -> None:
    """Maximal additive expressions `var + d` (d loop-invariant, nonzero) inside e."""
    if isinstance(e, ir.Bin) and e.op in (ir.BinOp.ADD, ir.BinOp.SUB):
        terms = _additive_terms(e)
        if len(terms) > 1 and sum(isinstance(t, ir.Sym) and t.name == var for t in terms) == 1 \
                and all(var not in exprs.free_syms(t) for t in terms if not (isinstance(t, ir.Sym) and t.name == var)):
            if e not in out:
                out.append(e)
            return
    for c in exprs.children(e):
        _offsets(c, var, out)


def _replace_expr(node, old: ir.Expr, new: ir.Expr):
    """Every occurrence of `old` (structurally) in a statement tree or expression replaced."""
    if node == old and type(node) is type(old):
        return new
    if isinstance(node, tuple):
        return tuple(_replace_expr(x, old, new) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        changes = {}
        for f in dataclasses.fields(node):
            if f.name == "span":
                continue
            v = getattr(node, f.name)
            nv = _replace_expr(v, old, new)
            if nv is not v:
                changes[f.name] = nv
        return dataclasses.replace(node, **changes) if changes else node
    return node


def _prefetch(kernel, path, s):
    if not isinstance(s, ir.For):
        return
    found: list = []
    for _, inner in paths(s.body):
        if isinstance(inner, ir.Copy) and inner.is_async:
            for f in ("src", "dst"):
                for sub in getattr(inner, f).subs:
                    _offsets(sub.at if isinstance(sub, ir.Index) else sub.start, s.var, found)
    for e in found:
        for d in (1, -1):
            body = _replace_expr(s.body, e, plus(e, d))
            if body != s.body:
                yield (f"prefetch distance {format_short(e)} {'+' if d > 0 else '-'} 1",
                       dataclasses.replace(s, body=body))


# ---------------------------------------------------------------- all mutants
def mutants(kernel: ir.Kernel, kinds=KINDS) -> list[Mutant]:
    """Every mutant of the chosen kinds, in program order (deterministic)."""
    shared = {s.tensor.name: s.tensor for s in ir.walk(kernel.body) if isinstance(s, ir.Alloc)}
    ops = {"index_off_by_one": _index_off_by_one, "swapped_indices": _swapped_indices,
           "slot_selector": lambda k, p, s: _slot_selector(k, p, s, shared),
           "prefetch_distance": _prefetch, "deleted_barrier": _deleted_barrier, "wait_count": _wait_count,
           "loop_bound": _loop_bound, "swapped_mma_operands": _swapped_mma, "wrong_mask": _wrong_mask,
           "mbarrier": _mbarrier}
    out = []
    for path, s in paths(kernel.body):
        if "moved_barrier" in kinds:
            out += [Mutant("moved_barrier", s.span.line, what, k) for what, k in _moved_barriers(kernel, path, s)]
        for kind in kinds:
            if kind == "moved_barrier":
                continue
            for what, new in ops[kind](kernel, path, s):
                out.append(Mutant(kind, s.span.line, what, _with(kernel, path, () if new is None else (new,))))
    return out


def format_short(e: ir.Expr) -> str:
    from dsl.fmt import format_expr
    return format_expr(e)


def revalidate(m: Mutant) -> ir.Kernel | None:
    """The mutant printed and checked again by the front end: a well-typed kernel, or None."""
    from dsl.check import check_source
    from dsl.fmt import format_kernel
    try:
        text = format_kernel(m.kernel)
    except Exception:  # noqa: BLE001 - a mutant the printer cannot print is simply invalid
        return None
    result = check_source(text, m.kernel.file)
    return result.kernel if result.ok else None
