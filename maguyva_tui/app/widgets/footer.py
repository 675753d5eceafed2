"""The footer of keys: Textual's, rebuilt only when the keys it shows change, and fitted to its width."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

NOT_READY = object()
"""What the footer showed before its first build (nothing: the bindings were not known yet)."""

SHORT_FORMS = {"Back to results": "Back", "Reset what-if": "Reset"}
"""A key's shorter label, used where the whole row of keys does not fit the width."""

DROPPED_FIRST = (("cycle_preset",), ("cycle_intent",), ("next_weight",), ("nudge(-1)", "nudge(1)"),
                 ("toggle_regex",), ("jump",), ("open_editor",), ("toggle_explain",))
"""The keys left out, in this order, where the short labels do not fit either (their actions, those
of a pair together; the help lists them all): Textual's footer drew the keys past its edge, the last
one cut mid-word (``^r Reg`` at 140 columns, in the preview)."""

KEY_PADDING = 3
"""Cells a key takes besides its key and label: a space either side of the key, one after the label
(the command palette's, docked right: one between them, its bar on the left and a space after)."""

Key = tuple[str, str, str, str, bool, str]
"""A key as shown: key, key display, label, action, enabled, tooltip."""


class KeysFooter(Footer):
    """Textual's footer, whose keys are rebuilt only when what they show changes, each key whole.

    Textual rebuilds the footer (every key unmounted, mounted again and restyled, and the screen
    laid out) whenever the bindings may have changed: each change of focus, each
    ``refresh_bindings``. Most of those show the same keys (between the list and the preview, or
    back from the help screen): 15 of 23 rebuilds over four questions of ``bench.ui_latency``.

    Where the keys do not fit, long labels are written short, then the least needed keys are left
    out (:data:`DROPPED_FIRST`): Textual's footer drew them past its edge, the last one cut."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._built: Hashable = NOT_READY
        """What the keys on show were built from (see :meth:`_showing`)."""

    def _keys(self) -> tuple[tuple[Key, ...], Key | None]:
        """The keys to show, fitted to the width, and the command palette's (drawn at the right)."""
        app = self.app
        keys: dict[str, Key] = {}  # one key an action, as Textual's footer shows them
        palette: Key | None = None
        for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items():
            shown = (binding.key, app.get_key_display(binding), binding.description, binding.action, enabled,
                     tooltip)
            if key == app.COMMAND_PALETTE_BINDING and self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
                palette = (*shown[:5], binding.tooltip or binding.description)
            elif binding.show:
                keys.setdefault(binding.action, shown)
        room = app.size.width - (_width(palette) if palette else 0)
        return tuple(fit(list(keys.values()), room)), palette

    def _showing(self) -> Hashable:
        """What :meth:`compose` builds the keys from: every key it shows, as it shows it."""
        if not self._bindings_ready or not self.is_attached:
            return NOT_READY
        return self._keys(), self.compact

    def compose(self) -> ComposeResult:
        """Build the keys (as Textual's footer does, groups aside: the explorer has none)."""
        if not self._bindings_ready:
            return
        keys, palette = self._keys()
        self.styles.grid_size_columns = len(keys)
        for key, display, label, action, enabled, tooltip in keys:
            yield FooterKey(key, display, label, action, disabled=not enabled, tooltip=tooltip).data_bind(
                compact=Footer.compact)
        if palette is not None:  # compact, as Textual's: its key unpadded, a bar and a space around it
            key, display, label, action, enabled, tooltip = palette
            yield FooterKey(key, display, label, action, disabled=not enabled, tooltip=tooltip,
                            classes="-command-palette")

    async def recompose(self) -> None:
        """Rebuild the keys when they would show something else than the keys on show."""
        showing = self._showing()
        if showing is not NOT_READY and showing == self._built:
            return
        self._built = showing
        await super().recompose()

    async def on_resize(self) -> None:
        """Fit the keys to the new width (rebuilt only when that shows other keys)."""
        await self.recompose()


def _width(key: Key) -> int:
    """Cells a key takes in the footer."""
    return cell_len(key[1]) + cell_len(key[2]) + KEY_PADDING


def fit(keys: list[Key], room: int) -> list[Key]:
    """Return the keys that fit ``room`` cells whole: all of them, else with short labels, leaving
    out the least needed (then the last ones) until they fit; a label is written whole again where
    it fits once others are left out."""
    if _total(keys) <= room:
        return keys
    whole = {k[3]: k for k in keys}
    shown = [(k[0], k[1], SHORT_FORMS.get(k[2], k[2]), *k[3:]) for k in keys]
    for actions in DROPPED_FIRST:
        if _total(shown) <= room:
            break
        shown = [k for k in shown if k[3] not in actions]
    while shown and _total(shown) > room:
        shown.pop()
    for i, key in enumerate(shown):
        longer = [*shown[:i], whole[key[3]], *shown[i + 1:]]
        if _total(longer) <= room:
            shown = longer
    return shown


def _total(keys: Iterable[Key]) -> int:
    return sum(_width(k) for k in keys)
