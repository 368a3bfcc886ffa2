"""Where the local models run: one thread for every torch call, and the embedding model's precision."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
import torch

from pipelines.nlp import embed
from pipelines.nlp.device import on_torch_thread, sharing_cores, submit_to_torch
from pipelines.nlp.embed import Embedder, native_bfloat16, resolve_precision

MINILM = "sentence-transformers/all-MiniLM-L6-v2"
TEXTS = [
    "Ana moved the launch to Friday after the review with Acme.",
    "x",
    "日本語のテキスト 🚀",
    "Was hat Anna gesagt? " * 20,
    "Bob will send the revised budget by March 3.",
]


def test_every_torch_call_runs_on_one_thread():
    @on_torch_thread
    def where() -> int:
        return threading.get_ident()

    @on_torch_thread
    def nested() -> int:  # called from the torch thread itself: runs at once instead of waiting on itself
        return where()

    @on_torch_thread
    def fails() -> None:
        raise ValueError("from the torch thread")

    with ThreadPoolExecutor(4) as pool:
        seen = set(pool.map(lambda _: where(), range(16)))
    assert len(seen) == 1 and threading.get_ident() not in seen
    assert nested() in seen
    assert submit_to_torch(threading.get_ident).result() in seen
    with pytest.raises(ValueError, match="from the torch thread"):
        fails()


def test_sharing_cores_leaves_a_core_and_gives_it_back():
    threads = torch.get_num_threads()
    with sharing_cores() as adjust:
        assert torch.get_num_threads() == max(1, threads - 1)
        adjust()
        assert torch.get_num_threads() == max(1, threads - 1)
    assert torch.get_num_threads() == threads
    beside_done = threading.Event()
    with sharing_cores(until=beside_done) as adjust:
        adjust()
        assert torch.get_num_threads() == max(1, threads - 1)
        beside_done.set()  # the work beside is done: the next chunk takes every core
        assert torch.get_num_threads() == max(1, threads - 1)
        adjust()
        assert torch.get_num_threads() == threads
    assert torch.get_num_threads() == threads


def test_encode_in_context_calls_before_chunk_once_a_chunk():
    model = Embedder.load(MINILM, "cpu")
    calls = []
    texts = TEXTS * 4  # 20 texts: two chunks of 16
    spans = [[(0, len(text))] for text in texts]
    documents, _ = model.encode_in_context(texts, spans, batch_size=16, before_chunk=lambda: calls.append(1))
    assert len(calls) == 2 and documents.shape == (20, model.dim)


def test_precision_setting():
    assert resolve_precision("float32", "cpu") == "float32"
    assert resolve_precision("bfloat16", "cpu") == "bfloat16"
    assert resolve_precision("auto", "cuda") == "float32"
    assert resolve_precision("auto", "cpu") == ("bfloat16" if native_bfloat16() else "float32")


def test_the_bfloat16_encoder_gives_float32_unit_vectors_close_to_the_float32_model():
    full = Embedder.load(MINILM, "cpu")
    half = Embedder.load(MINILM, "cpu", "bfloat16")
    assert full.precision == "float32" and half.precision == "bfloat16"
    assert next(half.model.parameters()).dtype == torch.bfloat16
    assert next(full.model.parameters()).dtype == torch.float32  # its own copy of the model
    assert half._trace is not None and "bfloat16" in half.backend
    ours, theirs = half.encode(TEXTS), full.encode(TEXTS)
    assert ours.dtype == np.float32 and np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    assert float((ours * theirs).sum(axis=1).min()) > 0.995
    spans = [[(0, 24), (25, len(TEXTS[0]))]] + [[(0, len(t))] for t in TEXTS[1:]]
    (docs, parts), (full_docs, full_parts) = (
        half.encode_in_context(TEXTS, spans),
        full.encode_in_context(TEXTS, spans),
    )
    assert float((docs * full_docs).sum(axis=1).min()) > 0.995
    assert min(float((a * b).sum(axis=1).min()) for a, b in zip(parts, full_parts, strict=True)) > 0.99


def test_a_precision_that_moves_the_vectors_too_far_is_not_kept(monkeypatch, caplog):
    monkeypatch.setattr(embed, "_BF16_AGREEMENT", 1.01)  # no lower precision can agree this well
    embedder = Embedder._packaged("cpu", "bfloat16")
    assert embedder.precision == "float32"
    assert next(embedder.model.parameters()).dtype == torch.float32
    assert "bfloat16" not in embedder.backend
    assert "using float32" in caplog.text
