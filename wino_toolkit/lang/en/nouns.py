"""Tables for candidate noun phrases: determiners, number of special nouns, article-less words."""
from __future__ import annotations

#: determiners a candidate mention can start with, by kind
DETERMINERS: dict[str, str] = {
    **dict.fromkeys(("a", "an"), "indefinite"),
    "the": "definite",
    **dict.fromkeys(("this", "that", "these", "those"), "demonstrative"),
    **dict.fromkeys(("his", "her", "its", "their"), "possessive"),
    **dict.fromkeys(("my", "our", "your"), "speaker"),
    **dict.fromkeys(
        ("some", "any", "no", "every", "each", "all", "both", "many", "several", "few", "most", "much",
         "another", "either", "neither", "one", "two", "three", "four", "five", "six", "seven", "eight",
         "nine", "ten", "a few", "a lot"),
        "quantifier",
    ),
}

#: determiners that make the phrase plural or singular whatever the noun
DETERMINER_NUMBER: dict[str, str] = {
    **dict.fromkeys(("these", "those", "both", "many", "several", "few", "two", "three", "four", "five",
                     "six", "seven", "eight", "nine", "ten"), "pl"),
    **dict.fromkeys(("a", "an", "this", "that", "each", "every", "one", "another", "either", "neither"), "sg"),
}

#: candidates that are pronouns or pronoun-like and never take an article, with their number
NO_ARTICLE: dict[str, str] = {
    **dict.fromkeys(("i", "me", "he", "him", "she", "her", "it", "you", "one"), "sg"),
    **dict.fromkeys(("we", "us", "they", "them", "others", "both", "all", "people"), "pl"),
    **dict.fromkeys(("everyone", "anyone", "someone", "no one", "nobody", "everybody", "somebody", "anybody",
                     "everything", "something", "anything", "nothing"), "sg"),
}

#: nouns whose plural is the singular: number comes from the context, never from the noun
ZERO_PLURALS = frozenset(
    "sheep fish deer moose swine aircraft spacecraft offspring series species salmon trout bison cod "
    "squid shrimp buffalo headquarters means crossroads".split()
)

#: quantifiers before "of" that make a partitive ("one of the tellers"), with the number of the pronoun that
#: can stand for the partitive: "she" is one of the tellers, "they" some of them
PARTITIVES: dict[str, str] = {
    **dict.fromkeys(("one", "each", "either", "neither"), "sg"),
    **dict.fromkeys(("some", "many", "several", "most", "two", "three", "four", "five"), "pl"),
}

#: quantity phrases that stay indefinite ("a lot of users", never "the lot of users"), with their number
#: (``None``: the number of the noun after "of")
QUANTITY_PHRASES: dict[str, str | None] = {
    "a lot of": None, "lots of": None, "a bit of": None, "a great deal of": "sg", "a little": "sg",
    "a number of": "pl", "a couple of": "pl", "a few": "pl", "a great many": "pl",
}

#: adjectives that name a group after "the": "the rich", "the wounded" are plural
GROUP_ADJECTIVES = frozenset(
    "rich poor wealthy needy wounded injured sick dead living elderly young old homeless unemployed "
    "blind deaf disabled innocent guilty accused faithful brave powerful weak".split()
)

#: nouns that are plural without an -s plural form (or only exist in the plural)
PLURAL_ONLY = frozenset(
    "police people cattle clergy folk folks livestock poultry vermin scissors trousers pants jeans pliers "
    "tongs binoculars glasses spectacles clothes goods thanks remains outskirts premises surroundings "
    "belongings earnings savings congratulations groceries riches townspeople".split()
)

#: nouns ending in -s that are singular (the lemma tables would strip the s)
SINGULAR_IN_S = frozenset(
    "news physics mathematics economics politics ethics athletics gymnastics linguistics genetics statistics "
    "measles mumps diabetes billiards chess bus gas lens iris virus campus census bonus circus status "
    "apparatus atlas canvas plus bias walrus octopus cactus".split()
)

#: names that look plural but name one thing, so the verb is singular ("the United States needs")
SINGULAR_NAMES = frozenset((
    "united states", "united nations", "united arab emirates", "united kingdom", "netherlands", "philippines",
    "bahamas", "maldives", "seychelles", "marshall islands", "solomon islands", "cayman islands",
    "new york times", "los angeles times", "financial times", "times", "general motors", "news",
))

#: nouns for inalienable possession: "his eyes" stays possessive where "his son" becomes "the son"
BODY_PARTS = frozenset(
    "arm arms eye eyes ear ears face hand hands head hair foot feet leg legs mouth nose finger fingers "
    "shoulder shoulders back knee knees lip lips tooth teeth mind heart neck voice ankle ankles wrist "
    "wrists toe toes chest stomach skin cheek cheeks chin forehead elbow elbows hip hips throat tongue "
    "brain body belly thumb thumbs palm palms heel heels lap fist fists beard".split()
)

#: words that end a noun's pre-head part: the head of "the sponsors of the bill" is "sponsors"
POSTMODIFIERS = frozenset(
    "of in on at with under from for to by near behind above below beside between into onto over "
    "inside outside who whom which that whose across around".split()
)

#: nouns in -ing for things: after a verb of perception "her painting" may be her picture, not her painting
ING_NOUNS = frozenset(
    "painting drawing building wedding earring ceiling stocking clothing bedding filling carving recording "
    "writing sketching etching engraving housing lodging frosting icing stuffing dressing pudding".split()
)
