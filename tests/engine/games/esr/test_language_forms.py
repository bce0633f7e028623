"""German and Danish read as a native writes them where a sentence wraps a name or a
number. Each test renders real messages in de and da with counts 1 and 2 (and 0 where used) and
names a message never inflects: a Discord display name, and an AI seat named "KI (gierig)" /
"Grådig AI" (its own message in the bot: an adjective in German would need a case ending)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.game import Standing
from engine.core.i18n import use_locale
from engine.games.esr import events as ev
from engine.games.esr.gems import describe
from engine.games.esr.narrate import narrate
from engine.games.esr.offer_text import parse_offer
from tests.engine.games.esr.esr_builders import (
    KIND,
    act,
    at_instant,
    choose_all,
    event_id,
    fresh_state,
)

# Seat 0 a person, seat 1 an AI seat (as the bot names it in the channel's language), seat 2.
NAMES = {"de": ["Jürgen", "KI (gierig)", "Søren"], "da": ["Jürgen", "Grådig AI", "Søren"]}
EXCHANGE = 29  # the event card "Exchange" ("Tausch", "Byt")


def told(language: str, event: ev.GameEvent) -> str | None:
    """The terminal's (plain) line for an event, in `language`, with that language's names."""
    with use_locale(language):
        return narrate(event, NAMES[language])


@pytest.mark.parametrize(("gems", "de", "da"), [
    ([1, 0, 0, 0], "1 roter", "1 rød"),
    ([2, 0, 0, 0], "2 rote", "2 røde"),
    ([1, 1, 1, 1], "1 roter, 1 gelber, 1 grüner, 1 blauer", "1 rød, 1 gul, 1 grøn, 1 blå"),
    ([0, 2, 2, 2], "2 gelbe, 2 grüne, 2 blaue", "2 gule, 2 grønne, 2 blå"),
    ([0, 0, 0, 0], "nichts", "ingenting"),
])
def test_gemstone_counts_inflect_the_colour_with_the_number(gems: list[int], de: str,
                                                            da: str) -> None:
    for language, expected in (("de", de), ("da", da)):
        with use_locale(language):
            assert describe(gems) == expected


@pytest.mark.parametrize(("money", "gems", "de", "da"), [
    (1, 1, "1 Million, 1 Edelstein", "1 million, 1 ædelsten"),
    (2, 2, "2 Millionen, 2 Edelsteine", "2 millioner, 2 ædelstene"),
    (0, 0, "0 Millionen, 0 Edelsteine", "0 millioner, 0 ædelstene"),
])
def test_final_standings_count_millions_and_gemstones(money: int, gems: int, de: str,
                                                       da: str) -> None:
    standing = Standing(player=0, rank=1, score=money, detail={"gem_total": gems})
    for language, expected in (("de", de), ("da", da)):
        with use_locale(language):
            assert KIND.standing_text(standing) == expected


def test_millions_taken_and_games_begun_count_in_both_languages() -> None:
    assert told("de", ev.MoneyTaken(seat=1, amount=1)) == "KI (gierig) nimmt 1 Million."
    assert told("de", ev.MoneyTaken(seat=0, amount=2)) == "Jürgen nimmt 2 Millionen."
    assert told("da", ev.MoneyTaken(seat=1, amount=1)) == "Grådig AI tager 1 million."
    assert told("da", ev.MoneyTaken(seat=2, amount=2)) == "Søren tager 2 millioner."
    assert told("de", ev.GameStarted(players=3)) == "Ein Spiel für 3 Spieler beginnt."
    assert told("da", ev.GameStarted(players=3)) == "Et spil for 3 spillere begynder."
    assert told("de", ev.EventDeckShuffled(size=1)) == \
        "Der Ereignisstapel wird gemischt (1 Karte)."
    assert told("de", ev.EventDeckShuffled(size=2)) == \
        "Der Ereignisstapel wird gemischt (2 Karten)."
    assert told("da", ev.EventDeckShuffled(size=2)) == "Specialkortbunken blandes (2 kort)."


def test_a_negotiation_is_told_with_uninflected_names_around_prepositions() -> None:
    started = ev.NegotiationStarted(action="money", seats=[0, 1], opener=1, decided_by="red")
    assert told("de", started) == ("Jürgen und KI (gierig) haben beide [Geld] gewählt und "
                                   "verhandeln; KI (gierig) eröffnet (weniger rote Edelsteine).")
    assert told("da", started) == ("Jürgen og Grådig AI valgte begge [Penge] og forhandler; "
                                   "Grådig AI åbner (færre røde ædelstene).")
    opens = ev.OfferMade(action="money", seat=1, gems=[1, 0, 0, 0], how="opening")
    assert told("de", opens) == "KI (gierig) eröffnet mit dem Gebot: 1 roter."
    assert told("da", opens) == "Grådig AI åbner med 1 rød."
    more = ev.OfferMade(action="money", seat=0, gems=[0, 0, 0, 2], how="quantity")
    assert told("de", more) == "Jürgen überbietet (mehr Edelsteine): 2 blaue."
    assert told("da", more) == "Jürgen overbyder (flere ædelstene): 2 blå."
    higher = ev.OfferMade(action="money", seat=1, gems=[1, 1, 0, 0], how="value")
    assert told("de", higher) == "KI (gierig) überbietet (höherer Wert): 1 roter, 1 gelber."
    assert told("da", higher) == "Grådig AI overbyder (højere værdi): 1 rød, 1 gul."
    single = ev.OfferMade(action="gems", seat=2, gems=[0, 0, 1, 0], how="single")
    assert told("de", single) == "Søren bietet einen Edelstein: 1 grüner."
    assert told("da", single) == "Søren byder én ædelsten: 1 grøn."
    accepted = ev.OfferAccepted(action="money", seat=0, from_seat=1, gems=[1, 1, 0, 0])
    assert told("de", accepted) == ("Jürgen nimmt das Gebot von KI (gierig) an (1 roter, "
                                    "1 gelber); KI (gierig) führt [Geld] aus.")
    assert told("da", accepted) == ("Jürgen accepterer 1 rød, 1 gul fra Grådig AI; Grådig AI "
                                    "udfører [Penge].")
    beaten = ev.OfferAccepted(action="event", seat=1, from_seat=2, gems=[0, 2, 0, 0],
                              forced="cannot_beat")
    assert told("de", beaten) == ("KI (gierig) nimmt das Gebot von Søren an (2 gelbe; nicht zu "
                                  "überbieten); Søren führt [Ereignis] aus.")
    assert told("da", beaten) == ("Grådig AI accepterer 2 gule fra Søren (kan ikke overbyde); "
                                  "Søren udfører [Specialkort].")


def test_three_choosers_are_listed_with_and_not_commas_only() -> None:
    lapsed = ev.ActionLapsed(action="money", seats=[0, 1, 2], reason="three_or_more")
    assert told("de", lapsed) == ("[Geld] wurde von Jürgen, KI (gierig) und Søren gewählt: drei "
                                  "oder mehr, also entfällt die Aktion.")
    assert told("da", lapsed) == ("[Penge] blev valgt af Jürgen, Grådig AI og Søren: tre eller "
                                  "flere, så den bortfalder.")


def test_the_negotiation_prompts_name_the_action_and_count_the_offer() -> None:
    state, _ = choose_all(fresh_state(3), ["money", "money", "gems"])
    (opening,) = KIND.pending(state)
    with use_locale("de"):
        de = KIND.decision_for(state, opening.player)
    with use_locale("da"):
        da = KIND.decision_for(state, opening.player)
    assert de is not None and da is not None
    assert de.prompt == ("Du eröffnest die Verhandlung um die Aktion Geld. Biete Edelsteine "
                         "oder nichts.")
    assert da.prompt == ("Du åbner forhandlingen om aktionen Penge. Byd ædelstene, eller byd "
                         "ingenting.")
    assert "Bieten: 1 roter" in [o.label for o in de.options]
    assert "Byd 1 rød" in [o.label for o in da.options]
    offered, _ = act(state, {"type": "offer", "gems": [2, 0, 0, 0]}, seat=opening.player)
    (answer,) = KIND.pending(offered)
    with use_locale("de"):
        de = KIND.decision_for(offered, answer.player)
    with use_locale("da"):
        da = KIND.decision_for(offered, answer.player)
    assert de is not None and da is not None
    assert de.prompt == ("Dein Gegenüber bietet für die Aktion Geld: 2 rote. Nimm an (du "
                         "bekommst die Edelsteine, dein Gegenüber führt die Aktion aus) oder "
                         "überbiete.")
    assert da.prompt == ("Din modpart byder 2 røde for aktionen Penge. Acceptér (du tager "
                         "ædelstenene, modparten udfører aktionen), eller overbyd.")
    assert "Annehmen: 2 rote" in [o.label for o in de.options]
    assert "Acceptér 2 røde" in [o.label for o in da.options]
    nothing, _ = act(state, {"type": "offer", "gems": [0, 0, 0, 0]}, seat=opening.player)
    (single,) = KIND.pending(nothing)
    with use_locale("de"):
        de = KIND.decision_for(nothing, single.player)
    with use_locale("da"):
        da = KIND.decision_for(nothing, single.player)
    assert de is not None and da is not None
    assert de.prompt == ("Dein Gegenüber hat für die Aktion Geld nichts geboten. Biete genau "
                         "einen Edelstein (er muss angenommen werden, und du führst die Aktion "
                         "aus) oder nichts (die Aktion entfällt).")
    assert da.prompt == ("Din modpart bød ingenting for aktionen Penge. Byd præcis én ædelsten "
                         "(modparten skal acceptere, og du udfører aktionen), eller byd "
                         "ingenting (aktionen bortfalder).")


def test_a_round_scored_counts_each_players_millions() -> None:
    scored = ev.RoundScored(round=1, colours=[], totals={0: 1, 1: 2, 2: 0},
                            money_after={0: 1, 1: 2, 2: 0},
                            certificates=ev.CertificateScore(counts={}, most=[], second=[],
                                                             paid={}),
                            cards_returned={})
    assert told("de", scored) == ("Wertung von Durchgang 1: Jürgen +1 → 1 Million; "
                                  "KI (gierig) +2 → 2 Millionen; Søren +0 → 0 Millionen.")
    assert told("da", scored) == ("Fase 1 tælles op: Jürgen +1 → 1 million; Grådig AI +2 → "
                                  "2 millioner; Søren +0 → 0 millioner.")


def test_the_winners_are_named_and_the_verb_agrees_with_their_number() -> None:
    alone = ev.GameEnded(winners=[1], tiebreak="money", ranking=[1, 0, 2],
                         money={0: 40, 1: 81, 2: 12})
    assert told("de", alone) == ("Das Spiel ist vorbei: KI (gierig) gewinnt mit 81 Millionen "
                                 "(das meiste Geld).")
    assert told("da", alone) == ("Spillet er slut: Grådig AI vinder med 81 millioner "
                                 "(flest penge).")
    shared = ev.GameEnded(winners=[0, 2], tiebreak="shared", ranking=[0, 2, 1],
                          money={0: 40, 1: 30, 2: 40})
    assert told("de", shared) == ("Das Spiel ist vorbei: Jürgen und Søren gewinnen mit "
                                  "40 Millionen (völliger Gleichstand: geteilter Sieg).")
    assert told("da", shared) == ("Spillet er slut: Jürgen og Søren vinder med 40 millioner "
                                  "(helt uafgjort: sejren deles).")


def test_free_choice_counts_what_it_takes() -> None:
    alone = ev.FreeChoiceTaken(seat=0, returned="green", taken=["green", "green"])
    assert told("de", alone) == "Jürgen nutzt [Freie Wahl]: gibt Grün ab und nimmt dafür: 2 grüne."
    assert told("da", alone) == "Jürgen bruger [Frit valg]: afleverer grøn og tager 2 grønne."
    shared = ev.FreeChoiceTaken(seat=1, returned=None, taken=["red"])
    assert told("de", shared) == "KI (gierig) nutzt [Freie Wahl] und nimmt: 1 roter."
    assert told("da", shared) == "Grådig AI bruger [Frit valg] og tager 1 rød."


def test_an_exchange_with_an_ai_seat_and_a_card_passed_over() -> None:
    swapped = ev.InstantCarriedOut(seat=0, card=EXCHANGE, effect="exchange", target=1,
                                   changes={0: [1, 0, 0, -1], 1: [-1, 0, 0, 1]})
    assert told("de", swapped) == ('Jürgen führt "Tausch" mit KI (gierig) aus: Jürgen +1 roter, '
                                   "-1 blauer; KI (gierig) -1 roter, +1 blauer.")
    assert told("da", swapped) == ('Jürgen udfører "Byt" med Grådig AI: Jürgen +1 rød, -1 blå; '
                                   "Grådig AI -1 rød, +1 blå.")
    passed = ev.EventCardToBottom(card=EXCHANGE, reason="blind_draw")
    assert told("de", passed) == ('Statt "Tausch" wurde blind gezogen; die Karte kommt offen '
                                  "unter den Ereignisstapel.")
    assert told("da", passed) == ('Der blev trukket blindt i stedet for "Byt", som lægges åbent '
                                  "under specialkortbunken.")


def test_a_half_scoring_note_begins_each_sentence_with_a_capital() -> None:
    state = at_instant(event_id("half_scoring"),
                       [[5, 3, 0, 0], [1, 0, 4, 0], [0, 3, 0, 0], [2, 1, 0, 0]])
    state, _ = act(state, {"type": "carry_out"})
    notes = {}
    for language in ("de", "da"):
        with use_locale(language):
            decision = KIND.decision_for(state, 0)
            assert decision is not None
            notes[language] = [o.detail for o in decision.options]
    red, yellow, green, _blue = notes["de"]
    assert red == "Du bekommst 7 Millionen und gibst ab: 3 rote."
    assert yellow == ("Du bekommst 3 Millionen und gibst ab: 2 gelbe. Platz 3 bekommt "
                      "3 Millionen und gibt ab: 2 gelbe.")
    assert green == "Du bekommst nichts. Platz 2 bekommt 5 Millionen und gibt ab: 2 grüne."
    red, yellow, green, _blue = notes["da"]
    assert red == "Du får 7 millioner og afleverer 3 røde."
    assert yellow == ("Du får 3 millioner og afleverer 2 gule. Plads 3 får 3 millioner og "
                      "afleverer 2 gule.")
    assert green.endswith(". Plads 2 får 5 millioner og afleverer 2 grønne.")


def test_the_board_calls_a_turns_card_a_gemstone_card() -> None:
    state = fresh_state(3)
    for language, word in (("de", "Edelsteinkarte: "), ("da", "ædelstenskort: ")):
        with use_locale(language):
            board = KIND.board(KIND.view(state, 0), NAMES[language])
        assert word in board, board


def test_a_typed_offer_counts_the_numbers_typed() -> None:
    # One number alone is an option's number; two or more are an offer's attempt.
    state, _ = choose_all(fresh_state(3), ["money", "money", "gems"])
    (decision,) = KIND.pending(state)
    for language, expected in (("de", "Du hast 2 Zahlen getippt."), ("da", "Du skrev 2 tal.")):
        with use_locale(language), pytest.raises(IllegalAction) as refused:
            parse_offer(decision, "1 0")
        assert str(refused.value).endswith(expected), str(refused.value)
