"""Places a question spells out: a file, a file and a line, the frames of a pasted trace.

A developer pastes what a tool printed (``File "/home/u/app/src/flask/app.py", line 1491, in
__call__``, ``src/main.rs:10:5``, ``at Object.<anonymous> (/srv/app/index.js:10:5)``,
``src/a.ts(10,5): error TS2322``) or types a path (``src/flask/app.py``): what is wanted is that
place in the repository, not code that resembles the words. :func:`parse` reads the places a text
names (no regular expression that can backtrack: the text is cut into tokens once and each token
taken apart from its end); :func:`resolve` finds each in the index's paths, whatever folder the
trace was printed from (the longest tail of the path that the index holds, else the indexed files
that end with it), and :func:`place` turns them into the structural engine's list: each place's
smallest enclosing definition (the chunk fusion would show), innermost frame of a Python trace
first, each chunk once.

A place the index does not hold is left out; a question whose places are all elsewhere (a trace
through the standard library only) is read again without this rule (:mod:`~maguyva_tui.core.intent`).
"""

from __future__ import annotations

import posixpath
import re
import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import PurePosixPath
from typing import Final, Protocol

from maguyva_tui.core.parsing.extensions import EXTENSIONS
from maguyva_tui.core.types import Chunk, Hit

LOCATION_RULE: Final = "location"
"""The classifier's rule for a question that names places (:func:`names_places`)."""

READ_CHARS: Final = 4096
"""The head of a question read for places, as the classifier reads a question (``intent.MAX_CLASSIFY_CHARS``):
a long pasted trace's innermost frame is the one within it, for the classifier and the engines alike."""
MAX_PLACES: Final = 64
"""Places read from one text at most (a pasted log of thousands of lines names the first ones)."""

TEXT_EXTENSIONS: Final = frozenset(
    {".md", ".rst", ".txt", ".toml", ".yaml", ".yml", ".json", ".cfg", ".ini", ".html", ".htm", ".css",
     ".scss", ".xml", ".sh", ".bash", ".sql", ".proto", ".gradle", ".lock", ".mk", ".cmake", ".vue", ".svelte"}
)
"""Extensions besides the parsed languages' that make a lone word a file name (``config.json``)."""

_FRAME: Final = re.compile(r'File "([^"\n]{1,1000})", line (\d{1,9})')
"""A Python traceback's frame: a negated class then fixed text, so a failed match costs one pass."""
_TRACE_HEAD: Final = "Traceback (most recent call last)"
_TOKEN: Final = re.compile(r"[^\s\"'`<>\[\]{}|,;]+")
"""A run of characters a path can hold (split at spaces, quotes and brackets once, left to right)."""
_SPELLED_LINE: Final = re.compile(
    r"lines?\s{1,9}(?P<n>\d{1,9})(?:\s{0,9}(?:-|\u2013|to)\s{0,9}(?P<e>\d{1,9}))?"
    r"\s{1,9}(?:of|in)\s{1,9}(?P<p>[^\s\"'`<>]{1,500}?)\s{0,9}\??"
    r"|(?P<q>[^\s\"'`<>]{1,500}?)[,:]?\s{1,9}lines?\s{1,9}(?P<m>\d{1,9})"
    r"(?:\s{0,9}(?:-|\u2013|to)\s{0,9}(?P<f>\d{1,9}))?\s{0,9}\??",
    re.I,
)
"""A file and a line (or lines) in words, the whole question: "line 120 of wait.py", "wait.py line
120", "lines 60-70 of esc.go" (they had been questions about meaning, the file's name and the number
two of their words)."""
_EDGE: Final = "()<>:.,;!?*"
"""Punctuation around a place in prose or in a stack line (``(/srv/app/index.js:10:5)``, ``a.py:3:``)."""


@dataclass(frozen=True, slots=True)
class Place:
    """A path as written, and the line it names (``None``: the file), or the first of a range of
    lines that ends at ``end`` (``path:60-70``; ``None``: one line)."""

    path: str
    line: int | None = None
    end: int | None = None

    def __str__(self) -> str:
        if self.line is None:
            return self.path
        return f"{self.path}:{self.line}" if self.end is None else f"{self.path}:{self.line}-{self.end}"

    @property
    def lines(self) -> str:
        """The line or lines, as a sentence names them: "line 60", "lines 60-70"."""
        return f"line {self.line}" if self.end is None else f"lines {self.line}-{self.end}"


def parse(text: str) -> tuple[Place, ...]:
    """The places a text names, in its order, each once: a Python trace's frames innermost first,
    ``path:line[:column]`` and ``path(line,column)`` anywhere, or the whole text when it is one
    path. A word that only looks like a file name inside a sentence ("how does app.py log") is a
    word of the sentence, not a place."""
    text = text[:READ_CHARS].strip()
    frames = [Place(_clean(path), int(line)) for path, line in _FRAME.findall(text)]
    if frames:
        if _TRACE_HEAD in text or len(frames) > 1:
            frames.reverse()  # Python prints the innermost frame last: it is the one asked about
        return _unique(frames)
    spelled = _SPELLED_LINE.fullmatch(text)
    if spelled is not None and (place := _place_of(spelled["p"] or spelled["q"], spelled["n"] or spelled["m"],
                                                   spelled["e"] or spelled["f"])):
        return (place,)
    tokens = _TOKEN.findall(text)
    found = [place for token in tokens if (place := _with_line(token) or link_place(token)) is not None]
    if found:
        return _unique(found)
    if len(tokens) == 1 and (place := _lone_path(tokens[0])) is not None:
        return (place,)
    return ()


_LINK_MARKS: Final = frozenset({"blob", "tree", "raw", "blame", "src", "edit", "history"})
"""The segment of a forge's file link after which come the revision and the file's path:
GitHub's ``/owner/repo/blob/main/src/app.py``, GitLab's ``/-/blob/``, Bitbucket's ``/src/``."""
_GITEA_REFS: Final = frozenset({"branch", "commit", "tag"})
"""Gitea and Codeberg name the revision's kind first: ``/src/branch/main/src/app.py``."""
_RAW_HOSTS: Final = frozenset({"raw.githubusercontent.com"})
"""Hosts whose links are ``/owner/repo/revision/path`` with no mark."""
_LINE_ANCHOR: Final = re.compile(r"(?:L|lines?-)(\d{1,9})(?:C\d{1,9})?(?:(?:-L?|:)(\d{1,9}))?")
"""A link's line or lines: GitHub's and GitLab's ``#L120`` (``#L120-L130``, ``#L120-130``, ``#L120C5``),
Bitbucket's ``#lines-120`` (``#lines-120:130``)."""


def link_place(token: str) -> Place | None:
    """The file (and line) a forge's file link names, pasted from a browser
    (``https://github.com/pallets/flask/blob/main/src/flask/app.py#L120`` -> ``src/flask/app.py:120``):
    the path after the link's mark and revision, read as a one-segment revision (a branch named
    ``feature/x`` leaves ``x/`` in front: :func:`resolve` tries each tail of a place's path, so the
    file is found all the same). ``None`` for any other text or URL (a page of documentation, a
    repository's front page): no file of the repository is named there."""
    read = _link(token)
    if read is None:
        return None
    path, fragment = read
    line = _LINE_ANCHOR.match(fragment)
    if line is None:
        return Place("/".join(path[1:]))
    return _numbered(Place("/".join(path[1:])), line.group(1), line.group(2))


def link_path(token: str) -> str | None:
    """A forge's file link's revision and file path as written, one after the other
    (``blob/feature/x/src/app.py`` -> ``feature/x/src/app.py``): where the revision ends cannot be
    read from the link (a branch's name may hold ``/``), so what names the file is a tail of it.
    ``None`` where :func:`link_place` names no file."""
    read = _link(token)
    return None if read is None else "/".join(read[0])


def _link(token: str) -> tuple[list[str], str] | None:
    """A forge's file link's segments from its revision on (a Gitea link's kind of revision left
    out), and its fragment; ``None`` when it names no file."""
    if "://" not in token:  # before the import: every question's every token is asked
        return None
    from urllib.parse import unquote, urlsplit  # here: only a question holding "://" pays for it

    try:
        link = urlsplit(token.strip(_EDGE.replace(".", "")))
    except ValueError:  # a malformed host ("http://[x"): no file named
        return None
    if link.scheme not in ("http", "https") or not link.netloc:
        return None
    parts = [unquote(p) for p in link.path.split("/") if p]
    if link.netloc.lower() in _RAW_HOSTS:
        rest = parts[2:]
    else:
        mark = next((i for i, p in enumerate(parts) if i >= 2 and p in _LINK_MARKS), None)
        if mark is None:
            return None
        rest = parts[mark + 1:]
        rest = rest[1:] if rest[:1] and rest[0] in _GITEA_REFS else rest
    path = rest[1:]
    if not path or ".." in path or not (len(path) > 1 or _known_file_name(path[0])):
        return None
    return rest, link.fragment


def _unique(places: Iterable[Place]) -> tuple[Place, ...]:
    return tuple(dict.fromkeys(places))[:MAX_PLACES]


def _clean(path: str) -> str:
    return path.strip().replace("\\", "/")


def _edges_off(token: str) -> str:
    """A token less the punctuation around it, a relative path's leading ``./`` or ``../`` and a
    dot file's dot kept: ``../x/a.py:3`` had been the place ``/x/a.py``, said as "no indexed file is
    /x/a.py" and read as a tail of a path inside the root (``x/a.py``), where a path outside the
    root names no file; ``.github/workflows/ci.yml:12`` had been ``github/workflows/ci.yml``."""
    head = token.lstrip(_EDGE.replace(".", ""))
    return head.rstrip(_EDGE) if _RELATIVE.match(head) else token.strip(_EDGE)


_RELATIVE: Final = re.compile(r"\.{1,2}/|\.[\w-]")


def _with_line(token: str) -> Place | None:
    """``path:line``, ``path:line:column`` or ``path(line,column)``, read from the token's end."""
    token = _edges_off(token)
    head, mark, anchor = token.rpartition("#")
    if mark and head and (line := _LINE_ANCHOR.match(anchor)) is not None:
        return _place_of(head, line.group(1), line.group(2))  # ``wait.py#L120``: it had read as a member wait.py.L120
    if token.endswith(")") or "(" in token:
        head, _, rest = token.rstrip(")").rpartition("(")
        numbers = rest.split(",")
        if head and 1 <= len(numbers) <= 2 and all(_digits(n) for n in numbers):
            return _place_of(head, numbers[0])  # ``src/a.ts(10,5)``
        token = rest or head  # a Java frame's file: ``com.x.Foo.bar(Foo.java:42)``
    parts = token.split(":")
    last = None
    if len(parts) > 1 and (ranged := _range(parts[-1])):
        parts[-1], last = ranged  # ``path:97-101``, as the answers write a result's lines and agents cite code
    numbers = []
    while len(parts) > 1 and _digits(parts[-1]) and len(numbers) < 2:
        numbers.append(parts.pop())
    if not numbers:
        return None
    return _place_of(":".join(parts), numbers[-1], last if len(numbers) == 1 else None)


def _range(text: str) -> tuple[str, str] | None:
    """The first and last line of a range of lines, ``97-101`` (or ``97–101``, an en dash), else ``None``."""
    first, dash, last = text.replace("\u2013", "-").partition("-")
    return (first, last) if dash and _digits(first) and _digits(last) else None


def _digits(text: str) -> bool:
    """Tell whether a text is a line number as tools print it: ASCII digits (``str.isdigit`` also
    takes ``²`` and ``①``, which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def _place_of(path: str, line: str, last: str | None = None) -> Place | None:
    path = _clean(_edges_off(path))
    if not _pathlike(path):
        return None
    return _numbered(Place(path), line, last)


def _numbered(place: Place, line: str, last: str | None) -> Place:
    """A place at a line, or at the lines from ``line`` to ``last`` (either way round; a range of
    one line is that line). Any length (a number past every file's end is said to be so); the text
    read, READ_CHARS, is shorter than the 4,300 digits int reads at most. Line 0 (some tools' "no
    line"): the file."""
    first, end = int(line), int(last) if last is not None else None
    if end is not None and end < first:
        first, end = end, first
    if not first:
        return place
    return Place(place.path, first, end if end is not None and end > first else None)


def _lone_path(token: str) -> Place | None:
    """A question that is one path (``src/flask/app.py``, ``app.py``, ``docker/Dockerfile``)."""
    path = _clean(token.strip(_EDGE.replace(".", "")))
    if "://" in path or not path or path.endswith("/"):
        return None
    has_folder = "/" in path.strip("/")
    return Place(path) if has_folder or _known_file_name(path) else None


def _pathlike(path: str) -> bool:
    """A path with a folder or a file name with a known extension, not a URL or a number."""
    if not path or "://" in path or path.endswith("/"):
        return False
    return "/" in path.strip("/") or _known_file_name(path)


def is_file_name(path: str) -> bool:
    """Tell whether a path ends in a file name of a parsed language or a known text format."""
    return _known_file_name(path)


def _known_file_name(path: str) -> bool:
    if "." not in path:  # no suffix (a lone identifier, every question's commonest token): no path made
        return False
    suffix = PurePosixPath(path).suffix.lower()
    return bool(suffix) and (suffix in EXTENSIONS or suffix in TEXT_EXTENSIONS)


def go_package_folder(files: Sequence[str]) -> str | None:
    """The folder of the Go package that several files are (every one Go, in one folder; ``""`` at
    the root), else ``None``: an import names the package, never one of its files, so its lines
    are the package's, not each file's (lo's ``mutable`` had been "3 files; name one by its path")."""
    folders = {posixpath.dirname(f) for f in files}
    if len(files) > 1 and len(folders) == 1 and all(f.endswith(".go") for f in files):
        return folders.pop()
    return None


# ---------------------------------------------------------------------------------------------
# Finding the places in an index.


class _Files(Protocol):
    """What resolving needs of a snapshot (read only, so a snapshot's typed members fit)."""

    @property
    def files(self) -> Mapping[str, object]: ...

    @property
    def manifest(self) -> object: ...


@dataclass(frozen=True, slots=True)
class Resolved:
    """An indexed file a place stands for, and the line asked (``None``: the file)."""

    path: str
    line: int | None
    place: Place


def resolve(places: Sequence[Place], snapshot: _Files) -> list[Resolved]:
    """The indexed files each place stands for, in the places' order: the longest tail of the
    place's path that is an indexed path (a trace printed on another machine, from another
    folder), else every indexed path that ends with the whole place (``app.py``, ``flask/app.py``:
    shallowest first), else every one ending with its longest tail of a folder and more (an installed
    package's ``site-packages/typeguard/_functions.py`` is ``src/typeguard/_functions.py``: a trace
    through it had named no indexed file). A place that matches none is not in this repository."""
    out: list[Resolved] = []
    for place in places:
        parts = [p for p in place.path.split("/") if p not in ("", ".")]
        if not parts or ".." in parts:
            continue
        tail = next((t for i in range(len(parts)) if (t := "/".join(parts[i:])) in snapshot.files), None)
        if tail is not None:
            out.append(Resolved(tail, place.line, place))
            continue
        named, ending = _by_name(snapshot).get(parts[-1], ()), []
        for start in range(max(len(parts) - 1, 1)):  # the whole place, then its tails keeping a folder
            wanted = "/".join(parts[start:])  # (a lone name, a stdlib frame's decoder.py, is no place)
            ending = [p for p in named if p.endswith("/" + wanted)]
            if ending:
                break
        out += [Resolved(p, place.line, place) for p in sorted(ending, key=lambda p: (p.count("/"), p))]
    return out


_NAMES: weakref.WeakKeyDictionary[object, dict[str, list[str]]] = weakref.WeakKeyDictionary()


def _by_name(snapshot: _Files) -> dict[str, list[str]]:
    """Indexed paths by file name, made once per snapshot when a place is not a tail of any path."""
    found = _NAMES.get(snapshot)
    if found is None:
        from maguyva_tui.core.store.file_table import paths_of  # numpy: not for classifying a question

        found = {}
        for path in paths_of(snapshot.manifest.files):  # type: ignore[attr-defined]
            found.setdefault(path.rpartition("/")[2], []).append(path)
        _NAMES[snapshot] = found
    return found


_PATH_TEXTS: weakref.WeakKeyDictionary[object, str] = weakref.WeakKeyDictionary()


def _path_text(snapshot: object) -> str:
    """Every indexed path of a snapshot, one a line between newlines, joined once per snapshot."""
    text = _PATH_TEXTS.get(snapshot)
    if text is None:
        from maguyva_tui.core.store.file_table import paths_of  # numpy: not for classifying a question

        text = _PATH_TEXTS[snapshot] = "\n" + "\n".join(paths_of(snapshot.manifest.files)) + "\n"  # type: ignore[attr-defined]
    return text


def holds_package(generation: object, name: str) -> bool | None:
    """Whether some indexed folder named ``name`` holds an ``__init__.py`` (a Python package that
    a lone word may name), read off the joined paths (:func:`file_names`'s text): a word that is
    no package's name is told so without reading the graph (a misspelled name on 100,000 files:
    0.4-0.6 s). ``None`` when the generation has no one snapshot to look in."""
    snapshot = getattr(generation, "snapshot", None)
    if snapshot is None or getattr(snapshot, "files", None) is None or getattr(snapshot, "manifest", None) is None:
        return None
    text = _path_text(snapshot)
    return f"\n{name}/__init__.py\n" in text or f"/{name}/__init__.py\n" in text


def file_names(generation: object, stem: str) -> list[str] | None:
    """The indexed files' names whose name less its extension is ``stem`` (``rich_utils`` ->
    ``rich_utils.py``), of the extensions a place may have, sorted; ``None`` when the generation
    has no one snapshot to look in (nor is a workspace's view). The paths are joined into one text once
    per snapshot and searched for the name (100,000 paths: a few milliseconds, where a table of
    every name made once cost a lone word's first question a third of a second). A workspace's
    view asks each repository (its ``file_names``)."""
    ask = getattr(generation, "file_names", None)
    if ask is not None:
        return list(ask(stem))
    snapshot = getattr(generation, "snapshot", None)
    if snapshot is None or getattr(snapshot, "files", None) is None or getattr(snapshot, "manifest", None) is None:
        return None
    text = _path_text(snapshot)
    needle, found = stem + ".", set()
    at = text.find(needle)
    while at >= 0:
        if text[at - 1] in "/\n":
            name = text[at : text.index("\n", at)]
            if "/" not in name and name.count(".") == 1 and _known_file_name(name):
                found.add(name)
        at = text.find(needle, at + 1)
    return sorted(found)


class _Chunks(Protocol):
    """What placing needs of a generation."""

    snapshot: _Files

    def chunk_at(self, path: str, line: int) -> Chunk | None: ...


def asks_places(intent: str | None, target: str | None, text: str) -> bool:
    """Whether an engine's query is a question read by the place rule (its target the first place
    its text names): the structural engine then lists those places and nothing else, so that a
    repository holding none of them says nothing (and one repository alone asks again without them)."""
    if intent != "find_definition" or not target:
        return False
    named = parse(text)
    return bool(named) and str(named[0]) == target


def placed(generation: object, text: str) -> list[Hit] | None:
    """The structural engine's list for a question that names places: each place's smallest
    enclosing definition (else its window of lines), each chunk once, best first; empty when the
    index holds none of them; ``None`` when the generation has no one snapshot to look in (a
    workspace's view, whose shards each place the question in their own index)."""
    snapshot = getattr(generation, "snapshot", None)
    if getattr(snapshot, "files", None) is None or not hasattr(generation, "chunk_at"):
        return None
    named = parse(text)
    if not named:
        return []
    return _hits(generation, snapshot, resolve(named, snapshot))  # type: ignore[arg-type]


_SPACED: Final = re.compile(r"(?P<path>\S.*?\S)(?::(?P<line>\d+)(?:[-\u2013](?P<end>\d+))?)?")
"""A whole question that may be one path holding blanks and its line or lines."""


def spaced_place(generation: object, text: str) -> list[Hit] | None:
    """The structural engine's list for a question that is one indexed file's path holding a blank
    and its line (``src/日本 語/モジュール.py:1``, ``with space/a b.py:3-5``), which the places a
    question names cannot hold (they end at a blank): "no indexed file is 語/モジュール.py" had been
    said of a file that is indexed. ``None`` for any other question, and a workspace's view."""
    snapshot = getattr(generation, "snapshot", None)
    files = getattr(snapshot, "files", None)
    found = _SPACED.fullmatch(text.strip())
    if files is None or found is None or not any(c.isspace() for c in found["path"]) or not hasattr(generation, "chunk_at"):
        return None
    path = found["path"].removeprefix("./")
    if path not in files:
        return None
    place = _numbered(Place(path), found["line"], found["end"]) if found["line"] else Place(path)
    return _hits(generation, snapshot, [Resolved(path, place.line, place)])  # type: ignore[arg-type]


def file_hits(generation: object, paths: Sequence[str]) -> list[Hit]:
    """The structural engine's list for files the question names another way than by their paths
    (a Go package's import path: its files), each file's first chunk, in the order given."""
    snapshot = getattr(generation, "snapshot", None)
    if getattr(snapshot, "files", None) is None or not hasattr(generation, "chunk_at"):
        return []
    resolved = [Resolved(path, None, Place(path)) for path in paths if path in snapshot.files]  # type: ignore[union-attr]
    return _hits(generation, snapshot, resolved)  # type: ignore[arg-type]


def written_file_hits(generation: object, paths: Sequence[tuple[str, str]]) -> list[Hit]:
    """:func:`file_hits` for a workspace's view (no one table of paths): each file as the view
    keys it and as its results write it (``repo/path``, said in the reason), in the order given."""
    snapshot = getattr(generation, "snapshot", None)
    if snapshot is None or not hasattr(generation, "chunk_at"):
        return []
    return _hits(generation, snapshot, [Resolved(path, None, Place(written)) for path, written in paths])  # type: ignore[arg-type]


def _hits(generation: _Chunks, snapshot: _Files, resolved: Sequence[Resolved]) -> list[Hit]:
    hits: dict[tuple[str, int, int], Hit] = {}
    for found in resolved:
        count = snapshot.line_count(found.path)  # type: ignore[attr-defined]
        line = min(found.line or 1, max(count, 1))
        said = f"{found.place.lines} of {found.place.path}" if found.line is not None else f"file {found.place.path}"
        if found.line is not None and found.line > count:
            said += f" (past its last line, {count})"
        for chunk in _chunks_over(generation, found.path, line, min(found.place.end or line, count)):
            start, end = (chunk.start_line, chunk.end_line) if chunk is not None else (line, line)
            key = (found.path, start, end)
            if key not in hits:
                hits[key] = Hit(found.path, start, end, 0.0, chunk.symbol if chunk else None,
                                chunk.kind if chunk else None, chunk.language if chunk else None, said)
    # Scores count down in whole steps, so that the places keep the order written (a trace's
    # innermost frame first, a range's definitions by line): the direct path breaks ties inside a
    # whole step by centrality (fusion.tie_class), and a range's methods had come by it.
    return [replace(hit, score=float(len(hits) - i)) for i, hit in enumerate(hits.values())]


RANGE_CHUNKS: Final = 50
"""The definitions a range of lines lists at most (``a.py:1-100000``: its first 50)."""
RANGE_LOOKUPS: Final = 10_000
"""The lines of a range asked for their definition at most (lines no chunk holds are asked one by one)."""


class _ChunkAt(Protocol):
    """What listing a range's definitions needs of a generation."""

    def chunk_at(self, path: str, line: int) -> Chunk | None: ...


def chunks_over(generation: _ChunkAt, path: str, line: int, last: int) -> list[Chunk]:
    """The definitions (else, where the lines hold none, windows) that hold the lines ``line`` to
    ``last`` of a file, in their order: each line's smallest, the next asked after its end (``esc.go:40-60`` across the end of
    one function and the start of the next: both, where the range had been its first line alone). A
    definition that goes on past the range (a class around the methods asked of) is read line by
    line, so that what it holds inside the range is found, and is left out where it began before the
    range and holds another one listed (``app.py:1348-1400``, three methods of a class: the methods,
    where the blank line after the first had listed the class and ended the scan; and where the
    range ends on the class's last line, whose end had ended it too)."""
    first = line
    found: list[Chunk] = []
    asked = 0
    while line <= last and len(found) < RANGE_CHUNKS and asked < RANGE_LOOKUPS:
        chunk = generation.chunk_at(path, line)
        asked += 1
        if chunk is None:
            line += 1
            continue
        if chunk not in found:
            found.append(chunk)
        # past a definition begun at or after the line asked; one begun before it (a class found from
        # the blank line after a method) may hold more, ending inside the range or past it: read on
        line = chunk.end_line + 1 if line <= chunk.start_line and chunk.end_line <= last else line + 1
    found = [chunk for chunk in found if not (chunk.start_line < first and any(
        other is not chunk and chunk.start_line <= other.start_line and other.end_line <= chunk.end_line
        and (other.start_line, other.end_line) != (chunk.start_line, chunk.end_line) for other in found))]
    defined = [chunk for chunk in found if chunk.symbol]
    return defined or found  # a window between two definitions (a blank line, a comment) is no news


def _chunks_over(generation: _Chunks, path: str, line: int, last: int) -> list[Chunk | None]:
    """:func:`chunks_over`, or the line alone (``None``: no chunk holds it)."""
    return [*chunks_over(generation, path, line, last)] or [None]
