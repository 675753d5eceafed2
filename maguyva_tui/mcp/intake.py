"""The server's intake: every line from the client made into a message the SDK can answer.

The SDK drops a line its JSON parser refuses without a word, even when it is a request with an id
that waits for an answer: a lone surrogate escape (``"\\ud800"``), valid JSON to Python but not to
pydantic, or a request whose ``params`` are not an object. A thread between the real stdin and
the SDK repairs such lines: lone surrogates become U+FFFD (the request is answered as asked), and
a request that is still malformed is sent on without its params, which the SDK answers with an
error (``-32602`` invalid params, or ``-32601`` when its method is not a string). A JSON-RPC batch
(an array of messages: JSON-RPC 2.0 has them, MCP since 2025-06-18 does not, and the SDK drops the
whole line, leaving each of its requests unanswered) is split into its messages, each repaired and
answered on its own line. A line with no usable id (not JSON at all, a notification) has no one to
answer and goes on as it is. A tool's argument sent as ``null`` (agents send one for an option they
do not set) is left out, so the tool's default applies instead of a validation error ("Input should
be 'quick', 'default' or 'thorough'").
"""

from __future__ import annotations

import json
import os
import re
import threading
from typing import Any, BinaryIO

from mcp import types

LONE_SURROGATE = re.compile("[\ud800-\udfff]")
UNKNOWN_METHOD = "invalid"
"""The method sent on for a request whose method is not a string: the SDK answers "Method not found"."""


def repair(line: bytes) -> bytes:
    """Return the line as the SDK can answer it: unchanged when it parses, else repaired (see above)."""
    if _parses(line):
        return _without_null_arguments(line) if b"null" in line else line
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):  # not JSON (nor UTF-8), or nested past Python's stack: no id to answer
        return line
    if isinstance(message, list) and message:  # a batch: each message on a line of its own
        return b"".join(_repair_one(part) for part in message)
    return _repair_one(message, line)


def _repair_one(message: Any, line: bytes | None = None) -> bytes:
    """Return one decoded message as a line the SDK answers (``line``: as the client sent it)."""
    if line is None:
        line = _encode(message)
        if _parses(line):
            return line
    fixed = _scrub(message)
    if fixed != message:
        encoded = _encode(fixed)
        if _parses(encoded):
            return encoded
    if isinstance(fixed, dict) and isinstance(fixed.get("id"), (int, str)) and not isinstance(fixed["id"], bool):
        method = fixed.get("method")
        if isinstance(method, str) or "method" in fixed:
            return _encode({"jsonrpc": "2.0", "id": fixed["id"],
                            "method": method if isinstance(method, str) else UNKNOWN_METHOD})
    return line


def _without_null_arguments(line: bytes) -> bytes:
    """A ``tools/call`` line without the arguments whose value is ``null``; any other line as it is."""
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        return line
    if not (isinstance(message, dict) and message.get("method") == "tools/call"):
        return line
    params = message.get("params")
    arguments = params.get("arguments") if isinstance(params, dict) else None
    if not isinstance(params, dict) or not isinstance(arguments, dict) or None not in arguments.values():
        return line
    params["arguments"] = {key: value for key, value in arguments.items() if value is not None}
    return _encode(message)


def _parses(line: bytes) -> bool:
    try:
        types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    except Exception:  # noqa: BLE001 - any refusal means the SDK would drop the line
        return False
    return True


def _scrub(value: Any) -> Any:
    """Replace lone surrogates in every string, keys included, with U+FFFD."""
    if isinstance(value, str):
        return LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    if isinstance(value, dict):
        return {_scrub(k): _scrub(v) for k, v in value.items()}
    return value


def _encode(message: Any) -> bytes:
    return json.dumps(message, ensure_ascii=False).encode("utf-8") + b"\n"


def repair_stdin() -> threading.Thread:
    """Put a repairing pipe in front of fd 0: the SDK reads repaired lines, a thread reads the client."""
    client = os.fdopen(os.dup(0), "rb")
    read_end, write_end = os.pipe()
    os.dup2(read_end, 0)
    os.close(read_end)
    thread = threading.Thread(target=_pump, args=(client, os.fdopen(write_end, "wb")), name="maguyva-intake",
                              daemon=True)
    thread.start()
    return thread


def _pump(client: BinaryIO, server: BinaryIO) -> None:
    """Copy the client's lines to the SDK, repaired, until either end closes."""
    try:
        with client, server:
            for line in client:
                try:
                    repaired = repair(line)
                except Exception:  # noqa: BLE001 - one line the intake cannot read must not end the session
                    repaired = line
                server.write(repaired)
                server.flush()
    except (BrokenPipeError, ValueError, OSError):  # the SDK stopped reading: the session is over
        return
