"""Pairs of notes labelled same-topic or not, for choosing `pipelines.ingest.links.SAME_TOPIC`."""

SAME_TOPIC = [
    (
        "The billing service migration to Postgres starts next sprint.",
        "We need a rollback plan for the billing database migration.",
    ),
    (
        "Checkout was down for 40 minutes after a certificate expired.",
        "Postmortem for the checkout outage: renew certificates automatically.",
    ),
    (
        "Priya is hiring two backend engineers for the platform team.",
        "Interview loop for the backend engineer role is set for Thursday.",
    ),
    (
        "The mobile release is postponed until the accessibility audit.",
        "Accessibility auditors booked to review the mobile app.",
    ),
    (
        "Customers complain that the search results are slow.",
        "Search latency p95 went up to 2 seconds after the index change.",
    ),
    (
        "Marketing wants a new landing page for the spring campaign.",
        "Draft copy for the spring campaign landing page is ready for review.",
    ),
    (
        "The offsite in Porto is confirmed for May 14.",
        "Agenda for the Porto offsite: strategy in the morning, team dinner at night.",
    ),
    (
        "Our AWS bill doubled this month because of idle GPU instances.",
        "Cut cloud costs: shut down the idle GPU machines on weekends.",
    ),
    (
        "Stripe raised our API rate limit after the payment failures.",
        "Retry logic for failed Stripe payments needs an exponential back-off.",
    ),
    ("Mom's birthday is on March 22; buy flowers.", "Order flowers and a cake for mum's birthday party."),
    (
        "The onboarding tutorial video is dropped from the design.",
        "New onboarding flow mockups without the tutorial video.",
    ),
    (
        "Security alert: a deploy token leaked in the docs repository.",
        "Rotate every deploy key after the token leak.",
    ),
]

DIFFERENT_TOPIC = [
    (
        "The billing service migration to Postgres starts next sprint.",
        "Dinner with Sam and Alex on Saturday was lovely.",
    ),
    (
        "Checkout was down for 40 minutes after a certificate expired.",
        "Marketing wants a new landing page for the spring campaign.",
    ),
    (
        "Priya is hiring two backend engineers for the platform team.",
        "Mom's birthday is on March 22; buy flowers.",
    ),
    (
        "The mobile release is postponed until the accessibility audit.",
        "Our AWS bill doubled this month because of idle GPU instances.",
    ),
    ("Customers complain that the search results are slow.", "The offsite in Porto is confirmed for May 14."),
    (
        "Feeling exhausted after the move; the new apartment is great.",
        "Stripe raised our API rate limit after the payment failures.",
    ),
    ("Need more coffee.", "The board approved the 2027 budget."),
    ("Refactored the parser and the tests pass.", "Henrik is leaving the company at the end of the month."),
    (
        "The onboarding tutorial video is dropped from the design.",
        "Security alert: a deploy token leaked in the docs repository.",
    ),
    (
        "Dentist appointment moved to Wednesday.",
        "Quarterly planning with Acme about the data retention policy.",
    ),
    ("Idea: a free tier for students.", "The build is green again after the flaky test fix."),
    ("Kubernetes upgrade finished without downtime.", "Buy a present for Julia's wedding."),
]
