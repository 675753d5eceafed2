"""What a path says about its file: someone else's code, build output, or generated text.

Engines order their own lists with it (a call site in a vendored copy after one in the
repository's code) and fusion demotes by it, so it lives below both.
"""

from __future__ import annotations

import re
from typing import Final

DEMOTED_DIRS: Final = frozenset(
    {"vendor", "third_party", "third-party", "node_modules", "build", "dist", "archive",
     "generated", "__generated__"}
)
"""Folders whose files are someone else's code, build output or old copies (any path component)."""

_DEMOTED_FILE: Final = re.compile(
    r"(?:_pb2(?:_grpc)?\.pyi?|\.pb\.(?:go|cc|h)|[._]generated\.[^/]+|\.min\.(?:js|mjs|css))$", re.I
)
"""Generated files (protobuf, ``*.generated.*``) and minified bundles, by file name."""

SECONDARY_DIRS: Final = frozenset(
    {"examples", "tests", "test", "testing", "docs", "doc", "samples", "demo", "demos", "benchmarks", "bench"}
)
"""Folders of code about the package rather than the package itself: its examples, tests and docs
(not ``example`` or ``sample``: ``com/example/`` is a Java package's own code)."""

_SECONDARY_FILE: Final = re.compile(
    r"^(?:test_.*\.py|conftest\.py|.*_test\.(?:py|go)|.*\.(?:test|spec)\.[jt]sx?|.*\.(?:md|markdown|rst|adoc|txt))$", re.I
)
"""Test files by name where no folder says so (``test_x.py``, ``x_test.go``, ``x.spec.ts``), and
prose wherever it lies (a README, a changelog): docs about the code, listed after it."""


def is_demoted(path: str) -> bool:
    """Tell whether a path is vendored, built, archived, generated or minified."""
    *folders, name = path.split("/")
    return any(f.lower() in DEMOTED_DIRS for f in folders) or bool(_DEMOTED_FILE.search(name))


def is_secondary(path: str) -> bool:
    """Tell whether a path holds examples, tests or docs rather than the package's own code; a
    folder's name is read without the underscores or dots around it (Jest's ``__tests__``, Go's
    ``_examples`` and ``testdata``-like conventions that keep a folder out of the build)."""
    *folders, name = path.split("/")
    return any(f.lower().strip("_.") in SECONDARY_DIRS for f in folders) or bool(_SECONDARY_FILE.match(name))
