"""Python names the graph reads through: a quoted annotation names its type, a plain alias
(``_Segment = Segment``) calls what it aliases, and an attribute set from a parameter is never
mistaken for a global of the same name."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

CONSOLE = """
class Console:
    def get_style(self, name):
        return name

class Segment:
    pass

def parser():
    return 1
"""

USER = """
from typing import TYPE_CHECKING
from pkg.console import Segment, parser
if TYPE_CHECKING:
    from pkg.console import Console

_Segment = Segment

def render(console: "Console", width: 'List[int]'):
    style = console.get_style("bold")
    return _Segment()

def pieces():
    make = Segment
    return make()

class Holder:
    def __init__(self, parser):
        self.parser = parser

    def run(self):
        return self.parser()
"""


def graph() -> CodeGraph:
    files = {"pkg/__init__.py": "", "pkg/console.py": CONSOLE, "pkg/user.py": USER}
    return build_graph({p: analyze(p, dedent(t)) for p, t in files.items()})


def sites(g: CodeGraph, name: str) -> list[tuple[str, int, str | None]]:
    return sorted((s.path, s.line, s.caller) for s in callers(g, name).sites)


def test_a_quoted_annotation_types_the_parameter() -> None:
    assert sites(graph(), "Console.get_style") == [("pkg/user.py", 10, "render")]


def test_a_local_alias_calls_what_it_aliases() -> None:
    assert ("pkg/user.py", 15, "pieces") in sites(graph(), "Segment")


def test_an_attribute_set_from_a_parameter_is_not_the_global_of_that_name() -> None:
    assert [s for s in sites(graph(), "parser") if s[2] == "Holder.run"] == []


CONFIG = """
class Config(dict):
    def from_object(self, obj):
        return obj
"""

BASE = """
from pkg.config import Config

class App:
    config_class = Config

    def __init__(self):
        self.config = self.make_config()

    def make_config(self) -> Config:
        return self.config_class()
"""

APP = """
from pkg.base import App

class Flask(App):
    pass
"""

TESTS = """
from pkg.app import Flask

def test_config():
    app = Flask()
    app.config.from_object("x")
"""


def test_an_attribute_set_in_a_base_class_types_calls_from_other_files() -> None:
    """``app.config.from_object``: ``config`` is set in the base class's ``__init__`` from a
    method's return type, and only another file reads it (flask's tests)."""
    files = {"pkg/__init__.py": "", "pkg/config.py": CONFIG, "pkg/base.py": BASE, "pkg/app.py": APP,
             "tests/test_app.py": TESTS}
    g = build_graph({p: analyze(p, dedent(t)) for p, t in files.items()})
    assert sites(g, "Config.from_object") == [("tests/test_app.py", 6, "test_config")]


COLORS = """
import typing
from typing import Optional, Union

class Color:
    def downgrade(self):
        return self

class Style:
    def __init__(self, color: Optional[Color], bgcolor: "Color | None", link: typing.Optional["Color"]):
        color.downgrade()
        bgcolor.downgrade()
        link.downgrade()

def paint(a: Union[Color, None], b: None | Color, c: Union[Color, str], d: list[Color]):
    a.downgrade()
    b.downgrade()
    c.downgrade()
    d.downgrade()
"""


def test_an_optional_annotation_types_the_value_it_holds_when_called() -> None:
    g = build_graph({"colors.py": analyze("colors.py", dedent(COLORS))})
    called = [line for _, line, _ in sites(g, "Color.downgrade")]
    # list[Color] is no Color; Union[Color, str]: str has no downgrade, Color's is called (jedi's goto too)
    assert called == [11, 12, 13, 16, 17, 18]


def test_a_package_importing_its_own_submodule_exposes_it() -> None:
    files = {
        "pkg/__init__.py": "from . import utils\nfrom .utils import helper as _helper\n",
        "pkg/utils.py": "def rewind_body(body):\n    return body\n\ndef helper():\n    pass\n",
        "tests/test_use.py": "import pkg\n\ndef test_rewind():\n    pkg.utils.rewind_body(1)\n",
    }
    g = build_graph({p: analyze(p, t) for p, t in files.items()})
    assert sites(g, "rewind_body") == [("tests/test_use.py", 4, "test_rewind")]


LIVE = """
from typing import Optional

class Console:
    def line(self):
        pass

def line():
    pass

class Live:
    def __init__(self, console: Optional[Console], backup, line):
        self.console = console
        self.backup = backup
        self.line = line

    def stop(self):
        self.console.line()
        self.backup.line()
        self.line()
"""


def test_an_attribute_set_from_an_annotated_parameter_has_its_type() -> None:
    files = {"live.py": LIVE, "use.py": "from live import Live\n\ndef run(live: Live):\n    live.console.line()\n"}
    g = build_graph({p: analyze(p, dedent(t)) for p, t in files.items()})
    assert sites(g, "Console.line") == [("live.py", 18, "Live.stop"), ("use.py", 4, "run")]
    assert [s for s in sites(g, "line") if s[0] == "live.py"] == []  # self.line is a parameter's value


STYLE = """
from functools import cached_property
from typing import Generic, Optional, TypeVar

T = TypeVar("T")

class Color:
    def get_truecolor(self):
        return self

class Style:
    @property
    def color(self) -> Optional[Color]:
        return Color()

    @cached_property
    def background(self) -> Color:
        return Color()

    def plain(self) -> Color:
        return Color()

class PromptBase(Generic[T]):
    @classmethod
    def ask(cls):
        return cls()

class Confirm(PromptBase[bool]):
    pass

def paint(style: Style):
    style.color.get_truecolor()
    style.background.get_truecolor()
    style.plain.get_truecolor()
    color = style.color
    color.get_truecolor()
    Confirm.ask()
"""


def test_a_property_read_on_the_way_is_its_value_and_a_generic_base_is_a_base() -> None:
    g = build_graph({"style.py": analyze("style.py", dedent(STYLE))})
    assert [line for _, line, _ in sites(g, "Color.get_truecolor")] == [32, 33, 36]  # not a plain method
    assert sites(g, "PromptBase.ask") == [("style.py", 37, "paint")]


REBOUND = """
class A:
    def go(self):
        return 1

class B:
    def go(self):
        return 2

def plain(x):
    x = B()
    return x.go()

def defaulted(y=None):
    if y is None:
        y = B()
    return y.go()

def declared(a: A):
    a = B()
    return a.go()

def untouched(z):
    return z.go()
"""


def test_a_parameter_the_function_assigns_is_what_it_assigns() -> None:
    # structlog's def test_...(self, proxy): proxy = BoundLoggerLazyProxy(...); proxy.new() had reached nothing
    g = build_graph({"m.py": analyze("m.py", dedent(REBOUND))})
    assert [s[2] for s in sites(g, "B.go")] == ["plain", "defaulted"]
    assert [s[2] for s in sites(g, "A.go")] == ["declared"]  # a declared type still wins
