"""Long names cut alike keep their ends (helper-350, go-yaml v3 at 80 and 100 columns, "what breaks
if I change yaml_parser_fetch_more_tokens"): cut at their end, yaml_parser_scan,
yaml_parser_parse_node and yaml_parser_split_stem_comment had all read ``yaml_pars…`` at 80 columns,
yaml_parser_parse_block_mapping_key and yaml_parser_parse_block_sequence_entry ``yaml_parser_parse_bl…``
at 100: names that share their start and differ at their end keep the end where the starts read
the same (``…ser_scan``), all the cut ones so the column reads one way, as file names cut in
their stem do."""

from __future__ import annotations

from maguyva_tui.app.widgets.results import SYMBOL, _tell_apart, cell_plain, part

NAMES = ["peek_token", "yaml_parser_scan", "yaml_parser_parse_node", "yaml_parser_split_stem_comment",
         "yaml_parser_parse_block_mapping_key", "yaml_parser_parse_block_sequence_entry"]


def _rows(width: int) -> list[list[object]]:
    def cut(name: str) -> str:
        return name if len(name) <= width else name[: width - 1] + "…"
    return [[None] * SYMBOL + [((part(cut(name)),), False)] for name in NAMES]


def test_names_cut_alike_keep_their_ends() -> None:
    for width in (9, 12, 21):
        rows = _rows(width)
        _tell_apart(rows, NAMES, width)  # type: ignore[arg-type]
        shown = [cell_plain(row[SYMBOL]) for row in rows]  # type: ignore[arg-type]
        assert len(set(shown)) == len(shown), (width, shown)
        assert all(len(text) <= width for text in shown), shown
    rows = _rows(9)
    _tell_apart(rows, NAMES, 9)  # type: ignore[arg-type]
    assert [cell_plain(row[SYMBOL]) for row in rows][:3] == ["…ek_token", "…ser_scan", "…rse_node"]  # type: ignore[arg-type]


def test_a_name_cut_apart_already_keeps_its_start() -> None:
    rows = _rows(12)
    rows = [rows[0], rows[2]]  # peek_token whole, yaml_parser… alone
    _tell_apart(rows, [NAMES[0], NAMES[2]], 12)  # type: ignore[arg-type]
    assert [cell_plain(row[SYMBOL]) for row in rows] == ["peek_token", "yaml_parser…"]  # type: ignore[arg-type]
