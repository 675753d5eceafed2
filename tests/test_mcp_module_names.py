"""The graph tools of the MCP server read a name written with its module (``httplib2.Http.request``)
as find_definition reads it, also where the package is kept twice (found by an outside tester on
httplib2, whose ``python2/httplib2`` and ``python3/httplib2`` both define it): find_definition had
listed both definitions while find_references and impact called the name unknown."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.mcp.answers import AnswerError, definition_answer, impact_answer, references_answer
from tests.trees import indexed

CLIENT = (
    "class Http:\n    def request(self, uri):\n        return self._send(uri)\n\n"
    "    def _send(self, uri):\n        return uri\n\n\n"
    "def fetch(uri):\n    return Http().request(uri)\n"
)
TWICE = {
    "python2/httplib2/__init__.py": CLIENT,
    "python3/httplib2/__init__.py": CLIENT,
    "tests/other.py": "class Http:\n    pass\n",
    "lib/client.rb": "class Client\n  def get(url)\n    send_request(url)\n  end\n\n  def send_request(url)\n    url\n  end\nend\n",
    "src/ky.js": "export class Ky {\n  #fetch() {\n    return 1;\n  }\n\n  run() {\n    return this.#fetch();\n  }\n}\n",
}


@pytest.fixture(scope="module")
def twice(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "twice", TWICE)


def test_a_name_with_its_module_names_every_copy_of_it(twice: Engine) -> None:
    """Both copies' callers and dependents, as for ``Http.request`` written without its module."""
    definitions = definition_answer(twice, "httplib2.Http.request", None, False, 10)["definitions"]
    assert sorted(d["path"] for d in definitions) == ["python2/httplib2/__init__.py", "python3/httplib2/__init__.py"]
    through = references_answer(twice, "httplib2.Http.request", None, 50)
    plain = references_answer(twice, "Http.request", None, 50)
    assert through["symbol"] == "httplib2.Http.request"
    assert through["references"] == plain["references"] and len(through["references"]) == 2
    assert impact_answer(twice, "httplib2.Http._send", 3, 50)["dependents"] == impact_answer(
        twice, "Http._send", 3, 50)["dependents"]


def test_a_module_does_not_widen_to_a_name_defined_elsewhere_too(twice: Engine) -> None:
    """``httplib2.Http``'s two classes, not tests/other.py's ``Http`` that the bare name also names."""
    nodes = {d["node"] for d in references_answer(twice, "httplib2.Http", None, 50)["definitions"]}
    assert nodes == {"python2/httplib2/__init__.py::Http", "python3/httplib2/__init__.py::Http"}
    with pytest.raises(AnswerError):
        references_answer(twice, "nothere.Http.request", None, 50)


@pytest.mark.parametrize("written", ["self._send", "self._send()", "this._send", "$this->_send", "cls._send"])
def test_a_member_named_through_its_own_receiver_is_the_member(twice: Engine, written: str) -> None:
    """``self._conn_request`` as an agent copies it from the call: find_references had called it an
    unknown symbol (find_definition too), where the search reads it as the member."""
    assert definition_answer(twice, written, None, False, 10)["total"] == 2
    assert references_answer(twice, written, None, 50)["references"] == references_answer(twice, "_send", None, 50)["references"]
    assert impact_answer(twice, written, 2, 50)["dependents"] == impact_answer(twice, "_send", 2, 50)["dependents"]


def test_a_member_written_with_a_hash_is_the_member(twice: Engine) -> None:
    """Ruby's documentation names an instance method ``Client#send_request``: the search read it as
    ``Client.send_request`` while the tools called it unknown, its closest name that very method; a
    JavaScript private member keeps its ``#``."""
    assert [d["symbol"] for d in definition_answer(twice, "Client#send_request", None, False, 10)["definitions"]] == [
        "Client.send_request"]
    assert [(r["path"], r["line"]) for r in references_answer(twice, "Client#send_request", None, 50)["references"]] == [
        ("lib/client.rb", 3)]
    assert impact_answer(twice, "Client#send_request", 1, 50)["dependents"][0]["symbol"] == "Client.get"
    for private in ("Ky.#fetch", "#fetch"):
        assert [d["symbol"] for d in definition_answer(twice, private, None, False, 10)["definitions"]] == ["Ky.#fetch"]
    assert [(r["path"], r["line"]) for r in references_answer(twice, "Ky.#fetch", None, 50)["references"]] == [
        ("src/ky.js", 7)]
