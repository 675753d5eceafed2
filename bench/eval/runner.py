"""Ask every method every question of one repository and score the answers.

Methods: ``product`` (``Engine.search`` as a user calls it: classifier, plan, direct or fused),
each modality alone (``Engine.search(..., modality=m)``: the same query, that engine's own list),
``rg`` and ``bm25``. Every method is scored on the canonical wording; the product is also asked
every other wording, with the intent, target and path it took recorded.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.corpora import CACHE, corpus
from bench.eval import ablation, jedi_oracle, metrics, oracles, workcopy
from bench.eval import cases as casegen
from bench.eval.baselines import BM25, rg, rg_available
from bench.eval.cases import RULE, Caps, Case
from bench.eval.metrics import RECALL_AT, Span, Truth
from bench.eval.phrasings import phrasings
from maguyva_tui.core.types import MODALITIES

PACKAGES = {"requests": "src/requests", "flask": "src/flask", "click": "src/click", "attrs": "src/attr",
            "rich": "rich"}
"""Where each corpus's package sits; only it is indexed (tests and docs are not)."""

METHODS = ("product", *MODALITIES, "rg", "bm25")
"""Methods in report order."""

ABLATED = ("{x}",)
"""Wordings besides the canonical one whose fused answers are ablated (a bare symbol name)."""

LIMIT = RECALL_AT  # every method returns one page: the CLI's default --limit
WORK = CACHE / "eval-work"
INDEXES = CACHE / "eval-index"  # stable, so reruns find every vector cached by content hash


@dataclass(slots=True)
class Repo:
    """One repository ready to be questioned."""

    name: str
    root: Path
    texts: dict[str, str]
    defs: list[oracles.Definition]
    refs: dict[str, list[jedi_oracle.Reference]]
    engine: Any
    bm25: BM25
    stats: dict[str, Any] = field(default_factory=dict)


def prepare(name: str, source: Path, package: str, make_engine: Callable[[Path], Any], work: Path = WORK,
            log: Callable[[str], None] = print) -> Repo:
    """Make the work copy of ``source/package``, compute the oracles, index and embed it."""
    root = work / source.name
    files = workcopy.make_work_copy(source, package, root)
    texts = oracles.python_files(root, files)
    all_defs = oracles.definitions(texts, oracles.python_files(source, files))
    tags = oracles.ctags_lines(root, files)
    defs = oracles.cross_checked(all_defs, tags)
    started = time.perf_counter()
    refs = jedi_oracle.references(root, texts, defs, work / f"jedi-{source.name}.json")
    log(f"{name}: {len(files)} files, {len(defs)}/{len(all_defs)} definitions "
        f"{'agreed by ctags' if tags is not None else '(no ctags)'}, jedi {time.perf_counter() - started:.0f} s")
    engine = make_engine(root)
    stats = {"files": len(files), "definitions": len(all_defs), "ctags_agreed": len(defs) if tags is not None else None}
    stats.update(index_and_embed(engine, log))
    return Repo(name, root, texts, defs, refs, engine, chunk_bm25(engine), stats)


def prepare_corpus(name: str, make_engine: Callable[[Path], Any], log: Callable[[str], None] = print) -> Repo:
    """Prepare a pinned corpus (``bench/corpora.py``): only its package is indexed."""
    return prepare(name, corpus(name), PACKAGES[name], make_engine, WORK, log)


def index_and_embed(engine: Any, log: Callable[[str], None]) -> dict[str, Any]:
    """Bring the engine's index up to date and embed every chunk (cached by content hash)."""
    started = time.perf_counter()
    engine.refresh()
    report = engine.embed_pending()
    chunks = len(engine.embedding_items())
    seconds = time.perf_counter() - started
    log(f"  index + embed: {chunks} chunks, {getattr(report, 'embedded', '?')} embedded now, {seconds:.0f} s")
    return {"chunks": chunks, "coverage": engine.semantic_coverage()}


def chunk_bm25(engine: Any) -> BM25:
    """BM25 over the engine's own chunks, whole (not capped the way embedding text is)."""
    snap = engine.snapshot
    chunks = [item.chunk for item in engine.embedding_items()]
    spans = [(c.path, c.start_line, c.end_line) for c in chunks]
    return BM25(spans, ["\n".join(snap.lines(c.path, c.start_line, c.end_line)) for c in chunks])


def build_cases(repo: Repo, caps: Caps) -> list[Case]:
    """Every question of one repository, intent by intent."""
    seed = repo.name
    return [
        *casegen.definition_cases(repo.defs, caps.find_definition, seed + "/def"),
        *casegen.exact_cases(repo.texts, caps.exact_match, seed + "/exact"),
        *casegen.reference_cases(repo.defs, repo.refs, caps.find_references, seed + "/refs"),
        *casegen.impact_cases(repo.defs, repo.refs, caps.impact_analysis, seed + "/impact"),
        *casegen.language_cases(repo.defs, caps.understand_code, seed + "/nl"),
    ]


def scores(intent: str, results: list[Span], truth: tuple[Truth, ...]) -> dict[str, float]:
    """Score one ranked list with the metrics the report shows for its intent."""
    j = metrics.judge(results, truth, RULE[intent])
    if intent == "find_definition":
        return {"Hit@1": metrics.hit_at_1(j), "MRR@10": metrics.mrr(j)}
    if intent == "exact_match":
        return {"recall": metrics.recall(j), "precision": metrics.precision(j)}
    if intent == "find_references":
        return {"R@20": metrics.recall(j), "R@20 exact line": metrics.recall(metrics.judge(results, truth, "line"))}
    if intent == "impact_analysis":
        return {"nDCG@10": metrics.ndcg(j), "R@20": metrics.recall(j)}
    lenient = metrics.judge(results, truth, "span")
    return {"MRR@10": metrics.mrr(j), "nDCG@10": metrics.ndcg(j), "MRR@10 span rule": metrics.mrr(lenient)}


def _spans(result: dict[str, Any]) -> list[Span]:
    return [(r["path"], int(r["start_line"]), int(r["end_line"])) for r in result["results"]]


def _search(engine: Any, text: str, **options: Any) -> dict[str, Any]:
    """Run one search; a refused query is an empty answer with the reason kept."""
    try:
        return engine.search(text, limit=LIMIT, **options).to_json()  # type: ignore[no-any-return]
    except Exception as exc:  # the evaluation records failures instead of stopping
        return {"results": [], "error": f"{type(exc).__name__}: {exc}", "intent": None, "confidence": None,
                "target": None, "fusion_strategy": None}


def evaluate_case(repo: Repo, case: Case) -> dict[str, Any]:
    """Ask one question of every method (canonical wording) and the product in every wording."""
    wordings = phrasings(case.intent, case.subject, case.kind)
    record: dict[str, Any] = {"intent": case.intent, "subject": case.subject, "truth_size": len(case.truth),
                              "truth": [[t.path, t.line, t.grade] for t in case.truth], "methods": {},
                              "phrasings": []}
    for i, wording in enumerate(wordings):
        answer = _search(repo.engine, wording.text)
        record["phrasings"].append(_phrasing_record(wording, answer, case))
        if ablation.fused_path(answer) and (i == 0 or wording.template in ABLATED):
            record.setdefault("ablations", {})[wording.template] = _ablations(repo, case, wording.text, answer)
    record["methods"]["product"] = record["phrasings"][0]["scores"]
    record["product_top"] = record["phrasings"][0].pop("top")
    for p in record["phrasings"][1:]:
        p.pop("top")
    target = record["phrasings"][0].get("target")
    for modality in MODALITIES:
        # the text engine alone is given what the fused path gives it: the name the question asks
        # about (`--modality text` reads the question as typed, as rg -F does: a sentence is no line)
        asked = target if modality == "text" and target else wordings[0].text
        answer = _search(repo.engine, asked, modality=modality)
        spans = _spans(answer)
        record["methods"][modality] = scores(case.intent, spans, case.truth)
        record.setdefault("modality_top", {})[modality] = spans[:5]
    if case.grep is not None and rg_available():
        record["methods"]["rg"] = scores(case.intent, rg(repo.root, case.grep, LIMIT, case.grep_word), case.truth)
    record["methods"]["bm25"] = scores(case.intent, repo.bm25.search(case.bm25, LIMIT), case.truth)
    return record


def _ablations(repo: Repo, case: Case, text: str, answer: dict[str, Any]) -> dict[str, Any]:
    """Score the same question fused with one mechanism off at a time."""
    variants = ablation.ablate(repo.engine, text, case.intent, LIMIT)
    shipped = [s[0] for s in variants["as shipped"]]
    return {"reproduces": shipped == [r["path"] for r in answer["results"]],
            "scores": {name: scores(case.intent, spans, case.truth) for name, spans in variants.items()}}


def _phrasing_record(wording: Any, answer: dict[str, Any], case: Case) -> dict[str, Any]:
    spans = _spans(answer)
    return {
        "template": wording.template,
        "text": wording.text,
        "expected": wording.intent,
        "intent": answer.get("intent"),
        "confidence": answer.get("confidence"),
        "rule": answer.get("rule"),
        "target": answer.get("target"),
        "target_ok": answer.get("target") == case.subject,
        "strategy": answer.get("fusion_strategy"),
        "timings_ms": answer.get("timings_ms"),
        "error": answer.get("error"),
        "scores": scores(case.intent, spans, case.truth),
        "top": [[*span, r.get("kind")] for span, r in zip(spans, answer["results"])],
    }


def evaluate_repo(repo: Repo, caps: Caps, log: Callable[[str], None] = print) -> list[dict[str, Any]]:
    """Evaluate every question of one repository; return one record per question."""
    records = []
    started = time.perf_counter()
    questions = build_cases(repo, caps)
    for i, case in enumerate(questions, 1):
        record = evaluate_case(repo, case)
        record["repo"] = repo.name
        records.append(record)
        if i % 50 == 0:
            log(f"  {repo.name}: {i}/{len(questions)} questions, {time.perf_counter() - started:.0f} s")
    log(f"  {repo.name}: {len(questions)} questions in {time.perf_counter() - started:.0f} s")
    return records
