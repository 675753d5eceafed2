"""Regular expressions compiled when a question first uses them, not when their module is imported.

A module of many patterns (``intent.py``: 74) compiled all of them in every process that imported
it, 12-13 ms of a ``maguyva search`` process's start-up, where one question uses a few of them.
:func:`lazy` stands for ``re.compile``: the pattern is compiled on its first use, and the module
global that holds it is then the compiled pattern itself, so that a warm process's later questions
read it as before; a pattern held elsewhere (in a tuple of rules) keeps each attribute read through
it (``search``, ``groupindex``...), and a later read costs about what a compiled pattern's does.
"""

from __future__ import annotations

import re
import sys
from typing import Any, AnyStr, cast


class _Lazy:
    """A pattern's source and flags until its first use; then its compiled pattern's attributes."""

    def __init__(self, pattern: str | bytes, flags: int, home: dict[str, Any]) -> None:
        self.pattern = pattern
        """The source, read without compiling (a pattern built from another's text)."""
        self._flags = flags
        self._home = home
        """The globals of the module that made it: the names bound to it there are rebound."""

    def __getattr__(self, name: str) -> Any:  # only for what the instance does not hold yet
        if name.startswith("__"):  # copy's and pickle's probes: a plain object's answer
            raise AttributeError(name)
        compiled = self.__dict__.get("_compiled")
        if compiled is None:
            compiled = self.__dict__["_compiled"] = re.compile(self.pattern, self._flags)
            home = self._home
            for key in [key for key, value in home.items() if value is self]:
                home[key] = compiled
        value = getattr(compiled, name)
        self.__dict__[name] = value
        return value

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}, {self._flags})"


def lazy(pattern: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """``re.compile(pattern, flags)``, compiled when first used (its methods and attributes only:
    until then it is no ``re.Pattern`` for ``isinstance``, nor one ``re.sub`` and the like accept)."""
    home = sys._getframe(1).f_globals  # the calling module's
    return cast(re.Pattern[AnyStr], _Lazy(pattern, flags, home))
