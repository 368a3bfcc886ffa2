"""What the LLM is given: the question and the retrieved memories, numbered as the answer's sources, each
with the day it was written and the dates ingest resolved in it (so "yesterday" in a memory of 8 May
2023 reaches the model as 7 May 2023, as it does the extractive answer)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

# Small local models (llama.cpp's server defaults to a 2,048-token context) must take the whole prompt:
# about 5 sources of 700 characters each, some 1,000 tokens with the instructions.
PASSAGE_CHARS = 700

SYSTEM = (
    "You answer questions from the user's own memories. Use only the numbered memories given; do not "
    "add facts they do not state. Answer in one to four short sentences. End every sentence with the "
    "number of each memory it comes from in square brackets, like [1] or [2][3]. Resolve relative dates "
    "with the dates given. If the memories do not answer the question, say so in one sentence."
)


@dataclass
class Passage:
    """One retrieved memory, as the model sees it; `number` is its citation number, `[n]`."""

    number: int
    content: str
    snippet: str  # the sentence retrieval found best: kept in the excerpt however long the memory
    written: date
    source: str
    dates: dict[str, str] = field(default_factory=dict)  # phrase → the date ingest resolved

    def excerpt(self, limit: int = PASSAGE_CHARS) -> str:
        """The memory, or when longer than `limit` the text around its snippet, cut at sentence ends
        where one is near (a third of the room before the snippet, the rest after it)."""
        content = " ".join(self.content.split())
        if len(content) <= limit:
            return content
        snippet = " ".join(self.snippet.split())
        at = max(content.find(snippet), 0)
        start = max(0, min(at - (limit - len(snippet)) // 3, len(content) - limit))
        end = min(len(content), start + limit)
        if start > 0 and (cut := content.find(". ", start, at)) != -1:
            start = cut + 2
        if end < len(content) and (cut := content.rfind(". ", at + len(snippet) - 1, end)) != -1:
            end = cut + 1
        return ("… " if start > 0 else "") + content[start:end].strip() + (" …" if end < len(content) else "")

    def header(self) -> str:
        resolved = "; ".join(f'"{phrase}" = {day}' for phrase, day in list(self.dates.items())[:6])
        return f"[{self.number}] written {self.written.isoformat()} ({self.source})" + (
            f"; dates in it: {resolved}" if resolved else ""
        )


def messages(question: str, passages: list[Passage], today: date) -> list[dict[str, str]]:
    memories = "\n\n".join(f"{p.header()}\n{p.excerpt()}" for p in passages)
    # The citation rule is said again last: small models follow the instruction nearest the answer.
    user = (
        f"Today is {today.isoformat()}.\n\nMemories:\n{memories}\n\nQuestion: {question}\n"
        "Answer from the memories; end each sentence with its memory's number, like [1]."
    )
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]
