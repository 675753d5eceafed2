"""The server's intake: every line from the client answered, by the SDK or else by the intake itself.

The SDK drops a line its JSON parser refuses without a word, even when it is a request with an id
that waits for an answer: a lone surrogate escape (``"\\ud800"``), valid JSON to Python but not to
pydantic, or a request whose ``params`` are not an object. A thread between the real stdin and
the SDK repairs such lines: lone surrogates become U+FFFD (the request is answered as asked), and
a request that is still malformed is sent on without its params, which the SDK answers with an
error (``-32602`` invalid params, or ``-32601`` when its method is not a string). A ``tools/call``
whose params are not a tool's name and an object of arguments (``"arguments": "{\\"query\\": ...}"``,
JSON encoded twice, as agents send it) is answered ``-32602`` by the intake, in one line that says
which part is wrong: the SDK's "Invalid request parameters" had said nothing more. A JSON-RPC batch
(an array of messages: JSON-RPC 2.0 has them, MCP since 2025-06-18 does not, and the SDK drops the
whole line, leaving each of its requests unanswered) is split into its messages, each repaired and
answered on its own line. A tool's argument sent as ``null`` goes on as sent: the server reads it
(an option's ``null`` is its default, a required argument's is refused as sent null).

What no repair makes answerable the intake answers itself, as JSON-RPC 2.0 says, on the same stdout
(:class:`Wire`: the SDK's messages and the intake's go out a whole line at a time): a line that is
not JSON, or nested deeper than Python's stack, gets a Parse error (``-32700``); a message that is not
a request gets Invalid Request (``-32600``). Each carries the request's id where it can be read (a
deep line's id is read without descending into it) and ``null`` where it cannot. A request whose id
is neither a string nor an integer (``1e400``, ``2.5``, ``null``: the SDK would take it for a
notification and answer nothing) is answered ``-32600`` with id ``null`` and not sent on. A
notification, a response, and a blank line have no one waiting: they go on as they came.

A request the SDK would answer with "Invalid request parameters" alone, or with "Method not found",
is told what is wrong by the intake (``-32600`` Invalid Request, or ``-32602`` for ``initialize``'s
params), in one line: a request other than ``initialize`` or ``ping`` before any ``initialize``
(:class:`Opening`), a notification's method sent with an id (``notifications/initialized`` read as an
unknown method), a ``jsonrpc`` other than ``"2.0"`` (``"1.0"``, or none, had been answered as
``"2.0"``), ``initialize`` without its ``protocolVersion``, ``capabilities`` or ``clientInfo``, and any
request of the protocol's whose params no version the SDK negotiates takes (``-32602``, naming the param:
``tools/list: cursor: Input should be a valid string (sent 5)``, ``resources/read: uri was not sent``).

A line is read up to :data:`MAX_LINE_BYTES`: the rest of a longer one is read and dropped a piece at
a time, never held, and the line is answered Invalid Request (``-32600``, with its id where one of
its scalar members before the first nested value gives it, else ``null``); the session goes on with
the next line. The whole line had been read before the SDK refused it (50 MB: 6.6 s, all of it held).

A client that closes stdin after its last request (``maguyva mcp < requests``, a script's half-close)
still gets every answer: the intake keeps the SDK's end open until each request it handed on has been
answered (:class:`Pending`; at most :data:`DRAIN_S`), then closes it and the session ends. The SDK
had cancelled the requests in flight at the end of stdin: their searches ran on, unstoppable in their
threads, for seconds, and their answers were thrown away.
"""

from __future__ import annotations

import io
import json
import os
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from mcp import types
from mcp_types.methods import SPEC_CLIENT_METHODS, validate_client_request
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS
from pydantic import ValidationError

from maguyva_tui.json_out import terminal_safe

LONE_SURROGATE = re.compile("[\ud800-\udfff]")
UNKNOWN_METHOD = "invalid"
"""The method sent on for a request whose method is not a string: the SDK answers "Method not found"."""
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
CALL_SHAPE = 'Invalid params: tools/call takes {"name": a tool, "arguments": an object}'
NOT_JSON = "Parse error: the line is not JSON"
TOO_DEEP = "Parse error: the JSON is nested too deeply to read"
BAD_ID = "Invalid Request: an id must be a string or an integer"
NOT_AN_OBJECT = "Invalid Request: a message must be a JSON object"
NOT_A_REQUEST = "Invalid Request: a request needs jsonrpc \"2.0\", an id and a method"
NOT_INITIALIZED = "Invalid Request: the session is not initialized: send initialize first (tools/list lists the tools then)"
INITIALIZE_SHAPE = ('Invalid params: initialize takes {"protocolVersion": a string, "capabilities": an object, '
                    '"clientInfo": {"name": a string, "version": a string}}')
OPENING_METHODS = frozenset({"initialize", "ping"})
"""The requests the SDK answers before a session is initialized."""
MAX_LINE_BYTES = 1024 * 1024
"""The longest line the intake reads, its newline aside: a question of the most characters a search
takes (64 K, at most 4 bytes each) fits with room to spare."""
TOO_LONG = f"Invalid Request: a line is at most {MAX_LINE_BYTES:,} bytes; this one was longer and is not read"
BOM = b"\xef\xbb\xbf"
"""UTF-8's byte order mark, read past before a line."""
_DISCARD_BYTES = 64 * 1024
"""How much of an over-long line's rest is read and dropped at a time."""
DRAIN_S = 120.0
"""How long the requests in flight when the client closed stdin may take to be answered before the
session ends without them: a search on a large repository that is still being indexed takes a minute."""


@dataclass(frozen=True, slots=True)
class Triage:
    """One client line sorted out: what goes on to the SDK, and what the intake answers itself."""

    onward: bytes
    """Lines for the SDK: each a message it reads (and answers, when it is a request), or one it drops."""
    answers: bytes
    """The intake's own error answers, one a line, to the requests the SDK would leave unanswered."""


def repair(line: bytes) -> bytes:
    """Return the line as the SDK can answer it: unchanged when it parses, else repaired (see above)."""
    return triage(line).onward


def triage(line: bytes) -> Triage:
    """Sort one client line into what the SDK reads and what the intake answers (see above)."""
    checked = _validated(line)
    if isinstance(checked, types.JSONRPCRequest):
        sent = _json_or_none(line.decode("utf-8", "replace"))
        refused = _request_refusal(sent) or _params_refusal({"id": checked.id, "method": checked.method,
                                                             "params": checked.params})
        if refused:
            return Triage(b"", refused)
    if checked is not None and not (isinstance(checked, types.JSONRPCNotification) and _may_hold_an_id(line)):
        return Triage(line, b"")
    if not line.strip():
        return Triage(line, b"")
    text = line.decode("utf-8", "replace")  # as the SDK reads it
    try:
        message = json.loads(text)
    except RecursionError:  # nested past Python's stack: goes on as it came, the SDK's parser refuses it too
        return Triage(line, _error(PARSE_ERROR, _shallow_id(text), TOO_DEEP))
    except ValueError:
        return Triage(line, _error(PARSE_ERROR, None, NOT_JSON))
    if isinstance(message, list) and message:  # a batch: each message on a line of its own
        parts = [_triage_one(part) for part in message]
        return Triage(b"".join(p.onward for p in parts), b"".join(p.answers for p in parts))
    return _triage_one(message, line)


def _may_hold_an_id(line: bytes) -> bool:
    """Whether a line the SDK reads as a notification may still carry an ``id`` (one it refused)."""
    return b'"id"' in line or b"\\u" in line  # an escape may spell the key: "i\u0064"


def _triage_one(message: Any, line: bytes | None = None) -> Triage:
    """Sort one decoded message (``line``: as the client sent it, when it came alone)."""
    if _claims_an_id(message) and not _usable_id(message["id"]):
        return Triage(b"", _error(INVALID_REQUEST, None, BAD_ID))
    refused = _request_refusal(message)
    if refused:
        return Triage(b"", refused)
    refused = _params_refusal(message)
    if refused:
        return Triage(b"", refused)
    onward = _repair_one(message, line)
    if _validated(onward) is not None:
        return Triage(onward, b"")
    return Triage(onward, _refusal(message))


def _params_refusal(message: Any) -> bytes:
    """The intake's answer to a request whose params the SDK refuses with "Invalid request
    parameters" alone, saying which part is wrong (a ``tools/call``'s shape, ``initialize``'s, any
    request's ``_meta``, then any param of a request the protocol defines); ``b""`` for any other message."""
    return (_call_refusal(message) or _initialize_refusal(message) or _meta_refusal(message)
            or _surface_refusal(message))


def _surface_refusal(message: Any) -> bytes:
    """The intake's answer to a request of the protocol's (``tools/list``, ``resources/read``,
    ``logging/setLevel``...) whose params no protocol version the SDK negotiates takes, naming the first
    param wrong and how (``tools/list: cursor: Input should be a valid string (sent 5)``); ``b""`` for a
    request some version takes (the SDK's to answer), a method the protocol lacks ("Method not found"),
    or any other message. The SDK had answered "Invalid request parameters" with empty data."""
    if not (isinstance(message, dict) and _usable_id(message.get("id")) and isinstance(message.get("method"), str)):
        return b""
    method, params = message["method"], message.get("params")
    if method not in SPEC_CLIENT_METHODS or not (params is None or isinstance(params, dict)):
        return b""  # params that are no object go on without them (``_repair_one``)
    refused: ValidationError | None = None
    for version in reversed(HANDSHAKE_PROTOCOL_VERSIONS):  # the latest's words where every version refuses
        try:
            validate_client_request(method, version, params)
        except KeyError:  # not a method of this version
            continue
        except ValidationError as exc:
            refused = refused or exc
            continue
        except Exception:  # noqa: BLE001 - the SDK's to judge
            return b""
        return b""
    if refused is None:
        return b""
    errors = refused.errors()
    said = "; ".join(_param_error(error) for error in errors[:SAID_ERRORS])
    more = f" (and {len(errors) - SAID_ERRORS} more)" if len(errors) > SAID_ERRORS else ""
    return _error(INVALID_PARAMS, message["id"], f"Invalid params: {_said(method)}: {said}{more}")


SAID_ERRORS = 3
"""The wrong params an answer names at most."""


def _param_error(error: Any) -> str:
    """One pydantic error on a request's params as a clause: ``uri was not sent``, or the param's
    dotted place, the rule it broke and what was sent (at most 40 characters of its JSON)."""
    loc = tuple(error["loc"])
    place = ".".join(str(part) for part in (loc[1:] if loc[:1] == ("params",) and len(loc) > 1 else loc))
    if error["type"] == "missing":
        return f"{place} was not sent"
    try:
        sent = json.dumps(error.get("input"), ensure_ascii=True)
    except (TypeError, ValueError):
        sent = "?"
    sent = sent if len(sent) <= 40 else sent[:40] + "..."
    rule = " ".join(str(error["msg"]).split()) or str(error["type"])  # one line, whatever pydantic says
    return f"{place}: {rule} (sent {sent})"


def _request_refusal(message: Any) -> bytes:
    """The intake's answer to a request with an id that is no request the SDK should take: its
    ``jsonrpc`` not ``"2.0"`` (the SDK had answered ``"1.0"`` as ``"2.0"``), or its method a
    notification's (the SDK had said "Method not found" of ``notifications/initialized``); ``b""``
    for any other message."""
    if not (isinstance(message, dict) and _usable_id(message.get("id")) and isinstance(message.get("method"), str)):
        return b""
    version = message.get("jsonrpc")
    if version != "2.0":
        sent = "was not sent" if "jsonrpc" not in message else f"was {json.dumps(version)[:40]}"
        return _error(INVALID_REQUEST, message["id"], f'Invalid Request: jsonrpc must be "2.0"; it {sent}')
    if message["method"].startswith("notifications/"):
        return _error(INVALID_REQUEST, message["id"], f"Invalid Request: {_said(message['method'])} is a "
                                                      "notification: send it without an id")
    return b""


def _said(text: str) -> str:
    """A client's string as an error message quotes it: at most 80 characters, each printable."""
    shown = json.dumps(text[:80])[1:-1]
    return shown + ("..." if len(text) > 80 else "")


def _initialize_refusal(message: Any) -> bytes:
    """The intake's answer to an ``initialize`` request whose params lack what the SDK needs, saying
    which part (the SDK had said "Invalid request parameters" alone); ``b""`` for any other message."""
    if not (isinstance(message, dict) and message.get("method") == "initialize" and _usable_id(message.get("id"))):
        return b""
    params = message.get("params")
    if not isinstance(params, dict):
        said = "params was not sent" if params is None else f"params was {_json_kind(params)}"
    elif not isinstance(params.get("protocolVersion"), str):
        said = _wrong("protocolVersion", params)
    elif not isinstance(params.get("capabilities"), dict):
        said = _wrong("capabilities", params)
    elif not isinstance(params.get("clientInfo"), dict):
        said = _wrong("clientInfo", params)
    elif not all(isinstance(params["clientInfo"].get(key), str) for key in ("name", "version")):
        key = next(k for k in ("name", "version") if not isinstance(params["clientInfo"].get(k), str))
        said = "clientInfo." + _wrong(key, params["clientInfo"])
    else:
        return b""
    return _error(INVALID_PARAMS, message["id"], f"{INITIALIZE_SHAPE}; {said}")


def _wrong(key: str, params: dict[str, Any]) -> str:
    return f"{key} was not sent" if params.get(key) is None else f"{key} was {_json_kind(params[key])}"


class Opening:
    """Whether the client has asked to initialize the session yet: before it has, a request other
    than ``initialize`` or ``ping`` is answered Invalid Request saying so (the SDK had answered
    "Invalid request parameters" with empty data). The first ``initialize`` handed on opens it
    (a request sent right behind it, as a script sends them, goes on)."""

    def __init__(self) -> None:
        self.opened = False

    def sort(self, onward: bytes) -> Triage:
        """The lines to hand on, less the requests sent before ``initialize``, and the answers to those."""
        if self.opened or not onward.strip():
            return Triage(onward, b"")
        kept, answers = [], []
        for line in onward.splitlines(keepends=True):
            message = _json_or_none(line.decode("utf-8", "replace"))
            method = message.get("method") if isinstance(message, dict) else None
            if method == "initialize":
                self.opened = True
            elif (not self.opened and isinstance(method, str) and method not in OPENING_METHODS
                  and "id" in message and _usable_id(message["id"])):
                answers.append(_error(INVALID_REQUEST, message["id"], NOT_INITIALIZED))
                continue
            kept.append(line)
        return Triage(b"".join(kept), b"".join(answers))


def _meta_refusal(message: Any) -> bytes:
    """The intake's answer to a request whose ``params._meta`` is not an object, or whose
    ``_meta.progressToken`` is no string or integer (``[1]``, ``1.5``, ``null``: the SDK had said "Invalid request parameters" alone); ``b""`` otherwise."""
    if not (isinstance(message, dict) and _usable_id(message.get("id")) and isinstance(message.get("method"), str)):
        return b""
    params = message.get("params")
    meta = params.get("_meta") if isinstance(params, dict) else None
    if meta is None:
        return b""
    if not isinstance(meta, dict):
        said = f"params._meta must be an object; it was {_json_kind(meta)}"
    elif "progressToken" in meta and not _token(meta["progressToken"]):
        token = meta["progressToken"]
        kind = "a number that is no integer" if isinstance(token, float) else _json_kind(token)
        said = f"params._meta.progressToken must be a string or an integer; it was {kind}"
    else:
        return b""
    return _error(INVALID_PARAMS, message["id"], f"Invalid params: {said}")


def _token(value: Any) -> bool:
    """Whether a progress token is one the SDK takes: a string or an integer (``1.0`` is one)."""
    return isinstance(value, (str, int)) or isinstance(value, float) and value.is_integer()


def _call_refusal(message: Any) -> bytes:
    """The intake's answer to a ``tools/call`` request whose params are not a tool's name and an object
    of arguments, saying which part is wrong; ``b""`` for any other message. The SDK had answered
    "Invalid request parameters" alone, to an agent that sent its arguments as JSON text."""
    if not (isinstance(message, dict) and message.get("method") == "tools/call" and _usable_id(message.get("id"))):
        return b""
    params = message.get("params")
    if not isinstance(params, dict):
        said = "params was not sent" if params is None else f"params was {_json_kind(params)}"
    elif not isinstance(params.get("name"), str):
        said = "name was not sent" if params.get("name") is None else f"name was {_json_kind(params['name'])}"
    elif params.get("arguments") is not None and not isinstance(params["arguments"], dict):
        said = f"arguments was {_json_kind(params['arguments'])}"
        if isinstance(params["arguments"], str) and isinstance(_json_or_none(params["arguments"]), dict):
            said += " holding JSON: send the object itself"
    else:
        return b""
    return _error(INVALID_PARAMS, message["id"], f"{CALL_SHAPE}; {said}")


def _json_kind(value: Any) -> str:
    """A JSON value's type as a sentence names it: a string, a number, an array."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object" if isinstance(value, dict) else "null"


def _json_or_none(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _claims_an_id(message: Any) -> bool:
    """Whether the message is a request with an id (a response carries one too, and is never answered)."""
    return isinstance(message, dict) and "id" in message and (
        "method" in message or not ("result" in message or "error" in message))


def _usable_id(value: Any) -> bool:
    return isinstance(value, (int, str)) and not isinstance(value, bool)


def _refusal(message: Any) -> bytes:
    """The intake's answer to a message the SDK drops: none for a notification or a response."""
    if not isinstance(message, dict):
        return _error(INVALID_REQUEST, None, NOT_AN_OBJECT)
    if _claims_an_id(message):
        return _error(INVALID_REQUEST, message["id"], NOT_A_REQUEST)
    if "method" in message or "result" in message or "error" in message:
        return b""
    return _error(INVALID_REQUEST, None, NOT_A_REQUEST)


def _error(code: int, request_id: int | str | None, message: str) -> bytes:
    answer = {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}
    return json.dumps(answer).encode("ascii") + b"\n"  # ASCII: an id's lone surrogate goes back escaped


def _repair_one(message: Any, line: bytes | None = None) -> bytes:
    """Return one decoded message as a line the SDK answers (``line``: as the client sent it)."""
    if line is None:
        line = _encode(message)
        if _validated(line) is not None:
            return line
    fixed = _scrub(message)
    if fixed != message:
        encoded = _encode(fixed)
        if _validated(encoded) is not None:
            return encoded
    if isinstance(fixed, dict) and _usable_id(fixed.get("id")):
        method = fixed.get("method")
        if isinstance(method, str) or "method" in fixed:
            return _encode({"jsonrpc": "2.0", "id": fixed["id"],
                            "method": method if isinstance(method, str) else UNKNOWN_METHOD})
    return line


# -- a deep line's id, read without descending ---------------------------------------------------------

_WHITESPACE = " \t\n\r"
_NESTING = re.compile(r'[\[\]{}"]')
_SCALARS = json.JSONDecoder()


def _shallow_id(text: str) -> int | str | None:
    """The id of a JSON object whose values may nest past Python's stack; ``None`` when it has none."""
    try:
        members = _top_level(text)
    except (ValueError, IndexError):  # not a well-formed object: no id can be trusted
        return None
    request_id = members.get("id")
    return request_id if _usable_id(request_id) else None


def _top_level(text: str) -> dict[str, Any]:
    """The scalar members of a JSON object; its arrays and objects are skipped, not decoded."""
    members: dict[str, Any] = {}
    at = _skip(text, 0)
    if text[at] != "{":
        raise ValueError("not an object")
    at = _skip(text, at + 1)
    while text[at] != "}":
        if text[at] != '"':
            raise ValueError("a key must be a string")
        key, at = _SCALARS.raw_decode(text, at)
        at = _skip(text, at)
        if text[at] != ":":
            raise ValueError("a key needs a colon")
        at = _skip(text, at + 1)
        if text[at] in "[{":
            at = _past_nested(text, at)
        else:
            members[key], at = _SCALARS.raw_decode(text, at)
        at = _skip(text, at)
        if text[at] == ",":
            at = _skip(text, at + 1)
        elif text[at] != "}":
            raise ValueError("members are separated by commas")
    if text[at + 1:].strip(_WHITESPACE):
        raise ValueError("text after the object")
    return members


def _past_nested(text: str, at: int) -> int:
    """The index just past the array or object that opens at ``at`` (strings skipped whole)."""
    depth = 0
    while True:
        found = _NESTING.search(text, at)
        if found is None:
            raise ValueError("not closed")
        char, at = found.group(), found.end()
        if char == '"':
            _, at = _SCALARS.raw_decode(text, at - 1)
            continue
        depth += 1 if char in "[{" else -1
        if depth == 0:
            return at


def _skip(text: str, at: int) -> int:
    while text[at] in _WHITESPACE:
        at += 1
    return at


def _validated(line: bytes) -> types.JSONRPCMessage | None:
    """The message the SDK reads from the line, or ``None`` when it drops the line."""
    try:
        return types.jsonrpc_message_adapter.validate_json(line.decode("utf-8", "replace"), by_name=False)
    except Exception:  # noqa: BLE001 - any refusal means the SDK would drop the line
        return None


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


class Pending:
    """The ids of the client's requests handed on to the SDK and not answered yet."""

    def __init__(self) -> None:
        self._ids: set[int | str] = set()
        self._done = threading.Condition()
        self._tail = b""

    def asked(self, onward: bytes) -> None:
        """Note the requests among the lines handed on; a cancelled one is waited for no longer."""
        for line in onward.splitlines():
            message = _json_or_none(line.decode("utf-8", "replace"))
            if not isinstance(message, dict) or not isinstance(message.get("method"), str):
                continue
            if "id" in message and _usable_id(message["id"]):
                with self._done:
                    self._ids.add(message["id"])
            elif message["method"] == "notifications/cancelled" and isinstance(message.get("params"), dict):
                self._settle(message["params"].get("requestId"))

    def answered(self, data: bytes) -> None:
        """Note the responses among the bytes written to the client (a line may come in pieces)."""
        lines = (self._tail + data).split(b"\n")
        self._tail = lines.pop()
        for line in lines:
            message = _json_or_none(line.decode("utf-8", "replace")) if self._ids else None
            if isinstance(message, dict) and ("result" in message or "error" in message):
                self._settle(message.get("id"))

    def abandon(self) -> None:
        """Wait for nothing more: the client can no longer read an answer."""
        with self._done:
            self._ids.clear()
            self._done.notify_all()

    def drained(self, timeout: float) -> bool:
        """Wait until every request noted has been answered; ``False`` when ``timeout`` passed first."""
        with self._done:
            return self._done.wait_for(lambda: not self._ids, timeout)

    def _settle(self, request_id: Any) -> None:
        if not _usable_id(request_id):
            return
        with self._done:
            self._ids.discard(request_id)
            if not self._ids:
                self._done.notify_all()


class Wire(io.RawIOBase):
    """The client's end of stdout, shared by the SDK and the intake: each write goes out whole, alone."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd
        self._lock = threading.Lock()
        self.pending = Pending()

    @property
    def name(self) -> str:
        return "<stdout>"

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def write(self, data: Any) -> int:
        """Write all of ``data`` before any other writer (a pipe takes a long line in pieces), with
        what a terminal obeys escaped (:func:`~maguyva_tui.json_out.terminal_safe`) in every part of
        it: a tool's ``structuredContent``, written by the SDK, had carried a file's U+009B raw
        where the text beside it wrote ``\\u009b``."""
        size = memoryview(data).nbytes
        view = memoryview(_terminal_safe(bytes(data)))
        with self._lock:
            try:
                while view:
                    view = view[os.write(self._fd, view):]
            except OSError:
                self.pending.abandon()
                raise
            self.pending.answered(bytes(data))
        return size


def _terminal_safe(data: bytes) -> bytes:
    """Encoded JSON ``data`` with each character a terminal obeys as a ``\\uXXXX`` escape: the same
    JSON to every parser (such a character occurs only inside a string), nothing raw on the wire."""
    if data.isascii():
        return data
    text = data.decode("utf-8", "surrogateescape")
    safe = terminal_safe(text)
    return data if safe is text else safe.encode("utf-8", "surrogateescape")


def take_stdio() -> tuple[io.TextIOWrapper, io.TextIOWrapper]:
    """Stand between the client and the SDK on stdin and stdout; return the SDK's ends of both, as text.

    As the SDK's own stdio does, fd 0 then reads the null device and fd 1 writes to stderr, so that a
    handler or a child process that reads stdin sees its end, and stray output misses the protocol.
    """
    client = os.fdopen(os.dup(0), "rb")
    wire = Wire(os.dup(1))
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(2, 1)
    read_end, write_end = os.pipe()
    threading.Thread(target=_pump, args=(client, os.fdopen(write_end, "wb"), wire, DRAIN_S, Opening()),
                     name="maguyva-intake",
                     daemon=True).start()
    # never closed: a worker thread of the SDK may still block on one after the session (the SDK does the same)
    sdk_in = io.TextIOWrapper(os.fdopen(read_end, "rb", closefd=False), encoding="utf-8", errors="replace")
    return sdk_in, io.TextIOWrapper(wire, encoding="utf-8", write_through=True)


def _pump(client: BinaryIO, server: BinaryIO, wire: Wire | None = None, drain_s: float = DRAIN_S,
          opening: Opening | None = None) -> None:
    """Copy the client's lines to the SDK, repaired, and answer on ``wire`` what it would not, until either
    end closes; at the end of the client's lines, wait (up to ``drain_s``) for the SDK to answer those in
    flight. ``opening``: refuse the requests sent before ``initialize`` (the server's stdio passes one)."""
    try:
        with client, server:
            for line in _lines(client):
                try:
                    sorted_out = triage(line) if len(line) <= MAX_LINE_BYTES or line.endswith(b"\n") else _too_long(line)
                    if opening is not None:
                        opened = opening.sort(sorted_out.onward)
                        sorted_out = Triage(opened.onward, sorted_out.answers + opened.answers)
                except Exception:  # noqa: BLE001 - one line the intake cannot read must not end the session
                    sorted_out = Triage(line, b"")
                if sorted_out.answers and wire is not None:
                    wire.write(sorted_out.answers)
                onward = sorted_out.onward
                if onward and not onward.endswith(b"\n"):  # the last line at the end of stdin: the SDK reads lines
                    onward += b"\n"
                if onward:
                    if wire is not None:
                        wire.pending.asked(onward)
                    server.write(onward)
                    server.flush()
            if wire is not None and not wire.pending.drained(drain_s):
                os.write(2, b"maguyva mcp: the client closed stdin; requests still unanswered after "
                            b"%d s are dropped\n" % drain_s)
    except (BrokenPipeError, ValueError, OSError):  # the SDK stopped reading: the session is over
        return


def _lines(client: BinaryIO) -> Iterator[bytes]:
    """The client's lines, each up to :data:`MAX_LINE_BYTES` and its newline, less a UTF-8 byte order
    mark before it (PowerShell's pipe, a request file saved by Notepad: RFC 8259 lets a parser ignore
    it; the ``initialize`` after one had been a parse error with id ``null``, its client waiting for
    good); of a longer one, its first ``MAX_LINE_BYTES + 1`` bytes without a newline, the rest read
    and dropped."""
    while True:
        line = client.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            rest = client.readline(_DISCARD_BYTES)
            while rest and not rest.endswith(b"\n"):
                rest = client.readline(_DISCARD_BYTES)
        elif line.startswith(BOM):
            line = line[len(BOM):]
            if not line:
                continue
        yield line


def _too_long(head: bytes) -> Triage:
    """The intake's answer to a line over :data:`MAX_LINE_BYTES`, which goes no further (``head``: its start)."""
    return Triage(b"", _error(INVALID_REQUEST, _leading_id(head.decode("utf-8", "replace")), TOO_LONG))


def _leading_id(text: str) -> int | str | None:
    """The id of a JSON object cut short, when it is among the scalar members before the first
    nested one (``{"jsonrpc": "2.0", "id": 7, "method": ..., "params": {...``); else ``None``."""
    members: dict[str, Any] = {}
    try:
        at = _skip(text, 0)
        if text[at] != "{":
            return None
        at = _skip(text, at + 1)
        while text[at] == '"':
            key, at = _SCALARS.raw_decode(text, at)
            at = _skip(text, at)
            if text[at] != ":":
                break
            at = _skip(text, at + 1)
            if text[at] in "[{":
                break
            members[key], at = _SCALARS.raw_decode(text, at)
            at = _skip(text, at)
            if text[at] != ",":
                break
            at = _skip(text, at + 1)
    except (ValueError, IndexError):  # cut inside a member: the members before it stand
        pass
    request_id = members.get("id")
    return request_id if _usable_id(request_id) else None
