"""OpenCC configurations behind ``Chinese.to_script``: script → config name.

``hant`` uses ``s2tw``: Taiwan-standard Traditional characters (為, 後, 臺), converted character by
character and phrase-aware for one-to-many characters (头发 → 頭髮), but without ``s2twp``'s
vocabulary rewriting (软件 → 軟體, 打印 → 列印), which would change the words of a schema and its
twin's trigger words. Plain ``s2t`` yields OpenCC's etymological standard (爲, 着) that neither
Taiwan nor Hong Kong prints. ``hans`` uses ``t2s``, which leaves Simplified text as it is.
"""
from __future__ import annotations

SCRIPTS: dict[str, str] = {
    "hans": "t2s",
    "hant": "s2tw",
}
