"""Definitions found in the polyglot fixture: names, kinds, qualified names and exact spans."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import language_for, parse
from maguyva_tui.core.types import Chunk, Symbol

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "polyglot"


def extract(relative: str) -> tuple[list[Chunk], list[Symbol]]:
    """Parse one fixture file (of the polyglot repository, or ``languages/...``) and extract its definitions."""
    source = (FIXTURE.parent / relative if relative.startswith("languages/") else FIXTURE / relative).read_bytes()
    language = language_for(relative)
    assert language is not None
    return extract_definitions(parse(language, source), source, language, relative)


def table(relative: str) -> list[tuple[str, str, int, int]]:
    """Return (kind, qualname, start_line, end_line) for each symbol of a fixture file."""
    return [(s.kind, s.qualname, s.start_line, s.end_line) for s in extract(relative)[1]]


EXPECTED: dict[str, list[tuple[str, str, int, int]]] = {
    "app/config.py": [
        ("constant", "DEFAULT_PATH", 8, 8),
        ("variable", "max_retries", 9, 9),
        ("function", "parse_config", 12, 21),
        ("class", "Settings", 24, 32),  # the span starts at the @dataclass decorator
        ("variable", "Settings.values", 28, 28),
        ("variable", "Settings.port", 29, 29),
        ("method", "Settings.get", 31, 32),
        ("class", "ConfigLoader", 35, 49),
        ("method", "ConfigLoader.__init__", 38, 39),
        ("method", "ConfigLoader.load", 41, 45),
        ("method", "ConfigLoader.from_env", 47, 49),
    ],
    "app/server.py": [
        ("constant", "RETRY_ERRORS", 11, 11),
        ("function", "retry", 14, 31),
        ("function", "retry.decorate", 17, 29),
        ("function", "retry.decorate.wrapper", 18, 27),
        ("class", "Server", 34, 47),
        ("method", "Server.__init__", 37, 38),
        ("method", "Server.connect", 40, 44),
        ("method", "Server.reload", 46, 47),
        ("function", "main", 50, 52),
    ],
    "web/config.js": [
        ("constant", "DEFAULT_PORT", 4, 4),  # `const fs = require("fs")` is an import, not listed
        ("function", "parseConfig", 6, 15),
        ("function", "mergeConfig", 17, 17),  # an arrow function named by its const
        ("class", "ConfigStore", 19, 34),
        ("method", "ConfigStore.constructor", 20, 23),
        ("method", "ConfigStore.load", 25, 29),
        ("method", "ConfigStore.get", 31, 33),
    ],
    "web/api.ts": [
        ("interface", "ApiOptions", 3, 7),
        ("variable", "ApiOptions.baseUrl", 4, 4),  # an interface's properties, as a class's fields
        ("variable", "ApiOptions.retries", 5, 5),
        ("method", "ApiOptions.onError", 6, 6),
        ("type", "Method", 9, 9),
        ("enum", "Status", 11, 14),
        ("constant", "Status.Ok", 12, 12),  # an enum's members are its constants
        ("constant", "Status.NotFound", 13, 13),
        ("function", "isRefused", 16, 17),
        ("class", "ApiClient", 19, 34),
        ("variable", "ApiClient.options", 20, 20),
        ("method", "ApiClient.constructor", 22, 24),
        ("method", "ApiClient.request", 26, 33),
        ("function", "clientFromConfig", 36, 39),
    ],
    "web/App.tsx": [
        ("interface", "AppProps", 4, 6),
        ("variable", "AppProps.configText", 5, 5),
        ("type", "Theme", 8, 8),
        ("function", "StatusBadge", 10, 12),
        ("function", "App", 14, 30),
        ("function", "App.handleCheck", 19, 22),
    ],
    "go/server.go": [
        ("constant", "DefaultPort", 9, 9),
        ("variable", "retries", 11, 11),
        ("interface", "Handler", 14, 16),
        ("method", "Handler.Serve", 15, 15),
        ("struct", "Server", 19, 23),
        ("variable", "Server.Host", 20, 20),  # its fields, as Java's are
        ("variable", "Server.Port", 21, 21),
        ("variable", "Server.Settings", 22, 22),
        ("function", "ParseConfig", 26, 35),
        ("function", "NewServer", 38, 40),
        ("method", "Server.Serve", 43, 48),  # pointer receiver *Server
        ("method", "Server.Address", 51, 53),
    ],
    "rust/lib.rs": [
        ("constant", "DEFAULT_PORT", 5, 5),
        ("enum", "ConnectError", 8, 12),  # the span starts at #[derive(...)]
        ("constant", "ConnectError.Refused", 10, 10),  # its variants
        ("constant", "ConnectError.Timeout", 11, 11),
        ("trait", "Handler", 15, 21),
        ("method", "Handler.serve", 16, 16),
        ("method", "Handler.name", 18, 20),
        ("struct", "Server", 23, 27),
        ("variable", "Server.host", 25, 25),  # its fields
        ("variable", "Server.settings", 26, 26),
        ("function", "parse_config", 29, 34),
        ("method", "Server.new", 37, 39),
        ("method", "Server.serve", 43, 48),  # impl Handler for Server
        ("method", "ConnectError.fmt", 52, 54),  # impl fmt::Display for ConnectError
        ("function", "settings", 57, 63),  # macro_rules!
        ("module", "tests", 65, 71),
        ("function", "tests.sample", 68, 70),
    ],
    "java/com/example/ConfigService.java": [
        ("class", "ConfigService", 7, 40),
        ("constant", "ConfigService.DEFAULT_PORT", 8, 8),
        ("variable", "ConfigService.values", 9, 9),
        ("method", "ConfigService.ConfigService", 11, 13),
        ("method", "ConfigService.parseConfig", 15, 24),
        ("method", "ConfigService.reload", 26, 30),  # the span starts at @Override
        ("method", "ConfigService.get", 32, 37),
        ("enum", "ConfigService.Mode", 39, 39),
        ("constant", "ConfigService.Mode.FAST", 39, 39),
        ("constant", "ConfigService.Mode.SAFE", 39, 39),
        ("interface", "Reloadable", 42, 44),
        ("method", "Reloadable.reload", 43, 43),
    ],
    "c/config.h": [
        ("constant", "MAX_LINE", 4, 4),  # the include guard's bare #define is not listed
        ("struct", "config_entry", 6, 9),
        ("variable", "config_entry.key", 7, 7),  # its members
        ("variable", "config_entry.value", 8, 8),
        ("struct", "config_t", 11, 14),  # an anonymous struct named by its typedef
        ("variable", "config_t.entries", 12, 12),  # its members, named under the typedef's name
        ("variable", "config_t.count", 13, 13),
    ],
    "c/config.c": [
        ("constant", "default_port", 6, 6),
        ("enum", "log_level", 8, 8),
        ("constant", "log_level.LOG_ERROR", 8, 8),  # its enumerators
        ("constant", "log_level.LOG_INFO", 8, 8),
        ("function", "log_message", 10, 13),
        ("function", "parse_config", 15, 28),
        ("function", "config_get", 30, 39),  # its name sits inside a pointer declarator
    ],
    "cpp/shapes.cpp": [
        ("module", "geometry", 6, 40),
        ("constant", "geometry.kPi", 8, 8),
        ("class", "geometry.Shape", 10, 15),
        ("method", "geometry.Shape.~Shape", 12, 12),
        ("method", "geometry.Shape.area", 13, 13),  # pure virtual: the interface's definition
        ("method", "geometry.Shape.describe", 14, 14),
        ("struct", "geometry.Point", 17, 20),
        ("variable", "geometry.Point.x", 18, 18),  # data members
        ("variable", "geometry.Point.y", 19, 19),
        ("class", "geometry.Circle", 22, 29),
        ("method", "geometry.Circle.Circle", 24, 24),
        ("variable", "geometry.Circle.radius_", 28, 28),
        ("method", "geometry.Circle.area", 31, 33),  # out of class: Circle::area
        ("function", "geometry.clamp", 35, 38),  # the span starts at template <...>
        ("function", "total_area", 42, 48),
    ],
    "languages/php/CookieJar.php": [  # the namespace is no symbol; docblocks stay out of spans
        ("class", "CookieJar", 10, 36),
        ("constant", "CookieJar.MAX_COOKIES", 12, 12),
        ("variable", "CookieJar.cookies", 14, 14),  # $cookies, named without its $
        ("method", "CookieJar.__construct", 16, 21),
        ("method", "CookieJar.setCookie", 23, 30),
        ("method", "CookieJar.count", 32, 35),
        ("interface", "CookieJarInterface", 38, 41),
        ("method", "CookieJarInterface.setCookie", 40, 40),
        ("trait", "ClearsCookies", 43, 49),
        ("method", "ClearsCookies.clear", 45, 48),
        ("enum", "SameSite", 51, 55),
        ("constant", "SameSite.Strict", 53, 53),
        ("constant", "SameSite.Lax", 54, 54),
        ("function", "cookie_domain", 58, 61),  # inside the function_exists guard
    ],
    "languages/ruby/paths.rb": [
        ("module", "Shop", 3, 34),
        ("class", "Shop.Paths", 5, 27),
        ("constant", "Shop.Paths.DEFAULT_GLOB", 6, 6),
        ("method", "Shop.Paths.root", 8, 8),  # attr_reader :root
        ("method", "Shop.Paths.initialize", 10, 12),
        ("method", "Shop.Paths.for", 14, 16),  # def self.for
        ("method", "Shop.Paths.expanded", 18, 20),
        ("method", "Shop.Paths.current", 23, 25),  # inside class << self
        ("class", "Shop.Paths.Root", 29, 33),  # class Paths::Root
        ("method", "Shop.Paths.Root.children", 30, 32),
        ("function", "shop_root", 36, 38),
    ],
}


@pytest.mark.parametrize("relative", sorted(EXPECTED))
def test_symbols_of_each_language(relative: str) -> None:
    assert table(relative) == EXPECTED[relative]


@pytest.mark.parametrize("relative", sorted(EXPECTED))
def test_symbols_carry_path_language_and_a_name_line_inside_the_span(relative: str) -> None:
    for symbol in extract(relative)[1]:
        assert symbol.path == relative
        assert symbol.language == language_for(relative)
        assert symbol.start_line <= symbol.name_line <= symbol.end_line
        assert symbol.qualname.endswith(symbol.name)


def _symbol(relative: str, qualname: str) -> Symbol:
    return next(s for s in extract(relative)[1] if s.qualname == qualname)


def test_signature_is_the_line_of_the_name_not_the_decorator() -> None:
    method = _symbol("app/config.py", "ConfigLoader.from_env")
    assert (method.name, method.name_line) == ("from_env", 48)
    assert method.signature == "def from_env() -> ConfigLoader:"
    assert _symbol("java/com/example/ConfigService.java", "ConfigService.reload").signature == (
        "public void reload(String text) {"
    )


def test_anonymous_typedef_struct_signature_starts_at_typedef() -> None:
    assert _symbol("c/config.h", "config_t").signature == "typedef struct {"


def test_go_and_cpp_qualified_methods_keep_the_bare_name() -> None:
    assert _symbol("go/server.go", "Server.Serve").name == "Serve"
    assert _symbol("go/server.go", "Server.Serve").signature.startswith("func (s *Server) Serve(")
    assert _symbol("cpp/shapes.cpp", "geometry.Circle.area").name == "area"


def test_definition_chunks_match_symbols_and_nest() -> None:
    chunks, symbols = extract("app/config.py")
    definitions = [(c.kind, c.symbol, c.start_line, c.end_line) for c in chunks if c.kind != "window"]
    expected = [(s.kind, s.qualname, s.start_line, s.end_line) for s in symbols
                if s.kind not in ("variable", "constant")]
    assert definitions == expected
    load = next(c for c in chunks if c.symbol == "ConfigLoader.load")
    loader = next(c for c in chunks if c.symbol == "ConfigLoader")
    assert loader.start_line < load.start_line <= load.end_line < loader.end_line
