# IntTuples: an integer, or a tuple of IntTuples. Shapes, strides and coordinates
# are all IntTuples; this module owns their arithmetic and the coordinate <-> index maps.
from __future__ import annotations

import operator
from typing import Callable, Iterable, Union

IntTuple = Union[int, tuple["IntTuple", ...]]


class LayoutError(ValueError):
    """A precondition of the layout algebra does not hold (bad text, incongruent stride,
    a divisibility condition). The message names the operation and the offending layouts."""


class IntTupleError(LayoutError):
    """A value is not a well-formed IntTuple, or two IntTuples do not fit together."""


def is_int(x: object) -> bool:
    # bool is an int subclass, but a True in a shape is always a mistake.
    return isinstance(x, int) and not isinstance(x, bool)


def is_tuple(x: object) -> bool:
    return isinstance(x, tuple)


def as_int_tuple(x: object, what: str = "IntTuple") -> IntTuple:
    """Normalise lists and integer-likes (numpy ints) into a nested tuple of ints."""
    if isinstance(x, (tuple, list)):
        return tuple(as_int_tuple(e, what) for e in x)
    if isinstance(x, bool) or x is None:
        raise IntTupleError(f"{what}: {x!r} is not an integer")
    try:
        return operator.index(x)
    except TypeError:
        raise IntTupleError(f"{what}: {x!r} is not an integer or tuple") from None


def flatten(t: IntTuple) -> tuple[int, ...]:
    """The leaves of `t`, left to right."""
    if is_tuple(t):
        return tuple(leaf for e in t for leaf in flatten(e))
    return (t,)


def product(t: IntTuple) -> int:
    """The product of all leaves (the size of a shape); 1 for the empty tuple."""
    result = 1
    for leaf in flatten(t):
        result *= leaf
    return result


def rank(t: IntTuple) -> int:
    """Number of top-level modes; an integer has rank 1."""
    return len(t) if is_tuple(t) else 1


def depth(t: IntTuple) -> int:
    """Nesting depth: 0 for an integer, 1 for a flat tuple, and so on."""
    if is_tuple(t):
        return 1 + max((depth(e) for e in t), default=0)
    return 0


def congruent(a: IntTuple, b: IntTuple) -> bool:
    """Same tuple structure, leaf for leaf."""
    if is_tuple(a) and is_tuple(b):
        return len(a) == len(b) and all(congruent(x, y) for x, y in zip(a, b))
    return not is_tuple(a) and not is_tuple(b)


def compatible(a: IntTuple, b: IntTuple) -> bool:
    """Can coordinates of shape `a` address shape `b`? An integer may stand for a sub-tuple
    of the same size."""
    if is_tuple(a):
        return is_tuple(b) and len(a) == len(b) and all(compatible(x, y) for x, y in zip(a, b))
    return product(a) == product(b)


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def prefix_product(shape: IntTuple, init: int = 1) -> IntTuple:
    """Exclusive prefix products of the leaves, congruent to `shape`: the compact
    column-major (LayoutLeft) stride. (2,(4,6)) -> (1,(2,8))."""
    if not is_tuple(shape):
        return init
    result = []
    for mode in shape:
        result.append(prefix_product(mode, init))
        init *= product(mode)
    return tuple(result)


def unflatten(flat: Iterable, profile: IntTuple) -> IntTuple:
    """Rebuild a nested tuple with the structure of `profile` from its leaves in order."""
    leaves = iter(flat)

    def build(p):
        if is_tuple(p):
            return tuple(build(e) for e in p)
        return next(leaves)

    result = build(profile)
    if next(leaves, None) is not None:
        raise IntTupleError(f"unflatten: more leaves than the profile {profile!r} holds")
    return result


def _int_divmod(x: int, n: int) -> tuple[int, int]:
    return divmod(x, n)


def idx2crd(idx, shape: IntTuple, divmod_: Callable = _int_divmod):
    """The natural (fully nested) coordinate of 1-D index `idx`, colexicographic and
    wrapping every mode: idx2crd(16, (3,(2,3))) == (1,(1,2))."""
    if is_tuple(shape):
        result = []
        for mode in shape:
            idx, rest = divmod_(idx, product(mode))
            result.append(idx2crd(rest, mode, divmod_))
        return tuple(result)
    return divmod_(idx, shape)[1]


def crd2idx(crd, shape: IntTuple, stride: IntTuple, divmod_: Callable = _int_divmod):
    """Inner product of the coordinate with the stride. An integer standing for a tuple
    sub-shape is unpacked colexicographically; the last mode takes the remaining quotient
    unwrapped (C++ semantics, which composition relies on to read past the domain).

    `divmod_` lets the same recursion build solver terms (see layout_symbolic)."""
    if is_tuple(crd):
        if not is_tuple(shape) or len(crd) != len(shape):
            raise IntTupleError(f"coordinate {crd!r} does not fit shape {shape!r}")
        return _sum(crd2idx(c, s, d, divmod_) for c, s, d in zip(crd, shape, stride))
    if is_tuple(shape):
        if len(shape) == 0:
            return 0
        terms = []
        for s, d in zip(shape[:-1], stride[:-1]):
            crd, rest = divmod_(crd, product(s))
            terms.append(crd2idx(rest, s, d, divmod_))
        terms.append(crd2idx(crd, shape[-1], stride[-1], divmod_))
        return _sum(terms)
    return crd * stride


def _sum(terms: Iterable):
    # sum() starts from int 0, which keeps solver terms free of a spurious "0 +".
    result = None
    for t in terms:
        result = t if result is None else result + t
    return 0 if result is None else result


def parse_int_tuple(text: str, pos: int = 0) -> tuple[IntTuple, int]:
    """Parse an IntTuple such as "(4,(2,3))" starting at `pos`; return it and the position
    after it. "(8)" is the 1-tuple (8,), "8" the integer 8."""
    return _parse_node(text, skip_space(text, pos))


def skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def _parse_node(text: str, pos: int) -> tuple[IntTuple, int]:
    pos = skip_space(text, pos)
    if pos < len(text) and text[pos] == "(":
        items: list[IntTuple] = []
        pos = skip_space(text, pos + 1)
        if pos < len(text) and text[pos] == ")":
            return (), pos + 1
        while True:
            item, pos = _parse_node(text, pos)
            items.append(item)
            pos = skip_space(text, pos)
            if pos < len(text) and text[pos] == ",":
                pos = skip_space(text, pos + 1)
                if pos < len(text) and text[pos] == ")":  # tolerate Python's "(8,)"
                    return tuple(items), pos + 1
                continue
            if pos < len(text) and text[pos] == ")":
                return tuple(items), pos + 1
            raise IntTupleError(f"expected ',' or ')' at column {pos + 1} of {text!r}")
    end = pos + 1 if pos < len(text) and text[pos] == "-" else pos
    while end < len(text) and text[end].isdigit():
        end += 1
    if end == pos or not text[pos:end].lstrip("-"):
        raise IntTupleError(f"expected an integer or '(' at column {pos + 1} of {text!r}")
    return int(text[pos:end]), end


def format_int_tuple(t: IntTuple) -> str:
    """CuTe's notation: (4,(2,3)); a 1-tuple prints as (8), unlike Python's (8,)."""
    if is_tuple(t):
        return "(" + ",".join(format_int_tuple(e) for e in t) + ")"
    return str(t)
