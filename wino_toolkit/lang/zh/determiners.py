"""Demonstratives carried over with a candidate's mention (那个男人 rather than a bare 男人, which
reads as generic): 这/那, an optional numeral, then a classifier."""
from __future__ import annotations

DEMONSTRATIVES: dict[str, tuple[str, ...]] = {
    "demonstrative": ("这", "那"),
    "numeral": ("一", "两", "二", "三", "四", "五", "六", "七", "八", "九", "十", "几"),
    "classifier": (
        "个", "位", "名", "只", "头", "匹", "条", "本", "张", "把", "棵", "株", "块", "件", "辆", "座", "间",
        "家", "所", "袋", "杯", "瓶", "群", "些", "种", "幅", "首", "部", "台", "双", "片", "朵", "颗", "封",
        "篇", "架", "艘", "扇", "道", "根", "支", "枝", "盒", "箱", "碗", "盘", "份", "顶", "副", "套", "段", "麻袋",
    ),
}
