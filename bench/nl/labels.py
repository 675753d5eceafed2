"""semble's labelled questions: read as semble reads them, kept only where our copy holds their files.

A question (semble calls it a task) has a query, ``relevant`` and ``secondary`` targets and a
category; a target is a path from the repository's root, sometimes with a line span. Where the
annotation gives no category, semble infers one from the query (:func:`infer_category`).

Our copies are registry packages, not semble's pinned commits, so a question is dropped when:

- one of its labelled files is not among the files we index (renamed, added later, or not in
  the package), since its ideal ranking could not be reached;
- one of its targets has a line span: those lines are the pinned commit's, not our version's.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SPAN_DROPPED = "span label (lines of another revision)"


@dataclass(frozen=True, slots=True)
class Target:
    """A place a right answer points at: a file, or lines of one."""

    path: str
    """From the repository's root."""
    start_line: int | None = None
    end_line: int | None = None

    @property
    def has_span(self) -> bool:
        """Whether the target is lines of its file rather than the whole file."""
        return self.start_line is not None and self.end_line is not None


@dataclass(frozen=True, slots=True)
class Task:
    """One labelled question."""

    repo: str
    language: str
    query: str
    relevant: tuple[Target, ...]
    secondary: tuple[Target, ...]
    category: str

    @property
    def all_relevant(self) -> tuple[Target, ...]:
        """Relevant then secondary targets: semble grades both 1, duplicates included."""
        return self.relevant + self.secondary


def infer_category(query: str) -> str:
    """semble's category for a question the annotation leaves without one."""
    if " " not in query.strip():
        return "symbol"
    lowered = query.lower()
    if lowered.startswith(("how ", "how does", "how are")):
        return "architecture"
    return "semantic"


def parse_target(raw: str | dict[str, Any]) -> Target:
    """A target from an annotation: a path, or ``{"path", "start_line", "end_line"}``."""
    if isinstance(raw, str):
        return Target(raw)
    start, end = raw.get("start_line"), raw.get("end_line")
    return Target(str(raw["path"]), None if start is None else int(start), None if end is None else int(end))


def load_tasks(path: Path, repo: str, language: str) -> list[Task]:
    """Every question of one annotation file, in file order."""
    tasks = []
    for item in json.loads(path.read_text("utf-8")):
        if item.get("repo", repo) != repo:
            continue
        category = item.get("category")
        tasks.append(Task(
            repo, language, item["query"],
            tuple(parse_target(t) for t in item.get("relevant", [])),
            tuple(parse_target(t) for t in item.get("secondary", [])),
            category if isinstance(category, str) else infer_category(item["query"]),
        ))
    return tasks


def path_matches(file_path: str, target_path: str) -> bool:
    """semble's rule: the same path, or the file's path ends with ``/`` and the target's."""
    file_path, target_path = file_path.replace("\\", "/"), target_path.replace("\\", "/")
    return file_path == target_path or file_path.endswith("/" + target_path)


def target_matches(path: str, start_line: int, end_line: int, target: Target) -> bool:
    """Whether a result (its repository path and lines) covers a target: the file, lines overlapping."""
    if not path_matches(path, target.path):
        return False
    if not target.has_span:
        return True
    assert target.start_line is not None and target.end_line is not None
    return not (end_line < target.start_line or start_line > target.end_line)


@dataclass(frozen=True, slots=True)
class Dropped:
    """A question left out, and why."""

    task: Task
    reason: str


def keep(tasks: Sequence[Task], files: Iterable[str]) -> tuple[list[Task], list[Dropped]]:
    """Split questions into those our copy can answer and those dropped (with the reason).

    ``files`` are the repository paths of the files indexed (under semble's ``benchmark_root``).
    """
    present = list(files)
    kept, dropped = [], []
    for task in tasks:
        reason = _drop_reason(task, present)
        if reason is None:
            kept.append(task)
        else:
            dropped.append(Dropped(task, reason))
    return kept, dropped


def _drop_reason(task: Task, files: Sequence[str]) -> str | None:
    if any(t.has_span for t in task.all_relevant):
        return SPAN_DROPPED
    for target in task.all_relevant:
        if not any(path_matches(f, target.path) for f in files):
            return f"missing {target.path}"
    if not task.all_relevant:
        return "no label"
    return None
