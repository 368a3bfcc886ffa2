"""An optional cross-encoder reranker for ask (`MEMSVC_RERANK_MODEL`): it reorders the fused candidates
by its relevance score for (question, memory). Off when no model is configured or none can be loaded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from pipelines.nlp.device import on_torch_thread
from pipelines.nlp.hub import load_hub_model


class Rankable(Protocol):
    """What the reranker reads of a candidate (ask's `Candidate` is one): its id, for a stable order among
    equal scores, and its stored row's content. Declared here so that this module needs nothing of ask."""

    @property
    def id(self) -> str: ...

    @property
    def row(self) -> Mapping[str, Any]: ...


C = TypeVar("C", bound=Rankable)


class Reranker:
    def __init__(self, model: Any, name: str):
        self.model = model
        self.backend = f"cross-encoder {name}"

    @classmethod
    def load(cls, name: str, device: str) -> Reranker | None:
        from sentence_transformers import CrossEncoder

        model = load_hub_model(name, lambda n: CrossEncoder(n, device=device), task="rerank")
        return cls(model, name) if model is not None else None

    @on_torch_thread
    def rerank(self, question: str, candidates: list[C], top: int) -> list[C]:
        """The first `top` candidates in the model's order, then the rest as they were."""
        head, tail = candidates[:top], candidates[top:]
        if len(head) < 2:
            return candidates
        scores = self.model.predict([(question, c.row["content"]) for c in head])
        order = sorted(range(len(head)), key=lambda i: (-float(scores[i]), head[i].id))
        return [head[i] for i in order] + tail
