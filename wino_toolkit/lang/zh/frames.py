"""Time frames around a subordinate clause: 当/在 … 的时候/之后. A hypothesis whose reference sits in one
(the clause ends in a closing word and a comma follows) keeps the main clause after it, as GLUE WNLI keeps a
fronted subordinate clause with its sentence."""
from __future__ import annotations

TIME_FRAMES: dict[str, tuple[str, ...]] = {
    "open": ("当", "在"),
    "close": ("的时候", "时候", "的时", "时", "之后", "以后", "之前", "以前", "后"),
}
