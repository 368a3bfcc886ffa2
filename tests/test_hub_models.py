"""The hub-model paths (GLiNER, a transformers classifier, a sentence-transformers model), exercised
for real with tiny randomly initialised models that these tests build, save and load back through the
same `from_pretrained` code the service uses. Their outputs are noise; their plumbing is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from models.memory import Sentiment
from models.settings import Settings
from pipelines.ingest.extraction import build_extraction
from pipelines.ingest.reading import read_texts
from pipelines.nlp.extract import GlinerExtractor, Mentions, SpacyExtractor
from pipelines.nlp.loader import Models
from pipelines.nlp.sentiment import TransformerSentiment, VaderSentiment

WORDS = [
    "the",
    "a",
    "to",
    "of",
    "and",
    "in",
    "on",
    "by",
    "for",
    "with",
    "from",
    "we",
    "will",
    "be",
    "decided",
    "agreed",
    "send",
    "review",
    "budget",
    "launch",
    "friday",
    "monday",
    "ana",
    "bob",
    "lee",
    "acme",
    "corp",
    "please",
    "update",
    "fix",
    "tomorrow",
    "next",
    "week",
    "person",
    "organization",
    "date",
    "decision",
    "action",
    "item",
    "meeting",
    "went",
    "well",
    "bad",
    "good",
]


SENTIMENT_LABELS = {0: "negative", 1: "neutral", 2: "positive"}


def tiny_bert(folder: Path, *, classifier: bool = False, labels: dict[int, str] | None = None) -> Path:
    """A tiny BERT (a classifier over `labels`, or one relevance score when they are a single label),
    with its tokenizer, saved to `folder` as `from_pretrained` expects."""
    from transformers import BertConfig, BertForSequenceClassification, BertModel, BertTokenizerFast

    folder.mkdir(parents=True, exist_ok=True)
    vocab = [
        "[PAD]",
        "[UNK]",
        "[CLS]",
        "[SEP]",
        "[MASK]",
        *sorted(set(WORDS)),
        *"abcdefghijklmnopqrstuvwxyz.,!?'",
    ]
    vocab += ["##" + c for c in "abcdefghijklmnopqrstuvwxyz"]
    (folder / "vocab.txt").write_text("\n".join(vocab))
    BertTokenizerFast(vocab_file=str(folder / "vocab.txt"), do_lower_case=True).save_pretrained(folder)
    config = BertConfig(
        vocab_size=len(vocab),
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=512,
    )
    if classifier:
        config.id2label = labels or SENTIMENT_LABELS
        config.label2id = {v: k for k, v in config.id2label.items()}
        BertForSequenceClassification(config).save_pretrained(folder)
    else:
        BertModel(config).save_pretrained(folder)
    return folder


@pytest.fixture(scope="module")
def tiny_gliner(tmp_path_factory) -> Path:
    from gliner import GLiNER, GLiNERConfig

    root = tmp_path_factory.mktemp("gliner")
    backbone = tiny_bert(root / "backbone")
    model = GLiNER.from_config(
        GLiNERConfig(model_name=str(backbone), max_width=8, hidden_size=32, max_len=128)
    )
    model.save_pretrained(root / "model")
    return root / "model"


@pytest.fixture(scope="module")
def tiny_classifier(tmp_path_factory) -> Path:
    return tiny_bert(tmp_path_factory.mktemp("sentiment"), classifier=True)


def test_gliner_extractor_loads_a_saved_model_and_extracts(tiny_gliner):
    extractor = GlinerExtractor.load(str(tiny_gliner), "cpu")
    assert extractor is not None and str(tiny_gliner) in extractor.backend
    extractor.threshold = 0.0  # random weights: take every span, to exercise owner and due matching
    texts = ["Ana from Acme decided to send the budget by Friday.", "Bob will review the launch tomorrow."]
    found = extractor.extract(texts)
    assert len(found) == 2 and all(isinstance(m, Mentions) for m in found)
    spans = found[0]
    assert spans.people or spans.organizations or spans.dates or spans.decisions or spans.actions
    for action in spans.actions:
        assert action.owner is None or action.owner in spans.people


def test_transformer_sentiment_loads_a_saved_classifier(tiny_classifier):
    model = TransformerSentiment.load(str(tiny_classifier), "cpu")
    assert model is not None and str(tiny_classifier) in model.backend
    results = model.classify(
        ["The meeting went well.", "Bad launch."], [["The meeting went well."], ["Bad launch."]]
    )
    assert len(results) == 2
    for label, strength in results:
        assert Sentiment(label) and 0.0 <= strength <= 1.0


def test_models_use_the_configured_hub_models(tiny_gliner, tiny_classifier):
    settings = Settings(gliner_model=str(tiny_gliner), sentiment_model=str(tiny_classifier))
    models = Models.load(settings, "cpu")
    assert isinstance(models.extractor, GlinerExtractor)
    assert isinstance(models.sentiment, TransformerSentiment)
    backends = models.backends()
    assert str(tiny_gliner) in backends["people"] and str(tiny_classifier) in backends["sentiment"]
    (reading,) = read_texts(models, ["Ana will send the budget by Friday."])
    extraction = build_extraction(reading.mentions, __import__("datetime").datetime(2026, 3, 10), {})
    assert set(extraction.model_dump()) == {"people", "organizations", "decisions", "action_items", "dates"}


def test_unavailable_hub_models_fall_back_at_once():
    models = Models.load(
        Settings(gliner_model="no-such-org/no-such-gliner", sentiment_model="no-such-org/no-such-classifier"),
        "cpu",
    )
    assert isinstance(models.extractor, SpacyExtractor) and isinstance(models.sentiment, VaderSentiment)
    assert models.backends()["people"].startswith("spacy")


def test_reranker_loads_a_saved_cross_encoder_and_reorders(tmp_path):
    from types import SimpleNamespace

    from pipelines.nlp.rerank import Reranker

    folder = tiny_bert(tmp_path / "rerank", classifier=True, labels={0: "relevance"})
    reranker = Reranker.load(str(folder), "cpu")
    assert reranker is not None and str(folder) in reranker.backend
    candidates = [
        SimpleNamespace(id=f"m{i}", row={"content": text})
        for i, text in enumerate(
            ["the launch went well", "bob will send the budget", "ana decided to review"]
        )
    ]
    reordered = reranker.rerank("who sends the budget", candidates, top=2)
    assert sorted(c.id for c in reordered[:2]) == ["m0", "m1"] and reordered[2].id == "m2"
    settings = Settings(gliner_model="", sentiment_model="", check_model="", rerank_model=str(folder))
    assert str(folder) in Models.load(settings, "cpu").backends()["rerank"]
    assert (
        Models.load(
            Settings(gliner_model="", sentiment_model="", check_model="", rerank_model=""), "cpu"
        ).backends()["rerank"]
        == "off"
    )
