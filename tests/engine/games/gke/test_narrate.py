"""A round told in words, in English, German and Danish."""

import pytest

from engine.core.game import CLOCK
from engine.core.i18n import use_locale
from engine.games.gke import GAME, events
from tests.engine.games.gke.builders import card_id, gem_id, pick, table

EXPECTED = {
    "en": ["Round 1 of 6: the pink card (topaz) · the blue card (ruby) · "
           "the green card (aquamarine).",
           "Ann takes", "for the green card.",
           "Time is up", "(spider), the very gem: Ann wins the card.",
           "one size off: a magnifier piece for Bo.",
           "Nobody found it: the card leaves the game."],
    "de": ["Runde 1 von 6: die rosa Karte (Topas) · die blaue Karte (Rubin) · "
           "die grüne Karte (Aquamarin).",
           "Ann nimmt", "für die grüne Karte.",
           "Die Zeit ist um", "(Spinne), genau der Stein: Ann gewinnt die Karte.",
           "eine Größe daneben: ein Lupenteil für Bo.",
           "Niemand hat ihn gefunden: Die Karte kommt aus dem Spiel."],
    "da": ["Runde 1 af 6: det lyserøde kort (topas) · det blå kort (rubin) · "
           "det grønne kort (akvamarin).",
           "Ann tager", "til det grønne kort.",
           "Tiden er gået", "(edderkop), præcis den sten: Ann vinder kortet.",
           "én størrelse ved siden af: en lupbrik til Bo.",
           "Ingen fandt den: Kortet går ud af spillet."],
}


@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_a_round_is_told_in_each_language(language):
    state = table(2, cards=[card_id("topaz", 2), card_id("ruby", 3),
                            card_id("aquamarine", 5)])
    names = ["Ann", "Bo"]
    with use_locale(language):
        story = [GAME.narrate(events.RoundStarted(round=1, rounds=6, cards=state.face_up,
                                                  pool={}), names)]
        for seat, slot, gem in ((0, 2, gem_id("aquamarine", 5)), (1, 1, gem_id("ruby", 4))):
            state, evs = pick(state, seat, slot, gem)
            story += [GAME.narrate(e, names) for e in evs]
        state, evs = GAME.apply(state, CLOCK, GAME.clock(state).action)
        story += [GAME.narrate(e, names) for e in evs]
    text = "\n".join(line for line in story if line)
    for expected in EXPECTED[language]:
        assert expected in text
