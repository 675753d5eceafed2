"""Who calls a library's method, asked of a workspace that holds the library and an app calling it
on an instance of the library's class (``client.Session().get(...)``, ``s = Session(); s.get(...)``):
the app's calls are listed with the library's own. Each repository's graph is its own, and the
app's receiver is another package's class: found by an outside tester, "who calls Session.get"
had listed the library's callers alone and only noted "1 call names get on a receiver app's
graph could not resolve"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard
from tests.fakes import FakeProvider

LIB = {"lib/__init__.py": "",
       "lib/client.py": "class Session:\n    def get(self, url):\n        return self.send(url)\n\n"
                        "    def send(self, url):\n        return url\n\n\nclass Other:\n    def get(self, key):\n"
                        "        return key\n\n\nDEFAULTS = {}\n"}
APP = {"app/__init__.py": "",
       "app/fetch.py": "from lib import client\nfrom lib.client import Session, Other\n\n\n"
                       "def direct(url):\n    return client.Session().get(url)\n\n\n"
                       "def held(url):\n    s = Session()\n    return s.get(url)\n\n\n"
                       "def other(key):\n    return Other().get(key)\n\n\n"
                       "def mine(d):\n    return d.get('x')\n\n\n"
                       "def through_class(url):\n    return client.Session.get(None, url)\n\n\n"
                       "def constant(key):\n    return client.DEFAULTS.get(key)\n"}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    base = tmp_path_factory.mktemp("methods")
    engines = {}
    for label, files in (("lib", LIB), ("app", APP)):
        for path, text in files.items():
            (base / label / path).parent.mkdir(parents=True, exist_ok=True)
            (base / label / path).write_text(text)
        engines[label] = Engine(base / label, base / "ix", provider=FakeProvider(), static=False)
        engines[label].refresh()
    coordinator = Coordinator([Shard(label, engine) for label, engine in engines.items()])
    yield coordinator
    coordinator.close()
    for engine in engines.values():
        engine.close()


def places(workspace: Coordinator, question: str) -> list[tuple[str, int]]:
    found = workspace.search(SearchRequest(question, 20))
    return [(f"{repo}/{r.path}", r.start_line) for r, repo in zip(found.result.results, found.repos)]


def test_calls_on_a_constructed_instance_of_the_librarys_class_are_listed(workspace: Coordinator) -> None:
    listed = places(workspace, "who calls Session.get")
    assert ("app/app/fetch.py", 6) in listed and ("app/app/fetch.py", 11) in listed, listed
    assert ("app/app/fetch.py", 23) in listed, listed  # called on the class (a classmethod's way)
    assert ("app/app/fetch.py", 15) not in listed and ("app/app/fetch.py", 19) not in listed, listed  # Other's, a dict's


def test_the_calls_listed_are_said_once(workspace: Coordinator) -> None:
    notices = workspace.search(SearchRequest("who calls Session.get", 20)).result.notices
    assert any(n.startswith("app: 3 calls name get through an import of another repository's package") for n in notices), notices
    assert not any("could not resolve" in n and "first app/fetch.py:6" in n for n in notices), notices  # listed, not "not listed"


def test_a_method_asked_alone_lists_the_calls_on_any_of_the_librarys_classes(workspace: Coordinator) -> None:
    listed = places(workspace, "who calls get")
    assert {("app/app/fetch.py", 6), ("app/app/fetch.py", 11), ("app/app/fetch.py", 15)} <= set(listed), listed
    assert ("app/app/fetch.py", 19) not in listed, listed  # d.get('x'): a receiver of no known class
    assert ("app/app/fetch.py", 27) not in listed, listed  # a constant's (a dict's) get


def test_remote_shards_list_the_same_calls(tmp_path: Path) -> None:
    """Shards held by actors (answering in this process: the cluster's path without Ray) list the
    calls on the library's instances as in-process shards do."""
    from tests.test_cluster import _listed, _pair

    repos = []
    for label, files in (("lib", LIB), ("app", APP)):
        for path, text in files.items():
            (tmp_path / label / path).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / label / path).write_text(text)
        repos.append(tmp_path / label)
    here, there, _ = _pair(repos, tmp_path / "here", tmp_path / "there")
    try:
        for question in ("who calls Session.get", "who calls get"):
            expected = here.search(SearchRequest(question, 20))
            assert ("app", "app/fetch.py", 11) in [(repo, r.path, r.start_line) for r, repo in
                                                  zip(expected.result.results, expected.repos)]
            answer = there.search(SearchRequest(question, 20))
            assert _listed(answer) == _listed(expected) and answer.result.notices == expected.result.notices
    finally:
        here.close()
        there.close()
