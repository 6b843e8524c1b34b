"""Subjunctive forms a hypothesis turns indicative ("para que | ficasse leve" → "A mochila ficava leve.").

Keys starting with "-" are regular endings; the others whole irregular forms.
"""
from __future__ import annotations

SUBJUNCTIVE = {
    "seja": "é", "sejam": "são", "esteja": "está", "estejam": "estão", "tenha": "tem", "tenham": "têm",
    "possa": "pode", "possam": "podem", "faça": "faz", "façam": "fazem", "fosse": "era", "fossem": "eram",
    "tivesse": "tinha", "tivessem": "tinham", "estivesse": "estava", "estivessem": "estavam",
    "houvesse": "havia", "pudesse": "podia", "pudessem": "podiam", "fizesse": "fazia", "fizessem": "faziam",
    "dissesse": "dizia", "quisesse": "queria", "soubesse": "sabia", "viesse": "vinha", "pusesse": "punha",
    "-asse": "-ava", "-assem": "-avam", "-esse": "-ia", "-essem": "-iam", "-isse": "-ia", "-issem": "-iam",
}
