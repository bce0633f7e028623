"""The table as plain text, in each language: cards, who holds which label, each player's
cards and pieces; never a pool gem's size."""

import pytest

from engine.core.i18n import use_locale
from engine.games.gke import GAME
from tests.engine.games.gke.builders import card_id, gem_id, pick, table

EXPECTED = {
    "en": ["Round 1 of 6", "The green card: aquamarine, 3 stars · Bo ", "In the middle:",
           "aquamarine 8", "Ann: 1 card, 1 magnifier piece"],
    "de": ["Runde 1 von 6", "Die grüne Karte: Aquamarin, 3 Sterne · Bo ", "In der Mitte:",
           "Aquamarin 8", "Ann: 1 Karte, 1 Lupenteil"],
    "da": ["Runde 1 af 6", "Det grønne kort: akvamarin, 3 stjerner · Bo ", "I midten:",
           "akvamarin 8", "Ann: 1 kort, 1 lupbrik"],
}


@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_the_table_in_words(language):
    state = table(2, cards=[card_id("aquamarine", 5)])
    state.won[0] = [card_id("ruby", 3)]
    state.pieces[0], state.supply = 1, 11
    state, _ = pick(state, 1, 2, gem_id("aquamarine", 6))
    with use_locale(language):
        text = GAME.board(GAME.view(state, 0), ["Ann", "Bo"])
    for expected in EXPECTED[language]:
        assert expected in text
    assert "drawn" not in text and "1.0" not in text
