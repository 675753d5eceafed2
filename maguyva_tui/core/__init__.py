"""The headless search core of maguyva. It never imports ``textual`` or ``rich``.

Brief overview of the data path::

    walk.py            files in (gitignore, binaries, sizes, symlinks), each counted when skipped
      -> parsing/      one tree-sitter parse per changed file: chunks and symbols (definitions.py),
                       calls, imports and bases (graph/extract.py), all in one FileFacts
      -> indexer.py    a new generation on disk (store/): content, facts, trigram postings
                       (trigram/), the dependency graph (graph/), published atomically
      -> embeddings    chunks embedded most central first, by content hash (semantic_index.py, embed/)
    question
      -> intent.py     the seed's ordered rules: intent, confidence, target
      -> fusion.plan   the direct path (one engine) or the preset's engines, with the weight profile
      -> retrievers/   text, structural, graph, semantic: each a ranked list of Hits, in parallel
      -> fusion.fuse   weighted RRF x centrality boost x demotion, best chunk per file
      -> search.py     the JSON result, with every number that ranked each result
      -> explain.py    the same numbers as readable text

``engine.Engine`` is the one entry point the CLI, the terminal UI and the MCP server share.
"""
