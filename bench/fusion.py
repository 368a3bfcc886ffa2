"""`memsvc bench fusion --data DIR`: learn retrieval's fusion weights (pipelines/ask/fusion.py) from the
LoCoMo development conversations, and measure them leave-one-conversation-out.

1. Collect: each conversation is remembered as `memsvc bench locomo` does, the second index's worker run
   to the end; every answerable question (categories 1–4) goes through retrieval with the hand-set
   weights and `limit` 10 as ask asks, and each candidate of the pool it ranks (the first 40) is kept
   with its features and whether it is one of the question's evidence turns. `--features FILE` keeps
   them (JSON lines) and reads them back on the next run instead of collecting again.
2. Learn: a linear weight per feature, starting from the hand-set weights, by a pairwise logistic loss
   (every evidence candidate against every other candidate of its question) plus an L2 pull back to the
   hand-set weights; weights stay ≥ 0 (a list that found a memory never counts against it). Scores are
   scaled so that the hand-set weights' pair differences have a standard deviation of 1. The pull's
   strength is chosen from L2_GRID by leave-one-conversation-out recall@10 within the training
   conversations only (nested), so the held-out conversation never picks it.
3. Report, for each held-out conversation: recall@10 of the pool's order by the hand-set weights, by
   the weights learned on the other conversations (out of the training folds), and by the same weights
   on the conversations they were learned on (in the folds). `--out FILE` writes the weights learned on
   all conversations, the set retrieval loads (`with_second`; `without_second` from the same candidates
   with the second list taken away).
"""

from __future__ import annotations

import json
import shutil
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

from bench.locomo import conversation_files, load_conversation

L2_GRID = (0.001, 0.01, 0.1, 1.0)
LIMIT = 10  # ask's default: retrieval's pool is its first 4 × limit candidates


@dataclass
class Pool:
    """One question's candidates, in the hand-set order: features (rows of FEATURES) and labels."""

    conversation: str
    category: int
    evidence: int  # how many evidence turns the question has (some may not be in the pool)
    features: np.ndarray
    labels: np.ndarray


async def collect(data_dir: Path, max_conversations: int | None) -> list[dict]:
    from models.settings import Settings
    from pipelines.ask import retrieve
    from pipelines.runtime.service import Services

    store_dir = Path(tempfile.mkdtemp(prefix="memsvc-fusion-"))
    settings = Settings(graph_uri=f"falkordb+embedded://{store_dir}", log_level="WARNING", fusion_weights="")
    services = await Services.start(settings)
    rows = []
    try:
        for path in conversation_files(data_dir, max_conversations):
            loaded = await load_conversation(services, path)
            for q in loaded.conversation["qa"]:
                if q.get("category") not in (1, 2, 3, 4) or not q.get("evidence"):
                    continue
                question = retrieve.read_question(services, q["question"], services.clock())
                pool = await retrieve.search(services, loaded.account, question, limit=LIMIT)
                evidence = set(q["evidence"])
                rows.append(
                    {
                        "conversation": path.stem,
                        "category": q["category"],
                        "evidence": len(q["evidence"]),  # as bench/locomo.py's recall counts
                        "candidates": [
                            [c.features, loaded.dia_of.get(c.id) in evidence] for c in pool[: 4 * LIMIT]
                        ],
                    }
                )
    finally:
        await services.close()
        shutil.rmtree(store_dir, ignore_errors=True)
    return rows


def pools(rows: list[dict], second: bool) -> list[Pool]:
    from pipelines.ask.fusion import FEATURES

    names = [f for f in FEATURES if second or f != "second"]
    result = []
    for row in rows:
        matrix = np.array(
            [
                [features.get(f, 0.0) if f in names else 0.0 for f in FEATURES]
                for features, _ in row["candidates"]
            ]
        ).reshape(-1, len(FEATURES))
        labels = np.array([bool(label) for _, label in row["candidates"]])
        result.append(Pool(row["conversation"], row["category"], row["evidence"], matrix, labels))
    return result


def recall(pools_: list[Pool], weights: np.ndarray) -> float:
    """Mean evidence recall@10 of the pools ordered by `weights` (ties kept in the hand-set order)."""
    values = []
    for pool in pools_:
        order = np.argsort(-(pool.features @ weights), kind="stable")
        values.append(float(pool.labels[order[:10]].sum()) / pool.evidence)
    return statistics.mean(values) if values else 0.0


def fit(pools_: list[Pool], start: np.ndarray, l2: float) -> np.ndarray:
    """Weights minimising the mean pairwise logistic loss plus l2 · |w − start|², w ≥ 0."""
    differences = [
        (pool.features[pool.labels][:, None, :] - pool.features[~pool.labels][None, :, :]).reshape(
            -1, start.size
        )
        for pool in pools_
        if pool.labels.any() and (~pool.labels).any()
    ]
    if not differences:
        return start.copy()
    pairs = np.concatenate(differences)
    scale = 1.0 / max(float(np.std(pairs @ start)), 1e-9)

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        margins = scale * (pairs @ w)
        value = np.logaddexp(0.0, -margins).mean() + l2 * np.sum((w - start) ** 2)
        slope = -scale * (pairs * (1.0 / (1.0 + np.exp(margins)))[:, None]).mean(axis=0)
        return float(value), slope + 2 * l2 * (w - start)

    found = minimize(loss, start, jac=True, method="L-BFGS-B", bounds=[(0.0, None)] * start.size)
    return np.asarray(found.x)


def choose_l2(pools_: list[Pool], start: np.ndarray) -> float:
    """The L2_GRID strength with the best leave-one-conversation-out recall@10 within `pools_`."""
    conversations = sorted({p.conversation for p in pools_})
    if len(conversations) < 2:
        return L2_GRID[-1]

    def held_out(l2: float) -> float:
        scores = []
        for left in conversations:
            train = [p for p in pools_ if p.conversation != left]
            test = [p for p in pools_ if p.conversation == left]
            scores.append(recall(test, fit(train, start, l2)) * len(test))
        return sum(scores) / len(pools_)

    return max(L2_GRID, key=held_out)


def learn(rows: list[dict], second: bool) -> tuple[dict[str, float], float, list[dict]]:
    """Weights learned on all rows, the strength chosen, and the leave-one-conversation-out folds."""
    from pipelines.ask.fusion import FEATURES
    from pipelines.ask.retrieve import DEFAULT_SEARCH

    hand = DEFAULT_SEARCH.feature_weights(second)
    start = np.array([hand[f] for f in FEATURES])
    every = pools(rows, second)
    folds = []
    for left in sorted({p.conversation for p in every}):
        train = [p for p in every if p.conversation != left]
        test = [p for p in every if p.conversation == left]
        l2 = choose_l2(train, start)
        weights = fit(train, start, l2)
        folds.append(
            {
                "held_out": left,
                "questions": len(test),
                "l2": l2,
                "hand": round(recall(test, start), 3),
                "learned_out_of_folds": round(recall(test, weights), 3),
                "hand_in_folds": round(recall(train, start), 3),
                "learned_in_folds": round(recall(train, weights), 3),
            }
        )
    l2 = choose_l2(every, start)
    weights = fit(every, start, l2)
    return {f: round(float(w), 4) for f, w in zip(FEATURES, weights, strict=True)}, l2, folds


def summary(folds: list[dict]) -> dict:
    total = sum(f["questions"] for f in folds)

    def mean(key: str) -> float:
        return round(sum(f[key] * f["questions"] for f in folds) / total, 3)

    return {
        "questions": total,
        "hand": mean("hand"),
        "learned_out_of_folds": mean("learned_out_of_folds"),
        "hand_in_folds": mean("hand_in_folds"),
        "learned_in_folds": mean("learned_in_folds"),
    }


def report(result: dict) -> str:
    lines = []
    for state in ("with_second", "without_second"):
        part = result[state]
        lines.append(f"{state}: weights {part['weights']} (L2 {part['l2']})")
        lines.append("  held out        questions   hand  learned (out)   hand (in)  learned (in)")
        for fold in [*part["folds"], {"held_out": "all", **part["summary"]}]:
            lines.append(
                f"  {fold['held_out']:<14} {fold['questions']:>9}  {fold['hand']:>5}  "
                f"{fold['learned_out_of_folds']:>13}  {fold['hand_in_folds']:>10}  "
                f"{fold['learned_in_folds']:>12}"
            )
    return "\n".join(lines)


def main(
    data: str,
    max_conversations: int | None,
    features: str | None,
    out: str | None,
    json_out: str | None,
) -> int:
    import asyncio

    cached = Path(features) if features else None
    if cached and cached.exists():
        rows = [json.loads(line) for line in cached.read_text().splitlines() if line]
    else:
        rows = asyncio.run(collect(Path(data), max_conversations))
        if cached:
            cached.write_text("".join(json.dumps(row) + "\n" for row in rows))
    result = {}
    for state, second in (("with_second", True), ("without_second", False)):
        weights, l2, folds = learn(rows, second)
        result[state] = {"weights": weights, "l2": l2, "folds": folds, "summary": summary(folds)}
    print(report(result))
    if out:
        shipped = {
            "about": "Fusion weights learned by `memsvc bench fusion` (bench/fusion.py) on the LoCoMo "
            "development conversations; pipelines/ask/fusion.py reads them.",
            "with_second": result["with_second"]["weights"],
            "without_second": result["without_second"]["weights"],
            "recall_at_10": {state: result[state]["summary"] for state in result},
        }
        Path(out).write_text(json.dumps(shipped, indent=2) + "\n")
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=2) + "\n")
    return 0
