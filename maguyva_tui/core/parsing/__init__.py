"""From a file's text to its facts: one tree-sitter parse feeds chunks, symbols and graph facts."""
