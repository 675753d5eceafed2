"""Arguments an agent gets wrong are said back in one line; arguments a tool does not take are named.

The SDK refused a bad argument with pydantic's report (several lines, a type code in brackets, a link
to pydantic's documentation per error), and dropped an argument the tool does not take without a
word: a search sent ``lmit`` or ``path`` answered ten results from everywhere, as if asked for them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from mcp.server.mcpserver.exceptions import ToolError  # noqa: E402

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.arguments import refusal, stray_notice  # noqa: E402
from maguyva_tui.mcp.server import build_server  # noqa: E402
from maguyva_tui.mcp.service import RepoService  # noqa: E402
from tests.core.test_failed_lookup import FirstWordProvider  # noqa: E402


@pytest.fixture(scope="module")
def call(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    base = tmp_path_factory.mktemp("arguments")
    (base / "repo").mkdir()
    (base / "repo" / "a.py").write_text("def split(text):\n    return text.split()\n\n\ndef run():\n    return split('a b')\n")
    service = RepoService(Engine(base / "repo", base / "ix", provider=FirstWordProvider(), static=False), embed=False)
    server = build_server(service)
    service.start()

    def call_tool(tool: str, **arguments: Any) -> dict[str, Any]:
        result = anyio.run(server.call_tool, tool, arguments)
        text = result.content[0].text
        assert json.loads(text) == result.structured_content
        return dict(result.structured_content)

    yield call_tool
    service.close()


def _refused(call: Any, tool: str, **arguments: Any) -> str:
    with pytest.raises(ToolError) as raised:
        call(tool, **arguments)
    return str(raised.value)


def test_a_refused_argument_is_said_in_one_line(call: Any) -> None:
    said = _refused(call, "search", query="x", limit=0, preset="fast")
    assert said == ("invalid arguments for search: preset: Input should be 'quick', 'default' or 'thorough' "
                    "(sent 'fast'); limit: Input should be greater than or equal to 1 (sent 0)")
    assert _refused(call, "find_definition") == "invalid arguments for find_definition: name: required, not sent"
    assert "\n" not in _refused(call, "impact", name="split", depth=99)


def test_a_required_argument_sent_as_null_is_said_so(call: Any) -> None:
    """``{"query": null}`` had been refused as "query: required, not sent": the intake dropped it."""
    assert _refused(call, "search", query=None) == "invalid arguments for search: query: required, sent null"
    assert _refused(call, "find_definition", name=None, limit=None) == (
        "invalid arguments for find_definition: name: required, sent null")
    assert len(call("search", query='"split"', preset=None, limit=None, intent=None)["results"]) >= 1  # defaults


def test_an_argument_of_the_wrong_json_type_is_refused_not_converted(call: Any) -> None:
    """The schema says integer and boolean: ``limit: true`` had been read as 1, ``regex: "yes"`` and
    ``with_source: 1`` as true, and ``limit: "5"`` as 5 (the schema's integer is a JSON number: the MCP spec
    has the server validate against it); a whole number written ``1.0`` stays welcome, as JSON Schema has it."""
    assert _refused(call, "search", query="split", limit=True) == (
        "invalid arguments for search: limit: Input should be a valid integer, not a boolean (sent True)")
    assert _refused(call, "search", query="split", regex="yes") == (
        "invalid arguments for search: regex: Input should be a valid boolean (sent 'yes')")
    assert "ignore_case: Input should be a valid boolean (sent 0)" in _refused(call, "search", query="split", ignore_case=0)
    assert "with_source: Input should be a valid boolean (sent 1)" in _refused(call, "find_definition", name="split",
                                                                               with_source=1)
    assert "depth: Input should be a valid integer, not a boolean" in _refused(call, "impact", name="split", depth=False)
    assert len(call("search", query='"split"', limit=1.0, regex=False)["results"]) == 1
    assert _refused(call, "search", query="split", limit="5") == (
        "invalid arguments for search: limit: Input should be a valid integer, not a string (sent '5')")
    assert "depth: Input should be a valid integer, not a string (sent '2')" in _refused(call, "impact", name="split",
                                                                                         depth="2")
    assert "limit: Input should be a valid integer, not a string" in _refused(call, "find_references", name="split",
                                                                              limit="3")
    assert _refused(call, "search", query="split", limit="null") == (  # said back as sent, not as the SDK decoded it
        "invalid arguments for search: limit: Input should be a valid integer (sent 'null')")


def test_an_argument_the_tool_does_not_take_is_named_in_the_answer(call: Any) -> None:
    answer = call("search", query="\"split\"", lmit=1, path="tests/")
    assert answer["notices"][-1] == ("ignored 'lmit', 'path': search takes query, intent, preset, limit, regex, "
                                     "ignore_case, case; did you mean limit for 'lmit'?")
    assert len(answer["results"]) > 1  # the default limit, as before: the notice says why
    assert "notices" not in call("find_definition", name="split")


def test_a_misspelt_argument_names_the_one_meant(call: Any) -> None:
    """``{"qeury": "x"}`` had been "query: required, not sent", and ``limt`` ignored without the name
    meant: an agent had to find its own typo (helper-344)."""
    assert _refused(call, "search", qeury="split") == (
        "invalid arguments for search: query: required, not sent ('qeury' was sent: did you mean query?)")
    assert _refused(call, "find_definition", Name="split") == (
        "invalid arguments for find_definition: name: required, not sent ('Name' was sent: did you mean name?)")
    assert call("search", query='"split"', limt=1)["notices"][-1].endswith("ignore_case, case; did you mean limit?")


def test_the_messages_cut_what_they_say_back() -> None:
    said = refusal("search", [{"loc": ("query",), "msg": "Input should be a valid string", "input": ["a" * 500],
                               "type": "string_type"}])
    assert len(said) < 150 and said.endswith("…)")
    assert stray_notice("impact", ["name"], ["name", "depth"]) is None


def test_search_takes_the_batch_lines_case_beside_ignore_case(call: Any) -> None:
    """A ``--batch`` line says ``case``, this tool ``ignore_case``: each takes the other's spelling
    (``case`` had been "ignored", searched case-sensitively; smart case had no spelling here)."""
    def other_case(**arguments: Any) -> bool:  # the lines hold "split", not "SPLIT": a case-sensitive search's
        failed = call("search", query='"SPLIT"', **arguments).get("lookup_failed")
        return bool(failed and failed["other_case"])

    assert other_case() and other_case(case="sensitive") and other_case(case="smart")  # a capital: sensitive
    assert not other_case(ignore_case=True) and not other_case(case="insensitive")
    assert not other_case(case="insensitive", ignore_case=True)
    assert "notices" not in call("search", query='"split"', case="smart")
    assert _refused(call, "search", query="x", case="smart", ignore_case=True).endswith(
        ": case 'smart' and ignore_case true disagree: send one of them")
    assert "case: Input should be 'sensitive', 'insensitive' or 'smart'" in _refused(call, "search", query="x",
                                                                                      case="upper")


def test_search_refuses_an_intent_for_a_regular_expression(call: Any) -> None:
    """A regular expression lists every line it matches: an intent sent with it had been ignored."""
    assert _refused(call, "search", query="spl.t", regex=True, intent="find_definition").endswith(
        ": intent 'find_definition' does not go with regex true: a regular expression lists every line it "
        "matches, an exact match (leave intent out)")
    assert call("search", query="spl.t", regex=True, intent="exact_match")["results"]


def test_a_search_cut_by_its_limit_says_so(call: Any) -> None:
    """One engine's whole list (every line a pattern matches) cut by the limit says so, as the graph
    tools do: a regex search of lo's 76 matching lines with limit 50 had returned 50 in silence."""
    cut = call("search", query="split", regex=True, limit=2)
    assert cut["fusion_strategy"] == "direct" and len(cut["results"]) == 2
    assert cut["truncated"] == "showing the first 2; more match: raise limit (at most 50) or narrow the query"
    whole = call("search", query="split", regex=True, limit=10)
    assert "truncated" not in whole and [r["lines"] for r in whole["results"]][:2] == [r["lines"] for r in cut["results"]]
    assert "truncated" not in call("search", query="how is the text cut into words", limit=1)  # a blend: always more


def test_a_number_past_any_whole_number_is_said_with_the_range_taken(call: Any) -> None:
    """``limit: 1e308`` had been "Unable to parse input string as an integer, exceeded maximum size",
    the validator's words: the agent sent no string and learnt no range (helper-386)."""
    assert _refused(call, "search", query="split", limit=1e308) == (
        "invalid arguments for search: limit: out of range: limit takes a whole number from 1 to 50 (sent 1e+308)")
    assert _refused(call, "impact", name="split", depth=-1e300) == (
        "invalid arguments for impact: depth: out of range: depth takes a whole number from 1 to 6 (sent -1e+300)")
    assert _refused(call, "find_references", name="split", limit=1e20).endswith(
        "limit: out of range: limit takes a whole number from 1 to 200 (sent 1e+20)")
