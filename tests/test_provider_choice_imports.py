"""Choosing the embedding provider with no Voyage key imports no Voyage code (issue 19: every
search in a fresh process chooses one, almost always the local model)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_local_choice_leaves_the_voyage_module_unread() -> None:
    code = ("import sys; from maguyva_tui.core.embed.provider import choose_provider; "
            "choice = choose_provider(environ={}); "
            "print(choice.provider.id.startswith('local:'), 'maguyva_tui.core.embed.voyage' in sys.modules)")
    found = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120, check=True)
    assert found.stdout.split() == ["True", "False"]


def test_a_key_still_chooses_voyage_or_says_why_not() -> None:
    from maguyva_tui.core.embed.provider import choose_provider

    choice = choose_provider(voyage=True, environ={})
    assert choice.fallback_reason is not None and "VOYAGE_API_KEY is not set" in choice.fallback_reason
