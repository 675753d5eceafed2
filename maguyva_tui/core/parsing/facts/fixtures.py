"""pytest fixtures: a test's parameter is the value of the fixture of the same name.

pytest calls a test function (``test*`` at module level, or a ``test*`` method of a ``Test*``
class, in a ``test_*.py`` or ``*_test.py`` file) and every fixture (a function decorated with
``@pytest.fixture``) with, for each parameter, the value of the fixture of that name: one of the
test's class, else one of the same module, else one of the nearest ``conftest.py`` in the folders
above; pytest's own (``tmp_path``, ``monkeypatch``, ...) otherwise. A fixture's value is what it
returns or, for a generator fixture, what it yields. ``@pytest.fixture(name="db")`` registers the
fixture under that name instead of the function's.

Extraction records, per file, which functions pytest calls this way and which are fixtures
(:func:`injections`); the parameters of the former are bound to the type ``<fixture>name``, which
the resolver looks up as pytest does. A parameter that ``@pytest.mark.parametrize`` names is a
value, never a fixture: every name quoted in a parametrize decorator of the test or of its class
is left alone.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from maguyva_tui.core.store.facts import RefRow
from maguyva_tui.core.types import Symbol

FIXTURE = "<fixture>"
"""Prefix of the type of a parameter pytest fills: ``<fixture>app`` is the fixture ``app``."""

MARK = "<fixture>"
"""The local name a fixture function's registered name is bound to (``<fixture>:app``)."""

TEST_FILE = re.compile(r"test_.*\.py|.*_test\.py")
"""pytest's default ``python_files``."""

FIXTURE_DECORATORS = frozenset({
    "pytest.fixture", "fixture", "pytest.yield_fixture", "yield_fixture", "pytest_asyncio.fixture",
})
"""Decorators (as called or written) that make a function a fixture."""

DECORATED_KINDS = frozenset({"function", "method", "class"})
"""Symbol kinds whose decorators are read."""

PARAMETRIZE_DECORATORS = frozenset({"pytest.mark.parametrize", "mark.parametrize", "parametrize"})

PYTEST_FIXTURES = frozenset({
    "cache", "capfd", "capfdbinary", "caplog", "capsys", "capsysbinary", "capteesys",
    "doctest_namespace", "monkeypatch", "pytestconfig", "pytester", "record_property",
    "record_testsuite_property", "record_xml_attribute", "recwarn", "request", "testdir",
    "tmp_path", "tmp_path_factory", "tmpdir", "tmpdir_factory",
})
"""pytest's built-in fixtures: external when no fixture of the repository has the name."""

_REGISTERED = re.compile(rb"""\bname\s*=\s*["']([A-Za-z_]\w*)["']""")
_QUOTED = re.compile(rb"""["']([^"'\n]*)["']""")


@dataclass(frozen=True, slots=True)
class Injections:
    """The functions of one file that pytest calls with fixtures."""

    fixtures: dict[str, tuple[str, int]]
    """Fixture function qualname to (the name it is requested by, the line of its name)."""
    takes: dict[str, frozenset[str]]
    """Qualname of a test or fixture to the parameters that are not fixtures (parametrized)."""


def decorator_calls(symbols: Sequence[Symbol], references: Sequence[RefRow]) -> dict[int, list[str]]:
    """Map each line of a decorated function's or class's decorators to the names called or
    written there (``@pytest.fixture``, ``@property``), from the file's call references."""
    lines = {line for s in symbols if s.start_line < s.name_line and s.kind in DECORATED_KINDS
             for line in range(s.start_line, s.name_line)}
    found: dict[int, list[str]] = {}
    for kind, name, line, _ in references if lines else ():
        if kind == "call" and line in lines:
            found.setdefault(line, []).append(name)
    return found


def injections(path: str, source: bytes, symbols: Sequence[Symbol], decorators: Mapping[int, Sequence[str]]
               ) -> Injections | None:
    """Find the tests and fixtures of one Python file (``decorators``: from :func:`decorator_calls`);
    ``None`` when it has neither."""
    test_file = TEST_FILE.fullmatch(posixpath.basename(path)) is not None
    if not test_file and b"fixture" not in source:
        return None
    text_lines: list[bytes] | None = None

    def decorator_text(symbol: Symbol) -> bytes:
        nonlocal text_lines
        if text_lines is None:
            text_lines = source.split(b"\n")
        return b"\n".join(text_lines[symbol.start_line - 1 : symbol.name_line - 1])

    def called(symbol: Symbol, names: frozenset[str]) -> bool:
        return any(name in names for line in range(symbol.start_line, symbol.name_line)
                   for name in decorators.get(line, ()))

    def parametrized(symbol: Symbol | None) -> set[str]:
        if symbol is None or symbol.start_line >= symbol.name_line or not called(symbol, PARAMETRIZE_DECORATORS):
            return set()
        quoted = _QUOTED.findall(decorator_text(symbol))
        return {part.strip().decode("utf-8", "replace") for words in quoted for part in words.split(b",")}

    classes = {s.qualname: s for s in symbols if s.kind == "class"}
    fixtures: dict[str, tuple[str, int]] = {}
    takes: dict[str, frozenset[str]] = {}
    for symbol in symbols:
        if symbol.kind not in ("function", "method"):
            continue
        if symbol.start_line < symbol.name_line and called(symbol, FIXTURE_DECORATORS):
            registered = _REGISTERED.search(decorator_text(symbol))
            name = registered.group(1).decode() if registered else symbol.name
            fixtures[symbol.qualname] = (name, symbol.name_line)
            takes[symbol.qualname] = frozenset()
        elif test_file and symbol.name.startswith("test"):
            owner, _, _ = symbol.qualname.rpartition(".")
            cls = classes.get(owner) if owner else None
            if owner and (cls is None or "." in owner or not cls.name.startswith("Test")):
                continue  # a nested function, or a method of a class pytest does not collect
            takes[symbol.qualname] = frozenset(parametrized(symbol) | parametrized(cls))
    return Injections(fixtures, takes) if takes else None
