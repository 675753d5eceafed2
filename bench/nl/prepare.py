"""Work trees and questions: what each repository's engine indexes, and what it is asked.

semble's repositories: the files under ``benchmark_root`` (what semble indexes) are copied, as
they are, into ``<cache>/nl/work/semble/<name>``; the engine indexes that folder, so a result's
path is relative to ``benchmark_root`` and the repository path is that root joined to it.

Docstring repositories: the package's Python files are copied with every docstring blanked (line
numbers kept, :mod:`bench.eval.workcopy`); each function whose docstring's first sentence has at
least three words and is no other function's gives a question, the function (its decorators to
its last line) the one right answer. A fixed sample of at most :data:`DOC_QUESTIONS` per
repository keeps the run affordable.
"""

from __future__ import annotations

import ast
import random
import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bench.eval import workcopy
from bench.nl.labels import Dropped, Task, keep, load_tasks
from bench.nl.repos import DATA, DocRepository, Repository
from bench.nl.scoring import Span
from bench.nl.sources import ROOT, fetch, relative, repository_files

WORK = ROOT / "work"
DOC_QUESTIONS = 100  # per repository: 6 repositories, 7 modes, a few thousand searches in all


@dataclass(frozen=True, slots=True)
class SembleTree:
    """One semble repository copied for indexing, and its questions."""

    repo: Repository
    root: Path
    files: tuple[str, ...]
    """Repository paths of the copied files."""
    kept: tuple[Task, ...]
    dropped: tuple[Dropped, ...]

    def repo_path(self, path: str) -> str:
        """The repository path of an indexed path."""
        return joined(self.repo.benchmark_root, path)


def joined(benchmark_root: str | None, path: str) -> str:
    """The repository path of a path relative to ``benchmark_root`` (``None``: the repository)."""
    return f"{benchmark_root.rstrip('/')}/{path}" if benchmark_root else path


def semble_tree(repo: Repository) -> SembleTree:
    """Copy a repository's ``benchmark_root`` into its work tree (once) and sort its questions."""
    root = WORK / "semble" / repo.name
    files = {}
    for repo_path, disk in repository_files(repo.layout):
        inside = relative(repo_path, repo.benchmark_root)
        if inside is not None:
            files[inside] = disk
    stamp = root.with_name(repo.name + ".stamp")
    if not (stamp.exists() and stamp.read_text() == repo.version and root.is_dir()):
        _mirror(files, root)
        stamp.write_text(repo.version)
    paths = tuple(sorted(joined(repo.benchmark_root, p) for p in files))
    tasks = load_tasks(DATA / f"{repo.name}.json", repo.name, repo.language)
    kept, dropped = keep(tasks, paths)
    return SembleTree(repo, root, paths, tuple(kept), tuple(dropped))


def _mirror(files: dict[str, Path], root: Path) -> None:
    """Make ``root`` hold exactly ``files`` (relative path to source), copying only what changed."""
    root.mkdir(parents=True, exist_ok=True)
    for rel, source in files.items():
        target = root / rel
        if target.exists() and target.stat().st_size == source.stat().st_size and \
                target.read_bytes() == source.read_bytes():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    for path in sorted(root.rglob("*"), reverse=True):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and rel not in files:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


@dataclass(frozen=True, slots=True)
class DocQuestion:
    """A docstring's first sentence and the function it documents."""

    query: str
    answer: Span
    symbol: str


@dataclass(frozen=True, slots=True)
class DocTree:
    """One docstring repository's blanked copy and its questions."""

    repo: DocRepository
    root: Path
    functions: int
    """Functions in the package."""
    candidates: int
    """Functions whose docstring gives a usable, unique question."""
    questions: tuple[DocQuestion, ...]


def doc_tree(repo: DocRepository, cap: int = DOC_QUESTIONS) -> DocTree:
    """Copy a package with docstrings blanked and draw its questions (a fixed sample of ``cap``)."""
    from bench.semantic_quality import MIN_QUERY_WORDS, first_sentence

    source = fetch(repo.package) / repo.top
    root = WORK / "docstrings" / repo.name
    files = workcopy.make_work_copy(source, repo.source, root)
    found: list[DocQuestion] = []
    functions = 0
    for rel in files:
        try:
            tree = ast.parse((source / rel).read_text("utf-8"))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                functions += 1
                doc = ast.get_docstring(node)
                query = first_sentence(doc) if doc else ""
                if len(query.split()) >= MIN_QUERY_WORDS:
                    start = min([node.lineno] + [d.lineno for d in node.decorator_list])
                    found.append(DocQuestion(query, (rel, start, node.end_lineno or node.lineno), node.name))
    counts = Counter(q.query for q in found)
    unique = [q for q in found if counts[q.query] == 1]
    sample = random.Random(repo.name).sample(unique, min(cap, len(unique)))
    sample.sort(key=lambda q: q.answer)
    return DocTree(repo, root, functions, len(unique), tuple(sample))
