"""Ruby: a heredoc whose interpolation opens another heredoc, read as blanks when the grammar fails on it.

tree-sitter-ruby cannot parse a heredoc opened inside another heredoc's ``#{...}``, the way
exception pages write nested HTML (roda's ``exception_page`` plugin)::

    <<END
      #{(var && !var.empty?) ? (<<END1) : "<p>#{none}</p>"
        <table>...</table>
    END1
    }
    END

Its whole file became one error, and every class, module and method in it was no symbol. Where a
Ruby file's parse has an error, the bodies of such heredocs are parsed as blanks of the same length
(every byte offset and line of the tree stays the text's): a string's text holds no definitions.
"""

from __future__ import annotations

import bisect
import re

from tree_sitter import Parser, Tree

HEREDOC = re.compile(rb"<<([~-]?)([\"'`]?)([A-Za-z_]\w*)\2")
"""A heredoc's opener: ``<<END``, ``<<~SQL``, ``<<-'EOS'`` (a squiggly or dashed one's terminator
may be indented)."""


def reparsed(parser: Parser, source: bytes, tree: Tree) -> Tree:
    """Return the tree of ``source`` with its nested heredocs' bodies blanked, where that parses
    without error; else ``tree``, the parse of the text as it is."""
    blanked = blank_nested_heredocs(source)
    if blanked is source:
        return tree
    again = parser.parse(blanked)
    return again if not again.root_node.has_error else tree


def blank_nested_heredocs(source: bytes) -> bytes:
    """Return ``source`` with the body of each heredoc that interpolates another heredoc's opener
    made blanks of the same length (line ends kept); ``source`` itself when there is none."""
    lines = source.split(b"\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    out: bytearray | None = None
    ends = _Terminators(lines)
    i = 0
    while i < len(lines):
        openers = HEREDOC.findall(lines[i])
        i += 1
        for flag, quote, ident in openers:
            end = ends.find(i, ident, indented=bool(flag))
            if end is None:
                break
            body = b"\n".join(lines[i:end])
            if quote != b"'" and b"#{" in body and HEREDOC.search(body):
                out = out if out is not None else bytearray(source)
                for k in range(i, end):
                    out[starts[k]:starts[k] + len(lines[k])] = b" " * len(lines[k])
            i = end + 1
    return bytes(out) if out is not None else source


class _Terminators:
    """Where each word stands alone on a line (as written, and indented), listed once: a scan to the
    file's end for each heredoc never closed had made a crafted file of 20,000 openers take 20 s."""

    def __init__(self, lines: list[bytes]) -> None:
        self._lines = lines
        self._at: dict[bool, dict[bytes, list[int]]] | None = None

    def find(self, start: int, ident: bytes, indented: bool) -> int | None:
        """Return the index of the line that ends a heredoc whose body starts at ``start``, or ``None``."""
        if self._at is None:
            self._at = {False: {}, True: {}}
            for k, line in enumerate(self._lines):
                text = line.rstrip(b"\r")
                self._at[False].setdefault(text, []).append(k)
                self._at[True].setdefault(text.strip(), []).append(k)
        found = self._at[indented].get(ident, [])
        index = bisect.bisect_left(found, start)
        return found[index] if index < len(found) else None
