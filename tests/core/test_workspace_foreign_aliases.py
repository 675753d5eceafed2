"""Who calls a library's function asked of a workspace, where the using repository imports it
under another name: flake8's ``from pycodestyle import bare_except as _bare_except`` then
``yield from _bare_except(logical_line, noqa)`` is a call of pycodestyle's ``bare_except``, as a
JavaScript ``import { atom as createAtom } from "lib"`` then ``createAtom(1)`` is of lib's
``atom``. "who calls bare_except" over flake8 and pycodestyle had said "nothing in the graph calls
bare_except" and blended the engines: an aliased import named the library plainly, yet was never
read (only ``import lib``/``lib.name(...)`` and ``from lib import name``/``name(...)`` were)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from tests.fakes import FakeProvider

pytestmark = pytest.mark.slow  # each indexes two repositories (0.6-0.9 s)


def _coordinator(base: Path, files: dict[str, str]) -> Coordinator:
    for name, text in files.items():
        (base / name).parent.mkdir(parents=True, exist_ok=True)
        (base / name).write_text(text)
    engines = [Engine(base / label, base / "indexes", provider=FakeProvider(), static=False) for label in ("lib", "user")]
    for engine in engines:
        engine.refresh()
    return Coordinator([Shard(label, engine) for label, engine in zip(("lib", "user"), engines)])


def listed(answer: object) -> list[tuple[str, str, int]]:
    return [(repo, r.path, r.start_line) for repo, r in zip(answer.repos, answer.result.results)]  # type: ignore[attr-defined]


def test_a_python_call_through_an_aliased_import_is_a_caller(tmp_path: Path) -> None:
    coordinator = _coordinator(tmp_path, {
        "lib/lib/__init__.py": "def check(line):\n    return line\n",
        "user/user/run.py": "from lib import check as _check\nfrom other import check as _other\n\n\n"
                            "def run(line):\n    _other(line)\n    return _check(line)\n",
    })
    try:
        answer = coordinator.search(SearchRequest("who calls check"))
        assert listed(answer) == [("user", "user/run.py", 7)]  # not other's check, imported as _other
        assert answer.result.fusion_strategy == "direct"
        assert any(n.startswith("user: 1 call names check through an import") for n in answer.result.notices)
    finally:
        coordinator.close()


def test_a_javascript_call_through_an_aliased_import_is_a_caller(tmp_path: Path) -> None:
    coordinator = _coordinator(tmp_path, {
        "lib/src/index.js": "export function atom(x) {\n  return x;\n}\n",
        "user/src/app.js": 'import { atom as createAtom } from "lib";\n\nexport function run() {\n'
                           "  return createAtom(1);\n}\n",
    })
    try:
        assert listed(coordinator.search(SearchRequest("who calls atom"))) == [("user", "src/app.js", 4)]
    finally:
        coordinator.close()
