"""The MCP server: the same engine, asked by coding agents over the Model Context Protocol.

Brief overview: ``maguyva mcp PATH`` starts a stdio server (``server.py``, the only module that
imports the ``mcp`` SDK). A ``RepoService`` (``service.py``) is the core's ``LiveIndex`` with an
agent's waiting rules: it opens or builds the index in a background thread at start, refreshes it
incrementally before a call when the last refresh is a couple of seconds old, and fills in the
embeddings behind it. ``answers.py`` turns the engine's typed results and answers into compact JSON
an agent can afford to read: paths, lines, symbols, trimmed snippets and the per-engine ranks that
explain each result.
``arguments.py`` says in one line which arguments a tool refused, and names those it ignored.

Importing this package imports neither ``mcp`` nor the engine, so the rest of maguyva works
without the SDK installed.
"""

from __future__ import annotations
