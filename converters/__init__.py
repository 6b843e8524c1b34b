"""Converters: one module per file format, each registering a :class:`wino_toolkit.formats.Format`.

Modules here are imported when the format registry is first used, so they import heavy
dependencies (lxml, datasets) inside their functions, never at module level. Adding a format is
adding one module (and its test).
"""
