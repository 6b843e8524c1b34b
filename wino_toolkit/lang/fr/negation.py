"""The second half of French negation, after the finite verb ("ne ... pas")."""
from __future__ import annotations

NEGATION = frozenset("pas plus jamais point guère rien".split())
