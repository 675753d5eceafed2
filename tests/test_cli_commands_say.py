"""What the commands say where a user had to guess (the twenty-first session's outside testers):
``maguyva graph --help`` named its actions without a word on any."""

from __future__ import annotations

import pytest


def test_graph_help_describes_each_action_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from maguyva_tui import cli

    with pytest.raises(SystemExit):
        cli.main(["graph", "--help"])
    lines = capsys.readouterr().out.splitlines()
    for action in ("callers", "callees", "impact", "subtypes", "overrides", "importers"):
        said = [line for line in lines if line.split()[:1] == [action]]
        assert len(said) == 1, action  # one line of its own, not the {callers,...} choice list alone
        assert len(said[0].split()) > 4 and "NAME" in said[0] and len(said[0]) <= 100
