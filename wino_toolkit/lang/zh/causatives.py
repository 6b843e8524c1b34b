"""Causative verbs whose object is the subject of what follows (让它保持干燥): a hypothesis that
opens with one right before the reference drops it (让报纸保持干燥 → 报纸保持干燥。)."""
from __future__ import annotations

CAUSATIVES: tuple[str, ...] = ("使得", "弄得", "弄的", "搞得", "让", "使", "令", "叫")
