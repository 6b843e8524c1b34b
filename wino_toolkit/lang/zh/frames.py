"""Time frames around a subordinate clause: (当/在) … 的时候/之后. A hypothesis whose reference sits in one
(the clause ends in one of these words and a comma follows) keeps the main clause after it, as GLUE WNLI keeps
a fronted subordinate clause with its sentence."""
from __future__ import annotations

#: the words that close a time frame
TIME_FRAME_ENDS: tuple[str, ...] = ("的时候", "时候", "的时", "时", "之后", "以后", "之前", "以前", "后")
