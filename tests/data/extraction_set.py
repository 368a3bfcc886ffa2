# ruff: noqa: E501  (the notes are data: each stays on one line as written)
"""A labelled set of short notes, written for the tests, with what a careful reader extracts.

Every note is dated Tuesday 2026-03-10 09:00 UTC unless it says otherwise; relative dates resolve
against that ("by Friday" is 2026-03-13). Fields:
- people, organizations: canonical names (the longest form used in the note).
- decisions: for each decision, words its clause must contain.
- action_items: (words the item's text must contain, owner or None, due ISO date or None).
- dates: the ISO dates mentioned.
- sentiment: positive, neutral, negative or mixed.
"""

from __future__ import annotations

TIMESTAMP = "2026-03-10T09:00:00+00:00"


def note(
    text,
    *,
    people=(),
    organizations=(),
    decisions=(),
    action_items=(),
    dates=(),
    sentiment="neutral",
    timestamp=TIMESTAMP,
):
    return {
        "text": text,
        "timestamp": timestamp,
        "people": list(people),
        "organizations": list(organizations),
        "decisions": list(decisions),
        "action_items": [list(a) for a in action_items],
        "dates": list(dates),
        "sentiment": sentiment,
    }


NOTES = [
    # Meetings
    note(
        "Weekly sync with Priya Raman and Tom Becker. We decided to postpone the mobile release until the "
        "accessibility audit is done. Tom will book the auditors by Friday.",
        people=["Priya Raman", "Tom Becker"],
        decisions=["postpone the mobile release"],
        action_items=[("book the auditors", "Tom Becker", "2026-03-13")],
        dates=["2026-03-13"],
    ),
    note(
        "Board meeting notes: the board approved the 2027 budget. Maria Gonzalez presented the hiring plan "
        "and everyone was excited about the new office in Lisbon.",
        people=["Maria Gonzalez"],
        decisions=["approved the 2027 budget"],
        sentiment="positive",
    ),
    note(
        "Call with Stripe about the payment failures. They agreed to raise our rate limit. Dev needs to "
        "update the retry logic before March 20.",
        people=["Dev"],
        organizations=["Stripe"],
        decisions=["raise our rate limit"],
        action_items=[("update the retry logic", "Dev", "2026-03-20")],
        dates=["2026-03-20"],
        sentiment="negative",
    ),
    note(
        "Standup: Lena finished the search index migration. Omar is blocked on the staging database. "
        "Lena will pair with Omar tomorrow.",
        people=["Lena", "Omar"],
        action_items=[("pair with Omar", "Lena", "2026-03-11")],
        dates=["2026-03-11"],
    ),
    note(
        "Design review for the onboarding flow with Sarah Kim from Figma. We agreed to drop the tutorial "
        "video. Sarah will send revised mockups next Monday.",
        people=["Sarah Kim"],
        organizations=["Figma"],
        decisions=["drop the tutorial video"],
        action_items=[("send revised mockups", "Sarah Kim", "2026-03-16")],
        dates=["2026-03-16"],
    ),
    note(
        "Quarterly planning with Acme Corp. Decision: we will migrate the billing service to Postgres. "
        "Jonas Weber owns the migration plan, due March 31.",
        people=["Jonas Weber"],
        organizations=["Acme Corp"],
        decisions=["migrate the billing service"],
        action_items=[("migration plan", "Jonas Weber", "2026-03-31")],
        dates=["2026-03-31"],
    ),
    note(
        "Retro went really well. The team loved the new deploy pipeline and nobody got paged this sprint.",
        sentiment="positive",
    ),
    note(
        "1:1 with Aisha. She wants to move to the platform team. I will talk to Kevin about it on Thursday.",
        people=["Aisha", "Kevin"],
        action_items=[("talk to Kevin", None, "2026-03-12")],
        dates=["2026-03-12"],
    ),
    # Chats
    note("hey can you review my PR when you get a chance? it's the one fixing the cache bug"),
    note(
        "Bob Lee: I pushed the hotfix. Bob will keep an eye on the error rates tonight.",
        people=["Bob Lee"],
        action_items=[("keep an eye on the error rates", "Bob Lee", "2026-03-10")],
        dates=["2026-03-10"],
    ),
    note("lol the demo crashed in front of the whole company. worst day ever", sentiment="negative"),
    note(
        "Great news: Netflix signed the contract! Huge thanks to Elena Petrova for closing it.",
        people=["Elena Petrova"],
        organizations=["Netflix"],
        sentiment="positive",
    ),
    note("ok sounds good, see you then"),
    note(
        "Remind me to renew the SSL certificate before April 2.",
        action_items=[("renew the SSL certificate", None, "2026-04-02")],
        dates=["2026-04-02"],
    ),
    note(
        "Carlos and Mei decided to split the API into two services. Mei will write the RFC by next Friday.",
        people=["Carlos", "Mei"],
        decisions=["split the API into two services"],
        action_items=[("write the RFC", "Mei", "2026-03-20")],
        dates=["2026-03-20"],
    ),
    # E-mails
    note(
        "Subject: Contract renewal\n\nHi Paul,\n\nMicrosoft has confirmed the renewal terms. Please sign the "
        "agreement by March 15 and send it back to Linda Chow.\n\nThanks,\nGrace",
        people=["Paul", "Linda Chow", "Grace"],
        organizations=["Microsoft"],
        action_items=[("sign the agreement", "Paul", "2026-03-15")],
        dates=["2026-03-15"],
    ),
    note(
        "Dear team, I am sad to announce that Henrik Larsen is leaving Spotify at the end of the month. "
        "We will miss him.",
        people=["Henrik Larsen"],
        organizations=["Spotify"],
        dates=["2026-03-31"],
        sentiment="negative",
    ),
    note(
        "Hi all, the offsite is confirmed for May 14 in Porto. Julia will share the agenda next week.",
        people=["Julia"],
        action_items=[("share the agenda", "Julia", "2026-03-16")],
        dates=["2026-05-14", "2026-03-16"],
    ),
    note(
        "From: Nadia Hassan\nThe vendor contract with Oracle expires on June 30. We chose not to renew it.",
        people=["Nadia Hassan"],
        organizations=["Oracle"],
        decisions=["not to renew"],
        dates=["2026-06-30"],
    ),
    note("Thanks for the quick turnaround on the invoice, really appreciate it!", sentiment="positive"),
    # Incidents
    note(
        "Incident: checkout was down for 40 minutes because of an expired certificate at Cloudflare. "
        "Customers were furious.",
        organizations=["Cloudflare"],
        sentiment="negative",
    ),
    note(
        "Postmortem: the outage started yesterday at 14:00 when a bad config was deployed. Ravi must add a "
        "config validation step by Monday.",
        people=["Ravi"],
        action_items=[("add a config validation step", "Ravi", "2026-03-16")],
        dates=["2026-03-09", "2026-03-16"],
        sentiment="negative",
    ),
    note(
        "Database latency spiked again. The on-call engineer restarted the replica and things are stable now.",
        sentiment="mixed",
    ),
    note(
        "Security alert from GitHub: a leaked token was found in the docs repo. Rotate all deploy keys today.",
        organizations=["GitHub"],
        action_items=[("Rotate all deploy keys", None, "2026-03-10")],
        dates=["2026-03-10"],
        sentiment="negative",
    ),
    # Plans and ideas
    note("Idea: we could offer a free tier for students. Might help adoption in universities."),
    note("Plan for Q2: hire two backend engineers, launch the EU region, and cut cloud costs by 20%."),
    note("Maybe we should try pair programming on Fridays? Could be fun."),
    note(
        "Roadmap: the API v2 launch is scheduled for April 15. Anthropic and OpenAI integrations come after "
        "that.",
        organizations=["Anthropic", "OpenAI"],
        dates=["2026-04-15"],
    ),
    note(
        "We agreed with Siemens to run a pilot in two factories starting April 1.",
        organizations=["Siemens"],
        decisions=["run a pilot in two factories"],
        dates=["2026-04-01"],
    ),
    note(
        "Todo: Fatima needs to finish the data retention policy by the end of the week.",
        people=["Fatima"],
        action_items=[("finish the data retention policy", "Fatima", "2026-03-13")],
        dates=["2026-03-13"],
    ),
    # Personal
    note(
        "Dinner with Sam and Alex on Saturday was lovely. We should do it more often.",
        people=["Sam", "Alex"],
        dates=["2026-03-07"],
        sentiment="positive",
    ),
    note("Feeling exhausted after the move. The new apartment is great though.", sentiment="mixed"),
    note(
        "Mom's birthday is on March 22. Buy flowers.",
        action_items=[("Buy flowers", None, None)],
        dates=["2026-03-22"],
    ),
    note("Dentist appointment moved to Wednesday at 10am.", dates=["2026-03-11"]),
    # No entities
    note("The build is green again."),
    note("Need more coffee."),
    note("Refactored the parser; tests pass and it is twice as fast.", sentiment="positive"),
    # Non-English
    note(
        "Das Meeting mit Siemens war sehr gut. Klaus schickt morgen das Angebot.",
        people=["Klaus"],
        organizations=["Siemens"],
        action_items=[("schickt morgen das Angebot", "Klaus", "2026-03-11")],
        dates=["2026-03-11"],
        sentiment="positive",
    ),
    note(
        "Reunión con Telefónica: decidimos cambiar el proveedor. María enviará el informe el viernes.",
        people=["María"],
        organizations=["Telefónica"],
        decisions=["cambiar el proveedor"],
        action_items=[("enviará el informe", "María", "2026-03-13")],
        dates=["2026-03-13"],
    ),
    note("Réunion annulée. On se voit la semaine prochaine.", dates=["2026-03-16"]),
    # Messy
    note(
        "mtg w/ jake re: pricing -> decided to keep the $49 plan. jake to email finance by thu",
        people=["jake"],
        decisions=["keep the $49 plan"],
        action_items=[("email finance", "jake", "2026-03-12")],
        dates=["2026-03-12"],
    ),
    note(
        "- fix login bug (Priya)\n- update docs (Tom)\n- release v1.4 on March 18",
        people=["Priya", "Tom"],
        action_items=[("fix login bug", "Priya", None), ("update docs", "Tom", None)],
        dates=["2026-03-18"],
    ),
    note("URGENT!!! prod is down again, third time this week. This is unacceptable.", sentiment="negative"),
    note(
        "Kubernetes upgrade done. Google Cloud support was helpful, but the docs from Red Hat were confusing.",
        organizations=["Google Cloud", "Red Hat"],
        sentiment="mixed",
    ),
    note(
        "Tom Becker approved the new vacation policy. Tom said it starts next month.",
        people=["Tom Becker"],
        decisions=["approved the new vacation policy"],
        dates=["2026-04-01"],
    ),
    note(
        "Jenny from Amazon asked whether we support SSO. Send her the security whitepaper tomorrow.",
        people=["Jenny"],
        organizations=["Amazon"],
        action_items=[("Send her the security whitepaper", None, "2026-03-11")],
        dates=["2026-03-11"],
    ),
]
