"""The footer of keys: Textual's, rebuilt only when the keys it shows change."""

from __future__ import annotations

from collections.abc import Hashable

from textual.widgets import Footer

NOT_READY = object()
"""What the footer showed before its first build (nothing: the bindings were not known yet)."""


class KeysFooter(Footer):
    """Textual's footer, whose keys are rebuilt only when what they show changes.

    Textual rebuilds the footer (every key unmounted, mounted again and restyled, and the screen
    laid out) whenever the bindings may have changed: each change of focus, each
    ``refresh_bindings``. Most of those show the same keys (between the list and the preview, or
    back from the help screen): 15 of 23 rebuilds over four questions of ``bench.ui_latency``."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._built: Hashable = NOT_READY
        """What the keys on show were built from (see :meth:`_showing`)."""

    def _showing(self) -> Hashable:
        """What :meth:`compose` builds the keys from: every binding it shows, as it shows it."""
        if not self._bindings_ready or not self.is_attached:
            return NOT_READY
        app = self.app
        shown = tuple(
            (key, binding.key, binding.action, binding.description, binding.group, binding.tooltip,
             app.get_key_display(binding), enabled, tooltip)
            for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == app.COMMAND_PALETTE_BINDING
        )
        return shown, self.show_command_palette, app.ENABLE_COMMAND_PALETTE, self.combine_groups

    async def recompose(self) -> None:
        """Rebuild the keys when they would show something else than the keys on show."""
        showing = self._showing()
        if showing is not NOT_READY and showing == self._built:
            return
        self._built = showing
        await super().recompose()
