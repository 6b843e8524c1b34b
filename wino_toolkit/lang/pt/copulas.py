"""Verbs whose predicate adjective agrees with the subject ("a mesa é pequena")."""
from __future__ import annotations

COPULAS = frozenset(
    "é são foi foram era eram será serão seria seriam seja sejam fosse fossem está estão estava estavam esteve"
    " estiveram estará estarão esteja estejam estivesse estivessem fica ficam ficou ficaram ficava ficavam ficasse"
    " ficassem parece parecem parecia pareciam continua continuam continuava continuavam".split()
)
