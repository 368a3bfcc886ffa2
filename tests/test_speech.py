"""Speech to text: Whisper base assembled from its two packages and checked against the pinned SHA-256,
word error rate on speech the tests synthesise (espeak-ng), pocketsphinx as the last fallback."""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np

from bench.files import word_error_rate
from pipelines.files.speech import (
    BUNDLED,
    WHISPER_BASE_SHA256,
    FasterWhisper,
    PocketSphinx,
    assemble_whisper_base,
    decode_audio,
    transcriber,
)

SPOKEN = "The team will ship the release on Friday. The budget review is next week."
STANDUP = Path(__file__).parent / "data" / "files" / "standup.wav"


def test_whisper_base_is_assembled_once_and_pinned(tmp_path):
    folder = assemble_whisper_base(tmp_path)
    assert folder is not None
    names = {p.name for p in folder.iterdir()}
    assert names == {"model.bin", "config.json", "tokenizer.json", "vocabulary.json"}
    assert WHISPER_BASE_SHA256[:12] in folder.name
    assert assemble_whisper_base(tmp_path) == folder  # kept: not assembled again


def test_a_model_that_is_not_the_pinned_one_is_refused(tmp_path, caplog):
    folder = tmp_path / f"whisper-base-{WHISPER_BASE_SHA256[:12]}"
    folder.mkdir()
    (folder / "model.bin").write_bytes(b"not the model")
    with caplog.at_level(logging.ERROR):
        assert assemble_whisper_base(tmp_path) is None
    assert "not the pinned" in caplog.text


def test_whisper_base_is_the_default_and_hears_every_word():
    speech = transcriber(BUNDLED, "cpu")
    assert isinstance(speech, FasterWhisper) and speech.backend == "faster-whisper whisper-base (bundled)"
    heard = " ".join(words.text for words in speech.transcribe(decode_audio(STANDUP.read_bytes())))
    assert word_error_rate(SPOKEN, heard) == 0.0, heard


def test_a_noisy_recording_is_heard_with_low_confidence():
    """Under noise Whisper hears words that were never said; its confidence says so (the files pipeline
    then reads no decisions or action items from the transcript: tests/test_files.py)."""
    from pipelines.files.files import LOW_CONFIDENCE

    speech = transcriber(BUNDLED, "cpu")
    clean = decode_audio(STANDUP.read_bytes())
    noisy = np.clip(clean + np.random.default_rng(0).normal(0, 6000, len(clean)), -32768, 32767)
    for pcm, sure in ((clean, True), (noisy.astype(np.int16), False)):
        heard = speech.transcribe(pcm)
        mean = sum(w.confidence for w in heard) / len(heard)
        assert (mean >= LOW_CONFIDENCE) is sure, (mean, [w.text for w in heard])


def test_pocketsphinx_is_the_last_fallback():
    assert isinstance(transcriber("", "cpu"), PocketSphinx)
    assert isinstance(transcriber("no-such/whisper-model", "cpu"), PocketSphinx)
    heard = " ".join(w.text for w in PocketSphinx().transcribe(decode_audio(STANDUP.read_bytes())))
    assert 0.0 < word_error_rate(SPOKEN, heard) < 1.0  # it hears some words, not all of them
    sure = [w.confidence for w in PocketSphinx().transcribe(decode_audio(STANDUP.read_bytes()))]
    assert all(0.0 <= c <= 1.0 for c in sure) and len(set(sure)) > 1  # each word's posterior
    assert word_error_rate("a b c", "a x c") == 1 / 3
    assert np.isclose(word_error_rate("", ""), 0.0)
