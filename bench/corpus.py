"""A seeded, reproducible corpus of realistic notes, chats and e-mails: recurring people and
organizations, dates, decisions and action items, about 100 words each."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

PEOPLE = [
    "Priya Raman",
    "Tom Becker",
    "Ana Lopez",
    "Bob Lee",
    "Maria Gonzalez",
    "Jonas Weber",
    "Mei Chen",
    "Carlos Diaz",
    "Fatima Khan",
    "Elena Petrova",
    "Ravi Kumar",
    "Sarah Kim",
    "Omar Haddad",
    "Lena Vogel",
]
ORGS = ["Acme Corp", "Globex", "Initech", "Stripe", "Siemens", "Netflix", "Oracle", "Figma", "Cloudflare"]
TOPICS = [
    "billing migration",
    "mobile release",
    "search latency",
    "pricing page",
    "hiring plan",
    "data retention",
    "onboarding flow",
    "cloud costs",
    "security review",
    "API v2 launch",
    "customer churn",
    "EU region",
]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
SOURCES = ["slack", "email", "meeting", "notes"]
FILLER = [
    "The team walked through the open questions and the numbers from last week.",
    "Most of the discussion was about risks, timelines and who needs to be involved.",
    "Some concerns came up about testing coverage and the support load after launch.",
    "We also looked at the feedback from customers and the dashboard trends.",
    "Nothing is blocked yet, but the schedule is tight and dependencies are unclear.",
    "The notes below capture the main points so that people who missed it can catch up.",
]


@dataclass
class Note:
    content: str
    source: str
    timestamp: datetime


def note(rng: random.Random, index: int, start: datetime) -> Note:
    a, b = rng.sample(PEOPLE, 2)
    org, topic, day = rng.choice(ORGS), rng.choice(TOPICS), rng.choice(WEEKDAYS)
    opening = rng.choice(
        [
            f"Weekly sync with {a} and {b} about the {topic}.",
            f"Call with {org} about the {topic}; {a} joined from their side.",
            f"Subject: {topic}\n\nHi {b.split()[0]}, quick update from {a} on the {topic} with {org}.",
            f"{a}: heads up, the {topic} needs attention before the review with {org}.",
        ]
    )
    decision = rng.choice(
        [
            f"We decided to move the {topic} to next quarter.",
            f"{org} agreed to extend the pilot for the {topic}.",
            f"The group approved the new plan for the {topic}.",
        ]
    )
    action = rng.choice(
        [
            f"{b.split()[0]} will send the summary to {org} by {day}.",
            f"{a.split()[0]} needs to update the {topic} document before {day}.",
            f"Please review the {topic} budget by {day}.",
        ]
    )
    body = " ".join(rng.sample(FILLER, 5))
    content = f"{opening} {body} {decision} {action}"
    return Note(content=content, source=rng.choice(SOURCES), timestamp=start + timedelta(hours=index))


def corpus(count: int, seed: int = 7) -> list[Note]:
    rng = random.Random(seed)
    start = datetime(2026, 1, 5, 9, tzinfo=UTC)
    return [note(rng, i, start) for i in range(count)]
