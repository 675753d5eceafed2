"""The lean client's imports (issue 19: ``maguyva search`` through a resident server at or under
ripgrep's whole process): neither ``collections`` (1 ms) nor ``zlib`` nor ``__future__`` is
imported on the way to a server's answer; and the socket's checksum, computed in plain Python, is
FNV-1a's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from maguyva_tui.resident import place

REPO = Path(__file__).resolve().parent.parent


def test_the_client_path_imports_no_collections_zlib_or_future() -> None:
    code = ("import sys; sys.path.insert(0, '.'); before = set(sys.modules); "
            "import maguyva_tui.__main__, maguyva_tui.resident.client as c; "
            "c.socket_path('/tmp/x', c.identity('/r', '', {'HOME': '/h'})); "
            "print(' '.join(m for m in set(sys.modules) - before if m.split('.')[0] in "
            "('collections', 'zlib', '__future__', 'binascii', 'hashlib', 'typing')))")
    found = subprocess.run([sys.executable, "-S", "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                           check=True)
    assert found.stdout.split() == []


def test_the_checksum_is_fnv1a_64() -> None:
    assert place.checksum(b"") == 0xCBF29CE484222325
    assert place.checksum(b"a") == 0xAF63DC4C8601EC8C
    assert place.checksum(b"foobar") == 0x85944171F73967E8


def test_a_socket_is_named_by_its_whole_identity() -> None:
    one = place.socket_path("/run/m", place.identity("/repo", "", {"HOME": "/home/a"}))
    assert one == place.socket_path("/run/m", place.identity("/repo", "", {"HOME": "/home/a"}))
    assert one != place.socket_path("/run/m", place.identity("/repo", "", {"HOME": "/home/b"}))
    assert one.startswith("/run/m/") and one.endswith(place.SOCKET_SUFFIX) and len(Path(one).name) == 16 + 5


def test_a_reply_is_read_and_a_request_written_without_json_or_its_accelerator() -> None:
    """``_json``, an extension loaded from disk, had been 0.2 ms of CPU of every search's 10: the
    header of a search's reply and the request are read and written in plain Python (and ``gc``,
    which only a search run in process turns off, is not imported either)."""
    code = ("import sys; sys.path.insert(0, '.'); before = set(sys.modules); "
            "import maguyva_tui.__main__, maguyva_tui.resident.client as c; "
            "c.socket_path('/tmp/x', c.identity('/r', '', {'HOME': '/h'})); "
            "c.dumps({'argv': ['search', '--', 'caf\\u00e9 \"q\"'], 'v': 2}); "
            "r = c.split_reply(b'{\"handled\": true, \"out\": [[1, 3], [1, null], [2, 2]], \"code\": 0}\\nabcde'); "
            "assert r == {'handled': True, 'out': [[1, 'abc'], [1, None], [2, 'de']], 'code': 0}, r; "
            "print(' '.join(m for m in set(sys.modules) - before if m in ('_json', 'json', 're', 'gc')))")
    found = subprocess.run([sys.executable, "-S", "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                           check=True)
    assert found.stdout.split() == []


def test_a_search_given_its_repository_reads_no_enclosing_folder(tmp_path: Path) -> None:
    """``--repo`` names the repository: the module that finds one above the working folder is not imported."""
    code = ("import sys; sys.path.insert(0, '.'); import maguyva_tui.resident.client as c; "
            f"sock, request, path = c._reach(['search', '--repo', '.', 'q'], ('.', None), {{'XDG_RUNTIME_DIR': {str(tmp_path)!r}}}); "
            "assert sock is None and request['cwd'], request; "
            "print('maguyva_tui.roots' in sys.modules)")
    found = subprocess.run([sys.executable, "-S", "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                           check=True)
    assert found.stdout.split() == ["False"]


class _Environ(dict):  # type: ignore[type-arg]
    """An environment whose values other than the relevant ones may not be read."""

    def __getitem__(self, key: str) -> str:
        if key == "UNRELATED":
            raise AssertionError("read a variable that changes no answer")
        return str(super().__getitem__(key))

    def items(self):  # type: ignore[no-untyped-def,override]
        return [(k, self[k]) for k in self]


def test_the_environment_sent_reads_only_what_changes_an_answer() -> None:
    environ = _Environ(HOME="/h", UNRELATED="x", MAGUYVA_MODEL_CACHE="/m", MAGUYVA_NO_SERVER="", XDG_CACHE_HOME="/c")
    assert place.relevant_env(environ) == {"HOME": "/h", "MAGUYVA_MODEL_CACHE": "/m", "XDG_CACHE_HOME": "/c"}
    assert list(place.relevant_env(environ)) == ["HOME", "MAGUYVA_MODEL_CACHE", "XDG_CACHE_HOME"]


def test_a_search_from_a_subfolder_finds_the_index_above_without_loading_openssl(tmp_path: Path) -> None:
    """Finding the indexed folder above the working folder names each folder's index by its SHA-1:
    ``hashlib`` (OpenSSL) had been 3.3 ms of CPU of every search typed in a subfolder."""
    import hashlib

    from maguyva_tui import roots
    from maguyva_tui.core.store.format import repo_dir

    for folder in (b"", b"/home/a/repo", "/srv/caf\u00e9/\udcff".encode("utf-8", "surrogateescape"), b"x" * 300):
        assert roots.sha1_hex(folder) == hashlib.sha1(folder).hexdigest()
    repo, base = tmp_path / "repo", tmp_path / "indexes"
    (repo / ".git").mkdir(parents=True)
    (repo / "src" / "pkg").mkdir(parents=True)
    index = repo_dir(base, repo.resolve())
    index.mkdir(parents=True)
    (index / "CURRENT").write_text("g-1")
    code = ("import sys; sys.path.insert(0, '.'); from maguyva_tui import roots; "
            f"print(roots.enclosing_root({str((repo / 'src' / 'pkg').resolve())!r}, {str(base)!r}, '/home/none')); "
            "print(' '.join(m for m in ('hashlib', '_hashlib') if m in sys.modules))")
    found = subprocess.run([sys.executable, "-S", "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                           check=True)
    assert found.stdout.split("\n")[:2] == [str(repo.resolve()), ""]


def test_the_client_path_loads_one_module_of_the_resident_package() -> None:
    """Each module the lean client loads costs its lookup and load, about 0.1 ms of CPU of every search
    (modules of their own had held the wire's JSON and the socket's naming): the client alone, which
    names the socket and reads and writes the wire too (:mod:`~maguyva_tui.resident.place` re-exports
    its names)."""
    code = ("import sys; sys.path.insert(0, '.'); "
            "import maguyva_tui.__main__, maguyva_tui.resident.client as c; "
            "c.socket_path('/tmp/x', c.identity('/r', '', {'HOME': '/h'})); "
            "c.dumps({'argv': ['search', '--', 'q'], 'v': 2}); "
            "c.split_reply(b'{\"handled\": true, \"out\": [[1, 3]], \"code\": 0}\\nabc'); "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('maguyva_tui.resident.'))))")
    found = subprocess.run([sys.executable, "-S", "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                           check=True)
    assert found.stdout.split() == ["maguyva_tui.resident.client"]
