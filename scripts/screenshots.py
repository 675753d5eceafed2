"""Regenerate screenshots/ from the real app on a real repository (the pinned requests sdist).

    python scripts/screenshots.py [--corpus requests] [--out screenshots] [--no-png]

One SVG per built-in theme (the results view) and one per main view (results, explain, help,
what-if, go to). When ``rsvg-convert`` is installed a PNG is written beside each SVG.
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

SIZE = (150, 44)
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


async def shoot(root: Path, out: Path, name: str, theme: str, scene: Scene) -> Path:
    """Run the app on ``root`` with a theme, play a scene, save an SVG."""
    from maguyva_tui.app import MaguyvaApp
    from maguyva_tui.core.engine import Engine

    engine = Engine(root)
    engine.search("warm up the models")  # so the times shown are a warm engine's, as after a minute of use
    app = MaguyvaApp(engine, theme=theme, watch=False, embed=False)
    async with app.run_test(size=SIZE) as pilot:
        await scene(app, pilot)
        await pilot.pause(0.3)
        path = app.save_screenshot(filename=f"{name}.svg", path=str(out))
    return Path(path)


def to_png(svg: Path) -> Path | None:
    """Convert an SVG with rsvg-convert (keeping the spaces Textual writes), if it is installed."""
    if not shutil.which("rsvg-convert"):
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".svg", delete=False) as tmp:
        tmp.write(svg.read_text(encoding="utf-8").replace("<svg ", '<svg xml:space="preserve" ', 1))
    png = svg.with_suffix(".png")
    subprocess.run(["rsvg-convert", "--zoom", "1", tmp.name, "-o", str(png)], check=True)
    Path(tmp.name).unlink()
    return png


def main() -> None:
    parser = argparse.ArgumentParser(description="Regenerate the screenshots.")
    parser.add_argument("--corpus", default="requests")
    parser.add_argument("--out", default=str(REPO / "screenshots"))
    parser.add_argument("--no-png", action="store_true")
    parser.add_argument("--only", help="one scene name")
    args = parser.parse_args()
    from bench.corpora import corpus
    from maguyva_tui.core.engine import Engine

    root = corpus(args.corpus)
    engine = Engine(root)
    engine.refresh()
    if hasattr(engine, "embed_pending"):
        engine.embed_pending()  # once; later runs reuse the stored vectors
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, theme, scene in SCENES:
        if args.only and name != args.only:
            continue
        svg = asyncio.run(shoot(root, out, name, theme, scene))
        png = None if args.no_png else to_png(svg)
        print(
            svg.relative_to(REPO) if svg.is_relative_to(REPO) else svg,
            "+ png" if png else "",
        )


if __name__ == "__main__":
    main()
