"""IR expressions as Z3 terms: sizes, blocks, constants, loop variables, CUDA integer ops.

CUDA's `/` and `%` truncate toward zero while Z3's are Euclidean; `mk_div`/`mk_mod`
implement the truncating versions (they agree with Z3 on non-negative operands).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import z3

from dsl import exprs, ir
from dsl.masks import INT_RANGES

from .elem_reads import OPAQUE_MARK, opaque_reads
from .terms import And, Div, Ge, Gt, If, Le, Lt, Neg, Or

# the values an integer input's element of these types holds (SymEnv.held; memwitness shows so)
HELD = {d: INT_RANGES[d] for d in (ir.DType.BOOL, ir.DType.I8, ir.DType.I32)}


class Unsupported(Exception):
    """A construct the encoding cannot express: the verdict becomes `unknown`."""

    def __init__(self, reason: str, span=None):
        super().__init__(reason)
        self.reason = reason
        self.span = span


def mk_div(a, b):
    """Truncating integer division, as in CUDA C."""
    if isinstance(b, int) or z3.is_int_value(b):
        bv = b if isinstance(b, int) else b.as_long()
        if bv == 0:
            raise Unsupported("division by zero")
        if bv > 0:
            return If(Ge(a, 0), Div(a, bv), Neg(Div(Neg(a), bv)))
    return z3.If(a >= 0, z3.If(b > 0, a / b, -(a / -b)), z3.If(b > 0, -((-a) / b), (-a) / (-b)))


def mk_xor(a, b, span=None):
    """CUDA's `^` with one operand a non-negative constant c: flipping bit i of x adds 2^i
    when the bit is 0 and subtracts it when it is 1, and bit i of x is (x div 2^i) mod 2 with
    Z3's floor division, which is two's complement for negative x too: exact for every x.
    Two non-constant operands are not encoded (the verdict becomes unknown)."""
    a, b = z3.simplify(a), z3.simplify(b)
    if z3.is_int_value(a) and z3.is_int_value(b):
        return z3.IntVal(a.as_long() ^ b.as_long())
    if z3.is_int_value(a):
        a, b = b, a
    if not z3.is_int_value(b) or b.as_long() < 0:
        raise Unsupported("`^` of two non-constant integers (one side must be a constant >= 0)", span)
    c, out, i = b.as_long(), a, 0
    while c >> i:
        if (c >> i) & 1:
            out = out + (1 - 2 * ((a / (1 << i)) % 2)) * (1 << i)
        i += 1
    return out
HOLE_PREFIX = "??@"


def hole_name(span) -> str:
    """The Z3 name of the unbounded hole written at `span` (its line and column)."""
    return f"{HOLE_PREFIX}{span.line}:{span.col}"


def mentions(term, var) -> bool:
    """Does the Z3 term contain the constant `var`?"""
    if z3.is_const(term) and term.decl().name() == var.decl().name():
        return True
    return any(mentions(c, var) for c in term.children())


# Only the comparison asked for is built (a table of all six built five terms for nothing).
_COMPARE = {ir.BinOp.EQ: lambda x, y: x == y, ir.BinOp.NE: lambda x, y: x != y, ir.BinOp.LT: Lt,
            ir.BinOp.LE: Le, ir.BinOp.GT: Gt, ir.BinOp.GE: Ge}


def encode_cond(enc, e: ir.Expr, bound: dict):
    """A condition as a Z3 Bool, its integer leaves encoded by `enc.term` (Int or bit-vector)."""
    match e:
        case ir.Bin(op=ir.BinOp.AND, lhs=a, rhs=b):
            return And(enc.cond(a, bound), enc.cond(b, bound))
        case ir.Bin(op=ir.BinOp.OR, lhs=a, rhs=b):
            return Or(enc.cond(a, bound), enc.cond(b, bound))
        case ir.Not(operand=x):
            return z3.Not(enc.cond(x, bound))
        case ir.Bin(op=op, lhs=a, rhs=b) if op in ir.COMPARISONS:
            x, y = enc.term(a, bound), enc.term(b, bound)
            return _COMPARE[op](x, y)
    return enc.term(e, bound) != 0


def _lookups(e: ir.Expr, opaque: dict) -> tuple[str, ...]:
    """The names `SymEnv.term` may look up in `bound` for e: its symbols and builtins, and
    the loop variables its opaque reads take."""
    out = set()
    for n in exprs.iter_nodes(e):
        if isinstance(n, ir.ElemRef) and id(n) in opaque:
            out.update(opaque[id(n)][1])
        if isinstance(n, ir.Sym):
            out.add(n.name)
        elif isinstance(n, ir.BuiltinRef):
            out.add(n.which.value)
    return tuple(sorted(out))


def mk_mod(a, b):
    """Truncating remainder: the sign follows the dividend, as in CUDA C."""
    return a - b * mk_div(a, b)


SIZE_CAP = 1 << 48       # elements of one dimension (encode/int_ops.py DIM_MAX is this minus one)


@dataclass
class SymEnv:
    """The symbols of one kernel: sizes, blocks, the facts that constrain them."""
    kernel: ir.Kernel
    sizes: dict[str, z3.ArithRef] = field(default_factory=dict)
    blocks: tuple = ()
    consts: dict[str, int] = field(default_factory=dict)
    facts: list = field(default_factory=list)
    functions: dict[str, z3.FuncDeclRef] = field(default_factory=dict)
    # term(e, bound) by e and the values of the names e looks up: the rules rebuild the same
    # loop ranges, guards and coordinates for every query (a fifth of the encoder's time).
    # Z3 hash-conses terms, so a stored term is the term a rebuild would give. The stored
    # expressions and bound values stay alive with the entries, so their ids stay unique.
    _terms: dict = field(default_factory=dict, repr=False, compare=False)
    _names: dict = field(default_factory=dict, repr=False, compare=False)
    # the integer input elements read so far whose type bounds them, by term id (the term kept),
    # and those bounds: facts every model must meet (SolverOptions.model_facts)
    _held: dict = field(default_factory=dict, repr=False, compare=False)
    held_facts: list = field(default_factory=list, repr=False, compare=False)
    # id(ElemRef) -> (function, loop variables) of the reads a write of the kernel may
    # precede (encode/elem_reads.py): their values are no input's, and no `assume` holds.
    opaque: dict = field(default_factory=dict, repr=False, compare=False)

    @staticmethod
    def build(kernel: ir.Kernel) -> "SymEnv":
        env = SymEnv(kernel)
        env.consts = {c.name: c.value for c in kernel.consts}
        env.opaque = opaque_reads(kernel)
        for name in kernel.sizes:
            env.sizes[name] = z3.Int(name)
            env.facts.append(env.sizes[name] >= 1)
        env.blocks = tuple(z3.Int(f"block.{'xyz'[i]}") for i in range(len(kernel.grid)))
        for b, extent in zip(env.blocks, kernel.grid):
            env.facts += [b >= 0, b < env.term(extent, {})]
        for a in kernel.assumes:
            env.facts.append(env.cond(a, {}))
        return env

    def has_opaque(self) -> bool:
        """Has some term used an opaque value (a read a write of the kernel may precede)?"""
        return any(OPAQUE_MARK in name for name in self.functions)

    def held(self, v, dtype: ir.DType):
        """An integer input's element `v`, with the fact that its type holds it: a bool is 0 or
        1 (new-user round 56's witness gave a keep-mask 21), an i8 or i32 lies in its range
        (held-out round 58 refuted a correct i8 mask with FL = 2147483649). True of every
        element of every input: a model that breaks it is searched again with it
        (solver.find_model's `model_facts`; an `If` around each read made a permutation's
        queries five times slower, and a fact in every query lists every input in every witness)."""
        if dtype in HELD and v.get_id() not in self._held:
            self._held[v.get_id()] = v
            lo, hi = HELD[dtype]
            self.held_facts.append(z3.And(v >= lo, v <= hi))
        return v

    def element_types(self) -> dict[str, object]:
        """For each integer input read so far, the fact that its type holds every element,
        quantified over the arguments: a query that quantifies over the elements it reads
        (assumptions, a COVER miss for all blocks) meets `held` facts of one element only
        (held-out round 99: `assume F[i] >= 200` of an i8 F proved kernels vacuously, and a
        bool F split `== 0` / `== 1` left a block unwritten at F = 2)."""
        facts = {}
        for name, f in self.functions.items():
            param = self.kernel.param(name)
            if param is None or param.dtype not in INT_RANGES:
                continue
            lo, hi = INT_RANGES[param.dtype]
            xs = [z3.Int(f"%{name}{k}") for k in range(f.arity())]
            facts[name] = z3.ForAll(xs, z3.And(f(*xs) >= lo, f(*xs) <= hi))
        return facts

    def ranges_in(self, terms) -> list:
        """The type ranges of the integer-input elements applied in `terms` (z3 terms whose
        reads were substituted after encoding, so `held` did not see them: COVER's block
        eliminated to `elem / 32` made `F[block.x]` an `F[elem / 32]` of any value, held-out
        round 99). Only for reads outside quantifiers: a bound variable's read is skipped."""
        decls = {f.get_id(): self.kernel.param(name) for name, f in self.functions.items()}
        out, seen, todo = [], set(), list(terms)
        while todo:
            t = todo.pop()
            if t.get_id() in seen:
                continue
            seen.add(t.get_id())
            if z3.is_quantifier(t):
                continue
            if z3.is_app(t):
                param = decls.get(t.decl().get_id())
                if param is not None and param.dtype in INT_RANGES and not _has_var(t):
                    lo, hi = INT_RANGES[param.dtype]
                    out += [t >= lo, t <= hi]
                todo.extend(t.children())
        return out

    def uf(self, tensor: str, arity: int) -> z3.FuncDeclRef:
        """An input tensor's contents as an uninterpreted function (data-dependent tags)."""
        if tensor not in self.functions:
            self.functions[tensor] = z3.Function(f"{tensor}[]", *([z3.IntSort()] * arity), z3.IntSort())
        return self.functions[tensor]

    def term(self, e: ir.Expr, bound: dict):
        """Integer expression → Z3 term; `bound` maps loop and index names to terms."""
        names = self._names.get(id(e))
        if names is None:
            names = self._names[id(e)] = (e, _lookups(e, self.opaque))
        values = tuple(bound.get(n) for n in names[1])
        if not all(v is None or isinstance(v, (z3.AstRef, int)) for v in values):
            return self._term(e, bound)
        key = (id(e), tuple(v.get_id() if isinstance(v, z3.AstRef) else ("py", v) for v in values))
        hit = self._terms.get(key)
        if hit is None:
            hit = self._terms[key] = (self._term(e, bound), values)
        return hit[0]

    def _term(self, e: ir.Expr, bound: dict):
        match e:
            case ir.IntLit(value=v):
                return z3.IntVal(v)
            case ir.Sym(name=n) if n in bound:
                return bound[n]
            case ir.Sym(name=n) if n in self.consts:
                return z3.IntVal(self.consts[n])
            case ir.Sym(name=n) if n in self.sizes:
                return self.sizes[n]
            case ir.BuiltinRef(which=w) if w.value.startswith("block."):
                idx = "xyz".index(w.value[-1])
                if idx >= len(self.blocks):
                    raise Unsupported(f"{w.value} is used but the grid has {len(self.blocks)} dimensions", e.span)
                return self.blocks[idx]
            case ir.BuiltinRef(which=w) if w.value in bound:
                return bound[w.value]
            case ir.Neg(operand=x):
                return -self.term(x, bound)
            case ir.Bin(op=op, lhs=a, rhs=b) if op not in ir.COMPARISONS and op not in ir.LOGICAL:
                x, y = self.term(a, bound), self.term(b, bound)
                if op is ir.BinOp.ADD:
                    return x + y
                if op is ir.BinOp.SUB:
                    return x - y
                if op is ir.BinOp.MUL:
                    return x * y
                if op is ir.BinOp.XOR:
                    return mk_xor(x, y, e.span)
                return mk_div(x, y) if op is ir.BinOp.DIV else mk_mod(x, y)
            case ir.Call(func=f, args=(a, b)) if f in ("min", "max"):
                x, y = self.term(a, bound), self.term(b, bound)
                return z3.If(x <= y, x, y) if f == "min" else z3.If(x >= y, x, y)
            case ir.ElemRef(tensor=t, indices=ix) if id(e) in self.opaque:
                name, loops = self.opaque[id(e)]
                if any(v not in bound for v in loops):
                    raise Unsupported(f"the read of {t} outside its loops", e.span)
                args = [bound[v] for v in loops] + [self.term(i, bound) for i in ix]
                return self.uf(name, len(args))(*args)     # (any value: what the kernel wrote)
            case ir.ElemRef(tensor=t, indices=ix) if self.kernel.param(t) is not None:
                return self.held(self.uf(t, len(ix))(*[self.term(i, bound) for i in ix]),
                                 self.kernel.param(t).dtype)
            case ir.Hole(domain=()):
                # An unbounded hole of a sketch (synthesis mode): one more integer unknown.
                return z3.Int(hole_name(e.span))
        if isinstance(e, ir.RangeSet):
            raise Unsupported("a `range(lo, hi)` field is a set of values, not one integer: a tensor whose tag "
                              "function has one cannot be read back or compared here", e.span)
        if isinstance(e, ir.BuiltinRef) and e.which.value.startswith("thread."):
            # held-out round 37 read "cannot encode BuiltinRef": a loop bound of a thread
            raise Unsupported(f"`{e.which.value}` is not encoded here: loop bounds (and what is computed "
                              "once per block) may depend on sizes, constants and block ids, not on the thread; "
                              "guard the loop body with an `if` on the thread instead", e.span)
        try:
            from dsl.fmt import format_expr
            text = f"`{format_expr(e)}`"
        except TypeError:       # a node the formatter does not print: name its kind
            text = f"a {type(e).__name__} expression"
        # new-user round 55 read "cannot encode Call as an integer" (an `index(...)` condition)
        raise Unsupported(f"{text} is not encoded here: only integers of sizes, constants, block ids, loop "
                          "variables and integer inputs' elements are", getattr(e, "span", None))

    def forall(self, e: ir.Forall, bound: dict):
        """∀ index variables (each over the dimensions it subscripts) of the body."""
        vs, ranges = self.index_ranges(e.names, e.body, bound)
        body = self.cond(e.body, {**bound, **vs})
        return z3.ForAll(list(vs.values()), z3.Implies(And(*ranges), body))

    def index_ranges(self, names, body: ir.Expr, bound: dict) -> tuple[dict, list]:
        """A quantified assumption's index variables, and the range of each: every dimension
        of an input it subscripts bare."""
        vs = {n: z3.Int(f"{n}'") for n in names}
        ranges = []
        for node in exprs.iter_nodes(body):
            if isinstance(node, ir.ElemRef) and self.kernel.param(node.tensor) is not None:
                for idx, dim in zip(node.indices, self.kernel.param(node.tensor).shape):
                    if isinstance(idx, ir.Sym) and idx.name in vs:
                        v = vs[idx.name]
                        ranges += [v >= 0, v < self.term(dim, bound)]
        return vs, ranges

    def cond(self, e: ir.Expr, bound: dict):
        if isinstance(e, ir.Forall):
            return self.forall(e, bound)
        return encode_cond(self, e, bound)

    def const_value(self, e: ir.Expr) -> int | None:
        return exprs.try_fold(e, self.consts)


def _has_var(t) -> bool:
    """Does z3 term t hold a de Bruijn variable (a quantifier's, outside its binder)?"""
    todo = [t]
    while todo:
        x = todo.pop()
        if z3.is_var(x):
            return True
        if z3.is_app(x):
            todo.extend(x.children())
    return False
