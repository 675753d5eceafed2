"""An input box whose editing keys apply in the order they were typed."""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class OrderedInput(Input):
    """Run the box's own key bindings (backspace, ctrl+u, enter...) as their key arrives.

    Textual runs a widget's binding once its key has climbed back to the app, after the characters
    read with it were typed: "ab", backspace, "c" in one read (a fast typist under load, a terminal's
    burst, tmux) had left "ab", and ctrl+u then "xy" an empty box."""

    async def _on_key(self, event: events.Key) -> None:
        if self.check_consume_key(event.key, event.character):
            return  # a character: Input types it
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.prevent_default()
                event.stop()
                return
