"""A Python attribute set from a declared parameter or a default made in its stead (hishel's
``self._storage = storage if storage is not None else FileStorage()`` of ``storage:
Optional[BaseStorage]``, ``self._serializer = serializer or JSONSerializer()`` of ``serializer:
Optional[BaseSerializer]``) holds either: a call on it is a site of the declared type's method and of
the default's, where only the default's had been listed (jedi lists the declared type's, and both for
the conditional). An undeclared parameter leaves the default alone, as before."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

STORAGES = """
class BaseStorage:
    def retrieve(self, key):
        raise NotImplementedError()

    def close(self):
        pass

class FileStorage(BaseStorage):
    def retrieve(self, key):
        return key
"""

POOL = """
from typing import Optional

from pkg.storages import BaseStorage, FileStorage

class Pool:
    def __init__(self, storage: Optional[BaseStorage] = None, other: "BaseStorage | None" = None, plain=None) -> None:
        self._storage = storage if storage is not None else FileStorage()
        self._other = other or FileStorage()
        self._plain = plain or FileStorage()

    def get(self, key):
        self._storage.retrieve(key)
        self._other.retrieve(key)
        self._plain.retrieve(key)
        self._storage.close()
"""


def test_a_given_value_or_its_default_is_either() -> None:
    files = {"pkg/storages.py": STORAGES, "pkg/pool.py": POOL}
    g = build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})
    assert sorted(s.line for s in callers(g, "BaseStorage.retrieve").sites) == [13, 14]
    assert sorted(s.line for s in callers(g, "FileStorage.retrieve").sites) == [13, 14, 15]
    assert sorted(s.line for s in callers(g, "BaseStorage.close").sites) == [16]
