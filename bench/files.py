"""`memsvc bench files`: POST /v1/remember/file on a 10-page text PDF and a one-minute recording, with
the offline models. The PDF is written here (plain PDF syntax, one page of the synthetic corpus per
page); the recording is the suite's espeak-ng sample (tests/data/files/standup.wav) repeated to a
minute. Then each speech engine's word error rate on sentences espeak-ng speaks."""

from __future__ import annotations

import asyncio
import io
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import tempfile
import time
import wave
from pathlib import Path

from bench.corpus import corpus
from bench.ingest import bench_settings

SPEECH = Path(__file__).parent.parent / "tests" / "data" / "files" / "standup.wav"


def text_pdf(pages: list[list[str]]) -> bytes:
    """A PDF with one Helvetica text line per string: the smallest honest text-layer PDF."""
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",  # the page tree (2) is filled in last
        "",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    kids = []
    for lines in pages:
        escaped = [line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") for line in lines]
        body = "BT /F1 11 Tf 14 TL 60 780 Td " + " ".join(f"({line}) Tj T*" for line in escaped) + " ET"
        objects.append(f"<< /Length {len(body.encode('latin-1'))} >>\nstream\n{body}\nendstream")
        content = len(objects)
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents {content} 0 R "
            "/Resources << /Font << /F1 3 0 R >> >> >>"
        )
        kids.append(f"{len(objects)} 0 R")
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>"
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, obj in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(f"{number} 0 obj\n{obj}\nendobj\n".encode("latin-1"))
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    out.write("".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode())
    out.write(f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    return out.getvalue()


def ten_pages() -> bytes:
    notes = corpus(40)
    pages = []
    for page in range(10):
        lines = []
        for note in notes[page * 4 : page * 4 + 4]:
            words = note.content.encode("latin-1", "replace").decode("latin-1").split()
            lines += [" ".join(words[i : i + 12]) for i in range(0, len(words), 12)] + [""]
        pages.append(lines)
    return text_pdf(pages)


def one_minute() -> bytes:
    with wave.open(str(SPEECH)) as sample:
        params, frames = sample.getparams(), sample.readframes(sample.getnframes())
    seconds = len(frames) / (params.sampwidth * params.framerate * params.nchannels)
    silence = b"\x00" * (params.sampwidth * params.framerate // 2)
    out = io.BytesIO()
    with wave.open(out, "wb") as recording:
        recording.setparams(params)
        recording.writeframes((frames + silence) * round(60 / (seconds + 0.5)))
    return out.getvalue()


async def measure(runs: int) -> dict:
    from litestar.testing import AsyncTestClient

    from app.main import create_app

    settings = bench_settings(Path(tempfile.mkdtemp(prefix="memsvc-bench-")))
    files = {"pdf_10_pages": ("report.pdf", ten_pages()), "audio_1_minute": ("standup.wav", one_minute())}
    result: dict = {"machine": {"cpus": os.cpu_count(), "python": platform.python_version()}, "runs": runs}
    async with AsyncTestClient(create_app(settings)) as client:
        key = (await client.post("/v1/signup", json={"email": "bench@example.com"})).json()["api_key"]
        headers = {"Authorization": f"Bearer {key}"}
        for label, (name, data) in files.items():
            seconds, described = [], None
            for run in range(runs + 1):  # the first run pays one-off costs (loading the speech model)
                started = time.perf_counter()
                response = await client.post(
                    "/v1/remember/file", files={"file": (name, data)}, headers=headers
                )
                response.raise_for_status()
                if run:
                    seconds.append(time.perf_counter() - started)
                described = response.json()
            result[label] = {
                "median_s": round(statistics.median(seconds), 2),
                "max_s": round(max(seconds), 2),
                "file": described["file"],
                "chunks": len(described["chunks"]),
            }
    return result


# Sentences espeak-ng speaks for the word error rate: office speech of the kinds notes hold.
SPOKEN = [
    "The team will ship the release on Friday.",
    "The budget review is next week.",
    "Ana will send the signed contract to Northwind by Monday.",
    "We decided to move the pilot to the second warehouse.",
    "Please book a meeting room for the design review on Thursday.",
    "The dashboard was down for forty minutes after the certificate expired.",
]


def word_error_rate(reference: str, hypothesis: str) -> float:
    """Word-level edit distance over the reference's length, case and punctuation aside."""
    ref, hyp = (re.findall(r"[a-z0-9']+", text.lower()) for text in (reference, hypothesis))
    row = list(range(len(hyp) + 1))
    for i, word in enumerate(ref, start=1):
        previous, row[0] = row[0], i
        for j, other in enumerate(hyp, start=1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (word != other))
    return row[-1] / max(len(ref), 1)


def speech_error_rates() -> dict:
    """Word error rate of each speech engine on the SPOKEN sentences, synthesised by espeak-ng (two
    voices, two speeds); skipped, saying why, where espeak-ng is missing."""
    from pipelines.files.speech import BUNDLED, PocketSphinx, decode_audio, transcriber

    if shutil.which("espeak-ng") is None:
        return {"skipped": "espeak-ng is not installed (make install installs it)"}
    engines = {"whisper-base (bundled)": transcriber(BUNDLED, "cpu"), "pocketsphinx": PocketSphinx()}
    errors: dict[str, list[float]] = {name: [] for name in engines}
    for voice, speed in (("en-us", "140"), ("en-gb", "170")):
        for sentence in SPOKEN:
            wav = subprocess.run(
                ["espeak-ng", "-v", voice, "-s", speed, "--stdout", sentence], capture_output=True, check=True
            ).stdout
            pcm = decode_audio(wav)
            for name, engine in engines.items():
                heard = " ".join(words.text for words in engine.transcribe(pcm))
                errors[name].append(word_error_rate(sentence, heard))
    return {name: round(statistics.mean(rates), 3) for name, rates in errors.items()}


def main(runs: int, json_out: str | None) -> int:
    result = asyncio.run(measure(runs))
    result["word_error_rate"] = speech_error_rates()
    print(json.dumps(result, indent=2))
    if json_out:
        Path(json_out).write_text(json.dumps(result, indent=2))
    return 0
