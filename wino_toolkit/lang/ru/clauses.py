"""Clause openers: what the NLI hypothesis drops from the front of the clause that holds the pronoun.

Russian sets every subordinate clause off with commas, so the clause is the stretch between
punctuation marks; its conjunction goes ("потому что он слишком большой" → "Кубок слишком
большой."). A clause opened by a relative or question word cannot stand alone: "который он
купил" needs its antecedent, "кто он был" is a question; those items are skipped.

The time of the event stays with it, as in GLUE WNLI's hypotheses: a pronoun in a when-clause after
its main clause keeps that clause ("Том поставил шах Ральфу, когда Том подвинул слона."), and a
when- or until-clause after the pronoun's clause stays ("Он открыл глаза, когда ветер прекратился.").
"""
from __future__ import annotations

#: multi-word openers first, so "потому что" goes whole rather than "потому" alone
CLAUSE_OPENERS: tuple[tuple[str, ...], ...] = tuple(
    tuple(opener.split())
    for opener in (
        "потому что", "так как", "так что", "после того как", "до того как", "перед тем как", "с тех пор как",
        "в то время как", "для того чтобы", "для того, чтобы", "если бы", "если", "хотя", "хоть", "когда",
        "пока", "чтобы", "что", "поэтому", "поскольку", "раз", "ведь", "но", "и", "а", "однако", "зато",
        "тогда", "как только", "как", "это потому", "или",
    )
)

#: words that open a clause which cannot stand alone as a sentence
DEPENDENT = frozenset(
    "который которая которое которые которого которой которому которым которых которыми котором которую "
    "кто кого кому кем ком чей чья чьё чье чьи почему зачем где куда откуда какой какая какое какие".split()
)

#: temporal conjunctions whose clause keeps the main clause before it when it holds the pronoun
TEMPORAL: tuple[tuple[str, ...], ...] = (("когда",), ("как", "только"))
#: clauses after the pronoun's that carry its time, and so stay in the hypothesis
TIME_AFTER: tuple[tuple[str, ...], ...] = (*TEMPORAL, ("пока",), ("до", "тех", "пор", "пока"))
