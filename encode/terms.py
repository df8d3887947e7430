"""`And` and `Or` over Z3 Booleans without z3's per-argument sort coercion: the same terms.

z3.And/z3.Or merge and cast the sort of every argument in Python (~10 µs each), which was a
third of the encoder's time in the proofs/ library (conjunctions of many case conditions).
For arguments that are all Z3 Booleans (or Python bools) of one context, these call the same
C constructor with the same arguments, so the term (hash-consed by Z3) is identical; any
other argument list goes to z3's own function, which also gives its errors.
"""
from __future__ import annotations

import z3
from z3 import z3core

_BOOL = z3.BoolRef
_ARITH = z3.ArithRef


def _asts(args):
    """(context, C array of the arguments) when every argument is a Z3 Bool or a Python
    bool and they share one context; else None."""
    ctx, asts, py = None, [], False
    for a in args:
        if isinstance(a, _BOOL):
            if ctx is None:
                ctx = a.ctx
            elif a.ctx is not ctx:
                return None
            asts.append(a.ast)
        elif isinstance(a, bool):
            asts.append(a)
            py = True
        else:
            return None
    if ctx is None:
        return None
    if py:
        asts = [z3.BoolVal(a, ctx).as_ast() if isinstance(a, bool) else a for a in asts]
    return ctx, (z3.Ast * len(asts))(*asts)


def And(*args):
    """z3.And(*args), the same term."""
    got = _asts(args)
    if got is None:
        return z3.And(*args)
    ctx, arr = got
    return _BOOL(z3core.Z3_mk_and(ctx.ref(), len(args), arr), ctx)


def Or(*args):
    """z3.Or(*args), the same term."""
    got = _asts(args)
    if got is None:
        return z3.Or(*args)
    ctx, arr = got
    return _BOOL(z3core.Z3_mk_or(ctx.ref(), len(args), arr), ctx)


def Implies(a, b):
    """z3.Implies(a, b), the same term."""
    got = _asts((a, b))
    if got is None:
        return z3.Implies(a, b)
    ctx, arr = got
    return _BOOL(z3core.Z3_mk_implies(ctx.ref(), arr[0], arr[1]), ctx)


def Eq(a, b):
    """`a == b` for two Z3 arithmetic terms of one context (or an integer term and a Python
    int), the term of z3's `ExprRef.__eq__(a, b)` (in that order even where Python's `a == b`
    would call b's, b's class being a subclass of a's); anything else goes to z3's own `==`
    (sorts coerced, Python numbers converted)."""
    got = _operands(a, b)
    if got is not None:
        ctx, x, y = got
        try:        # Z3 refuses terms of two sorts (an Int and a Real): then z3's `==` coerces
            return _BOOL(z3core.Z3_mk_eq(ctx.ref(), x, y), ctx)
        except z3.Z3Exception:
            pass
    return a == b


def _operands(a, b):
    """(context, a's AST, b's AST) when `a` is a Z3 arithmetic term and `b` one of the same
    context, or `b` a Python int and `a` an integer term (b becomes the numeral z3.IntVal
    gives); else None. A Python int on the left is left to z3's operators, which reorder
    (`1 < x` is `x > 1`)."""
    if not isinstance(a, _ARITH):
        return None
    ctx = a.ctx
    if isinstance(b, _ARITH):
        return (ctx, a.as_ast(), b.as_ast()) if b.ctx is ctx else None
    if type(b) is not int:
        return None
    ref, x = ctx.ref(), a.as_ast()
    if z3core.Z3_get_sort_kind(ref, z3core.Z3_get_sort(ref, x)) != z3.Z3_INT_SORT:
        return None      # a Real: z3 casts b to a real numeral
    return ctx, x, z3core.Z3_mk_numeral(ref, str(b), z3core.Z3_mk_int_sort(ref))


def _built(mk, a, b, wrap=_BOOL, reflected=None):
    """The term the C constructor `mk` (the one z3's operator calls) gives for a and b, or
    None where z3's operator must decide (other operands, or sorts Z3 refuses). `wrap`:
    _BOOL for a comparison, _ARITH for a binary arithmetic constructor, None for an n-ary
    one (an argument count and array). `reflected`: a comparison's mirror constructor, which
    Python calls on (b, a) when b's class is a subclass of a's (`x < IntVal(0)` is `0 > x`)."""
    if reflected is not None and type(b) is not type(a) and isinstance(b, type(a)):
        mk, a, b = reflected, b, a
    got = _operands(a, b)
    if got is None:
        return None
    ctx, x, y = got
    try:     # an Int and a Real: Z3 casts the Int, as z3's operator does
        if wrap is None:
            return _ARITH(mk(ctx.ref(), 2, (z3.Ast * 2)(x, y)), ctx)
        return wrap(mk(ctx.ref(), x, y), ctx)
    except z3.Z3Exception:
        return None


# z3's arithmetic operators coerce both sides in Python (~15 µs a call, a tenth of the
# library's time in all); these call the same C constructors on the same arguments.
def Add(a, b):
    """a + b, the same term."""
    t = _built(z3core.Z3_mk_add, a, b, None)
    return a + b if t is None else t


def Sub(a, b):
    """a - b, the same term."""
    t = _built(z3core.Z3_mk_sub, a, b, None)
    return a - b if t is None else t


def Mul(a, b):
    """a * b, the same term."""
    t = _built(z3core.Z3_mk_mul, a, b, None)
    return a * b if t is None else t


def Div(a, b):
    """a / b (Z3's division), the same term, for a Python int b (a Real and an Int: Z3's
    constructor casts the Real to an integer, z3's `/` the Int to a real)."""
    t = _built(z3core.Z3_mk_div, a, b, _ARITH) if type(b) is int else None
    return a / b if t is None else t


def Mod(a, b):
    """a % b (Z3's), the same term, for a Python int b (which makes sure a is an integer
    term, as z3's `%` asserts)."""
    t = _built(z3core.Z3_mk_mod, a, b, _ARITH) if type(b) is int else None
    return a % b if t is None else t


def Neg(a):
    """-a, the same term."""
    if isinstance(a, _ARITH):
        return _ARITH(z3core.Z3_mk_unary_minus(a.ctx.ref(), a.as_ast()), a.ctx)
    return -a


def If(c, a, b):
    """z3.If(c, a, b) with integer branches (or one a Python int), the same term."""
    got = _operands(a, b) if isinstance(c, _BOOL) else None
    if got is not None and c.ctx is got[0]:
        ctx, x, y = got
        try:
            return _ARITH(z3core.Z3_mk_ite(ctx.ref(), c.as_ast(), x, y), ctx)
        except z3.Z3Exception:
            pass
    return z3.If(c, a, b)


def Lt(a, b):
    """a < b, the same term."""
    t = _built(z3core.Z3_mk_lt, a, b, reflected=z3core.Z3_mk_gt)
    return a < b if t is None else t


def Le(a, b):
    """a <= b, the same term."""
    t = _built(z3core.Z3_mk_le, a, b, reflected=z3core.Z3_mk_ge)
    return a <= b if t is None else t


def Gt(a, b):
    """a > b, the same term."""
    t = _built(z3core.Z3_mk_gt, a, b, reflected=z3core.Z3_mk_lt)
    return a > b if t is None else t


def Ge(a, b):
    """a >= b, the same term."""
    t = _built(z3core.Z3_mk_ge, a, b, reflected=z3core.Z3_mk_le)
    return a >= b if t is None else t


def ordered_union(var_lists) -> list:
    """The terms of several sequences, each once, in order of first appearance."""
    seen, out = set(), []
    for vs in var_lists:
        for v in vs:
            if v.get_id() not in seen:
                seen.add(v.get_id())
                out.append(v)
    return out


def constants(term, memo: dict, keep=lambda c: True) -> tuple:
    """The uninterpreted constants of `term` that `keep` accepts, in depth-first order of
    first use. `memo` (term id -> (a term that keeps it alive, its answer)) keeps each
    subterm's answer, so one memo serves many terms of a DAG; it must always be used with
    the same `keep`. Iterative (sums built term by term nest deeply), and walked through Z3's
    C API: a Python wrapper per subterm (`children()`) was most of a tree reduction's
    read keys; only the constants get one."""
    ctx = term.ctx
    ref = ctx.ref()
    todo = [(term.as_ast(), False)]
    while todo:
        a, expanded = todo.pop()
        i = z3core.Z3_get_ast_id(ref, a)
        if i in memo:
            continue
        if z3core.Z3_get_ast_kind(ref, a) != z3.Z3_APP_AST:
            memo[i] = (term, ())            # numerals, bound variables, quantifiers
            continue
        app = z3core.Z3_to_app(ref, a)
        n = z3core.Z3_get_app_num_args(ref, app)
        if n == 0:
            if z3core.Z3_get_decl_kind(ref, z3core.Z3_get_app_decl(ref, app)) == z3.Z3_OP_UNINTERPRETED:
                c = z3.z3._to_expr_ref(a, ctx)
                memo[i] = (c, (c,) if keep(c) else ())
            else:
                memo[i] = (term, ())
        elif expanded:
            args = [z3core.Z3_get_ast_id(ref, z3core.Z3_get_app_arg(ref, app, k)) for k in range(n)]
            memo[i] = (term, tuple(ordered_union(memo[k][1] for k in args)))
        else:
            todo.append((a, True))
            todo.extend((z3core.Z3_get_app_arg(ref, app, k), False) for k in reversed(range(n)))
    return memo[term.get_id()][1]


class Conjuncts:
    """`conj(e)`: id -> conjunct of the conjunction `e`, nested Ands flattened, each conjunct
    once in depth-first order of first appearance, literal Trues dropped. Each And's answer is
    kept, so the many domains of one query, which share most of their Ands (DAGs), are
    flattened once; iterative, as conjunctions built case by case nest deeply. The answers are
    shared: never modify one."""

    def __init__(self):
        self.memo: dict[int, dict] = {}

    def __call__(self, e) -> dict:
        if not z3.is_and(e):
            return {} if z3.is_true(e) else {e.get_id(): e}
        todo = [(e, False)]
        while todo:
            t, expanded = todo.pop()
            if t.get_id() in self.memo:
                continue
            if not expanded:
                todo.append((t, True))
                todo.extend((k, False) for k in reversed(t.children()) if z3.is_and(k))
                continue
            got: dict = {}
            for k in t.children():
                if z3.is_and(k):
                    got.update(self.memo[k.get_id()])
                elif not z3.is_true(k):
                    got.setdefault(k.get_id(), k)
            self.memo[t.get_id()] = got
        return self.memo[e.get_id()]


def bool_const(name: str) -> z3.BoolRef:
    """z3.Bool(name), the same term, without a new Python wrapper of the Boolean sort for
    each constant (half of z3.Bool's time; a tag leaf makes a selector per contribution)."""
    ctx = z3.main_ctx()
    ref = ctx.ref()
    return z3.BoolRef(z3core.Z3_mk_const(ref, z3core.Z3_mk_string_symbol(ref, name), z3core.Z3_mk_bool_sort(ref)), ctx)


def int_const(name: str) -> z3.ArithRef:
    """z3.Int(name), the same term, likewise."""
    ctx = z3.main_ctx()
    ref = ctx.ref()
    return z3.ArithRef(z3core.Z3_mk_const(ref, z3core.Z3_mk_string_symbol(ref, name), z3core.Z3_mk_int_sort(ref)), ctx)
