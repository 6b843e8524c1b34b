"""Forms of "ter", after which "que" makes a modal ("tinha que ser"), not a clause."""
from __future__ import annotations

TER_FORMS = frozenset("ter tendo tido tem têm tenho temos tinha tinham tínhamos teve tiveram tivemos terá terão teria teriam".split())
