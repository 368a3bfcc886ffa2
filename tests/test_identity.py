"""Identity before comparison: notes that differ in an identifier (invoice, sprint, ticket, order, room,
version, codes like INC-42) are different facts — never duplicates, never superseding or contradicting
each other — while a note that restates the same identifier with a changed value still supersedes.
Over the real app and models."""

from __future__ import annotations

import pytest

from pipelines.nlp.identifiers import conflict, identifiers

# (text, the identifiers it names). Written as notes are, in English, German, Spanish and French.
LABELLED = [
    ("Invoice 1042 from Acme was paid on March 3.", {"invoice:1042"}),
    ("Paid invoices 1042 and 1043 today.", {"invoice:1042", "invoice:1043"}),
    ("INC-311: checkout latency above 2s for 40 minutes.", {"inc:311"}),
    ("Ticket #5531 was escalated to tier 2.", {"ticket:5531"}),
    ("PO-7781 approved by finance.", {"po:7781"}),
    ("Sprint 14 retro: velocity dropped to 31 points.", {"sprint:14"}),
    ("Booked room 4B for the design review.", {"room:4b"}),
    ("We shipped version 2.3.1 to staging.", {"version:2.3.1"}),
    ("Order no. A-17 left the warehouse.", {"order:a-17"}),
    ("Die Rechnung Nr. 2041 ist bezahlt.", {"invoice:2041"}),
    ("La factura 88 vence el viernes.", {"invoice:88"}),
    ("La commande 3307 est partie hier.", {"order:3307"}),
    ("Q3 2025 planning starts Monday.", {"quarter:3-2025"}),
    ("The mobile app 3.1 release is planned for 14 April.", {"release:3.1"}),
    # No identifier: counts, amounts, times, dates and years are values, not ids.
    ("Call the client 3 times before Friday.", set()),
    ("The team has 12 engineers and a budget of $40,000.", set()),
    ("The launch moved to March 14, 2025 at 9 am.", set()),
    ("In 2024 we opened two offices.", set()),
    ("Down for 47 minutes after the deploy.", set()),
]


@pytest.mark.parametrize(("text", "expected"), LABELLED)
def test_identifiers_of_a_note(text: str, expected: set[str]):
    assert identifiers(text) == expected


def test_different_identifiers_of_one_kind_conflict_and_others_do_not():
    assert conflict({"invoice:1042"}, {"invoice:1043"}) == "different invoice: 1042 here, 1043 there"
    assert conflict({"invoice:1042"}, {"invoice:1042", "invoice:1043"}) is None  # one in common
    assert conflict({"sprint:14"}, {"room:14"}) is None  # another kind: says nothing
    assert conflict({"invoice:1042"}, set()) is None  # a note naming none is not told apart
    assert conflict(None, {"invoice:1042"}) is None  # a memory stored before identifiers were kept


# Pairs of templated notes that read nearly the same and differ in what they are about.
DIFFERENT_SUBJECTS = [
    ("Invoice 1042 from Acme was paid on March 3.", "Invoice 1043 from Acme was paid on March 5."),
    (
        "Sprint 14 retro: the team agreed to cap work in progress at three items.",
        "Sprint 15 retro: the team agreed to cap work in progress at four items.",
    ),
    (
        "INC-311 was resolved at 14:20 after the cache was flushed.",
        "INC-312 was resolved at 16:05 after the cache was flushed.",
    ),
    ("Ticket #5531 is assigned to Ravi Patel.", "Ticket #5532 is assigned to Lucia Romano."),
    ("Room 4B is booked for the offsite on Thursday.", "Room 4C is booked for the offsite on Friday."),
]


def _remember(client, headers, content: str, timestamp: str) -> dict:
    response = client.post("/v1/remember", json={"content": content, "timestamp": timestamp}, headers=headers)
    assert response.status_code == 201, response.text
    return response.json()


@pytest.mark.parametrize(("first", "second"), DIFFERENT_SUBJECTS)
def test_notes_about_different_identifiers_are_never_the_same_fact(client, headers, first, second):
    earlier = _remember(client, headers, first, "2025-03-03T10:00:00Z")
    later = _remember(client, headers, second, "2025-03-05T10:00:00Z")
    kinds = {link["kind"] for link in later["links"] if link["target_id"] == earlier["id"]}
    assert kinds & {"duplicate", "supersedes", "contradicts"} == set(), later["links"]
    # Still related: they read alike and are about the same kind of thing.
    assert kinds, later["links"]
    findings = client.post("/v1/lint", json={}, headers=headers).json()["findings"]
    assert [f for f in findings if f["kind"] in ("duplicate_memory", "contradiction")] == []


def test_the_same_identifier_with_a_changed_value_still_supersedes(client, headers):
    earlier = _remember(client, headers, "Invoice 1042 from Acme is due on March 10.", "2025-03-01T10:00:00Z")
    later = _remember(client, headers, "Invoice 1042 from Acme is due on March 24.", "2025-03-05T10:00:00Z")
    kinds = {link["kind"] for link in later["links"] if link["target_id"] == earlier["id"]}
    assert "supersedes" in kinds, later["links"]


def test_check_and_ask_keep_to_the_identifier_named(client, headers):
    first = _remember(client, headers, "Invoice 1042 from Acme was paid on March 3.", "2025-03-03T10:00:00Z")
    second = _remember(client, headers, "Invoice 1043 from Acme was paid on March 5.", "2025-03-05T10:00:00Z")

    other = client.post(
        "/v1/check", json={"context": "Invoice 1043 from Acme was paid on March 5."}, headers=headers
    ).json()
    assert other["show"] is False, other
    changed = client.post(
        "/v1/check", json={"context": "Invoice 1042 from Acme was paid on March 9."}, headers=headers
    ).json()
    assert changed["show"] is True, changed
    assert {c["memory_id"] for c in changed["contradictions"]} == {first["id"]}

    for question, wanted, unwanted in (
        ("When was invoice 1042 paid?", first, second),
        ("When was invoice 1043 paid?", second, first),
    ):
        answer = client.post("/v1/ask", json={"question": question}, headers=headers).json()
        cited = [source["id"] for source in answer["sources"]]
        assert cited and cited[0] == wanted["id"], answer
        assert unwanted["id"] not in cited, answer


@pytest.mark.parametrize(
    ("earlier", "later", "replaces"),
    [
        (
            "Carla Mendes owns the vendor contract review.",
            "Carla Mendes handed the vendor contract review over to Dmitri Petrov.",
            True,
        ),
        (
            "We decided to use PostgreSQL for the warehouse.",
            "We switched from PostgreSQL to Snowflake for the warehouse instead.",
            True,
        ),
        ("The offsite is in Rotterdam.", "We moved the offsite from Rotterdam to Utrecht.", True),
        ("Priya leads the mobile team.", "Priya no longer leads the mobile team; Jonas does.", True),
        # The change's words around what it changes ("switched the … CI from A to B").
        (
            "We use Jenkins for the data platform CI.",
            "We switched the data platform CI from Jenkins to Buildkite.",
            True,
        ),
        # A change of something else is not a change of this.
        (
            "Tomás Silva took over the Northwind account.",
            "Amara Okafor replaced Tomás as the Kestrel owner.",
            False,
        ),
        ("The team standup runs long.", "We moved the standup from 9 to 10.", False),
        ("Carla owns the vendor contract review.", "Carla reviewed the vendor contract.", False),
        ("The price rose 2.5 percent.", "We switched the lights off.", False),
    ],
)
def test_a_stated_change_of_the_same_subject(earlier: str, later: str, replaces: bool):
    from pipelines.nlp.changes import changed_sentences, same_subject

    changes = changed_sentences([later])
    assert any(same_subject(change, earlier) for change in changes) is replaces


def test_what_a_corrected_memory_says_about_something_else_still_answers(client, headers):
    """A later note that changes one clause of an earlier one leaves its other clauses as answers."""
    for content, ts in (
        (
            "We use Jenkins for the data platform CI; Olumide Adeyemi maintains the build agents.",
            "2026-03-02",
        ),
        ("We switched the data platform CI from Jenkins to Buildkite.", "2026-03-09"),
    ):
        body = {"content": content, "timestamp": f"{ts}T09:00:00Z"}
        assert client.post("/v1/remember", json=body, headers=headers).status_code == 201
    ask = client.post("/v1/ask", json={"question": "Who maintains the build agents?"}, headers=headers).json()
    assert "Olumide Adeyemi maintains the build agents" in ask["text"], ask
    assert "We use Jenkins" not in ask["text"], ask
    ci = client.post(
        "/v1/ask", json={"question": "Which CI does the data platform use?"}, headers=headers
    ).json()
    assert "Buildkite" in ci["text"] and "We use Jenkins" not in ci["text"], ci
