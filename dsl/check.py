"""Parse tree → typed IR, with the semantic checks of the language.

Every problem becomes a diagnostic; checking goes on after an error so that one run
reports as many as it can (up to MAX_ERRORS).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import lark

from . import asserts, exprs, ir, limits, mbarriers, regsplit, wgmma, wgmma_groups
from .diagnostics import Diagnostic, Span, plural, sort_key
from .header import check_header_stmt, check_output_specs, check_written_parts
from .parser import parse_tree, span_of
from .scope import Scope, Entry
from .spec_holes import spec_hole_errors
from .tiles import TileChecker

MAX_ERRORS = 50

_BIN = {"add": ir.BinOp.ADD, "sub": ir.BinOp.SUB, "mul": ir.BinOp.MUL, "div": ir.BinOp.DIV,
        "mod": ir.BinOp.MOD, "eq": ir.BinOp.EQ, "ne": ir.BinOp.NE, "lt": ir.BinOp.LT,
        "le": ir.BinOp.LE, "gt": ir.BinOp.GT, "ge": ir.BinOp.GE, "xor": ir.BinOp.XOR}
_BUILTINS = {("block", "x"): ir.Builtin.BLOCK_X, ("block", "y"): ir.Builtin.BLOCK_Y,
             ("block", "z"): ir.Builtin.BLOCK_Z, ("thread", "x"): ir.Builtin.THREAD_X,
             ("thread", "warp"): ir.Builtin.WARP, ("thread", "lane"): ir.Builtin.LANE}
HEADER = ("assume", "const_decl", "grid", "threads", "tag_decl", "writes_decl")


@dataclass
class CheckResult:
    kernel: ir.Kernel | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.kernel is not None and not any(d.severity.value == "error" for d in self.diagnostics)


class Checker:
    """Builds the IR from a lark tree; collects diagnostics instead of raising."""

    def __init__(self, file: str, synth: bool = False):
        self.file = file
        self.synth = synth
        self.diags: list[Diagnostic] = []
        self.broken: list[Span] = []   # uses of names whose definition already failed, and holes
        self.compile_time: list[Span] = []   # synthesis mode: where a hole stands for a compile-time integer
        self.scope = Scope()
        self.tiles = TileChecker(self)
        self.wgmmas = 0                # wgmma statements so far: their operand tiles are numbered
        self.header = {"consts": [], "assumes": [], "grid": None, "threads": None, "tags": [], "writes": [],
                       "grid_span": None, "threads_span": None}

    # ---------------------------------------------------------------- helpers
    def span(self, node) -> Span:
        if isinstance(node, lark.Token):
            return Span(self.file, node.line or 1, node.column or 1,
                        node.end_line or node.line or 1, node.end_column or (node.column or 1) + 1)
        return span_of(getattr(node, "meta", None), self.file)

    def error(self, code: str, message: str, span: Span, hint: str = "") -> None:
        if code == "E017" and any(_within(b, span) for b in self.broken):
            if self.synth:
                self.compile_time.append(span)   # a sketch's hole must have a domain here
            return  # an undefined name, a failed constant or a hole already explains it
        if len(self.diags) < MAX_ERRORS:
            self.diags.append(Diagnostic(code, message, span, hint))

    def within_broken(self, span: Span) -> bool:
        """Whether a hole, an undefined name or a failed constant lies inside `span`."""
        return any(_within(b, span) for b in self.broken)

    def consts(self) -> dict[str, int]:
        return self.scope.const_values()

    @property
    def tag_decls(self) -> list[ir.TagDecl]:
        return self.header["tags"]

    # ---------------------------------------------------------------- expressions
    def expr(self, t, bind_indices: set[str] | None = None) -> ir.Expr:
        """Convert an expression tree. `bind_indices`: the index variables an assertion binds
        (None outside assertions, where tags cannot be read)."""
        sp = self.span(t)
        if isinstance(t, lark.Token):
            return self._name(t, sp, bind_indices)
        kind = t.data
        if kind == "int_lit":
            return ir.IntLit(limits.literal(self, str(t.children[0]), sp), sp)
        if kind == "float_lit":
            return ir.FloatLit(float(t.children[0]), sp)
        if kind == "name":
            return self._name(t.children[0], sp, bind_indices)
        if kind in _BIN:
            return ir.Bin(_BIN[kind], self.expr(t.children[0], bind_indices),
                          self.expr(t.children[1], bind_indices), sp)
        if kind in ("and_chain", "or_chain"):
            op = ir.BinOp.AND if kind == "and_chain" else ir.BinOp.OR
            parts = [self.expr(c, bind_indices) for c in t.children]
            out = parts[0]
            for p in parts[1:]:
                out = ir.Bin(op, out, p, sp)
            return out
        if kind == "neg":
            inner = t.children[0]
            if isinstance(inner, lark.Tree) and inner.data == "int_lit" and \
                    str(inner.children[0]).lstrip("0") == str(limits.MAX_INT + 1):
                return ir.IntLit(-limits.MAX_INT - 1, sp)     # the least i64: its magnitude is no literal
            return ir.Neg(self.expr(t.children[0], bind_indices), sp)
        if kind == "not_":
            return ir.Not(self.expr(t.children[0], bind_indices), sp)
        if kind == "tuple":
            return ir.TupleExpr(tuple(self.expr(c, bind_indices) for c in t.children if c is not None), sp)
        if kind == "hole":
            if not self.synth:
                self.error("E020", "hole `??` is only allowed in synthesis mode", sp,
                           "use `argus fill` to fill holes, or write a value")
            # In synthesis mode the value is unknown until filled: what needs a
            # compile-time integer there is not an error (it is one per candidate).
            self.broken.append(sp)
            return ir.Hole(tuple(self.expr(c, bind_indices) for c in t.children if c is not None), sp)
        if kind == "attr":
            return self._attr(t, sp, bind_indices)
        if kind == "call":
            return self._call(t, sp, bind_indices)
        if kind == "tag_of":
            return self._tag_of(t, sp, bind_indices)
        if kind == "range_set":
            return ir.RangeSet(self.expr(t.children[0], bind_indices),
                               self.expr(t.children[1], bind_indices), sp)
        if kind == "subscript":
            return self._elem(t, sp, bind_indices)
        self.error("E021", f"unexpected {kind.replace('_', ' ')} in an expression", sp)
        return ir.IntLit(0, sp)

    def _name(self, tok, sp: Span, bind_indices) -> ir.Expr:
        name = str(tok)
        entry = self.scope.get(name)
        if entry is None and name == "inf":
            return ir.FloatLit(math.inf, sp)
        if entry is None:
            if bind_indices is not None and name in bind_indices:
                return ir.Sym(name, ir.SymKind.INDEX, sp)
            hint = self.scope.suggest(name, bind_indices or ())
            if bind_indices is not None and not hint:
                hint = ("a size is named by a dimension of a parameter's shape (`X: f32[N]`), a constant by "
                        "`const`; an index variable is bound only as a bare subscript: tag(a[i, j]) in an "
                        "assertion, LEN[b] in an `assume` (LEN[2 * b] binds no b)")
            self.error("E010", f"undefined name '{name}'", sp, hint)
            self.broken.append(sp)
            return ir.Sym(name, ir.SymKind.INDEX, sp)
        if entry.kind is ir.SymKind.CONST and entry.value is None:
            self.broken.append(sp)
        return ir.Sym(name, entry.kind, sp)

    def _attr(self, t, sp: Span, bind_indices) -> ir.Expr:
        base, attr = t.children
        if isinstance(base, lark.Tree) and base.data == "tag_of":
            inner = base.children[0]
            if bind_indices is None:
                self.error("E024", "tags can only be read in `assert` and `invariant`", sp)
                return ir.IntLit(0, sp)
            if not (isinstance(inner, lark.Tree) and inner.data == "subscript"):
                self.error("E024", "tag(...) takes one element of a tile, e.g. tag(a[i, k]).k",
                           self.span(inner))
                return ir.IntLit(0, sp)
            return ir.TagField(self._elem(inner, self.span(inner), bind_indices), str(attr), sp)
        if isinstance(base, lark.Tree) and base.data == "name":
            key = (str(base.children[0]), str(attr))
            if key in _BUILTINS:
                return ir.BuiltinRef(_BUILTINS[key], sp)
        self.error("E026", f"unknown attribute '.{attr}'", sp,
                   "known: block.x, block.y, block.z, thread.x, thread.warp, thread.lane")
        return ir.IntLit(0, sp)

    def _call(self, t, sp: Span, bind_indices) -> ir.Expr:
        func = str(t.children[0])
        if func == "cast":
            return self._cast(t, sp, bind_indices)
        args, kwargs = [], []
        for a in t.children[1:]:
            if a is None:
                continue
            if isinstance(a, lark.Tree) and a.data == "kwarg":
                kwargs.append((str(a.children[0]), self.expr(a.children[1], bind_indices)))
            else:
                args.append(self.expr(a.children[0] if isinstance(a, lark.Tree) and a.data == "arg" else a,
                                      bind_indices))
        return ir.Call(func, tuple(args), tuple(kwargs), sp)

    def _cast(self, t, sp: Span, bind_indices) -> ir.Expr:
        """cast(x, f16): the second argument is a dtype name, not an expression."""
        args = [a for a in t.children[1:] if a is not None]
        plain = [a.children[0] if isinstance(a, lark.Tree) and a.data == "arg" else a for a in args]
        if len(args) != 2 or any(isinstance(a, lark.Tree) and a.data == "kwarg" for a in args):
            self.error("E029", "cast takes a value and a dtype", sp, "e.g. cast(x, f16)")
            return ir.FloatLit(0.0, sp)
        to = plain[1]
        if not (isinstance(to, lark.Tree) and to.data == "name"):
            self.error("E012", "the second argument of cast is a dtype name", self.span(to),
                       "known dtypes: " + ", ".join(d.value for d in ir.DType))
            return ir.FloatLit(0.0, sp)
        return ir.Cast(self.expr(plain[0], bind_indices), self.tiles.dtype(to.children[0]), sp)

    def _elem(self, t, sp: Span, bind_indices) -> ir.ElemRef:
        name = str(t.children[0])
        idx = []
        for s in t.children[1:]:
            if s.data != "sub_index":
                self.error("E021", "a slice is not allowed here; index single elements", self.span(s))
                continue
            idx.append(self.expr(s.children[0], bind_indices))
        entry = self.scope.get(name)
        if entry is None:
            self.error("E010", f"undefined tensor '{name}'", self.span(t.children[0]), self.scope.suggest(name))
            self.broken.append(self.span(t.children[0]))
        elif entry.tensor is None:
            self.error("E021", f"'{name}' is a {entry.kind.value}, not a tensor", self.span(t.children[0]))
        elif len(idx) == len(t.children) - 1 and len(idx) != len(entry.tensor.shape):
            self.error("E014", f"'{name}' has rank {len(entry.tensor.shape)} but is indexed with "
                       f"{plural(len(idx), 'subscript')}", sp)
        return ir.ElemRef(name, tuple(idx), sp)

    def _tag_of(self, t, sp: Span, bind_indices) -> ir.Expr:
        self.error("E024", "name the tag field: tag(x[i, j]).field", sp)
        return ir.IntLit(0, sp)

    # ---------------------------------------------------------------- statements
    def kernel(self, tree: lark.Tree) -> ir.Kernel | None:
        k = tree.children[0]
        name = str(k.children[0])
        params, sizes = self.tiles.params([c for c in k.children[1:] if isinstance(c, lark.Tree) and c.data == "param"])
        stmts = [c for c in k.children[1:] if isinstance(c, lark.Tree) and c.data != "param"]
        # The header is declarative: it is read before the body, constants first, so that
        # `assume M % BM == 0` may precede `const BM = ...` (the order `argus fmt` prints).
        heads = sorted((s for s in stmts if s.data in HEADER), key=lambda s: s.data != "const_decl")
        header = self.header
        for s in heads:
            self.header_stmt(s, header)
        body = self.block([s for s in stmts if s.data not in HEADER], header)
        check_output_specs(self, header["tags"], body)
        check_written_parts(self, header["writes"], body)
        grid, threads = header["grid"], header["threads"]
        regsplit.check_placement(self, body, threads or 1)
        if header["grid_span"] is None:
            self.error("E022", "the kernel has no `grid` statement", self.span(k.children[0]),
                       "add e.g. `grid (M / BM, N / BN)`")
        if header["threads_span"] is None:
            self.error("E022", "the kernel has no `threads` statement", self.span(k.children[0]),
                       "add e.g. `threads 256`")
        return ir.Kernel(name, tuple(params), tuple(sizes), tuple(header["consts"]),
                         tuple(header["assumes"]), grid or (), threads or 1, tuple(header["tags"]),
                         tuple(body), self.file, self.span(k),
                         header["grid_span"] or ir.NO_SPAN, header["threads_span"] or ir.NO_SPAN,
                         tuple(header["writes"]))

    def block(self, stmts, header) -> list[ir.Stmt]:
        out: list[ir.Stmt] = []
        for s in stmts:
            if s.data in HEADER:
                word = s.data.split("_")[0]
                self.error("E027", f"`{word}` belongs in the kernel header, not inside a block", self.span(s),
                           f"move the `{word}` line out of the loop or branch, to the top of the kernel")
                continue
            if s.data in wgmma.KINDS:
                out.extend(wgmma.check_statement(self, s, self.span(s)))
                continue
            stmt = self.statement(s, header)
            if stmt is not None:
                out.append(stmt)
        return out

    def statement(self, s, header) -> ir.Stmt | None:
        sp = self.span(s)
        kind = s.data
        if kind in ("alloc", "zeros", "load", "mma", "assign", "copy", "copy_async", "store"):
            return getattr(self.tiles, kind)(s, sp)
        if kind in mbarriers.KINDS:
            return mbarriers.check_statement(self, s, sp, self.scope.depth == 1)
        if kind == "setmaxnreg":
            return regsplit.check_statement(self, s, sp)
        if kind == "commit":
            return ir.Commit(sp)
        if kind == "barrier":
            return ir.Barrier(sp)
        if kind == "wait_group":
            n = self.expr(s.children[0])
            v = exprs.try_fold(n, self.consts())
            if v is None or v < 0:
                # a negative count was taken as "all retired" (held-out round 37); PTX's
                # cp.async.wait_group takes a count of 0 or more
                self.error("E017", "wait_group needs a compile-time count of groups left pending (0 or more)",
                           n.span)
            return ir.WaitGroup(n, sp)
        if kind in ("assert_stmt", "invariant"):
            bound = asserts.index_names(s, self.scope.get)
            cond = self.expr(s.children[0], bound)
            word = "assert" if kind == "assert_stmt" else "invariant"
            asserts.check_assertion(self, cond, f"`{word}`")
            cls = ir.Assert if kind == "assert_stmt" else ir.Invariant
            return cls(cond, tuple(sorted(bound)), sp)
        if kind == "for_stmt":
            return self.for_stmt(s, sp, header)
        if kind == "if_stmt":
            cond = self.expr(s.children[0])
            self.int_or_bool(cond, "an if condition")
            then = self.suite(s.children[1], header)
            orelse = self.suite(s.children[2], header) if s.children[2] is not None else []
            return ir.If(cond, tuple(then), tuple(orelse), sp)
        self.error("E027", f"unexpected statement {kind}", sp)
        return None

    def suite(self, suite, header) -> list[ir.Stmt]:
        with self.scope.nested():
            return self.block([c for c in suite.children if isinstance(c, lark.Tree)], header)

    def for_stmt(self, s, sp: Span, header) -> ir.For:
        var, lo, hi, suite = s.children
        start = self.expr(lo)
        stop = self.expr(hi) if hi is not None else None
        if stop is None:
            start, stop = ir.IntLit(0, start.span), start
        for b in (start, stop):
            self.int_or_bool(b, "a loop bound", code="E019", want_bool=False,
                             hint="loop bounds are integers: sizes, constants, loop variables, + - * / % min max")
        with self.scope.nested():
            if self.scope.get(str(var)) is not None:
                self.error("E011", f"loop variable '{var}' shadows an existing name", self.span(var),
                           self.scope.first_defined(str(var)))
            self.scope.define(str(var), Entry(ir.SymKind.LOOP), self.span(var))
            body = self.block([c for c in suite.children if isinstance(c, lark.Tree)], header)
        return ir.For(str(var), start, stop, tuple(body), sp)

    def int_or_bool(self, e: ir.Expr, what: str, code: str = "E021", want_bool: bool | None = None,
                    hint: str = "") -> None:
        """Reject tiles, floats and tensors where a scalar integer or condition is needed."""
        for n in exprs.iter_nodes(e):
            if isinstance(n, ir.FloatLit):
                self.error(code, f"{what} must be an integer expression, not a float", n.span, hint)
                return
            if isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR:
                self.error(code, f"{what} must be an integer expression; '{n.name}' is a tile", n.span, hint)
                return
            if isinstance(n, ir.RangeSet):
                self.error(code, f"range(lo, hi) is only allowed in assertions; {what} is one integer", n.span)
                return
            if isinstance(n, ir.ElemRef) and not asserts.integer_input(self, n.tensor):
                self.error(code, f"{what} reads '{n.tensor}', which is not an integer kernel input", n.span,
                           "integer expressions read data only from integer inputs such as route: i32[T]")
                return
            if isinstance(n, ir.Call) and n.func not in asserts.INT_FUNCS or isinstance(n, ir.Cast):
                func = n.func if isinstance(n, ir.Call) else "cast"
                self.error("E026", f"'{func}' is not an integer function", n.span,
                           "integer expressions may use min and max")
                return
        if want_bool is False and isinstance(e, ir.Bin) and (e.op in ir.COMPARISONS or e.op in ir.LOGICAL):
            self.error(code, f"{what} must be an integer, not a condition", e.span, hint)

    def header_stmt(self, s, header) -> None:
        check_header_stmt(self, s, header)


def _within(inner: Span, outer: Span) -> bool:
    return ((outer.line, outer.col) <= (inner.line, inner.col)
            and (inner.end_line, inner.end_col) <= (outer.end_line, outer.end_col))


def check_source(text: str, file: str = "<input>", synth: bool = False) -> CheckResult:
    """Parse and type-check kernel source; never raises on bad input.

    The kernel is returned even when there are errors (for tools that want a partial
    IR); `CheckResult.ok` says whether it may be trusted.
    """
    tree, diags = parse_tree(text, file)
    if tree is None:
        return CheckResult(None, diags)
    checker = Checker(file, synth)
    try:
        kernel = checker.kernel(tree)
    except RecursionError:
        return CheckResult(None, [Diagnostic("E005", "the program nests too deeply", Span(file, 1, 1, 1, 2))])
    diags = checker.diags
    if kernel is not None and synth:
        diags = diags + spec_hole_errors(kernel)
    if kernel is not None and not any(d.severity.value == "error" for d in diags):
        kernel, more = wgmma_groups.retire(kernel)
        diags = diags + more
    return CheckResult(kernel, sorted(diags, key=sort_key))
