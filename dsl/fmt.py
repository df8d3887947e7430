"""The canonical text of a kernel, printed from the typed IR (`argus fmt`).

Checking the printed text gives back an equal IR (spans aside), and printing is
idempotent. The header comes first in a fixed order (assume, const, grid, threads,
tag), then the body; parentheses only where precedence needs them; 4-space indents.
Comments are not part of the IR: `format_source` carries them over from the text.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from . import exprs, ir

INDENT = "    "
MAX_CONST_LINE = 88

# Binding strength of each grammar level (dsl/grammar.lark), loosest first.
_OR, _AND, _NOT, _CMP, _XOR, _SUM, _TERM, _NEG, _ATOM = range(1, 10)
_LEVEL = {ir.BinOp.OR: _OR, ir.BinOp.AND: _AND, ir.BinOp.XOR: _XOR, ir.BinOp.ADD: _SUM, ir.BinOp.SUB: _SUM,
          ir.BinOp.MUL: _TERM, ir.BinOp.DIV: _TERM, ir.BinOp.MOD: _TERM,
          **{op: _CMP for op in ir.COMPARISONS}}


# ---------------------------------------------------------------- expressions
def format_expr(e: ir.Expr) -> str:
    return _expr(e)[0]


def _wrap(e: ir.Expr, need: int) -> str:
    text, level = _expr(e)
    return text if level >= need else f"({text})"


def _float(v: float) -> str:
    if math.isinf(v):
        return "inf" if v > 0 else "(-inf)"
    text = repr(v)
    return text if any(c in text for c in ".e") else text + ".0"


def _expr(e: ir.Expr) -> tuple[str, int]:
    match e:
        case ir.Forall(body=b):    # the binding is implicit in the source
            return _expr(b)
        case ir.Bin(op=op, lhs=a, rhs=b):
            level = _LEVEL[op]
            # Left-associative chains; comparisons do not chain, so both sides bind tighter.
            left_need = level + 1 if level == _CMP else level
            return f"{_wrap(a, left_need)} {op.value} {_wrap(b, level + 1)}", level
        case ir.Not(operand=x):
            return f"not {_wrap(x, _NOT)}", _NOT
        case ir.Neg(operand=x):
            return f"-{_wrap(x, _NEG)}", _NEG
    return _atom(e), _ATOM


def _atom(e: ir.Expr) -> str:
    match e:
        case ir.IntLit(value=v):
            return str(v)
        case ir.FloatLit(value=v):
            return _float(v)
        case ir.Sym(name=n):
            return n
        case ir.BuiltinRef(which=w):
            return w.value
        case ir.Call(func=f, args=args, kwargs=kw):
            parts = [format_expr(a) for a in args] + [f"{k}={format_expr(v)}" for k, v in kw]
            return f"{f}({', '.join(parts)})"
        case ir.Cast(operand=x, dtype=dt):
            return f"cast({format_expr(x)}, {dt.value})"
        case ir.Hole(domain=d):
            return "??" + ("{" + ", ".join(map(format_expr, d)) + "}" if d else "")
        case ir.ElemRef(tensor=t, indices=ix):
            return f"{t}[{', '.join(map(format_expr, ix))}]"
        case ir.TagField(elem=el, field=f):
            return f"tag({_atom(el)}).{f}"
        case ir.RangeSet(lo=lo, hi=hi):
            return f"range({format_expr(lo)}, {format_expr(hi)})"
        case ir.TupleExpr(items=items):
            inner = ", ".join(map(format_expr, items))
            return f"({inner},)" if len(items) == 1 else f"({inner})"
    raise TypeError(f"not an expression: {e!r}")


# ---------------------------------------------------------------- printed lines
@dataclass(frozen=True, slots=True)
class Line:
    depth: int
    text: str
    origin: tuple[int, ...] = ()   # the source lines the printed statement came from

    def render(self) -> str:
        return INDENT * self.depth + self.text


def _lines_of(span) -> tuple[int, ...]:
    return tuple(range(span.line, span.end_line + 1)) if span.line > 0 else ()


class _Printer:
    """Walks the body with the checker's scoping, to know what a statement may leave out."""

    def __init__(self, kernel: ir.Kernel):
        self.kernel = kernel
        self.consts = {c.name: c.value for c in kernel.consts}
        self.frames: list[dict[str, ir.TensorType]] = [{p.name: p for p in kernel.params}]
        self.out: list[Line] = []

    def emit(self, depth: int, text: str, origin: tuple[int, ...] = ()) -> None:
        self.out.append(Line(depth, text, origin))

    def lookup(self, name: str) -> ir.TensorType | None:
        return next((f[name] for f in reversed(self.frames) if name in f), None)

    # ---------------------------------------------------------------- header
    def header(self) -> None:
        k = self.kernel
        params = ", ".join(f"{p.name}: {p.dtype.value}[{', '.join(map(format_expr, p.shape))}]"
                           for p in k.params)
        self.emit(0, f"kernel {k.name}({params}):", (k.span.line,) if k.span.line > 0 else ())
        for a in k.assumes:
            self.emit(1, f"assume {format_expr(a)}", _lines_of(a.span))
        self.const_lines()
        if k.grid:
            grid = format_expr(k.grid[0]) if len(k.grid) == 1 else format_expr(ir.TupleExpr(k.grid))
            self.emit(1, f"grid {grid}", _lines_of(k.grid_span))
        self.emit(1, f"threads {k.threads}", _lines_of(k.threads_span))
        for t in k.tags:
            fields = ", ".join(f"{f}={format_expr(e)}" for f, e in t.fields)
            cond = f" if {format_expr(t.cond)}" if t.cond is not None else ""
            cond += f" else {format_expr(t.otherwise)}" if t.otherwise is not None else ""
            self.emit(1, f"tag {t.tensor}[{', '.join(t.indices)}] = ({fields}){cond}", _lines_of(t.span))
        for w in k.writes:
            self.emit(1, f"writes {w.tensor}[{', '.join(w.indices)}] if {format_expr(w.cond)}", _lines_of(w.span))

    def const_lines(self) -> None:
        cs = self.kernel.consts
        if not cs:
            return
        joined = f"const {', '.join(c.name for c in cs)} = {', '.join(format_expr(c.expr) for c in cs)}"
        if len(INDENT + joined) <= MAX_CONST_LINE:
            self.emit(1, joined, tuple(sorted({n for c in cs for n in _lines_of(c.span)})))
            return
        for c in cs:
            self.emit(1, f"const {c.name} = {format_expr(c.expr)}", _lines_of(c.span))

    # ---------------------------------------------------------------- body
    def block(self, stmts, depth: int) -> None:
        self.frames.append({})
        for s in stmts:
            if isinstance(s, ir.Load) and s.wgmma:     # a wgmma's operand reads: printed as the wgmma
                continue
            self.stmt(s, depth)
        self.frames.pop()

    def stmt(self, s: ir.Stmt, depth: int) -> None:
        head = (s.span.line,) if s.span.line > 0 else ()
        match s:
            case ir.For(var=v, start=lo, stop=hi, body=body):
                bounds = format_expr(hi) if lo == ir.IntLit(0) else f"{format_expr(lo)}, {format_expr(hi)}"
                self.emit(depth, f"for {v} in range({bounds}):", head)
                self.block(body, depth + 1)
            case ir.If(cond=c, then=then, orelse=orelse):
                self.emit(depth, f"if {format_expr(c)}:", head)
                self.block(then, depth + 1)
                if orelse:
                    self.emit(depth, "else:")
                    self.block(orelse, depth + 1)
            case _:
                self.emit(depth, self.simple(s), _lines_of(s.span))

    def simple(self, s: ir.Stmt) -> str:
        match s:
            case ir.Alloc(tensor=t):
                self.frames[-1][t.name] = t
                return f"{t.name} = shared {self.tile_type(t)}{_placement(t.layout)}"
            case ir.Zeros(target=t):
                return f"{t.name} = zeros {self.tile_type(t)}{self.define(t)}"
            case ir.Load(target=t, src=src, mask=m, transpose=flip):
                view = " transposed" if flip else ""
                return f"{t.name} = load {self.tile_ref(src)}{view}{_mask(m)}{self.define(t)}"
            case ir.Mma(target=t, c=c, shared=(sa, sb)):
                return f"{t.name} = wgmma({self.tile_ref(sa)}, {self.tile_ref(sb)}, {c}){self.define(t)}"
            case ir.Mma(target=t, a=a, b=b, c=c):
                return f"{t.name} = mma({a}, {b}, {c}){self.define(t)}"
            case ir.WgmmaCommit():
                return "wgmma_commit"
            case ir.WgmmaWait(pending=n):
                return f"wgmma_wait {format_expr(n)}"
            case ir.Compute(target=t, value=v):
                return f"{t.name} = {format_expr(v)}{self.define(t)}"
            case ir.Copy(dst=d, src=src, is_async=a, layout=lay, mask=m):
                word = "copy_async" if a else "copy"
                return f"{word} {self.tile_ref(d)}, {self.tile_ref(src)}{_mask(m)}{_placement(lay)}"
            case ir.Store(dst=d, src=src, layout=lay, mask=m):
                return f"store {self.tile_ref(d)}, {src}{_mask(m)}{_placement(lay)}"
            case ir.Commit():
                return "commit"
            case ir.Barrier():
                return "barrier"
            case ir.WaitGroup(pending=n):
                return f"wait_group {format_expr(n)}"
            case ir.MbarAlloc(name=n, size=z, count=c):
                return f"{n} = mbarrier[{format_expr(z)}] count {format_expr(c)}"
            case ir.Arrive(bar=b, tx_bytes=None):
                return f"arrive {_bar(b)}"
            case ir.Arrive(bar=b, tx_bytes=n):
                return f"expect_tx {_bar(b)}, {format_expr(n)}"
            case ir.MbarWait(bar=b, parity=p):
                return f"wait {_bar(b)}, {format_expr(p)}"
            case ir.TmaLoad(dst=d, src=src, bar=b, mask=m):
                return f"tma_load {self.tile_ref(d)}, {self.tile_ref(src)}{_mask(m)}, {_bar(b)}"
            case ir.SetMaxNReg(inc=inc, count=n):
                return f"setmaxnreg {'inc' if inc else 'dec'} {format_expr(n)}"
            case ir.Assert(cond=c):
                return f"assert {format_expr(c)}"
            case ir.Invariant(cond=c):
                return f"invariant {format_expr(c)}"
        raise TypeError(f"not a statement: {s!r}")

    @staticmethod
    def tile_type(t: ir.TensorType) -> str:
        return f"{t.dtype.value}[{', '.join(map(format_expr, t.shape))}]"

    def define(self, t: ir.TensorType) -> str:
        """The placement to print for a register tile, which the checker lets a
        redefinition inherit from the name's first definition in scope."""
        first = self.lookup(t.name)
        if first is None or first.space is not ir.Space.REGISTER:
            self.frames[-1][t.name] = t
            return _placement(t.layout)
        return "" if t.layout == first.layout else _placement(t.layout)

    def tile_ref(self, ref: ir.TileRef) -> str:
        """Trailing whole-dimension slices are left out: the checker adds them back."""
        subs = list(ref.subs)
        t = self.lookup(ref.tensor)
        while t is not None and len(subs) > 1 and self.whole(subs[-1], t.shape[len(subs) - 1]):
            subs.pop()
        return f"{ref.tensor}[{', '.join(map(_sub, subs))}]"

    def whole(self, sub: ir.Sub, dim: ir.Expr) -> bool:
        return (isinstance(sub, ir.Slice) and sub.start == ir.IntLit(0) and sub.extent == dim
                and exprs.try_fold(dim, self.consts) is not None)


def _sub(s: ir.Sub) -> str:
    if isinstance(s, ir.Index):
        return format_expr(s.at)
    ext = s.extent
    if isinstance(ext, ir.Bin) and ext.op is ir.BinOp.SUB and ext.rhs == s.start:
        return f"{format_expr(s.start)} : {format_expr(ext.lhs)}"   # written as start : stop
    return f"{format_expr(s.start)} : +{format_expr(ext)}"


def _mask(m: ir.Mask | None) -> str:
    if m is None:
        return ""
    return " masked" if m.fill is None else f" masked(fill={format_expr(m.fill)})"


def _placement(lay: ir.LayoutSpec | None) -> str:
    if lay is None:
        return ""
    if lay.kind == "swizzle":
        return " swizzle(" + ", ".join(map(format_expr, lay.swizzle)) + ")"
    if lay.kind == "named":
        return f" layout {lay.name}(" + ", ".join(f"{k}={format_expr(v)}" for k, v in lay.args) + ")"
    stride = f":{_wrap(lay.stride, _ATOM)}" if lay.stride is not None else ""
    return f" layout {_wrap(lay.shape, _ATOM)}{stride}"


def format_lines(kernel: ir.Kernel) -> list[Line]:
    p = _Printer(kernel)
    p.header()
    p.block(kernel.body, 1)
    return p.out


def format_kernel(kernel: ir.Kernel) -> str:
    """The canonical text of a checked kernel, ending in a newline."""
    return "".join(line.render() + "\n" for line in format_lines(kernel))


def format_source(kernel: ir.Kernel, text: str) -> str:
    """format_kernel, keeping the comments of `text` (the source `kernel` was checked from).

    A comment on its own line goes before the statement that followed it (which may move
    in the header); a comment after code stays at the end of that statement's line.
    """
    lines = format_lines(kernel)
    before: dict[int, list[str]] = {}
    after: dict[int, list[str]] = {}
    trailer: list[str] = []
    for line_no, comment, own_line in _comments(text):
        owner = None if own_line else _containing(lines, line_no)
        if owner is not None:
            after.setdefault(owner, []).append(comment)
            continue
        owner = _following(lines, line_no)
        (trailer if owner is None else before.setdefault(owner, [])).append(comment)
    out = []
    for i, line in enumerate(lines):
        out += [INDENT * line.depth + c for c in before.get(i, [])]
        out.append("  ".join([line.render(), *after.get(i, [])]))
    out += [INDENT + c for c in trailer]
    return "".join(o + "\n" for o in out)


def _comments(text: str):
    """(line number, comment text, whether it is alone on its line) for every comment."""
    for no, line in enumerate(text.splitlines(), 1):
        at = line.find("#")
        if at >= 0:
            yield no, line[at:].rstrip(), not line[:at].strip()


def _containing(lines: list[Line], line_no: int) -> int | None:
    return next((i for i, ln in enumerate(lines) if line_no in ln.origin), None)


def _following(lines: list[Line], line_no: int) -> int | None:
    """The printed line of the statement the source has next at or after line_no."""
    candidates = [(min(n for n in ln.origin if n >= line_no), i)
                  for i, ln in enumerate(lines) if any(n >= line_no for n in ln.origin)]
    return min(candidates)[1] if candidates else None


def _bar(b: ir.BarRef) -> str:
    return f"{b.bar}[{format_expr(b.index)}]"
