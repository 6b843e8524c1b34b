"""The audit as ONE self-contained HTML page: inline CSS and SVG, no script, no font, no network reference,
so it can be mailed, archived and opened offline; a print stylesheet keeps each section on its own page."""
from __future__ import annotations

from html import escape
from typing import Any, Callable, Iterable, Sequence

from .svg import bars, scatter

__all__ = ["render"]

SHOWN = 200  # table rows shown per list (the JSON has them all)

CSS = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1a1a1a;max-width:60rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.25rem;margin:0 0 .3rem}h3{font-size:1rem;margin:1rem 0 .3rem}
section{border-top:2px solid #ddd;padding:1rem 0 1.2rem}
.verdict{font-weight:600;padding:.35rem .6rem;border-left:5px solid #3b6ea5;background:#f1f5fa}
.failed .verdict{border-color:#c8553d;background:#fbefec}.notrun .verdict{border-color:#999;background:#f4f4f4;font-weight:400}
table{border-collapse:collapse;margin:.4rem 0;font-size:.9rem}th,td{border:1px solid #ddd;padding:.2rem .45rem;text-align:left;vertical-align:top}
th{background:#f6f6f6}td.n{text-align:right;font-variant-numeric:tabular-nums}
pre,code{font:13px/1.35 ui-monospace,Menlo,Consolas,monospace}pre{white-space:pre-wrap;background:#f6f6f6;padding:.4rem .6rem}
.meta,.note,.time{color:#555;font-size:.85rem}svg.chart{display:block;max-width:100%;height:auto;margin:.4rem 0}
svg text{font:12px system-ui,sans-serif;fill:#1a1a1a}svg text.note{fill:#555}
@media print{body{max-width:none;margin:0;font-size:11pt}section{break-inside:avoid-page;page-break-inside:avoid}
 a{color:inherit;text-decoration:none}.verdict{-webkit-print-color-adjust:exact;print-color-adjust:exact}
 nav{display:none}}
"""


def render(report: Any) -> str:
    """The page: a header with the signature and the reproducing command, an overview, then a section per question."""
    title = "Audit of " + ", ".join(report.corpora)
    overview = _table(["question", "verdict", "seconds"],
                      [[f'<a href="#{s.key}">{escape(s.question)}</a>', escape(s.verdict), f"{s.seconds:.2f}"]
                       for s in report.sections], raw=True, numeric={2})
    body = "".join(_section(s) for s in report.sections)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{escape(title)}</title><style>{CSS}</style></head><body>'
            f"<header><h1>{escape(title)}</h1><p class=\"meta\">{escape(report.signature)} · "
            f"{report.seconds:.1f} s in all</p><p>Reproduce it with</p><pre>{escape(report.command)} -o report.html</pre>"
            f"</header><nav><h2>Overview</h2>{overview}</nav>{body}</body></html>\n")


def _section(s: Any) -> str:
    kind = {"ok": "", "not run": " notrun", "failed": " failed"}.get(s.status, "")
    inner = RENDERERS[s.key](s.figures) if s.status == "ok" else ""
    return (f'<section id="{s.key}" class="{s.key}{kind}"><h2>{escape(s.question)}</h2>'
            f'<p class="verdict">{escape(s.verdict)}</p>{inner}'
            f'<p class="note">reproduce: <code>{escape(s.command)}</code> · <span class="time">{s.seconds:.2f} s</span></p></section>')


def _table(headers: Sequence[str], rows: Iterable[Sequence[Any]], *, raw: bool = False, numeric: set[int] | None = None) -> str:
    """A table; cells are escaped unless ``raw``; columns in ``numeric`` (default: those holding numbers) align right."""
    rows = list(rows)
    if not rows:
        return ""
    if numeric is None:
        numeric = {k for k in range(len(headers)) if all(isinstance(r[k], (int, float)) for r in rows)}
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f'<td{" class=n" if k in numeric else ""}>{c if raw else escape(_cell(c))}</td>'
                                    for k, c in enumerate(r)) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3g}"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_cell(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(map(_cell, value))
    return "" if value is None else str(value)


def _pct(value: Any) -> str:
    return "-" if value is None else f"{value:.1%}"


def _more(total: int) -> str:
    return f'<p class="note">{SHOWN} of {total:,} shown; --json lists them all.</p>' if total > SHOWN else ""


def _summary(f: dict[str, Any]) -> str:
    facts = [["items", f["items"]], ["schemas", f["schemas"]], ["twin pairs", f["twins"]], ["singletons", f["singletons"]],
             ["corpora", f["corpora"]], ["languages", f["languages"]], ["splits", f["splits"]], ["NLI pairs", f["nli_pairs"]]]
    rows = _table(["corpus / split", "items", "schemas", "twins", "singletons", "languages", "labels", "avg tokens"],
                  [[r["row"], r["items"], r["schemas"], r["twins"], r["singletons"], r["languages"], r["labels"], r["avg_tokens"]]
                   for r in f["rows"]])
    cards = "".join(f"<h3>{escape(name)}</h3>" + (
        f"<p>{escape(c['title'])}. License: <b>{escape(c['license'])}</b>. Homepage: <code>{escape(c['homepage'])}</code></p>"
        f"<details><summary>citation</summary><pre>{escape(c['citation'])}</pre></details>" if c
        else '<p class="note">corpus unknown, so license and citation unknown: '
        + escape("; ".join(f"{i['file']}: {i['detail']}" for i in f["identified"][name])) + "</p>")
        for name, c in f["cards"].items())
    chart = bars(sorted(f["languages"].items(), key=lambda kv: -kv[1]), title="items per language")
    return (_table(["", "value"], facts) + "<h3>items per language</h3>" + chart + "<h3>per corpus and split</h3>" + rows
            + "<h3>corpus cards</h3>" + cards)


def _validity(f: dict[str, Any]) -> str:
    files = _table(["file", "records", "problems"], [[p, v["records"], v["problems"]] for p, v in f["files"].items()])
    problems = _table(["file", "where", "problem"], [[p["file"], p["where"], p["problem"]] for p in f["problems"][:SHOWN]])
    quirks = _table(["quirk", "count", "examples"], [[k, v["count"], "; ".join(v["examples"])] for k, v in f["quirks"].items()])
    return (files + (f"<h3>problems</h3>{problems}{_more(len(f['problems']))}" if problems else "")
            + (f"<h3>quirks tolerated</h3>{quirks}" if quirks else ""))


def _twins(f: dict[str, Any]) -> str:
    rows = _table(["corpus", "items", "with a twin id", "schemas", "pairs", "larger groups", "singletons", "same answer",
                   "same text", "duplicated", "duplicated, other answers", "duplicated per language"],
                  [[c, r["items"], r["with_twin_id"] if r["twin_information"]
                    else f"none: no twin information ({r['inferred_schemas']:,} schemas by near-duplicate text)",
                    r["schemas"], r["pairs"], len(r["larger_groups"]), r["singletons"], r["broken_same_answer"],
                    r["broken_same_text"], r["duplicated_groups"], r["contradicting_groups"], r["duplicated_by_language"]]
                   for c, r in f["corpora"].items()], numeric={1, 3, 4, 5, 6, 7, 8, 9, 10})
    listed = "".join(
        f"<p><b>{escape(c)}</b>: " + "; ".join(f"{label}: {escape(_cell(r[key]))}" for key, label in
                                               (("broken_same_answer_twins", "same answer"), ("broken_same_text_twins", "same text"),
                                                ("contradicting_ids", "duplicated with other answers"),
                                                ("duplicated_ids", "duplicated")) if r[key]) + "</p>"
        for c, r in f["corpora"].items() if r["broken_same_answer"] or r["broken_same_text"] or r["duplicated_groups"])
    chart = bars([(t["word"], t["count"]) for t in f["triggers"]], title="most frequent trigger words")
    return rows + listed + (f"<h3>most frequent trigger words</h3>{chart}" if chart else "")


def _balance(f: dict[str, Any]) -> str:
    rows = f["rows"]
    table = _table(["corpus / split [part]", "labeled", "unlabeled", "answer position", "position 1 (2 candidates)", "95% CI",
                    "verdict", "answer mentioned first"],
                   [[n, r["labeled"], r["unlabeled"], r["answer_position"], _pct(r["first_position_share"]),
                     f"{r['first_position_ci95'][0]:.1%}-{r['first_position_ci95'][1]:.1%}", r["state"] or "-",
                     f"{_pct(r['answer_mentioned_first_share'])} of {r['with_spans']}"] for n, r in rows.items()])
    table += (f'<p class="note">balanced: the 95% interval lies within {0.5 - f["margin"]:.0%}-{0.5 + f["margin"]:.0%}; '
              "skewed: it leaves out 50%; otherwise too few items to tell. Each row on its own interval.</p>")
    shown = [(n, r) for n, r in rows.items() if r["first_position_share"] is not None]
    chart = bars([(n, r["first_position_share"]) for n, r in shown], title="share of answers in position 1",
                 intervals=[tuple(r["first_position_ci95"]) for _, r in shown], reference=0.5, maximum=1.0, percent=True)
    return table + "<h3>answers in position 1, with 95% intervals</h3>" + chart


def _artefacts(f: dict[str, Any]) -> str:
    out = [f'<p class="meta">{escape(str(f.get("signature", "")))} · {f.get("n", 0):,} instances, '
           f'{sum((f.get("skipped") or {}).values())} skipped · folds grouped by '
           f'{escape(str((f.get("grouping") or {}).get("method", "schema")))}</p>']
    w = f.get("word_label") or {}
    out.append(f"<h3>word-label association</h3><p>{escape(str(w.get('verdict', '')))}</p>")
    if w.get("accuracy") is not None:
        out.append(bars([("bag of words", w["accuracy"])], title="word cue accuracy", reference=w.get("chance"),
                        reference_label="majority", maximum=1.0, percent=True))
    for label, words in (w.get("words") or {}).items():
        if words:
            out.append(f"<p>strongest cue words for <b>{escape(str(label))}</b></p>" + _table(
                ["word", "count", "total", "PMI"], [[x["word"], x["count"], x["total"], x["pmi"]] for x in words]))
    o = f.get("candidate_order") or {}
    out.append(f"<h3>candidate order</h3><p>{escape(str(o.get('verdict', '')))}</p>")
    if o.get("first") is not None:
        out.append(bars([("first mentioned is right", o["first"]), ("second mentioned is right", o["second"])],
                        title="candidate order", reference=o.get("chance"), maximum=1.0, percent=True))
    n = f.get("length") or {}
    out.append(f"<h3>length</h3><p>{escape(str(n.get('verdict', '')))}</p>")
    clf = n.get("classifier") or {}
    shown = [(f"rule: the {n.get('rule')} is right", n.get("accuracy")), ("classifier on lengths", clf.get("accuracy"))]
    shown = [(k, v) for k, v in shown if v is not None]
    if shown:
        out.append(bars(shown, title="length cue accuracy", reference=n.get("chance"), maximum=1.0, percent=True))
    if f.get("rows"):
        out.append("<h3>per corpus, language and source</h3>" + _table(
            ["row", "instances", "word choice", "position", "length"],
            [[name, r["n"], *(_cue(r[key]) for key in ("word_label", "candidate_order", "length"))] for name, r in f["rows"].items()]))
    return "".join(out)


def _cue(c: dict[str, Any]) -> str:
    """``"57% against 50%: weak cue"``: a cue's accuracy (the better position for candidate order) and verdict word."""
    accuracy = c.get("accuracy") if "first" not in c else None if c["first"] is None else max(c["first"], c["second"])
    return f"{_pct(accuracy)} against {_pct(c.get('chance'))}: {c.get('state', '')}"


def _contamination(f: dict[str, Any]) -> str:
    counts = _table(["corpus", "language", "items", "exact", "parallel", "near"],
                    [[c, lang, v["items"], v["exact"], v["parallel"], v["near"]]
                     for c, row in f["overlap"].items() for lang, v in row["languages"].items()])
    chart = bars(list(f["found"].items()), title="overlapping items by kind")
    pairs = _table(["kind", "route", "target", "text", "source", "text", "similarity"],
                   [[p["kind"], p["route"], f"{p['target_corpus']}/{p['target']} ({p['target_language']})", p["target_text"],
                     f"{p['source_corpus']}/{p['source']} ({p['source_language']})", p["source_text"], p["similarity"]]
                    for p in f["pairs"][:SHOWN]])
    against = _table(["known corpus", "items"], f["against"].items())
    return (against + counts + "<h3>overlapping items by kind</h3>" + chart
            + (f"<h3>overlapping pairs</h3>{pairs}{_more(f['pair_count'])}" if pairs else ""))


def _pmi(f: dict[str, Any]) -> str:
    summaries = [s for r in f["results"] for s in r["summaries"]]
    table = _table(["corpus", "language", "items", "coverage", "expected accuracy", "95% CI", "chance", "p", "verdict"],
                   [[s["corpus"], s["language"], s["items"], _pct(s["coverage"]), _pct(s["expected_accuracy"]),
                     f"{s['expected_accuracy_ci95'][0]:.1%}-{s['expected_accuracy_ci95'][1]:.1%}", _pct(s["chance"]),
                     s["binomial_test"]["p_value"], s["verdict"]] for s in summaries])
    chart = bars([(f"{s['corpus']}/{s['language']}", s["expected_accuracy"]) for s in summaries], title="PMI baseline accuracy",
                 intervals=[tuple(s["expected_accuracy_ci95"]) for s in summaries], maximum=1.0, percent=True,
                 marks=[s["chance"] for s in summaries])
    signatures = "".join(f'<p class="meta">{escape(r["signature"])}</p>' for r in f["results"])
    return table + chart + signatures


def _predictability(f: dict[str, Any]) -> str:
    shuffled = f.get("shuffled") or {}

    def beside(key: str, shown: Callable[[Any], str]) -> list[str]:
        s = shuffled.get(key)
        return [shown(f[key]), "-" if not s else f"{shown(s['mean'])} (largest {shown(s['max'])})",
                "-" if not s else "yes" if f["above_shuffled"][key] else "no"]

    def three(value: float) -> str:
        return f"{value:.3f}"

    facts = _table(["", "value", f"with shuffled labels (mean of {f.get('shuffles', 0)})", "above every shuffle"],
                   [["schema-grouped probe accuracy", *beside("cv_accuracy", _pct)],
                    ["majority label (chance)", _pct(f["majority_accuracy"]), "", ""],
                    ["KL along PC1", *beside("kl_pc1", three)],
                    ["KL along the probe's direction", *beside("kl_direction", three)],
                    ["instances", f"{f['n']:,}", "", ""], ["label balance", _pct(f["label_balance"]), "", ""]], numeric={1, 2})
    chart = bars([("probe", f["cv_accuracy"])] + ([("probe, shuffled labels", shuffled["cv_accuracy"]["mean"])] if shuffled else []),
                 title="probe accuracy", reference=f["majority_accuracy"], reference_label="majority", maximum=1.0, percent=True)
    return (facts + chart + "<h3>separation plot (first two principal components)</h3>"
            + scatter(f["points"], title="embeddings by label", names=("option 1 right", "option 2 right"))
            + f'<p class="meta">{escape(f["signature"])}<br>{escape(f["embedding"])}</p>')


def _zero_shot(f: dict[str, Any]) -> str:
    rows = [r for r in f["rows"] if not r.get("subset")]
    table = _table(["corpus", "language", "items", "accuracy", "95% CI", "chance", "twin accuracy"],
                   [[r["corpus"], r["language"], r["items"], _pct(r["accuracy"]), f"{r['low']:.1%}-{r['high']:.1%}",
                     _pct(r.get("chance")), _pct(r["twin_accuracy"])] for r in rows])
    chart = bars([(f"{r['corpus']}/{r['language']}", r["accuracy"]) for r in rows], title="zero-shot accuracy",
                 intervals=[(r["low"], r["high"]) for r in rows], maximum=1.0, percent=True,
                 marks=[r.get("chance") for r in rows])
    return table + chart + f'<p class="meta">{escape(f["signature"])}</p>'


RENDERERS: dict[str, Callable[[dict[str, Any]], str]] = {
    "summary": _summary, "validity": _validity, "twins": _twins, "balance": _balance, "artefacts": _artefacts,
    "contamination": _contamination, "pmi": _pmi, "predictability": _predictability, "zero_shot": _zero_shot,
}
