"""POST /v1/remember/file: real files made by other tools (tests/data/files/make_files.py says how),
through the same pipeline as text: the text, people and dates come through; long files become a parent
and chunks; limits and broken files get the error body, and nothing is stored."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from litestar.testing import TestClient
from PIL import Image

from app.main import create_app
from pipelines.files import files as file_pipeline
from tests.conftest import auth, new_key

FILES = Path(__file__).parent / "data" / "files"


def upload(client, headers, name: str, data: bytes | None = None, **fields):
    body = FILES.joinpath(name).read_bytes() if data is None else data
    return client.post("/v1/remember/file", files={"file": (name, body)}, data=fields, headers=headers)


def stored(client, headers) -> list[dict]:
    return client.get("/v1/memories", params={"limit": 100}, headers=headers).json()["data"]


def dates(memory: dict) -> set[str]:
    return {d["date"] for d in memory["extraction"]["dates"]}


def test_a_pdf_becomes_a_parent_and_a_chunk_per_page(client, headers):
    response = upload(client, headers, "report.pdf", source="drive", timestamp="2026-03-12T09:00:00Z")
    assert response.status_code == 201, response.text
    parent = response.json()
    assert parent["file"] == {
        "name": "report.pdf",
        "media_type": "application/pdf",
        "size": FILES.joinpath("report.pdf").stat().st_size,
        "pages": 3,
        "duration_s": None,
        "confidence": None,
    }
    assert parent["source"] == "drive" and parent["part"] is None
    assert [(c["index"], c["page"]) for c in parent["chunks"]] == [(0, 1), (1, 2), (2, 3)]
    assert {"Jonas Weber", "Priya Raman"} <= set(parent["extraction"]["people"])

    chunks = [client.get(f"/v1/memories/{c['id']}", headers=headers).json() for c in parent["chunks"]]
    for index, chunk in enumerate(chunks):
        assert chunk["part"] == {
            "of": parent["id"],
            "index": index,
            "page": index + 1,
            "start_s": None,
            "end_s": None,
            "confidence": None,
        }
        assert {"target_id": parent["id"], "kind": "part_of", "score": 1.0} in chunk["links"]
        assert chunk["file"] is None and chunk["source"] == "drive"
    assert "Acme Corp" in chunks[1]["content"] and chunks[1]["extraction"]["people"] == ["Jonas Weber"]
    assert "Priya Raman" in chunks[2]["extraction"]["people"]
    assert {"2026-05-04", "2026-03-20"} <= dates(chunks[2])

    answer = client.post(
        "/v1/ask", json={"question": "When will Priya Raman present the budget?"}, headers=headers
    ).json()
    assert answer["sources"][0]["id"] == chunks[2]["id"]
    assert answer["sources"][0]["part"]["page"] == 3
    assert "(page 3) [1]" in answer["text"]

    # Deleting the file's memory deletes its chunks.
    assert client.delete(f"/v1/memories/{parent['id']}", headers=headers).status_code == 204
    assert stored(client, headers) == []


@pytest.mark.parametrize(
    ("name", "media_type", "person", "day"),
    [
        ("scanned.pdf", "application/pdf", "Lena Fischer", "2026-06-12"),  # no text layer: OCR
        ("note.png", "image/png", "Ana Lopez", "2026-05-04"),
        (
            "minutes.docx",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "Marta Silva",
            "2026-04-09",
        ),
        ("page.html", "text/html", "Carlos Mendes", "2026-09-01"),
        ("notes.md", "text/markdown", "Lucia Romano", "2026-09-01"),
    ],
)
def test_each_format_brings_its_text_people_and_dates(client, headers, name, media_type, person, day):
    response = upload(client, headers, name)
    assert response.status_code == 201, response.text
    memory = response.json()
    assert memory["file"]["media_type"] == media_type and memory["chunks"] == []
    assert person in memory["extraction"]["people"] and day in dates(memory)
    assert stored(client, headers)[0]["file"] == memory["file"]


def test_docx_tables_and_html_main_text(client, headers):
    docx = upload(client, headers, "minutes.docx").json()
    assert "Tom Becker | Write the migration plan" in docx["content"]
    assert docx["extraction"]["action_items"][0]["owner"] == "Marta Silva"
    html = upload(client, headers, "page.html").json()
    assert "Lisbon" in html["content"]
    assert "Careers" not in html["content"] and "Cookie" not in html["content"]  # navigation, footer


def test_an_email_brings_its_people_and_its_date(client, headers):
    memory = upload(client, headers, "mail.eml").json()
    assert memory["file"]["media_type"] == "message/rfc822"
    assert {"Hannah Schmidt", "Oliver Brown"} <= set(memory["extraction"]["people"])
    assert memory["timestamp"] == "2026-03-10T08:30:00Z"  # the Date header, when none is given
    assert "2026-03-12" in dates(memory)  # "by Thursday", after the Date


@pytest.mark.parametrize(
    ("name", "media_type"), [("standup.wav", "audio/x-wav"), ("standup.ogg", "audio/ogg")]
)
def test_speech_is_transcribed(client, headers, name, media_type):
    memory = upload(client, headers, name, timestamp="2026-03-16T09:00:00Z").json()
    assert memory["file"]["media_type"] == media_type
    assert 6.0 < memory["file"]["duration_s"] < 6.7
    # espeak-ng's voice through the default speech model, Whisper base: every word comes through.
    assert "The team will ship the release on Friday. The budget review is next week." in memory["content"]
    assert "2026-03-20" in dates(memory)


def test_the_type_comes_from_the_bytes_not_the_name(client, headers):
    memory = upload(client, headers, "holiday.png", FILES.joinpath("note.png").read_bytes())
    assert memory.json()["file"]["media_type"] == "image/png"
    disguised = upload(client, headers, "../../etc/passwd", FILES.joinpath("scanned.pdf").read_bytes())
    assert disguised.status_code == 201
    assert disguised.json()["file"] == {
        **disguised.json()["file"],
        "name": "../../etc/passwd",
        "media_type": "application/pdf",
    }


def test_unreadable_files_get_a_plain_error_and_store_nothing(client, headers):
    encrypted = upload(client, headers, "encrypted.pdf")
    assert encrypted.status_code == 422 and "encrypted" in encrypted.json()["error"]["message"]
    assert encrypted.json()["error"]["param"] == "file"
    truncated = FILES.joinpath("report.pdf").read_bytes()[:900]
    assert upload(client, headers, "report.pdf", truncated).status_code == 422
    wav = FILES.joinpath("standup.wav").read_bytes()
    assert upload(client, headers, "cut.wav", wav[:44] + b"\x00" * 10).status_code in (201, 422)
    assert (
        upload(client, headers, "broken.png", FILES.joinpath("note.png").read_bytes()[:200]).status_code
        == 422
    )
    blank = io.BytesIO()
    Image.new("L", (200, 100), 255).save(blank, format="PNG")
    nothing = upload(client, headers, "blank.png", blank.getvalue())
    assert nothing.status_code == 422 and "No text" in nothing.json()["error"]["message"]
    assert upload(client, headers, "empty.txt", b"").status_code == 422

    gzip = upload(client, headers, "notes.txt", b"\x1f\x8b\x08\x00" + b"\x00" * 40)
    assert gzip.status_code == 415
    assert "Supported: PDF, DOCX" in gzip.json()["error"]["message"]
    assert upload(client, headers, "x.bin", bytes(range(256)) * 4).status_code == 415
    as_json = client.post("/v1/remember/file", json={"file": "x"}, headers=headers)
    assert as_json.status_code == 415 and as_json.json()["error"]["code"] == "unsupported_media_type"
    no_file = client.post(
        "/v1/remember/file", data={"source": "x"}, files={"other": ("a.txt", b"hi")}, headers=headers
    )
    assert no_file.status_code == 422 and no_file.json()["error"]["param"] == "file"
    bad_time = upload(client, headers, "notes.md", timestamp="yesterday")
    assert bad_time.status_code == 422 and bad_time.json()["error"]["param"] == "timestamp"
    assert stored(client, headers) == []


def test_limits_size_and_a_docx_that_unpacks_too_far(settings, clock):
    small = settings.model_copy(update={"max_file_bytes": 100_000, "max_unpacked_bytes": 1_000_000})
    with TestClient(create_app(small, clock=clock), raise_server_exceptions=False) as client:
        headers = auth(new_key(client))
        big = upload(client, headers, "standup.wav")  # 200 KB
        assert big.status_code == 413 and big.json()["error"]["code"] == "payload_too_large"

        bomb = io.BytesIO()
        with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
            with zipfile.ZipFile(FILES / "minutes.docx") as real:
                for item in real.infolist():
                    archive.writestr(item, real.read(item))
            archive.writestr("word/media/padding.bin", b"\x00" * 5_000_000)
        assert len(bomb.getvalue()) < 100_000
        refused = upload(client, headers, "minutes.docx", bomb.getvalue())
        assert refused.status_code == 422 and "unpacks to" in refused.json()["error"]["message"]
        assert stored(client, headers) == []


def test_a_failure_while_writing_chunks_leaves_nothing(client, headers, monkeypatch):
    real = file_pipeline.ingest.remember_many

    async def fails_after_the_first(services, account_id, requests, *args, **kwargs):
        await real(services, account_id, requests[:1], *args, **{**kwargs, "origins": kwargs["origins"][:1]})
        raise RuntimeError("the store went away")

    monkeypatch.setattr(file_pipeline.ingest, "remember_many", fails_after_the_first)
    assert upload(client, headers, "report.pdf").status_code == 500
    assert stored(client, headers) == []


class Heard:
    """A transcriber double: the stretches it "hears" in any recording, each with its confidence. The
    real engines' confidences are tested in tests/test_speech.py."""

    backend = "test double"

    def __init__(self, *stretches: tuple[str, float, float]):
        self.stretches = stretches  # (text, start_s, confidence)

    def transcribe(self, pcm):
        from pipelines.files.speech import Words

        return [Words(text, start, start + 5.0, confidence) for text, start, confidence in self.stretches]


def test_an_uncertain_transcript_is_stored_but_yields_no_decisions_or_action_items(
    client, headers, monkeypatch
):
    said = "Ravi will send the report by Friday. We decided to move the launch to May."

    def hearing(*stretches):
        monkeypatch.setattr(file_pipeline, "transcriber", lambda name, device: Heard(*stretches))

    hearing((said, 0.0, 0.9))
    sure = upload(client, headers, "standup.wav", timestamp="2026-03-16T09:00:00Z").json()
    assert sure["file"]["confidence"] == 0.9
    assert sure["extraction"]["action_items"] and sure["extraction"]["decisions"]

    hearing((said, 0.0, 0.2))
    unsure = upload(client, headers, "standup.wav", timestamp="2026-03-16T10:00:00Z").json()
    assert unsure["content"] == said and unsure["file"]["confidence"] == 0.2
    assert unsure["extraction"]["action_items"] == [] and unsure["extraction"]["decisions"] == []
    assert "Ravi" in unsure["extraction"]["people"]  # people, dates and tags are still read

    # Nor does an uncertain transcript close an item.
    hearing(("Ravi sent the report, that one is done.", 0.0, 0.2))
    upload(client, headers, "standup.wav", timestamp="2026-03-17T09:00:00Z")
    open_items = client.post(
        "/v1/ask", json={"question": "What are Ravi's open action items?"}, headers=headers
    )
    assert "send the report" in open_items.json()["text"]

    # A long recording: each stretch by its own confidence.
    hearing((said, 0.0, 0.9), ("Mei will book the room by Monday.", 70.0, 0.2))
    parent = upload(client, headers, "standup.wav", timestamp="2026-03-18T09:00:00Z").json()
    assert parent["file"]["confidence"] == 0.55 and len(parent["chunks"]) == 2
    first, second = (client.get(f"/v1/memories/{c['id']}", headers=headers).json() for c in parent["chunks"])
    assert first["part"]["confidence"] == 0.9 and first["extraction"]["action_items"]
    assert second["part"]["confidence"] == 0.2 and second["extraction"]["action_items"] == []
