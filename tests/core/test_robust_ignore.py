"""Ignore rules as git reads them (issue 18.4 and 18.14): the walk keeps exactly the files git
lists as untracked and not ignored, for a table of tricky patterns, and never crashes on a line git
skips. Also ``.git/info/exclude``, ``core.excludesFile`` and ``.git`` files (worktrees, submodules).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from maguyva_tui.core.walk import WalkReport, read_source, walk

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="compares with git")

# (ignore files, extra files): every file of the tree is asked of git and of the walk.
CASES: dict[str, tuple[dict[str, str], list[str]]] = {
    "bracket close first": ({".gitignore": "[]]\n"}, ["]", "a", "x]"]),
    "empty bracket": ({".gitignore": "[]\n"}, ["[]", "]", "a"]),
    "empty negated bracket": ({".gitignore": "[!]\n"}, ["!", "]", "[!]", "a"]),
    "reversed range": ({".gitignore": "[z-a]\n![z-a]\n"}, ["a", "z", "m"]),
    "posix digit": ({".gitignore": "secret[[:digit:]].env\n"}, ["secret1.env", "secretx.env", "secret12.env"]),
    "posix classes": (
        {".gitignore": "[[:upper:][:digit:]]*.txt\n[[:space:]]s\n[[:punct:]]p\n[[:xdigit:]]x\n"},
        ["A.txt", "1.txt", "a.txt", " s", "ts", "-p", "_p", "ap", "fx", "gx"],
    ),
    "unknown posix class": ({".gitignore": "[[:word:]]w\nkeep\n"}, ["aw", "keep"]),
    "escaped dash in class": ({".gitignore": "[a\\-z].py\n"}, ["a.py", "b.py", "-.py", "z.py"]),
    "escapes in class": ({".gitignore": "[\\]]e\n[\\!]f\n[x\\\\]g\n"}, ["]e", "!f", "\\g", "xg", "ae", "af"]),
    "dash at the edges": ({".gitignore": "[a-]z\n[-b]y\n[a-c-e]w\n"}, ["-z", "az", "bz", "-y", "by", "cy", "bw", "-w", "dw", "ew"]),
    "negated classes": ({".gitignore": "[!a-c]x\n[^q]y\n"}, ["ax", "dx", "qy", "ry"]),
    "negated class never matches a slash": ({".gitignore": "a[!b]c\n"}, ["a/c", "axc", "abc"]),
    "caret and bracket members": ({".gitignore": "[[^]c\n[]^]d\n"}, ["[c", "^c", "]d", "^d", "xc"]),
    "unterminated bracket": ({".gitignore": "foo[bar\nx[\n"}, ["foo[bar", "foob", "x["]),
    "globstar prefix": ({".gitignore": "**/logs\n"}, ["logs/a.txt", "a/logs/b.txt", "a/b/logs", "logsx"]),
    "globstar middle": ({".gitignore": "a/**/b\n"}, ["a/b", "a/x/b", "a/x/y/b", "x/a/b", "a/bb"]),
    "globstar suffix with re-include": (
        {".gitignore": "foo/**\n!foo/keep\n"},
        ["foo/keep", "foo/x", "foo/sub/keep", "foox"],
    ),
    "doc pdfs": ({".gitignore": "doc/**/*.pdf\n"}, ["doc/a.pdf", "doc/x/y/b.pdf", "doc/a.txt", "x/doc/a.pdf"]),
    "negation": ({".gitignore": "*.log\n!important.log\n"}, ["a.log", "important.log", "sub/important.log", "sub/b.log"]),
    "escaped hash and bang": ({".gitignore": "#comment\n\\#hash\n\\!bang\n"}, ["#hash", "!bang", "#comment", "hash"]),
    "trailing spaces": ({".gitignore": "trailing   \nescaped\\ \n"}, ["trailing", "trailing   ", "escaped ", "escaped"]),
    "directory only": ({".gitignore": "build/\n"}, ["build/out.py", "sub/build/x.py", "other/build"]),
    "anchored": ({".gitignore": "/root.txt\nsub/*.txt\n"}, ["root.txt", "sub/root.txt", "sub/a.txt", "sub/deep/a.txt", "o/sub/a.txt"]),
    "whitelist idiom": ({".gitignore": "*\n!*/\n!*.py\n"}, ["a.py", "a.txt", "src/b.py", "src/b.txt"]),
    "directory re-included": ({".gitignore": "foo\n!foo/\n"}, ["foo/x", "foo/foo", "bar/foo"]),
    "parent excluded wins": ({".gitignore": "dir/\n!dir/keep.txt\n"}, ["dir/keep.txt", "dir/x"]),
    "nested files": (
        {".gitignore": "*.txt\n", "sub/.gitignore": "!keep.txt\n/local\n", "sub/deep/.gitignore": "*.md\n"},
        ["a.txt", "sub/keep.txt", "sub/other.txt", "sub/local", "sub/deep/local", "sub/deep/a.md", "b.md"],
    ),
    "nested re-includes a folder": ({".gitignore": "foo\n", "sub/.gitignore": "!foo/\n"}, ["sub/foo/x", "foo/x"]),
    "trailing globstars": (
        {".gitignore": "a/**/\nb/**/*/**\n", "c/.gitignore": "**/\n", "d/.gitignore": "**\n!keep\n"},
        ["a/x", "a/s/x", "b/x", "b/s/x", "b/s/t/x", "c/x", "c/s/x", "d/keep", "d/x"],
    ),
    "crlf, bom, tabs": ({".gitignore": "\ufeffbom\r\ncrlf\r\ntab\t\n"}, ["bom", "crlf", "crlf\r", "tab", "tab\t"]),
    "slash inside brackets anchors": ({".gitignore": "a[/x]b\n"}, ["axb", "sub/axb", "a/b"]),
    "wildcards": ({".gitignore": "*.[oa]\n?x\n***z\na**b\n"}, ["m.o", "m.a", "m.c", "ax", "aax", "z", "q/z", "ab", "axyb"]),
}


def _git(root: Path, *args: str, env: dict[str, str] | None = None) -> str:
    """Run git; its output decoded as it is (a name may hold a carriage return)."""
    proc = subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, env=env)
    return proc.stdout.decode("utf-8", "surrogateescape")


def _git_env(home: Path) -> dict[str, str]:
    """Git with no system or user configuration but what a test writes into ``home``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "XDG_"))}
    env.update(HOME=str(home), GIT_CONFIG_NOSYSTEM="1", XDG_CONFIG_HOME=str(home / ".config"))
    return env


def _make(root: Path, ignores: dict[str, str], files: list[str]) -> None:
    root.mkdir(parents=True)
    for rel, text in ignores.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    for rel in files:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("x\n")


def _git_kept(root: Path, env: dict[str, str]) -> set[str]:
    """The files git lists as untracked and not ignored (nothing is committed)."""
    return set(_git(root, "ls-files", "--others", "--exclude-standard", "-z", env=env).split("\0")) - {""}


def _git_ignored(root: Path, paths: list[str], env: dict[str, str]) -> set[str]:
    """The paths ``git check-ignore`` calls ignored."""
    proc = subprocess.run(["git", "check-ignore", "--stdin", "-z"], cwd=root, input="\0".join(paths).encode(),
                          capture_output=True, env=env)
    assert proc.returncode in (0, 1), proc.stderr
    return set(proc.stdout.decode("utf-8", "surrogateescape").split("\0")) - {""}


def _walked(root: Path) -> set[str]:
    report = WalkReport()
    return {c.path for c in walk(root, report) if read_source(c, report)}


@pytest.mark.parametrize("case", sorted(CASES))
def test_walk_keeps_what_git_keeps(case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ignores, files = CASES[case]
    root = tmp_path / "repo"
    _make(root, ignores, files)
    env = _git_env(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    _git(root, "init", "-q", env=env)
    kept = _walked(root)
    assert kept == _git_kept(root, env)
    assert {f for f in files if f not in kept} == _git_ignored(root, files, env)  # and path by path


def _init(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: dict[str, str]) -> tuple[Path, dict[str, str]]:
    root = tmp_path / "repo"
    _make(root, files, [])
    env = _git_env(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ".config"))
    _git(root, "init", "-q", env=env)
    return root, env


def test_info_exclude_and_global_excludes_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = {"a.py": "", "b.secret": "", "c.global": "", "d.xdg": "", "e.local": "", "keep.secret": ""}
    root, env = _init(tmp_path, monkeypatch, files)
    (root / ".git" / "info").mkdir(exist_ok=True)
    (root / ".git" / "info" / "exclude").write_text("*.secret\n")
    (root / ".gitignore").write_text("!keep.secret\n")  # a .gitignore outranks info/exclude
    (tmp_path / ".gitconfig").write_text('[user]\n\tname = x\n[core]\n\texcludesFile = "~/global ignore" # mine\n')
    (tmp_path / "global ignore").write_text("*.global\n")
    (tmp_path / ".config" / "git").mkdir(parents=True)
    (tmp_path / ".config" / "git" / "ignore").write_text("*.xdg\n")  # not read: excludesFile is set
    assert _walked(root) == _git_kept(root, env) == {"a.py", "d.xdg", "e.local", "keep.secret", ".gitignore"}
    # the repository's config overrides the user's; unset everywhere, the XDG default applies
    (root / ".git" / "config").write_text((root / ".git" / "config").read_text() + "[core]\nexcludesfile = local.ignore\n")
    (root / "local.ignore").write_text("*.local\n")
    assert _walked(root) == _git_kept(root, env) == {"a.py", "c.global", "d.xdg", "keep.secret", ".gitignore", "local.ignore"}
    (tmp_path / ".gitconfig").unlink()
    _git(root, "config", "--unset", "core.excludesfile", env=env)
    assert _walked(root) == _git_kept(root, env) == {"a.py", "c.global", "e.local", "keep.secret", ".gitignore", "local.ignore"}


def test_git_files_of_worktrees_and_submodules_are_never_indexed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root, env = _init(tmp_path, monkeypatch, {"a.py": "x = 1\n", ".gitignore": "*.tmp\n"})
    (root / ".git" / "info" / "exclude").write_text("*.excluded\n")
    _git(root, "add", ".", env=env)
    _git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one", env=env)
    tree = tmp_path / "tree"
    _git(root, "worktree", "add", "-q", str(tree), env=env)
    (tree / "b.excluded").write_text("x\n")
    (tree / "c.tmp").write_text("x\n")
    (tree / "sub").mkdir()
    (tree / "sub" / ".git").write_text("gitdir: ../../elsewhere\n")  # a submodule's pointer
    (tree / "sub" / "d.py").write_text("x\n")
    assert (tree / ".git").is_file()
    kept = _walked(tree)
    assert kept == {"a.py", ".gitignore", "sub/d.py"}
    assert kept == _git_kept(tree, env) | {".gitignore", "a.py"}  # git lists only untracked files


def test_invalid_patterns_never_crash_an_index(tmp_path: Path) -> None:
    """Every line of issue 18.4 in one file, the repository stays searchable."""
    from maguyva_tui.core.indexer import update_index
    from maguyva_tui.core.retrievers.text import TextRetriever

    root = tmp_path / "repo"
    _make(root, {".gitignore": "[]]\n[]\n[!]\n[z-a]\n[[:nope:]]\nx[\n\\\n"}, ["a.py"])
    (root / "a.py").write_text("needle = 1\n")
    snap, _ = update_index(root, tmp_path / "index")
    assert [m.path for m in TextRetriever(snap).literal_lines("needle")] == ["a.py"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_an_ignore_file_that_is_a_fifo_is_skipped(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    _make(root, {"sub/.maguyvaignore": "x\n"}, ["a.py", "sub/b.py"])
    os.mkfifo(root / ".gitignore")
    assert _walked(root) == {"a.py", "sub/b.py", "sub/.maguyvaignore"}



@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
@pytest.mark.parametrize("fifo", [".git", ".git/config", "gitdir/commondir"])
def test_git_files_that_are_fifos_never_block_the_walk(fifo: str, tmp_path: Path) -> None:
    """A ``.git``, ``.git/config`` or ``commondir`` that is a FIFO (an unpacked archive may hold
    one) was opened for reading, waiting forever for a writer: ``index`` and every search hung."""
    root = tmp_path / "repo"
    _make(root, {}, ["a.py"])
    (root / fifo).parent.mkdir(parents=True, exist_ok=True)
    if fifo == "gitdir/commondir":
        (root / ".git").write_text("gitdir: gitdir\n")
    os.mkfifo(root / fifo)
    walked: list[set[str]] = []
    worker = threading.Thread(target=lambda: walked.append(_walked(root)), daemon=True)
    worker.start()
    worker.join(timeout=10)
    assert walked and "a.py" in walked[0]

_TOKENS = ["a", "b", "x", "*", "?", "**", "/", "!", "\\", "[", "]", "-", "^", ":", "[:digit:]", " ", "#", "[a-c]",
           "[!a]", "[]]", "a**", "**/", "\\*", "***", "\\/", "b/", "[z-a]", "[a\\-c]", "[[:punct:]]"]
_NAMES = ["a", "b", "c", "x", "ab", "a.b", "-", "]", "[", "!", "^", "1", "#a", "a b", "ba", ":", "xx"]


@pytest.mark.parametrize("seed", range(40))
def test_random_patterns_agree_with_git(seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random lines from an alphabet of awkward pieces, random trees: the walk keeps git's files."""
    import random

    rng = random.Random(seed)
    lines = ["".join(rng.choice(_TOKENS) for _ in range(rng.randint(1, 6))) for _ in range(rng.randint(1, 4))]
    files = sorted({"/".join(rng.choice(_NAMES) for _ in range(rng.randint(1, 3))) for _ in range(12)})
    usable = [f for i, f in enumerate(files) if not any(g.startswith(f + "/") or f.startswith(g + "/") for g in files[:i])]
    root, env = _init(tmp_path, monkeypatch, {".gitignore": "\n".join(lines) + "\n"})
    for rel in usable:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("x\n")
    assert _walked(root) == _git_kept(root, env), lines


def test_a_root_below_the_top_reads_the_ignore_files_above_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``maguyva index repo/pkg/a`` keeps what git lists from there: the top's ``.gitignore`` (with
    its anchored patterns), a middle folder's and ``info/exclude`` apply (a package's ``dist/`` and
    logs had been indexed)."""
    root, env = _init(tmp_path, monkeypatch, {
        ".gitignore": "dist/\n*.log\n/pkg/a/top.txt\n/top.txt\n", "pkg/.gitignore": "!keep.log\n*.tmp\n",
    })
    (root / ".git" / "info" / "exclude").write_text("secret.py\n")
    _make(root / "pkg" / "a", {}, ["m.py", "dist/out.py", "x.log", "keep.log", "y.tmp", "top.txt", "secret.py",
                                   "sub/top.txt", "sub/z.log"])
    package = root / "pkg" / "a"
    kept = set(_git(package, "ls-files", "--others", "--exclude-standard", "-z", env=env).split("\0")) - {""}
    assert _walked(package) == kept == {"m.py", "keep.log", "sub/top.txt"}


def test_a_root_its_work_tree_ignores_is_walked_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An ignored folder asked for by name (``node_modules/left-pad``) is a tree of its own: its
    own ``.gitignore`` applies, the work tree's do not (git would list nothing there)."""
    root, _ = _init(tmp_path, monkeypatch, {".gitignore": "node_modules/\n*.log\n"})
    _make(root / "node_modules" / "left-pad", {".gitignore": "*.tmp\n"}, ["index.js", "x.log", "y.tmp"])
    assert _walked(root / "node_modules" / "left-pad") == {".gitignore", "index.js", "x.log"}


def test_excludes_file_from_the_system_config_and_an_included_one(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """``core.excludesFile`` set where git reads it: the system's configuration
    (``$GIT_CONFIG_SYSTEM`` here), then a file the user's ``[include]``s, which overrides it."""
    root, env = _init(tmp_path, monkeypatch, {"a.py": "", "b.sys": "", "c.inc": ""})
    (tmp_path / "system.config").write_text("[core]\n\texcludesFile = ~/sys.ignore\n")
    (tmp_path / "sys.ignore").write_text("*.sys\n")
    del env["GIT_CONFIG_NOSYSTEM"]
    env["GIT_CONFIG_SYSTEM"] = str(tmp_path / "system.config")
    monkeypatch.delenv("GIT_CONFIG_NOSYSTEM", raising=False)
    monkeypatch.setenv("GIT_CONFIG_SYSTEM", str(tmp_path / "system.config"))
    assert _walked(root) == _git_kept(root, env) == {"a.py", "c.inc"}
    (tmp_path / ".gitconfig").write_text("[include]\n\tpath = more/local.config\n")
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / "local.config").write_text("[core]\n\texcludesfile = ~/inc.ignore\n")
    (tmp_path / "inc.ignore").write_text("*.inc\n")
    assert _walked(root) == _git_kept(root, env) == {"a.py", "b.sys"}


def test_a_nested_repository_reads_only_its_own_ignore_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Inside a repository nested in the root (a clone, a submodule) the walk keeps what git run
    there lists: the outer ``*.js`` and ``build/`` leave its sources in, its ``info/exclude`` and
    ``.gitignore`` apply (the outer rules had left a vendored library's sources out)."""
    root, env = _init(tmp_path, monkeypatch, {".gitignore": "*.js\nbuild/\n", "app.py": ""})
    inner = root / "vendor" / "lib"
    _make(inner, {".gitignore": "*.tmp\n"}, ["index.js", "build/make.py", "x.tmp", "private.py", "sub/b.js"])
    _git(inner, "init", "-q", env=env)
    (inner / ".git" / "info" / "exclude").write_text("private.py\n")
    _make(root / "gen", {}, ["out.js"])
    inside = {"vendor/lib/" + path for path in _git_kept(inner, env)}
    assert inside == {"vendor/lib/" + p for p in (".gitignore", "index.js", "build/make.py", "sub/b.js")}
    assert _walked(root) == {".gitignore", "app.py"} | inside


def test_core_ignorecase_matches_patterns_in_any_case(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``core.ignorecase`` (set by ``git init`` on macOS and Windows disks): ``Build/`` ignores
    ``build/``, ``*.LOG`` ``a.log``, ``!KEEP.log`` keeps ``keep.log`` and ``[[:upper:]]`` matches
    ``a``, as git decides (their files had been indexed)."""
    files = ["build/x.py", "a.log", "b.LOG", "keep.log", "docs/d.py", "c.py", "ax.py", "deep/Build/y.py"]
    root, env = _init(tmp_path, monkeypatch, {".gitignore": "Build/\n*.LOG\n/Docs\n!KEEP.log\n[[:upper:]]x.py\n",
                                              **dict.fromkeys(files, "")})
    assert _walked(root) == _git_kept(root, env) == {".gitignore", *files} - {"b.LOG", "deep/Build/y.py"}
    _git(root, "config", "core.ignorecase", "true", env=env)
    assert _walked(root) == _git_kept(root, env) == {".gitignore", "keep.log", "c.py"}
