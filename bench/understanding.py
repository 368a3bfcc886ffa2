"""`memsvc bench understanding`: the service's judgement on realistic notes, class by class, each with a
tuned part and a held-out part (bench/data/understanding.json says which item is in which).

The notes are stored in order through the real app (those without a timestamp as sent), then:
- entities: the people and organizations of each note against its annotation (by name key);
- dates: each annotated note's resolved dates and action items' due dates, and the stated date of a note
  sent without a timestamp (its memory's time);
- e-mail: the owners of an e-mail's action items (the greeted person);
- sentences: the sentences the service splits an annotated note into (titles, abbreviations, initials,
  decimals and ordinal dates end none), against the annotation;
- identity, change of state: whether a later note is linked as the same fact as an earlier one
  (`duplicate`, `supersedes` or `contradicts`) — identity pairs differ in an identifier, change pairs
  replace a fact — and whether a question about them is answered from the right note first;
- people: whether a question naming a person is answered from that person's note first;
- check: whether `POST /v1/check` shows a contradiction for each statement;
- structured: whether a question about action items or decisions cites exactly the notes that answer it
  (open, overdue or done items of a person or of everyone; decisions of a period, a person or a topic);
- overview: the same for who was involved with a subject, a subject's timeline, counts of a kind of
  note, and who holds something (pipelines/ask/overview.py); for the last, the short answer must also be
  the current holder.

Each class counts true and false positives and false negatives; for questions, a right first source is a
true positive, a wrong one a false positive and a false negative, none at all a false negative.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

CORPUS = Path(__file__).parent / "data" / "understanding.json"
PARTS = ("tune", "held_out")
CLASSES = (
    "identity", "change", "people", "dates", "entities", "sentences", "email", "check", "structured",
    "overview",
)  # fmt: skip
SAME_FACT = {"duplicate", "supersedes", "contradicts"}


@dataclass
class Counts:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, expected: set, found: set) -> None:
        self.tp += len(expected & found)
        self.fp += len(found - expected)
        self.fn += len(expected - found)

    def judge(self, expected: bool, found: bool) -> None:
        self.tp += expected and found
        self.fp += found and not expected
        self.fn += expected and not found

    def figures(self) -> dict:
        precision = self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0
        recall = self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0
        return {"precision": round(precision, 3), "recall": round(recall, 3), **self.__dict__}


def _key(name: str) -> str:
    from pipelines.nlp.names import name_key

    return name_key(name)


def _as_found(expected: list[str], found: set[str]) -> set[str]:
    """The expected names' keys, a first name alone standing for the full name found for it ("Ravi" for
    "Ravi Shah": ingest rightly resolves a first name to the account's full name)."""
    keys = set()
    for name in expected:
        key = _key(name)
        full = [f for f in found if " " not in key and f.split()[0] == key]
        keys.add(full[0] if len(full) == 1 else key)
    return keys


def _tally(counts: Counts, wrong: list[dict], note: dict, field: str, expected: set, found: set) -> None:
    """Count one annotated field of a note; list the note when what was found differs."""
    counts.add(expected, found)
    if expected != found:
        missed, extra = sorted(expected - found), sorted(found - expected)
        wrong.append({"note": note["id"], "part": note["part"], field: {"missed": missed, "extra": extra}})


def score_notes(notes: list[dict], memories: dict[str, dict], counts: dict) -> list[dict]:
    """Entities, dates, sentences and e-mail owners of each annotated note against what its memory
    holds; the notes where any of them differs, listed."""
    from pipelines.nlp.summary import split_sentences

    wrong: list[dict] = []
    for note in notes:
        memory, part = memories[note["id"]], note["part"]
        extraction = memory["extraction"]
        for field in ("people", "organizations"):
            found = {_key(n) for n in extraction[field]}
            _tally(counts["entities"][part], wrong, note, field, _as_found(note.get(field, []), found), found)
        if "dates" in note:
            dues = {a["due"] for a in note.get("actions", []) if a.get("due")}
            found = {d["date"] for d in extraction["dates"]}
            found |= {a["due"] for a in extraction["action_items"] if a["due"]}
            _tally(counts["dates"][part], wrong, note, "dates", set(note["dates"].values()) | dues, found)
        if "anchor" in note:  # the memory's time is the note's own stated date
            found = {memory["timestamp"][:10]}
            _tally(counts["dates"][part], wrong, note, "anchor", {note["anchor"]}, found)
            counts["dates"][part].fp -= found != {note["anchor"]}  # one wrong time is one miss, as before
        if "sentences" in note:
            found = {s.strip() for s in split_sentences(note["content"])}
            _tally(counts["sentences"][part], wrong, note, "sentences", set(note["sentences"]), found)
        if note.get("email"):
            found = {_key(a["owner"]) for a in extraction["action_items"] if a["owner"]}
            expected = _as_found([a["owner"] for a in note.get("actions", [])], found)
            _tally(counts["email"][part], wrong, note, "owners", expected, found)
    return wrong


def score_pairs(pairs: list[dict], memories: dict[str, dict], counts: dict) -> list[dict]:
    """Whether each later note is linked to the earlier as the same fact; the false links, listed."""
    wrong = []
    for pair in pairs:
        later, earlier = memories[pair["later"]], memories[pair["earlier"]]
        kinds = {link["kind"] for link in later["links"] if link["target_id"] == earlier["id"]}
        linked = bool(kinds & SAME_FACT)
        counts[pair["class"]][pair["part"]].judge(pair["same_fact"], linked)
        if linked != pair["same_fact"]:
            wrong.append({**pair, "links": sorted(kinds)})
    return wrong


def _replacing(memories: dict[str, dict], ids: set[str]) -> set[str]:
    """The memories that supersede one of `ids`."""
    return {
        memory["id"]
        for memory in memories.values()
        if any(link["kind"] == "supersedes" and link["target_id"] in ids for link in memory["links"])
    }


async def run(path: Path = CORPUS) -> dict:
    from litestar.testing import AsyncTestClient

    from app.main import create_app
    from bench.ingest import bench_settings

    corpus = json.loads(path.read_text())
    counts = {name: {part: Counts() for part in PARTS} for name in CLASSES}
    # Structured and overview questions also by the intent their annotation gives them.
    intents = sorted({q["intent"] for q in corpus["questions"] if "intent" in q})
    by_intent = {name: {part: Counts() for part in PARTS} for name in intents}
    misses: dict[str, list] = defaultdict(list)
    data_dir = Path(tempfile.mkdtemp(prefix="memsvc-understanding-"))
    async with AsyncTestClient(create_app(bench_settings(data_dir))) as client:
        key = (await client.post("/v1/signup", json={"email": "bench@example.com"})).json()["api_key"]
        headers = {"Authorization": f"Bearer {key}"}
        memories: dict[str, dict] = {}
        for note in corpus["notes"]:
            body = {"content": note["content"], "source": "notes"}
            if note.get("timestamp"):
                body["timestamp"] = note["timestamp"]
            response = await client.post("/v1/remember", json=body, headers=headers)
            response.raise_for_status()
            memories[note["id"]] = response.json()
        misses["entities"] = score_notes(corpus["notes"], memories, counts)
        misses["pairs"] = score_pairs(corpus["pairs"], memories, counts)
        for item in corpus["questions"]:
            asked = await client.post("/v1/ask", json={"question": item["question"]}, headers=headers)
            answer = asked.json()
            if "notes" in item:  # a structured question: the set of notes it lists, by their memories
                expected = {memories[n]["id"] for n in item["notes"]}
                cited = {source["id"] for source in answer["sources"]}
                # A listed item "since replaced: …" cites the memory replacing it: the current fact
                # beside the one asked for, no wrong item.
                cited -= _replacing(memories, expected) - expected
                wrong = "answer" in item and answer.get("answer") != item["answer"]
                tallies = [counts[item["class"]][item["part"]]]
                tallies += [by_intent[item["intent"]][item["part"]]] if "intent" in item else []
                for tally in tallies:
                    tally.add(expected, cited)
                    tally.fp += wrong  # a short answer expected ("Who owns…?": the current holder), not given
                    tally.fn += wrong
                if expected != cited or wrong:
                    misses["questions"].append({**item, "answer": answer["text"][:300]})
                continue
            first = answer["sources"][0]["id"] if answer["sources"] else None
            right = first == memories[item["note"]]["id"]
            tally = counts[item["class"]][item["part"]]
            tally.tp += right
            tally.fp += first is not None and not right
            tally.fn += not right
            if not right:
                misses["questions"].append({**item, "answer": answer["text"][:200]})
        for item in corpus["checks"]:
            checked = await client.post("/v1/check", json={"context": item["statement"]}, headers=headers)
            result = checked.json()
            counts["check"][item["part"]].judge(item["show"], result["show"])
            if result["show"] != item["show"]:
                misses["checks"].append({**item, "reason": result["context"][:200]})
    false_links = sum(1 for pair in misses["pairs"] if not pair["same_fact"])
    return {
        "corpus": {name: len(corpus[name]) for name in ("notes", "pairs", "questions", "checks")},
        "classes": {name: {part: counts[name][part].figures() for part in PARTS} for name in CLASSES},
        "intents": {name: {part: by_intent[name][part].figures() for part in PARTS} for name in intents},
        "false_same_fact_links": false_links,
        "misses": misses,
    }


def report(result: dict) -> str:
    lines = [
        f"{'class':<10} {'part':<9} {'precision':>9} {'recall':>7} {'tp':>4} {'fp':>4} {'fn':>4}",
    ]
    for name, parts in result["classes"].items():
        for part, f in parts.items():
            lines.append(
                f"{name:<10} {part:<9} {f['precision']:>9.2f} {f['recall']:>7.2f} "
                f"{f['tp']:>4} {f['fp']:>4} {f['fn']:>4}"
            )
    for name, parts in result.get("intents", {}).items():
        for part, f in parts.items():
            lines.append(
                f"{'  ' + name:<10} {part:<9} {f['precision']:>9.2f} {f['recall']:>7.2f} "
                f"{f['tp']:>4} {f['fp']:>4} {f['fn']:>4}"
            )
    lines.append(f"false duplicate/supersedes/contradicts links: {result['false_same_fact_links']}")
    return "\n".join(lines)


def main(json_path: str | None = None, misses: bool = False, corpus: str | None = None) -> int:
    result = asyncio.run(run(Path(corpus) if corpus else CORPUS))
    print(report(result))
    if misses:
        print(json.dumps(result["misses"], indent=1, ensure_ascii=False))
    if json_path:
        Path(json_path).write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
    return 0
