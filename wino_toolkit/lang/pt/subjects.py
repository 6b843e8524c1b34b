"""Subject pronouns: a slot between one and its verb is an object slot ("Ele | abriu" = "Ele abriu X")."""
from __future__ import annotations

SUBJECT_PRONOUNS = frozenset("eu tu ele ela nós vós eles elas você vocês".split())
