"""What a path says about its file: someone else's code, build output, or generated text.

Engines order their own lists with it (a call site in a vendored copy after one in the
repository's code) and fusion demotes by it, so it lives below both.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from maguyva_tui.core.lazy_pattern import lazy

DEMOTED_DIRS: Final = frozenset(
    {"vendor", "third_party", "third-party", "node_modules", "build", "dist", "archive",
     "generated", "__generated__"}
)
"""Folders whose files are someone else's code, build output or old copies (any path component)."""

_DEMOTED_FILE: Final = lazy(
    r"(?:_pb2(?:_grpc)?\.pyi?|\.pb\.(?:go|cc|h)|[._]generated\.[^/]+|\.min\.(?:js|mjs|css))$", re.I
)
"""Generated files (protobuf, ``*.generated.*``) and minified bundles, by file name."""

SECONDARY_DIRS: Final = frozenset(
    {"examples", "tests", "test", "testing", "testdata", "docs", "doc", "samples", "demo", "demos", "benchmarks",
     "bench"}
)
"""Folders of code about the package rather than the package itself: its examples, tests and docs
(not ``example`` or ``sample``: ``com/example/`` is a Java package's own code)."""

_SECONDARY_FILE: Final = lazy(
    r"^(?:test_.*\.py|conftest\.py|.*_test\.(?:py|go)|.*_spec\.rb|.*\.(?:test|spec)\.[jt]sx?|.*\.(?:md|markdown|rst|adoc|txt)"
    r"|(?-i:README|CHANGES|CHANGELOG|HISTORY|NEWS|AUTHORS|CONTRIBUTORS|THANKS|LICEN[CS]E|COPYING|NOTICE|INSTALL|PKG-INFO))$",
    re.I,
)
"""Test files by name where no folder says so (``test_x.py``, ``x_test.go``, ``x.spec.ts``, RSpec's
``x_spec.rb``), and
prose wherever it lies (a README, a changelog), with or without an extension: the capitalised names
that convention gives a package's prose (``README``, ``LICENSE``, ``COPYING``, and ``PKG-INFO``, the
README that every Python source distribution copies into its metadata: orjson's ranked first for a
plain question, above the code it describes): docs about the code, listed after it."""


def _outside_go_build(folder: str) -> bool:
    """Whether ``go build`` ignores a folder: its name begins with ``_`` or ``.``."""
    return folder[:1] in ("_", ".")


def _rspec_folder(folder: str) -> bool:
    """Whether a folder is RSpec's: ``spec``."""
    return folder == "spec"


OWN_TOOLS_ASIDE: Final[dict[str, Callable[[str], bool]]] = {".go": _outside_go_build, ".rb": _rspec_folder}
"""Folders a language's own tools keep out of the build or run as tests, by the extension of the
file in them (any path component): Go's ``go build`` ignores folders whose names begin with ``_``
or ``.`` (goldmark's ``_tools/`` generators, ``testdata`` is in :data:`SECONDARY_DIRS`); RSpec runs
Ruby's ``spec/`` (faraday's specs). Not for other languages: a Python ``_internal/`` is the
package's own code, a ``spec/`` of a JSON schema library may be too."""


def is_demoted(path: str) -> bool:
    """Tell whether a path is vendored, built, archived, generated or minified."""
    *folders, name = path.split("/")
    return any(f.lower() in DEMOTED_DIRS for f in folders) or bool(_DEMOTED_FILE.search(name))


def is_secondary(path: str) -> bool:
    """Tell whether a path holds examples, tests or docs rather than the package's own code; a
    folder's name is read without the underscores or dots around it (Jest's ``__tests__``, Go's
    ``_examples``); a Go or Ruby file also in the folders its language's tools set aside
    (:data:`OWN_TOOLS_ASIDE`: Go's ``_tools/``, RSpec's ``spec/``)."""
    *folders, name = path.split("/")
    if any(f.lower().strip("_.") in SECONDARY_DIRS for f in folders) or _SECONDARY_FILE.match(name):
        return True
    aside = OWN_TOOLS_ASIDE.get(name[name.rfind("."):].lower()) if "." in name else None
    return aside is not None and any(aside(f.lower()) for f in folders)


def path_kinds(paths: list[str]) -> tuple[list[bool], list[bool]]:
    """:func:`is_demoted` and :func:`is_secondary` of many paths: each folder's part read once (a
    repository's files share few folders), each name's part per path (100,000 paths: each one's
    folders split and compared again, 0.4-0.5 s of a literal listed by factor)."""
    folders: dict[str | None, tuple[bool, bool, dict[str, bool]]] = {}
    demoted: list[bool] = []
    secondary: list[bool] = []
    for path in paths:
        folder, _, name = path.rpartition("/")
        key = folder if "/" in path else None  # "a.py" has no folder, "/a.py" an empty one
        kinds = folders.get(key)
        if kinds is None:
            parts = [f.lower() for f in folder.split("/")] if key is not None else []
            kinds = folders[key] = (any(f in DEMOTED_DIRS for f in parts),
                                       any(f.strip("_.") in SECONDARY_DIRS for f in parts),
                                       {ext: any(map(aside, parts)) for ext, aside in OWN_TOOLS_ASIDE.items()})
        demoted.append(kinds[0] or bool(_DEMOTED_FILE.search(name)))
        secondary.append(kinds[1] or bool(_SECONDARY_FILE.match(name))
                         or ("." in name and kinds[2].get(name[name.rfind("."):].lower(), False)))
    return demoted, secondary
