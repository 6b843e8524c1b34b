"""Nouns whose gender their ending misleads about ("o dia", "a tribo")."""
from __future__ import annotations

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
