"""Text as the toolkit compares it across corpora: one normal form, used by the overlap check, the parallel
key, the audit's duplicate and twin checks, and the linking of WinoLogic records to WSC items. Normalisers kept
apart do another job and say so: a source's spacing (``converters.french_xml.normalise``), a WNLI premise key
(``forms.agreement.premise_key``, stricter), a referent's words (``logic.sentences.normalise``). It sits at the
bottom (it imports nothing of the package) so that the format readers, which compute parallel keys, need
nothing above them."""
from __future__ import annotations

import unicodedata

__all__ = ["normalize"]


def _is_unspaced(char: str) -> bool:
    """Han ideographs, hiragana and katakana: scripts written without spaces between words."""
    code = ord(char)
    return (0x3040 <= code <= 0x30FF or 0x3400 <= code <= 0x4DBF or 0x4E00 <= code <= 0x9FFF
            or 0xF900 <= code <= 0xFAFF or 0x20000 <= code <= 0x2FA1F)


class _Spacing(dict):
    """A ``str.translate`` table, filled as characters are met: punctuation to a space, CJK spaced."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        if unicodedata.category(char).startswith("P"):
            value = " "
        elif _is_unspaced(char):
            value = f" {char} "
        else:
            value = char
        self[code] = value
        return value


_SPACING = _Spacing()


def normalize(text: str) -> str:
    """``text`` as overlap compares it: NFKC, case-folded, punctuation out, words single-spaced."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().translate(_SPACING).split())
