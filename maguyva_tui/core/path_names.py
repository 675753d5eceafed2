"""A symbol named through its file: ``who calls src/flask/cli.py::locate_app`` (or ``cli.py:locate_app``).

A name several files define (``create_app`` in three examples) is picked out by the file that
defines it, written as a reader copies it: the path (whole, or any tail of it at a folder boundary:
``cli.py``, ``flask/cli.py``), then ``::`` or ``:``, then the name (bare or qualified). The question
grammar (:data:`QUESTION_TARGET`) holds it whole, where its ``/`` had cut the name to the tail after
the last folder; :func:`in_file` then reads it as that file's definition, the graph's node
``path::qualname``, or says in one line why not; :func:`files_defining` reads it, for a
question of where it is defined, as the files among those defining the name that the path ends.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable, Collection, Sequence
from typing import Final

from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.locations import is_file_name
from maguyva_tui.core.names import QUESTION_NAME
from maguyva_tui.core.types import Symbol, echo

FILE_PATH: Final = r"(?<![\w.@+/-])(?:\./)?(?:[\w.@+-]{1,100}/){0,16}[\w.@+-]{1,100}"
"""A file's path as a question writes it: folders separated by ``/``, each segment a run of one
class without ``/`` or ``:`` (so no two repetitions share a character: linear), starting only
where a token starts (the look-behind: a long run of letters is tried once, not at each letter)."""

QUESTION_TARGET: Final = rf"(?:{FILE_PATH}::?)?{QUESTION_NAME}"
"""A symbol named in a question, optionally through its file (``cli.py::locate_app``)."""

_IN_FILE: Final = lazy(rf"(?P<path>{FILE_PATH})::?(?P<name>{QUESTION_NAME})")

SHOWN: Final = 3
"""Files a notice names at most (then "..." and how many)."""


def split(text: str) -> tuple[str, str] | None:
    """The file and the name of ``path::name`` or ``path:name`` written alone (backticks and
    call parentheses around it allowed); ``None`` for anything else: a qualified name
    (``std::vector``, ``a.b``), a ``path:line`` place, a path alone."""
    written = text.strip().strip("`").removesuffix("()")
    match = _IN_FILE.fullmatch(written)
    if match is None:
        return None
    written_path = match.group("path")  # ./app::parse_config: a folder, as its ./ says
    path = written_path.removeprefix("./")
    return (path, match.group("name")) if is_file_name(path) or "/" in written_path else None


def in_path(file: str, path: str) -> bool:
    """Whether a file is the path written (or ends with it), or lies in the folder it names
    (``src/preset``, a tail of its path too: ``where is Hono defined in src/preset``)."""
    if file == path or file.endswith("/" + path):
        return True
    return not is_file_name(path) and (file.startswith(path + "/") or f"/{path}/" in file)


def first_in(text: str) -> str | None:
    """The first name written through its file in a text, as its target (``path::name``); ``None``
    when there is none."""
    for match in _IN_FILE.finditer(text):
        path = match.group("path").removeprefix("./")
        if is_file_name(path) and ".." not in path.split("/"):  # ../x.py::f: a place outside (path_in)
            return joined(path, match.group("name"))
    return None


_QUOTED_PATH: Final = lazy(r"[\"'`\u201c\u2018]([^\"'`\u201c\u201d\u2018\u2019\n]{1,300})[\"'`\u201d\u2019]")
"""A quoted text that may be a path with blanks in it (``"my dir/a.py"``)."""
_SEGMENT: Final = lazy(r"[\w.@+ -]{1,100}")
"""One folder or file name of a path a question writes (a blank only inside quotes)."""
_FOLDER_WORD: Final = lazy(r"[\w.@+-]*[A-Za-z][\w.@+-]+")
"""A lone folder's name written with its ``/`` (``english/``): two characters or more, a letter."""
_WRAPPING: Final = "\"'`\u201c\u201d\u2018\u2019()[]{}<>"
_TRAILING: Final = "?!,;:."


def path_in(text: str) -> str | None:
    """The first file or folder path a question names, as the repository writes it
    (``src/urllib3/util/retry.py``, ``./pkg/sub/``, ``src\\pkg\\a.py``, ``"my dir/a.py"``), or
    ``None``. A path holds a ``/`` (a back-slash where it ends in a file's name: ``App\\Models\\User``
    is PHP's namespace), and is no URL; its ``./`` and a trailing ``/`` are taken off, but a lone
    folder's ``/`` (``english/``) and ``./`` (``./utils``) stay: they say it is a path. Its folders'
    words had been read as the question's target: "what breaks if I change src/urllib3/util/retry.py"
    asked about ``src``."""
    for match in _QUOTED_PATH.finditer(text):
        if (found := _as_path(match.group(1).strip())) is not None:
            return found
    for word in text.split():
        if (found := _as_path(_unpunctuated(word), blanks=False)) is not None:
            return found
        if (found := _outside_file(_unpunctuated(word))) is not None:
            return found
    return None


_NAMED_IN: Final = lazy(rf"(?P<path>[^:\s]{{1,2000}}?)::?(?P<name>{QUESTION_NAME})")
"""A word naming a name through a path (``/etc/passwd::f``), any path: :func:`_outside_file` keeps
those outside the root."""


def outside_file(word: str) -> str | None:
    """The path outside the root a name is written through (``/etc/passwd::f``, ``../x.py:f``), as
    :func:`path_in` reads it from a question; ``None`` for any other word."""
    return _outside_file(word)


def outside_path(word: str) -> str | None:
    """A word that is a path above or beside the root (``/etc/passwd``, ``../x``, ``~/src``) as
    written; ``None`` for any other word."""
    return _outside_path(word, blanks=False)


def _outside_file(word: str) -> str | None:
    """The path of a name written through a path outside the root (``/etc/passwd::f``,
    ``../x.py:f``, ``~/a.rs::Value``): no indexed file is it, and the answer says so in one line.
    It had been read as the name ``passwd::f`` (or ``../x.py::f``, which the graph has never
    heard of), and "nothing in the graph calls" it, with exit status 0."""
    match = _NAMED_IN.fullmatch(word)
    return _outside_path(match.group("path"), blanks=False) if match else None


def _unpunctuated(word: str) -> str:
    """A word less the quotes, brackets and sentence marks around it; a closing ``..`` is a folder
    (``pkg/../..``), not a full stop."""
    wrapped = word.strip(_WRAPPING)
    climbing = wrapped.rstrip(_TRAILING.replace(".", ""))
    if climbing.endswith("/..") or climbing == "..":
        return climbing
    return wrapped.rstrip(_TRAILING).strip(_WRAPPING)


def _as_path(word: str, blanks: bool = True) -> str | None:
    """``word`` as a repository's path when it is shaped like one, else ``None``: a file's without
    its ``./``; a folder's or an extension-less module's (``./utils``) as written, less a trailing ``/``."""
    word = slashed(word)
    if "/" not in word or "://" in word or "//" in word.lstrip("/"):
        return None
    if (outside := _outside_path(word, blanks)) is not None:
        return outside
    relative = word.startswith("./")
    bare = word
    while bare.startswith("./"):
        bare = bare[2:]
    bare = bare.rstrip("/")
    segments = bare.split("/")
    if not bare or any(s in ("", ".", "..") or not _SEGMENT.fullmatch(s) or s != s.strip() for s in segments):
        return None
    if not blanks and any(" " in s for s in segments):
        return None
    if is_file_name(bare):
        return bare
    if len(segments) < 2 and not relative:
        return bare + "/" if word.endswith("/") and _FOLDER_WORD.fullmatch(bare) else None  # english/; and/or
    if any(len(s) < 2 or not any(c.isalpha() for c in s) for s in segments):
        return None  # I/O, 1/2, a/b: words, not folders
    return "./" + bare if relative else bare


def slashed(written: str) -> str:
    """A file's path written with Windows' back-slashes (``src\\pkg\\a.py``) as the index writes
    it (``src/pkg/a.py``); any other text as it is (PHP's ``App\\Models\\User`` is a namespace)."""
    if "\\" in written and "/" not in written and is_file_name(written.replace("\\", "/")):
        return written.replace("\\", "/")
    return written


def _outside_path(word: str, blanks: bool) -> str | None:
    """``word`` as written (less a leading ``./`` and a trailing ``/``) when it is a path above or
    beside the root: absolute (``/etc/passwd``), from home (``~/src``) or climbing out
    (``../outside/secret.py``, ``pkg/../..``); ``None`` for any other word. No indexed file or
    folder is one, and the answer says so in one line, as the MCP tools do: its first folder had
    been the question's target ("who imports /etc/passwd": "no symbol named etc")."""
    bare = word.rstrip("/")
    while bare.startswith("./"):
        bare = bare[2:]
    head = "/" if bare.startswith("/") else "~/" if bare.startswith("~/") else ""
    segments = bare[len(head):].split("/")
    if not head and ".." not in segments:
        return None
    named = [s for s in segments if s not in (".", "..")]
    if any(not _SEGMENT.fullmatch(s) or s != s.strip() or (" " in s and not blanks) for s in named):
        return None
    if head and (not named or not is_file_name(bare) and any(
            len(s) < 2 or not any(c.isalpha() for c in s) for s in named)):
        return None  # /, /1/2, and /s: words, not folders
    return bare


def joined(path: str, name: str) -> str:
    """The target a question's classifier gives a name written through its file: ``path::name``."""
    return f"{path}::{name}"


def in_file(lookup: Callable[[str], Sequence[Symbol]], target: str) -> tuple[str | None, str | None]:
    """Read a target written as ``path::name`` as the definition of ``name`` in the file that
    path ends (the graph's node id), and a notice when it cannot be that one definition: several
    files end so (every definition is then followed, the notice names the files), or none of
    the files defining ``name`` does (the same, the notice names where ``name`` is defined).
    ``(None, None)`` for any other target, or a name no file defines (its own answer says so)."""
    parts = split(target)
    if parts is None:
        return None, None
    path, name = parts
    found = lookup(name)  # the structural engine's definitions of a name as written
    if not found:
        return None, None
    chosen = sorted({(s.path, s.qualname) for s in found if in_path(s.path, path)})
    exact = [c for c in chosen if c[1] == name]  # the file's top-level one, as a bare name reads elsewhere
    if len(chosen) == 1 or len(exact) == 1:
        from maguyva_tui.core.graph.tables import symbol_id  # here: a question that reads no graph never loads it

        return symbol_id(*(exact or chosen)[0]), None
    places = sorted({(s.path, s.start_line) for s in found})
    if chosen:
        files = sorted({p for p, _ in chosen})
        return name, (f"{len(chosen)} definitions of {echo(name)} are in files ending {echo(path)} "
                      f"({_listed([f'{p}::{q}' for p, q in chosen])}); following every {echo(name)}: ask with more of the "
                      f"path for one ({echo(joined(files[0], name))})" if len(files) > 1 else
                      f"{len(chosen)} definitions of {echo(name)} are in {files[0]} "
                      f"({_listed([q for _, q in chosen])}); following every {echo(name)}")
    return name, (f"no {_files_at(path)} defines {echo(name)}; it is defined in "
                  f"{_listed([f'{p}:{line}' for p, line in places])}; following every {echo(name)}")


def elsewhere_in(lookup: Callable[[str], Sequence[Symbol]], files: Collection[str],
                 target: str) -> tuple[str, str, tuple[str, ...], str] | None:
    """A target written as ``path::name`` whose path names indexed files none of which defines
    ``name`` (``who calls is_optional in dacite/core.py``, ``is_optional`` being ``dacite/types.py``'s),
    as the name, the path as written, the files it names and where ``name`` is defined: its callers,
    references or impact are then those located in the file, as a folder's are
    (:func:`~maguyva_tui.core.folder_scope.kept_in`); every caller had been listed. ``None`` for any
    other target: a file defining the name (:func:`in_file`), a path no indexed file ends, a name no
    file defines."""
    parts = split(target)
    if parts is None:
        return None
    path, name = parts
    found = lookup(name)
    if not found or any(in_path(s.path, path) for s in found):
        return None
    held = tuple(sorted(f for f in files if in_path(f, path)))
    if not held:
        return None
    places = sorted({(s.path, s.start_line) for s in found})
    return name, path, held, _listed([f"{p}:{line}" for p, line in places])


def files_defining(lookup: Callable[[str], Sequence[Symbol]], target: str) -> tuple[str, frozenset[str], str | None] | None:
    """Read a definition question's target written as ``path::name`` (``where is b.py::helper
    defined``) as the name and the files defining it that the path ends, with a notice when none
    does (then every file defining it: the notice names where). ``None`` for any other target, or
    a name no file defines (its own answer says so)."""
    parts = split(target)
    return None if parts is None else defining_in(lookup, *parts)


def defining_in(lookup: Callable[[str], Sequence[Symbol]], path: str, name: str) -> tuple[str, frozenset[str], str | None] | None:
    """:func:`files_defining` of ``name`` in the file or folder ``path`` (``cli``, a folder's name
    alone, as ``where is cc_visit defined in cli`` writes it)."""
    found = lookup(name)
    if not found:
        return None
    files = frozenset(s.path for s in found if in_path(s.path, path))
    if files:
        return name, files, None
    places = sorted({(s.path, s.start_line) for s in found})
    return name, frozenset(s.path for s in found), (
        f"no {_files_at(path)} defines {echo(name)}; it is defined in "
        f"{_listed([f'{p}:{line}' for p, line in places])}; listing every {echo(name)}")


def _files_at(path: str) -> str:
    """``file ending a.py`` for a file's path, ``file in src/pkg`` for a folder's."""
    return f"file ending {echo(path)}" if is_file_name(path) else f"file in {echo(path)}"


def _listed(items: list[str]) -> str:
    return ", ".join(items[:SHOWN]) + (f", ... ({len(items)} in all)" if len(items) > SHOWN else "")


MAX_LINKED_FOLDERS: Final = 32
"""The folders above an absolute path checked at most for a link to the root (one ``stat`` each)."""

_ABSOLUTE_WORD: Final = lazy(r"(?<![^\s\"'`(\[<])/[^\s\"'`)\]>/]+/[^\s\"'`)\]>]+")
"""An absolute path written in a question, from a token's start: at least a folder and a name."""


def through_link(name: str, root: str) -> str | None:
    """The rest of an absolute ``name`` (``/tmp/rlink/src/x.py::Value``) after the folder above it that
    is the repository's ``root`` spelled otherwise: a link to it, or a folder the root's path goes
    through a link from (macOS's ``/tmp`` for ``/private/tmp``), as an agent whose shell stands in
    the linked folder writes every path; the shortest such folder, and only a folder, never the
    name's file (``src/x.py``); ``None`` when no folder above it is the root. Each folder is
    ``stat``-ed, nothing is read: the rest is looked up in the index alone, so a link inside the
    root to a folder outside it is still no indexed path."""
    top = root.rstrip("/")
    if not top or not name.startswith("/") or name.startswith("//") or name.startswith(top + "/"):
        return None
    at, checked = name.find("/", 1), 0
    while at != -1 and checked < MAX_LINKED_FOLDERS:
        rest = name[at + 1:]
        if not rest.strip("/"):
            return None
        checked += 1
        try:
            if os.path.samefile(name[:at], top):
                return rest
        except (OSError, ValueError):  # no such folder (or a NUL in it): no link to the root there
            pass
        at = name.find("/", at + 1)
    return None


def _linked(text: str, root: str) -> dict[str, str]:
    """Each absolute path a question writes through a link to ``root`` (:func:`through_link`), as
    written, with what it reads from the root; empty when the question writes none (no ``stat``
    then: a question without an absolute path costs nothing more)."""
    if "/" not in text or not root.rstrip("/"):
        return {}
    found: dict[str, str] = {}
    for match in _ABSOLUTE_WORD.finditer(text):
        written = _unpunctuated(match.group())
        rest = through_link(written, root) if written not in found else None
        if rest:
            found[written] = rest
    return found


def through_root(text: str, root: str) -> str:
    """A question with each path written through the repository's absolute ``root``
    (``who calls /home/u/repo/src/value.rs::Value``, as an agent's file tools write paths), or
    through a link to it (:func:`through_link`), read from the root (``src/value.rs::Value``), as
    the MCP tools and ``maguyva graph`` read a name (:func:`~maguyva_tui.core.answers.from_root`):
    the question had kept the tail after the last folder, ``value.rs``, and followed the ``Value``
    of every file so named. The root alone stays."""
    top = root.rstrip("/") + "/"
    if top == "/":
        return text
    if top in text:
        text = re.sub(rf"(?<![^\s\"'`(\[<]){re.escape(top)}(?=[^\s\"'`)\]>])", "", text)
    for written, rest in _linked(text, root).items():
        text = re.sub(rf"(?<![^\s\"'`(\[<]){re.escape(written)}", rest.replace("\\", "\\\\"), text)
    return text


def rooted_paths(text: str, root: str) -> tuple[str, ...]:
    """The paths a question writes through the repository's absolute ``root`` or a link to it, read
    from it as :func:`through_root` reads them (``/home/u/repo/link/passwd`` -> ``link/passwd``): a
    path so written is one, never two words of prose joined by a slash (``input/output``), where the
    reading had lost its leading ``/``."""
    top = root.rstrip("/") + "/"
    if top == "/":
        return ()
    found: list[str] = []
    if top in text:
        matches = re.finditer(rf"(?<![^\s\"'`(\[<]){re.escape(top)}(?P<p>[^\s\"'`)\]>]+)", text)
        found = [_unpunctuated(m.group("p")) for m in matches]
    found += _linked(text, root).values()
    return tuple(dict.fromkeys(found))


_OUTSIDE_PLACE: Final = lazy(
    r"\s(?:in|under|inside|within)\s+(?:the\s+)?(?:(?:folder|directory|dir|file|package|module)\s+)?"
    r"(?P<p>(?:/|\.\./|~/|\.\.(?=[\s?]|$))\S{0,400}?)\s*\??\s*$",
    re.I,
)
"""A question closing on a place above or beside the root: ``in /etc``, ``in ../x``, ``in ~/src``."""


def outside_place(text: str, root: str) -> tuple[str, str] | None:
    """A question closing on a place outside the repository (``where is Value defined in /etc``,
    ``in ../x``) as the question without it and the place as written; ``None`` for any other
    (a place under the root is read from it: :func:`through_root`). Its answer says in one line
    that the place is outside the root: every ``Value`` had been listed without a word, where
    ``in src/nothere`` says that no file there defines it."""
    match = _OUTSIDE_PLACE.search(text)
    if match is None:
        return None
    place = match.group("p")
    if place.rstrip("/") == root.rstrip("/"):
        return None  # the root itself: the whole repository
    return text[: match.start()].rstrip() + text[match.end("p"):].rstrip(), place


_DOTTED_PATH: Final = lazy(r"(?<![^\s\"'`(\[<])(?![/~])[\w.@+-]+(?:/[\w.@+-]*)+")
"""A relative path in a question, from a token's start (an absolute or home one is outside, or read
from the root first: :func:`through_root`), ``//`` and ``.`` or ``..`` folders allowed."""


def normal_path(written: str) -> str | None:
    """A relative path with ``.`` or ``..`` folders or a doubled ``/`` inside (``radon/../radon/complexity.py``,
    ``radon//complexity.py``) as it names the file: ``radon/complexity.py``, a leading ``./`` and a trailing
    ``/`` kept (they say it is a path); ``None`` for a path with none, or one that climbs above the root
    (``radon/../../x.py``: outside it, and said so) or ends there (``radon/..``)."""
    lead = ""
    while written.startswith("./"):
        lead, written = "./", written[2:]
    trail = "/" if written.endswith("/") else ""
    inner = written.rstrip("/")
    segments = inner.split("/")
    if not any(s in ("", ".", "..") for s in segments):
        return None
    normal = posixpath.normpath(inner)
    if normal in (".", "..") or normal.startswith("../") or normal.startswith("/"):
        return None
    return lead + normal + trail


def normal_name(name: str) -> str:
    """A name a tool is given (``radon//complexity.py::cc_visit``, ``radon/../radon/complexity.py``)
    with its path read as :func:`normal_path` reads it; any other name as it is."""
    path, colon, rest = name.partition(":")
    normal = normal_path(path) if "/" in path and not path.startswith(("/", "~")) else None
    return name if normal is None else normal + colon + rest


def normalised(text: str, known: Callable[[str], bool]) -> str:
    """A question with each relative path it writes through ``.``, ``..`` or ``//``
    (``who calls radon//complexity.py::cc_visit``) read as the path it names, where ``known`` says an
    indexed file or folder is that one: it had been "no indexed file is radon/../radon/complexity.py".
    A path that climbs above the root stays as written (outside the root, and said so); a text
    without such a path is returned as it is."""
    if "/." not in text and "//" not in text:
        return text

    def read(match: re.Match[str]) -> str:
        word = match.group()
        path = _unpunctuated(word) if word.endswith(("..", ".")) else word
        normal = normal_path(path)
        if normal is None or not known(normal.removeprefix("./").rstrip("/")):
            return word
        return normal + word[len(path):]

    return _DOTTED_PATH.sub(read, text)
