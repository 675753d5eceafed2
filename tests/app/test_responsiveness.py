"""What keeps the explorer responsive (issue 19.4): one search at a time with the keys typed meanwhile
coalesced and a stale answer never shown; a preview that opens a new file at its own line before
its first frame, draws only the lines in view and colours only those."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from textual.app import App, ComposeResult

from maguyva_tui.app.widgets.preview import Preview, lex_start
from maguyva_tui.app.widgets.results import ResultsTable
from tests.app.conftest import SIZE, ask, ready, settle, wait_for

pytestmark = pytest.mark.anyio


class _Gate:
    """Wrap a source's ``ask``: the first question waits for ``release``; every call is noted,
    with how many ran at once."""

    def __init__(self, ask_fn: Any) -> None:
        self.ask_fn = ask_fn
        self.release = threading.Event()
        self.asked: list[str] = []
        self.running = self.most = 0
        self.lock = threading.Lock()

    def __call__(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        with self.lock:
            self.asked.append(request.text)
            self.running += 1
            self.most = max(self.most, self.running)
            first = len(self.asked) == 1
        try:
            if first:
                assert self.release.wait(10), "never released"
            return self.ask_fn(request, *args, **kwargs)
        finally:
            with self.lock:
                self.running -= 1


@pytest.mark.slow
async def test_a_stale_answer_never_replaces_the_newer_question(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        gate = _Gate(app.source.ask)
        app.source.ask = gate
        table = app.query_one(ResultsTable)
        shown: list[str] = []
        show = table.show

        def spy(answer: Any, *args: Any, **kwargs: Any) -> None:
            shown.append(answer.request.text if answer is not None else "")
            show(answer, *args, **kwargs)

        table.show = spy
        app.part("#query").focus()
        await pilot.press("p")  # the first key's search is held; the others are typed meanwhile
        await wait_for(pilot, lambda: gate.asked)  # (typed at once, "pa" could be the first the thread takes)
        await pilot.press(*"arse_config")
        await pilot.pause(0.1)
        assert gate.asked == ["p"], "a newer key waits for the running search instead of racing it"
        gate.release.set()
        await settle(pilot)
        assert gate.asked == ["p", "parse_config"]  # the keys typed meanwhile made one search
        assert gate.most == 1
        # the empty box asked again (an index message after it opened: a tier done, the files
        # checked) shows no answer, which may come before the keys; no question's answer but the last
        assert [text for text in shown if text] == ["parse_config"], "the stale answer for 'p' was never shown"
        assert app.answer is not None and app.answer.request.text == "parse_config"
        assert app.answer.rows and app.answer.rows[0].result.symbol == "parse_config"


@pytest.mark.slow
async def test_a_search_made_stale_is_given_up_between_the_engines_stages(make_app) -> None:
    """The search running when a newer key is typed stops at its next stage (the classification
    done, an engine's list, the fusion) instead of finishing an answer that would be dropped; no
    error is shown for it, and the newest question is answered."""
    from maguyva_tui.core.engine import SearchCancelled

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        outcomes: list[tuple[str, str]] = []
        gate = _Gate(app.source.ask)

        def ask_noted(request: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                answer = gate(request, *args, **kwargs)
            except SearchCancelled:
                outcomes.append((request.text, "given up"))
                raise
            outcomes.append((request.text, "answered"))
            return answer

        app.source.ask = ask_noted
        app.part("#query").focus()
        await pilot.press("h")  # the first key's search is held, then made stale by the others
        await wait_for(pilot, lambda: gate.asked)
        await pilot.press(*"ow")
        gate.release.set()
        await settle(pilot)
        assert outcomes[0] == ("h", "given up")
        assert outcomes[-1] == ("how", "answered")
        assert not app.query_one("#query-error").has_class("-shown")
        assert app.answer is not None and app.answer.request.text == "how"


@pytest.mark.slow
async def test_a_stale_search_hands_over_to_the_newest_in_its_own_thread(make_app) -> None:
    """The search thread goes from a stale search it gave up straight to the newest question: no
    word of the stale one to the app, nor any wait for the app's loop to hand the newest over (a
    frame or more under load). Here the app's loop is held still while that happens."""
    import time

    from maguyva_tui.app.messages import SearchDone

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        gate = _Gate(app.source.ask)
        app.source.ask = gate
        posted: list[str] = []
        post = app.post_message

        def spy(message: Any) -> bool:
            if isinstance(message, SearchDone):
                posted.append(message.request.text)
            return post(message)

        app.post_message = spy
        app.part("#query").focus()
        await pilot.press("h")
        await wait_for(pilot, lambda: gate.asked)
        await pilot.press(*"ow")
        gate.release.set()
        deadline = time.monotonic() + 10
        while len(gate.asked) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)  # the app's loop does nothing meanwhile
        assert gate.asked == ["h", "how"]
        await settle(pilot)
        assert posted == ["how"], "the stale search given up says nothing"
        assert app.answer is not None and app.answer.request.text == "how"


@pytest.mark.slow
async def test_the_preview_opens_a_new_file_at_its_own_line_never_the_old_position(make_app) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "parse_config")
        table = app.query_one(ResultsTable)
        preview = app.query_one(Preview)
        rows = app.answer.rows
        assert len({r.path for r in rows}) >= 3
        await wait_for(pilot, lambda: preview.shown == (rows[0].path, rows[0].start_line, rows[0].end_line))
        drawn: list[tuple[Any, int]] = []
        render_line = preview.render_line

        def spy(y: int) -> Any:
            if y == 0:
                drawn.append((preview.shown, round(preview.scroll_y)))
            return render_line(y)

        preview.render_line = spy  # type: ignore[method-assign]
        preview.scroll_to(y=preview.max_scroll_y, animate=False, force=True)  # read far down the first file
        await pilot.pause(0.05)
        assert preview.scroll_y > 0
        table.focus()
        for row in (1, 2):
            drawn.clear()
            await pilot.press("j")
            want = (rows[row].path, rows[row].start_line, rows[row].end_line)
            await wait_for(pilot, lambda want=want: any(shown == want for shown, _ in drawn))
            first = next(scroll for shown, scroll in drawn if shown == want)
            assert first == min(preview.target_y, preview.max_scroll_y), "first drawn at another file's position"
            assert preview.target_y == max(rows[row].start_line - 4, 0)
        await pilot.press("k")  # back to a file shown before: its own line again
        want = (rows[1].path, rows[1].start_line, rows[1].end_line)
        await wait_for(pilot, lambda: preview.shown == want)
        assert round(preview.scroll_y) == min(preview.target_y, preview.max_scroll_y)


class _One(App[None]):
    def compose(self) -> ComposeResult:
        yield Preview(id="preview")


LONG = "\n".join(
    [f"def f{i}():\n    '''Doc of f{i},\n    still the doc.\n    '''\n    return {i}\n" for i in range(600)]
)


async def test_the_preview_colours_only_the_lines_in_view() -> None:
    app = _One()
    async with app.run_test(size=(80, 24)) as pilot:
        preview = app.query_one(Preview)
        preview.show("long.py", LONG, 1500, 1505, "python")
        assert round(preview.scroll_y) == 1496  # placed before any frame
        await wait_for(pilot, lambda: preview.coloured == preview.shown)
        coloured = set(preview._colour)
        view = range(1496, 1496 + preview.scrollable_content_region.height)
        assert set(view) <= coloured
        assert len(coloured) < 80 and max(coloured) < view[-1] + 1 and min(coloured) > 1400
        preview.scroll_to(y=2500, animate=False, force=True)
        await wait_for(pilot, lambda: 2500 in preview._colour)
        assert len(preview._colour) < 160  # the new view, not the lines between


async def test_a_new_file_is_coloured_before_its_first_frame() -> None:
    """Once a language's lexer is loaded, a screenful of a new file is lexed on the spot: the file
    is drawn once, coloured, not plain then again after a worker's round trip."""
    app = _One()
    async with app.run_test(size=(80, 24)) as pilot:
        preview = app.query_one(Preview)
        preview.show("first.py", "x = 1\n", 1, 1, "python")
        await wait_for(pilot, lambda: preview.coloured == preview.shown)  # the lexer loaded
        preview.show("long.py", LONG, 1500, 1505, "python")
        assert preview.coloured == preview.shown  # no frame, no worker in between
        assert not [w for w in app.workers if w.group == "preview" and not w.is_finished]
        view = range(1496, 1496 + preview.scrollable_content_region.height)
        assert set(view) <= set(preview._colour)


@pytest.mark.slow
async def test_a_wide_file_scrolls_sideways_without_a_scrollbar_or_a_layout(make_app: Any) -> None:
    """The preview has no horizontal scrollbar (one shown or hidden with each file laid out the
    whole screen): the subtitle says a line goes on past the view, and the arrows scroll to it."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await settle(pilot)  # nothing asked: the preview cleared, nothing due
        preview = app.query_one(Preview)
        preview.focus()
        preview.show("narrow.py", "x = 1\n" * 50, 1, 1, "python")
        await pilot.pause()
        screen = app.screen
        layouts = []
        refresh_layout = screen._refresh_layout

        def spy(*args: Any, **kwargs: Any) -> Any:
            layouts.append(1)
            return refresh_layout(*args, **kwargs)

        screen._refresh_layout = spy
        assert not preview.allow_horizontal_scroll and preview.border_subtitle == "50 lines"
        await pilot.press("right")
        assert preview.scroll_x == 0
        preview.show("wide.py", "y = '" + "w" * 200 + "'\n" * 50, 1, 1, "python")
        await pilot.pause()
        assert not preview.show_horizontal_scrollbar and preview.allow_horizontal_scroll
        assert preview.border_subtitle.endswith("←→")
        await pilot.press("right", "right")
        assert preview.scroll_x == 2
        preview.show("narrow.py", "x = 1\n" * 50, 1, 1, "python")
        await pilot.pause()
        assert preview.scroll_x == 0 and preview.border_subtitle == "50 lines"
        assert layouts == []


async def test_a_view_ending_in_blank_lines_is_coloured() -> None:
    app = _One()
    async with app.run_test(size=(80, 24)) as pilot:
        preview = app.query_one(Preview)
        preview.show("short.py", "x = 1\n\n\n\n", 1, 1, "python")  # the lexer drops trailing blank lines
        await wait_for(pilot, lambda: preview.coloured == preview.shown)
        assert sorted(preview._colour) == [0, 1, 2, 3]


def test_lexing_starts_where_the_string_around_the_view_opened() -> None:
    lines = LONG.splitlines()
    at = lines.index("    still the doc.", 1200)
    assert lex_start(lines, at) == at - 1  # the line that opened the docstring
    code = lines.index("    return 250")
    assert lex_start(lines, code) == code  # outside any string: the line itself
    small = ['x = """', "a", "b", '"""', "y = 1"]
    assert [lex_start(small, i) for i in range(len(small))] == [0, 0, 0, 0, 4]
    c = ["int x; /* a", " b */", "int y;", 'char *p = "/";']
    assert [lex_start(c, i, python=False) for i in range(len(c))] == [0, 0, 2, 3]
    assert lex_start(['glob("*/*.py")', "x = 1"], 1) == 1  # no block comments in Python
    assert lex_start(["def f():", '    """', *["    text"] * 100, '    """'], 90) == 1


async def test_the_preview_draws_a_line_as_textuals_visual_would() -> None:
    """Each line (number, mark, code, plain and coloured, inside the match or not) is made straight
    from its content: the same text and styles as Textual's visual gives it, less the text offsets."""
    from rich.segment import Segment
    from textual.content import Content
    from textual.visual import Visual

    app = _One()
    async with app.run_test(size=(80, 24)) as pilot:
        preview = app.query_one(Preview)
        preview.show("long.py", LONG, 1500, 1502, "python", hits=(1501,))
        await wait_for(pilot, lambda: preview.coloured == preview.shown)

        def through_visual(index: int) -> list[Segment]:
            start, end, hits = preview._marks
            number, inside, hit = index + 1, start <= index + 1 <= end, index + 1 in hits
            gutter = Content.styled(f"{number:>{preview._gutter}} ", "bold $accent" if inside or hit else "$foreground 35%")
            mark = Content.styled("▌", "$accent" if hit else "$accent 45%") if inside or hit else Content(" ")
            code = preview._colour.get(index, Content(preview._lines[index]))
            row = Content.assemble(gutter, mark, " ", code)
            if inside or hit:
                row = row.stylize("on $accent 22%" if hit else "on $accent 10%")
            strip = Visual.to_strips(preview, row, row.cell_length, 1, preview.visual_style)[0]
            return [Segment(text, style.clear_meta_and_links() if style else style) for text, style, _ in strip]

        view = list(preview._view())
        assert {1498, 1499, 1500, 1501} <= set(view)  # plain code, the match's lines, the hit
        preview._colour.pop(view[-1])  # one line not coloured: drawn plain
        for index in view:
            assert list(preview._line(index)) == through_visual(index), index


async def test_another_place_in_the_same_file_redraws_only_the_lines_marked_then_or_now() -> None:
    app = _One()
    async with app.run_test(size=(80, 40)) as pilot:
        preview = app.query_one(Preview)
        preview.show("long.py", LONG, 1500, 1502, "python", hits=(1501,))
        await wait_for(pilot, lambda: preview.coloured == preview.shown)
        await pilot.pause(0.05)
        drawn = dict(preview._strips)
        assert set(range(1499, 1502)) <= set(drawn)
        preview.show("long.py", LONG, 1506, 1507, "python")  # a few lines down: the view overlaps
        await wait_for(pilot, lambda: preview.coloured == preview.shown)
        await pilot.pause(0.05)
        view = list(preview._view())
        kept = [i for i in view if i in drawn and preview._strips.get(i) is drawn[i]]
        assert kept and not set(kept) & {1499, 1500, 1501, 1505, 1506}  # reused: never a line marked then or now
        now = {i: list(preview._strips.get(i) or preview._line(i)) for i in view}
        preview._strips.clear()
        assert now == {i: list(preview._line(i)) for i in view}  # what a fresh draw makes of each line


@pytest.mark.slow
async def test_a_key_typed_starts_its_search_at_once(make_app) -> None:
    """The box hands its new text to the app as it changes: the search is asked for before any
    message is handled (Textual's ``Changed`` climbed three queues first: 25 ms a key under load)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        app.rerun = lambda: None  # the index's background steps (embedding done) ask again: not the box's doing
        box = app.part("#query")
        before = app.seq
        box.value = "parse_config"  # no await: nothing handled yet
        assert app.seq == before + 1 and app.request.text == "parse_config"
        await settle(pilot)
        assert app.seq == before + 1, "asked once, not again by a message"
        assert app.answer is not None and app.answer.rows[0].result.symbol == "parse_config"
        await pilot.press("backspace")
        await settle(pilot)
        assert app.request.text == app.answer.request.text == "parse_confi"


@pytest.mark.slow
async def test_a_new_answer_draws_its_list_before_its_preview(make_app) -> None:
    """A new answer's frame draws the list alone (the new file took a third of it); the preview
    follows in the next frame."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ask(pilot, "NewServer")
        preview = app.query_one(Preview)
        table = app.query_one(ResultsTable)
        frames: list[tuple[int, Any]] = []
        display = app._display

        def spy(screen: Any, renderable: Any) -> None:
            display(screen, renderable)
            if renderable is not None and table.answer is not None:
                frames.append((table.answer.request.seq, preview.shown))

        app._display = spy  # type: ignore[method-assign]
        old = preview.shown
        await ask(pilot, "parse_config")
        top = app.answer.rows[0]
        want = (top.path, top.start_line, top.end_line)
        assert want != old
        await wait_for(pilot, lambda: any(shown == want for _, shown in frames))
        first = next(shown for seq, shown in frames if seq == app.seq)
        assert first == old, "the list's first frame waits for no new file"



@pytest.mark.slow
async def test_a_file_shown_again_redraws_only_the_lines_marked_then_or_now_or_coloured_since() -> None:
    """j then k (or a question whose answers come back to a file): the lines of a kept file drawn
    before are drawn again only where its marks or colours changed (a screenful drawn anew was 3 ms
    of a move's 17 on the app's thread), and every line reads as a fresh draw makes it."""
    from textual.content import Content

    app = _One()
    other = "\n".join(f"other = {i}" for i in range(40))
    async with app.run_test(size=(80, 40)) as pilot:
        preview = app.query_one(Preview)
        preview.show("long.py", LONG, 1500, 1502, "python", hits=(1501,))
        await wait_for(pilot, lambda: preview.coloured == preview.shown)
        await pilot.pause(0.05)
        drawn = dict(preview._strips)
        assert set(range(1499, 1502)) <= set(drawn)
        preview.show("other.py", other, 3, 3, "python")
        await wait_for(pilot, lambda: preview.coloured == preview.shown)
        await pilot.pause(0.05)
        colour = preview._kept[("long.py", id(LONG))][2]
        recoloured = max(drawn)  # a line coloured again while the file was not on show: drawn anew
        colour[recoloured] = Content(colour[recoloured].plain)
        preview.show("long.py", LONG, 1506, 1507, "python")  # back to it, a few lines down
        await wait_for(pilot, lambda: preview.coloured == preview.shown)
        await pilot.pause(0.05)
        view = list(preview._view())
        kept = [i for i in view if i in drawn and preview._strips.get(i) is drawn[i]]
        assert kept and not set(kept) & {recoloured, 1499, 1500, 1501, 1505, 1506}
        assert recoloured in view
        now = {i: list(preview._strips.get(i) or preview._line(i)) for i in view}
        preview._strips.clear()
        assert now == {i: list(preview._line(i)) for i in view}


def test_a_place_noted_on_a_style_is_richs_own_sum() -> None:
    """The cells' places (a mouse selection reads them) are noted as Rich's ``+`` notes them."""
    from rich.style import Style as RichStyle

    from maguyva_tui.app.widgets.preview import _at

    for style in (RichStyle(color="red", bgcolor="blue", bold=True, italic=False), RichStyle(), None,
                  RichStyle(link="https://example.com"), RichStyle.from_meta({"a": 1}) + RichStyle(color="green")):
        place = RichStyle.from_meta({"offset": (3, 9)})
        made, rich = _at(style, 3, 9), (style + place if style else place)
        assert made == rich and made.meta == rich.meta == {**(style.meta if style else {}), "offset": (3, 9)}
        assert made.link == rich.link and made._link_id and bool(made) == bool(rich)
