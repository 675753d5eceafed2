"""The headless search core of maguyva. It never imports ``textual`` or ``rich``.

Brief overview of the data path::

    walk.py            files in (gitignore, binaries, sizes, symlinks), each counted when skipped
      -> parsing/      one tree-sitter parse per changed file: chunks and symbols (definitions.py),
                       calls, imports and bases (facts/, one module per reading), all in one FileFacts
      -> indexer.py    a new generation on disk (store/): content, facts, trigram postings
                       (trigram/), the dependency graph (graph/: resolution per language in
                       graph/resolve/, centrality), published atomically
      -> embeddings    chunks embedded most central first, by content hash (semantic_index.py, embed/)
    question           read on one generation from start to end (generation.py)
      -> intent.py     the seed's ordered rules: intent, confidence, target
      -> plan.py       the effective weights pick the engines: the direct path (one engine) or the preset's
      -> retrievers/   text, structural, graph, semantic: one Retriever protocol, a Query in, Hits out
      -> fusion.py     weighted RRF x centrality boost x demotion, best chunk per file
      -> search.py     the typed SearchResult, with every number that ranked each result
      -> explain.py    the same numbers as readable text
    several repos      workspace/: each repository a shard with its own index; one question classified
                       once, each engine's shard lists merged head by head, then search.py's own fusion

The layers, top to bottom (``pyproject.toml``'s import contracts keep them)::

    face       engine.Engine (questions, graph answers), live.LiveIndex (open, refresh, embed in
               the background), workspace (several repositories), answers, explain, types: all a
               front end may import
    policy     intent, plan, fusion, search           engines     retrievers/
    indexes    parsing/, graph/, trigram/, embed/      store       store/, walk, ignore
    values     types (Query, Hit, SearchResult, Ranked, Vote): used by every layer, import nothing
"""
