"""The exclude files git reads besides ``.gitignore``: ``core.excludesFile`` and ``info/exclude``.

git reads ``core.excludesFile`` from its configuration (the repository's ``config`` overrides
``~/.gitconfig``, which overrides ``$XDG_CONFIG_HOME/git/config``); unset, it is
``$XDG_CONFIG_HOME/git/ignore`` (``~/.config/git/ignore`` without ``XDG_CONFIG_HOME``).
``info/exclude`` lives in the repository's git folder, which a worktree or a submodule names in a
``.git`` *file* (``gitdir: ...``), and a worktree shares with its main repository (``commondir``).
Only what git itself would read is read; nothing here runs git. A file or folder this user may not
read (another user's ``~/.config``, a private repository's ``.git``) is one git would not read either:
it is skipped, never an error.

A root below its work tree's top (``maguyva index repo/packages/a``) is read as git reads it from
there: the ``.gitignore`` files of the folders between the top and the root apply to it, and git's
exclude files are those of the repository above (``node_modules/`` in the top's ``.gitignore`` had
been ignored, and a package's ``node_modules`` indexed). A root those rules leave out (an ignored
``node_modules/left-pad``) is a tree of its own (``core.ignore.root_ignore_files``).

A repository another user owns (its work tree or its ``.git``) has its git folder read only when
``safe.directory`` in the system's or the user's configuration names it (or ``*``), as git refuses
it otherwise: an unpacked archive's ``.git/config`` had made maguyva read any file
(``core.excludesFile = /etc/shadow``) as ignore patterns, and its ``info/exclude`` (a link to
``/etc/passwd``) or its ``gitdir:``/``commondir`` pointers had led it to any file as well. Such a
repository's ``.gitignore`` files are still read: they are its own files, inside its work tree.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

MAX_CONFIG_BYTES = 1024 * 1024
"""Configuration files are read only this far."""

IGNORE_FILE_NAMES: tuple[str, ...] = (".gitignore", ".maguyvaignore")
"""Ignore files read in every folder, in this order (the second overrides the first)."""


@dataclass(frozen=True, slots=True)
class ExcludeFile:
    """An exclude file read from outside the walked tree."""

    path: Path
    folder: Path
    """The folder its patterns are relative to: the work tree's top, or the ignore file's own."""
    kind: str
    """``user`` (``core.excludesFile``), ``repository`` (``info/exclude``) or ``above`` (an ignore
    file of a folder between the work tree's top and the root)."""


def exclude_files(root: Path) -> list[Path]:
    """Return the exclude files that apply to a repository from outside its tree, weakest first."""
    return [found.path for found in excludes_of(root)]


def excludes_of(root: Path) -> list[ExcludeFile]:
    """Return each exclude file that applies to ``root`` from outside its tree, weakest first:
    ``core.excludesFile``, ``info/exclude``, then the ignore files of the folders from the work
    tree's top down to the root's parent."""
    top = work_tree_top(root)
    common = common_dir(top) if top is not None else None
    configs = _system_and_user_configs()
    if common is not None:
        configs.append(common / "config")
    found = [ExcludeFile(_excludes_file(configs, top or root) or _xdg_home() / "git" / "ignore", top or root, "user")]
    if common is not None and top is not None:
        found.append(ExcludeFile(common / "info" / "exclude", top, "repository"))
    found = [f for f in found if os.path.isfile(f.path)]  # False, not an error, where it cannot be read
    return found + _ignore_files_above(root, top)


def work_tree_top(root: Path) -> Path | None:
    """The folder holding ``.git`` at or above ``root`` (the work tree git finds from there), or
    None: looked for no higher than the home folder's children, as a dotfiles repository at home
    (its ``.gitignore`` often ``*``) is no project's."""
    root = Path(os.path.abspath(root))
    home = os.path.abspath(Path.home())
    folder = root
    while True:
        if os.path.lexists(folder / ".git"):
            return folder
        parent = folder.parent
        if os.fspath(parent) == home or parent == parent.parent:  # never home or the filesystem's root
            return None
        folder = parent


def _ignore_files_above(root: Path, top: Path | None) -> list[ExcludeFile]:
    """The regular ignore files (no link: git does not follow one) of the folders from ``top``
    down to ``root``'s parent, shallowest first."""
    if top is None:
        return []
    parts = Path(os.path.abspath(root)).relative_to(top).parts
    out = []
    for folder in (top / Path(*parts[:i]) for i in range(len(parts))):  # the top, ..., the root's parent
        for name in IGNORE_FILE_NAMES:
            path = folder / name
            try:
                regular = stat.S_ISREG(os.lstat(path).st_mode)
            except OSError:
                continue
            if regular:
                out.append(ExcludeFile(path, folder, "above"))
    return out


def common_dir(root: Path) -> Path | None:
    """Return the git folder holding ``config`` and ``info/`` for a work tree, or None: none for
    a repository git would not read (:func:`trusted`)."""
    return _git_folder(root)[0]


def _git_folder(top: Path) -> tuple[Path | None, bool]:
    """The git folder of the work tree at ``top`` (or None) and whether git would read it. Each
    folder on the way is checked before anything in it is read: the work tree and its ``.git``
    before the ``gitdir:`` pointer, the folder it names before its ``commondir`` pointer, and the
    folder that names before its ``config`` and ``info/exclude`` (this user's, or ``safe.directory``
    names the work tree). An untrusted repository's pointers are never followed."""
    listed: list[bool] = []

    def allowed(path: Path) -> bool:
        if _owned(path):
            return True
        if not listed:
            listed.append(_safe_listed(top))
        return listed[0]

    dot_git = top / ".git"
    if not (allowed(top) and allowed(dot_git)):
        return None, False
    common = dot_git
    if not os.path.isdir(dot_git):
        git_dir = _pointed(dot_git, "gitdir:", top)
        if git_dir is None:
            return None, True
        if not allowed(git_dir):
            return None, False
        common = _pointed(git_dir / "commondir", "", git_dir) or git_dir
    return (common, True) if allowed(common) else (None, False)


def _pointed(path: Path, key: str, relative_to: Path) -> Path | None:
    """Read a one-line pointer file (``gitdir: ../x``, a ``commondir``) as a folder, or None."""
    data = _read_regular(path, 4096)
    if data is None:
        return None
    line = data.decode("utf-8", errors="replace").strip()
    if not line.startswith(key):
        return None
    target = relative_to / line[len(key) :].strip()
    return target if os.path.isdir(target) else None


def _read_regular(path: Path, limit: int) -> bytes | None:
    """The first ``limit`` bytes of a regular file; ``None`` for anything else or an error. Opened
    without blocking: a FIFO named ``.git`` or ``config`` (an unpacked archive may hold one) had
    hung ``index`` and every search forever, waiting for a writer."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        try:
            return handle.read(limit) if stat.S_ISREG(os.fstat(fd).st_mode) else None
        except OSError:
            return None


def _xdg_home() -> Path:
    xdg = os.environ.get("XDG_CONFIG_HOME", "")
    return Path(xdg) if os.path.isabs(xdg) else Path.home() / ".config"


SYSTEM_CONFIG = Path("/etc/gitconfig")
"""The system-wide configuration git reads first (Debian's and most distributions' git)."""
MAX_INCLUDE_DEPTH = 10
"""``[include]`` files are followed this deep (git refuses past its own limit of 10)."""


def trusted(top: Path) -> bool:
    """Whether git would read the repository's git folder (its ``config``, ``info/exclude``): this
    user owns its work tree, its ``.git`` and its git folder, or ``safe.directory`` (system or user
    configuration) names the work tree, a folder above it (``/srv/*``) or is ``*``."""
    return _git_folder(top)[1]


def _safe_listed(top: Path) -> bool:
    """Whether ``safe.directory`` (system or user configuration) names the work tree at ``top``."""
    allowed: list[str] = []
    for config in _system_and_user_configs():
        for value in _settings(config, "safe", "directory"):
            allowed = [] if value == "" else [*allowed, value]  # an empty value resets the list, as in git
    here = os.path.realpath(top)
    return any(value == "*" or _safe_path(value) == here or _under(value, here) for value in allowed)


def _under(value: str, here: str) -> bool:
    """Whether a ``safe.directory`` value ending in ``/*`` (git 2.46 on) holds ``here`` below it."""
    return value.endswith("/*") and here.startswith(_safe_path(value[:-2]).rstrip("/") + "/")


def untrusted_config(root: Path) -> bool:
    """Whether ``root``'s repository has a git folder (its ``config``) that is not read
    (:func:`trusted`): the walk says so once."""
    top = work_tree_top(root)
    return top is not None and not trusted(top)


def _safe_path(value: str) -> str:
    """A ``safe.directory`` value as a real path (``~/`` is the home folder; a trailing ``/`` or
    ``/.`` dropped)."""
    if value == "~" or value.startswith("~/"):
        value = os.path.join(Path.home(), value[2:])
    return os.path.realpath(value.removesuffix("/.").rstrip("/") or "/")


def current_uid() -> int:
    """The user whose repositories are trusted (the effective one, as git's ``geteuid``)."""
    return os.geteuid() if hasattr(os, "geteuid") else -1


def _owned(path: Path) -> bool:
    """Whether this user owns ``path`` (not followed: a ``.git`` file or folder itself); one that
    cannot be stat-ed counts as owned (it holds nothing read). Root (uid 0) owns what ``sudo`` leaves
    with ``SUDO_UID``, as git's check does."""
    try:
        owner = os.lstat(path).st_uid
    except OSError:
        return True
    uid = current_uid()
    if uid == -1:  # no uids (Windows): git checks owners by SID, beyond this
        return True
    if uid == 0 and os.environ.get("SUDO_UID", "").isdigit():
        return owner in (0, int(os.environ["SUDO_UID"]))
    return owner == uid


def _system_and_user_configs() -> list[Path]:
    """The configuration files git reads before the repository's, weakest first: the system's
    (``$GIT_CONFIG_SYSTEM``, none with ``$GIT_CONFIG_NOSYSTEM``), then the user's XDG and home
    files (``$GIT_CONFIG_GLOBAL`` instead of both). A ``core.excludesFile`` set in
    ``/etc/gitconfig`` had been ignored."""
    configs = []
    if not _truthy(os.environ.get("GIT_CONFIG_NOSYSTEM", "")):
        configs.append(Path(os.environ.get("GIT_CONFIG_SYSTEM") or SYSTEM_CONFIG))
    global_config = os.environ.get("GIT_CONFIG_GLOBAL")
    if global_config is not None:
        return configs + ([Path(global_config)] if global_config else [])
    return configs + [_xdg_home() / "git" / "config", Path.home() / ".gitconfig"]


def _truthy(value: str) -> bool:
    """A git boolean set true (``1``, ``true``, ``yes``, ``on``)."""
    return value.strip().lower() in ("1", "true", "yes", "on")


def _excludes_file(configs: list[Path], root: Path) -> Path | None:
    """The last ``core.excludesFile`` set in the configuration files, in the order git reads them."""
    value: str | None = None
    for config in configs:
        value = _core_setting(config, "excludesfile") or value
    if not value:
        return None
    if value == "~" or value.startswith("~/"):
        return Path.home() / value[2:]
    return root / value  # relative paths resolve against the work tree, as git runs there


def ignores_case(root: Path) -> bool:
    """Whether git matches ignore patterns without regard to case in the repository at ``root``
    (``core.ignorecase``, which ``git init`` sets on a case-insensitive disk: macOS, Windows)."""
    common = common_dir(root)
    configs = _system_and_user_configs() + ([common / "config"] if common is not None else [])
    value: str | None = None
    for config in configs:
        value = _core_setting(config, "ignorecase") or value
    return value is not None and _truthy(value)


def _core_setting(config: Path, name: str) -> str | None:
    """The value of ``core.<name>`` (lower case) in one git configuration file (its last setting;
    ``true`` for a key written alone), the files it includes (``[include] path =
    ~/.gitconfig.local``) read where they are included."""
    values = _settings(config, "core", name)
    return values[-1] if values else None


def _settings(config: Path, wanted: str, name: str, depth: int = 0) -> list[str]:
    """Every value of ``<wanted>.<name>`` (both lower case) in one git configuration file and the
    files it includes, in order."""
    data = _read_regular(config, MAX_CONFIG_BYTES) if depth <= MAX_INCLUDE_DEPTH else None
    if data is None:
        return []
    text = data.decode("utf-8", errors="replace")
    section, values = "", []
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            header = line[1 : line.find("]")] if "]" in line else ""
            section = header.strip().lower()
            line = line[line.find("]") + 1 :].strip() if "]" in line else ""
        key, sep, rest = line.partition("=")
        key = key.split("#")[0].split(";")[0].strip().lower()
        if section == wanted and key == name:
            values.append(_config_value(rest) if sep else "true")
        elif section == "include" and sep and key == "path":
            values.extend(_settings(_included(config, _config_value(rest)), wanted, name, depth + 1))
    return values


def _included(config: Path, value: str) -> Path:
    """Where an ``[include]`` path points: ``~/`` is the home folder, a relative path is beside
    the including file."""
    if value == "~" or value.startswith("~/"):
        return Path.home() / value[2:]
    return config.parent / value


def _config_value(text: str) -> str:
    """Unquote a git configuration value, dropping a trailing comment."""
    out: list[str] = []
    quoted = False
    chars = iter(text.strip())
    for c in chars:
        if c == "\\":
            nxt = next(chars, "")
            out.append({"n": "\n", "t": "\t", "b": "\b"}.get(nxt, nxt))
        elif c == '"':
            quoted = not quoted
        elif c in "#;" and not quoted:
            break
        else:
            out.append(c)
    return "".join(out).strip()
