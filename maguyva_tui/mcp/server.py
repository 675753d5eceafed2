"""The stdio MCP server: four read-only tools over one repository's engine, or a workspace's.

The only module that imports the ``mcp`` SDK (2.x: ``MCPServer``, ``ToolError``). stdout carries
protocol messages alone: the intake (``intake.py``) stands between the client and the SDK on both
pipes and points fd 1 at stderr while serving, and this module logs to stderr. Every failure reaches
the client as a tool error with a message (``ToolError``; in the 2.x line any other exception would
arrive as a bare "Error executing tool"), never as a crash.
"""

from __future__ import annotations

import inspect
import json
import logging
import os
import signal
import sys
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Annotated, Any, Literal

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS, CallToolResult, TextContent, ToolAnnotations
from pydantic import BeforeValidator, Field, StrictBool, ValidationError
from pydantic_core import PydanticCustomError

from maguyva_tui import __version__
from maguyva_tui.core.answers import REFERENCE_KINDS
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import CASE_MODES, INTENTS, SYMBOL_KINDS, MissingPackage, QueryError
from maguyva_tui.json_out import needs_care, terminal_safe, wire_safe
from maguyva_tui.mcp.answers import (
    MAX_LISTED,
    MAX_RESULTS,
    AnswerError,
    definition_answer,
    echo,
    impact_answer,
    references_answer,
    search_answer,
)
from maguyva_tui.mcp.arguments import refusal, stray_notice, unknown_tool, unset_nulls
from maguyva_tui.mcp.intake import take_stdio
from maguyva_tui.mcp.service import RepoService, Unavailable
from maguyva_tui.mcp.workspace import WorkspaceService

log = logging.getLogger("maguyva_tui.mcp")

if TYPE_CHECKING:
    IntentName = str
    SymbolKind = str
    ReferenceKind = str
    CaseMode = str
else:  # the engine's own tuples, so the tools' input schemas list exactly what the engine accepts
    IntentName = Literal[INTENTS]
    CaseMode = Literal[CASE_MODES]
    SymbolKind = Literal[SYMBOL_KINDS]
    ReferenceKind = Literal[REFERENCE_KINDS]


def _a_json_number(value: Any) -> Any:
    """Refuse ``true``/``false`` and a string where a number goes, as the tool's input schema (type
    integer) says: pydantic's lax mode read ``limit: true`` as 1 and ``limit: "5"`` as 5, where the MCP
    spec has a server validate the arguments against the schema (the refusal tells the agent, which sends
    the number next time)."""
    if isinstance(value, bool):
        raise PydanticCustomError("int_type", "Input should be a valid integer, not a boolean")
    if isinstance(value, str):
        raise PydanticCustomError("int_type", "Input should be a valid integer, not a string")
    return value


WHOLE = BeforeValidator(_a_json_number)
"""Put after an integer argument's ``Field``: a JSON number that is whole (``5``, ``5.0``, as JSON Schema's
integer is), never a boolean or a string (after: the ``Field``'s bounds stay ``minimum``/``maximum``)."""
Flag = StrictBool
"""A boolean argument: ``true`` or ``false`` (the lax mode had read ``"yes"``, ``"on"`` and ``1`` as true)."""

Name = Annotated[str, Field(description="The symbol: parse_config, ConfigLoader.load, or a dotted tail such as Shape.area.")]
MAX_SEARCH_RESULTS = MAX_RESULTS
"""Enough for a broad look; a bigger list costs the agent context without helping it."""
MAX_IMPACT_DEPTH = 6  # past six hops the radius of a mid-sized repository is most of it

INSTRUCTIONS = """Code search over one repository, maguyva's engine: semantic, text, structural (AST) and
dependency-graph retrieval, blended by the question's intent. Paths are relative to the repository root;
lines are 1-based and inclusive ("12-21"). Use `search` for anything in plain words or when you do not
know exact names; `find_definition` when you know a name and want where it is defined; `find_references`
for who uses it; `impact` for what a change to it could break. The index refreshes itself before a call
when files changed, so results follow your edits. A list cut by its limit says so in `truncated`; `notices`
say what else to know about an answer (a fallback, an argument ignored, a repository that could not be read
again)."""

WORKSPACE_INSTRUCTIONS = """Code search over a workspace of several repositories, each with its own index, searched
as one by maguyva's engine: semantic, text, structural (AST) and dependency-graph retrieval, blended by the
question's intent. Every result names its repository in `repo`; its path is relative to that repository's
root; lines are 1-based and inclusive ("12-21"). Each answer lists the repositories searched (`repos`) and
those that could not be (`missing`, with why). Use `search` for anything in plain words or when you do not
know exact names; `find_definition` when you know a name; `find_references` for who uses it; `impact` for
what a change to it could break (references and impact follow each repository's own graph). The indexes
refresh themselves before a call when files changed. A list cut by its limit says so in `truncated`;
`notices` say what else to know about an answer (a fallback, an argument ignored, a repository that could
not be read again)."""

WORKSPACE_NOTE = """

Over this workspace of several repositories, every result (definition, reference, dependent) also
carries repo: the repository it is in; its path is relative to that repository's root. The answer
lists repos (searched) and missing (repositories not searched, with the reason); the notes of references and
impact say first that a use from another repository of the workspace is listed only where it names the
definition through an import of the defining repository's package."""
"""Added to each tool's description when the server serves a workspace."""

ToolFn = Callable[..., CallToolResult]
READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)


def build_server(service: RepoService | WorkspaceService, opened: str | None = None) -> MCPServer[Any]:
    """Create the server and register its tools around one repository service, or a workspace's;
    ``opened`` says which repository when it is not the folder the server was started in (found
    above it): in the instructions, and among the first answer's notices."""
    workspace = service if isinstance(service, WorkspaceService) else None
    instructions = WORKSPACE_INSTRUCTIONS if workspace else INSTRUCTIONS
    server: MCPServer[Any] = _Server(
        "maguyva", version=__version__, instructions=f"{instructions}\n\n{opened}." if opened else instructions,
        lifespan=_lifespan(service), log_level="WARNING",
    )
    note = WORKSPACE_NOTE if workspace else ""
    untold = [opened] if opened else []  # an agent may not read the instructions: the first answer says it too

    def ask(one: Callable[[Engine], dict[str, Any]], many: Callable[[WorkspaceService], dict[str, Any]]) -> CallToolResult:
        if workspace is not None:
            return _answered(lambda: many(workspace))
        assert isinstance(service, RepoService)
        return _call(service, one, untold)

    @_tool(server, note)
    def search(
        query: Annotated[str, Field(description='A question in plain words ("how are retries handled"), an '
                                    'identifier, a "quoted string" for an exact match, or a pattern with regex.')],
        intent: Annotated[IntentName | None, Field(description="Override the detected intent (rarely needed).")] = None,
        preset: Annotated[Literal["quick", "default", "thorough"], Field(
            description="quick: meaning only; default: meaning+text+structure; thorough: all four engines incl. graph.",
        )] = "default",
        limit: Annotated[int, Field(ge=1, le=MAX_SEARCH_RESULTS, description="Results to return."), WHOLE] = 10,
        regex: Annotated[Flag, Field(description="Read query as a regular expression (text engine).")] = False,
        ignore_case: Annotated[Flag | None, Field(description="Match text case-insensitively (default false).")] = None,
        case: Annotated[CaseMode | None, Field(
            description="The case as --batch lines spell it: sensitive (default), insensitive (as ignore_case), or "
                        "smart (insensitive unless the query has a capital); with ignore_case, the two must agree.",
        )] = None,
    ) -> CallToolResult:
        """Search the repository with a question; maguyva picks and blends the engines for you.

        Use it when you do not know exact names or want code by meaning ("where is the config parsed",
        "how does authentication work"), for error strings and literals ("ECONNREFUSED" in quotes), or for
        regex patterns. It classifies the intent (find_definition, find_references, understand_code,
        find_similar, impact_analysis, exact_match) and weights the semantic, text, structural and graph
        engines accordingly. The dependency graph answers "who calls X", "what does X call", "subclasses
        of X" (or "what implements X"), "who overrides X" and "what breaks if I change X" directly.

        Returns query (as read), intent, confidence, rule (why that intent), target (the name or string
        looked for), fusion_strategy ("direct": one engine answered a confident question; "fused":
        weighted reciprocal rank fusion), preset, engines_run and weights, then results best first: path,
        lines, symbol and kind (the definition those lines are or lie in, absent outside any; a call
        site's kind is "call", "read" where it reads a Python property, and its symbol the caller),
        score, demoted_as (only where its kind lowered the score: "vendored" for vendored, built or generated
        code, "secondary" for a test, example or doc the question did not ask for, "template" for a macro's
        template of a name defined elsewhere, "window" for code outside any definition when the question
        describes one function), ranks (each engine's own
        1-based rank; null = that engine ran but did not find it), why
        (each engine's reason), depth (hops from the symbol, for impact), snippet (the first lines,
        trimmed) and matches (matching lines beyond the snippet). truncated, when one engine answered
        alone (fusion_strategy "direct") and more matched than the limit (every line a pattern matches,
        every definition or caller): raise limit or narrow the query; callers or dependents cut at 50
        name find_references or impact, which list up to 200. lookup_failed, when the target is
        not there as asked and the results are something else: target, kind (symbol, literal or place), message, suggestions (close names) and other_case
        (true: the lines hold the string in another case). semantic_coverage (chunks searchable by meaning) and semantic_tiers (how much the fast static tier
        and the transformer tier each cover) appear while the transformer still embeds in the background.
        """
        def options() -> dict[str, Any]:  # asked inside the answer, so a disagreement is a tool error in one line
            if regex and intent not in (None, "exact_match"):  # the intent had been ignored without a word
                raise AnswerError(f"intent {intent!r} does not go with regex true: a regular expression lists every "
                                  "line it matches, an exact match (leave intent out)")
            return {"limit": limit, "regex": regex, "case": _case(ignore_case, case), "intent": intent, "preset": preset}

        return ask(lambda engine: search_answer(engine, query, **options()), lambda ws: ws.search(query, **options()))

    @_tool(server, note)
    def find_definition(
        name: Name,
        kind: Annotated[SymbolKind | None, Field(description="Only definitions of this kind.")] = None,
        with_source: Annotated[Flag, Field(description="Include each definition's source (first 60 lines).")] = False,
        limit: Annotated[int, Field(ge=1, le=MAX_SEARCH_RESULTS, description="Definitions to return."), WHOLE] = 10,
    ) -> CallToolResult:
        """Find where a symbol is defined. Use it when you know the name (or part of a qualified name).

        Exact lookup in the syntax-tree index of every language (Python, JS/TS, Go, Rust, Java, C, C++,
        PHP, Ruby): functions, methods, classes, structs, interfaces, types, constants, and fields named
        under their type (Entry.Logger, kind variable). A Go package's member may be named as its callers
        write it (lo.Map). A name defined in several places returns every definition, best first. A place
        with a line (pkg/retry.py:120) returns the definition holding the line, a note saying which.

        Returns symbol and total, then definitions: path, lines, symbol (qualified, e.g.
        ConfigLoader.load), kind, language, signature (its first line) and, with with_source, source
        (its first 60 lines; source_truncated, when longer, says which lines to read for the rest).
        An unknown name is an error that lists the closest names; use search for a description instead.
        """
        return ask(lambda engine: definition_answer(engine, name, kind, with_source, limit),
                   lambda ws: ws.definitions(name, kind, with_source, limit))

    @_tool(server, note)
    def find_references(
        name: Name,
        kind: Annotated[ReferenceKind | None, Field(
            description="Only this kind of use: call, read (of a Python property), inherit (subclassing), "
                        "ref (type use, instantiation), import.",
        )] = None,
        limit: Annotated[int, Field(ge=1, le=MAX_LISTED, description="References to return."), WHOLE] = 50,
    ) -> CallToolResult:
        """List every place a symbol is used: its callers, subclasses, type uses and imports.

        Resolved through the dependency graph, so a call reaches the definition it really calls, not
        any same-named text. Use it before changing a signature, or to learn how something is used.
        Calls made dynamically (getattr, callbacks, reflection) are not seen; search the quoted name
        for textual mentions. A module, file or folder (pkg.retry, pkg/retry.py, src/errors) lists the
        lines importing it (a folder's: from outside it), with module true and its files as definitions.
        A place with a line (pkg/retry.py:120) asks about the definition holding the line (the file
        where none does); the first note says which.

        Returns symbol, definitions (the nodes the name resolved to: node, path, lines, kind, and spans, the
        lines of each definition a node stands for when its file defines the name more than once, as
        overloads), counts per kind
        and total, then references (calls first, then by file and line): path, line, kind, in (the
        enclosing function or method; null at module level), text (the source line) and, when the name
        has several definitions, target (the definition used), and for a call of an overloaded Java or
        C++ method, overload (the bodies its argument count fits); notes, sentences on what the references
        leave out or stand for: that no use was resolved, what a module, folder or Go package's files are,
        other definitions sharing a bare name read as a top-level one, and calls naming the symbol
        that the graph could not tie to a definition (through an interface, on a receiver of unknown
        type, into another package): how many, the first, and what to search to list them.
        """
        return ask(lambda engine: references_answer(engine, name, kind, limit),
                   lambda ws: ws.references(name, kind, limit))

    @_tool(server, note)
    def impact(
        name: Name,
        depth: Annotated[int, Field(ge=1, le=MAX_IMPACT_DEPTH, description="How many dependency hops to follow."), WHOLE] = 3,
        limit: Annotated[int, Field(ge=1, le=MAX_LISTED, description="Dependents to return."), WHOLE] = 50,
    ) -> CallToolResult:
        """Show the blast radius of a symbol: everything that depends on it, directly or transitively.

        Follows calls, imports, subclassing and type uses backwards through the dependency graph up to
        depth hops. Use it to judge what a change could break and which code and tests to re-check.
        A file or module (pkg/retry.py, pkg.retry) is what depends on it or on any symbol it defines;
        a place with a line (pkg/retry.py:120), the definition holding the line (the first note says which).

        Returns symbol, definitions (as find_references gives them, spans included), max_depth, by_depth
        (how many dependents at each hop) and total,
        then dependents nearest first and most central first: path, lines, symbol (null when a whole
        file depends, e.g. by importing), kind, depth (1 = direct), via (the node it depends through,
        as path::symbol) and edge (call, import, inherit or ref); notes, sentences on what the dependents leave out:
        calls naming the symbol that the graph could not tie to a definition (their code may depend on
        it too): how many, the first, and what to search to list them; with no dependent, that nothing
        depends on it (on any of its definitions, on a folder's files from outside it).
        """
        return ask(lambda engine: impact_answer(engine, name, depth, limit), lambda ws: ws.impact(name, depth, limit))

    return server


class _Server(MCPServer[Any]):
    """The SDK's server, saying in one line which arguments it refused, and naming those it ignored."""

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> Any:
        """Call a tool as the SDK does; arguments refused are said in one line (see ``arguments.py``).
        A tool that does not exist is refused as invalid params (as the MCP specification has it),
        naming the tools and the one meant: the SDK's "Unknown tool: find_definitions" named neither."""
        tool = self._tool_manager.get_tool(name)
        if tool is None:
            raise MCPError(code=INVALID_PARAMS, message=unknown_tool(name, [t.name for t in await self.list_tools()]))
        arguments = unset_nulls(arguments, tool.parameters if tool else {})
        try:
            result = await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(exc, UnexpectedToolError) or not isinstance(cause, ValidationError):
                raise
            raise ToolError(refusal(name, cause.errors(), arguments, tool.parameters)) from cause
        notice = stray_notice(name, arguments, tool.parameters.get("properties", {})) if tool else None
        if notice and isinstance(result, CallToolResult) and isinstance(result.structured_content, dict):
            data = result.structured_content
            data["notices"] = [*data.get("notices", ()), notice]
            text = terminal_safe(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
            result = CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)
        return result

    async def get_prompt(self, name: str, arguments: dict[str, Any] | None = None,
                         context: Context[Any, Any] | None = None) -> Any:
        """Get a prompt as the SDK does; one that does not exist is refused as invalid params in one
        line. The SDK's ``ValueError`` had gone out with error code 0 and a boxed traceback on stderr."""
        if self._prompt_manager.get_prompt(name) is None:
            listed = ", ".join(p.name for p in await self.list_prompts()) or "none: this server has no prompts"
            raise MCPError(code=INVALID_PARAMS, message=f"Unknown prompt: {echo(name)!r} (prompts/list lists {listed})")
        return await super().get_prompt(name, arguments, context)


def _case(ignore_case: bool | None, case: str | None) -> str:
    """The search's case mode from ``ignore_case`` (this tool's spelling), ``case`` (``--batch``'s,
    which smart case needs), or both when they agree; sensitive when neither is sent."""
    if ignore_case is None:
        return case or "sensitive"
    implied = "insensitive" if ignore_case else "sensitive"
    if case is not None and case != implied:
        raise AnswerError(f"case {case!r} and ignore_case {str(ignore_case).lower()} disagree: send one of them")
    return implied


def _tool(server: MCPServer[Any], note: str = "") -> Callable[[ToolFn], ToolFn]:
    """Register a read-only tool whose description is its docstring, dedented (indentation costs
    tokens), and ``note`` (what a workspace adds)."""

    def register(fn: ToolFn) -> ToolFn:
        description = inspect.cleandoc(fn.__doc__ or "") + ("\n\n" + inspect.cleandoc(note) if note else "")
        server.add_tool(fn, description=description, annotations=READ_ONLY)
        return fn

    return register


def _call(service: RepoService, answer: Callable[[Engine], dict[str, Any]],
          untold: list[str] | None = None) -> CallToolResult:
    """Answer with the engine, turning every failure into a tool error with a message; ``untold``:
    notices for the first answer alone (taken from the list as said)."""

    def asked() -> dict[str, Any]:
        with service.engine_for_question() as engine:
            lag = service.lag_notice()  # before answering: the answer reads the generation published by then
            try:
                data = answer(engine)
            except AnswerError as exc:  # an unknown name may be one added since the stored index
                if lag:
                    raise AnswerError(f"{exc} ({lag})") from None
                raise
        if lag:
            data.setdefault("notices", []).append(lag)
        failure = service.status.failure
        if failure:  # the repository could not be read again (deleted, unreadable): the answer may lag it
            data.setdefault("notices", []).append(f"{failure}; answered from the index as it was")
        try:
            first = untold.pop() if untold else None
        except IndexError:  # another call said it meanwhile
            first = None
        if first:
            data.setdefault("notices", []).append(first)
        return data

    return _answered(asked)


def _answered(answer: Callable[[], dict[str, Any]]) -> CallToolResult:
    """Answer, turning every failure into a tool error with a message."""
    try:
        data = answer()
    except (Unavailable, AnswerError, QueryError, MissingPackage) as exc:
        raise ToolError(wire_safe(str(exc))) from None
    except Exception as exc:  # a bug must not take the server down: say what happened, keep serving
        log.exception("internal error")
        raise ToolError(wire_safe(f"internal error in maguyva: {type(exc).__name__}: {exc} "
                                   "(the server is still running)")) from None
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    if needs_care(text):  # rare (a file name that is not UTF-8): only then walk the answer
        data = wire_safe(data)
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # the text an agent may print as it is: what a terminal obeys escaped, as --json escapes it
    return CallToolResult(content=[TextContent(type="text", text=terminal_safe(text))], structured_content=data)


def _lifespan(service: RepoService | WorkspaceService) -> Callable[[MCPServer[Any]], Any]:
    """Start indexing when the server starts serving, stop the background work when it ends."""

    @asynccontextmanager
    async def lifespan(_: MCPServer[Any]) -> AsyncIterator[None]:
        service.start()
        try:
            yield None
        finally:
            service.close()

    return lifespan


class _OneLine(logging.Filter):
    """Write a record's exception as one line after its message, not as a traceback: the SDK logs
    a whole (boxed) traceback on stderr for an agent's ordinary mistake, such as a prompt that
    does not exist (``prompts/get``). ``MAGUYVA_DEBUG=1`` keeps the tracebacks."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            record.msg, record.args = f"{record.getMessage()}: {type(exc).__name__}: {exc}", None
            record.exc_info, record.exc_text = None, None
        return True


def _one_line_errors() -> None:
    """Put :class:`_OneLine` on every handler that writes the server's logs (the SDK's, on the
    root logger, and maguyva's own), unless ``MAGUYVA_DEBUG`` is set; the SDK's rich handler,
    which lays a record out in boxed columns wrapped over several lines ("dropped
    'notifications/progress': malformed params" took two), gives way to a plain one."""
    if os.environ.get("MAGUYVA_DEBUG"):
        return
    root = logging.getLogger()
    for handler in [h for h in root.handlers if type(h).__module__.partition(".")[0] == "rich"]:
        plain = logging.StreamHandler(sys.stderr)
        plain.setFormatter(logging.Formatter("maguyva mcp: %(levelname)s %(message)s"))
        plain.setLevel(handler.level)
        root.removeHandler(handler)
        root.addHandler(plain)
    for handler in (*root.handlers, *log.handlers):
        if not any(isinstance(f, _OneLine) for f in handler.filters):
            handler.addFilter(_OneLine())


def _end_on_interrupt() -> None:
    """Let Ctrl-C end the server at once, status 130, as it ends any maguyva command. Raised as
    ``KeyboardInterrupt``, it had waited for the thread reading stdin, blocked until the client
    closed its end: ``maguyva mcp .`` tried at a terminal went on running. Nothing is lost that a
    SIGTERM, which ends it as abruptly, would keep: every index is published whole or not at all."""
    if threading.current_thread() is not threading.main_thread():
        return

    def interrupted(signum: int, frame: object) -> None:
        os.write(2, b"maguyva: interrupted\n")
        os._exit(130)

    signal.signal(signal.SIGINT, interrupted)


def _log_to_stderr() -> None:
    """Send maguyva's own messages to stderr, one plain line each (stdout is the protocol's)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("maguyva mcp: %(levelname)s %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False


CLIENT_GONE = (BrokenPipeError, ConnectionResetError, anyio.ClosedResourceError, anyio.BrokenResourceError)
"""What the SDK's stdio tasks raise when the client closes its end of a pipe: the session is over."""


def serve(engine: Engine, opened: str | None = None) -> None:
    """Serve one repository's engine over stdio until the client closes the connection (either pipe);
    ``opened``: why this repository, when it was found above the folder the server started in."""
    _log_to_stderr()
    log.info("%s (index refreshes in the background)", opened or f"serving {engine.root}")
    _run_stdio(build_server(RepoService(engine), opened))


def serve_workspace(service: WorkspaceService) -> None:
    """Serve a workspace of several repositories over stdio until the client closes the connection."""
    _log_to_stderr()
    log.info("serving a workspace of %d repositories: %s (indexes refresh in the background)", len(service.labels),
             ", ".join(service.labels))
    for missing in service.missing.values():
        log.warning("%s is not served: %s", missing.label, missing.reason)
    _run_stdio(build_server(service))


def _run_stdio(server: MCPServer[Any]) -> None:
    """Run the server on stdio behind the intake, which answers every line the SDK would not."""
    stdin, stdout = take_stdio()
    _one_line_errors()
    _end_on_interrupt()
    try:
        anyio.run(_serve_streams, server, anyio.wrap_file(stdin), anyio.wrap_file(stdout))
    except* CLIENT_GONE:
        pass  # fd 1 points at stderr: nothing is left to flush onto the closed pipe


async def _serve_streams(server: MCPServer[Any], stdin: anyio.AsyncFile[str], stdout: anyio.AsyncFile[str]) -> None:
    """What ``MCPServer.run("stdio")`` does, on the intake's streams instead of the process's own."""
    async with stdio_server(stdin, stdout) as (read_stream, write_stream):
        lowlevel = server._lowlevel_server  # the SDK's stdio entry takes no streams; its own body reads this
        await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())
