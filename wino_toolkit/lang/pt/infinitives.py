"""Infinitives too short for the suffix rules ("ser", "ter"): a slot before one is its subject."""
from __future__ import annotations

SHORT_INFINITIVES = frozenset("ser ter ir ver dar pôr vir rir ler crer".split())
