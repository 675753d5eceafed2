"""maguyva-tui: code search that reads the shape of a question and explains its ranking."""

__version__ = "0.1.0"
