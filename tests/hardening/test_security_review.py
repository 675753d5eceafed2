"""Adversarial input against the parsing, question and output code of the eighteenth session:
each attack timed or shown, with the answer it must give."""

from __future__ import annotations

import io
import json
import time

import pytest

from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.parsing.languages import opens_in_list, parse


def test_a_line_of_commented_parentheses_before_a_directive_is_read_in_linear_time() -> None:
    """One regex over the whole text read on from each ``(`` to its line's end: 40 KB took 33 s."""
    source = b"int x = f(" + b"(//" * 10_000 + b"\n#x\n"
    started = time.process_time()
    parse("cpp", source)
    assert time.process_time() - started < 1.0


def test_a_conditional_in_a_list_or_after_a_naming_keyword_is_still_told() -> None:
    assert opens_in_list(b"f(a, // first\n#if X\nb\n#endif\n);\n")
    assert opens_in_list(b"namespace\n#ifdef STD\nstd\n#else\nfmt\n#endif\n{}\n")
    assert opens_in_list(b"Limiter(int n)\n    :\n#if !defined(NDEBUG)\nm_(n),\n#endif\nk_(n) {}\n")
    assert not opens_in_list(b"int x;\n#if X\nint y;\n#endif\n")
    assert not opens_in_list(b"f(a,\n\n#if X\nb\n#endif\n);\n")  # a blank line between, as before
    assert not opens_in_list(b"xnamespace\n#if X\n#endif\n")


def test_a_spec_of_500_nested_blocks_keeps_its_definitions() -> None:
    """Blocks at a file's top were followed without the walker's depth limit: Python's stack
    overflowed and the file lost every definition, its class at the top too."""
    depth = 500
    text = "class Top; end\n" + "".join(f"describe A do\n  def h_{i}; end\n" for i in range(depth)) + "end\n" * depth
    names = {symbol.name for symbol in analyze("deep_spec.rb", text).symbols}
    assert {"Top", "h_0", "h_50"} <= names


class _Collected:
    """A stand-in for the client's end of stdout: what the intake answers itself."""

    def __init__(self) -> None:
        from maguyva_tui.mcp.intake import Pending

        self.data = b""
        self.pending = Pending()  # the requests handed on, which no SDK answers here

    def write(self, data: bytes) -> int:
        self.data += data
        return len(data)


def test_an_mcp_line_over_the_limit_is_answered_once_unread_and_the_session_goes_on() -> None:
    """A request line of any size was read whole (50 MB: 6.6 s, all of it held) before the SDK refused it."""
    pytest.importorskip("mcp")
    from maguyva_tui.mcp.intake import MAX_LINE_BYTES, _pump

    huge = b'{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "search", "arguments": {"query": "'
    huge += b"x" * (3 * MAX_LINE_BYTES) + b'"}}}\n'
    late = b'{"jsonrpc":"2.0","method":"tools/call","params":{"q":"' + b"y" * MAX_LINE_BYTES + b'"},"id":8}\n'
    fits = (b'{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"search","arguments":{"query":"'
            + b"z" * (MAX_LINE_BYTES - 150) + b'"}}}\n')
    good = b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n'
    wire, server = _Collected(), io.BytesIO()
    server.close = lambda: None  # type: ignore[method-assign]  # read after the pump is done
    _pump(io.BytesIO(huge + late + fits + good), server, wire, drain_s=0)  # type: ignore[arg-type]
    answers = [json.loads(line) for line in wire.data.splitlines()]
    assert [(a["id"], a["error"]["code"]) for a in answers] == [(7, -32600), (None, -32600)]
    assert f"{MAX_LINE_BYTES:,} bytes" in answers[0]["error"]["message"]
    assert server.getvalue() == fits + good  # a line at the limit is read; the session goes on


def test_thousands_of_keys_that_escape_alike_are_written_in_linear_time() -> None:
    """Each clashing key counted its suffix from 1 again: 4,000 keys that all read U+FFFD took 13 s."""
    from maguyva_tui.json_out import wire_safe

    keys = {"\ud800" + chr(0xD800 + i): i for i in range(3000)}
    started = time.process_time()
    out = wire_safe(keys)
    assert time.process_time() - started < 1.0
    assert list(out.values()) == list(range(3000))
    assert list(out)[:3] == ["\ufffd\ufffd", "\ufffd\ufffd (bytes ?)", "\ufffd\ufffd (bytes ?, #2)"]


def test_a_long_word_before_a_trailing_macro_is_read_in_linear_time() -> None:
    """The head before a declarator's ``(`` was matched by a regex that tried every split of a long
    word: a 20 KB line took 19 s (1 MB: hours)."""
    source = b"void " + b"a" * 10_000 + b"!f(int x) const LOCKS_EXCLUDED(mu_);\nvoid g(int y) LOCKS_EXCLUDED(mu_);\n"
    started = time.process_time()
    parse("cpp", source)
    assert time.process_time() - started < 1.0
