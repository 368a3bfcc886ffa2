"""Fixtures: a real embedded FalkorDB per test (and Neo4j 5 where one can be had), the app through
Litestar's test client, a movable clock, and helpers to make keys."""

from __future__ import annotations

import os

# The suite runs the offline models: no test waits on, or depends on, the Hugging Face hub. Set before
# anything imports huggingface_hub, which reads it once.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
# The second vector index's worker would make rankings depend on how far it got when a test asks:
# tests/test_second_embedding.py turns it on where it is the subject (service processes inherit this).
os.environ.setdefault("MEMSVC_SECOND_EMBEDDING_MODEL", "")

import shutil
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from litestar.testing import TestClient

from app.main import create_app
from models.accounts import KeyKind
from models.settings import Settings
from pipelines.accounts import keys
from pipelines.nlp.contradict import SlotComparator
from pipelines.nlp.loader import Models

# The `server` fixture (a real `memsvc serve` process) lives in tests/servers.py.
pytest_plugins = ["tests.servers"]

BACKENDS = ["falkordb", "neo4j"]


@pytest.fixture(scope="session")
def comparator() -> SlotComparator:
    """The offline check comparator (slot comparison over spaCy and MiniLM), loaded once."""

    models = Models.load(Settings(gliner_model="", sentiment_model="", check_model=""), "cpu")
    assert isinstance(models.comparator, SlotComparator)
    return models.comparator


@pytest.fixture(scope="session")
def read_note():
    """The rule extractor's reading of a text (spaCy loaded once for the session)."""
    from pipelines.nlp.extract import SpacyExtractor, load_spacy

    nlp = load_spacy()
    return lambda text: SpacyExtractor(nlp).extract([text])[0]


class FakeClock:
    """An injectable clock: tests move time across quota windows without waiting."""

    def __init__(self, now: datetime | None = None):
        self.now = now or datetime(2026, 3, 14, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def _docker_available() -> bool:
    if not shutil.which("docker"):
        return False
    try:
        import docker

        docker.from_env().ping()
        return True
    except Exception:
        return False


@pytest.fixture(scope="session")
def neo4j_uri() -> Iterator[tuple[str, str, str]]:
    """(uri, user, password) of a Neo4j 5: MEMSVC_TEST_NEO4J_URI, else a testcontainers one."""
    if uri := os.environ.get("MEMSVC_TEST_NEO4J_URI"):
        yield (
            uri,
            os.environ.get("MEMSVC_TEST_NEO4J_USER", "neo4j"),
            os.environ.get("MEMSVC_TEST_NEO4J_PASSWORD", "password"),
        )
        return
    if not _docker_available():
        pytest.skip("Neo4j tests need MEMSVC_TEST_NEO4J_URI or a Docker engine; neither is here")
    from testcontainers.community.neo4j import Neo4jContainer

    with Neo4jContainer("neo4j:5") as container:
        yield container.get_connection_url(), container.username, container.password


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def settings(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Settings:
    base = {"embedded_restart_delay": 0.2, "log_level": "WARNING"}
    if backend == "neo4j":
        uri, user, password = request.getfixturevalue("neo4j_uri")
        return Settings(graph_uri=uri, graph_user=user, graph_password=password, signup="on", **base)
    # A fresh embedded store per test; a unique graph name guards against any sharing.
    return Settings(
        graph_uri=f"falkordb+embedded://{tmp_path / 'data'}", graph_name=f"t{uuid.uuid4().hex[:8]}", **base
    )


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def client(settings: Settings, clock: FakeClock) -> Iterator[TestClient]:
    with TestClient(create_app(settings, clock=clock), raise_server_exceptions=False) as test_client:
        yield test_client


def new_key(client: TestClient, kind: KeyKind = KeyKind.test, account: str | None = None) -> str:
    """Create a key through the same code as `memsvc keys create`, inside the running app."""
    services = client.app.state.services
    created = client.blocking_portal.call(
        lambda: keys.create_key(services.driver, services.clock, kind=kind, account_name=account)
    )
    return created.api_key


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture
def key(client: TestClient) -> str:
    return new_key(client)


@pytest.fixture
def headers(key: str) -> dict[str, str]:
    return auth(key)
