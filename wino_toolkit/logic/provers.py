"""The six checks decided by independent provers: Z3 (:mod:`.checks`), cvc5 and the E prover.

cvc5 (its Python package) reads each question of :mod:`.problem_files` as SMT-LIB2, with model-based
quantifier instantiation so that it can answer ``sat``; E (the ``eprover`` program) reads it as a
TPTP problem and answers with an SZS status. Both see the encoding written in :mod:`.problem_files`, not
Z3's. A prover that cannot settle a question within the timeout says ``unknown``, and
:func:`compare` never counts that as a pass: a check is agreed only when every prover decided it
the same way.
"""
from __future__ import annotations

import shutil
import subprocess
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from wino_toolkit._version import __version__
from wino_toolkit.errors import MissingDependencyError, ParameterError
from wino_toolkit.extras import require

from .checks import CHECKS, CheckResult, Verdict
from .problem_files import Question, entity_naming, questions, to_smt2, to_tptp
from .syntax import Formalization

__all__ = ["PROVERS", "prover_version", "decide", "Comparison", "compare", "available", "signature"]

PROVERS = ("z3", "cvc5", "eprover")

#: E's SZS statuses, as the satisfiability of premises ∧ ¬goal
_SZS = {"Theorem": "unsat", "Unsatisfiable": "unsat", "ContradictoryAxioms": "unsat",
        "CounterSatisfiable": "sat", "Satisfiable": "sat"}


def available(prover: str) -> None:
    """Raise a one-line error when ``prover`` is not installed."""
    if prover == "z3":
        require("z3", "logic", "Checking formalized knowledge")
    elif prover == "cvc5":
        require("cvc5", "logic", "Checking formalized knowledge with cvc5")
    elif prover == "eprover":
        if shutil.which("eprover") is None:
            raise MissingDependencyError("the E prover (eprover) is not installed: apt install eprover "
                                         "(Debian/Ubuntu) or see https://wwwlehre.dhbw-stuttgart.de/~sschulz/E/E.html")
    else:
        raise ParameterError(f"unknown prover {prover!r} (one of {', '.join(PROVERS)}, or all)")


def prover_version(prover: str) -> str:
    if prover == "z3":
        return "z3:" + require("z3", "logic", "Checking formalized knowledge").get_version_string()
    if prover == "cvc5":
        import importlib.metadata

        return "cvc5:" + importlib.metadata.version("cvc5")
    out = subprocess.run(["eprover", "--version"], capture_output=True, text=True).stdout.split()
    return "eprover:" + (out[1] if len(out) > 1 else "?")


def _cvc5(text: str, timeout_ms: int) -> str:
    cvc5 = require("cvc5", "logic", "Checking formalized knowledge with cvc5")
    tm = cvc5.TermManager()
    solver = cvc5.Solver(tm)
    solver.setOption("mbqi", "true")
    solver.setOption("tlimit-per", str(timeout_ms))
    symbols = cvc5.SymbolManager(tm)
    parser = cvc5.InputParser(solver, symbols)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "problem")
    answer = "unknown"
    while True:
        command = parser.nextCommand()
        if command.isNull():
            break
        out = command.invoke(solver, symbols).strip()
        if out:
            answer = out.split()[0]
    return answer if answer in ("sat", "unsat") else "unknown"


def _eprover(text: str, timeout_ms: int) -> str:
    seconds = max(1, -(-timeout_ms // 1000))  # E takes whole CPU seconds
    try:
        proc = subprocess.run(["eprover", "--auto", "--silent", f"--cpu-limit={seconds}"], input=text, capture_output=True,
                              text=True, timeout=seconds + 5)
    except subprocess.TimeoutExpired:
        return "unknown"
    for line in proc.stdout.splitlines():
        if line.startswith("# SZS status"):
            return _SZS.get(line.split()[3], "unknown")
    return "unknown"


_RUNNERS: dict[str, tuple[Callable[[Formalization, Question], str], Callable[[str, int], str]]] = {
    "cvc5": (to_smt2, _cvc5),
    "eprover": (to_tptp, _eprover),
}


def decide(f: Formalization, prover: str, *, timeout_ms: int = 5000) -> Verdict:
    """The six checks of ``f`` as ``prover`` (cvc5 or eprover) decides them, in :mod:`.checks`'s terms."""
    writer, run = _RUNNERS[prover]
    start = time.perf_counter()
    answers: dict[str, str] = {}
    for q in questions(f):
        got = run(writer(f, q), timeout_ms)
        answers[q.name] = "unknown" if got == "unknown" else "pass" if got == q.wants else "fail"
    checks: dict[str, CheckResult] = {}
    for name in ("consistency", "sufficiency", "necessity", "uniqueness"):
        checks[name] = CheckResult(answers[name], _DETAIL[name] if answers[name] == "fail" else "")
    if checks["consistency"].status == "fail" and checks["sufficiency"].status == "pass":
        checks["sufficiency"] = CheckResult("vacuous", "the knowledge is inconsistent with the scenario (see consistency)")
    naming = entity_naming(f)
    if naming:
        checks["generality"] = CheckResult("fail", "true knowledge names an entity of the schema", core=naming)
    else:
        checks["generality"] = CheckResult(answers["generality"], _DETAIL["generality"] if answers["generality"] == "fail" else "")
    false_results = [_false(k.name, answers) for k in f.false_knowledge]
    if not false_results:
        checks["false_knowledge"] = CheckResult("n/a", "no false formula to check")
    else:
        statuses = [r.status for r in false_results]
        checks["false_knowledge"] = CheckResult("fail" if "fail" in statuses else "unknown" if "unknown" in statuses else "pass",
                                                f"{len(statuses)} false formula(s)")
    return Verdict(f.path, f.item, {c: checks[c] for c in CHECKS}, false_results, time.perf_counter() - start)


_DETAIL = {
    "consistency": "the scenario and the knowledge contradict each other",
    "sufficiency": "the knowledge does not entail the answer",
    "necessity": "the scenario alone entails the answer: the knowledge is not needed",
    "uniqueness": "the knowledge also entails the other candidate",
    "generality": "the knowledge entails the answer without the scenario: it restates the answer",
}


def _false(name: str, answers: dict[str, str]) -> CheckResult:
    """A false formula passes when it is really false and, in place of its true one, does not give the
    answer or contradicts the scenario."""
    false, replaced, inconsistent = (answers[f"false_knowledge.{name}.{part}"] for part in ("false", "replaced", "inconsistent"))
    if false == "fail":
        return CheckResult("fail", "not false: entailed by the scenario and the true knowledge", name=name)
    if replaced == "fail" and inconsistent == "fail":
        return CheckResult("fail", "still entails the answer", name=name)
    if false == "pass" and (replaced == "pass" or inconsistent == "pass"):
        return CheckResult("pass", name=name)
    return CheckResult("unknown", "a question was left unknown", name=name)


@dataclass
class Comparison:
    """One file's checks as each prover decided them."""

    source: str
    item: str | None
    verdicts: dict[str, Verdict]  # prover -> its verdict

    def statuses(self, check: str) -> dict[str, str]:
        return {p: v.checks[check].status for p, v in self.verdicts.items()}

    def agreement(self, check: str) -> str:
        """``agree`` (every prover decided alike), ``disagree`` (two decided differently) or
        ``unconfirmed`` (some prover said unknown; the others' verdicts are not merged into a pass)."""
        decided = {s for s in self.statuses(check).values() if s != "unknown"}
        if len(decided) > 1:
            return "disagree"
        return "unconfirmed" if "unknown" in self.statuses(check).values() else "agree"

    @property
    def status(self) -> str:
        """``disagree`` before ``fail`` before ``unconfirmed`` before ``pass``."""
        agreements = [self.agreement(c) for c in CHECKS]
        if "disagree" in agreements:
            return "disagree"
        if any(v.status == "fail" for v in self.verdicts.values()):
            return "fail"
        return "unconfirmed" if "unconfirmed" in agreements else "pass"

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.source, "item": self.item, "status": self.status,
            "checks": {c: {"agreement": self.agreement(c), **self.statuses(c)} for c in CHECKS},
            "seconds": {p: round(v.seconds, 4) for p, v in self.verdicts.items()},
        }


def compare(f: Formalization, z3_verdict: Verdict, provers: Sequence[str], *, timeout_ms: int = 5000) -> Comparison:
    """Z3's verdict beside the other provers' on the same file."""
    verdicts = {"z3": z3_verdict}
    for p in provers:
        if p != "z3":
            verdicts[p] = decide(f, p, timeout_ms=timeout_ms)
    return Comparison(f.path, f.item, verdicts)


def signature(rlimit: int, provers: tuple[str, ...] = ("z3",), timeout_ms: int | None = None) -> str:
    """``logic|z3:4.13.0|rlimit:20000000|v:0.1.0``: Z3's resource limit decides its verdicts; with cvc5 or E
    (joined with ``+``) their time limit too, ``|timeout:5000ms``."""
    others = [p for p in provers if p != "z3"]
    limits = (f"|rlimit:{rlimit}" if "z3" in provers else "") + (f"|timeout:{timeout_ms}ms" if others else "")
    return f"logic|{'+'.join(prover_version(p) for p in provers)}{limits}|v:{__version__}"
