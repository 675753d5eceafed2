"""The index store under hostile conditions: odd folder names, full disks, read-only or shared
indexes, swapped files and planted links (issue 18, robustness round 2)."""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui import cli
from maguyva_tui.core import indexer
from maguyva_tui.core.embed import static
from maguyva_tui.core.embed.store import VectorStore
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.semantic_index import adopt_static_store, semantic_folder, write_census, write_chunk_table
from maguyva_tui.core.store import format as store_format
from maguyva_tui.core.store.file_table import CTIME, INODE, files_digest
from maguyva_tui.core.store.format import FileEntry, current_generation
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.walk import Candidate, WalkReport, read_source, walk
from tests.core.test_failed_lookup import FirstWordProvider


def _repo(root: Path, files: dict[str, str]) -> Path:
    """Write a tiny repository."""
    root.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _lines(snapshot: Snapshot, literal: str) -> set[tuple[str, int]]:
    return {(m.path, m.line) for m in TextRetriever(snapshot).literal_lines(literal)}


# -- 9. the index folder's name ------------------------------------------------------------------


def test_a_repository_name_of_250_bytes_gets_an_index(tmp_path: Path) -> None:
    root = _repo(tmp_path / ("r" * 250), {"a.py": "LONG_NAME_MARKER = 1\n"})
    snapshot, _ = update_index(root)
    assert _lines(snapshot, "LONG_NAME_MARKER") == {("a.py", 1)}
    assert len(os.fsencode(index_folder(root).name)) <= 100


def test_a_repository_name_that_is_not_utf8_gets_an_index(tmp_path: Path) -> None:
    root = _repo(tmp_path / os.fsdecode(b"caf\xe9\x1b[31m"), {"a.py": "LATIN1_MARKER = 1\n"})
    snapshot, _ = update_index(root)
    assert _lines(snapshot, "LATIN1_MARKER") == {("a.py", 1)}
    name = index_folder(root).name
    assert name.isprintable() and name.encode("utf-8")  # no escape byte, no lone surrogate
    assert index_folder(root) != index_folder(tmp_path / os.fsdecode(b"caf\xe8\x1b[31m"))  # hashed on the bytes


# -- 13. an index inside the repository ----------------------------------------------------------


def test_an_index_inside_the_repository_never_indexes_itself(tmp_path: Path, monkeypatch) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "SELF_MARKER = 1\n"})
    monkeypatch.setenv("MAGUYVA_INDEX_DIR", str(root / ".index"))
    update_index(root)
    snapshot, _ = update_index(root)  # the second walk meets the first build's content.bin
    assert set(snapshot.files) == {"a.py"}
    assert _lines(snapshot, "SELF_MARKER") == {("a.py", 1)}
    assert "ignored" not in snapshot.manifest.skipped  # left out silently, not counted


def test_an_index_base_that_is_the_repository_itself_is_skipped(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "BASE_MARKER = 1\n"})
    update_index(root, root)  # --index-dir pointing at the repository itself
    snapshot, _ = update_index(root, root)
    assert set(snapshot.files) == {"a.py"}


# -- 12. what tells a file changed ---------------------------------------------------------------


def _same_times(*paths: Path) -> None:
    """Give files one modification time, as tar and zip extraction do."""
    for path in paths:
        os.utime(path, ns=(1_600_000_000_000_000_000, 1_600_000_000_000_000_000))


def test_two_files_of_one_size_and_time_swapped_with_mv_are_seen(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "ALPHA_ONE = 1\n", "b.py": "BRAVO_TWO = 2\n"})
    _same_times(root / "a.py", root / "b.py")
    update_index(root)
    os.rename(root / "a.py", root / "t.py")
    os.rename(root / "b.py", root / "a.py")
    os.rename(root / "t.py", root / "b.py")  # mv keeps each file's size and time
    snapshot, _ = update_index(root)
    assert _lines(snapshot, "ALPHA_ONE") == {("b.py", 1)}
    assert _lines(snapshot, "BRAVO_TWO") == {("a.py", 1)}


def test_a_same_size_edit_with_its_time_put_back_is_seen(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "OLD_VALUE = 1\n"})
    _same_times(root / "a.py")
    update_index(root)
    (root / "a.py").write_text("NEW_VALUE = 2\n")
    _same_times(root / "a.py")  # touch -r: the time is what it was
    snapshot, _ = update_index(root)
    assert _lines(snapshot, "NEW_VALUE") == {("a.py", 1)} and not _lines(snapshot, "OLD_VALUE")


def test_an_index_of_an_older_manifest_row_is_reused_without_reparsing(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "def kept():\n    return 1\n"})
    update_index(root)
    gen = current_generation(index_folder(root))
    table = np.load(gen / "files_table.npy")
    table[:, [INODE, CTIME]] = 0  # entries written before inode and ctime were recorded
    with open(gen / "files_table.npy", "wb") as handle:
        np.save(handle, table, allow_pickle=False)
    manifest = json.loads((gen / "manifest.json").read_text())
    (gen / "manifest.json").write_text(json.dumps({**manifest, "files_digest": files_digest(gen)}))
    snapshot, summary = update_index(root)
    assert summary.rebuilt_because is None and summary.parsed == 0
    _, summary = update_index(root)
    assert summary.parsed == 0 and summary.reused == 1


# -- 21. a file swapped for a link between the walk and the read ---------------------------------


def test_a_file_swapped_for_a_link_after_the_walk_is_not_read(tmp_path: Path, monkeypatch) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET_MARKER = 1\n")
    root = _repo(tmp_path / "repo", {"a.py": "PLAIN = 1\n", "b.py": "OTHER = 1\n"})
    real_walk = indexer.walk

    def walk_then_swap(*args: object, **kwargs: object) -> Iterator[Candidate]:
        found = list(real_walk(*args, **kwargs))  # type: ignore[arg-type]
        (root / "a.py").unlink()
        (root / "a.py").symlink_to(secret)
        return iter(found)

    monkeypatch.setattr(indexer, "walk", walk_then_swap)
    snapshot, summary = update_index(root)
    assert not _lines(snapshot, "SECRET_MARKER")
    assert set(snapshot.files) == {"b.py"} and summary.skipped == {"vanished": 1}


def test_a_link_inside_the_root_retargeted_after_the_walk_is_not_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET_MARKER = 1\n")
    root = _repo(tmp_path / "repo", {"real.py": "LINKED = 1\n", ".gitignore": "real.py\n"})
    (root / "link.py").symlink_to(root / "real.py")  # to an ignored file: read (else a duplicate)
    report = WalkReport()
    found = {c.path: c for c in walk(root, report)}
    (root / "link.py").unlink()
    (root / "link.py").symlink_to(secret)
    assert read_source(found["link.py"], report) is None
    assert "real.py" not in found


# -- 22, 23. files of the index: never through a planted path, private whatever the umask ---------


def test_a_planted_current_tmp_link_is_never_written_through(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    root = _repo(tmp_path / "repo", {"a.py": "X = 1\n"})
    folder = index_folder(root)
    folder.mkdir(parents=True)
    (folder / f"CURRENT.{os.getpid()}.tmp").symlink_to(victim)
    snapshot, _ = update_index(root)
    assert victim.read_text() == "precious\n"
    assert set(snapshot.files) == {"a.py"} and current_generation(folder).is_dir()


def test_a_planted_lock_link_is_refused_not_followed(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "X = 1\n"})
    folder = index_folder(root)
    folder.mkdir(parents=True)
    (folder / "LOCK").symlink_to(tmp_path / "planted")
    with pytest.raises(OSError):
        update_index(root)
    assert not (tmp_path / "planted").exists()



def test_a_planted_index_folder_link_is_refused_not_followed(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "X = 1\n"})
    victim = tmp_path / "victim"
    (victim / "g-precious").mkdir(parents=True)
    folder = index_folder(root, tmp_path / "shared")
    folder.parent.mkdir()
    folder.symlink_to(victim)
    with pytest.raises(OSError, match="symbolic link"):
        update_index(root, tmp_path / "shared")
    assert [p.name for p in victim.iterdir()] == ["g-precious"]

def _modes(folder: Path) -> dict[str, int]:
    """Every path under a folder (and the folder) with its permission bits."""
    paths = [folder, *folder.rglob("*")]
    return {str(p.relative_to(folder.parent)): stat.S_IMODE(p.lstat().st_mode) for p in paths}


def test_index_folders_are_private_whatever_the_umask(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "PRIVATE = 1\n"})
    base = tmp_path / "cache" / "indexes"
    old = os.umask(0)
    try:
        snapshot, _ = update_index(root, base)
        store = VectorStore(semantic_folder(snapshot), "test:private:8", 8)
        store.add(["k"], np.ones((1, 8), np.float32))
        store.save()
    finally:
        os.umask(old)
    modes = _modes(base)
    loose = {p: oct(m) for p, m in modes.items() if m != (0o700 if (base.parent / p).is_dir() else 0o600)}
    assert not loose, loose
    assert any(p.endswith(".npz") for p in modes) and any(p.endswith("content.bin") for p in modes)


def test_the_semantic_records_and_the_model_cache_are_private_whatever_the_umask(tmp_path: Path) -> None:
    """``static-tier.json`` and the chunk and key tables were written with ``Path.write_bytes``:
    0644, and 0666 under umask 0; the derived model's folder was made 0777 under umask 0."""
    root = _repo(tmp_path / "repo", {"a.py": "def private():\n    return 1\n"})
    base = tmp_path / "cache" / "indexes"
    old = os.umask(0)
    try:
        snapshot, _ = update_index(root, base)
        chunk = next(iter(snapshot.chunks()))
        adopt_static_store(snapshot, "test:static:8", 8)
        write_census(snapshot, ["00" * 16])
        write_chunk_table(snapshot, [(chunk, "11" * 16)])
        assert static._atomic_npz(tmp_path / "cache" / "models" / "m.npz", a=np.zeros(2))
    finally:
        os.umask(old)
    modes = _modes(tmp_path / "cache")
    loose = {p: oct(m) for p, m in modes.items() if m & 0o077}
    assert not loose, loose
    names = {Path(p).name for p in modes}
    assert {"static-tier.json", "m.npz"} <= names and any(n.startswith("chunks-g-") for n in names)


def test_an_index_folder_another_user_owns_is_never_written_into(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Made before us in a shared index base and writable by us, another user's folder had been
    written into (its owner could swap the generation being written for one of links); it is read
    as it is, said stale, and ours are made private again where an older umask left them open."""
    root = _repo(tmp_path / "repo", {"a.py": "OWNED_MARKER = 1\n"})
    base = tmp_path / "shared"
    update_index(root, base)
    folder = index_folder(root, base)
    folder.chmod(0o775)  # ours, left open (umask 002)
    (root / "b.py").write_text("B = 2\n")
    assert set(update_index(root, base)[0].files) == {"a.py", "b.py"}
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    before = sorted(p.name for p in folder.iterdir())
    (root / "c.py").write_text("C = 3\n")
    other = _repo(tmp_path / "other", {"x.py": "X = 1\n"})
    index_folder(other, base).mkdir(0o777)
    me = os.geteuid()
    monkeypatch.setattr(os, "geteuid", lambda: me + 1)  # the folder is now another user's
    monkeypatch.setattr(store_format, "ADMIN_UID", me)  # an administrator's: read (another's is not)
    snapshot, summary = update_index(root, base)
    assert set(snapshot.files) == {"a.py", "b.py"}
    assert f"the folder is another user's, uid {me}" in str(summary.stale_because)
    assert sorted(p.name for p in folder.iterdir()) == before
    planted = index_folder(other, base)
    with pytest.raises(indexer.IndexNotWritable, match=f"the folder is another user's, uid {me}"):
        update_index(other, base)  # planted before our first build, open to all
    assert [p.name for p in planted.iterdir()] == []


# -- 8. a full disk ------------------------------------------------------------------------------


def _generations(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.name.startswith("g-")}


def _fill_the_disk_after_content(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the next build fail part-way: content.bin is written, then the disk is full."""
    write_content = indexer._Build._write_content

    def full(self: indexer._Build, gen: Path, rows: list[indexer.Stored]) -> list[FileEntry]:
        write_content(self, gen, rows)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(gen / "trigram_postings.bin"))

    monkeypatch.setattr(indexer._Build, "_write_content", full)


def test_a_full_disk_leaves_the_live_index_searchable(tmp_path: Path, monkeypatch) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "BEFORE_FULL = 1\n"})
    update_index(root)
    folder = index_folder(root)
    live = current_generation(folder)
    (root / "a.py").write_text("AFTER_FULL = 2\n")
    _fill_the_disk_after_content(monkeypatch)
    snapshot, summary = update_index(root)
    assert _lines(snapshot, "BEFORE_FULL") == {("a.py", 1)} and not _lines(snapshot, "AFTER_FULL")
    assert summary.stale_because and "No space left on device" in summary.stale_because
    assert current_generation(folder) == live and _generations(folder) == {live.name}  # no half-written one
    monkeypatch.undo()
    snapshot, summary = update_index(root)
    assert _lines(snapshot, "AFTER_FULL") == {("a.py", 1)} and summary.stale_because is None


def test_clean_up_keeps_the_live_and_previous_generations_not_a_half_written_one(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "V = 1\n"})
    update_index(root)
    (root / "a.py").write_text("V = 22\n")
    update_index(root)
    folder = index_folder(root)
    previous = current_generation(folder).name
    half = folder / f"g-{time.time_ns()}-1"  # a build killed part-way, newer than the live one
    half.mkdir()
    (half / "content.bin").write_bytes(b"V = 3")
    (root / "a.py").write_text("V = 333\n")
    update_index(root)
    live = current_generation(folder).name
    assert _generations(folder) == {live, previous}


# -- 7. an index that cannot be written ----------------------------------------------------------


def _share_read_only(base: Path) -> None:
    """Make an index readable by all and writable by none, as a shared or read-only cache is."""
    for path in [base, *base.rglob("*")]:
        path.chmod(0o555 if path.is_dir() else 0o444)


def _as_reader(answer: Callable[[], dict[str, object]]) -> dict[str, object]:
    """Run ``answer`` where the index cannot be written: as another user when this is root (whom
    permissions never stop), else as this user; return what it returned or the error it raised."""
    if os.geteuid() != 0:
        try:
            return answer()
        except Exception as exc:  # noqa: BLE001 - reported to the test, as the child does
            return {"error": repr(exc)}
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: nobody, with every module it needs already imported
        code = 1
        try:
            os.close(read)
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            out = answer()
            code = 0
        except BaseException as exc:  # noqa: BLE001
            out = {"error": repr(exc)}
        finally:
            os.write(write, json.dumps(out).encode())
            os._exit(code)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    return dict(json.loads(data))


@pytest.fixture
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder every user can reach (pytest's own are private to this user)."""
    folder = Path(tempfile.mkdtemp(prefix="maguyva-shared-"))
    folder.chmod(0o755)
    yield folder
    for path in [folder, *folder.rglob("*")]:
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)
    shutil.rmtree(folder)


def test_an_index_that_cannot_be_written_still_answers(shared: Path) -> None:
    root = _repo(shared / "repo", {"a.py": "READ_ONLY_MARKER = 1\n", "b.py": "B = 2\n"})
    for path in [root, *root.iterdir()]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    base = shared / "indexes"
    update_index(root, base)

    def search() -> dict[str, object]:
        snapshot, summary = update_index(root, base)
        return {"hits": sorted(_lines(snapshot, "READ_ONLY_MARKER")), "stale": summary.stale_because}

    search()  # every module the reader needs is imported before it runs as another user
    (root / "b.py").write_text("B = 3\n")
    search()
    _share_read_only(base)
    assert _as_reader(search) == {"hits": [["a.py", 1]], "stale": None}  # unchanged: no lock, no notice
    (root / "a.py").write_text("READ_ONLY_MARKER = 1\nNEW = 1\n")
    answer = _as_reader(search)
    assert answer["hits"] == [["a.py", 1]], answer
    assert "could not be updated (Permission denied" in str(answer["stale"])



def test_a_read_only_index_without_vectors_still_answers(shared: Path) -> None:
    """Built with ``--no-semantic``, then made read-only: opening the vector store made its folder
    and every search ended in ``internal error: OSError: Read-only file system``."""
    root = _repo(shared / "repo", {"a.py": "def read_only_marker():\n    return 1\n"})
    for path in [root, *root.iterdir()]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    base = shared / "indexes"
    update_index(root, base)
    assert not semantic_folder(Snapshot.load(index_folder(root, base))).exists()

    def search() -> dict[str, object]:
        engine = Engine(root, base, provider=FirstWordProvider(), static=False)
        return {"hits": [r.path for r in engine.search("read_only_marker").results]}

    _share_read_only(base)
    assert _as_reader(search) == {"hits": ["a.py"]}

def test_a_search_on_a_full_disk_answers_with_one_notice(tmp_path: Path, monkeypatch) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "BEFORE_FULL = 1\n"})
    update_index(root)
    (root / "a.py").write_text("AFTER_FULL = 2\n")
    _fill_the_disk_after_content(monkeypatch)
    heard: list[str] = []
    engine = Engine(root, notify=heard.append)
    result = engine.search("BEFORE_FULL", modality="text")
    assert [r.path for r in result.results] == ["a.py"]
    assert len(result.notices) == 1 and "No space left on device" in result.notices[0]
    engine.refresh()
    assert len(heard) == 1 and engine.search("BEFORE_FULL", modality="text").notices == result.notices
    monkeypatch.undo()  # space again: the next refresh writes, and the notice is no longer true
    engine.refresh()
    after = engine.search("AFTER_FULL", modality="text")
    assert [r.path for r in after.results] == ["a.py"] and after.notices == ()


# -- the vector store's compaction and another process's segments --------------------------------


def test_compaction_keeps_segments_another_process_saved_after_it_opened(tmp_path: Path) -> None:
    first = VectorStore(tmp_path, "test:compact:8", 8)
    first.add(["mine"], np.ones((1, 8), np.float32))
    first.save()
    second = VectorStore(tmp_path, "test:compact:8", 8)  # another process, opened later
    theirs = [f"theirs-{i}" for i in range(50)]
    second.add(theirs, np.ones((50, 8), np.float32))
    second.save()
    first.compact()
    reopened = VectorStore(tmp_path, "test:compact:8", 8)
    assert len(reopened) == 51 and all(key in reopened for key in [*theirs, "mine"])


# -- an unreadable repository root ---------------------------------------------------------------


def test_an_unreadable_repository_root_is_one_line_and_exit_2(shared: Path) -> None:
    readable = _repo(shared / "readable", {"a.py": "A = 1\n"})
    root = _repo(shared / "private", {"a.py": "A = 1\n"})
    base = shared / "indexes"
    base.mkdir(mode=0o777)
    base.chmod(0o777)

    def index(path: Path) -> Callable[[], dict[str, object]]:
        def run() -> dict[str, object]:
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                code = cli.main(["index", str(path), "--no-semantic", "--index-dir", str(base)])
            return {"code": code, "stderr": err.getvalue()}
        return run

    assert index(readable)() == {"code": 0, "stderr": ""}  # imports what the reader needs
    root.chmod(0)
    answer = _as_reader(index(root))
    assert answer["code"] == 2, answer
    assert str(answer["stderr"]).startswith(f"maguyva: error: {root}: cannot read the repository (Permission denied)")
    assert str(answer["stderr"]).count("\n") == 1


def test_index_on_a_full_disk_says_so_once_and_exits_1(tmp_path: Path, monkeypatch, capsys) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "BEFORE_FULL = 1\n"})
    assert cli.main(["index", str(root), "--no-semantic"]) == 0
    (root / "a.py").write_text("AFTER_FULL = 2\n")
    _fill_the_disk_after_content(monkeypatch)
    capsys.readouterr()
    assert cli.main(["index", str(root), "--no-semantic"]) == 1
    out, err = capsys.readouterr()
    assert "files    1" in out and err.count("could not be updated (No space left on device") == 1


def test_a_failed_update_does_not_call_the_changed_file_unchanged(tmp_path: Path, monkeypatch, capsys) -> None:
    """The summary of an update the disk refused read '0 parsed, 2 unchanged' though a.py changed."""
    root = _repo(tmp_path / "repo", {"a.py": "BEFORE_FULL = 1\n", "b.py": "B = 1\n"})
    assert cli.main(["index", str(root), "--no-semantic"]) == 0
    (root / "a.py").write_text("AFTER_FULL = 2\n")
    _fill_the_disk_after_content(monkeypatch)
    capsys.readouterr()
    assert cli.main(["index", str(root), "--no-semantic"]) == 1
    assert "files    2 (0 parsed, 1 unchanged, 0 removed, 1 changed but not written)" in capsys.readouterr().out


def test_a_first_index_on_a_full_disk_is_one_clear_line(tmp_path: Path, monkeypatch, capsys) -> None:
    root = _repo(tmp_path / "repo", {"a.py": "A = 1\n"})
    _fill_the_disk_after_content(monkeypatch)
    assert cli.main(["index", str(root), "--no-semantic"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("maguyva: error: cannot write the index at ") and err.count("\n") == 1
    assert "(No space left on device)" in err and "internal" not in err
    assert not [p for p in index_folder(root).iterdir() if p.name.startswith("g-")]


def test_a_damaged_index_in_a_read_only_folder_says_both_in_one_line(tmp_path: Path, monkeypatch, capsys) -> None:
    """A generation's file damaged and the index folder read-only: the error said only 'cannot
    write the index ... (Read-only file system)', never that the index was damaged."""
    root, base = _repo(tmp_path / "repo", {"a.py": "A = 1\n"}), tmp_path / "indexes"
    assert cli.main(["index", str(root), "--no-semantic", "--index-dir", str(base)]) == 0
    manifest = current_generation(index_folder(root, base)) / "manifest.json"
    manifest.write_text("not json")

    def read_only(folder: Path, **_: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(folder / "LOCK"))

    monkeypatch.setattr(indexer, "index_lock", read_only)
    capsys.readouterr()
    assert cli.main(["index", str(root), "--no-semantic", "--index-dir", str(base)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("maguyva: error: the index is corrupt (manifest.json is not JSON), and it cannot be "
                          f"rebuilt at {index_folder(root, base)} (Read-only file system): make that folder writable")
    assert err.count("\n") == 1 and manifest.read_text() == "not json"  # nothing removed
