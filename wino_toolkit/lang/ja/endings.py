"""Characters a Japanese sentence can end with once its tail is removed (plain or polite predicates)."""
from __future__ import annotations

FINAL_CHARACTERS = frozenset("うくぐすつぬぶむるたただいよね")
