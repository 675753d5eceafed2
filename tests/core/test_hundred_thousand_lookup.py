"""Whether some line holds a lone word is told by the first file that holds it, not by ranking every
line of every file (``helper``, in 98,000 files of a 100,000-file repository)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.lookup import literal_found
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.types import Query


@pytest.fixture(scope="module")
def generation(tmp_path_factory: pytest.TempPathFactory) -> object:
    from maguyva_tui.core.generation import Generation
    from maguyva_tui.core.indexer import update_index

    root = tmp_path_factory.mktemp("words") / "repo"
    root.mkdir()
    for number in range(40):
        (root / f"mod_{number:02d}.py").write_text(
            f"def helper_{number}(value):\n    return value  # Helper for café\n", encoding="utf-8")
    snapshot, _ = update_index(root, tmp_path_factory.mktemp("index"))
    return Generation(snapshot, lambda generation: None)  # type: ignore[arg-type,return-value]


WORDS = ["helper", "HELPER", "Helper", "help", "zzqx", "café", "CAFÉ", "value  #", "for café", "elper_3",
         "return", "def", "x"]


@pytest.mark.parametrize("case", ["sensitive", "insensitive", "smart"])
def test_a_line_holds_a_literal_as_the_ranked_lines_say(generation: object, case: str) -> None:
    text = generation.text  # type: ignore[attr-defined]
    assert isinstance(text, TextRetriever)
    for word in WORDS:
        assert text.holds_literal(word, case) == bool(text.literal_lines(word, case, 1)), word


def test_a_word_many_files_hold_is_found_without_ranking_them(generation: object,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []
    holds = TextRetriever._any_holds

    def counting(self: TextRetriever, files: object, chosen: object, matcher: object) -> bool:
        read.append("any")
        return holds(self, files, chosen, matcher)  # type: ignore[arg-type]

    monkeypatch.setattr(TextRetriever, "_any_holds", counting)
    monkeypatch.setattr(TextRetriever, "literal_lines", None)  # no ranking of every line
    assert literal_found(generation, Query("HELPER", target="HELPER"), "insensitive") is True  # type: ignore[arg-type]
    assert literal_found(generation, Query("zzqx", target="zzqx"), "insensitive") is False  # type: ignore[arg-type]
    assert literal_found(generation, Query("HELPER", target="HELPER"), "sensitive") is False  # type: ignore[arg-type]
    assert read
