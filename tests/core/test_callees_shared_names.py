"""What a function calls leaves out the calls of a name several files define (a C function written
once per platform): the graph ties them to none, and the answer says so.

libuv's ``uv_run`` calls ``uv__io_poll``, defined in six of ``unix/``'s files; "what does uv_run
call" had listed eight callees and said nothing of that call (rg finds it at ``unix/core.c:460``)."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.other_calls import callees_notes
from maguyva_tui.core.parsing.analyze import analyze

FILES = {
    "src/core.c": (
        '#include "internal.h"\n\nint run(int fd) {\n  int n = prepare(fd);\n'
        "  n += poll_once(fd, n);\n  return n;\n}\n\nint prepare(int fd) {\n  return fd + 1;\n}\n"
    ),
    "src/linux.c": '#include "internal.h"\n\nint poll_once(int fd, int n) {\n  return fd * n;\n}\n',
    "src/bsd.c": '#include "internal.h"\n\nint poll_once(int fd, int n) {\n  return fd - n;\n}\n',
    "src/internal.h": "int prepare(int fd);\nint poll_once(int fd, int n);\n",
}
NOTE = ('run also calls names that several definitions share, which the graph ties to none of them, so they are '
        'not listed: poll_once (src/core.c:5, 2 definitions); ask "poll_once" for its definitions')


def _generation() -> SimpleNamespace:
    graph = build_graph({path: analyze(path, text) for path, text in FILES.items()})
    return SimpleNamespace(missing=(), snapshot=SimpleNamespace(graph=graph))


def test_a_call_of_a_name_two_files_define_is_said_left_out() -> None:
    assert callees_notes(_generation(), "run") == (NOTE,)  # type: ignore[arg-type]


def test_a_function_whose_calls_are_all_tied_has_no_note() -> None:
    assert callees_notes(_generation(), "prepare") == ()  # type: ignore[arg-type]


def test_no_graph_no_note() -> None:
    assert callees_notes(SimpleNamespace(missing=("graph",), snapshot=None), "run") == ()  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("platforms")
    for path, text in FILES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh(semantic=False)
    yield e
    e.close()


@pytest.mark.slow  # an index build (0.9 s under load)
def test_the_search_for_what_run_calls_says_it(engine: Engine) -> None:
    result = engine.search("what does run call", limit=10)
    assert [(r.path, r.symbol) for r in result.results] == [("src/core.c", "prepare")]
    assert NOTE in result.notices
