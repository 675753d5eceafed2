"""An editor that cannot start leaves the explorer as it was, with one line saying why
(helper-158, bleach 6.1.0 with EDITOR="nonexistent-editor --flag": ``o`` had left a blank screen
that read no key again, as Textual's suspend resumes only a body that returns)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from maguyva_tui.app.actions import ActionsMixin


def test_an_editor_not_found_resumes_the_app_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EDITOR", "nonexistent-editor-158 --flag")
    (tmp_path / "a.py").write_text("x = 1\n", encoding="utf-8")
    resumed: list[bool] = []
    said: list[tuple[str, str]] = []

    @contextlib.contextmanager
    def suspend() -> Iterator[None]:  # as Textual's: no finally, an exception skips the resume
        yield
        resumed.append(True)

    app = SimpleNamespace(
        _place=lambda: ("a.py", 3),
        source=SimpleNamespace(on_disk=lambda path: tmp_path / path),
        suspend=suspend,
        notify=lambda message, severity="information": said.append((message, severity)),
    )
    ActionsMixin.action_open_editor(app)  # type: ignore[arg-type]
    assert resumed == [True]
    assert len(said) == 1 and said[0][1] == "error"
    assert said[0][0].startswith("cannot start the editor: ") and "nonexistent-editor-158" in said[0][0]


def test_an_editor_that_fails_is_said_to_have_failed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """helper-350, camino 1.0.5 with EDITOR=false: ``o`` flashed the screen and said nothing, the
    editor's own message gone with the terminal it printed it on."""
    monkeypatch.setenv("EDITOR", "false")
    (tmp_path / "lib.rs").write_text("fn f() {}\n", encoding="utf-8")
    said: list[tuple[str, str]] = []
    app = SimpleNamespace(
        _place=lambda: ("lib.rs", 1),
        source=SimpleNamespace(on_disk=lambda path: tmp_path / path),
        suspend=contextlib.nullcontext,
        notify=lambda message, severity="information": said.append((message, severity)),
    )
    ActionsMixin.action_open_editor(app)  # type: ignore[arg-type]
    assert said == [("the editor (false) exited with status 1", "warning")]
    monkeypatch.setenv("EDITOR", "true")
    said.clear()
    ActionsMixin.action_open_editor(app)  # type: ignore[arg-type]
    assert said == []  # an editor closed as usual says nothing
