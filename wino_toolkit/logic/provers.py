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

from .checks import BADLY_NAMED, CHECKS, CIRCULAR, ONLY_AT_S0, TWIN_PARTS, CheckResult, Verdict
from .problem_files import Question, entity_naming, questions, to_smt2, to_tptp, twin_clash, twin_labels
from .syntax import Formalization
from .vocabulary import name_problems

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
    """The six checks of ``f`` as ``prover`` (cvc5 or eprover) decides them, in :mod:`.checks`'s terms.

    A question is asked when its check needs it, as Z3's checks ask theirs: generality stops at its first failing
    part, and asks each true formula alone with the type facts only when the whole knowledge gives the answer."""
    writer, run = _RUNNERS[prover]
    start = time.perf_counter()
    by_name = {q.name: q for q in questions(f)}
    answers: dict[str, str] = {}

    def ask(name: str) -> str:
        """``pass``, ``fail`` or ``unknown``: whether the prover's answer to the question is the one that passes it."""
        if name not in answers:
            q = by_name[name]
            got = run(writer(f, q), timeout_ms)
            answers[name] = "unknown" if got == "unknown" else "pass" if got == q.wants else "fail"
        return answers[name]

    checks: dict[str, CheckResult] = {}
    for name in ("consistency", "sufficiency", "necessity", "uniqueness"):
        checks[name] = CheckResult(ask(name), _DETAIL[name] if ask(name) == "fail" else "")
    if checks["consistency"].status == "fail" and checks["sufficiency"].status == "pass":
        checks["sufficiency"] = CheckResult("vacuous", "the knowledge is inconsistent with the scenario (see consistency)")
    checks["generality"] = _generality(f, by_name, ask)
    false_results = [_false(k.name, ask) for k in f.false_knowledge]
    if not false_results:
        checks["false_knowledge"] = CheckResult("n/a", "no false formula to check")
    else:
        statuses = [r.status for r in false_results]
        checks["false_knowledge"] = CheckResult("fail" if "fail" in statuses else "unknown" if "unknown" in statuses else "pass",
                                                f"{len(statuses)} false formula(s)")
    return Verdict(f.path, f.item, {c: checks[c] for c in CHECKS}, false_results, time.perf_counter() - start)


def _generality(f: Formalization, by_name: dict[str, Question], ask: Callable[[str], str]) -> CheckResult:
    """As :func:`.checks._generality` combines it: a structural finding (the name lint, knowledge naming an entity)
    fails it before any question; then the first failing part (without the scenario, types only, moved, the twins)
    fails it; an unsettled part leaves it unknown, never passed."""
    badly_named = name_problems(f.symbols)
    if badly_named:
        return CheckResult("fail", BADLY_NAMED + "; ".join(str(n) for n in badly_named))
    naming = entity_naming(f)
    if naming:
        return CheckResult("fail", "true knowledge names an entity of the schema", core=naming)
    unknown: CheckResult | None = None
    for part in (_without_scenario, _types_only, _moved, _twins):
        result = part(f, by_name, ask)
        if result.status == "fail":
            return result
        if result.status == "unknown" and unknown is None:
            unknown = result
    return unknown or CheckResult("pass")


def _without_scenario(f: Formalization, by_name: dict[str, Question], ask: Callable[[str], str]) -> CheckResult:
    got = ask("generality")
    return CheckResult(got, _DETAIL["generality"] if got == "fail" else "")


def _types_only(f: Formalization, by_name: dict[str, Question], ask: Callable[[str], str]) -> CheckResult:
    """Fails when one true formula alone gives the answer from the scenario's type facts; the whole knowledge is
    asked first (when it does not give the answer, no formula alone does). Where the whole question is unsettled Z3
    says unknown; here the formulas alone are asked then, which settles no check otherwise than Z3 would."""
    if "generality.types_only" not in by_name or ask("generality.types_only") == "pass":
        return CheckResult("pass")
    alone = {name: ask(name) for name in by_name if name.startswith("generality.types_only.")}
    whole = [name[len("generality.types_only."):] for name, got in alone.items() if got == "fail"]
    if whole:
        return CheckResult("fail", CIRCULAR, core=whole)
    return CheckResult("unknown", "a question was left unknown") if "unknown" in alone.values() else CheckResult("pass")


def _moved(f: Formalization, by_name: dict[str, Question], ask: Callable[[str], str]) -> CheckResult:
    got = ask("generality.moved")
    if got == "fail":
        return CheckResult("fail", ONLY_AT_S0)
    return CheckResult(got, "a question was left unknown" if got == "unknown" else "")


def _twins(f: Formalization, by_name: dict[str, Question], ask: Callable[[str], str]) -> CheckResult:
    """Each twin in turn: a clash of vocabularies fails; else its three questions in order, the first unsettled
    leaving it unknown and the first wrong failing it. Any failing twin fails the part, then any unknown one."""
    results = []
    for twin, label in zip(f.twins, twin_labels(f)):
        clash = twin_clash(f, twin)
        if clash is not None:
            results.append(CheckResult("fail", f"twin test: {clash}"))
            continue
        if label is None:  # no question: the knowledge names an entity, which fails generality before
            continue
        where = f"the twin {twin.item} ({twin.path})"
        result = CheckResult("pass")
        for part, detail in TWIN_PARTS:
            got = ask(f"generality.twin.{label}.{part}")
            if got != "pass":
                result = CheckResult(got, f"twin test: {detail.format(where=where)}" if got == "fail"
                                     else f"twin test on {twin.item}: a question was left unknown")
                break
        results.append(result)
    for status in ("fail", "unknown"):
        found = [r for r in results if r.status == status]
        if found:
            return found[0]
    return CheckResult("pass")


_DETAIL = {
    "consistency": "the scenario and the knowledge contradict each other",
    "sufficiency": "the knowledge does not entail the answer",
    "necessity": "the scenario alone entails the answer: the knowledge is not needed",
    "uniqueness": "the knowledge also entails the other candidate",
    "generality": "the knowledge entails the answer without the scenario: it restates the answer",
}


def _false(name: str, ask: Callable[[str], str]) -> CheckResult:
    """A false formula passes when it is really false and, in place of its true one, does not give the
    answer or contradicts the scenario."""
    false, replaced, inconsistent = (ask(f"false_knowledge.{name}.{part}") for part in ("false", "replaced", "inconsistent"))
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
