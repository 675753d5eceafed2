"""App-wide messages posted by the explorer's thread workers to the UI thread."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from textual.message import Message

from maguyva_tui.app.session import Answer, Request

News = TypeVar("News", bound=Message)


def while_open(handler: Callable[[Any, News], None]) -> Callable[[Any, News], None]:
    """Drop a worker's news that reaches the explorer while it closes.

    A worker thread may post (a file changed, a search finished) just as the app quits; Textual
    still delivers what is queued while it removes the screen's widgets, and a handler that
    looks up the status line would then fail on the way out, after a clean session."""

    @functools.wraps(handler)
    def handle(app: Any, message: News) -> None:
        if app.is_running:
            handler(app, message)

    return handle


@dataclass
class IndexProgress(Message):
    """The indexer reached ``done`` of ``total`` in a phase (``total`` 0: size unknown)."""

    phase: str
    done: int
    total: int

    def can_replace(self, message: Message) -> bool:
        """Collapse a flood of progress updates into the latest one."""
        return isinstance(message, IndexProgress)


@dataclass
class IndexReady(Message):
    """A snapshot can be searched: ``summary`` is ``None`` when only the stored index was opened."""

    summary: Any | None
    error: str | None = None


@dataclass
class IndexWaiting(Message):
    """A refresh waits for another process's build of the index (``text`` names it: pid and
    command); the refresh goes on once that build ends, its progress or result replacing this."""

    text: str


@dataclass
class EnginesJoined(Message):
    """A first build made more engines ready before it ended: ``engines`` answer now."""

    engines: tuple[str, ...]
    label: str | None = None
    """The workspace's repository whose build it is (``None``: the one repository)."""


@dataclass
class EmbedProgress(Message):
    """The semantic fill-in embedded ``done`` of ``total`` chunks."""

    done: int
    total: int

    def can_replace(self, message: Message) -> bool:
        """Keep only the newest count."""
        return isinstance(message, EmbedProgress)


@dataclass
class TiersChanged(Message):
    """The semantic tiers' coverage changed by another process's filling (its vectors read back)."""

    tiers: tuple[tuple[str, float], ...]

    def can_replace(self, message: Message) -> bool:
        """Keep only the newest figures."""
        return isinstance(message, TiersChanged)


@dataclass
class SearchDone(Message):
    """A search finished: at most one of ``answer`` and ``error`` is set (neither: given up, stale)."""

    request: Request
    answer: Answer | None
    error: str | None = None


@dataclass
class FilesChanged(Message):
    """Files changed on disk and the index was brought up to date, or ``error`` says why not."""

    changed: int
    """Files the refresh read again (changed or added); the watcher's count of paths when it failed."""
    summary: Any | None
    error: str | None = None
    removed: int = 0
    """Files the refresh took out of the index."""

    def said(self) -> str | None:
        """What the explorer tells of it, from what the refresh did: ``None`` when it changed
        nothing. The watcher's count of paths had been told instead: a folder of 7 files renamed
        was '2 files changed' (its old and new names), and the check after a first build, which
        counts the ignore files it read as unseen, '0 files changed: index updated' on opening
        every repository with a ``.gitignore``."""
        parts = [f"{n} file{'s' if n != 1 else ''} {what}" for n, what in
                 ((self.changed, "changed"), (self.removed, "removed")) if n > 0]
        if len(parts) == 2:
            parts[1] = f"{self.removed} removed"
        return f"{', '.join(parts)}: index updated" if parts else None
