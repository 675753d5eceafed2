"""Counts of a thousand or more in the answers' lines are grouped by thousands, as every other
count is ("1,542 indexed files"): sympy's ``sympy/`` had been "a folder of 1542 indexed files"."""

from __future__ import annotations

from maguyva_tui.core.folder_question import folder_said
from maguyva_tui.core.other_calls import _shown


def test_a_folder_of_many_files_groups_its_count() -> None:
    assert folder_said("sympy", 1542).startswith("sympy/ is a folder of 1,542 indexed files, ")
    assert folder_said("src", 1).startswith("src/ is a folder of 1 indexed file, ")


def test_many_definitions_group_their_count() -> None:
    assert _shown([f"a.py:{i}" for i in range(1, 1201)]).endswith(", ... (1,200 in all)")
