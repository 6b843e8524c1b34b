"""Case particles a pronoun span may carry ("彼を"), kept after the candidate ("ジョンを")."""
from __future__ import annotations

PARTICLES = ("から", "まで", "より", "には", "では", "とは", "へは", "にも", "でも", "とも", "は", "が", "の", "に", "を", "も", "で", "と", "へ", "や")
