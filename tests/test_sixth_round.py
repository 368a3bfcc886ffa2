"""The sixth round: check statements of the kinds a changed fact takes (an owner handed over, a place, a
tool, a version, a count, a day, a clock time, where something lives, a negation, a duration, an amount),
on notes written for this test (not the understanding corpus's), each with a statement that still holds."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest


def _remember(client, headers, content: str, day: str) -> None:
    response = client.post(
        "/v1/remember", json={"content": content, "timestamp": f"{day}T09:00:00Z"}, headers=headers
    )
    assert response.status_code == 201, response.text


HANDOVER = [
    (
        "Account review, 3 February. Hamid Farouk owns the Brennan Health account and sends them the "
        "monthly usage report.",
        "2026-02-03",
    ),
    (
        "Hamid Farouk moved to the partnerships team; Lea Novak took over the Brennan Health account on "
        "1 March.",
        "2026-03-01",
    ),
]
OFFSITE = [
    ("Offsite planning: the autumn offsite will be in Ghent, 14-16 October, at Hotel Rivage.", "2026-02-10"),
    ("Change of plan: the autumn offsite moves to Bruges because the Ghent venue cancelled.", "2026-03-04"),
]
BUILDS = [
    (
        "Platform sync: the mobile team's builds moved from CircleCI to Buildkite last week; CircleCI is "
        "switched off on Friday.",
        "2026-03-05",
    )
]
GATEWAY = [
    (
        "Release notes: production now runs version 5.1 of the payments gateway after Tuesday's upgrade.",
        "2026-03-05",
    )
]
RETRO = [
    (
        "Retro for sprint 31: we agreed to limit each sprint to eight stories and to pair on every hotfix.",
        "2026-03-06",
    )
]
STANDUP = [("Support team: from next week the stand-up is at 9:15 instead of 9:00.", "2026-03-06")]
HANDBOOK = [
    (
        "The onboarding handbook will live in the GitLab wiki, not on the shared drive. Owner: Petra Sousa.",
        "2026-03-02",
    )
]
RENEWAL = [("Tooling budget: we will not renew the Datadog contract in June.", "2026-03-02")]
OUTAGE = [
    (
        "Incident INC-611: the login service was down on 4 March for 25 minutes after a bad deploy.",
        "2026-03-04",
    )
]
DEAL = [
    (
        "Kickoff with Brennan Health: the renewal is worth USD 48,000 a year, signed by Oona Berg.",
        "2026-03-02",
    )
]
TRIP = [("Travel: Amara Osei flies to Accra on 11 May and returns on 15 May.", "2026-03-02")]
PAYROLL = [("Oskar Lind no longer runs the weekly payroll export.", "2026-03-02")]
KICKOFF = [("Sales kickoff: it will be held in Lyon on 9 January, hosted by Remi Garnier.", "2026-03-02")]


@pytest.mark.parametrize(
    ("notes", "statement", "show"),
    [
        (HANDOVER, "Hamid Farouk owns the Brennan Health account.", True),
        (HANDOVER, "Lea Novak owns the Brennan Health account.", False),
        (OFFSITE, "The autumn offsite is in Ghent.", True),
        (OFFSITE, "The autumn offsite is in Bruges.", False),
        (KICKOFF, "The sales kickoff is in Marseille.", True),
        (KICKOFF, "The sales kickoff is in Lyon.", False),
        (BUILDS, "The mobile team's builds run on CircleCI.", True),
        (BUILDS, "The mobile team's builds run on Buildkite.", False),
        (GATEWAY, "Production runs version 5.0 of the payments gateway.", True),
        (GATEWAY, "Production runs version 5.1 of the payments gateway.", False),
        (RETRO, "The sprint 31 retro agreed to limit each sprint to ten stories.", True),
        (RETRO, "The sprint 31 retro agreed to pair on every hotfix.", False),
        (STANDUP, "The support stand-up is at 9:00.", True),
        (STANDUP, "The support stand-up is at 9:15.", False),
        (HANDBOOK, "The onboarding handbook will live on the shared drive.", True),
        (HANDBOOK, "The onboarding handbook will live in the GitLab wiki.", False),
        (RENEWAL, "We will renew the Datadog contract in June.", True),
        (OUTAGE, "The login outage on 4 March lasted two hours.", True),
        (OUTAGE, "The login service was down for 25 minutes on 4 March.", False),
        (DEAL, "The Brennan Health renewal is worth USD 54,000 a year.", True),
        (TRIP, "Amara Osei returns from Accra on 16 May.", True),
        (TRIP, "Amara Osei returns from Accra on 15 May.", False),
        # What one sentence denies of one value, the other may say of another.
        (PAYROLL, "Mira Holt runs the weekly payroll export.", False),
        (PAYROLL, "Oskar Lind runs the weekly payroll export.", True),
        (RENEWAL, "We will renew the Datadog contract in September.", False),
    ],
)
def test_check_sees_a_changed_fact(client, headers, notes, statement, show):
    for content, day in notes:
        _remember(client, headers, content, day)
    result = client.post("/v1/check", json={"context": statement}, headers=headers).json()
    assert result["show"] is show, result


def test_a_reading_kept_by_older_rules_is_read_again(client):
    """A sentence's reading kept in the store by older reading rules (no version) is not restored: the
    sentence is parsed again, so an upgrade's rules apply to old memories too."""
    comparator = client.app.state.services.models.comparator
    when = datetime(2026, 3, 2, 9, tzinfo=UTC)
    sentence = "The sprint 31 retro agreed to eight stories."
    comparator._claims.clear()
    old = ["The sprint NUMBER retro agreed to NUMBER stories.", {"NUMBER": ["31", "8"]}, False, []]
    comparator.restore({sentence: old}, when)
    assert (sentence, when) not in comparator._claims
    kept = comparator.keep({sentence: comparator.nlp(sentence)}, when)
    comparator._claims.clear()
    comparator.restore(kept, when)
    assert comparator._claims[(sentence, when)].slots["NUMBER"] == {"8"}  # 31 says which retro
