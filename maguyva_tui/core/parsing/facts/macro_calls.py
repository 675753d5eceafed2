"""Calls written in the body of a C or C++ macro, read as the macro's calls.

The grammar keeps a ``#define``'s body as raw text, so a function called only through a macro had
no caller: jsoncpp calls ``Json::throwLogicError`` only inside ``JSON_FAIL_MESSAGE`` (42 call sites
through it and ``JSON_ASSERT_MESSAGE``) and "who calls throwLogicError" answered nothing; cmark's
``_scan_at`` (24 sites, through ``scan_thematic_break(c, n)`` and its kind) the same. Each
function-like macro's body is parsed here as the body of a function on the macro's own lines (its
continuation backslashes blanks, every other line empty), so each call it holds is a call on its
line, scoped to the macro the definitions read there; a macro's uses are calls of the macro, so
the chain reaches the places that expand it. A name the macro takes as a parameter (``f(x)`` in
``#define APPLY(f, x) f(x)``) is no function's name, and a name pasted with ``##`` is no name the
text holds: neither is read as a call.
"""

from __future__ import annotations

import re
import threading

from tree_sitter import Node, Parser, Tree

from maguyva_tui.core.parsing.languages import grammar

__all__ = ["MacroBodies", "macro_bodies"]

FUNCTION_MACRO = re.compile(
    rb"^[ \t]*#[ \t]*define[ \t]+[A-Za-z_]\w*(?:\(([^)\n]*)\)|(?=[ \t]))", re.MULTILINE)
"""A ``#define``'s head: a function-like macro's parameter list (no space may stand before its
``(``), or an object-like macro's name (libtap's ``#define end_todo tap_end_todo()``, the one
call of ``tap_end_todo``; read only where its body holds a parenthesis)."""

PASTED = re.compile(rb"\w*(?:[ \t]*##[ \t]*\w*)+")
"""Names joined with ``##``: made when the macro expands, never written as such."""

MAX_BODY_BYTES = 1 << 16
"""A longer macro body is left unread (a generated table, a crafted file)."""


class MacroBodies:
    """The text the function-like macros' bodies are parsed from, and each one's parameters by line."""

    __slots__ = ("parameters", "text")

    def __init__(self, text: bytes, parameters: dict[int, frozenset[bytes]]) -> None:
        self.text = text
        self.parameters = parameters

    def calls(self, nodes: list[Node]) -> list[Node]:
        """The callees that are no parameter of the macro they are written in."""
        kept = []
        for node in nodes:
            params = self.parameters.get(node.start_point[0])
            if params is not None and node.type == "identifier" and node.text in params:
                continue
            kept.append(node)
        return kept


def macro_bodies(source: bytes) -> MacroBodies | None:
    """The file's lines with each macro's body that may call written as a function's body
    (``void m_(){ body ;}`` over the same lines), every other line empty; None where it has none."""
    if b"define" not in source:
        return None
    heads = list(FUNCTION_MACRO.finditer(source))
    if not heads:
        return None
    out = bytearray()
    parameters: dict[int, frozenset[bytes]] = {}
    row, at, written = 0, 0, 0  # the source's row at ``at``; the rows ``out`` holds
    for head in heads:
        if head.start() < at:
            continue  # inside the body of the one before (a crafted file)
        row += source.count(b"\n", at, head.start())
        if row > written:
            out += b"\n" * (row - written)
            written = row
        end = head.end()
        while True:  # the body runs to a line that does not end with a backslash
            newline = source.find(b"\n", end)
            newline = len(source) if newline < 0 else newline
            if source[end:newline].rstrip(b" \t\r").endswith(b"\\") and newline < len(source):
                end = newline + 1
                continue
            end = newline
            break
        body = source[head.end():end]
        at = end
        lines = body.count(b"\n")
        if len(body) > MAX_BODY_BYTES or (head.group(1) is None and b"(" not in body):
            row += lines
            continue
        names = frozenset(p.strip() for p in (head.group(1) or b"").split(b",") if p.strip())
        for line in range(row, row + lines + 1):
            parameters[line] = names
        body = PASTED.sub(lambda m: b" " * len(m.group()), body.replace(b"\\\n", b" \n").replace(b"\\\r\n", b" \r\n"))
        out += b"void m_(){" + body + b"\n;}"  # the closing line is the next line's start
        row += lines
        written = row + 1
    return MacroBodies(bytes(out), parameters) if parameters else None


_local = threading.local()


def parse_bodies(language: str, bodies: MacroBodies) -> Tree:
    """Parse the macros' bodies with a parser private to the calling thread."""
    parsers: dict[str, Parser] = _local.__dict__.setdefault("parsers", {})
    parser = parsers.get(language)
    if parser is None:
        parser = parsers[language] = Parser(grammar(language))
    return parser.parse(bodies.text)
