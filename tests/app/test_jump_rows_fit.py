"""The go-to box's rows keep the end of each place, the file's name and line, at every width: the
list cut a row at its end, and at 60 columns every file of a deep folder had read
``file  src/maguyva_like/very_long_package_name/sub_mo…``, a symbol's place gone. Its folders are
cut instead (``…/sub_module_folder/configuration_loader.py``), then a symbol's kind and its name."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.app.screens.jump import JumpList, JumpScreen
from tests.app.conftest import ready, wait_for

pytestmark = pytest.mark.anyio

DEEP = "src/maguyva_like/very_long_package_name/sub_module_folder"
FILES = {
    f"{DEEP}/configuration_loader.py": ("def parse_configuration_file(path):\n    return path\n\n\n"
                                        "class ConfigurationLoaderWithLongName:\n"
                                        "    def load_everything_from_disk(self):\n        return 1\n"),
    f"{DEEP}/other_helpers.py": "def helper():\n    return 2\n",
}
ENDS = {"configuration_loader.py", "other_helpers.py", "configuration_loader.py:1", "configuration_loader.py:5",
        "configuration_loader.py:6", "other_helpers.py:1"}


@pytest.mark.slow
@pytest.mark.parametrize("size", [(60, 24), (72, 24), (80, 24), (140, 40)])
async def test_each_go_to_row_ends_with_its_file_name_and_line(make_app, tmp_path: Path, size) -> None:
    root = tmp_path / "repo"
    for path, text in FILES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    app = make_app(root)
    async with app.run_test(size=size) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, JumpScreen))
        options = app.screen.query_one(JumpList)
        await wait_for(pilot, lambda: options.option_count == 6)
        await pilot.pause(0.2)
        rows = [options.render_line(y).text.rstrip() for y in range(options.option_count)]
        assert all(any(row.endswith(end) for end in ENDS) for row in rows), rows
        assert sum(row.endswith(".py") for row in rows) == 2  # the files, and four symbols with their lines
        if size[0] >= 140:
            assert f"file  {DEEP}/other_helpers.py" in rows  # whole where there is room
