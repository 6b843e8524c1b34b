"""Clause boundary words for the NLI hypothesis: where the clause holding the pronoun starts and ends."""
from __future__ import annotations

#: words that always open a new clause (the clause starts after them)
OPENERS: frozenset[str] = frozenset(
    "because although though whereas unless but since until till whenever while therefore thus hence".split()
)

#: words that open a new clause only when a subject follows ("when he", "that they", "so she"); "that" only
#: as a conjunction, "so" also after a comma; "who/which" never: "the toaster which he bought" needs its noun
OPENERS_BEFORE_SUBJECT = frozenset("when after before if as once where why whether that so then".split())

#: coordinators that open a clause after a comma (unless a verb follows: ", and brought his dog"), or without
#: one when a personal pronoun follows ("and it"); "for" only after a comma
COORDINATORS = frozenset("and or for yet nor".split())

#: subordinators that can front a sentence: a pronoun inside one keeps the main clause in the hypothesis
FRONTING = frozenset("since when if although though because while as after before once unless until whenever".split())

#: after a comma, these words start a clause that the hypothesis leaves out
CUT_AFTER_COMMA = frozenset(
    "but so and or for yet nor because although though while whereas which who whom since unless then "
    "thus hence therefore".split()
)

#: without a comma, these words end the clause (the hypothesis keeps "when ..." and "until ...")
CUT = frozenset("because although though whereas but".split())

#: ... and these end it when a subject follows ("so he had", "and they left"; "and" only before a pronoun)
CUT_BEFORE_SUBJECT = frozenset("so and or".split())

#: words that start a subject: after a comma or a conjunction, they open a clause
SUBJECT_STARTERS = frozenset(
    "i you he she it we they there this that these those the a an his her its their my our your some no "
    "every each all both anyone everyone someone nobody everybody somebody anybody nothing something "
    "everything one".split()
)

#: objects after which "that" is a conjunction ("told him that she ..."), not a relative pronoun
OBJECT_PRONOUNS = frozenset("me you him her it us them".split())

#: verbs that take an object and then a "that" clause ("told the official that he ...")
TELL_VERBS = frozenset(
    "tell tells told inform informs informed convince convinces convinced remind reminds reminded warn warns "
    "warned assure assures assured promise promises promised show shows showed shown teach teaches taught "
    "persuade persuades persuaded notify notifies notified".split()
)

#: words that open a question: a hypothesis cut out of a question that starts otherwise is a statement
#: ("What about the time ... because you thought they were onions?" → "You thought the tulip bulbs were onions.")
QUESTION_STARTERS = frozenset(
    "who whom whose what which when where why how is are was were am do does did can could will would shall should "
    "may might must has have had isn't aren't wasn't weren't don't doesn't didn't can't couldn't won't wouldn't "
    "shouldn't hasn't haven't hadn't".split()
)

#: adverbs that may stand before a new clause's subject after a coordinator (", and even one thread ...")
FOCUS_ADVERBS = frozenset("even also still then now only just".split())

#: personal pronouns (a clause after "and" needs one of these to count as a new clause)
PERSONAL = frozenset("i you he she it we they".split())

#: temporal subordinators: a pronoun in the clause they open keeps the main clause it depends on
#: ("Tom left early when he felt sick" is the hypothesis, not "Tom felt sick"); "as soon as" is a phrase.
#: "until", "after" and "before" clauses stand alone, as in WNLI ("... until it was empty" → "It was empty.")
TEMPORAL = frozenset("when whenever once".split())
TEMPORAL_PHRASES: tuple[tuple[str, ...], ...] = (("as", "soon", "as"),)

#: "as if" / "as though" open a supposition, which a hypothesis must not assert: such items are skipped
SUPPOSITION = (("as", "if"), ("as", "though"))

#: words before an exceptive "but" ("nobody but him to open the shop"): there "but" opens no clause
EXCEPTIVE_BEFORE = frozenset(
    "nobody anybody anyone everyone everybody none one all nothing anything everything no".split()
)

#: coordinators after a comma that end the clause only when a new clause follows: ", for the children's
#: sake" and ", and his boat" stay with their clause, ", and she left" does not
COORDINATORS_KEPT = frozenset("and or for nor".split())

#: words that may stand before an opening participle: "And muttering ... to herself, she ..."
PARTICIPLE_LEADS = frozenset("and but then so yet".split())
