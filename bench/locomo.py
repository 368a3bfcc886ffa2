"""`memsvc bench locomo --data DIR`: the LoCoMo benchmark through the service's own ingest and ask code.

For each conversation, in an account of its own: every turn becomes a memory ("Speaker: text", plus the
caption of a photo the speaker shared; the session's date as `timestamp`; the conversation as
`source`); then every question of categories 1–4 is asked. Reported overall and per category:
- evidence recall@5 and @10: the share of a question's evidence turns among its sources;
- the same share among the first 40 fused candidates of ask's search: what a reranker of that pool
  could reach at best;
- answer support: every word of the gold answer appears in the cited sources; and beside it its
  ceiling, the same test over the question's own evidence turns (what perfect retrieval would score:
  many gold answers are not the turns' words, "7 May 2023" for a turn that says "yesterday");
- token F1 against the gold answer of the short answer (`answer`) when ask gives one, else of the
  answer text; beside it the text's own F1 and the share of questions given a short answer; ask
  latency, ingest throughput;
- for category 5 (unanswerable), the share answered with no citation.
Two baselines over the same turns: BM25 (`rank_bm25`) and plain MiniLM cosine, and their reciprocal
rank fusion. The dataset's own annotations (events, observations, summaries) are never read.
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
import string
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

CATEGORIES = {1: "single-hop", 2: "temporal", 3: "open-domain", 4: "multi-hop", 5: "adversarial"}
_ARTICLES = re.compile(r"\b(a|an|the|and)\b")
_CITATION = re.compile(r"\[\d+\]")
POOL = 40  # the fused candidates whose evidence recall is reported: what reranking them could reach


@dataclass
class Turn:
    dia_id: str
    content: str
    timestamp: datetime


def session_time(text: str) -> datetime:
    """'1:56 pm on 8 May, 2023' -> an aware datetime (UTC: the dataset gives no zone)."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def turns_of(conversation: dict) -> list[Turn]:
    turns = []
    sessions = sorted(
        (int(k.split("_")[1]), k)
        for k in conversation
        if re.fullmatch(r"session_\d+", k) and isinstance(conversation[k], list)
    )
    for number, key in sessions:
        when = session_time(conversation[f"session_{number}_date_time"])
        for turn in conversation[key]:
            content = f"{turn['speaker']}: {turn['text']}"
            if turn.get("blip_caption"):
                content += f" [shares a photo: {turn['blip_caption']}]"
            turns.append(Turn(turn["dia_id"], content, when))
    return turns


def normalize(text: str) -> list[str]:
    """SQuAD-style answer tokens: lower case, no punctuation, no articles."""
    text = str(text).lower()
    text = "".join(" " if c in string.punctuation else c for c in text)
    return _ARTICLES.sub(" ", text).split()


def token_f1(prediction: str, gold: str) -> float:
    """SQuAD token F1; the answer's [n] citation markers are not words of it."""
    predicted, expected = normalize(_CITATION.sub(" ", prediction)), normalize(gold)
    common = sum((Counter(predicted) & Counter(expected)).values())
    if not predicted or not expected or not common:
        return 0.0
    precision, recall = common / len(predicted), common / len(expected)
    return 2 * precision * recall / (precision + recall)


def recall_at(ranked: list[str], evidence: list[str], k: int) -> float:
    return len(set(ranked[:k]) & set(evidence)) / len(evidence) if evidence else 0.0


def supported(gold: str, cited_text: str) -> bool:
    words = set(normalize(cited_text))
    expected = normalize(gold)
    return bool(expected) and all(w in words for w in expected)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


def _rrf(*rankings: list[int], k: int = 60) -> list[int]:
    scores: dict[int, float] = defaultdict(float)
    for ranking in rankings:
        for rank, index in enumerate(ranking):
            scores[index] += 1 / (k + rank + 1)
    return sorted(scores, key=lambda i: -scores[i])


def baselines(turns: list[Turn], questions: list[dict], encode) -> dict[str, list[list[str]]]:
    """Top-10 dia_ids per question for BM25, dense MiniLM cosine, and their fusion."""
    from rank_bm25 import BM25Okapi

    bm25 = BM25Okapi([normalize(t.content) for t in turns])
    vectors = encode([t.content for t in turns])
    ranked: dict[str, list[list[str]]] = {"bm25": [], "dense": [], "fusion": []}
    question_vectors = encode([q["question"] for q in questions])
    for question, vector in zip(questions, question_vectors, strict=True):
        lexical = list(np.argsort(-bm25.get_scores(normalize(question["question"])), kind="stable")[:50])
        dense = list(np.argsort(-(vectors @ vector), kind="stable")[:50])
        for name, order in (("bm25", lexical), ("dense", dense), ("fusion", _rrf(lexical, dense))):
            ranked[name].append([turns[i].dia_id for i in order[:10]])
    return ranked


@dataclass
class Loaded:
    """A conversation remembered in an account of its own: which memory holds which turn."""

    account: str
    conversation: dict
    turns: list[Turn]
    dia_of: dict[str, str]  # memory id -> dia_id
    ingest_seconds: float
    second_seconds: float | None  # the second index's worker run to the end; None when it is off


async def load_conversation(services, path: Path) -> Loaded:
    """Every turn of the conversation at `path` as a memory, 100 per batch, then the second index's
    worker run to the end."""
    from models.accounts import KeyKind
    from models.memory import RememberRequest
    from pipelines.accounts import keys
    from pipelines.ingest import ingest, second_embedding

    conversation = json.loads(path.read_text())
    turns = turns_of(conversation)
    account = (
        await keys.create_key(
            services.driver, services.clock, kind=KeyKind.live, account_name=f"locomo-{path.stem}"
        )
    ).account_id
    dia_of: dict[str, str] = {}
    started = time.perf_counter()
    for start in range(0, len(turns), 100):
        chunk = turns[start : start + 100]
        requests = [
            RememberRequest(content=t.content, source=f"locomo-{path.stem}", timestamp=t.timestamp)
            for t in chunk
        ]
        for turn, memory in zip(chunk, await ingest.remember_many(services, account, requests), strict=True):
            dia_of[memory.id] = turn.dia_id
    ingest_seconds = time.perf_counter() - started
    started = time.perf_counter()
    drained = await second_embedding.drain(services)
    second_seconds = time.perf_counter() - started if drained else None
    return Loaded(account, conversation, turns, dia_of, ingest_seconds, second_seconds)


def conversation_files(data_dir: Path, max_conversations: int | None) -> list[Path]:
    files = sorted(data_dir.glob("*.json"))[:max_conversations]
    if not files:
        raise FileNotFoundError(f"no LoCoMo conversation files (*.json) in {data_dir}")
    return files


async def run(
    data_dir: Path, limit: int = 10, max_conversations: int | None = None, max_questions: int | None = None
) -> dict:
    from graph.store import open_store  # noqa: F401  (the service opens it)
    from models.ask import AskRequest
    from models.settings import Settings
    from pipelines.ask import ask, retrieve
    from pipelines.runtime.service import Services

    files = conversation_files(data_dir, max_conversations)
    store_dir = Path(tempfile.mkdtemp(prefix="memsvc-locomo-"))
    settings = Settings(graph_uri=f"falkordb+embedded://{store_dir}", log_level="WARNING")
    services = await Services.start(settings)
    per_question: list[dict] = []
    ingest_seconds, second_seconds, ingested = 0.0, 0.0, 0
    baseline_hits: dict[str, list[tuple[int, float, float]]] = defaultdict(list)
    try:
        for path in files:
            loaded = await load_conversation(services, path)
            account, turns, dia_of = loaded.account, loaded.turns, loaded.dia_of
            ingest_seconds += loaded.ingest_seconds
            second_seconds += loaded.second_seconds or 0.0
            ingested += len(turns)
            content_of = {t.dia_id: t.content for t in turns}
            questions = [q for q in loaded.conversation["qa"] if q.get("category") in CATEGORIES][
                :max_questions
            ]
            answerable = [q for q in questions if q["category"] != 5]
            for name, lists in baselines(turns, answerable, services.models.embedder.encode).items():
                for q, top in zip(answerable, lists, strict=True):
                    baseline_hits[name].append(
                        (q["category"], recall_at(top, q["evidence"], 5), recall_at(top, q["evidence"], 10))
                    )
            for q in questions:
                started = time.perf_counter()
                answer = await ask.ask(services, account, AskRequest(question=q["question"], limit=limit))
                latency = (time.perf_counter() - started) * 1000
                ranked = [dia_of.get(s.id, "") for s in answer.sources]
                cited = " ".join(content_of.get(d, "") for d in ranked)
                record = {
                    "conversation": path.stem,
                    "category": q["category"],
                    "latency_ms": latency,
                    "cited": bool(answer.sources),
                }
                if q["category"] != 5:
                    gold = str(q["answer"])
                    question = retrieve.read_question(services, q["question"], services.clock())
                    pool = await retrieve.search(services, account, question, limit=POOL)
                    record.update(
                        recall_at_5=recall_at(ranked, q["evidence"], 5),
                        recall_at_10=recall_at(ranked, q["evidence"], 10),
                        support=supported(gold, cited),
                        # Perfect retrieval's support: the gold answer's words in the evidence turns.
                        support_ceiling=supported(
                            gold, " ".join(content_of.get(d, "") for d in q["evidence"])
                        ),
                        candidate_recall_at_40=recall_at(
                            [dia_of.get(c.id, "") for c in pool], q["evidence"], POOL
                        ),
                        # The short answer when ask gives one, else the whole text; and the text's alone.
                        f1=token_f1(answer.answer or answer.text, gold),
                        f1_text=token_f1(answer.text, gold),
                        short=answer.answer is not None,
                        # For `--answers`: what was asked, expected and answered.
                        question=q["question"],
                        gold=gold,
                        answer=answer.answer,
                        text=answer.text,
                    )
                per_question.append(record)
    finally:
        await services.close()
        shutil.rmtree(store_dir, ignore_errors=True)
    result = summarize(per_question, baseline_hits, ingested, ingest_seconds)
    per_s = round(ingested / second_seconds, 1) if second_seconds else None
    result["ingest"]["second_embedding_per_s"] = per_s
    return result


def summarize(records: list[dict], baseline_hits: dict, ingested: int, ingest_seconds: float) -> dict:
    def block(rows: list[dict]) -> dict:
        if not rows:
            return {}
        return {
            "questions": len(rows),
            "recall_at_5": round(statistics.mean(r["recall_at_5"] for r in rows), 3),
            "recall_at_10": round(statistics.mean(r["recall_at_10"] for r in rows), 3),
            "answer_support": round(statistics.mean(r["support"] for r in rows), 3),
            "support_ceiling": round(statistics.mean(r["support_ceiling"] for r in rows), 3),
            "candidate_recall_at_40": round(statistics.mean(r["candidate_recall_at_40"] for r in rows), 3),
            "token_f1": round(statistics.mean(r["f1"] for r in rows), 3),
            "token_f1_text": round(statistics.mean(r["f1_text"] for r in rows), 3),
            "short_answer_share": round(statistics.mean(r["short"] for r in rows), 3),
        }

    answerable = [r for r in records if r["category"] != 5]
    adversarial = [r for r in records if r["category"] == 5]
    latencies = [r["latency_ms"] for r in records]
    result = {
        **block(answerable),
        "per_category": {
            CATEGORIES[c]: block([r for r in answerable if r["category"] == c]) for c in (1, 2, 3, 4)
        },
        "adversarial": {
            "questions": len(adversarial),
            "no_citation_share": round(statistics.mean(not r["cited"] for r in adversarial), 3)
            if adversarial
            else None,
        },
        "ask_ms": {
            "p50": round(_percentile(latencies, 0.5), 1),
            "p95": round(_percentile(latencies, 0.95), 1),
        },
        "ingest": {
            "turns": ingested,
            "memories_per_s": round(ingested / ingest_seconds, 1) if ingest_seconds else None,
        },
        "baselines": {
            name: {
                "recall_at_5": round(statistics.mean(h[1] for h in hits), 3),
                "recall_at_10": round(statistics.mean(h[2] for h in hits), 3),
            }
            for name, hits in baseline_hits.items()
        },
        "answers": [
            {k: r.get(k) for k in ("category", "question", "gold", "answer", "text", "f1")}
            for r in answerable
        ],
    }
    return result


def report(result: dict) -> str:
    lines = [
        "category       questions  recall@5  recall@10  (pool@40)  support  (ceiling)  token F1"
        "  (text's)  (short share)"
    ]
    rows = [("all (1-4)", result), *result["per_category"].items()]
    for name, row in rows:
        if row:
            lines.append(
                f"{name:<14} {row['questions']:>9}  {row['recall_at_5']:>8}  {row['recall_at_10']:>9}  "
                f"{row['candidate_recall_at_40']:>9}  "
                f"{row['answer_support']:>7}  {row['support_ceiling']:>9}  {row['token_f1']:>8}  "
                f"{row['token_f1_text']:>8}  {row['short_answer_share']:>13}"
            )
    adversarial = result["adversarial"]
    lines.append(
        f"adversarial (5): {adversarial['questions']} questions, answered with no citation: "
        f"{adversarial['no_citation_share']}"
    )
    lines.append(
        f"ask latency: p50 {result['ask_ms']['p50']} ms, p95 {result['ask_ms']['p95']} ms; "
        f"ingest {result['ingest']['memories_per_s']} memories/s over {result['ingest']['turns']} turns"
        f"; second index {result['ingest'].get('second_embedding_per_s') or 'off'} memories/s"
    )
    for name, row in result["baselines"].items():
        lines.append(f"baseline {name:<7} recall@5 {row['recall_at_5']}  recall@10 {row['recall_at_10']}")
    return "\n".join(lines)


def main(
    data: str,
    json_out: str | None,
    limit: int,
    max_conversations: int | None,
    max_questions: int | None,
    answers_out: str | None = None,
) -> int:
    import asyncio

    result = asyncio.run(run(Path(data), limit, max_conversations, max_questions))
    answers = result.pop("answers")
    print(report(result))
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=2))
    if answers_out:
        # One line per answerable question: its category, the question, the gold answer, the short
        # answer, the text and the token F1: for reading what ask gets wrong.
        Path(answers_out).write_text("".join(json.dumps(row) + "\n" for row in answers))
    return 0
