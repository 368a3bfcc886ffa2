"""From what the models found to the contract's objects: canonical, deduplicated names (with what the
account's graph knows of full names), dates resolved against the memory's time, and the lists
`cypher/memory/create` unwinds into nodes and relationships.
"""

from __future__ import annotations

import calendar
from datetime import UTC, date, datetime, time

from models.memory import ActionItem, DateMention, Extraction
from pipelines.nlp.dates import counts_from_the_last, from_the_last, resolve_mention
from pipelines.nlp.extract import Mentions, is_first_name
from pipelines.nlp.names import first_key, merge_short_forms, name_key, plain_key, variant_key
from pipelines.runtime.ids import new_id


def single_names(mentions: Mentions) -> list[str]:
    """First-name keys of one-word people, and of the lone words read as no name, to look up their full
    names in the account."""
    names = mentions.people + [a.owner for a in mentions.actions if a.owner] + mentions.short_names
    names += [o for o in mentions.organizations if " " not in o.strip()]  # "Tunde's group meeting"
    return sorted({name_key(n) for n in names if n and " " not in name_key(n)})


def short_words(mentions: Mentions) -> list[str]:
    """Keys of the lone words that may be short forms of the account's organizations: those read as no
    name, one-word organizations, and the first words of people (a company the account knows, read
    here as a person: "a one-star review on Etsy", "Velas Norte's first delivery")."""
    words = [
        *mentions.short_names,
        *mentions.organization_words,
        *(o for o in mentions.organizations if " " not in o.strip()),
        *(p.split()[0] for p in mentions.people if p.strip()),
    ]
    return sorted({name_key(w) for w in words})


def build_extraction(
    mentions: Mentions,
    timestamp: datetime,
    known_people: dict[str, list[str]],
    known_organizations: dict[str, list[str]] | None = None,
) -> Extraction:
    """Canonical, deduplicated names; dates resolved against the memory's timestamp. `known_people`:
    first-name keys → the names of the account's people of that first name (the name alone among them
    where someone is known by it alone). A lone word that the account knows as the first name of one
    person is that person. A lone word that the account knows as the first word of one organization's
    name is that organization ("the Corvina depot feed" where "Corvina Logistics" is known), and so is a
    one-word organization ("Verano" where "Verano Foods" is)."""
    known_full_names = {k: [n for n in names if " " in n.strip()] for k, names in known_people.items()}
    known_alone = {k for k, names in known_people.items() if any(" " not in n.strip() for n in names)}

    def someones(word: str) -> bool:
        """Whether the account knows a lone word as one person's first name, or as someone's whole name
        ("Kasia", known alone from a meeting's notes), and as no organization's."""
        key = name_key(word)
        longer = set(known_full_names.get(key, []))
        return (len(longer) == 1 or (not longer and key in known_alone)) and not (
            known_organizations or {}
        ).get(key)

    owners = [a.owner for a in mentions.actions if a.owner]
    # A lone word the parser could not call a name ("Tomasz ordered 40 tonnes", a given name the
    # lexicons lack) is the account's person whose first name it is, when exactly one person has it.
    # ("Corvina" of Corvina Logistics stays the company's.)
    named = [w for w in mentions.short_names if someones(w)]
    # A one-word "organization" the account knows as one person's first name and as no organization's
    # is that person ("Booked the room for Tunde's group meeting", where Tunde Bakare is known; "Kasia
    # printed the price list", where Kasia is).
    read_as_organizations = [o for o in mentions.organizations if " " not in o.strip() and someones(o)]
    mentions_organizations = [o for o in mentions.organizations if o not in read_as_organizations]
    canonical = merge_short_forms(mentions.people + owners + named + read_as_organizations, known_full_names)
    full = {}
    for word in [*mentions_organizations, *mentions.short_names]:
        # A longer name it starts (an organization named by the word alone is the word already)
        names = [
            n
            for n in dict.fromkeys((known_organizations or {}).get(name_key(word), []))
            if name_key(n) != name_key(word)
        ]
        if len(names) == 1:
            full[word] = names[0]
    organizations = list(dict.fromkeys(full.get(o, o) for o in mentions_organizations))
    for (
        word
    ) in mentions.organization_words:  # "Riverside needs the pool", where Riverside Leisure Centre is known
        names = [
            n for n in dict.fromkeys((known_organizations or {}).get(name_key(word), [])) if " " in n.strip()
        ]
        if len(names) == 1:
            full[word] = names[0]
    shorts = [*mentions.short_names, *mentions.organization_words]
    organizations += [full[w] for w in shorts if w in full and full[w] not in organizations]
    # A "person" named exactly as an organization the account knows is that organization ("Pedro left
    # a review on Etsy", "Velas Norte's first delivery", where Etsy and Velas Norte are known) — a
    # one-word one when the account knows no person of that first name.
    for person in mentions.people:
        same = [
            known
            for known in (known_organizations or {}).get(name_key(person.split()[0]), [])
            if name_key(known) == name_key(person)
        ]
        # (Not a name a given name opens, "Lukas Brandt", which another note may have misread.)
        alone = " " not in person.strip()
        personal = known_full_names.get(name_key(person)) if alone else is_first_name(person.split()[0])
        if same and not personal and same[0] not in organizations:
            organizations.append(same[0])
    org_keys = {name_key(o) for o in organizations}
    # (a lone word read as someone who acts, "Corvina signed the amendment", is the account's company
    # whose short form it is, when no one known has it as a first name)
    org_keys |= {name_key(w) for w in mentions.short_names if w in full and not someones(w)}
    people = [p for p in dict.fromkeys(canonical.values()) if name_key(p) not in org_keys]
    dates: list[DateMention] = []
    past = set(mentions.past_dates)
    last: date | None = None  # the day the text named last: "the day after" counts from it
    for text in mentions.dates:
        if counts_from_the_last(text):
            day = from_the_last(text, last) if last is not None else None
            value = day.isoformat() if day is not None else None
        else:
            value = resolve_mention(text, timestamp, past=text in past)
        if value is not None and len(value) == 10:
            last = date.fromisoformat(value)
        if value is not None and all(d.text != text.strip() for d in dates):
            dates.append(DateMention(text=text.strip(), date=value))
    actions = []
    for action in mentions.actions:
        due = resolve_mention(action.due_text, timestamp) if action.due_text else None
        actions.append(
            ActionItem(
                text=action.text[:500],
                owner=canonical.get(action.owner) if action.owner else None,
                due=due,
                done=action.done,
            )
        )
    return Extraction(
        people=people,
        organizations=organizations,
        decisions=[d[:500] for d in dict.fromkeys(mentions.decisions)],
        action_items=actions,
        dates=dates,
    )


def entity_keys(extraction: Extraction) -> list[str]:
    """The keys the account's Person and Organization nodes are merged by."""
    return [name_key(name) for name in extraction.people + extraction.organizations]


def graph_lists(extraction: Extraction, tags: list[str]) -> dict[str, list]:
    """The lists `cypher/memory/create` unwinds into nodes and relationships."""
    return {
        "people": [{**_entity(p, "per"), "first_key": first_key(p)} for p in extraction.people],
        "organizations": [_entity(o, "org") for o in extraction.organizations],
        "tags": [{"name": t, "id": new_id("tag")} for t in tags],
        "decisions": [{"id": new_id("dec"), "text": d} for d in extraction.decisions],
        "action_items": [
            {
                "id": new_id("act"),
                "text": a.text,
                "owner": a.owner,
                # Normally the owner is among the people; the node is created here when not.
                "owner_node": {**_entity(a.owner, "per"), "first_key": first_key(a.owner)}
                if a.owner
                else None,
                "due": a.due,
                "due_ms": _due_ms(a.due),
                "done": a.done,
            }
            for a in extraction.action_items
        ],
    }


def _entity(name: str, prefix: str) -> dict[str, str]:
    # The id is set only when the node is created (MERGE ... ON CREATE): a fresh one per mention is fine.
    return {
        "key": name_key(name),
        "name": name,
        "id": new_id(prefix),
        "plain": plain_key(name),
        "variant": variant_key(name),
    }


def _due_ms(due: str | None) -> int | None:
    """The end of the due day, or of the due month when only a month is named (`YYYY-MM`)."""
    if not due:
        return None
    if len(due) == 7:
        year, month = int(due[:4]), int(due[5:])
        day = date(year, month, calendar.monthrange(year, month)[1])
    else:
        day = datetime.fromisoformat(due).date()
    return int(datetime.combine(day, time(23, 59, 59), UTC).timestamp() * 1000)
