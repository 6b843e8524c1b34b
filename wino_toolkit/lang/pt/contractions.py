"""Preposition + article (or pronoun) contractions Portuguese makes: de + o = do, em + a = na, a + a = à."""
from __future__ import annotations

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
