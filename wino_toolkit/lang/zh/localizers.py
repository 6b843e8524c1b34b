"""Localizers (方位词) that already make a noun a place: 湖里 needs no second 里 for 里面."""
from __future__ import annotations

LOCALIZERS: tuple[str, ...] = ("里", "中", "内", "上", "下", "外", "边", "面", "旁", "前", "后")
