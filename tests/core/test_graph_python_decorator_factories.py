"""A Python function decorated first by a call (click's ``@click.group()``, then ``@cli.command()``
on another function) is an instance of the one class the called function declares it returns,
directly or as what the callable it returns makes (``-> Group`` in one overload, ``->
t.Callable[[F], Group]`` in another), as jedi reads the overloads: ``cli.command()`` had reached
nothing, nor ``hello.main()``. click 8.1.7 against jedi: recall 0.926 -> 0.980 (1,780 -> 1,882 of
the graph's sites, none new wrong). A factory whose results name no class, or two, makes nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

CORE = """
import typing as t


class Command:
    def main(self):
        return 0


class Group(Command):
    @t.overload
    def command(self, __func: t.Callable[..., t.Any]) -> Command: ...

    @t.overload
    def command(self, *args: t.Any) -> t.Callable[[t.Callable[..., t.Any]], Command]: ...

    def command(self, *args: t.Any) -> t.Union[t.Callable[[t.Callable[..., t.Any]], Command], Command]:
        return Command()


class Other:
    def main(self):
        return 1


@t.overload
def group(name: t.Callable[..., t.Any]) -> Group: ...


@t.overload
def group(name: t.Optional[str] = None) -> t.Callable[[t.Callable[..., t.Any]], Group]: ...


def group(name=None):
    return Group() if callable(name) else lambda f: Group()


def either(flag: bool) -> t.Union[Group, Other]:
    return Group() if flag else Other()


def route(path: str) -> t.Callable[[t.Callable[..., t.Any]], t.Callable[..., t.Any]]:
    return lambda f: f
"""

APP = """
from pkg.core import either, group, route


@group()
def cli():
    pass


@cli.command("hello")
def hello():
    pass


@either(True)
def mixed():
    pass


@route("/")
def index():
    pass


hello.main()
mixed.main()
index.main()
"""


def test_a_function_decorated_by_a_call_is_the_instance_its_results_name() -> None:
    g = build_graph({"pkg/__init__.py": analyze("pkg/__init__.py", ""),
                     "pkg/core.py": analyze("pkg/core.py", dedent(CORE)),
                     "app.py": analyze("app.py", dedent(APP))})
    assert [(s.path, s.line) for s in callers(g, "Group.command").sites] == [("app.py", 10)]
    assert [(s.path, s.line) for s in callers(g, "Command.main").sites] == [("app.py", 25)]
    assert callers(g, "Other.main").sites == ()
