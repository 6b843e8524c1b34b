"""Place words that stand for a candidate place, and what follows the candidate in their stead.

那里 → 车库 (在那里 → 在车库); 里面 "inside it" → 冰箱里 (a place noun needs the localizer 里).
"""
from __future__ import annotations

LOCATIVES: dict[str, str] = {
    "那里": "",
    "那儿": "",
    "那边": "",
    "这里": "",
    "这儿": "",
    "这边": "",
    "里面": "里",
    "里边": "里",
    "里头": "里",
}
