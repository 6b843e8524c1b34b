"""Clitics that stand between a subject and its verb ("il ne les lui a pas donnés")."""
from __future__ import annotations

CLITICS = frozenset("ne n' se s' me m' te t' le la l' les lui leur y en nous vous".split())
