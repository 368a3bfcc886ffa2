"""Statement / stored-memory pairs for /v1/check, labelled by hand: a contradiction (with what
differs), consistent, or unrelated. Memories are dated Tuesday 2026-03-10 unless they say otherwise."""

from __future__ import annotations

CONTRADICTION, CONSISTENT, UNRELATED = "contradiction", "consistent", "unrelated"

PAIRS: list[tuple[str, str, str]] = [
    # contradictions: date
    ("The launch is on Friday.", "The launch is on Monday.", CONTRADICTION),
    ("We ship the beta on March 20.", "We ship the beta on April 2.", CONTRADICTION),
    ("Ana's birthday is on May 3.", "Ana's birthday is on June 12.", CONTRADICTION),
    ("The board meeting is next Tuesday.", "The board meeting is on Thursday.", CONTRADICTION),
    (
        "The contract with Oracle expires on June 30.",
        "The contract with Oracle expires on September 30.",
        CONTRADICTION,
    ),
    ("The offsite is confirmed for May 14.", "The offsite is confirmed for May 21.", CONTRADICTION),
    # contradictions: number or amount
    ("The budget for the campaign is $50,000.", "The budget for the campaign is $80,000.", CONTRADICTION),
    ("We are hiring two backend engineers.", "We are hiring five backend engineers.", CONTRADICTION),
    ("The Pro plan costs $49 a month.", "The Pro plan costs $59 a month.", CONTRADICTION),
    ("The outage lasted 40 minutes.", "The outage lasted 3 hours.", CONTRADICTION),
    ("Our team has 12 people.", "Our team has 20 people.", CONTRADICTION),
    (
        "The API rate limit is 100 requests per second.",
        "The API rate limit is 500 requests per second.",
        CONTRADICTION,
    ),
    # contradictions: place
    ("Ana Lopez lives in Berlin.", "Ana Lopez lives in Madrid.", CONTRADICTION),
    ("The offsite will be held in Porto.", "The offsite will be held in Lisbon.", CONTRADICTION),
    ("The new office is in London.", "The new office is in Dublin.", CONTRADICTION),
    ("Tom moved to Paris last year.", "Tom moved to Munich last year.", CONTRADICTION),
    # contradictions: person
    ("Priya Raman owns the migration plan.", "Jonas Weber owns the migration plan.", CONTRADICTION),
    (
        "The keynote will be given by Maria Gonzalez.",
        "The keynote will be given by Elena Petrova.",
        CONTRADICTION,
    ),
    (
        "Bob Lee is the on-call engineer this week.",
        "Ravi Kumar is the on-call engineer this week.",
        CONTRADICTION,
    ),
    ("Sarah Kim leads the design team.", "Mei Chen leads the design team.", CONTRADICTION),
    # contradictions: polarity
    (
        "We decided to renew the contract with Oracle.",
        "We decided not to renew the contract with Oracle.",
        CONTRADICTION,
    ),
    ("The mobile release is postponed.", "The mobile release is not postponed.", CONTRADICTION),
    ("Carlos will attend the conference.", "Carlos will not attend the conference.", CONTRADICTION),
    (
        "The feature flag is enabled in production.",
        "The feature flag is disabled in production.",
        CONTRADICTION,
    ),
    ("The board approved the hiring plan.", "The board rejected the hiring plan.", CONTRADICTION),
    # contradictions: a choice (what was decided on), a duration in other units
    (
        "We decided to use MySQL for the warehouse.",
        "We decided to use PostgreSQL for the warehouse.",
        CONTRADICTION,
    ),
    (
        "The team will go with Figma for the redesign.",
        "The team will go with Sketch for the redesign.",
        CONTRADICTION,
    ),
    ("The site was down for 2 hours.", "The site was down for 47 minutes.", CONTRADICTION),
    ("Bob will book the auditors by Monday.", "Bob will book the auditors by Friday.", CONTRADICTION),
    # consistent: the same fact, said again or in other words
    ("The site was down for 2 hours.", "The site was down for 120 minutes.", CONSISTENT),
    ("We decided to use PostgreSQL for the warehouse.", "PostgreSQL runs the warehouse.", CONSISTENT),
    # consistent: different identifiers of one kind are different facts, not a contradiction
    ("Invoice 1043 was paid on March 5.", "Invoice 1042 was paid on March 3.", CONSISTENT),
    ("The launch is on Friday.", "We launch on Friday as planned.", CONSISTENT),
    ("The budget for the campaign is $50,000.", "Marketing has $50,000 for the campaign.", CONSISTENT),
    ("Ana Lopez lives in Berlin.", "Ana Lopez has an apartment in Berlin.", CONSISTENT),
    ("Priya Raman owns the migration plan.", "The migration plan is Priya Raman's.", CONSISTENT),
    ("We decided to renew the contract with Oracle.", "The Oracle contract was renewed.", CONSISTENT),
    ("The outage lasted 40 minutes.", "Checkout was down for 40 minutes.", CONSISTENT),
    ("The offsite will be held in Porto.", "Porto is where the offsite takes place.", CONSISTENT),
    ("We are hiring two backend engineers.", "Two backend engineer roles are open.", CONSISTENT),
    ("The Pro plan costs $49 a month.", "Pro is $49 per month.", CONSISTENT),
    ("Sarah Kim leads the design team.", "Sarah Kim is the head of design.", CONSISTENT),
    # unrelated: a different subject altogether
    ("The launch is on Friday.", "Dinner with Sam on Saturday was lovely.", UNRELATED),
    ("The budget for the campaign is $50,000.", "The wifi password is hunter2.", UNRELATED),
    ("Ana Lopez lives in Berlin.", "The build is green again.", UNRELATED),
    ("Priya Raman owns the migration plan.", "Mom's birthday is on March 22.", UNRELATED),
    ("The outage lasted 40 minutes.", "We are hiring five backend engineers.", UNRELATED),
    ("Carlos will attend the conference.", "The Pro plan costs $59 a month.", UNRELATED),
    ("The new office is in London.", "Bob Lee is the on-call engineer this week.", UNRELATED),
    ("We decided to renew the contract with Oracle.", "Tom moved to Munich last year.", UNRELATED),
    ("The feature flag is enabled in production.", "Sarah Kim leads the design team.", UNRELATED),
]
