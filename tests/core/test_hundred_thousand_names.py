"""The bulk forms of the name look-ups that a 100,000-file repository needs (98,000 names holding
``helper``) answer as the one-by-one forms they replace."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from maguyva_tui.core.retrievers.structural import _picked
from maguyva_tui.core.store.arrays import Strings, strings_blob
from maguyva_tui.core.store.definitions import build_definitions

ALPHABET = "helpr_HELP0129éß$x"


def _names(seed: int, count: int = 400) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 12))) for _ in range(count)]


@pytest.mark.parametrize("seed", range(6))
def test_the_names_holding_a_literal_are_those_found_one_by_one(seed: int) -> None:
    names = _names(seed)
    table = build_definitions(names, np.arange(len(names)), np.zeros(len(names), np.int64),
                              np.ones(len(names), np.int64))
    folded = [table.name(n) for n in range(len(table))]
    for needle in ["h", "he", "help", "elp", "_", "é", "ß", "0", "12", "p_h", "$x", "helper", "zz", "é0"]:
        assert table.holding(needle) == {n for n, name in enumerate(folded) if needle in name}, needle


@pytest.mark.parametrize("seed", range(4))
def test_a_pattern_matches_the_names_it_matches_one_by_one(seed: int) -> None:
    names = _names(seed)
    table = build_definitions(names, np.arange(len(names)), np.zeros(len(names), np.int64),
                              np.ones(len(names), np.int64))
    folded = [table.name(n).encode() for n in range(len(table))]
    for source in [rb"\x00[^0-9a-z\x00]*h[^0-9a-z\x00]*e", rb"h[^\x00l]*+l", rb"p", rb"\x00[^0-9a-z\x00]*p"]:
        pattern = re.compile(source)
        expected = [n for n, name in enumerate(folded) if pattern.search(b"\x00" + name)]
        assert table.matching(pattern).tolist() == expected, source


@pytest.mark.parametrize("seed", range(4))
def test_strings_picked_at_once_are_those_picked_one_by_one(seed: int) -> None:
    names = _names(seed) + ["", "a\udcffb"]  # an empty string, a lone surrogate (stored as written)
    blob, offsets = strings_blob(names)
    strings = Strings(blob, offsets)
    rng = random.Random(seed)
    ids = np.array(sorted({rng.randrange(1, len(names) + 1) for _ in range(150)}), np.int64)
    assert _picked(strings, ids) == strings.pick(ids)
    assert _picked(strings, np.array([0, 3], np.int64)) is None  # no string: not joined
    blob, offsets = strings_blob(["a", "b\0c", "d"])
    assert _picked(Strings(blob, offsets), np.array([1, 3], np.int64)) == ["a", "d"]
    assert _picked(Strings(blob, offsets), np.array([1, 2], np.int64)) is None  # a NUL inside: not joined


@pytest.mark.parametrize("seed", range(6))
def test_names_split_together_are_split_as_one_by_one(seed: int) -> None:
    from maguyva_tui.core.names import split_identifier
    from maguyva_tui.core.retrievers.structural import _name_parts

    rng = random.Random(seed)
    pieces = ["helper", "Helper", "HELPER", "HTTP", "Server", "x", "X", "2", "10", "_", "__", "$", "é", "Σ", "ΣΑΣ",
              "İ", "ß", "Ǆ", "٣", "a", "B", "cD", "Ef", "G1h", "ID"]
    names = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 5))) for _ in range(500)]
    name_at, flat = _name_parts(names)
    got: dict[int, list[str]] = {}
    for at, part in zip(name_at.tolist(), flat):
        got.setdefault(at, []).append(part)
    for i, name in enumerate(names):
        assert tuple(got.get(i, [])) == split_identifier(name), name
    ascii_names = [name for name in names if name.isascii()]
    name_at, flat = _name_parts(ascii_names)
    assert [part for _, part in sorted(zip(name_at.tolist(), flat), key=lambda pair: pair[0])] == [
        part for name in ascii_names for part in split_identifier(name)]


def test_the_ascii_pattern_finds_the_parts_the_splitting_pattern_finds() -> None:
    from maguyva_tui.core.names import _PART, ASCII_PART_PATTERN

    spelled = re.compile(ASCII_PART_PATTERN)
    rng = random.Random(7)
    for _ in range(20_000):
        text = "".join(rng.choice("abcXYZ019_$.") for _ in range(rng.randint(0, 14)))
        assert spelled.findall(text) == _PART.findall(text), text
