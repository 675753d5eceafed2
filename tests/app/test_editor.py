"""The editor command for names that an editor's ``path:line`` syntax would misread.

VS Code reads ``-g``'s argument as ``parseLineAndColumnAware`` in ``src/vs/base/common/extpath.ts``
does: split at every colon, the first segment that ``Number()`` accepts is the line, the second the
column, any further one is dropped, and the others, joined, are the path. A name with such a segment
(``x:5``, ``a::b``) is opened as another file, or at another line; ``path:line:1`` does not help, as
the first numeric segment is still the name's. Such a name is opened without ``-g``: the right file,
at its top.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from maguyva_tui.app.editor import open_command

_JS_NUMBER = re.compile(r"[+-]?(?:Infinity|[0-9]+\.?[0-9]*(?:[eE][+-]?[0-9]+)?|\.[0-9]+(?:[eE][+-]?[0-9]+)?)"
                        r"|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|")
NAMES = ["x:5", "x:5:7", "a::b.py", "a:.py", "v:1e3", "w:0x1F", "m: 12 ", "n:Infinity", "q:-3", "plain.py",
         "std:vec.rs", "a:b:c", "dir:2/f.py", "f(3).py", "f(3,4)", "x:", ":5"]


def _vscode_goto(argument: str) -> tuple[str, int | None]:
    """What VS Code opens for ``-g argument``: a port of its ``parseLineAndColumnAware``."""
    path: str | None = None
    line: int | None = None
    for segment in argument.split(":"):
        if not _JS_NUMBER.fullmatch(segment.strip(" \t\n\r\v\f")):  # Number(segment) is NaN
            path = segment if path is None else f"{path}:{segment}"
        elif line is None:
            number = _js_number(segment)
            line = int(number) if math.isfinite(number) else -1
    assert path is not None
    return path, line


def _js_number(segment: str) -> float:
    text = segment.strip(" \t\n\r\v\f")
    if text[1:2].lower() in ("x", "o", "b"):
        return int(text, 0)
    return float(text or 0)


@pytest.mark.parametrize("editor", ["code", "code --wait", "codium", "cursor", "code-insiders", "code-oss"])
@pytest.mark.parametrize("name", NAMES)
def test_vs_code_opens_the_file_it_was_given_and_at_the_line_only_when_it_can(editor: str, name: str) -> None:
    path = Path("/repo") / name
    command = open_command(path, 7, {"EDITOR": editor})
    assert command[:len(editor.split())] == editor.split()
    if "-g" in command:
        assert _vscode_goto(command[-1]) == (str(path), 7), command
    else:
        assert command[-1] == str(path) and command[-2] != "+7", command  # the path as it is, no position
    if ":" not in name and "(" not in name:
        assert command[-2:] == ["-g", f"{path}:7"]  # an ordinary name keeps its line


@pytest.mark.parametrize("editor", ["zed", "subl", "sublime_text"])
@pytest.mark.parametrize("name", NAMES)
def test_other_path_colon_line_editors_get_a_position_only_for_a_plain_name(editor: str, name: str) -> None:
    # zed reads a trailing ":row:col", and "(row,col)" anywhere in the name (MSBuild's form);
    # Sublime Text's reading is not published: a name with either is opened without a position
    path = Path("/repo") / name
    command = open_command(path, 7, {"EDITOR": editor})
    if ":" in name or "(" in name:
        assert command == [editor, str(path)]
    else:
        assert command == [editor, f"{path}:7"]


def test_a_name_with_a_colon_still_reaches_a_plus_line_editor_at_its_line() -> None:
    assert open_command(Path("/repo/x:5"), 7, {"EDITOR": "vim"}) == ["vim", "+7", "/repo/x:5"]
