"""``maguyva`` run from a subfolder of an indexed repository opens the repository (as ``maguyva
search`` answers from it) and says so once as it opens (``tests/test_cli_implied_root.py`` checks
the command line hands the app that notice)."""

from __future__ import annotations

import pytest

from maguyva_tui.app.widgets.status import StatusLine
from tests.app.conftest import SIZE, ask

pytestmark = pytest.mark.anyio

SAID = ("opened /x/polyglot, the nearest indexed folder above app: results come from the whole repository, "
        "paths from its top (maguyva . opens app alone)")


async def test_the_repository_opened_from_a_subfolder_is_said_once_and_named_in_the_status(make_app) -> None:
    app = make_app(notices=[SAID])
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "def parse_config")
        said = [(n.title, n.message) for n in app._notifications]
        assert said == [("Repository", SAID)]
        assert "◆ polyglot" in str(app.query_one(StatusLine).query_one("#repo").render())
        assert "rust/lib.rs" in {row.result.path for row in app.answer.rows}  # the whole repository's
