"""A file name too long for its column keeps some of its stem before its extension: at 80 columns on
retrofit with the thorough preset (``how does retrofit parse the http method annotation``), the rows
had read ``….java:232``, ``….java:156``, ``…d.java:37``: the extension, the same in every row, had
taken the room and no row said which file it was; they read ``Reque…:232`` now."""

from __future__ import annotations

from maguyva_tui.app.widgets.results import clip_place, clip_places

PLACE = "retrofit/src/main/java/retrofit2/RequestFactory.java:232"


def test_a_stem_with_no_room_beside_its_extension_keeps_its_start() -> None:
    assert clip_place(PLACE, 10) == "Reque…:232"
    assert clip_place(PLACE, 11) == "Reques…:232"
    assert clip_place("a/HttpServiceMethod.java:37", 10) == "HttpSe…:37"


def test_with_room_for_stem_and_extension_both_are_kept_as_before() -> None:
    assert clip_place(PLACE, 13) == "Req….java:232"
    assert clip_place(PLACE, 23) == "RequestFactory.java:232"
    assert clip_place("a/x.java:2", 4) == "…a:2"  # no room for a stem's start either: the end, as before


def test_names_alike_cut_this_way_keep_where_they_differ() -> None:
    assert clip_places(["a/RequestFactory.java:1", "a/RequestBuilder.java:1"], 9) == ["…Facto…:1", "…Build…:1"]
