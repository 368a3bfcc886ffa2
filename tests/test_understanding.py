"""`memsvc bench understanding` over the real app: the held-out part of bench/data/understanding.json is
held to floors, class by class (the tuned part is reported, not asserted). The floors sit below the
figures measured when they were set (docs/benchmarks.md has the table); a change that lowers a class
below its floor fails here."""

from __future__ import annotations

from bench.understanding import CLASSES, report, run

# (precision, recall) floors on the held-out part. Measured when set (docs/benchmarks.md): identity,
# change, e-mail and check 1.00 / 1.00, people 0.75 / 0.75, dates 0.79 / 1.00, entities 0.85 / 0.85,
# structured 0.94 / 1.00, overview 0.90 / 1.00, the same in repeated runs; with the questions added to
# reach 40 structured and overview questions (each measured before the code they exercise was written:
# docs/benchmarks.md), structured 0.81 / 0.96 and overview 0.95 / 0.91; with the third round's 24 notes
# (12 held out, scored, not worked on), e-mail 0.67 / 0.67 (one of three held-out e-mails' owners
# wrong), structured 0.83 / 0.93, overview 1.00 / 1.00, entities 0.87 / 0.90. Identity, change, e-mail and
# check have two to four held-out items each: their recall floors allow one miss (a tie between equal
# scores is broken by random ids), their precision floors none, and no false same-fact link is allowed.
# The fourth round (54 notes, 27 held out, 28 check statements, written before being run) measured,
# before any change it prompted: check 0.60 / 0.27, dates 0.80 / 0.80, e-mail 0.75 / 0.50, structured
# 0.84 / 0.80, entities 0.78 / 0.85 (bench/results/understanding-before-fourth-round.json); after the
# changes its tune notes prompted: check 1.00 / 0.46, dates 0.86 / 0.95, e-mail 1.00 / 0.67, entities
# 0.85 / 0.89, change 0.90 / 0.75 or 1.00 / 0.83 (a tie between equal scores), structured 0.82 / 0.89,
# overview 0.95 / 1.00, sentences 1.00 / 1.00 (bench/results/understanding-fourth-round.json).
# The fifth round (50 notes of May 2025, 25 held out, 22 check statements, written before being run)
# measured before any change: change 0.86 / 0.67, sentences 0.88 / 0.94, entities 0.84 / 0.85, overview
# 0.92 / 0.73 (bench/results/understanding-before-fifth-round.json); after the changes its tune notes
# and probe sentences prompted: change 0.87 / 0.72 or 0.94 / 0.83 from run to run (a tie between
# equal scores, broken by random ids: its floor allows the lower), sentences 1.00 / 1.00, entities
# 0.87 / 0.87, overview 0.95 / 0.92, check 0.92 / 0.58, structured 0.84 / 0.88, people 0.85 / 0.85, dates
# 0.90 / 0.96, e-mail 1.00 / 0.78 (understanding-fifth-round.json). Check's precision floor allows one
# more false warning among its 31 held-out statements; overview's recall floor, one more miss. The
# sixth round's check rules (a changed fact in a longer note): check 1.00 / 0.84, the other classes
# unchanged (understanding-sixth-round.json); its floors allow one more false warning and one more miss.
# The seventh round (names and dates as notes from several countries write them): people 0.92 / 0.92,
# dates 0.98 / 1.00, entities 0.94 / 0.97, check 1.00 / 0.90 (understanding-seventh-round.json); the
# floors allow one more miss in people and check, a few in entities and dates.
# The eighth round (three fresh sets, bench/data/understanding-{studio,freight,clinic}.json): held out
# check 0.94 / 0.90 (one more false warning), structured 0.85 / 0.88, the other classes unchanged
# (understanding-eighth-round.json); the floors stand.
FLOORS = {
    "identity": (0.9, 0.66),
    "change": (0.8, 0.65),
    "people": (0.84, 0.84),
    "dates": (0.9, 0.95),
    "entities": (0.88, 0.88),
    "sentences": (0.9, 0.9),
    "email": (0.9, 0.6),
    "check": (0.9, 0.84),
    "structured": (0.75, 0.8),
    "overview": (0.9, 0.85),
}


async def test_understanding_on_held_out_notes():
    result = await run()
    print("\n" + report(result))
    assert set(FLOORS) == set(CLASSES)
    assert result["false_same_fact_links"] == 0, result["misses"]["pairs"]
    low = {
        name: figures
        for name, (precision, recall) in FLOORS.items()
        if (figures := result["classes"][name]["held_out"])["precision"] < precision
        or figures["recall"] < recall
    }
    assert low == {}, (low, result["misses"])
