"""The ways of asking compared in one run: a table, so a new one is one line.

Every mode asks the real product in-process, ``Engine.search(text, limit=10, **options)``, as the
CLI does (``maguyva search --preset quick``, ``--modality text``...). ``engine`` names the build
of the engine that answers (:data:`ENGINES`): one build today, both semantic tiers filled (the
static tier by ``refresh``, the MiniLM transformer tier by ``embed_pending``). A mode that needs
another build (one semantic tier alone, say) adds an entry to :data:`ENGINES` and names it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.nl.sources import ROOT

INDEX = ROOT / "index"
"""Every repository's index, stable so a rerun finds its vectors cached by content hash."""


@dataclass(frozen=True, slots=True)
class Mode:
    """One way of asking: the search options and what it needs."""

    name: str
    options: Mapping[str, Any] = field(default_factory=dict)
    """Keyword arguments of ``Engine.search``."""
    semantic: bool = True
    """Needs embeddings (skipped under ``--no-semantic``)."""
    engine: str = "both tiers"
    """The engine build that answers (a key of :data:`ENGINES`)."""


MODES: tuple[Mode, ...] = (
    Mode("default", {"preset": "default"}),
    Mode("quick", {"preset": "quick"}),
    Mode("thorough", {"preset": "thorough"}),
    Mode("text", {"modality": "text"}, semantic=False),
    Mode("structural", {"modality": "structural"}, semantic=False),
    Mode("semantic", {"modality": "semantic"}),
    Mode("graph", {"modality": "graph"}, semantic=False),
    # Mode("static tier", {"modality": "semantic"}, engine="static tier"),  # with an ENGINES entry
)
"""Modes in report order."""

BY_NAME = {m.name: m for m in MODES}


def both_tiers(root: Path, semantic: bool, log: Callable[[str], None]) -> Any:
    """The product as shipped: static tier filled by ``refresh``, MiniLM transformer tier filled too."""
    from maguyva_tui.core.embed.minilm import MiniLMProvider
    from maguyva_tui.core.engine import Engine

    engine = Engine(root, INDEX, provider=MiniLMProvider(), static=True if semantic else False)
    summary = engine.refresh(semantic=semantic)
    if semantic:
        report = engine.embed_pending(progress=_progress(log, root.name))
        log(f"  {root.name}: {summary.seconds:.0f} s index + static tier, "
            f"{getattr(report, 'embedded', 0)} chunks embedded now, {getattr(report, 'seconds', 0):.0f} s")
    return engine


ENGINES: dict[str, Callable[[Path, bool, Callable[[str], None]], Any]] = {
    "both tiers": both_tiers,
}
"""Engine builds by name: (work tree, semantic wanted, log) to an engine ready to search."""


def chosen(names: str | None, semantic: bool) -> tuple[Mode, ...]:
    """The modes a command line asks for (all by default), without those needing embeddings when
    ``semantic`` is off."""
    wanted = list(MODES) if not names else [_mode(n) for n in names.split(",") if n.strip()]
    return tuple(m for m in wanted if semantic or not m.semantic)


def _mode(name: str) -> Mode:
    try:
        return BY_NAME[name.strip()]
    except KeyError:
        raise SystemExit(f"unknown mode {name!r}; choose from {', '.join(BY_NAME)}") from None


def _progress(log: Callable[[str], None], name: str) -> Callable[[int, int], None]:
    """Log embedding progress about every 500 chunks."""
    last = [-1]

    def report(done: int, total: int) -> None:
        if done // 500 != last[0] or done == total:
            last[0] = done // 500
            log(f"  {name}: embedded {done}/{total}")

    return report
