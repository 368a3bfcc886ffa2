"""Hybrid retrieval for ask: the vector index, the full-text index, the graph (memories naming the
question's people, organizations and tags, and the link neighbours of the best hits), fused by
reciprocal rank fusion, with time awareness. Configured by plain data (`SearchConfig`)."""

from __future__ import annotations

import asyncio
import calendar
import json
import re
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from typing import ClassVar

import numpy as np
from spacy.tokens import Doc

from graph import entities
from graph import search as repo
from graph.driver import GraphDriver
from graph.filters import NO_FILTER, MemoryFilter, resolved
from graph.search import root
from pipelines.ask import fusion
from pipelines.ask.short import AMOUNT_Q, DESCRIBES, WHO_IS
from pipelines.nlp.changes import (
    holders,
    opens_with_former,
    replaces_provider,
    same_event,
    same_subject,
    states_change,
)
from pipelines.nlp.dates import resolve
from pipelines.nlp.embed import Embedder
from pipelines.nlp.extract import SpacyExtractor
from pipelines.nlp.identifiers import another_kind_asked, conflict, identifiers, own_identifiers
from pipelines.nlp.names import author, name_key, spoken_text
from pipelines.nlp.summary import split_sentences
from pipelines.runtime.clock import from_ms
from pipelines.runtime.service import Services


@dataclass(frozen=True)
class SearchConfig:
    vector_k: int = 30
    fulltext_k: int = 30
    entity_k: int = 30
    tag_k: int = 20
    neighbour_k: int = 10
    neighbour_seeds: int = 3
    replacing_seeds: int = 5  # the best candidates whose replacing memories are brought in
    # Reciprocal rank fusion's k: how much the top of each list counts over its tail. The original
    # paper's 60 was set on TREC runs of 1,000 results; these lists hold 10 to 30, and at 60 their first
    # and tenth differ by 15% (at 15, by 56%). LoCoMo recall@10, over the same store: 0.629 at 60, 0.640
    # at 30, 0.653 at 15, 0.661 at 8.
    rrf_k: int = 15
    weights: dict[str, float] = field(
        default_factory=lambda: {
            "vector": 1.0,
            "second": 1.0,
            "fulltext": 1.0,
            "entity": 1.0,
            "tag": 0.5,
            "neighbour": 0.5,
        }
    )
    # With the second vector index (pipelines/ingest/second_embedding.py), the first index's list counts
    # for less. LoCoMo recall@10 of this ranking (40 asked), weights first / second, tuned on conversations
    # 1-3: 1 / 1 0.722, 0.5 / 1 0.735, 0 / 1 0.725, without the second index 0.696; on conversations 4-5,
    # not tuned on: 0.675, 0.674, 0.687, and 0.670 without.
    vector_weight_with_second: float = 0.5
    recency_weight: float = 0.5  # for "last / latest / most recent" questions
    # For a question naming a time ("in May 2023", "on 3 June, 2023"): the memories written in it
    # (`Period.holds`) are ranked among themselves and that rank is added at period_weight.
    period_weight: float = 1.0
    # For a question naming a person: the memories in that person's voice (a message "Name: text" of a
    # chat or a transcript, whose "I" is them) are ranked among themselves, and that rank is added at
    # speaker_weight.
    speaker_weight: float = 1.0
    # For a question naming an identifier (invoice 1042, INC-42): the memories naming it are ranked among
    # themselves, and that rank is added at identifier_weight; memories about another of its kind are
    # dropped.
    identifier_weight: float = 1.0
    # Feedback: each net up (down) vote on a memory raises (lowers) its score by vote_step, up to
    # vote_cap votes; a memory that a feedback correction or a later contradicting memory replaces keeps
    # corrected_factor of its score.
    vote_step: float = 0.05
    vote_cap: int = 5
    corrected_factor: float = 0.5
    entity_max_share: float = 0.1  # entities and tags on more of the account's memories are not used

    def feature_weights(self, second: bool) -> dict[str, float]:
        """These weights as weights of fusion.FEATURES: the hand-set fusion as one linear function of
        the candidates' features (the learned one's fallback and its training's starting point)."""
        weights = {**self.weights, "period": self.period_weight, "speaker": self.speaker_weight}
        weights |= {"identifier": self.identifier_weight, "time": self.recency_weight}
        if second:
            weights["vector"] = self.vector_weight_with_second
        else:
            weights["second"] = 0.0
        return {name: weights[name] for name in fusion.FEATURES}

    def with_feature_weights(self, weights: dict[str, float]) -> SearchConfig:
        """This configuration ranking by `weights` (of fusion.FEATURES), such as learned ones."""
        return replace(
            self,
            weights={name: weights[name] for name in fusion.LISTS},
            vector_weight_with_second=weights["vector"],
            period_weight=weights["period"],
            speaker_weight=weights["speaker"],
            identifier_weight=weights["identifier"],
            recency_weight=weights["time"],
        )


DEFAULT_SEARCH = SearchConfig()

# Words that frame a question rather than say what it is about.
QUESTION_WORDS = {
    "know",
    "knew",
    "tell",
    "told",
    "remember",
    "recall",
    "say",
    "said",
    "says",
    "think",
    "find",
    "mention",
    "mentioned",
    # "What did Jing ask Marcus?": the request itself rarely says "ask"; the people are the topic.
    "ask",
    "asked",
    "asks",
    "happen",
    "happened",
    "happens",
    "do",
    "does",
    "did",
    "anything",
    "something",
    "thing",
    "things",
    "memory",
    "memories",
    "note",
    "notes",
    "like",
}
# Words spaCy's English stop list holds that can be all a question is about ("Where did I move?", "Who
# did I call?", "What did Bob give me?", "Which side of the house…"): kept as key words, so the full-text
# search and the composer's topic test see them. The generic verbs of the list (go, get, make, see,
# take, say) and its numbers stay stop words.
TOPIC_WORDS = {
    "amount",
    "back",
    "bottom",
    "call",
    "empty",
    "front",
    "full",
    "give",
    "keep",
    "move",
    "name",
    "part",
    "put",
    "serious",
    "show",
    "side",
    "top",
}
_TEMPORAL = re.compile(
    r"\b(when|what date|which date|what day|what time|how long|what year|what month)\b", re.I
)
# "What did Zanele ask me to do?", "What does Jakub want?": a request is asked for (its sentence rarely
# repeats the question's verb: "She asked me to resend it", "Please confirm …", "Could you …").
REQUEST_Q = re.compile(r"\b(?:ask|asks|asked|want|wants|wanted|request|requests|requested)\b", re.I)
REQUEST = re.compile(
    r"\b(?:ask(?:s|ed)?\s+(?:me|us|you|him|her|them)\b|request(?:s|ed)?\b|wants?\b|wanted\b|would like\b"
    r"|please\b|could you\b|can you\b|would you\b|needs? (?:me|us) to\b)",
    re.I,
)
# A plan, not a deed: "Hamish will send the list" does not say what he sent (`FUTURE.findall`: the verb).
FUTURE = re.compile(r"\b(?:will|shall|'ll|’ll|going to)\s+(?:\w+ly\s+)?(\w+)", re.I)
# An amount of money in a sentence: "£4,250", "€ 9.500", "1,200 EUR", "40 dollars".
AMOUNT = re.compile(
    r"[£$€¥₹]\s?\d|\b\d[\d.,]*\s?(?:k|m|bn)?\s?(?:EUR|USD|GBP|CHF|euros?|dollars?|pounds?|quid|bucks)\b", re.I
)
_RECENT = re.compile(r"\b(last|latest|most recent|recently|newest|current|currently|now)\b", re.I)
_EARLIEST = re.compile(r"\b(first|earliest|oldest|originally)\b", re.I)
_BEFORE_AFTER = re.compile(r"\b(before|after|since|until)\s+(.+?)(?:[?.!,]|$)", re.I)
_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_YEAR = r"(?:19|20)\d\d"
_CALENDAR_WORDS = {*_MONTHS.split("|"), *(d.lower() for d in calendar.day_name)}
_IN_MONTH = re.compile(
    r"\b(?:in|during)\s+(?:early\s+|late\s+|mid-?|"
    r"the\s+(?:first|second|third|fourth|last)\s+(?:week|weekend|half)\s+of\s+)?"
    rf"({_MONTHS})(?:,?\s+({_YEAR}))?\b",
    re.I,
)
_IN_YEAR = re.compile(rf"\b(?:in|during)\s+({_YEAR})\b")
_ON_DAY = re.compile(rf"\bon\s+((?:\d{{1,2}}\s+)?(?:{_MONTHS})(?:\s+\d{{1,2}})?,?\s+{_YEAR})\b", re.I)
# A day named without its year ("on 14 March", "on March 14th"): that day of any year.
_ON_DAY_OF_ANY_YEAR = re.compile(
    rf"\bon\s+(?:the\s+)?(?:(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({_MONTHS})|({_MONTHS})\s+(\d{{1,2}})"
    rf"(?:st|nd|rd|th)?)\b(?!,?\s+{_YEAR})",
    re.I,
)
_BETWEEN = re.compile(r"\bbetween\s+(.+?)\s+and\s+(.+?)(?:[?.!]|$)", re.I)


@dataclass(frozen=True)
class Period:
    """A time a question names: the days from `start` to `end`; or, for a month named without a year
    ("in May"), that `month` of any year."""

    start: date | None = None
    end: date | None = None
    month: int | None = None
    day: int | None = None  # with `month`: that day of any year ("on 14 March")
    # A memory tells of an event when it happens or after: one written up to a week after the period
    # may well be about it ("last Friday I went to the UK").
    SLACK: ClassVar[timedelta] = timedelta(days=7)

    def on_its_day_or_month(self, ts_ms: int) -> bool:
        """For a period of any year: whether `ts_ms` falls on its day, or in its month (no slack)."""
        written = from_ms(ts_ms).date()
        return written.month == self.month and (self.day is None or written.day == self.day)

    def holds(self, ts_ms: int) -> bool:
        """Whether a memory written at `ts_ms` was written in the period or up to SLACK after it."""
        written = from_ms(ts_ms).date()
        if self.month is not None and self.day is not None:
            earlier = (written - timedelta(days=back) for back in range(self.SLACK.days + 1))
            return any((d.month, d.day) == (self.month, self.day) for d in earlier)
        if self.month is not None:
            return self.month in (written.month, (written - self.SLACK).month)
        if self.start is None or self.end is None:
            return False
        return self.start <= written <= self.end + self.SLACK

    def names(self, mentioned: str) -> bool:
        """Whether a date a memory mentions (ISO: "2026-06-12", or "2026-06" for a month named alone)
        falls in the period: "Phone bill: £18.40, due 12 June" is about June, whenever it was written."""
        try:
            year, month, *rest = (int(part) for part in mentioned.split("-"))
            first = date(year, month, rest[0] if rest else 1)
        except ValueError:
            return False
        last = first if rest else date(year, month, calendar.monthrange(year, month)[1])
        if self.month is not None:
            return month == self.month and (self.day is None or (bool(rest) and first.day == self.day))
        if self.start is None or self.end is None:
            return False
        return first <= self.end and last >= self.start


def mentioned_dates(row: dict) -> list[str]:
    """The dates a memory's extraction resolved (its date phrases and its action items' due dates)."""
    raw = row.get("extraction")
    if not raw:
        return []
    try:
        extraction = json.loads(raw) if isinstance(raw, str) else raw
    except ValueError:
        return []
    dates = [d.get("date") for d in extraction.get("dates") or [] if isinstance(d, dict)]
    dates += [a.get("due") for a in extraction.get("action_items") or [] if isinstance(a, dict)]
    return [d for d in dates if isinstance(d, str)]


# A time named relative to when the question is asked: "What do I have on Friday?", "What is due next
# week?", "What did I do yesterday?".
_RELATIVE = re.compile(
    r"\b(today|tonight|tomorrow|yesterday|(?:this|next|last)\s+(?:week|weekend|month)"
    r"|(?:on|this|next|last|coming)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b",
    re.IGNORECASE,
)
_PAST_QUESTION = re.compile(r"\b(?:did|was|were|had|happened|went|got|made|took|said)\b", re.IGNORECASE)


def _relative_period(phrase: str, now: datetime, past: bool) -> Period | None:
    """The days a relative phrase names, counted from `now`."""
    today = now.date()
    words = phrase.lower().split()
    shift = {"this": 0, "next": 1, "last": -1}.get(words[0], 0)
    if words[-1] in ("week", "weekend"):
        monday = today - timedelta(days=today.weekday()) + timedelta(weeks=shift)
        first = monday + timedelta(days=5) if words[-1] == "weekend" else monday
        return Period(first, monday + timedelta(days=6))
    if words[-1] == "month":
        year, month = divmod(today.year * 12 + today.month - 1 + shift, 12)
        last = calendar.monthrange(year, month + 1)[1]
        return Period(date(year, month + 1, 1), date(year, month + 1, last))
    day = resolve(phrase, now, past=past)
    return Period(day, day) if day is not None else None


def named_period(text: str, now: datetime) -> Period | None:
    """The first time the question names: a day ("on 3 June, 2023", or "on 14 March" of any year), a range
    ("between August 11 and August 15 2023"), a month ("in May 2023", "in May"), a year ("in 2023"), or a
    time relative to `now` ("tomorrow", "next week", "on Friday", "last month")."""
    if match := _BETWEEN.search(text):
        first, last = match.group(1), match.group(2)
        if (year := re.search(_YEAR, last)) and not re.search(_YEAR, first):
            first = f"{first} {year.group(0)}"  # "between August 11 and August 15 2023"
        start, end = resolve(first, now), resolve(last, now)
        if start and end:
            return Period(min(start, end), max(start, end))
    if (match := _ON_DAY.search(text)) and (day := resolve(match.group(1), now)):
        return Period(day, day)
    if match := _ON_DAY_OF_ANY_YEAR.search(text):
        day_text, month_text = match.group(1) or match.group(4), match.group(2) or match.group(3)
        month = _MONTHS.split("|").index(month_text.lower()) + 1
        if 1 <= int(day_text) <= calendar.monthrange(2024, month)[1]:  # a leap year: any 29 February
            return Period(month=month, day=int(day_text))
    if match := _IN_MONTH.search(text):
        month = _MONTHS.split("|").index(match.group(1).lower()) + 1
        if not match.group(2):
            return Period(month=month)
        year = int(match.group(2))
        return Period(date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1]))
    if match := _IN_YEAR.search(text):
        year = int(match.group(1))
        return Period(date(year, 1, 1), date(year, 12, 31))
    if match := _RELATIVE.search(text):
        return _relative_period(match.group(1), now, past=bool(_PAST_QUESTION.search(text)))
    return None


@dataclass
class Question:
    text: str
    vector: Future[np.ndarray]  # the embedding, computed on a thread of its own (see read_question)
    doc: Doc
    keywords: list[str]
    entity_keys: list[str]
    temporal: bool
    recent: bool
    earliest: bool
    after_ms: int | None = None
    before_ms: int | None = None
    period: Period | None = None
    identifiers: set[str] = field(default_factory=set)  # "invoice:1042" (pipelines/nlp/identifiers.py)
    amount: bool = False  # asks what something cost (AMOUNT_Q)
    past: bool = False  # asks what happened ("What did Hamish send?"), not what is planned
    request: bool = False  # asks what someone asked for ("What did Zanele ask me to do?", REQUEST_Q)
    reporting: bool = False  # asks what someone reported, flagged or raised (_REPORTED): their own words
    second: Future[np.ndarray] | None = None  # by the second model, when there is one
    # A one-word name's longer first names among the account's people, added to entity_keys by search
    # (add_long_forms): "mel" → ["melanie"].
    long_forms: dict[str, list[str]] = field(default_factory=dict)

    def name_groups(self) -> list[set[str]]:
        """The question's names, each with the longer forms it stands for: one group per person or
        organization it names."""
        added = {name for names in self.long_forms.values() for name in names}
        return [{key, *self.long_forms.get(key, [])} for key in self.entity_keys if key not in added]

    @property
    def embedding(self) -> np.ndarray:
        """The question's unit vector (waits for it when it is still being computed)."""
        return self.vector.result()


@dataclass
class Candidate:
    id: str
    fused: float
    ranks: dict[str, int]
    row: dict
    # Reciprocal ranks by list and added rank (pipelines/ask/fusion.py), what learned fusion weighs.
    features: dict[str, float] = field(default_factory=dict)


CONTEXT_WEIGHT = 0.5  # a conversation's earlier messages, against the question itself


# Questions are embedded on threads of their own, not on ingest's embedding thread (where a question
# would wait behind a batch): the embedding goes on while spaCy reads the question and while the store
# answers the full-text and graph queries, which do not need it (torch releases the GIL in its kernels).
_QUESTION_EMBEDDING = ThreadPoolExecutor(max_workers=2, thread_name_prefix="question-embedding")


def _embed(embedder: Embedder, text: str, context: str | None) -> np.ndarray:
    if not context:
        return embedder.encode_query(text)
    mixed = embedder.encode_query(text) + CONTEXT_WEIGHT * embedder.encode_query(context)
    return (mixed / np.linalg.norm(mixed)).astype(np.float32)


def read_question(services: Services, text: str, now: datetime, context: str | None = None) -> Question:
    """The model work on the question (a worker thread runs it); the embedding is still being computed
    when it returns (`Question.vector`). `context` (earlier messages of a conversation) adds its people,
    organizations and key words after the question's own, and pulls the question's embedding towards it
    at CONTEXT_WEIGHT, so "who owns it?" finds what "it" was."""
    models = services.models
    vector = _QUESTION_EMBEDDING.submit(_embed, models.embedder, text, context)
    second = _QUESTION_EMBEDDING.submit(_embed, models.second, text, context) if models.second else None
    doc = models.nlp(text)
    keywords, entity_keys = _subject(services, doc)
    if context:
        context_keywords, context_keys = _subject(services, models.nlp(context))
        keywords += [k for k in context_keywords if k not in keywords]
        entity_keys += [k for k in context_keys if k not in entity_keys]
    question = Question(
        text=text,
        vector=vector,
        doc=doc,
        keywords=keywords,
        entity_keys=entity_keys,
        temporal=bool(_TEMPORAL.search(text)),
        recent=bool(_RECENT.search(text)),
        earliest=bool(_EARLIEST.search(text)),
        period=named_period(text, now),
        identifiers=identifiers(text),
        second=second,
        amount=bool(AMOUNT_Q.search(text)),
        past=bool(_PAST_QUESTION.search(text)),
        request=bool(REQUEST_Q.search(text)),
        reporting=_reporting_verb(doc) is not None,
    )
    for match in _BEFORE_AFTER.finditer(text):
        day = resolve(match.group(2), now)
        if day is not None:
            ms = int(datetime(day.year, day.month, day.day, tzinfo=now.tzinfo).timestamp() * 1000)
            if match.group(1).lower() in ("before", "until"):
                question.before_ms = ms
            else:
                question.after_ms = ms
    return question


# "What did Nadia report?", "What has Owen flagged?": the verb says someone spoke, as "say" does, and
# what they said rarely holds it ("Nadia: the shower block has no hot water"); the tagger may read it as
# a noun after the name. Not a key word there (elsewhere "the quarterly report" is a topic).
_REPORTED = re.compile(
    r"^\s*(?i:what|anything)\s+(?i:did|does|do|has|have)\s+(?:[A-Z][\w'’.-]*\s+){1,3}"
    r"(?P<verb>report(?:ed)?|flag(?:ged)?|rais(?:e|ed)|complain(?:ed)?|note[d]?|suggest(?:ed)?|"
    # ("What did Josh notice?": what he saw and wrote, "Josh Turner: the basket's trim is coming away")
    r"notice[d]?|spot(?:ted)?|"
    r"propos(?:e|ed)|announc(?:e|ed)|post(?:ed)?|write|wr[io]te|writ(?:ten)?|share[d]?)\b"
)


def _reporting_verb(doc: Doc) -> int | None:
    """The character offset of the reporting verb a "What did X report?" question asks with."""
    match = _REPORTED.match(doc.text)
    return match.start("verb") if match else None


def _subject(services: Services, doc: Doc) -> tuple[list[str], list[str]]:
    """What a text is about: its key words (lemmas first), and the keys of the names it holds."""
    reporting = _reporting_verb(doc)
    content = [
        t
        for t in doc
        if t.is_alpha
        and (not t.is_stop or t.lower_ in TOPIC_WORDS)
        and not {t.lower_, t.lemma_.lower()} & QUESTION_WORDS
        and t.idx != reporting
    ]
    keywords = [t.lemma_.lower() for t in content if t.pos_ in ("NOUN", "PROPN", "VERB", "ADJ", "NUM")]
    keywords += [t.lower_ for t in content if t.lower_ not in keywords]
    models = services.models
    extractor = (
        models.extractor if isinstance(models.extractor, SpacyExtractor) else SpacyExtractor(models.nlp)
    )
    mentions = extractor.from_doc(doc)
    names = mentions.people + mentions.organizations
    # Capitalised proper nouns too, but not the words of a date ("in May", "on Friday"): no memory
    # need name them to be about the question.
    names += [
        t.text
        for t in doc
        if t.pos_ == "PROPN"
        and t.text[:1].isupper()
        and t.ent_type_ not in ("DATE", "TIME")
        and t.lower_ not in _CALENDAR_WORDS
    ]
    entity_keys = list(dict.fromkeys(k for n in names for k in {name_key(n), *name_key(n).split()} if k))
    return list(dict.fromkeys(keywords)), entity_keys


async def search(
    services: Services,
    account_id: str,
    question: Question,
    *,
    limit: int,
    config: SearchConfig = DEFAULT_SEARCH,
    where: MemoryFilter = NO_FILTER,
) -> list[Candidate]:
    """Candidates, best first, each with the rank it had in every method that found it; only memories
    within `where`, which every candidate query applies in the store."""
    driver, overfetch = services.driver, services.settings.vector_overfetch
    if where.by_names:  # people, organizations and tags, as the memories they allow
        where = await resolved(driver, account_id=account_id, where=where)
        if not where.ids:
            return []

    async def nearest(vector: Future[np.ndarray] | None, second: bool = False) -> list[dict]:
        # The other queries go to the store while the question's embedding is still being computed.
        # The second index has no scoped search: within a scope, the first one's exact search serves.
        if vector is None or (second and where.anchor is not None):
            return []
        return await repo.nearest(
            driver,
            account_id=account_id,
            embedding=(await asyncio.wrap_future(vector)).tolist(),
            limit=max(config.vector_k, limit),
            overfetch=overfetch,
            where=where,
            second=second,
        )

    await add_long_forms(driver, account_id, question)
    total = await repo.memory_count(driver, account_id=account_id)
    max_df = max(5, int(config.entity_max_share * total))
    vector, second, text, entities, tags = await asyncio.gather(
        nearest(question.vector),
        nearest(question.second, second=True),
        repo.fulltext(
            driver,
            account_id=account_id,
            words=question.keywords,
            limit=config.fulltext_k,
            overfetch=overfetch,
            total=total,
            frequencies=services.term_frequencies,
            where=where,
        ),
        repo.by_entities(
            driver,
            account_id=account_id,
            keys=question.entity_keys,
            limit=config.entity_k,
            max_df=max_df,
            where=where,
        ),
        repo.by_tags(
            driver,
            account_id=account_id,
            tags=question.keywords,
            limit=config.tag_k,
            max_df=max_df,
            where=where,
        ),
    )
    ranked = {
        "vector": [r["id"] for r in vector],
        "second": _with_pending(second, vector),
        "fulltext": [r["id"] for r in text],
        "entity": [r["id"] for r in entities],
        "tag": [r["id"] for r in tags],
    }
    pending = {r["id"] for r in vector if r.get("second_pending")} if second else set()
    if learned := fusion.load(services.settings.fusion_weights):
        config = config.with_feature_weights(learned.weights(bool(ranked["second"])))
    elif ranked["second"]:
        config = replace(config, weights={**config.weights, "vector": config.vector_weight_with_second})
    seeds = _fuse(ranked, config)[: config.neighbour_seeds]
    near = await repo.neighbours(
        driver, account_id=account_id, ids=seeds, limit=config.neighbour_k, where=where
    )
    ranked["neighbour"] = [r["id"] for r in near]
    order = _fuse(ranked, config)
    rows = await repo.memories(driver, account_id=account_id, ids=order[: max(limit * 4, 20)])
    spared = await _replaced_about_others(driver, account_id, question, rows)
    candidates = []
    for memory_id in order:
        if memory_id not in rows:
            continue
        row = rows[memory_id]
        if question.after_ms is not None and row["ts"] < question.after_ms:
            continue
        if question.before_ms is not None and row["ts"] >= question.before_ms:
            continue
        ranks = {method: ids.index(memory_id) for method, ids in ranked.items() if memory_id in ids}
        features = {m: fusion.reciprocal(r, config.rrf_k) for m, r in ranks.items()}
        fused = sum(config.weights[m] * value for m, value in features.items())
        if memory_id in pending:  # ranked by its first embedding in the second list: not found by it
            ranks.pop("second", None)
        factor = feedback_factor(row, config, spared=memory_id in spared)
        candidates.append(Candidate(memory_id, fused * factor, ranks, row, features))
    candidates.sort(key=lambda c: (-c.fused, c.id))
    candidates += await _replacements(driver, account_id, question, candidates, config, where)
    _lift_replacing(candidates, config, spared, question.keywords)
    candidates.sort(key=lambda c: (-c.fused, c.id))
    if question.period is not None:
        _in_period(candidates, question.period, config)
    if question.identifiers:
        candidates = _by_identifier(
            candidates,
            question.identifiers,
            config,
            asked_words(question.doc),
            amount=_AMOUNT_ASKED.search(question.text) is not None,
        )
    # "How much is an adult ticket?": a memory pricing another kind of ticket, or giving another day's
    # hours for "… on Tuesdays?", is no answer however alike it reads (as another invoice is not).
    nouns = [t.text for t in question.doc if t.tag_ in ("NN", "NNS")]
    candidates = [
        c for c in candidates if not another_kind_asked(question.text, nouns, c.row.get("content") or "")
    ]
    if question.entity_keys:
        spoken = _in_voice(candidates, set(question.entity_keys), config)
        if spoken and question.reporting:
            # "What did Dara report?": her own words first, before notes that only mention her ("Dara
            # swept the workshop"), each group in its order; and of those, the lines she spoke herself
            # ("Dara: the track pump has lost its gauge") before a deed told in a verb of saying ("Dara
            # confirmed the access times")
            _before_the_rest(candidates, {candidate.id for candidate in spoken})
            keys = set(question.entity_keys)
            _before_the_rest(
                candidates,
                {
                    candidate.id
                    for candidate in spoken
                    if (key := speaker_key(candidate.row.get("content") or ""))
                    and (key in keys or key.split()[0] in keys)
                },
            )
            # ... and of those, a line that reports something ("Aleks 07:40: van 3 has a warning light
            # on") before one that only takes a task on ("Aleks: I'll order a new battery tomorrow")
            _before_the_rest(candidates, {c.id for c in spoken if _reports_something(c, keys)})
    if question.entity_keys and WHO_IS.match(question.text):
        # "Who is Carys Lloyd?": the memories saying what she is or holds ("Carys also handles the minibus
        # bookings") before those only naming her, a chat's lines and a list's tasks among them, which
        # pushed it past the sources' limit
        keys = set(question.entity_keys)
        _before_the_rest(candidates, {c.id for c in candidates if _says_who(c.row, keys)})
    if question.recent or question.earliest:
        _time_order(
            candidates, newest=question.recent and not question.earliest, weight=config.recency_weight
        )
    named = {word for key in question.entity_keys for word in key.split()}
    if named and _NOW_ASKED.search(question.text) and not set(question.keywords) - _NOW_WORDS - named:
        _current_first(candidates, question.entity_keys)
    return candidates


# A short form in a question ("Mel", "Jon") stands for a longer first name of the account's people
# that begins with it ("Melanie", "Jonathan") when that name is mentioned at least as often as the
# short form itself and at least LONG_FORM_SHARE as often as the most mentioned such name (a typo's
# "Mell" is not one). Two letters ("Al", "Jo") begin too many names to say which.
SHORT_FORM_MIN = 3
LONG_FORM_SHARE = 0.2


async def add_long_forms(driver: GraphDriver, account_id: str, question: Question) -> None:
    """Add to the question's name keys the longer first names its one-word names stand for: in a chat
    between Caroline and Melanie, "What did Mel paint?" is about Melanie, whom most lines name in full
    (and, as the speaker, only so)."""
    short = [k for k in question.entity_keys if len(k) >= SHORT_FORM_MIN and k.isalpha()]
    found = await entities.first_names_by_prefix(driver, account_id=account_id, prefixes=short)
    for prefix, firsts in found.items():
        own = firsts.get(prefix, 0)
        longer = {name: n for name, n in firsts.items() if name != prefix}
        most = max(longer.values(), default=0)
        for name, mentions in longer.items():
            if mentions >= own and mentions >= LONG_FORM_SHARE * most and name not in question.entity_keys:
                question.entity_keys.append(name)
                question.long_forms.setdefault(prefix, []).append(name)


async def _replacements(
    driver: GraphDriver,
    account_id: str,
    question: Question,
    candidates: list[Candidate],
    config: SearchConfig,
    where: MemoryFilter,
) -> list[Candidate]:
    """The memories replacing the best candidates that the lists did not find: "Topping-out has slipped
    to 3 April" shares one word with "When is the topping-out ceremony?", where the note it superseded
    is found first. Each comes in just above the memory it replaces (the composer then answers from the
    current fact: `pipelines/ask/compose.py`); matched by `replacing`."""
    best = candidates[: config.replacing_seeds]
    outdated = [c.id for c in best if c.row.get("corrected_by")]
    found = {c.id for c in candidates}
    if not any(i not in found for c in best for i in c.row.get("corrected_by") or []):
        return []
    rows = await repo.replacing(
        driver, account_id=account_id, ids=outdated, limit=config.replacing_seeds, where=where
    )
    new = {r["id"]: r["replaced"] for r in rows if r["id"] not in found}
    memories = await repo.memories(driver, account_id=account_id, ids=list(new))
    by_id = {c.id: c for c in best}
    added = []
    for memory_id, replaced in new.items():
        row = memories.get(memory_id)
        if row is None or memory_id in {c.id for c in added}:
            continue
        if question.after_ms is not None and row["ts"] < question.after_ms:
            continue
        if question.before_ms is not None and row["ts"] >= question.before_ms:
            continue
        old = by_id[replaced]
        added.append(Candidate(memory_id, old.fused * 1.01, {"replacing": 0}, row, dict(old.features)))
    return added


def _lift_replacing(
    candidates: list[Candidate], config: SearchConfig, spared: set[str], keywords: list[str]
) -> None:
    """A found memory replacing what a candidate says on the question's topic (`replaced_on_topic`)
    stands just above it, by its score before the replaced one's `corrected_factor`, as `_replacements`
    puts one the lists did not find: "Petal & Stem can no longer get peonies, so we are using white
    garden roses instead" answers "Which flowers are we using for the wedding?" where the note it
    replaced ("The table flowers will be white peonies") shares the question's words and it does not."""
    by_id = {c.id: c for c in candidates}
    before = {c.id: c.fused for c in candidates}  # (a chain of replacements lifts each once, not twice)
    keywords = {root(word) for word in keywords}
    for old in candidates:
        if old.id in spared:
            continue
        for memory_id in old.row.get("corrected_by") or []:
            new = by_id.get(memory_id)
            if new is not None and replaced_on_topic(old.row["content"], new.row["content"], keywords):
                new.fused = max(new.fused, before[old.id] / config.corrected_factor * 1.01)


def replaced_on_topic(old: str, new: str, keywords: set[str]) -> bool:
    """Whether what `new` changes of `old` is what `old` says on the question's topic: each of its
    sentences holding a word of the question is about what a sentence of `new` says. "Hamish Doyle sent
    the list … Hamish owns the clean-up" still answers "What did Hamish Doyle send?" after "Hamish has
    handed the clean-up over to Ayşe"."""
    topical = [s for s in split_sentences(old)[:8] if keywords & {root(w) for w in _WORDS.findall(s.lower())}]
    changed = split_sentences(new)[:8]
    # (or what it says is done by the value the change replaced: "Severn Print prints all our hardbacks"
    # before "Decided to switch printers from Severn Print to Latimer Press"; "Our bins are emptied by
    # Tamar Waste" before "Decided to replace Tamar Waste with Moorland Recycling")
    return all(
        any(
            same_subject(c, s)
            or same_event(c, s)
            or opens_with_former(c, s, letting_go=False)
            or replaces_provider(c, s)
            for c in changed
        )
        for s in topical
    )


_WORDS = re.compile(r"[^\W\d_]+")


def _with_pending(second: list[dict], first: list[dict]) -> list[str]:
    """The second index's list, with the memories the worker has not reached yet
    (pipelines/ingest/second_embedding.py) at their place in the first list: without them, the memories
    it has reached would rank above the others for that alone. Empty when the second index is off."""
    if not second:
        return []
    placed = [(rank, 0, row["id"]) for rank, row in enumerate(second)]
    placed += [(rank, 1, row["id"]) for rank, row in enumerate(first) if row.get("second_pending")]
    return [memory_id for _, _, memory_id in sorted(placed)]


def feedback_factor(row: dict, config: SearchConfig, spared: bool = False) -> float:
    """Within [1 − step·cap, 1 + step·cap] (0.75–1.25 by default), times corrected_factor if corrected
    (unless `spared`: the correction is about someone else than the question asks about)."""
    net = max(-config.vote_cap, min(config.vote_cap, row.get("votes_up", 0) - row.get("votes_down", 0)))
    factor = 1.0 + config.vote_step * net
    return factor * (config.corrected_factor if row.get("corrected_by") and not spared else 1.0)


def _names(row: dict, kinds: tuple[str, ...] = ("people", "organizations")) -> list[str]:
    """The people and organizations (of `kinds`) a memory's extraction names."""
    raw = row.get("extraction")
    try:
        extraction = (json.loads(raw) if isinstance(raw, str) else raw) or {}
    except ValueError:
        return []
    names = [n for kind in kinds for n in extraction.get(kind) or []]
    return [n for n in names if isinstance(n, str)]


async def _replaced_about_others(
    driver: GraphDriver, account_id: str, question: Question, rows: dict[str, dict]
) -> set[str]:
    """The replaced memories that name someone the question asks about whom no memory replacing them
    names: "Bethan Lloyd is our service manager; Kofi Mensah is the senior technician", replaced by
    "Dafydd Hughes replaces Kofi as senior technician", still describes Bethan Lloyd, and answers "Who
    is Bethan Lloyd?" at its full score."""
    keys = set(question.entity_keys)
    # (people only: a company or a title the question names is what the replacing memory changed)
    asked = {
        memory_id: [k for n in _names(row, ("people",)) if (k := name_key(n)) in keys and " " in k]
        for memory_id, row in rows.items()
        if row.get("corrected_by")
    }
    asked = {memory_id: named for memory_id, named in asked.items() if named}
    if not asked:
        return set()
    later = {i for memory_id in asked for i in rows[memory_id]["corrected_by"]}
    replacing = {i: rows[i] for i in later if i in rows}
    replacing |= await repo.memories(driver, account_id=account_id, ids=[i for i in later if i not in rows])
    spared = set()
    who_is = WHO_IS.match(question.text) is not None
    for memory_id, named in asked.items():
        words = {w for k in named for w in k.split()}
        others = [replacing[i] for i in rows[memory_id]["corrected_by"] if i in replacing]
        if not any(words & {w for n in _names(r) for w in name_key(n).split()} for r in others):
            spared.add(memory_id)
        elif who_is and _says_who(rows[memory_id], keys):
            # "Who is Ines Carvalho?": "Ines Carvalho is our event coordinator …" says who she is, though
            # "Ines Carvalho is leaving at the end of November" replaced it; so does what she held
            # ("The greens team is led by Ian Rowe", before "Ian Rowe is on paternity leave, so …")
            spared.add(memory_id)
    return spared


def _says_who(row: dict, keys: set[str]) -> bool:
    """Whether a memory says what a person of `keys` (name keys) is or holds."""
    named = [n for n in _names(row, ("people",)) if (k := name_key(n)) in keys or k.split()[0] in keys]
    if not named:
        return False
    content = row.get("content") or ""
    words = {w for n in named for w in name_key(n).split()}
    return _describes(content, words) or any(holders(s, named) for s in split_sentences(content))


def _describes(content: str, words: set[str]) -> bool:
    """Whether a sentence of `content` names one of `words` (a name's, lower case) and says what they are."""
    return any(
        DESCRIBES.search(s) and words & {w.lower() for w in _WORDS.findall(s)}
        for s in split_sentences(content)
    )


def _fuse(ranked: dict[str, list[str]], config: SearchConfig) -> list[str]:
    scores: dict[str, float] = {}
    for method, ids in ranked.items():
        for rank, memory_id in enumerate(ids):
            scores[memory_id] = scores.get(memory_id, 0.0) + config.weights[method] / (
                config.rrf_k + rank + 1
            )
    return sorted(scores, key=lambda i: (-scores[i], i))


def _in_period(candidates: list[Candidate], period: Period, config: SearchConfig) -> None:
    """Blend a rank among the memories written in the question's period, or naming a date in it ("Which
    bills are due in June?": "Phone bill: £18.40, due 12 June", written in May), into the fused score."""
    naming = {c.id for c in candidates if any(period.names(d) for d in mentioned_dates(c.row))}
    inside = [c for c in candidates if c.id in naming or period.holds(c.row["ts"])]
    # Those naming a day of it first: "Phone bill: £21.10, due 12 July", written on 28 June, is July's.
    inside.sort(key=lambda c: c.id not in naming)
    for rank, candidate in enumerate(inside):
        candidate.features["period"] = value = fusion.reciprocal(rank, config.rrf_k)
        candidate.fused += config.period_weight * value
        candidate.ranks["period"] = rank
    candidates.sort(key=lambda c: (-c.fused, c.id))


# Verbs that report what someone said, as a note writes it after their name.
_SAYS = (
    r"(?:says|said|told|tells|suggested|suggests|recommended|recommends|mentioned|mentions|asked|asks|"
    r"thinks|thought|explained|explains|warned|warns|noted|notes|reported|reports|advised|advises|wrote|"
    r"writes|proposed|proposes|complained|complains|confirmed|confirms|agreed|agrees)"
)


def speaker_key(content: str) -> str | None:
    """The name key of whoever wrote a memory written as a message ("Caroline: I went ...") or an e-mail
    ("From: Sam Patel"), if so."""
    name = author(content)
    return name_key(name) if name else None


# "What does Ravi do now?", "Where is Dara these days?": what holds now of someone, asked with nothing
# else but words of doing.
_NOW_ASKED = re.compile(r"\b(?:now|currently|these\s+days|nowadays|at\s+the\s+moment|at\s+present)\b", re.I)
_NOW_WORDS = {
    "now", "currently", "day", "days", "nowadays", "moment", "present", "do", "doing", "work", "working",
    "job", "role",
}  # fmt: skip


def _current_first(candidates: list[Candidate], keys: list[str]) -> None:
    """The memories naming the person asked about that state a change ("Ravi has handed the front desk
    over to Ola and now runs our events programme") before those that only name them ("Ravi labelled the
    lockers"), each group in its order."""
    wanted = [set(key.split()[:1]) for key in keys]
    changed = {
        c.id
        for c in candidates
        if any(w <= set(name_key(c.row.get("content") or "").split()) for w in wanted)
        and states_change(c.row.get("content") or "")
    }
    _before_the_rest(candidates, changed)


def a_task_of(sentence: str, candidate: Candidate) -> bool:
    """Whether a sentence is one of the action items its memory's extraction holds."""
    extraction = candidate.row.get("extraction")
    items = json.loads(extraction).get("action_items", []) if extraction else []
    said = sentence.strip().rstrip(".!?")
    return any(item.get("text", "").strip().rstrip(".!?") == said for item in items)


def _reports_something(candidate: Candidate, keys: set[str]) -> bool:
    """Whether a memory holds a line spoken by one of the people of `keys` that is no action item of its
    own: what they reported, not a task they took on."""
    for line in (candidate.row.get("content") or "").splitlines():
        key = speaker_key(line)
        if key and (key in keys or key.split()[0] in keys) and not a_task_of(spoken_text(line), candidate):
            return True
    return False


def _before_the_rest(candidates: list[Candidate], ids: set[str]) -> None:
    """Lift the candidates of `ids` above all others by one offset to their scores (their order among
    themselves kept), and sort."""
    lifted = [c for c in candidates if c.id in ids]
    rest = [c.fused for c in candidates if c.id not in ids]
    if lifted and rest and (offset := max(rest) - min(c.fused for c in lifted)) >= 0:
        for candidate in lifted:
            candidate.fused += offset * 1.01 + 1e-6
    candidates.sort(key=lambda c: (-c.fused, c.id))


def _in_voice(candidates: list[Candidate], keys: set[str], config: SearchConfig) -> list[Candidate]:
    """Blend a rank among the memories spoken by a person the question names into the fused score: in a
    conversation, what someone says of themselves ("I", "my") names them only as the speaker. A note
    reporting their words speaks for them too ("Mrs Bell says Mia reads well", "Dr. Okafor suggested a
    varnish"), where one written to them ("Dear Mrs Bell, …") does not. Returns those memories."""
    reported = re.compile(
        rf"\b(?:{'|'.join(re.escape(k) for k in sorted(keys, key=len, reverse=True))})\s+{_SAYS}\b",
        re.IGNORECASE,
    )
    inside = []
    for candidate in candidates:
        content = candidate.row.get("content") or ""
        speaker = speaker_key(content)
        if (speaker and (speaker in keys or speaker.split()[0] in keys)) or reported.search(content):
            inside.append(candidate)
    for rank, candidate in enumerate(inside):
        candidate.features["speaker"] = value = fusion.reciprocal(rank, config.rrf_k)
        candidate.fused += config.speaker_weight * value
        candidate.ranks["speaker"] = rank
    candidates.sort(key=lambda c: (-c.fused, c.id))
    return inside


def asked_words(doc: Doc) -> tuple[str, ...]:
    """The words a question asks with, stop words too ("due", "paid"), not its question words."""
    asking = ("NOUN", "VERB", "ADJ")
    return tuple(t.lower_ for t in doc if t.pos_ in asking and t.tag_ not in ("WDT", "WP", "WRB"))


# A question asking what something costs ("How much is invoice FB-6620?", "What is the total of …"):
# the memory stating an amount answers it, not one saying the record was paid.
_AMOUNT_ASKED = re.compile(r"\bhow\s+much\b|\b(?:cost|costs|price|amount|total|value)\b", re.IGNORECASE)
_MONEY = re.compile(r"[£$€¥₹]\s?\d|\d\s?(?:eur|usd|gbp|euros?|dollars|pounds)\b", re.IGNORECASE)


def _by_identifier(
    candidates: list[Candidate],
    named: set[str],
    config: SearchConfig,
    keywords: tuple[str, ...] = (),
    amount: bool = False,
) -> list[Candidate]:
    """For a question naming an identifier ("When was invoice 1042 paid?"): a memory about another one
    of the same kind (invoice 1043) is not an answer however alike it reads, and is dropped; the memories
    naming it are ranked among themselves: those whose own record it is first (`own`), then those holding
    more of the question's other words ("due" of "When is invoice BT-1112 due?": the invoice's note before
    the one saying it was paid), and that rank joins the fused score at identifier_weight."""
    kept, naming = [], []
    for candidate in candidates:
        theirs = identifiers(candidate.row.get("content") or "")
        if conflict(named, theirs):
            continue
        kept.append(candidate)
        if named & theirs:
            naming.append(candidate)
    asked = {root(w) for w in keywords if w.isalpha()} - {root(i.partition(":")[0]) for i in named}

    def held(candidate: Candidate) -> int:
        content = candidate.row.get("content") or ""
        stated = amount and _MONEY.search(content) is not None
        return len(asked & {root(w) for w in _WORDS.findall(content.lower())}) + stated

    def own(candidate: Candidate) -> bool:
        """Whether the asked identifier is the memory's own, the first it names ("Job J-2042: …"), not
        one it refers to ("Invoice TR-3391 … for job J-2042": the invoice's due date is not the job's)."""
        return bool(named & own_identifiers(candidate.row.get("content") or ""))

    owning = {c.id for c in naming if own(c)}
    holding = {c.id: held(c) for c in naming}
    # (stable: the fused order within each count)
    naming.sort(key=lambda c: (c.id not in owning, -holding[c.id]))
    for rank, candidate in enumerate(naming):
        candidate.features["identifier"] = value = fusion.reciprocal(rank, config.rrf_k)
        candidate.fused += config.identifier_weight * value
        candidate.ranks["identifier"] = rank
    # Of the record's own memories, those holding the most of what is asked ("due" of "When is invoice
    # GS-4410 due?", an amount of "How much is …?") come first, whatever else the others matched: the
    # note of its payment, dated by "yesterday", is no answer to when it is due.
    group = [c for c in naming if c.id in owning] or naming
    most = max((holding[c.id] for c in group), default=0)
    _floored(group, {c.id for c in group if holding[c.id] == most} if most else set())
    # A memory only referring to the record follows every memory that is the record's own, whatever
    # else it matched: a rank's share of the fused score is too small to order them.
    _floored(naming, owning)
    kept.sort(key=lambda c: (-c.fused, c.id))
    return kept


def _floored(group: list[Candidate], first: set[str]) -> None:
    """Put every candidate of `group` outside `first` below the lowest one in it."""
    if not first or len(first) == len(group):
        return
    floor = min(c.fused for c in group if c.id in first)
    for candidate in group:
        if candidate.id not in first and candidate.fused >= floor:
            candidate.fused = floor * 0.999


def _time_order(candidates: list[Candidate], *, newest: bool, weight: float) -> None:
    """Blend a time rank into the fused score: newest first for "last" questions, oldest for "first"."""
    by_time = sorted(candidates, key=lambda c: c.row["ts"], reverse=newest)
    for rank, candidate in enumerate(by_time):
        candidate.features["time"] = value = fusion.reciprocal(rank, fusion.TIME_K)
        candidate.fused += weight * value
    candidates.sort(key=lambda c: (-c.fused, c.id))
