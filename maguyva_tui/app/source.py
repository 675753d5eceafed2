"""What the explorer searches: one repository, or a workspace of several (``workspace.py``).

Headless on purpose (no ``textual`` here). The screens ask a :class:`Source` for answers, a shown
path's text and its file on disk, the go-to targets and what to say in the status line; they never
need to know how many repositories answer. A path as a :class:`Source` shows it is relative to the
repository for one, ``repo/path`` for a workspace.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from maguyva_tui.app.fuzzy import Target, target_place, targets
from maguyva_tui.app.session import RESULT_LIMIT, Answer, Request, ask
from maguyva_tui.core.answers import real_first
from maguyva_tui.core.engine import Engine


class Source(Protocol):
    """The repositories one explorer searches, read as one."""

    @property
    def title(self) -> str:
        """The name in the title bar: the repository's, or the workspace's repositories'."""

    def status_name(self) -> str:
        """The status line's name: the repositories, and those that do not answer and why."""

    def ask(self, request: Request, limit: int = RESULT_LIMIT, cancelled: Callable[[], bool] | None = None) -> Answer:
        """Answer a request; ``QueryError`` for a question that cannot run; ``SearchCancelled``
        when ``cancelled`` says yes before the answer is made (a source may also never ask it)."""

    def read(self, path: str) -> str:
        """The text of a shown path as the index holds it now; ``KeyError`` when it is not there."""

    def on_disk(self, path: str) -> Path:
        """The file a shown path stands for (what the editor opens)."""

    def jump_targets(self) -> list[Target]:
        """Every file and symbol, as go-to lists them (shown paths)."""

    def real_first(self, found: list[Target]) -> list[Target]:
        """Go-to targets with the real definitions first, as ``Engine.definitions`` lists them
        (:func:`~maguyva_tui.core.definition_order.real_first`), each group in its given order."""

    def file_count(self) -> int:
        """Files indexed, over every repository that has an index."""

    def notices(self) -> Sequence[str]:
        """Messages about the indexes (rebuilt, could not be written), newest last."""


class OneRepo:
    """One repository's engine, as the explorer searches it."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._targets: tuple[object, list[Target]] | None = None

    @property
    def title(self) -> str:
        """The repository's folder name."""
        return self.engine.root.name

    def status_name(self) -> str:
        """The repository's folder name."""
        return self.engine.root.name

    def ask(self, request: Request, limit: int = RESULT_LIMIT, cancelled: Callable[[], bool] | None = None) -> Answer:
        """Answer a request on the repository's current generation (given up when ``cancelled``)."""
        return ask(self.engine, request, limit, cancelled)

    def read(self, path: str) -> str:
        """A file's text as the index holds it now."""
        return self.engine.snapshot.text(path)

    def on_disk(self, path: str) -> Path:
        """The file under the repository's root."""
        return self.engine.root / path

    def jump_targets(self) -> list[Target]:
        """The current generation's files and symbols (listed once per generation)."""
        snapshot = self.engine.snapshot
        if self._targets is None or self._targets[0] is not snapshot:
            self._targets = (snapshot, targets(snapshot.files, snapshot.symbols))
        return self._targets[1]

    def real_first(self, found: list[Target]) -> list[Target]:
        """Go-to targets with the real definitions first (the files stay where they are)."""
        return real_first(self.engine.generation, found, target_place)

    def file_count(self) -> int:
        """Files in the current generation."""
        return len(self.engine.snapshot.files)

    def notices(self) -> Sequence[str]:
        """The engine's messages about its index."""
        return self.engine.notices
