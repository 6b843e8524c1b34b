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

#: verbs (lemmas) whose complement clause the sentence reports, wishes or supposes without asserting it: a
#: pronoun there ("Mary told Sue that she would win") gets the whole sentence as its hypothesis
REPORT_VERBS = frozenset(
    "say tell claim think believe hope wish fear expect assume suppose guess suspect promise insist dream "
    "imagine pretend ask wonder doubt deny argue suggest predict announce report warn assure swear want worry "
    "bet reckon feel hear write shout whisper yell mention complain boast brag agree propose demand recommend "
    "request plan intend decide convince persuade reply answer explain admit confess declare state allege "
    "testify threaten vow pray estimate consider trust figure prefer check".split()
)
#: adjectives that frame a clause the same way ("Ann was sure that she had won")
REPORT_ADJECTIVES = frozenset("sure certain afraid convinced confident hopeful worried positive".split())
#: subordinators of a condition or an open question: "if he asked", "unless she needs it", "whether he saw"
NON_VERIDICAL = frozenset("if unless whether lest".split())
#: phrases that open a condition ("as long as he pays", "provided that she ...", "in case it rains")
CONDITION_PHRASES: tuple[tuple[str, ...], ...] = (
    ("as", "long", "as"), ("so", "long", "as"), ("provided",), ("providing",), ("in", "case"),
    ("on", "condition"), ("supposing",), ("assuming",),
)
#: words before a clause that leave a gap in it or make it an embedded question: "the farm where he grew up",
#: "asked what he wanted", "more than he could"
GAP_OPENERS = frozenset("where why how what which who whom whose whatever whoever wherever than".split())
#: modals that make a "before" clause unrealised: "stopped the thief before he could escape"
UNREALISED = frozenset("could would might".split())
#: words that cannot start a clause's subject: prepositions and the like ("Despite Anna's cold.", "Even with
#: Paul limping.")
NON_SUBJECTS = frozenset(
    "with without despite for by in on at of from to into onto upon after before during than like unlike "
    "besides except not being having about over under through".split()
)
#: pronouns that head a relative clause without a main verb: "something the chef regretted"
RELATIVE_HEADS = frozenset("something everything anything nothing what whatever".split())
#: prepositions that cannot end a clause without their object: "everything he asked for"
STRANDED = frozenset("for at with of from about into onto upon like".split())
#: verbs (lemmas) that need an object or complement: a clause ending in one has dropped it ("The guest pleased.")
NEEDS_COMPLEMENT = frozenset(
    "want need wish like please prefer deserve expect intend mean lack own enjoy hate love bring put give "
    "make get use buy require afford choose".split()
)
#: forms of "be": "was pleased" is a passive or an adjective, complete
BE_FORMS = frozenset("be is are was were been being am 's 're".split())
