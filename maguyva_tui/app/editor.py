"""Which editor opens a result, and the command line that opens it at the line."""

from __future__ import annotations

import os
import re
import shlex
import shutil
from pathlib import Path

FALLBACK_EDITORS = ("vi", "nano")
"""Tried in order when neither ``$EDITOR`` nor ``$VISUAL`` is set."""

_GOTO_FLAG = {"code", "code-insiders", "code-oss", "codium", "vscodium", "cursor", "windsurf"}
"""The VS Code family: ``-g path:line``, read by VS Code's ``parseLineAndColumnAware``."""

_COLON_EDITORS = {*_GOTO_FLAG, "zed", "subl", "sublime_text"}
"""Editors that want ``path:line`` instead of ``+line path``."""

_JS_NUMBER = re.compile(r"[+-]?(?:Infinity|[0-9]+\.?[0-9]*(?:[eE][+-]?[0-9]+)?|\.[0-9]+(?:[eE][+-]?[0-9]+)?)"
                        r"|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|")
"""A string JavaScript's ``Number()`` reads as a number, once trimmed (the empty string is 0)."""


class NoEditor(RuntimeError):
    """No editor could be found; the message says what to set."""


def editor_argv(environ: dict[str, str] | None = None) -> list[str]:
    """Return the user's editor as an argument list: ``$EDITOR``, ``$VISUAL``, then vi or nano."""
    env = os.environ if environ is None else environ
    for var in ("EDITOR", "VISUAL"):
        value = env.get(var, "").strip()
        if value:
            try:
                argv = shlex.split(value)
            except ValueError as exc:  # an unbalanced quote: say so rather than fail the explorer
                raise NoEditor(f"${var} is not a command line ({exc}): {value!r}") from None
            if argv:
                return argv
    for name in FALLBACK_EDITORS:
        if shutil.which(name):
            return [name]
    raise NoEditor("no editor found: set $EDITOR (for example EDITOR=nano)")


def open_command(path: Path, line: int, environ: dict[str, str] | None = None) -> list[str]:
    """Return the command that opens ``path`` at ``line`` (``+LINE path`` unless the editor wants ``path:LINE``).

    A name that the editor's ``path:LINE`` reading would cut (``x:5``) is opened without a line, so
    the editor opens that file and not another (see :func:`_goto_reads_back`).

    The path is made absolute first: a relative name that starts with ``-`` or ``+`` (``-c:!cmd``,
    ``+:!cmd``) would reach the editor as an option or a command to run, not as a file to open."""
    argv = editor_argv(environ)
    path = Path(os.path.abspath(path))
    name = Path(argv[0]).name
    if name in _GOTO_FLAG:
        return [*argv, "-g", f"{path}:{line}"] if _goto_reads_back(str(path)) else [*argv, str(path)]
    if name in _COLON_EDITORS:
        return [*argv, f"{path}:{line}"] if not any(c in str(path) for c in ":(") else [*argv, str(path)]
    return [*argv, f"+{line}", str(path)]


def _goto_reads_back(path: str) -> bool:
    """Whether VS Code's ``-g path:LINE`` opens ``path`` itself at LINE.

    VS Code splits the argument at every colon and takes the first segment that ``Number()`` accepts
    as the line, the second as the column, whatever their place: a name with one (``x:5``, ``a::b``:
    the empty segment is 0) is opened as another file or at another line, with or without a column
    after it. Such a name is opened without ``-g``, at its top. The other ``path:line`` editors
    (zed, which also reads ``(row,col)`` in a name; Sublime Text, whose reading is not published) get
    a position only for a path without ``:`` or ``(``."""
    return not any(_JS_NUMBER.fullmatch(segment.strip()) for segment in path.split(":"))
