"""Tags: 1 to 8 lowercase key phrases — the note's noun phrases, ranked by how often and how early they
occur, without stop words, pronouns, people's names or dates."""

from __future__ import annotations

import re
from collections import Counter

from spacy.tokens import Doc

MAX_TAGS = 8
_SKIP_ENTS = {"PERSON", "DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY", "PERCENT", "QUANTITY"}
_JUNK = re.compile(r"^[\W\d_]+$")


def _phrase(tokens: list) -> str:
    words = [
        t
        for t in tokens
        if not (t.is_stop or t.is_punct or t.is_space or t.pos_ in ("DET", "PRON", "NUM"))
        and t.ent_type_ not in _SKIP_ENTS
    ]
    if not words:
        return ""
    # Lemmatise the head noun only ("deploy keys" -> "deploy key"), keep modifiers as written.
    text = " ".join([w.lower_ for w in words[:-1]] + [words[-1].lemma_.lower()])
    return "" if _JUNK.match(text) or len(text) < 2 or len(text) > 40 else text


def tags_for(doc: Doc, fallback: str) -> list[str]:
    scores: Counter[str] = Counter()
    for rank, chunk in enumerate(doc.noun_chunks):
        phrase = _phrase(list(chunk))
        if phrase:
            scores[phrase] += 1.0 + 0.5 * (" " in phrase) + 1.0 / (rank + 2)
    for ent in doc.ents:
        if ent.label_ in ("ORG", "PRODUCT", "GPE", "EVENT", "WORK_OF_ART", "LAW") and (
            p := _phrase(list(ent))
        ):
            scores[p] += 1.5
    if not scores:  # no noun phrase: the content words themselves
        for token in doc:
            if (
                token.pos_ in ("NOUN", "PROPN", "VERB", "ADJ")
                and not token.is_stop
                and (p := _phrase([token]))
            ):
                scores[p] += 1.0
    tags: list[str] = []
    for phrase, _ in scores.most_common():
        if not any(phrase in t.split(" ") or phrase == t for t in tags):
            tags.append(phrase)
        if len(tags) == MAX_TAGS:
            break
    return tags or [fallback]
