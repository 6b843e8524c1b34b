"""Clitics that stand before a verb ("se quebrou", "o admira"), skipped when looking for the verb."""
from __future__ import annotations

CLITICS = frozenset("se me te nos vos lhe lhes o a os as".split())
