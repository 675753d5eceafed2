"""The ways of asking compared in one run: a table, so a new one is one line.

Every mode asks the real product in-process, ``Engine.search(text, limit=10, **options)``, as the
CLI does (``maguyva search --preset quick``, ``--modality text``...). ``engine`` names the build
of the engine that answers (:data:`ENGINES`), each a real :class:`~maguyva_tui.core.engine.Engine`
on the same index and the same cached vectors (stores are kept apart by provider id):

- ``both tiers``: the product as shipped, the static tier filled by ``refresh`` and the MiniLM
  transformer tier by ``embed_pending``;
- ``static tier``: the static tier alone, the state a default ``maguyva index`` leaves (its
  transformer tier is a provider that never has vectors, so the semantic engine ranks by the
  static tier only);
- ``model tier``: MiniLM alone, every chunk embedded, no static tier (``static=False``).

Issue 15's quality targets compare the semantic engine of the three (modes ``semantic``,
``static tier``, ``model tier``): the static tier alone >= 0.9 x MiniLM alone, the two together
>= MiniLM alone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from bench.nl.sources import ROOT

INDEX = ROOT / "index"
"""Every repository's index, stable so a rerun finds its vectors cached by content hash."""

MINILM_TOKENS = 256
"""Tokens MiniLM keeps per chunk in this benchmark (``--minilm-tokens``; the product keeps
``maguyva_tui.core.embed.minilm.MAX_TOKENS``, 128). 256 because the first full run embedded every
repository at 256 (it started before commit d8b0a97 chose 128) and another length is another
store: 53,000 chunks to embed again, hours on two shared cores. The two lengths measured on
docstring questions (``bench.semantic_quality``): MRR@10 0.494 at 128 against 0.484 at 256."""


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
    Mode("static tier", {"modality": "semantic"}, engine="static tier"),
    Mode("default static", {"preset": "default"}, engine="static tier"),
    Mode("model tier", {"modality": "semantic"}, engine="model tier"),
)
"""Modes in report order."""

BY_NAME = {m.name: m for m in MODES}


Log = Callable[[str], None]


CORE = Path(__file__).resolve().parents[2] / "maguyva_tui" / "core"
"""The code an index is built by: a change to it may change any index without a format bump."""


def code_fingerprint(core: Path | None = None) -> str:
    """A digest of the index-building code's sources (every ``.py`` file below ``core``, by
    default :data:`CORE`)."""
    core = CORE if core is None else core
    digest = hashlib.sha1()
    for path in sorted(core.rglob("*.py")):
        digest.update(path.relative_to(core).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def refreshed(engine: Any, root: Path, semantic: bool) -> Any:
    """``engine.refresh``, parsing every file anew (the vectors kept) when the code that built the
    repository's index here is not this code: an index is reused while its files and format stay
    the same, and the eighteenth session's half-A figure had read a trpc index built before some of
    that session's definitions. The code that built it is kept beside the indexes."""
    marker = INDEX / "built-by" / hashlib.sha1(str(root.resolve()).encode()).hexdigest()[:16]
    code = code_fingerprint()
    stale = not marker.is_file() or marker.read_text() != code
    summary = engine.refresh(semantic=semantic, rebuild=stale)
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text(code)
    return summary


def both_tiers(root: Path, semantic: bool, log: Log, minilm_tokens: int = MINILM_TOKENS) -> Any:
    """The product as shipped (MiniLM at ``minilm_tokens``): static tier filled by ``refresh``,
    MiniLM transformer tier filled too."""
    from maguyva_tui.core.embed.minilm import MiniLMProvider
    from maguyva_tui.core.engine import Engine

    engine = Engine(root, INDEX, provider=MiniLMProvider(max_tokens=minilm_tokens), static=semantic)
    summary = refreshed(engine, root, semantic)
    if semantic:
        report = engine.embed_pending(progress=_progress(log, root.name))
        log(f"  {root.name}: {summary.seconds:.0f} s index + static tier, "
            f"{getattr(report, 'embedded', 0)} chunks embedded now, {getattr(report, 'seconds', 0):.0f} s")
    return engine


def static_tier(root: Path, semantic: bool, log: Log, minilm_tokens: int = MINILM_TOKENS) -> Any:
    """The static tier alone: filled by ``refresh``, beside a transformer tier that has no vectors."""
    from maguyva_tui.core.engine import Engine

    engine = Engine(root, INDEX, provider=NoTransformer(), static=semantic)
    refreshed(engine, root, semantic)
    return engine


def model_tier(root: Path, semantic: bool, log: Log, minilm_tokens: int = MINILM_TOKENS) -> Any:
    """MiniLM alone, every chunk embedded: no static tier."""
    from maguyva_tui.core.embed.minilm import MiniLMProvider
    from maguyva_tui.core.engine import Engine

    engine = Engine(root, INDEX, provider=MiniLMProvider(max_tokens=minilm_tokens), static=False)
    refreshed(engine, root, semantic)
    if semantic:
        engine.embed_pending(progress=_progress(log, root.name))
    return engine


class NoTransformer:
    """A transformer tier that never has a vector: its store stays empty, so the semantic engine
    ranks by the static tier alone (and a search never asks it to embed)."""

    id = "bench:no-transformer:384"
    dim = 384
    stores_floats = True

    def embed_documents(self, texts: Any) -> npt.NDArray[np.float32]:
        """Refuse: this tier is empty on purpose."""
        raise RuntimeError("the static-tier build has no transformer tier")

    def embed_query(self, text: str) -> npt.NDArray[np.float32]:
        """Refuse: this tier is empty on purpose."""
        raise RuntimeError("the static-tier build has no transformer tier")


ENGINES: dict[str, Callable[[Path, bool, Log, int], Any]] = {
    "both tiers": both_tiers,
    "static tier": static_tier,
    "model tier": model_tier,
}
"""Engine builds by name: (work tree, semantic wanted, log, MiniLM's tokens) to an engine ready to search."""


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


def _progress(log: Log, name: str) -> Callable[[int, int], None]:
    """Log embedding progress about every 500 chunks."""
    last = [-1]

    def report(done: int, total: int) -> None:
        if done // 500 != last[0] or done == total:
            last[0] = done // 500
            log(f"  {name}: embedded {done}/{total}")

    return report
