"""Grammatical roles that tell which of several Japanese pronouns the English source marks.

A translated schema often holds its pronoun more than once ("ハリソンは彼のパートナーの…。彼は…",
"彼は彼を攻撃する"), and the reader marks the first. The English side says which one is meant by
its form: "he" is a subject, "him" an object, "his" a possessive. A Japanese pronoun's role is read
from what follows it: 彼の a possessive (but 彼のほうが a subject, 彼のことを an object), 彼は / 彼が
a subject, 彼を / 彼に an object. Words whose English role cannot be told from their form alone
("it", "her") are decided from their neighbours in the English sentence.
"""
from __future__ import annotations

SUBJECT, OBJECT, POSSESSIVE = "subject", "object", "possessive"

#: English pronouns whose form alone gives their role
ENGLISH_ROLES = {
    "he": SUBJECT, "she": SUBJECT, "they": SUBJECT, "we": SUBJECT, "i": SUBJECT,
    "him": OBJECT, "them": OBJECT, "us": OBJECT, "me": OBJECT,
    "his": POSSESSIVE, "their": POSSESSIVE, "its": POSSESSIVE, "our": POSSESSIVE, "my": POSSESSIVE,
}

#: words after which an English "it" opens a clause, so is its subject ("because it was ...")
CLAUSE_OPENERS = frozenset(
    "because since as so and but thus then that when while if although though once until after before "
    "whereas therefore hence".split()
)

#: words that may follow an object "her" (… "asked her to", "gave her a") rather than the noun a possessive "her" takes
AFTER_OBJECT = frozenset(
    "to for at with in on a an the that and but because so up out down back off about from into over "
    "again too very as by".split()
)

#: what follows a Japanese pronoun, and the role it gives it (longest first)
JAPANESE_ROLES = (
    ("のほう", SUBJECT), ("の方", SUBJECT), ("のこと", OBJECT),
    ("には", None), ("って", SUBJECT),
    ("の", POSSESSIVE), ("は", SUBJECT), ("が", SUBJECT), ("も", SUBJECT),
    ("を", OBJECT), ("に", OBJECT), ("へ", OBJECT),
)
