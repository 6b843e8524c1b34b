"""Verbs that report speech, a thought or a wish: the clause after them (小明说，他…; 据说，他…) is what someone says,
believes or hopes, not what the text asserts, so an NLI hypothesis keeps the verb with it (its whole sentence).

Factive verbs (知道, 发现, 看到) are not here: what they take is asserted.
"""
from __future__ import annotations

#: verbs whose complement clause follows them, after a comma or not (小明说，他… / 小明以为他…)
REPORTING: tuple[str, ...] = (
    "说", "说道", "说过", "讲", "认为", "觉得", "以为", "相信", "怀疑", "猜", "猜测", "估计", "想", "希望", "但愿", "盼望",
    "期望", "祝愿", "担心", "害怕", "怕", "听说", "据说", "据报道", "表示", "声称", "宣称", "坚持", "确信", "坚信", "保证",
    "答应", "承诺", "发誓", "说明", "解释", "回答", "喊", "叫道", "问", "写道", "梦见", "幻想", "假设", "假定", "主张",
)
#: verbs that report to someone: the clause follows their object (老师告诉小明，他…)
TELLING: tuple[str, ...] = ("告诉", "通知", "提醒", "警告", "答应", "保证", "问")
