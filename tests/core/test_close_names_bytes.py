"""Close names of a misspelled name read from a stored index's name bytes: only the names that may
be spelled alike (their first letter, their length less underscores) are decoded, not the whole
string table (100,000 files: 0.8-1.5 s and 200 MB of a misspelled name's search), and the names
offered are the ones every name grouped had offered."""

from __future__ import annotations

import numpy as np
import pytest

from maguyva_tui.core import lookup
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.names import normalize
from maguyva_tui.core.store.arrays import Strings
from tests.core.small_repo import indexed
from tests.core.test_failed_lookup import FirstWordProvider

ODD = ["", "_", "__init__", "$ref", "$$_x", "Ab", "éclair", "_élan", "a-b", "x" * 70, "HTTP_Server", "_9lives",
       "über_", "a\u00e9", "Z", "$", "a_b_c_", "Q9", "@x", "parse$"]


def test_initials_and_plain_lengths_agree_with_the_decoded_names() -> None:
    data = [s.encode() for s in ODD]
    offsets = np.cumsum([0] + [len(d) + 1 for d in data])
    strings = Strings(b"".join(d + b"\0" for d in data), offsets)
    ids = np.arange(1, len(ODD) + 1)
    for name, initial, length in zip(ODD, strings.initials(ids).tolist(), strings.plain_lengths(ids).tolist()):
        if initial:  # read from the bytes: the decoded name's group
            assert chr(initial) == lookup._initial(name), name  # noqa: SLF001
        else:  # left to the decoded name: no ASCII letter or digit begins it
            head = name.lstrip("_$")[:1]
            assert not (head.isascii() and head.isalnum()), name
        if length >= 0:
            assert length == len(normalize(name)) and len(name) <= 64, name
        else:
            assert not (name.isascii() and name.replace("_", "").isalnum() and len(name) <= 64) or not name, name


FILES = {f"pkg/m{i}.py": f"def helper_{i}(x):\n    return x\n\n\ndef _help_{i}():\n    pass\n" for i in range(30)}
FILES["pkg/odd.py"] = ("class HelperBase:\n    pass\n\n\ndef hepler():\n    pass\n\n\ndef hélper():\n    pass\n\n\n"
                       "def __helper__():\n    pass\n\n\ndef parse_config():\n    pass\n\n\ndef parseConfig():\n    pass\n")


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    built = indexed(tmp_path_factory, FILES)
    return Engine(built.root, built.index_base, provider=FirstWordProvider(), static=False)  # the stored index


@pytest.mark.parametrize("name", ["hlper", "helpe", "helper_1", "hlper_12", "Helpr", "helperbse", "_hlp", "hélpr",
                                  "parse_confg", "prseConfig", "zzz", "h"])
def test_close_names_from_the_bytes_are_those_of_every_name(engine: Engine, name: str) -> None:
    generation = engine.generation
    strings = generation.structural._table.strings  # noqa: SLF001 - whether the whole table was decoded
    strings._lookup = None  # noqa: SLF001
    lookup._names.pop(generation, None)  # noqa: SLF001
    near = lookup.close_names(generation, name)
    assert strings._lookup is None  # noqa: SLF001 - decoded one by one: the names that may be alike
    lookup._by_initial(generation)  # noqa: SLF001 - every name grouped, as before
    assert lookup.close_names(generation, name) == near
    lookup._names.pop(generation, None)  # noqa: SLF001
