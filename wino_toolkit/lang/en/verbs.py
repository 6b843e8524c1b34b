"""Verb agreement tables: what a verb becomes when its subject changes number."""
from __future__ import annotations

#: plural (and bare) forms of the irregular verbs and auxiliaries → third-person singular
SINGULAR_OF: dict[str, str] = {"are": "is", "were": "was", "have": "has", "do": "does", "am": "is"}

#: third-person singular forms → plural
PLURAL_OF: dict[str, str] = {"is": "are", "was": "were", "has": "have", "does": "do"}

#: third-person singular of verbs whose -s form is not regular
IRREGULAR_THIRD: dict[str, str] = {"be": "is", "have": "has", "do": "does", "go": "goes"}

#: modal verbs and other forms that do not agree with their subject
INVARIANT = frozenset(
    "can could will would shall should may might must ought had did used need dare wo ca sha".split()
)

#: verbs whose past tense is the base form: "they put" agrees only if the sentence is in the present
SAME_PAST = frozenset(
    "put cut hit let set shut hurt cost quit read spread bet cast burst split thrust beat broadcast "
    "forecast upset bid rid shed slit spit".split()
)

#: contractions that follow a subject, spelled out (plural form, singular form) so that they can agree
CONTRACTIONS: dict[str, tuple[str, str]] = {
    "'re": ("are", "is"),
    "'ve": ("have", "has"),
    "'ll": ("will", "will"),
    "'m": ("am", "am"),
}

#: words after "'s"/"'d" that show it stands for "has"/"had" rather than "is"/"would"
PERFECT_MARKERS = frozenset("been got gotten had done gone seen taken made better".split())

#: adverbs that may stand between a subject and its verb ("they never fear")
PREVERBAL_ADVERBS = frozenset(
    "also always never often still just really even only then soon already usually sometimes actually "
    "certainly probably definitely obviously clearly simply finally eventually immediately suddenly "
    "rarely seldom hardly barely nearly almost ever once again all both too later now quickly slowly "
    "generally mostly merely truly apparently".split()
)

#: verbs that take two objects, so a following noun does not make "her" possessive ("gave her candy")
DITRANSITIVE = frozenset(
    "give gives gave given show shows showed tell tells told send sends sent offer offers offered hand "
    "hands handed pass passes passed bring brings brought buy buys bought teach teaches taught ask asks "
    "asked lend lends lent owe owes owed promise promises promised sell sells sold pay pays paid cost "
    "costs wish wishes wished envy envies envied deny denies denied refuse refuses refused call calls "
    "called name names named make makes made get gets got find finds found leave leaves left".split()
)

#: verbs that take an object and a bare infinitive, causatives ("let her go", "made her laugh") and verbs of
#: perception ("saw her leave", "heard her sing"): after them "her" + a word that is also a noun ("made her cry",
#: "saw her dance") may be either reading
BARE_INFINITIVE = frozenset(
    "let lets make makes made help helps helped see sees saw seen watch watches watched hear hears heard "
    "feel feels felt notice notices noticed observe observes observed".split()
)

#: past tense of irregular verbs, by lemma: an opening participle made finite ("knowing" → "knew")
IRREGULAR_PAST: dict[str, str] = {
    "be": "was", "have": "had", "do": "did", "go": "went", "make": "made", "take": "took", "know": "knew",
    "see": "saw", "come": "came", "get": "got", "give": "gave", "find": "found", "think": "thought",
    "tell": "told", "say": "said", "leave": "left", "feel": "felt", "bring": "brought", "buy": "bought",
    "hold": "held", "keep": "kept", "stand": "stood", "sit": "sat", "run": "ran", "write": "wrote",
    "read": "read", "hear": "heard", "meet": "met", "lose": "lost", "send": "sent", "spend": "spent",
    "build": "built", "fall": "fell", "catch": "caught", "teach": "taught", "fight": "fought",
    "seek": "sought", "throw": "threw", "grow": "grew", "draw": "drew", "fly": "flew", "drive": "drove",
    "ride": "rode", "rise": "rose", "speak": "spoke", "break": "broke", "choose": "chose", "wear": "wore",
    "tear": "tore", "bear": "bore", "swear": "swore", "eat": "ate", "drink": "drank", "sing": "sang",
    "swim": "swam", "begin": "began", "ring": "rang", "sink": "sank", "shake": "shook", "wake": "woke",
    "hide": "hid", "bite": "bit", "lead": "led", "feed": "fed", "lie": "lay", "lay": "laid", "pay": "paid",
    "sell": "sold", "sleep": "slept", "sweep": "swept", "weep": "wept", "creep": "crept", "win": "won",
    "shoot": "shot", "strike": "struck", "hang": "hung", "swing": "swung", "cling": "clung", "dig": "dug",
    "stick": "stuck", "understand": "understood", "forget": "forgot", "forgive": "forgave", "mean": "meant",
    "put": "put", "cut": "cut", "hit": "hit", "let": "let", "set": "set", "shut": "shut", "hurt": "hurt",
    "become": "became", "steal": "stole", "freeze": "froze", "blow": "blew", "light": "lit",
}
