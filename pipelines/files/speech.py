"""Speech to text behind one small interface: faster-whisper with the configured model where it can
be had (the `whisper` extra, and the model in a local directory or the hub), else pocketsphinx's
packaged English model (PyPI, offline). Audio is decoded by ffmpeg to 16 kHz mono PCM first."""

from __future__ import annotations

import logging
import subprocess
from dataclasses import dataclass
from functools import cache
from typing import Protocol

import numpy as np

from models.errors import ValidationFailed
from pipelines.nlp.hub import load_hub_model

log = logging.getLogger(__name__)

RATE = 16_000
FFMPEG_SECONDS = 600  # bound on decoding one upload


@dataclass
class Words:
    """Recognised speech: text with where it starts and ends in the recording."""

    text: str
    start_s: float
    end_s: float


class Transcriber(Protocol):
    backend: str

    def transcribe(self, pcm: np.ndarray) -> list[Words]: ...


def decode_audio(data: bytes) -> np.ndarray:
    """16 kHz mono int16 samples; 422 when ffmpeg cannot decode the bytes."""
    try:
        done = subprocess.run(
            ["ffmpeg", "-nostdin", "-v", "error", "-i", "pipe:0", "-ac", "1", "-ar", str(RATE),
             "-f", "s16le", "pipe:1"],
            input=data,
            capture_output=True,
            timeout=FFMPEG_SECONDS,
            check=False,
        )  # fmt: skip
    except FileNotFoundError:
        raise RuntimeError("ffmpeg is not installed (make install installs it)") from None
    if done.returncode != 0 or not done.stdout:
        raise ValidationFailed("The audio file is corrupt or cannot be decoded.", param="file")
    return np.frombuffer(done.stdout, dtype=np.int16)


class PocketSphinx:
    backend = "pocketsphinx (packaged en-us model)"

    def __init__(self) -> None:
        from pocketsphinx import Decoder

        self._decoder = Decoder(samprate=RATE, loglevel="FATAL")

    def transcribe(self, pcm: np.ndarray) -> list[Words]:
        decoder = self._decoder
        frame_s = 1 / decoder.config["frate"]
        decoder.start_utt()
        decoder.process_raw(pcm.tobytes(), full_utt=True)
        decoder.end_utt()
        words = []
        for segment in decoder.seg():
            word = segment.word.split("(")[0]  # "read(2)": an alternative pronunciation
            if word.startswith(("<", "[")) or not word:  # silence and fillers
                continue
            words.append(Words(word, segment.start_frame * frame_s, (segment.end_frame + 1) * frame_s))
        return words


class FasterWhisper:
    def __init__(self, model: object, name: str):
        self._model = model
        self.backend = f"faster-whisper {name}"

    def transcribe(self, pcm: np.ndarray) -> list[Words]:
        audio = pcm.astype(np.float32) / 32768.0
        segments, _ = self._model.transcribe(audio, beam_size=1)  # type: ignore[attr-defined]
        return [Words(s.text.strip(), float(s.start), float(s.end)) for s in segments if s.text.strip()]


@cache
def transcriber(name: str, device: str) -> Transcriber:
    """Loaded on first use and kept: most services never receive audio."""
    if name:
        try:
            from faster_whisper import WhisperModel
        except ImportError:
            log.warning("speech: faster-whisper is not installed (extra `whisper`); using pocketsphinx")
        else:
            compute = "float16" if device.startswith("cuda") else "int8"
            model = load_hub_model(
                name, lambda n: WhisperModel(n, device=device, compute_type=compute), task="speech"
            )
            if model is not None:
                return FasterWhisper(model, name)
            log.warning("speech: %s cannot be loaded here; using pocketsphinx", name)
    return PocketSphinx()
