"""Notes of a fictional logistics company, and questions that name a person: by full name, first name,
or the name alone, asking who they are or what they wanted, said, decided or own. Each question's
answer is in one note (`NOTES[i]`). Split: DEV questions were used while building; HELD_OUT questions
were written with them, then only scored (`tests/test_people.py` reports both parts)."""

from __future__ import annotations

NOTES = [
    # 0
    "Kickoff call with Dana Whitfield from Northwind Freight. She wants weekly status reports every "
    "Monday and a single contact for escalations.",
    # 1
    "Mei Chen: I reviewed the carrier contracts and two of them renew automatically in June.",
    # 2
    "Standup notes. Kwame Mensah decided to move the Rotterdam pilot to the second warehouse. "
    "Tomasz will update the route plan by Thursday.",
    # 3
    "Hi Oliver, thanks for the quick turnaround. Fatima Al-Sayed asked us to resend the customs forms "
    "with the corrected HS codes. Best, Ingrid",
    # 4
    "Hyun-woo Park is our new data engineer; he joined from the Seoul office and owns the billing "
    "pipeline now.",
    # 5
    "Priya Nair: the forklift batteries in bay 3 keep failing, I think we need a new supplier.",
    # 6
    "Lars Johansson approved the budget for the cold-storage retrofit. He wants the work finished "
    "before the peak season.",
    # 7
    "Oluwaseun Adeyemi presented the driver retention survey. Most drivers asked for predictable "
    "shifts rather than higher overtime pay.",
    # 8
    "Retro: the team felt the handover from night shift was rushed. Beatriz Santos suggested a "
    "ten-minute overlap between shifts.",
    # 9
    "Call with Ahmed Karimi about the Hamburg depot lease. He said the landlord will not extend "
    "the lease past December.",
    # 10 — noise: other people, similar topics
    "Weekly report sent to the board. Margins improved in the southern region.",
    # 11
    "Jonas Weber: the new scanners arrived, but the firmware still needs an update.",
    # 12
    "Lunch with the sales team. Everyone liked the new canteen menu.",
    # 13
    "Anika Rao wants the onboarding checklist translated into Polish and Portuguese.",
]

# (question, index of the note that answers it)
DEV = [
    ("Who is Dana Whitfield?", 0),
    ("What did Dana Whitfield want?", 0),
    ("Dana Whitfield", 0),
    ("What did Mei Chen say about the carrier contracts?", 1),
    ("What did Kwame decide?", 2),
    ("What did Fatima Al-Sayed ask for?", 3),
    ("Who is Hyun-woo Park?", 4),
]
HELD_OUT = [
    ("What did Priya say?", 5),
    ("What did Lars Johansson approve?", 6),
    ("Oluwaseun Adeyemi", 7),
    ("What did Beatriz suggest?", 8),
    ("What did Ahmed Karimi say about the lease?", 9),
    ("Who is Jonas Weber?", 11),
    ("What does Anika Rao want?", 13),
]
