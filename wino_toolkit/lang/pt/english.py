"""English function words: the Portuguese WSC left a few schemas untranslated, and those get verbatim insertion."""
from __future__ import annotations

ENGLISH_WORDS = frozenset("the was were is are and because of to it he she they could would n't".split())
