"""Regenerate screenshots/ from the real app on a real repository (the pinned requests sdist).

    python scripts/screenshots.py [--corpus requests] [--out screenshots] [--no-png] [--width N]

One SVG per built-in theme (the results view) and one per main view (results, explain, help,
what-if, go to), each at every width in WIDTHS, named ``<view>-<width>.svg``. When ``rsvg-convert``
(or else the ``cairosvg`` package) is installed a PNG is written beside each SVG.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

WIDTHS = (100, 120, 160, 200, 220)
"""Narrow (100) and stacked (120), side by side where the results pane is tightest (160), roomy
(200) and wide (220): issue 20 asks every engine column visible at each."""

HEIGHT = 44
QUESTION = "who calls merge_setting"


async def _settle(app, pilot) -> None:
    while not app.index_ready or app.shown_seq != app.seq:
        await pilot.pause(0.05)
    await pilot.pause(0.4)


async def _ask(app, pilot, text: str, *keys: str) -> None:
    await _settle(app, pilot)
    box = app.part("#query")
    box.cursor_blink = False
    box.value = text
    await pilot.pause(0.1)
    await _settle(app, pilot)
    if keys:
        await pilot.press(*keys)
        await _settle(app, pilot)


Scene = Callable[[object, object], Awaitable[None]]

SCENES: list[tuple[str, str, Scene]] = [
    (
        "results-dark",
        "maguyva-dark",
        lambda app, pilot: _ask(app, pilot, "how are redirects resolved", "escape", "down"),
    ),
    (
        "results-light",
        "maguyva-light",
        lambda app, pilot: _ask(app, pilot, "def merge_setting"),
    ),
    (
        "explain",
        "maguyva-dark",
        lambda app, pilot: _ask(app, pilot, QUESTION, "escape", "e"),
    ),
    (
        "what-if",
        "maguyva-dark",
        lambda app, pilot: _ask(app, pilot, "session cookies", "escape", "w", "w", "plus", "plus", "plus"),
    ),
    (
        "help",
        "maguyva-dark",
        lambda app, pilot: _ask(app, pilot, "HTTPAdapter", "escape", "question_mark"),
    ),
    (
        "goto",
        "maguyva-dark",
        lambda app, pilot: _ask(app, pilot, "Session", "ctrl+g", *"sesreq"),
    ),
]


async def shoot(root: Path, out: Path, name: str, theme: str, scene: Scene, width: int) -> Path:
    """Run the app on ``root`` with a theme, ``width`` columns wide, play a scene, save an SVG."""
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    engine = Engine(root)
    engine.search("warm up the models")  # so the times shown are a warm engine's, as after a minute of use
    app = MaguyvaApp(engine, theme=theme, watch=False, embed=False)
    async with app.run_test(size=(width, HEIGHT)) as pilot:
        await scene(app, pilot)
        await pilot.pause(0.3)
        path = app.save_screenshot(filename=f"{name}-{width}.svg", path=str(out))
    return Path(path)


def to_png(svg: Path) -> Path | None:
    """Convert an SVG with rsvg-convert or cairosvg (keeping the spaces Textual writes), if installed."""
    try:
        import cairosvg  # type: ignore[import-not-found]
    except ImportError:
        cairosvg = None
    if not shutil.which("rsvg-convert") and cairosvg is None:
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".svg", delete=False) as tmp:
        tmp.write(svg.read_text(encoding="utf-8").replace("<svg ", '<svg xml:space="preserve" ', 1))
    png = svg.with_suffix(".png")
    if shutil.which("rsvg-convert"):
        subprocess.run(["rsvg-convert", "--zoom", "1", tmp.name, "-o", str(png)], check=True)
    else:
        cairosvg.svg2png(url=tmp.name, write_to=str(png))
    Path(tmp.name).unlink()
    return png


def main() -> None:
    parser = argparse.ArgumentParser(description="Regenerate the screenshots.")
    parser.add_argument("--corpus", default="requests")
    parser.add_argument("--out", default=str(REPO / "screenshots"))
    parser.add_argument("--no-png", action="store_true")
    parser.add_argument("--only", help="one scene name")
    parser.add_argument("--png-only", action="store_true", help="convert the SVGs already in --out")
    parser.add_argument("--width", type=int, action="append", help="a width (repeatable); default: WIDTHS")
    args = parser.parse_args()
    if args.png_only:
        for svg in sorted(Path(args.out).glob("*.svg")):
            print(svg.name, "+ png" if to_png(svg) else "(no converter)")
        return
    from bench.corpora import corpus
    from maguyva_tui.core.engine import Engine

    root = corpus(args.corpus)
    engine = Engine(root)
    engine.refresh()
    if hasattr(engine, "embed_pending"):
        engine.embed_pending()  # once; later runs reuse the stored vectors
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    shots = [(s, w) for s in SCENES for w in args.width or WIDTHS if not args.only or s[0] == args.only]
    for (name, theme, scene), width in shots:
        svg = asyncio.run(shoot(root, out, name, theme, scene, width))
        png = None if args.no_png else to_png(svg)
        print(
            svg.relative_to(REPO) if svg.is_relative_to(REPO) else svg,
            "+ png" if png else "",
        )


if __name__ == "__main__":
    main()
