"""The direct text path's page (issue 19: a frequent literal's page of a hundred lines) made in
fewer steps, each result the same: a demoted file's kinds named once for all its lines, the
centralities read off the lines' chunks with no key made, a carriage return shown in the one pass
that reads the page's lines; the same results as fusing and paging them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from typing import Any

import pytest

from maguyva_tui.core import results as results_module
from maguyva_tui.core import search as search_module
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.generation import Generation
from maguyva_tui.core.results import CR_SHOWN, shown_lines, shown_page
from maguyva_tui.core.types import Hit
from tests.core.test_engine import CountingProvider

_OWN = "".join(f"def needle_{n}():\n    return needle + {n}\n\n" for n in range(12))
_FILES = {
    "src/app.py": _OWN,
    "tests/test_app.py": "".join(f"def test_{n}():\n    assert needle != {n}\n" for n in range(8)),
    "vendor/lib/dep.py": "needle = 1\nneedle += 2\nprint(needle)\n",
    "src/old_mac.py": "x = 1\r# needle in a line an old Mac wrote\rneedle = 2\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("text-page") / "repo"
    for name, text in _FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(text.encode())
    made = Engine(root, tmp_path_factory.mktemp("text-page-index"), provider=CountingProvider())
    made.refresh(semantic=False)
    yield made
    made.close()


def test_a_demoted_files_kinds_are_named_once_a_page(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test file's eight lines and a vendored file's three are each shown as demoted (their
    ``demoted_as``), the kinds found once a file, not once a line; every result is the fused one."""
    asked: list[str] = []
    kinds = search_module.demotion_kinds

    def counted(path: str, *args: Any) -> tuple[str, ...]:
        asked.append(path)
        return kinds(path, *args)

    monkeypatch.setattr(search_module, "demotion_kinds", counted)
    fast = engine.search("needle", modality="text", limit=100)
    demoted = {r.path: r.demoted_as for r in fast.results if r.demoted_as}
    assert demoted == {"tests/test_app.py": ("secondary",), "vendor/lib/dep.py": ("vendored",)}
    assert sum(r.path == "tests/test_app.py" for r in fast.results) == 8
    assert sorted(asked) == sorted(demoted)
    monkeypatch.setattr(search_module, "_text_alone", lambda *args: None)  # fused and paged
    fused = engine.search("needle", modality="text", limit=100)
    assert len(fast.results) == len(fused.results) > 20
    for mine, theirs in zip(fast.results, fused.results, strict=True):
        for field in fields(mine):
            assert getattr(mine, field.name) == getattr(theirs, field.name), field.name
            assert type(getattr(mine, field.name)) is type(getattr(theirs, field.name)), field.name


def test_a_pages_centralities_make_no_chunk_keys(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's centralities are its lines' chunks' (what ``located`` pairs with each chunk's key),
    read without making the keys."""
    generation = engine.generation
    hits = [Hit(path, line, line, 1.0) for path in sorted(_FILES) for line in range(1, 8)]
    hits.append(Hit("src/app.py", 1, 2, 1.0))  # a span: its own lines' centrality
    expected = [value for _, value in generation.located(hits)]

    def refused(*args: object) -> None:
        raise AssertionError("located")

    monkeypatch.setattr(Generation, "located", refused)
    assert generation.centralities(hits) == expected
    assert generation.centralities(hits[::-1]) == expected[::-1]
    assert engine.search("needle", modality="text", limit=100).results


def test_a_pages_carriage_returns_are_shown_in_its_one_pass(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """A line holding a carriage return (an old Mac's line end inside the index's one line) shows it
    as ``␍`` in the page's one pass over its lines, as a result alone shows it."""
    snapshot = engine.snapshot
    hits = [Hit("src/old_mac.py", 1, 1, 1.0), Hit("src/old_mac.py", 1, 2, 1.0), Hit("src/app.py", 2, 2, 1.0)]
    alone = [shown_lines(snapshot, hit, "needle") for hit in hits]
    assert CR_SHOWN in alone[0][2] and "\r" not in alone[0][2]

    def refused(text: str) -> str:
        raise AssertionError("a second pass")

    monkeypatch.setattr(results_module, "crs_shown", refused)
    assert shown_page(snapshot, hits, "needle") == alone
    found = engine.search("needle", modality="text", limit=100)
    assert any(CR_SHOWN in r.snippet for r in found.results if r.path == "src/old_mac.py")



def test_a_later_pages_votes_are_the_earlier_pages_own(engine: Engine) -> None:
    """A vote is a value of its rank, score, weight and reason: a later literal's page takes those
    an earlier page made (each made once, not per result of every page), equal to a fresh one, and
    none is shared across an integer weight and a float one (the JSON says 1 or 1.0 as given)."""
    first = engine.search("needle", modality="text", limit=100).results
    later = engine.search("return", modality="text", limit=100).results
    assert first and later and first[0].votes == later[0].votes
    assert first[0].votes is later[0].votes
    fresh = search_module._new_vote(*(getattr(later[0].votes[0][1], f.name) for f in fields(later[0].votes[0][1])))
    assert later[0].votes[0][1] == fresh
    assert search_module._kept_votes(1, 60) is None and search_module._kept_votes(1.0, 60.0) is None
    assert search_module._kept_votes(1.0, 60) is search_module._kept_votes(1.0, 60)


def test_a_long_listing_leaves_the_pages_votes_kept(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """A listing longer than the ranks kept (every line of a frequent literal) makes its later votes
    without keeping them: the next page still finds its first ranks' votes (they had been forgotten
    with the listing's, past the votes kept, in a benchmark asking each literal whole after its page)."""
    monkeypatch.setattr(search_module, "VOTES_RANKED", 2)
    monkeypatch.setattr(search_module, "VOTES_KEPT", 4)
    search_module._VOTES.clear()
    listing = engine.search("needle", modality="text", limit=100).results
    assert len(listing) > 20
    page = engine.search("needle", modality="text", limit=1).results
    assert page[0].votes is listing[0].votes
