"""Abbreviations whose full stop does not end a sentence ("le Dr. Vincenot")."""
from __future__ import annotations

ABBREVIATIONS = frozenset("dr m mme mlle mm me pr st ste etc cf vs".split())
