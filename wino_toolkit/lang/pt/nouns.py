"""Noun-phrase tables: determiners, contractions, the gender a noun's ending shows (and the nouns it misleads
about), the adjectives that stand before the noun."""
from __future__ import annotations

# Portuguese determiners: gender and number of the noun phrase they open (None: not shown), and the definite
# article a noun phrase first mentioned with an indefinite one takes when mentioned again ("uma caixa" → "a caixa").
DETERMINERS = {
    "o": ("m", "s"), "a": ("f", "s"), "os": ("m", "p"), "as": ("f", "p"),
    "um": ("m", "s"), "uma": ("f", "s"), "uns": ("m", "p"), "umas": ("f", "p"),
    "este": ("m", "s"), "esta": ("f", "s"), "estes": ("m", "p"), "estas": ("f", "p"),
    "esse": ("m", "s"), "essa": ("f", "s"), "esses": ("m", "p"), "essas": ("f", "p"),
    "aquele": ("m", "s"), "aquela": ("f", "s"), "aqueles": ("m", "p"), "aquelas": ("f", "p"),
    "meu": ("m", "s"), "minha": ("f", "s"), "meus": ("m", "p"), "minhas": ("f", "p"),
    "seu": ("m", "s"), "sua": ("f", "s"), "seus": ("m", "p"), "suas": ("f", "p"),
    "nosso": ("m", "s"), "nossa": ("f", "s"), "nossos": ("m", "p"), "nossas": ("f", "p"),
    "the": (None, None), "an": (None, "s"),  # a few schemas were left untranslated
}

#: an indefinite first mention is definite when the reference names it again: "pus uma caixa ... e ela quebrou"
DEFINITE_OF = {"um": "o", "uma": "a", "uns": "os", "umas": "as"}

#: third-person possessive determiners: a candidate's "sua secretária" names its possessor outside the clause, so
#: as a subject it is "a secretária" ("porque sua secretária dormia" has lost whose secretary)
POSSESSIVES = {"seu": "o", "sua": "a", "seus": "os", "suas": "as"}

#: words that pick some of a group ("um dos caixas", "alguns dos alunos"): gender and number of the phrase they open
#: (None: the group's article tells). One of the tellers is never "os caixas", which names all of them.
PARTITIVES = {
    "um": ("m", "s"), "uma": ("f", "s"), "alguns": ("m", "p"), "algumas": ("f", "p"), "vários": ("m", "p"),
    "várias": ("f", "p"), "muitos": ("m", "p"), "muitas": ("f", "p"), "poucos": ("m", "p"), "poucas": ("f", "p"),
    "dois": ("m", "p"), "duas": ("f", "p"), "três": (None, "p"), "quatro": (None, "p"), "cinco": (None, "p"),
    "nenhum": ("m", "s"), "nenhuma": ("f", "s"),
}
#: what joins a partitive word to its group: "um dos", "uma de suas", "dois destes"
PARTITIVE_LINKS = frozenset("dos das de destes destas desses dessas daqueles daquelas".split())

# Preposition + article (or pronoun) contractions Portuguese makes: de + o = do, em + a = na, a + a = à.
CONTRACTIONS = {
    ("de", "o"): "do", ("de", "a"): "da", ("de", "os"): "dos", ("de", "as"): "das",
    ("em", "o"): "no", ("em", "a"): "na", ("em", "os"): "nos", ("em", "as"): "nas",
    ("a", "o"): "ao", ("a", "a"): "à", ("a", "os"): "aos", ("a", "as"): "às",
    ("por", "o"): "pelo", ("por", "a"): "pela", ("por", "os"): "pelos", ("por", "as"): "pelas",
    ("de", "este"): "deste", ("de", "esta"): "desta", ("de", "estes"): "destes", ("de", "estas"): "destas",
    ("de", "esse"): "desse", ("de", "essa"): "dessa", ("de", "esses"): "desses", ("de", "essas"): "dessas",
    ("de", "aquele"): "daquele", ("de", "aquela"): "daquela", ("de", "aqueles"): "daqueles", ("de", "aquelas"): "daquelas",
    ("em", "este"): "neste", ("em", "esta"): "nesta", ("em", "estes"): "nestes", ("em", "estas"): "nestas",
    ("em", "esse"): "nesse", ("em", "essa"): "nessa", ("em", "esses"): "nesses", ("em", "essas"): "nessas",
    ("em", "aquele"): "naquele", ("em", "aquela"): "naquela", ("em", "aqueles"): "naqueles", ("em", "aquelas"): "naquelas",
    ("a", "aquele"): "àquele", ("a", "aquela"): "àquela", ("a", "aqueles"): "àqueles", ("a", "aquelas"): "àquelas",
    ("de", "um"): "dum", ("de", "uma"): "duma", ("de", "uns"): "duns", ("de", "umas"): "dumas",
    ("em", "um"): "num", ("em", "uma"): "numa", ("em", "uns"): "nuns", ("em", "umas"): "numas",
    ("de", "ele"): "dele", ("de", "ela"): "dela", ("de", "eles"): "deles", ("de", "elas"): "delas",
    ("em", "ele"): "nele", ("em", "ela"): "nela", ("em", "eles"): "neles", ("em", "elas"): "nelas",
}

# Noun endings that show gender, tried in order, for the article a possessive slot needs ("| taça" → "a taça").
NOUN_GENDER = (
    ("ção", "f"), ("são", "f"), ("dade", "f"), ("tude", "f"), ("gem", "f"), ("ez", "f"), ("ções", "f"), ("sões", "f"),
    ("ema", "m"), ("ama", "m"), ("mento", "m"), ("or", "m"), ("ume", "m"),
    ("as", "f"), ("os", "m"), ("a", "f"), ("o", "m"),
)

# Nouns whose gender their ending misleads about ("o dia", "a tribo").
NOUN_EXCEPTIONS = {
    "dia": "m", "dias": "m", "mapa": "m", "mapas": "m", "sofá": "m", "planeta": "m", "cometa": "m",
    "tribo": "f", "foto": "f", "fotos": "f", "moto": "f", "mão": "f", "mãos": "f", "flor": "f", "cor": "f", "dor": "f",
    # -e nouns, whose ending shows no gender
    "chave": "f", "parede": "f", "noite": "f", "gente": "f", "ponte": "f", "morte": "f", "sorte": "f", "mente": "f",
    "classe": "f", "frente": "f", "arte": "f", "carne": "f", "fome": "f", "tarde": "f", "neve": "f", "sede": "f",
    "febre": "f", "torre": "f", "árvore": "f", "nave": "f", "rede": "f", "pele": "f", "fase": "f", "base": "f",
    "leite": "m", "pente": "m", "dente": "m", "nome": "m", "filme": "m", "pote": "m", "peixe": "m", "clube": "m",
    "bife": "m", "tanque": "m", "parque": "m", "golpe": "m", "chicote": "m", "pacote": "m", "bilhete": "m",
    "tapete": "m", "sorvete": "m", "banquete": "m", "beliche": "m", "cheque": "m", "time": "m", "norte": "m",
    "sul": "m", "mar": "m", "lugar": "m", "colar": "m", "jantar": "m", "café": "m", "pé": "m", "chá": "m",
}

# Adjectives that stand before a noun: a candidate ending in one ("a velha") fills a determiner slot, not a possessor.
PRENOMINAL = frozenset(
    "novo nova novos novas velho velha velhos velhas grande grandes pequeno pequena pequenos pequenas bom boa"
    " bons boas mau má maus más melhor melhores pior piores primeiro primeira último última mesmo mesma outro outra"
    " outros outras próprio própria antigo antiga belo bela".split()
)

#: contracted forms and the preposition and article in them ("do" → ("de", "o"))
UNCONTRACTED = {contracted: pair for pair, contracted in CONTRACTIONS.items()}
