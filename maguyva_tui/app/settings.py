"""What the explorer remembers between runs: the theme and the preset last chosen.

One small TOML file, ``settings.toml`` in the user's config folder (beside ``themes/``), written
whole to a temporary file and renamed into place, so a crash never leaves half of it. A file that
cannot be read or parsed is ignored with a one-line notice (and replaced at the next choice);
keys it does not know are left alone, so a newer version's file still loads.
"""

from __future__ import annotations

import json
import os
import tempfile
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

SETTINGS_FILE = "settings.toml"
"""The file's name in the config folder."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The explorer's remembered choices; ``None`` where nothing was chosen yet."""

    theme: str | None = None
    """The theme last chosen in the explorer (``t``, the command palette)."""
    preset: str | None = None
    """The preset last chosen (``p``, the command palette)."""

    def with_(self, **changes: Any) -> Settings:
        """Return a copy with some fields changed."""
        return replace(self, **changes)


def default_path() -> Path:
    """Return where the settings live: ``settings.toml`` in the user's config folder."""
    from maguyva_tui.locations import config_dir

    return config_dir() / SETTINGS_FILE


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """Read the settings; a missing file gives the defaults, a damaged one the defaults and a notice."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return Settings(), _ignored(path, str(exc))
    values: dict[str, str | None] = {}
    for key in ("theme", "preset"):
        value = data.get(key)
        if value is not None and not isinstance(value, str):
            return Settings(), _ignored(path, f"{key} must be a string, not {type(value).__name__}")
        values[key] = value or None
    return Settings(**values), None


def save_settings(path: Path, settings: Settings) -> None:
    """Write the settings atomically (a temporary file renamed into place); ``OSError`` when it cannot."""
    lines = ["# maguyva's explorer remembers these choices; delete the file to forget them"]
    lines += [f"{key} = {_toml_string(value)}" for key, value in (("theme", settings.theme), ("preset", settings.preset))
              if value is not None]
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)


def _toml_string(value: str) -> str:
    """Quote a string for TOML: JSON's escapes (``\\"``, ``\\\\``, ``\\n``, ``\\u0001``) are TOML's too."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")  # DEL: escaped in TOML, not JSON


def _ignored(path: Path, why: str) -> str:
    """One line saying a damaged settings file was ignored."""
    reason = " ".join(why.split())
    return f"ignored {path} ({reason}): the default theme and preset are used; your next choice replaces it"
