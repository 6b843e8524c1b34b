"""Finite forms of avoir and être, and of the copulas whose predicate agrees with the subject."""
from __future__ import annotations

AUXILIARIES = {
    **dict.fromkeys(
        "ai as a avons avez ont avais avait avions aviez avaient aurai auras aura aurons aurez auront aurais aurait"
        " aurions auriez auraient eus eut eûmes eûtes eurent aie aies ait ayons ayez aient".split(),
        "avoir"
    ),
    **dict.fromkeys(
        "suis es est sommes êtes sont étais était étions étiez étaient serai seras sera serons serez seront"
        " serais serait serions seriez seraient fus fut fûmes fûtes furent sois soit soyons soyez soient".split(),
        "être"
    ),
    **dict.fromkeys(
        "devient deviennent devenait devenaient semble semblent semblait semblaient reste restent"
        " restait restaient paraît paraissent paraissait paraissaient".split(),
        "copula",
    ),
}
