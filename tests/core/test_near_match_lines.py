"""``match_lines`` names only lines that hold what matched: a definition whose name holds the
query's letters (the structural engine's fuzzy or camel-hump tier) is a near match, and names no
line (found on libmaxminddb 1.7.1: ``search nBfr --intent exact_match`` listed
``#define MMDB_UNKNOWN_DATABASE_FORMAT_ERROR (6)`` with ``match_lines: [81]``, a line without it)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.small_repo import indexed


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    found = indexed(tmp_path_factory, {
        "maxminddb.h": "#define MMDB_SUCCESS (0)\n#define MMDB_UNKNOWN_DATABASE_FORMAT_ERROR (6)\n"
                       "int mmdb_open(void);\n",
        "ParseConfig.c": "#define ParseConfig 1\nint main(void) { return ParseConfig; }\n",
    })
    yield found
    found.close()


def _holding(engine: Engine, query: str, **options: object) -> list[tuple[str, int, list[int], bool]]:
    """Each result's place, its match lines and whether each holds the query (any case)."""
    lines = {p: (engine.root / p).read_text().splitlines() for p in ("maxminddb.h", "ParseConfig.c")}
    return [(r.path, r.start_line, list(r.match_lines),
             all(query.lower() in lines[r.path][n - 1].lower() for n in r.match_lines))
            for r in engine.search(query, limit=10, **options).results]  # type: ignore[arg-type]


def test_a_literal_no_line_holds_names_no_line_of_its_near_names(engine: Engine) -> None:
    found = _holding(engine, "nBfr", intent="exact_match")
    assert found, "the blend shows related code"
    assert all(holds for *_, holds in found), found
    unknown = [r for r in engine.search("nBfr", intent="exact_match", limit=10).results
               if r.symbol == "MMDB_UNKNOWN_DATABASE_FORMAT_ERROR"]
    assert unknown and unknown[0].match_lines == ()
    reasons = {name: vote.reason for name, vote in unknown[0].votes if vote is not None}
    assert str(reasons["structural"]).startswith("fuzzy ")  # its reason says it is a near match


def test_a_name_as_spelled_still_names_its_line(engine: Engine) -> None:
    found = _holding(engine, "MMDB_SUCCESS")
    assert ("maxminddb.h", 1, [1], True) in found
