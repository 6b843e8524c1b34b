"""Time frames around a subordinate clause: 当/在 … 的时候/之后. A hypothesis drops them
(在他到了楼梯顶部之后， → 他到了楼梯顶部。) when the clause ends in one and a comma follows."""
from __future__ import annotations

TIME_FRAMES: dict[str, tuple[str, ...]] = {
    "open": ("当", "在"),
    "close": ("的时候", "时候", "的时", "时", "之后", "以后", "之前", "以前", "后"),
}
