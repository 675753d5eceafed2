"""The weight bars say which weights ranked nothing (helper-199): on the ``quick`` preset only the
semantic engine runs, yet the bars had shown the intent's four weights as if all were blended."""

from __future__ import annotations

from maguyva_tui.app.session import Answer, Request
from maguyva_tui.app.widgets.readback import left_out, weights_block
from maguyva_tui.core.types import SearchResult

WEIGHTS = (("semantic", 0.5), ("text", 0.2), ("structural", 0.2), ("graph", 0.1))


def _answer(preset: str, strategy: str, run: tuple[str, ...]) -> Answer:
    result = SearchResult("q", "(text 'q')", "understand_code", 0.4, None, "fallback", WEIGHTS, strategy, preset, 40,
                          run, (), 1.0, (), (), 0.0)
    return Answer.build(Request("q", preset=preset), result, 0.0)


def test_the_engines_a_preset_leaves_out_are_said_off() -> None:
    quick = _answer("quick", "semantic_only", ("semantic",))
    assert left_out(quick) == {"text", "structural", "graph"}
    lines = str(weights_block(quick, "structural", False)).splitlines()
    assert [line.endswith("off") for line in lines] == [False, True, True, True]
    assert "0.20" in lines[1]  # the intent's weight is still read, faint
    assert left_out(_answer("default", "fused", ("semantic", "text", "structural"))) == {"graph"}
    assert left_out(_answer("thorough", "fused", ("semantic", "text", "structural", "graph"))) == set()
    # a confident question runs its one engine whatever the preset: that one is not off, the others are
    assert left_out(_answer("quick", "direct", ("structural",))) == {"semantic", "text", "graph"}
    assert left_out(None) == set()
    assert not any(line.endswith("off") for line in str(weights_block(None, "text", False)).splitlines())


def test_a_share_of_chunks_reads_whole_only_when_whole() -> None:
    """99.6% of chunks had read '100% of chunks so far; the static tier ranks the rest' (colorama,
    the transformer tier filling in), and 'semantic 100%' as a warning on the fusion line."""
    from dataclasses import replace

    from maguyva_tui.app.widgets.readback import question_block
    from maguyva_tui.core.engine import share

    assert [share(f) for f in (0.0, 0.004, 0.996, 1.0)] == ["0%", "0%", "99%", "100%"]
    answer = _answer("quick", "semantic_only", ("semantic",))
    partial = Answer.build(answer.request, replace(answer.result, semantic_coverage=0.996), 0.0)
    assert "semantic 99%" in str(question_block(partial))
