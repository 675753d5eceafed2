"""Which editor opens a result, and the command line that opens it at the line."""

from __future__ import annotations

import os
import shlex
import shutil
from pathlib import Path

FALLBACK_EDITORS = ("vi", "nano")
"""Tried in order when neither ``$EDITOR`` nor ``$VISUAL`` is set."""

_COLON_EDITORS = {
    "code",
    "code-insiders",
    "codium",
    "cursor",
    "zed",
    "subl",
    "sublime_text",
}
"""Editors that want ``path:line`` instead of ``+line path``."""

_GOTO_FLAG = {"code", "code-insiders", "codium", "cursor"}
"""The VS Code family needs ``-g`` before ``path:line``."""


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

    The path is made absolute first: a relative name that starts with ``-`` or ``+`` (``-c:!cmd``,
    ``+:!cmd``) would reach the editor as an option or a command to run, not as a file to open."""
    argv = editor_argv(environ)
    path = Path(os.path.abspath(path))
    name = Path(argv[0]).name
    if name in _COLON_EDITORS:
        flag = ["-g"] if name in _GOTO_FLAG else []
        return [*argv, *flag, f"{path}:{line}"]
    return [*argv, f"+{line}", str(path)]
