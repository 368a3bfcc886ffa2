"""The web console at /console in real headless Chromium (Debian's `chromium`, driven by Playwright),
against a real `memsvc serve`: sign in, the list and its filters, a streamed cited answer with follow-ups
and feedback, a memory's page and its graph (expand a node, open a memory, delete with confirmation), a
file upload by drag and drop with its chunks, entity, lint and stats pages, a phone-sized window, and a
bad key. Every page is checked for console errors and for requests that leave the service's origin.

Screenshots go to $MEMSVC_CONSOLE_SCREENSHOTS when it is set (the README's comes from there), else to
the test's temporary folder."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.servers import Server, created_key

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# The flags this machine's Chromium needs headless: its background services would try hosts that a
# closed network refuses, and log errors for it.
FLAGS = [
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
NOTES = [
    (
        "Weekly sync with Priya Raman and Bob Lee. We decided to postpone the mobile release until the "
        "accessibility audit is done. Bob will book the auditors by Friday.",
        "2026-03-10T09:00:00Z",
    ),
    (
        "Call with Globex Corp about the pricing page. "
        "Lucia Romano will update the pricing page by March 20.",
        "2026-03-12T14:00:00Z",
    ),
    ("Priya Raman shared the accessibility audit checklist with the design team.", "2026-03-14T10:00:00Z"),
    ("Bob booked the auditors from Access Partners for April 2.", "2026-03-15T10:00:00Z"),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: `make install-test` installs it")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ.get("MEMSVC_CONSOLE_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def key(module_server: Server, request: pytest.FixtureRequest) -> str:
    """A live key of the test's own account, holding the four notes."""
    key = created_key(module_server.data_dir, account=request.node.name[:40], kind="live")
    items = [{"content": content, "timestamp": ts} for content, ts in NOTES]
    response = httpx.post(
        f"{module_server.url}/v1/remember/batch",
        json={"items": items},
        headers={"Authorization": f"Bearer {key}"},
        timeout=120,
    )
    assert response.status_code == 201, response.text
    return key


class Watched:
    """A page whose console errors, uncaught errors and requests to other origins are kept."""

    def __init__(self, page: Page, origin: str):
        self.page = page
        self.errors: list[str] = []
        self.foreign: list[str] = []
        page.on("console", lambda message: self._console(message.type, message.text))
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        page.on("request", lambda request: self._request(request.url, origin))

    def _console(self, kind: str, text: str) -> None:
        if kind in ("error", "warning"):
            self.errors.append(f"{kind}: {text}")

    def _request(self, url: str, origin: str) -> None:
        if not (url.startswith(origin + "/") or url.startswith("data:")):
            self.foreign.append(url)

    def clean(self, allowed_errors: tuple[str, ...] = ()) -> None:
        errors = [e for e in self.errors if not any(allowed in e for allowed in allowed_errors)]
        assert errors == [], errors
        assert self.foreign == [], self.foreign


@pytest.fixture
def watched(browser: Browser, module_server: Server) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield Watched(page, module_server.url)
    context.close()


def sign_in(page: Page, server: Server, key: str) -> None:
    page.goto(f"{server.url}/console")
    page.get_by_label("API key").fill(key)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".memory-row")).to_have_count(len(NOTES))


def at_node(page: Page, canvas, node_id: str) -> dict[str, float]:
    """Where a drawn node is on the page, read after the canvas is in view and two frames have passed."""
    canvas.scroll_into_view_if_needed()
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    box = canvas.bounding_box()
    assert box is not None
    spot = page.evaluate("(id) => window.memsvcConsole.graph.getElementById(id).renderedPosition()", node_id)
    return {"x": box["x"] + spot["x"], "y": box["y"] + spot["y"]}


def test_files_headers_and_licence(module_server: Server):
    page = httpx.get(f"{module_server.url}/console")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    policy = page.headers["content-security-policy"]
    assert "connect-src 'self'" in policy and "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert httpx.get(f"{module_server.url}/console/").text == page.text
    script = httpx.get(f"{module_server.url}/console/vendor/cytoscape.min.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    licence = httpx.get(f"{module_server.url}/console/vendor/cytoscape.LICENSE")
    assert "Permission is hereby granted" in licence.text
    missing = httpx.get(f"{module_server.url}/console/nothing.js")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    outside = httpx.get(f"{module_server.url}/console/%2e%2e/controllers/console.py")
    assert outside.status_code == 404
    paths = httpx.get(f"{module_server.url}/v1/openapi/openapi.json").json()["paths"]
    assert not any(path.startswith("/console") for path in paths)


def test_sign_in_list_filters_and_search(watched: Watched, module_server: Server, key: str, shots: Path):
    page = watched.page
    sign_in(page, module_server, key)
    # The key is in this tab's session storage, never in the address.
    assert page.evaluate("sessionStorage.getItem('memsvc.apiKey')") == key
    assert key not in page.url
    expect(page.get_by_role("link", name="Memories")).to_have_attribute("aria-current", "page")
    page.screenshot(path=str(shots / "console-memories.png"), full_page=True)

    page.get_by_label("Person").fill("Priya")
    page.get_by_role("button", name="Search").click()
    rows = page.locator(".memory-row")
    expect(rows).to_have_count(2)
    for text in rows.all_inner_texts():
        assert "Priya Raman" in text

    page.get_by_label("Person").fill("")
    page.get_by_label("From").fill("2026-03-12")
    page.get_by_label("To").fill("2026-03-14")
    page.get_by_role("button", name="Search").click()
    expect(rows).to_have_count(2)
    assert "Globex" in rows.first.inner_text() or "Globex" in rows.last.inner_text()

    page.get_by_role("button", name="Clear").click()
    expect(rows).to_have_count(len(NOTES))
    page.get_by_label("Search memories").fill("pricing page")
    page.get_by_role("button", name="Search").click()
    expect(page.get_by_text("found, best first")).to_be_visible()
    assert "pricing page" in rows.first.inner_text()
    watched.clean()


def test_paging(watched: Watched, module_server: Server, key: str):
    page = watched.page
    more = [
        {
            "content": f"Standup {i}: Ana fixed flaky test number {i}.",
            "timestamp": f"2026-04-{i + 1:02d}T09:00:00Z",
        }
        for i in range(18)
    ]
    httpx.post(
        f"{module_server.url}/v1/remember/batch",
        json={"items": more},
        headers={"Authorization": f"Bearer {key}"},
        timeout=120,
    ).raise_for_status()
    page.goto(f"{module_server.url}/console")
    page.get_by_label("API key").fill(key)
    page.get_by_role("button", name="Sign in").click()
    rows = page.locator(".memory-row")
    expect(rows).to_have_count(20)
    first_page = rows.all_inner_texts()
    assert "Standup 17" in first_page[0]  # newest first
    page.get_by_role("button", name="Older").click()
    expect(rows).to_have_count(len(NOTES) + 18 - 20)
    assert not set(rows.all_inner_texts()) & set(first_page)
    expect(page.get_by_role("button", name="Older")).to_be_disabled()
    page.get_by_role("button", name="Newer").click()
    expect(rows).to_have_count(20)
    assert rows.all_inner_texts() == first_page
    watched.clean()


def test_ask_streams_a_cited_answer(watched: Watched, module_server: Server, key: str, shots: Path):
    page = watched.page
    sign_in(page, module_server, key)
    page.get_by_role("link", name="Ask").click()
    page.get_by_label("Ask", exact=True).fill("What did we decide about the mobile release?")
    page.get_by_role("button", name="Ask", exact=True).click()
    answer = page.locator(".answer-text")
    expect(page.get_by_role("button", name="Good answer")).to_be_visible()
    assert "postpone the mobile release" in answer.inner_text()
    # Every [n] links to the n-th source, which links to its memory.
    citation = answer.get_by_role("link", name="source 1")
    expect(citation).to_be_visible()
    first_source = page.locator("#source-a1-1")
    assert "mobile release" in first_source.inner_text()
    page.screenshot(path=str(shots / "console-ask.png"), full_page=True)

    # The answer came as Server-Sent Events: the request asked for a stream.
    with page.expect_request("**/v1/ask") as asked:
        page.get_by_role("button", name="Ask", exact=True).click()
    assert '"stream":true' in (asked.value.post_data or "")
    expect(page.get_by_role("button", name="Good answer")).to_be_visible()

    page.get_by_role("button", name="Good answer").click()
    expect(page.get_by_text("your feedback is recorded")).to_be_visible()
    stats = httpx.get(f"{module_server.url}/v1/stats", headers={"Authorization": f"Bearer {key}"}).json()
    assert stats["feedback"]["up"] == 1

    followup = page.locator(".followups button").first
    followup_text = followup.inner_text()
    followup.click()
    expect(page.locator(".answer .question")).to_have_text(followup_text)
    expect(page.get_by_label("Ask", exact=True)).to_have_value(followup_text)

    page.get_by_role("list", name="Sources").get_by_role("link").first.click()
    expect(page.locator("dl.signals")).to_be_visible()
    watched.clean()


def test_memory_page_graph_and_delete(watched: Watched, module_server: Server, key: str, shots: Path):
    page = watched.page
    sign_in(page, module_server, key)
    page.get_by_role("link", name="Priya Raman shared the accessibility audit checklist").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("accessibility audit checklist")
    signals = page.locator("dl.signals")
    expect(signals).to_contain_text("Priya Raman")
    expect(signals).to_contain_text("follows up")
    canvas = page.locator("#graph")
    expect(canvas).to_have_attribute("data-nodes", "5")
    graph_list = page.get_by_role("list", name="Graph nodes")
    expect(graph_list).to_contain_text("Priya Raman")
    page.screenshot(path=str(shots / "console-memory.png"), full_page=True)

    # A click on the person in the drawing adds what the person connects to: their edges in the
    # memory's graph one hop deeper, as the API gives it.
    memory_id = page.url.rsplit("/", 1)[1]
    headers = {"Authorization": f"Bearer {key}"}
    shown = {
        n["id"]
        for n in httpx.get(f"{module_server.url}/v1/graph/{memory_id}", headers=headers).json()["nodes"]
    }
    deeper = httpx.get(f"{module_server.url}/v1/graph/{memory_id}?depth=2&limit=150", headers=headers).json()
    person_id = next(n["id"] for n in deeper["nodes"] if n["type"] == "person")
    near = {e["source"] for e in deeper["edges"] if e["target"] == person_id}
    near |= {e["target"] for e in deeper["edges"] if e["source"] == person_id}
    status = page.get_by_text(
        re.compile(r"^(Priya Raman: \d+ more\.|Nothing more connects to Priya Raman\.)$")
    )
    # Clicked where the drawing shows the node once two frames have passed with it in view (a click that
    # lands while the page still scrolls or lays out misses; the click is tried again then).
    for _ in range(3):
        person = at_node(page, canvas, person_id)
        page.mouse.click(person["x"], person["y"])
        try:
            expect(status).to_be_visible(timeout=5_000)
            break
        except AssertionError:
            continue
    expect(status).to_be_visible()
    expect(canvas).to_have_attribute("data-nodes", str(len(shown | near)))

    # A click on another memory in the drawing opens it.
    other = page.evaluate(
        "() => { const g = window.memsvcConsole.graph;"
        " const n = g.nodes('[type = \"memory\"]').filter(m => m.id() !== g.nodes()[0].id())[0];"
        " const p = n.renderedPosition(); return {id: n.id(), x: p.x, y: p.y}; }"
    )
    target = at_node(page, canvas, other["id"])
    page.mouse.click(target["x"], target["y"])
    page.wait_for_url(f"**#/memories/{other['id']}")
    expect(page.locator("dl.signals")).to_contain_text(other["id"])

    # Delete asks first; Cancel keeps the memory, Delete removes it.
    page.get_by_role("button", name="Delete memory").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Delete this memory?")
    dialog.get_by_role("button", name="Cancel").click()
    assert httpx.get(f"{module_server.url}/v1/memories/{other['id']}", headers=headers).status_code == 200
    page.get_by_role("button", name="Delete memory").click()
    page.get_by_role("dialog").get_by_role("button", name="Delete").click()
    expect(page.get_by_text("Memory deleted.")).to_be_visible()
    page.wait_for_url("**#/memories")
    expect(page.locator(".memory-row")).to_have_count(len(NOTES) - 1)
    assert httpx.get(f"{module_server.url}/v1/memories/{other['id']}", headers=headers).status_code == 404
    watched.clean()


def test_upload_by_drag_and_drop_shows_chunks(
    watched: Watched, module_server: Server, key: str, tmp_path: Path, shots: Path
):
    page = watched.page
    sign_in(page, module_server, key)
    page.get_by_role("link", name="Add").click()
    regions = ["Lisbon", "Porto", "Madrid", "Valencia", "Lyon", "Milan", "Munich", "Vienna"]
    sections = [
        f"Vendor review, {region} office. The cleaning contract in {region} ends in June, and the current "
        f"supplier raised prices by {4 + i} percent. Nadia Okafor owns the renewal for {region}. The team "
        f"agreed to compare three quotes before signing anything. Facilities asked for a site visit in "
        f"{region} during the second week of May, and legal wants the draft contract two weeks before the "
        f"deadline. The {region} office manager will collect the quotes and share them in the shared drive."
        for i, region in enumerate(regions)
    ]
    text = "\n\n".join(sections)
    # Dropped as a browser would: a DataTransfer holding the file, on the drop zone. The zone is
    # awaited first: the Add view renders after the click returns, and a fresh-clone CI run once
    # evaluated before it existed.
    zone = page.get_by_test_id("drop-zone")
    expect(zone).to_be_visible()
    zone.evaluate(
        "(zone, text) => { const dt = new DataTransfer();"
        " dt.items.add(new File([text], 'vendor-review.txt', {type: 'text/plain'}));"
        " zone.dispatchEvent(new DragEvent('dragover', {dataTransfer: dt, bubbles: true, cancelable: true}));"
        " zone.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true})); }",
        text,
    )
    expect(page.get_by_role("heading", name="Uploaded")).to_be_visible()
    expect(page.get_by_text("vendor-review.txt: text/plain")).to_be_visible()
    chunks = page.locator("ol.chunks li")
    assert chunks.count() >= 2
    page.screenshot(path=str(shots / "console-upload.png"), full_page=True)
    chunks.first.get_by_role("link").click()
    expect(page.locator("dl.signals")).to_contain_text("Part of")

    # The file field works as well as dropping.
    page.get_by_role("link", name="Add").click()
    small = tmp_path / "note.txt"
    small.write_text("Ravi Kumar will send the signed quote to Initech by May 4.")
    page.get_by_label("File", exact=True).set_input_files(str(small))
    expect(page.get_by_text("no chunks")).to_be_visible()
    expect(page.locator(".result")).to_contain_text("Ravi Kumar")
    watched.clean()


def test_note_entity_lint_and_stats(watched: Watched, module_server: Server, key: str):
    page = watched.page
    sign_in(page, module_server, key)
    page.get_by_role("link", name="Add").click()
    page.get_by_label("Note").fill("Lucia Romano moved the pricing page update to March 27.")
    page.get_by_role("button", name="Remember").click()
    expect(page.get_by_role("heading", name="Remembered")).to_be_visible()

    page.get_by_role("link", name="Entities").click()
    page.get_by_label("Entity").fill("Lucia Romano")
    page.get_by_role("button", name="Open page").click()
    wiki = page.locator("article.wiki")
    expect(wiki).to_contain_text("pricing page")
    # Statements cite sources, which link to their memories.
    expect(wiki.get_by_role("link", name="source 1").first).to_be_visible()
    expect(page.locator("#source-e-1 a")).to_have_attribute("href", re.compile(r"^#/memories/mem_.+"))
    missing = page.get_by_label("Entity")
    missing.fill("Nobody Atall")
    page.get_by_role("button", name="Open page").click()
    expect(page.get_by_role("alert")).to_be_visible()

    page.get_by_role("link", name="Lint").click()
    page.get_by_role("button", name="Run lint").click()
    expect(page.get_by_text("of 100")).to_be_visible()

    page.get_by_role("link", name="Stats").click()
    expect(page.get_by_role("table", name="Store")).to_contain_text("memories")
    expect(page.get_by_role("table", name="This key")).to_contain_text("live")
    watched.clean(allowed_errors=("status of 404",))


def test_markup_in_a_memory_stays_text(watched: Watched, module_server: Server, key: str):
    hostile = 'Note <img src="x" onerror="window.pwned=1"><script>window.pwned=2</script> from Mallory.'
    created = httpx.post(
        f"{module_server.url}/v1/remember",
        json={"content": hostile},
        headers={"Authorization": f"Bearer {key}"},
        timeout=60,
    ).json()
    page = watched.page
    page.goto(f"{module_server.url}/console")
    page.get_by_label("API key").fill(key)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".memory-row")).to_have_count(len(NOTES) + 1)
    page.goto(f"{module_server.url}/console/#/memories/{created['id']}")
    expect(page.locator("pre.content")).to_have_text(hostile)
    assert page.evaluate("window.pwned") is None
    assert page.locator("main img, main script").count() == 0
    watched.clean()


def test_phone_sized_window(browser: Browser, module_server: Server, key: str, shots: Path):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    watched = Watched(page, module_server.url)
    sign_in(page, module_server, key)
    for hash_ in ("#/memories", "#/ask", "#/add", "#/lint"):
        page.goto(f"{module_server.url}/console/{hash_}")
        page.wait_for_load_state("networkidle")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, hash_
    page.goto(f"{module_server.url}/console/#/memories")
    page.locator(".memory-row a").first.click()
    expect(page.locator("#graph")).to_have_attribute("data-nodes", re.compile(r"^\d+$"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(shots / "console-phone.png"), full_page=True)
    watched.clean()
    context.close()


def test_bad_key_shows_the_error(watched: Watched, module_server: Server):
    page = watched.page
    page.goto(f"{module_server.url}/console")
    page.get_by_label("API key").fill("svc_test_not_a_real_key_at_all_000000000000")
    page.get_by_role("button", name="Sign in").click()
    alert = page.get_by_role("alert")
    expect(alert).to_be_visible()
    body = httpx.get(
        f"{module_server.url}/v1/memories",
        headers={"Authorization": "Bearer svc_test_not_a_real_key_at_all_000000000000"},
    ).json()
    expect(alert).to_have_text(body["error"]["message"])
    # Still at the sign-in form, and the rejected key is not kept.
    expect(page.get_by_label("API key")).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('memsvc.apiKey')") is None
    expect(page.get_by_role("navigation", name="Main")).to_be_hidden()
    # The browser logs the refused call itself; nothing else may be logged.
    watched.clean(allowed_errors=("status of 401",))
