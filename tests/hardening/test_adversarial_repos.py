"""Adversarial repositories: indexing completes, says what it skipped and why, and every file that
remains is searchable, at the right line.

The repository is generated: 300 small files by default (10,000 under ``-m slow``), a chain of
200 nested folders, symlink loops, links out of the root, binaries named like source, a 50 MB
file, a 1 MB minified line, invalid UTF-8, UTF-16 with a BOM, NUL bytes, CRLF, mixed and lone-CR
line endings, ignore files, odd names and a FIFO. A unique marker sits on every planted line.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from pathlib import Path

import pytest

from maguyva_tui.core import walk as walk_module
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import IndexSummary, update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.snapshot import Snapshot
from tests.conftest import Runner
from tests.hardening import repos
from tests.hardening.conftest import SCALES, FakeProvider, cli
from tests.hardening.figures import record

BULK = {"ci": 300, "full": 10_000}
"""Small files in the adversarial repository, by scale."""


class Built:
    """An adversarial repository, its index and how long the build took."""

    def __init__(self, plan: repos.Planted, base: Path, snap: Snapshot, summary: IndexSummary, seconds: float) -> None:
        self.plan, self.base, self.snap, self.summary, self.seconds = plan, base, snap, summary, seconds


@pytest.fixture(scope="module", params=SCALES)
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Built:
    """Generate the repository at one scale and index it once for the module's tests."""
    scale = request.param
    top = tmp_path_factory.mktemp(f"adversarial-{scale}")
    plan = repos.adversarial(top / "repo", top / "elsewhere", BULK[scale])
    base = top / "index"
    started = time.perf_counter()
    snap, summary = update_index(plan.root, base)
    seconds = time.perf_counter() - started
    built = Built(plan, base, snap, summary, seconds)
    built.scale = scale  # type: ignore[attr-defined]
    return built


def _where(text: TextRetriever, mark: str) -> list[tuple[str, int]]:
    return [(m.path, m.line) for m in text.literal_lines(mark)]


def test_indexing_completes_and_counts_every_skip(built: Built) -> None:
    plan, summary = built.plan, built.summary
    assert summary.files == plan.files
    for reason, least in plan.skips.items():
        assert summary.skipped.get(reason, 0) >= least, (reason, summary.skipped)
    for reason, least in plan.noticed.items():
        assert summary.noticed.get(reason, 0) >= least, (reason, summary.noticed)
    assert set(summary.skipped) <= set(walk_module.SKIP_REASONS)
    record("adversarial", built.scale, files_generated=plan.files + sum(summary.skipped.values()),  # type: ignore[attr-defined]
           files_indexed=summary.files, skipped=summary.skipped, noticed=summary.noticed,
           index_seconds=round(built.seconds, 2), nesting=repos.DEEP_LEVELS)


def test_every_remaining_file_is_searchable_at_the_right_line(built: Built) -> None:
    text = TextRetriever(built.snap)
    wrong = {m: (_where(text, m), at) for m, at in built.plan.found.items() if _where(text, m) != [at]}
    assert not wrong, f"{len(wrong)} markers misplaced, e.g. {list(wrong.items())[:3]}"
    leaked = {m: why for m, why in built.plan.absent.items() if _where(text, m)}
    assert not leaked, leaked
    indexed = set(built.snap.files)
    assert {path for path, _ in built.plan.found.values()} <= indexed
    record("adversarial", built.scale, markers_found=len(built.plan.found),  # type: ignore[attr-defined]
           markers_expected=len(built.plan.found), markers_forbidden=len(built.plan.absent), leaked=len(leaked))


def test_search_results_carry_the_marker_in_their_line(built: Built) -> None:
    """Through the engine, as the CLI and the UI see it: the snippet line holds the marker."""
    engine = Engine(built.plan.root, built.base, provider=FakeProvider())
    skip = {"eol/lone_cr.txt"}  # snippets split lone CRs: see test_snippets_count_lines_as_the_index_does
    sample = [(m, at) for m, at in built.plan.found.items() if at[0] not in skip and not at[0].startswith("bulk/")]
    sample += list(built.plan.found.items())[:50]
    for mark, (path, line) in sample:
        result = engine.search(mark, modality="text", limit=5).to_json()
        got = [(r["path"], r["start_line"], r["end_line"]) for r in result["results"]]
        assert got == [(path, line, line)], mark
        assert mark in result["results"][0]["snippet"] or path == "min/bundle.min.js", (mark, path)
    engine.close()


def test_the_command_line_reports_what_it_skipped(built: Built, here: Runner) -> None:
    proc = cli("index", str(built.plan.root), "--no-semantic", "--index-dir", str(built.base))
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    for reason in ("binary", "too large", "symlink outside root", "symlink loop", "ignored", "not regular"):
        assert reason in proc.stdout, (reason, proc.stdout)
    again = here("index", str(built.plan.root), "--no-semantic", "--json", "--index-dir", str(built.base))
    summary = json.loads(again.stdout)
    assert summary["files"] == built.plan.files and summary["parsed"] == 0
    assert summary["skipped"] == built.summary.skipped


def test_a_second_build_reuses_everything(built: Built) -> None:
    started = time.perf_counter()
    _, summary = update_index(built.plan.root, built.base)
    assert summary.parsed == 0 and summary.files == built.plan.files
    record("adversarial", built.scale, reindex_seconds=round(time.perf_counter() - started, 2))  # type: ignore[attr-defined]


# -- unreadable files and folders --------------------------------------------------------------


def _locked_tree(root: Path) -> repos.Planted:
    plan = repos.Planted(root)
    marks = repos._Counter()
    repos.bulk(plan, 30, marks)
    for rel in ("locked/a.py", "locked/b.py", "open/locked.py"):
        mark = marks("P")
        repos.write(root, rel, f"P = '{mark}'\n")
        plan.forbid(mark, "unreadable")
    return plan


def _check_locked(plan: repos.Planted, summary: IndexSummary, snap: Snapshot) -> None:
    assert summary.skipped.get("unreadable") == 2, summary.skipped  # the folder and the file
    text = TextRetriever(snap)
    assert all(_where(text, m) == [at] for m, at in plan.found.items())
    assert not any(_where(text, m) for m in plan.absent)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file whatever its mode; the simulated test covers it")
def test_unreadable_files_and_folders_are_skipped_with_a_reason(tmp_path: Path) -> None:
    plan = _locked_tree(tmp_path / "repo")
    (plan.root / "locked").chmod(0)
    (plan.root / "open" / "locked.py").chmod(0)
    try:
        snap, summary = update_index(plan.root, tmp_path / "index")
    finally:
        (plan.root / "locked").chmod(0o755)
    _check_locked(plan, summary, snap)


def test_unreadable_files_and_folders_simulated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As root (CI), permissions stop nothing: make open and scandir refuse as the kernel would."""
    plan = _locked_tree(tmp_path / "repo")
    denied_dir = str(plan.root / "locked")
    denied_file = str(plan.root / "open" / "locked.py")
    real_open, real_scandir = os.open, os.scandir

    def refusing_open(file: object, *args: object, **kwargs: object) -> object:
        if str(file) == denied_file:
            raise PermissionError(13, "Permission denied", denied_file)
        return real_open(file, *args, **kwargs)  # type: ignore[arg-type]

    def refusing_scandir(path: object = ".") -> object:
        if str(path) == denied_dir:
            raise PermissionError(13, "Permission denied", denied_dir)
        return real_scandir(path)  # type: ignore[arg-type]

    monkeypatch.setattr(walk_module.os, "open", refusing_open)  # the walk reads through os.open (O_NOFOLLOW)
    monkeypatch.setattr(walk_module.os, "scandir", refusing_scandir)
    snap, summary = update_index(plan.root, tmp_path / "index")
    _check_locked(plan, summary, snap)
    record("faults", "ci", permission_denied=2)


# -- files changing under the indexer ----------------------------------------------------------


def _changing_tree(root: Path, count: int = 40) -> tuple[repos.Planted, list[str]]:
    plan = repos.Planted(root)
    repos.bulk(plan, count, repos._Counter())
    return plan, sorted(path for path, _ in plan.found.values())


def test_files_deleted_or_rewritten_while_reading(tmp_path: Path) -> None:
    """Injected from the progress callback once the walk has listed every file."""
    plan, paths = _changing_tree(tmp_path / "repo")
    gone, rewritten, truncated, to_dir = paths[0], paths[1], paths[2], paths[3]
    fresh = repos.marker("W", 1)
    fired: Counter[str] = Counter()

    def meddle(phase: str, done: int, total: int) -> None:
        if phase == "read" and not fired["read"]:
            fired["read"] += 1
            (plan.root / gone).unlink()
            (plan.root / rewritten).write_text(f"first = 1\nsecond = '{fresh}'\n")
            (plan.root / truncated).write_bytes(b"")
            (plan.root / to_dir).unlink()
            (plan.root / to_dir).mkdir()

    snap, summary = update_index(plan.root, tmp_path / "index", progress=meddle)
    assert fired["read"] == 1
    assert summary.skipped.get("vanished", 0) >= 1 and summary.skipped.get("unreadable", 0) >= 1, summary.skipped
    text = TextRetriever(snap)
    assert _where(text, fresh) == [(rewritten, 2)]
    for mark, (path, line) in plan.found.items():
        expected = [] if path in (gone, rewritten, truncated, to_dir) else [(path, line)]
        assert _where(text, mark) == expected, (mark, path)
    _converges(plan.root, tmp_path / "index")
    record("faults", "ci", changed_while_reading=4)


def test_files_changed_after_reading_are_caught_by_the_next_build(tmp_path: Path) -> None:
    """A change during parsing or writing: this build keeps what it read, the next one sees the disk."""
    plan, paths = _changing_tree(tmp_path / "repo")
    fired: Counter[str] = Counter()
    news = {path: repos.marker("V", i) for i, path in enumerate(paths[:6])}

    def meddle(phase: str, done: int, total: int) -> None:
        if phase in ("parse", "write", "graph") and not fired[phase]:
            fired[phase] += 1
            for path in list(news)[len(fired) * 2 - 2 : len(fired) * 2]:
                (plan.root / path).write_text(f"# edited while {phase}\nNEW = '{news[path]}'\n")

    snap, _ = update_index(plan.root, tmp_path / "index", progress=meddle)
    assert set(fired) == {"parse", "write", "graph"}
    text = TextRetriever(snap)
    assert all(_where(text, m) == [at] for m, at in plan.found.items())  # what was read, consistently
    snap = _converges(plan.root, tmp_path / "index")
    text = TextRetriever(snap)
    assert all(_where(text, m) == [(p, 2)] for p, m in news.items())
    record("faults", "ci", changed_after_reading=len(news))


@pytest.mark.slow
def test_entries_vanishing_during_the_walk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder listed, then a file and a subfolder of it deleted before they are looked at."""
    plan, paths = _changing_tree(tmp_path / "repo", 250)
    target = plan.root / "bulk" / "d001"
    victims = sorted(p for p in paths if p.startswith("bulk/d001/"))[:3]
    (target / "sub").mkdir()
    repos.write(target, "sub/x.py", "x = 1\n")
    real_scandir = os.scandir

    def listing_then_deleting(path: object = ".") -> object:
        if str(path) != str(target):
            return real_scandir(path)  # type: ignore[arg-type]
        with real_scandir(path) as listing:  # type: ignore[arg-type]
            entries = list(listing)
        for rel in victims:
            (plan.root / rel).unlink()
        (target / "sub" / "x.py").unlink()
        (target / "sub").rmdir()
        return _Listing(entries)

    monkeypatch.setattr(walk_module.os, "scandir", listing_then_deleting)
    snap, summary = update_index(plan.root, tmp_path / "index")
    assert summary.skipped.get("vanished", 0) == len(victims) + 1, summary.skipped
    text = TextRetriever(snap)
    for mark, (path, line) in plan.found.items():
        assert _where(text, mark) == ([] if path in victims else [(path, line)])
    record("faults", "ci", vanished_during_walk=len(victims) + 1)


class _Listing(list):  # type: ignore[type-arg]
    """A finished directory listing that, like os.scandir's, is also a context manager."""

    def __enter__(self) -> _Listing:  # noqa: PYI034
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def _converges(root: Path, base: Path) -> Snapshot:
    """Build again without interference: the index must now equal the disk, byte for byte."""
    snap, _ = update_index(root, base)
    on_disk = {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}
    assert set(snap.files) == set(on_disk)
    assert all(snap.raw(path) == data for path, data in on_disk.items())
    return snap


# -- paths and code at the edges -----------------------------------------------------------------


def test_paths_longer_than_path_max_are_skipped_not_fatal(tmp_path: Path) -> None:
    """Folders nested past PATH_MAX (4096 bytes) can be made with relative calls but not opened by path."""
    root = tmp_path / "repo"
    plan = repos.Planted(root)
    repos.bulk(plan, 5, repos._Counter())
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for level in range(90):  # 90 x 50 bytes: about 4,500 bytes of path
            name = f"{level:03d}" + "p" * 46
            os.mkdir(name, dir_fd=fd)
            inner = os.open(name, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd = inner
        leaf = os.open("deepest.py", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(leaf, f"X = '{repos.marker('Z', 1)}'\n".encode())
        os.close(leaf)
    finally:
        os.close(fd)
    snap, summary = update_index(root, tmp_path / "index")
    text = TextRetriever(snap)
    assert all(_where(text, m) == [at] for m, at in plan.found.items())
    assert sum(summary.skipped.values()) >= 1, "the unreachable folder must be counted"


def test_deeply_nested_code_parses_without_recursion_errors(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    marks = [repos.marker("R", i) for i in range(4)]
    nested_defs = "".join("    " * i + f"def f{i}():\n" for i in range(300)) + "    " * 300 + f"return '{marks[0]}'\n"
    repos.write(root, "nested_defs.py", nested_defs)
    repos.write(root, "brackets.py", "x = " + "[" * 5000 + "]" * 5000 + f"\nY = '{marks[1]}'\n")
    repos.write(root, "blocks.js", "function a(){" * 3000 + "}" * 3000 + f"\n// {marks[2]}\n")
    repos.write(root, "parens.c", "int x = " + "(" * 5000 + "1" + ")" * 5000 + f";\n/* {marks[3]} */\n")
    snap, summary = update_index(root, tmp_path / "index")
    assert summary.files == 4
    text = TextRetriever(snap)
    assert [_where(text, m) for m in marks] == [[("nested_defs.py", 301)], [("brackets.py", 2)],
                                                [("blocks.js", 2)], [("parens.c", 2)]]


# -- regressions: bugs this suite found, fixed since (bb9d058) -------------------------------------


def test_snippets_count_lines_as_the_index_does(tmp_path: Path) -> None:
    """maguyva_tui/core/store/snapshot.py Snapshot.lines used str.splitlines(), which also breaks at a
    lone CR, form feed, U+0085, U+2028 and U+2029, while line numbers come from \\n: a result's
    snippet showed another line than the one it pointed at. Fixed: lines are split on \\n only."""
    root = tmp_path / "repo"
    marks = [repos.marker("S", i) for i in range(4)]
    repos.write(root, "a.js", f"a = 1\rb = 2\nx = '{marks[0]}'\n\x0cy = 1\nz = '{marks[1]}'\n"
                              f"s = '\u2028'\nw = '{marks[2]}'\n\x85\nv = '{marks[3]}'\n")
    engine = Engine(root, tmp_path / "index", provider=FakeProvider())
    for mark in marks:
        result = engine.search(mark, modality="text").to_json()["results"][0]
        assert mark in result["snippet"].splitlines()[0], (mark, result["start_line"], result["snippet"])


def test_a_minified_line_full_of_definitions_indexes_in_linear_time(tmp_path: Path) -> None:
    """maguyva_tui/core/parsing/walker.py Walker.signature slices and decodes the entire source line
    for every symbol; on a 1 MB minified line with 125,000 ``var`` declarations indexing took 35 s.
    Fixed: the signature looks at a bounded window around the node. Measured as a ratio so machine
    speed cancels out: the same declarations one per line, and on one line, cost about the same."""
    from maguyva_tui.core.parsing.analyze import analyze

    decls = [f'var v{i}="{"x" * 300}";' for i in range(3000)]  # about 940 KB

    def cost(text: str) -> float:
        started = time.perf_counter()
        analyze("bundle.min.js", text)
        return time.perf_counter() - started

    spread = min(cost("\n".join(decls)) for _ in range(2))
    one_line = min(cost("".join(decls)) for _ in range(2))
    assert one_line < 2 * spread + 0.1, (one_line, spread)  # it was about 4x


@pytest.mark.slow  # over 3 s on 2 cores: the slow pass (.ci/run) runs it
def test_a_file_of_thousands_of_functions_answers_its_first_question_in_linear_time(tmp_path: Path) -> None:
    """The first question of a session lists every chunk with its text and centrality.
    maguyva_tui/core/store/snapshot.py Snapshot.lines split the whole file for every chunk, and
    maguyva_tui/core/store/centrality.py CentralityTable.at scanned every earlier symbol of the
    file: on a generated file of 20,000 functions the first question took 53 s. Fixed: lines are
    split once per file, a span's centrality is found through its enclosing spans. Measured as a
    ratio: the same functions in one file and spread over sixty cost about the same."""
    functions = [f"def f{i}(x):\n    return f{i + 1}(x) + {i}\n" for i in range(6000)]

    def first_question(root: Path, files: dict[str, str]) -> float:
        for name, text in files.items():
            repos.write(root, name, text)
        engine = Engine(root, root.parent / (root.name + "-index"), provider=FakeProvider())
        engine.search("f1")  # the index, built cold
        engine = Engine(root, root.parent / (root.name + "-index"), provider=FakeProvider())
        started = time.perf_counter()
        engine.search("who calls f4321")
        return time.perf_counter() - started

    spread = first_question(tmp_path / "spread", {f"m{i}.py": "".join(functions[i * 100:(i + 1) * 100])
                                                   for i in range(60)})
    one_file = first_question(tmp_path / "one", {"generated.py": "".join(functions)})
    assert one_file < 3 * spread + 0.5, (one_file, spread)  # it was about 17x


@pytest.mark.slow  # over 3 s on 2 cores: the slow pass (.ci/run) runs it
def test_a_file_name_that_is_not_utf8_keeps_the_json_valid(tmp_path: Path) -> None:
    """A name with byte 0xff reaches the result as a lone surrogate; ``--json`` printed it as a raw
    0xff byte (invalid UTF-8), and under a strict UTF-8 stdout (PYTHONIOENCODING=utf-8) the whole
    ``--batch`` run stopped with "internal error: UnicodeEncodeError", losing every later line.
    Fixed: maguyva_tui/cli.py _emit falls back to ASCII-escaped JSON for such a line."""
    root = tmp_path / "repo"
    root.mkdir()
    mark = repos.marker("Y", 1)
    with open(os.fsencode(root) + b"/bad\xffname.py", "w") as handle:
        handle.write(f"Y = '{mark}'\n")
    repos.write(root, "good.py", f"G = '{repos.marker('Y', 2)}'\n")
    index = cli("index", str(root), "--no-semantic")
    assert index.returncode == 0, index.stderr
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    batch = "".join(json.dumps({"query": m, "modality": "text"}) + "\n" for m in (mark, repos.marker("Y", 2)))
    proc = cli("search", "--batch", "-", "--repo", str(root), stdin=batch, env=env)
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(lines) == 2 and lines[1]["results"]


def test_a_dangling_symlink_is_not_called_a_loop(tmp_path: Path) -> None:
    """maguyva_tui/core/walk.py _visit mapped FileNotFoundError on a link to "symlink_loop"; a link
    to a missing target is no loop, and the summary's "why" must say so. Fixed: its own reason."""
    root = tmp_path / "repo"
    repos.write(root, "a.py", "a = 1\n")
    os.symlink("missing.py", root / "dangling.py")
    _, summary = update_index(root, tmp_path / "index")
    assert "symlink_loop" not in summary.skipped, summary.skipped
