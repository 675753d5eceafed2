"""What an agent is told about the arguments it sent: one line per refusal, a notice per stray name.

The SDK refuses arguments that break a tool's schema with pydantic's own report, several lines each
with a bracketed type code and a documentation link (``1 validation error for searchArguments\\nlimit\\n
Input should be greater than or equal to 1 [type=greater_than_equal, ...]\\n    For further
information visit https://errors.pydantic.dev/...``); :func:`refusal` says the same in one line. An
argument the tool does not take (a typo, ``lmit``; a guess, ``path``) the SDK drops without a word, so
an agent believed its search was limited or narrowed: :func:`stray_notice` names it in the answer.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any

SENT_CHARS = 60
"""A rejected value said back is cut here: the agent sent it, and it only needs to recognise it."""


def refusal(tool: str, errors: Iterable[Mapping[str, Any]], arguments: Mapping[str, Any] | None = None,
            schema: Mapping[str, Any] | None = None) -> str:
    """One line saying which arguments of ``tool`` were refused and why (pydantic's ``errors()``);
    each value said back as the agent sent it in ``arguments`` (the SDK decodes a string holding
    JSON first: ``limit: "null"`` had been said back as ``None``). A number past any integer's size
    is said with the range the tool's input ``schema`` gives the argument."""
    properties = (schema or {}).get("properties", {})
    return f"invalid arguments for {tool}: " + "; ".join(_one(error, arguments or {}, properties) for error in errors)


TOO_BIG = "int_parsing_size"
"""pydantic's type for a number past an integer's size (``limit: 1e308``), said as "Unable to parse input
string as an integer, exceeded maximum size": the agent sent no string, and learnt no range."""


def _range(where: str, properties: Mapping[str, Any]) -> str:
    """``a whole number from 1 to 50``, as the input schema bounds the argument."""
    spec = properties.get(where, {}) if isinstance(properties, Mapping) else {}
    low, high = spec.get("minimum"), spec.get("maximum")
    if low is not None and high is not None:
        return f"a whole number from {low} to {high}"
    return f"a whole number of at least {low}" if low is not None else "a whole number"


def _one(error: Mapping[str, Any], arguments: Mapping[str, Any], properties: Mapping[str, Any] | None = None) -> str:
    loc = tuple(error.get("loc", ()))
    where = ".".join(str(part) for part in loc) or "arguments"
    if error.get("type") == "missing":
        close = [name for name in arguments if isinstance(name, str) and _meant(name, [where]) == where]
        return f"{where}: required, not sent" + (f" ({close[0][:SENT_CHARS]!r} was sent: did you mean {where}?)" if close else "")
    if len(loc) == 1 and loc[0] in arguments and arguments[loc[0]] is None:  # only a required one's null is left
        return f"{where}: required, sent null"
    sent = repr(arguments[loc[0]] if len(loc) == 1 and loc[0] in arguments else error.get("input"))
    if len(sent) > SENT_CHARS:
        sent = sent[: SENT_CHARS - 1] + "…"
    if error.get("type") == TOO_BIG:
        return f"{where}: out of range: {where} takes {_range(where, properties or {})} (sent {sent})"
    return f"{where}: {error.get('msg', 'refused')} (sent {sent})"


def stray_notice(tool: str, sent: Iterable[str], taken: Iterable[str]) -> str | None:
    """A notice naming the arguments sent that ``tool`` does not take; ``None`` when there are none."""
    known = list(taken)
    stray = sorted(name for name in sent if name not in known)
    if not stray:
        return None
    names = ", ".join(repr(name)[:SENT_CHARS] for name in stray)
    meant = {name: to for name in stray if (to := _meant(name, known))}
    said = "".join(f"; did you mean {to}?" if len(stray) == 1 else f"; did you mean {to} for {name[:SENT_CHARS]!r}?"
                   for name, to in meant.items())
    return f"ignored {names}: {tool} takes {', '.join(known)}{said}"


def unknown_tool(name: str, tools: Iterable[str]) -> str:
    """Why a call of a tool that does not exist was refused: the tools there are, and the one a
    misspelling (``find_definitions``, ``Search``) may have meant."""
    known = list(tools)
    meant = _meant(name, known)
    return (f"Unknown tool: {name[:SENT_CHARS]!r} (tools/list lists {', '.join(known) or 'none'})"
            + (f"; did you mean {meant}?" if meant else ""))


def _meant(name: str, known: Iterable[str]) -> str | None:
    """The argument a name sent may be a misspelling of (``lmit``: ``limit``), else ``None``: an
    agent told only "ignored 'lmit'" had to find the name itself."""
    close = difflib.get_close_matches(name.lower(), list(known), 1, 0.75)
    return close[0] if close else None


def unset_nulls(arguments: Mapping[str, Any], schema: Mapping[str, Any]) -> dict[str, Any]:
    """The arguments less an option sent as ``null`` (agents send one for an option they do not
    set): its default applies, where it had been a validation error ("Input should be 'quick',
    'default' or 'thorough'"). A required argument's ``null`` stays, to be refused as sent null:
    the intake had dropped every null, and ``{"query": null}`` was said to be "required, not sent"."""
    required = set(schema.get("required", ()))
    return {name: value for name, value in arguments.items() if value is not None or name in required}
