"""A name or a string no indexed line of a workspace holds is said to be held by the file left out
for its size that holds it, written repo/path, as one repository says it ("lib/big.py holds it,
not indexed (over 1 MiB)"): over a workspace the answer had said the count of such files alone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from maguyva_tui.core.walk import MAX_FILE_BYTES
from maguyva_tui.core.workspace import Coordinator, SearchRequest
from tests.trees import workspace_of

BIG = "class BigThing:\n    pass\n" + ("# " + "q" * 1000 + "\n") * (MAX_FILE_BYTES // 1000 + 1)
LIB = {"lib/big.py": BIG, "lib/user.py": "def uses():\n    return 1\n"}
APP = {"app/main.py": "def run():\n    return 2\n"}
HELD = "lib/lib/big.py holds it, not indexed (over 1 MiB)"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Coordinator]:
    ws = workspace_of(tmp_path_factory.mktemp("big-files"), {"lib": LIB, "app": APP})
    yield ws
    ws.close()


@pytest.mark.parametrize("question", ["BigThing", '"' + "q" * 20 + '"'])
def test_the_big_file_holding_a_missed_name_or_string_is_named(workspace: Coordinator, question: str) -> None:
    answer = workspace.search(SearchRequest(question, 10))
    assert any(HELD in notice for notice in answer.result.notices), answer.result.notices
