"""Why a result ranked where it did: the RRF arithmetic term by term, boost, demotion, reasons.

Every number comes from the engine's result dict; nothing is recomputed. The one check made is
that the printed terms add up to the printed score, and a mismatch is shown, not hidden.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from maguyva_tui.app.fuzzy import Target
from maguyva_tui.app.session import Answer, Row
from maguyva_tui.app.widgets.bars import modality_style
from maguyva_tui.app.widgets.hanging import Hanging
from maguyva_tui.core.explain import (
    SIGNATURE_WORDS,
    asks_phrase,
    demotion_why,
    name_said,
    signature_formula,
    text_reason,
)
from maguyva_tui.core.types import MODALITIES, Vote
from maguyva_tui.terminal import visible_lines

TOLERANCE = 1e-9
"""Largest gap between the shown terms and the shown score still called equal (float summation)."""


class ExplainPanel(VerticalScroll):
    """A scrollable explanation of the highlighted result."""

    BINDINGS: ClassVar[list[BindingType]] = [  # as the preview's: j had done nothing here (tab, then j)
        Binding("j", "scroll_down", "Scroll down", show=False),
        Binding("k", "scroll_up", "Scroll up", show=False),
        Binding("home", "scroll_home", "Top", show=False),
        Binding("end", "scroll_end", "Bottom (each notice whole)", show=False),
    ]

    plain = ""
    """The text on show, without styles (what tests compare with the JSON)."""

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(id="explain-body")

    def show(self, answer: Answer | None, row: Row | None, rank: int = 0, notices: Sequence[str] = ()) -> None:
        """Explain one result of an answer (``None``: nothing to explain, and ``notices``, the status
        line's, whole: an answer of no rows or the index's own, which the line may cut)."""
        content = explain(answer, row, rank) if answer and row else nothing(notices, answer)
        self.plain = content.plain
        self.query_one("#explain-body", Static).update(Hanging([(line, _indent(line.plain))
                                                                 for line in content.split("\n", allow_blank=True)]))

    def absent(self, answer: Answer | None, target: Target, searched: str = "") -> None:
        """Say that the file or symbol gone to has no ranking to explain: no result of the answer
        holds it, or none is listed yet while the question ``searched`` is."""
        content = unlisted(answer, target, searched)
        self.plain = content.plain
        self.query_one("#explain-body", Static).update(content)


_LABEL = re.compile(r" *\S+(?: \S+)? {2,}")
"""A line's label and the blanks after it (``  semantic   ``, ``query     ``, ``weighted RRF  ``)."""


def _indent(line: str) -> int:
    """Where a line's continuation starts when it wraps: under the text after its label (a reason
    under its term, not under the engine's name)."""
    label = _LABEL.match(line)
    return label.end() if label else 0


def quoted(text: str) -> str:
    """The question in quotes as it was typed: a regex's backslashes single (``repr`` had doubled
    each one), in double quotes where it holds an apostrophe and no double quote; a control
    character is made visible by the panel, as in every other line."""
    mark = '"' if "'" in text and '"' not in text else "'"
    return f"{mark}{text}{mark}"


def nothing(notices: Sequence[str], answer: Answer | None = None) -> Content:
    """Return what the panel says with no result to explain (an answer of none: that it found
    none, where it had said no result was selected), and each notice whole."""
    if answer is not None and not answer.rows:
        lines = [Content.styled(f"No results for {quoted(answer.request.text)}: nothing to explain.", "dim")]
    else:
        lines = [Content.styled("No result selected.", "dim")]
    if notices:
        lines += [Content(""), *(Content.assemble(("notice    ", "dim"), notice) for notice in notices)]
    joined = Content("\n").join(lines)
    return Content(visible_lines(joined.plain), list(joined.spans))


def where(path: str, start: int, end: int) -> str:
    """A place as the preview's title and the list write it: ``a.js:46`` for one line (the panel had
    said ``a.js:46-46`` beside the preview's ``a.js:46``), ``a.js:3-9`` for a span."""
    return f"{path}:{start}" + (f"-{end}" if end > start else "")


def unlisted(answer: Answer | None, target: Target, searched: str = "") -> Content:
    """Return why a place gone to (``g``) is not explained: the list holds no result there, or
    none yet, the question ``searched`` being searched."""
    place = f"  {target.path}:{target.line}" if target.detail else ""  # a file's label is its path
    kind = target.detail.split()[0] if target.detail else "file"
    lines = [Content.assemble((target.label, "bold"), (f"  {kind}", "dim"), place)]
    if answer is None and searched:  # it had said no question was asked beside the one searched
        lines.append(Content(f"is not ranked yet: {quoted(searched)} is being searched"))
    elif answer is None:
        lines.append(Content("is not ranked: no question is asked"))
    else:
        count = len(answer.rows)
        lines.append(Content(f"is not among the {count} result{'s' if count != 1 else ''} of {quoted(answer.request.text)}"))
        lines += [Content.assemble(("its file is listed: ", "dim"), f"#{i + 1}  {where(row.path, row.start_line, row.end_line)}")
                  for i, row in enumerate(answer.rows) if row.path == target.path][:3]
    hint = ("ask for it by name, or esc to the results and e on one" if answer is not None
            else "the first is explained once listed" if searched else "ask a question first")
    lines += [Content(""), Content.styled(f"Only a listed result has a ranking to explain: {hint}.", "dim")]
    joined = Content("\n").join(lines)
    return Content(visible_lines(joined.plain), list(joined.spans))


def explain(answer: Answer, row: Row, rank: int) -> Content:
    """Return the explanation of ``row`` (at 0-based fused ``rank``) as styled lines."""
    ranked, k = row.result, answer.k
    symbol = f"  {ranked.symbol}" + (f" ({ranked.kind})" if ranked.kind else "") if ranked.symbol else ""
    lines: list[Content] = [
        Content.assemble(
            ("#", "dim"),
            (f"{rank + 1}  ", "bold"),
            (where(row.path, row.start_line, row.end_line), "bold"),
            symbol,
        ),
        Content.assemble(
            ("query     ", "dim"),
            quoted(answer.request.text),
            ("  intent ", "dim"),
            answer.intent or "—",
            ("  strategy ", "dim"),
            answer.strategy or "—",
            ("  k ", "dim"),
            str(k),
        ),
        Content(""),
        Content.from_markup(
            "[b]weighted RRF[/]  [dim]contribution = weight × 1/(k + rank + 1) × boost   (rank is 0-based)[/]"
        ),
    ]
    for name, factor, why in answer.result.faded:  # its votes show the weight used: say why it is not the bars'
        weight = answer.result.weight(name)
        lines.append(Content.assemble("  ", (f"{name:<11}", modality_style(name)),
                                      (f"weight {weight:.2f} × {factor:g} = {weight * factor:.2f}: {why}", "dim")))
    votes = dict(ranked.votes)
    phrase = asks_phrase(answer.result)  # the text engine's tiers said of a phrase, as --explain says them
    total = 0.0
    for name in MODALITIES:
        if name not in votes:
            lines.append(Content.assemble("  ", (f"{name:<11}", modality_style(name)), ("not run", "dim")))
            continue
        vote = votes[name]
        if vote is None:
            lines.append(
                Content.assemble(
                    "  ",
                    (f"{name:<11}", modality_style(name)),
                    ("not found", "dim italic"),
                )
            )
            continue
        total += vote.contribution
        lines.append(_term(name, vote, k, ranked.boost, text_reason(vote.reason or "", phrase and name == "text")))
    if ranked.file_credits:
        lines.append(Content.assemble(
            "  ", ("file       ", "dim"),
            "  ".join(f"{name} {credit:.6f}" for name, credit in ranked.file_credits),
            " = ", (f"{ranked.file_credit:.6f}", "bold"), ("   the file's other chunks", "dim")))
    lines += _totals(answer, row, total + ranked.file_credit)
    lines += _extras(row, answer.strategy in ("direct", "single"))
    if answer.notices:  # the status line shows them cut to its width: here each is whole
        lines.append(Content(""))
        lines += [Content.assemble(("notice    ", "dim"), notice) for notice in answer.notices]
    joined = Content("\n").join(lines)  # paths, names and reasons come from the repository: their
    return Content(visible_lines(joined.plain), list(joined.spans))  # control characters are shown, never sent


def _term(name: str, vote: Vote, k: int, boost: float, reason: str) -> Content:
    """Return one modality's term: its weight, rank, k, boost, contribution and the engine's
    ``reason`` as ``--explain`` words it (a phrase's text tier: "whole words", where the panel had
    said the tier's own name, "whole identifier", of "expected a mapping node")."""
    formula = f"{vote.weight:.2f} × 1/({k} + {vote.rank} + 1) × {boost:.3f}"
    return Content.assemble(
        "  ",
        (f"{name:<11}", modality_style(name)),
        f"{formula:<34}",
        " = ",
        (f"{vote.contribution:.6f}", "bold"),
        ("   own score ", "dim"),
        f"{vote.score:.4g}",
        ("   " + reason, "italic") if reason else "",
    )


def _totals(answer: Answer, row: Row, total: float) -> list[Content]:
    """Return the sum, the demotion factor (and a lift) and the score, with the check that they agree."""
    factor, lift, named, quoted = row.result.demotion, row.result.lift, row.result.name_lift, row.result.quoted_lift
    signature = row.result.signature
    agrees = math.isclose(total * factor * lift * named * quoted + signature, row.score, rel_tol=TOLERANCE,
                          abs_tol=TOLERANCE)
    check = ("  ✓ terms add up", "$success") if agrees else ("  ≠ terms do not add up to the score", "bold $error")
    template = "template" in row.result.demoted_as  # a macro's template of a name defined elsewhere
    why = (f"  ({demotion_why(row.path, factor, template, row.result.demoted_as)})", "$warning") if factor < 1.0 \
        else ("  (not demoted)", "dim")
    return [
        Content.assemble("  ", ("sum        ", "dim"), f"{total:.6f}"),
        Content.assemble("  ", ("demotion   ", "dim"), f"× {factor:g}", why),
        *([Content.assemble("  ", ("lift       ", "dim"), f"× {lift:g}",
                            ("  (the leading engine's clear first answer: well above its second)", "dim"))]
          if lift != 1.0 else []),
        *([Content.assemble("  ", ("file name  ", "dim"), f"× {named:.4g}",
                            (f"  ({name_said(answer.result, row.result)})", "dim"))]
          if named != 1.0 else []),
        *([Content.assemble("  ", ("quoted     ", "dim"), f"× {quoted:.4g}",
                            (f"  (its code spells {', '.join(row.result.quoted_names)}, quoted in the question)", "dim"))]
          if quoted != 1.0 else []),
        *([Content.assemble("  ", ("signature  ", "dim"), f"+ {signature:.6f}",
                            (f"  = {signature_formula(row.result)}  (ranked by {SIGNATURE_WORDS},"
                             f" cosine {row.result.signature_cosine:.2f})", "dim"))]
          if signature else []),
        Content.assemble("  ", ("score      ", "bold"), (f"{row.score:.6f}", "bold $accent"), check),
    ]


def _extras(row: Row, alone: bool = False) -> list[Content]:
    """Return centrality and boost (``alone``: one engine's list, where centrality orders ties and
    boosts nothing), folding and graph depth."""
    ranked = row.result
    lines = [
        Content(""),
        Content.assemble(
            ("centrality ", "dim"),
            f"{ranked.centrality:.3f}",
            ("  →  boost ", "dim"),
            (f"{ranked.boost:.3f}", "bold"),
            ("   (one engine alone: centrality orders its ties)" if alone else
             "   = min(1 + 0.3·ln(1 + centrality), 1.5)", "dim"),
        ),
    ]
    folded = row.folded
    lines.append(
        Content.assemble(
            ("folded     ", "dim"),
            f"{folded} other chunk{'s' if folded != 1 else ''} of this file" if folded else "none",
        )
    )
    lines += [Content.assemble(("also in    ", "dim"), where(path, start, end), ("  (a near copy)", "dim"))
              for path, start, end in ranked.copies]
    if ranked.depth is not None:
        lines.append(
            Content.assemble(
                ("depth      ", "dim"),
                f"{ranked.depth} (graph distance from the target)",
            )
        )
    return lines
