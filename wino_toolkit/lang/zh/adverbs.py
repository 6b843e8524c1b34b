"""Adverbs that follow the subject. A dropped subject leaves them before its slot (但还是|不足以);
the candidate is inserted before them (但羽绒服还是不足以), where the subject stands."""
from __future__ import annotations

SUBJECT_ADVERBS: tuple[str, ...] = (
    "还是", "也", "都", "就", "却", "又", "才", "还", "仍", "仍然", "依然", "仍旧", "一直", "总是", "已经", "肯定", "一定",
)
