"""Built-in themes and user theme files.

Every theme may set four app variables, one colour per modality, used by the weight bars, the
rank columns and the explain panel: ``modality-semantic``, ``modality-text``,
``modality-structural`` and ``modality-graph``. Themes that do not set them (Textual's own) get
:data:`MODALITY_DEFAULTS`.

A user theme is a TOML or JSON file in ``<config dir>/themes/`` (see ``themes/`` in the
repository for examples). Keys: ``name`` and ``primary`` (required); ``secondary``, ``accent``,
``foreground``, ``background``, ``surface``, ``panel``, ``boost``, ``warning``, ``error``,
``success`` (colours); ``dark`` (true/false); ``variables`` (a table of Textual or maguyva
variables, e.g. ``modality-graph = "#d19a66"``). Every colour is checked on load; a bad file is
skipped and reported, with every other bad file, in one notification.
"""

from __future__ import annotations

import json
import os
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from textual.color import Color, ColorParseError
from textual.theme import Theme

MODALITY_VARIABLES = (
    "modality-semantic",
    "modality-text",
    "modality-structural",
    "modality-graph",
)
"""The app variables a theme may set, in display order."""

MODALITY_DEFAULTS = {
    "modality-semantic": "#c678dd",
    "modality-text": "#61afef",
    "modality-structural": "#98c379",
    "modality-graph": "#e5c07b",
}
"""Colours for themes that do not choose their own: violet meaning, blue text, green AST, amber graph."""

DARK = Theme(
    name="maguyva-dark",
    primary="#61afef",
    secondary="#56b6c2",
    accent="#e5c07b",
    foreground="#c8ccd4",
    background="#1b1e24",
    surface="#22262e",
    panel="#2c313b",
    warning="#e5c07b",
    error="#e06c75",
    success="#98c379",
    dark=True,
    variables={
        **MODALITY_DEFAULTS,
        "footer-key-foreground": "#61afef",
        "input-selection-background": "#61afef 35%",
        "block-cursor-text-style": "none",
    },
)
"""The default: a calm dark palette that stays readable all day."""

LIGHT = Theme(
    name="maguyva-light",
    primary="#2f6fb3",
    secondary="#0f7b85",
    accent="#a35f00",
    foreground="#2b2f36",
    background="#f7f6f2",
    surface="#eeede8",
    panel="#e1e0da",
    warning="#a35f00",
    error="#c0392b",
    success="#3b7d23",
    dark=False,
    variables={
        "modality-semantic": "#8e44ad",
        "modality-text": "#2f6fb3",
        "modality-structural": "#3b7d23",
        "modality-graph": "#b06f00",
        "footer-key-foreground": "#2f6fb3",
        "block-cursor-text-style": "none",
    },
)
"""A paper-coloured light theme with darker modality colours for contrast."""

BUILTIN = (DARK, LIGHT)

COLOUR_KEYS = (
    "primary",
    "secondary",
    "accent",
    "foreground",
    "background",
    "surface",
    "panel",
    "boost",
    "warning",
    "error",
    "success",
)
"""Theme fields that hold a colour."""

SUFFIXES = (".toml", ".json")

MAX_THEME_BYTES = 64 * 1024
"""Largest theme file read: real ones are a few hundred bytes, and the bound keeps a stray huge
file (or a link to a device) from stalling the explorer before it draws."""


@dataclass(slots=True)
class Loaded:
    """User themes that loaded, and one line per file that did not."""

    themes: list[Theme] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def report(self) -> str | None:
        """Return the single notification text for every bad file, or ``None`` when all loaded."""
        if not self.errors:
            return None
        head = f"{len(self.errors)} theme file{'s' if len(self.errors) > 1 else ''} not loaded:"
        return "\n".join([head, *self.errors])


def user_theme_dir() -> Path:
    """Return the folder of user theme files."""
    from maguyva_tui.locations import config_dir

    return config_dir() / "themes"


def load_user_themes(folder: Path | None = None) -> Loaded:
    """Load and validate every theme file of a folder (missing folder: nothing to load)."""
    folder = folder if folder is not None else user_theme_dir()
    loaded = Loaded()
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix.lower() in SUFFIXES)
    except OSError:
        return loaded
    for path in files:
        try:
            loaded.themes.append(theme_from_file(path))
        except ThemeError as exc:
            loaded.errors.append(f"{path.name}: {exc}")
    return loaded


class ThemeError(ValueError):
    """A theme file that cannot be used; the message says why in a few words."""


def theme_from_file(path: Path) -> Theme:
    """Read one TOML or JSON theme file and return the theme, or raise ``ThemeError``."""
    try:
        text = _read_regular(path).decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ThemeError(f"unreadable ({exc.__class__.__name__})") from None
    try:
        data = json.loads(text) if path.suffix.lower() == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ThemeError(f"not valid {path.suffix[1:].upper()}: {exc}") from None
    return theme_from_dict(data)


def _read_regular(path: Path) -> bytes:
    """Return a regular file's bytes, or raise ``ThemeError`` for anything else or a huge file.

    Opened without blocking (a FIFO would wait for a writer forever) and checked on the open
    descriptor, so a file swapped after the folder was listed cannot slip through.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ThemeError("not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read(MAX_THEME_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_THEME_BYTES:
        raise ThemeError(f"larger than {MAX_THEME_BYTES // 1024} KiB")
    return data


def theme_from_dict(data: Any) -> Theme:
    """Validate a theme's fields and build it, or raise ``ThemeError`` naming the first problem."""
    if not isinstance(data, dict):
        raise ThemeError("the file must hold a table/object of theme fields")
    unknown = sorted(set(data) - {"name", "dark", "variables", *COLOUR_KEYS})
    if unknown:
        raise ThemeError(f"unknown field {unknown[0]!r}")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ThemeError("missing 'name'")
    if "primary" not in data:
        raise ThemeError("missing 'primary'")
    colours = {key: _colour(key, data[key]) for key in COLOUR_KEYS if key in data}
    dark = data.get("dark", True)
    if not isinstance(dark, bool):
        raise ThemeError("'dark' must be true or false")
    variables = data.get("variables", {})
    if not isinstance(variables, dict) or not all(isinstance(v, str) for v in variables.values()):
        raise ThemeError("'variables' must map names to strings")
    for key in MODALITY_VARIABLES:
        if key in variables:
            _colour(key, variables[key])
    return Theme(name=name.strip(), dark=dark, variables=dict(variables), **cast(dict[str, Any], colours))


def _colour(key: str, value: Any) -> str:
    """Return a colour value after checking that Textual can parse it."""
    if not isinstance(value, str):
        raise ThemeError(f"{key!r} must be a colour string")
    try:
        Color.parse(value)
    except ColorParseError:
        raise ThemeError(f"{key!r} is not a colour: {value!r}") from None
    return value
