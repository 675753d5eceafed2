"""The explorer's widgets: the question read back, the results, the preview, the explain panel, the status line."""
