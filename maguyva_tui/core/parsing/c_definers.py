"""C functions a macro defines by pasting its arguments into their names.

libuv-style definers (``#define WATCHER_DEFINE(name, type) int my_##name##_init(...) {...}``, then
``WATCHER_DEFINE(idle, IDLE)`` in the same file) define ``my_idle_init``, which the grammar, seeing
no preprocessor, never sees: its calls read as external. Such a macro is expanded here, one level
only, for each invocation at the start of a line whose arguments are plain words: each function
its body defines (a name pasted with ``##`` from its parameters, then a parameter list and a
brace) is a function at the invocation's line. Nothing else is expanded, and the functions made
are at most :data:`MAX_PER_BYTE` per byte of the file, so crafted input stays linear.
"""

from __future__ import annotations

import re

from maguyva_tui.core.types import Symbol

DEFINE = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+(?P<name>[A-Za-z_]\w*)\((?P<params>[\w \t,]*)\)", re.MULTILINE)
"""A function-like ``#define`` whose parameters are plain names (no ``...``)."""

PASTED_HEAD = re.compile(rb"(?<![\w#])(?P<name>[A-Za-z_]\w*(?:[ \t]*##[ \t]*[A-Za-z_]\w*)+)[ \t]*\(")
"""A name pasted from pieces (``my_##name##_init``) before a parenthesis, in a macro's body."""

INVOCATION = re.compile(rb"^[ \t]*(?P<name>[A-Za-z_]\w*)[ \t]*\((?P<args>[^()\n]*)\)", re.MULTILINE)
"""A line starting with a call of plain arguments: a macro's invocation where its name is one."""

ARGUMENT = re.compile(rb"[ \t]*[A-Za-z0-9_]+[ \t]*")
"""An invocation's argument that can be pasted: a plain word."""

MAX_PER_BYTE = 1 / 16
"""Functions made per byte of the file at most: a crafted file of one macro with many functions
invoked many times would otherwise make a number of symbols quadratic in its size."""


def macro_defined_functions(source: bytes, path: str, language: str) -> list[Symbol]:
    """The functions the file's pasting macros define where the file invokes them."""
    if b"##" not in source:
        return []
    templates = _templates(source)
    if not templates:
        return []
    budget = int(len(source) * MAX_PER_BYTE)
    out: list[Symbol] = []
    line, counted = 1, 0
    for match in INVOCATION.finditer(source):
        found = templates.get(match.group("name"))
        if found is None:
            continue
        params, heads = found
        args = match.group("args").split(b",")
        if len(args) != len(params) or not all(ARGUMENT.fullmatch(a) for a in args):
            continue
        values = dict(zip(params, (a.strip() for a in args)))
        line, counted = line + source.count(b"\n", counted, match.start()), match.start()
        signature = match.group().strip().decode("utf-8", "replace")
        for head in heads:
            if len(out) >= budget:
                return out
            name = b"".join(values.get(piece, piece) for piece in head).decode("utf-8", "replace")
            out.append(Symbol(name, name, "function", path, line, line, language, signature, line))
    return out


def _templates(source: bytes) -> dict[bytes, tuple[list[bytes], list[list[bytes]]]]:
    """Each pasting macro's parameters and the names of the functions its body defines, as pieces
    (a piece that is a parameter is replaced by its argument)."""
    found = {}
    for match in DEFINE.finditer(source):
        body = _body(source, match.end())
        if b"##" not in body:
            continue
        params = [p.strip() for p in match.group("params").split(b",")]
        heads = [re.split(rb"[ \t]*##[ \t]*", m.group("name")) for m in PASTED_HEAD.finditer(body)
                 if _defines(body, m.end() - 1)]
        heads = [pieces for pieces in heads if any(piece in params for piece in pieces)]
        if heads:
            found[match.group("name")] = (params, heads)
    return found


def _body(source: bytes, at: int) -> bytes:
    """A macro's body from ``at``: to the end of its line, continuation lines joined."""
    end = source.find(b"\n", at)
    while end >= 0 and source[max(at, end - 2) : end].rstrip(b"\r")[-1:] == b"\\":
        end = source.find(b"\n", end + 1)
    return source[at:] if end < 0 else source[at:end]


def _defines(body: bytes, paren: int) -> bool:
    """Whether the parenthesis at ``paren`` opens a parameter list followed by a brace: a
    function's definition, not a call."""
    depth = 0
    for at in range(paren, min(len(body), paren + 4096)):
        byte = body[at]
        if byte == 0x28:
            depth += 1
        elif byte == 0x29:
            depth -= 1
            if depth == 0:
                rest = body[at + 1 : at + 200].replace(b"\\", b" ").lstrip()
                return rest[:1] == b"{"
    return False
