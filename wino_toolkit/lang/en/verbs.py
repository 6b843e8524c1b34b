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
