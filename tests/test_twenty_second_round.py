"""The twenty-second round: a hub model whose library is not installed falls back like a model that is
not here (a lent GPU machine without `gliner` stopped the service at start)."""

from __future__ import annotations

import sys
from dataclasses import dataclass

import pytest

from pipelines.nlp.extract import GlinerExtractor
from pipelines.nlp.loader import _hub_or


@dataclass
class _Offline:
    backend: str = "rules"


def test_a_hub_model_whose_library_is_missing_falls_back(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(sys.modules, "gliner", None)  # `from gliner import …` raises ImportError
    model = _hub_or("urchade/gliner_medium-v2.1", GlinerExtractor.load, "cpu", _Offline, "extraction")
    assert isinstance(model, _Offline)
    assert "not installed" in caplog.text


def test_an_error_other_than_a_missing_library_is_not_hidden() -> None:
    def broken(name: str, device: str) -> None:
        raise ValueError("a bug")

    with pytest.raises(ValueError):
        _hub_or("some/model", broken, "cpu", _Offline, "extraction")
