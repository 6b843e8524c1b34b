"""Finite forms for an infinitive clause made a sentence ("apesar de | ser mais jovem" → "Joe é mais jovem.").

GLUE WNLI turns a non-finite fragment that holds the pronoun into a finite sentence; in Portuguese that
fragment is an infinitive after a preposition (:data:`NONFINITE_LEADS`). Its tense follows the main
clause: present there gives the present, past gives the past (the imperfect for states, the preterite
otherwise; "ter" + participle, the pluperfect "tinha entregado"). Third person singular; the plural
comes from :data:`.verbs.VERB_NUMBER` and the regular endings, as for any verb made to agree.
"""
from __future__ import annotations

#: prepositions whose infinitive clause stands alone as a finite sentence in the hypothesis
NONFINITE_LEADS: tuple[tuple[str, ...], ...] = (("apesar", "de"), ("após",), ("depois", "de"), ("antes", "de"), ("por",))

#: irregular infinitives: (present, past) third person singular
IRREGULAR: dict[str, tuple[str, str]] = {
    "ser": ("é", "era"), "estar": ("está", "estava"), "ter": ("tem", "tinha"), "haver": ("há", "havia"),
    "ir": ("vai", "foi"), "vir": ("vem", "veio"), "fazer": ("faz", "fez"), "dizer": ("diz", "disse"),
    "poder": ("pode", "podia"), "querer": ("quer", "queria"), "saber": ("sabe", "sabia"), "ver": ("vê", "viu"),
    "dar": ("dá", "deu"), "pôr": ("põe", "pôs"), "trazer": ("traz", "trouxe"), "ler": ("lê", "leu"),
    "crer": ("crê", "creu"), "rir": ("ri", "riu"), "sair": ("sai", "saiu"), "cair": ("cai", "caiu"),
}

#: regular endings: infinitive ending → (present, preterite) third person singular
REGULAR: dict[str, tuple[str, str]] = {"ar": ("a", "ou"), "er": ("e", "eu"), "ir": ("e", "iu")}

#: past forms of the main clause's verb beyond the regular endings (-ou, -eu, -iu, -ava, -ia, -aram ...)
PAST_FORMS = frozenset(
    "foi foram era eram estava estavam esteve estiveram tinha tinham teve tiveram havia houve fez fizeram disse "
    "disseram veio vieram deu deram viu viram pôs puseram trouxe trouxeram quis quiseram soube souberam pôde puderam".split()
)
PAST_ENDINGS = ("ou", "eu", "iu", "aram", "eram", "iram", "ava", "avam", "ia", "iam")
