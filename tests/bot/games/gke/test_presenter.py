"""Große kleine Edelsteine's presenter: the final summary and a table that tells no size."""

from __future__ import annotations

from bot.games.gke.presenter import GkePresenter, final_lines
from engine.games.gke import GAME
from engine.games.gke.data import SYMBOLS
from engine.games.gke.words import symbol_name


def score(total: int, stars: int, cards: int, bonus: int = 0, extra: int = 0) -> dict[str, int]:
    return {"total": total, "stars": stars, "cards": cards, "bonus_cards": bonus,
            "pieces": 2 if extra else 0, "magnifier_point": extra}


def test_the_final_summary_adds_up_each_player_and_shares_a_tie() -> None:
    lines = final_lines([score(7, 6, 3, extra=1), score(9, 9, 4, bonus=1), score(9, 9, 5)],
                        [1, 2], ["ann", "bob", "cy"])
    assert lines[0] == "👑 **bob** — 9 points: ★ 9 · 4 cards · 1 bonus card"
    assert lines[1] == "👑 **cy** — 9 points: ★ 9 · 5 cards"
    assert lines[2] == "**ann** — 7 points: ★ 6 · 3 cards · +1 for exactly two magnifier pieces"
    assert lines[3] == "Equal points share the win."


def test_the_table_names_who_holds_which_label_but_never_a_symbol() -> None:
    state, _ = GAME.new_game(4, 2)
    view = GAME.view(state, 0)
    kind = view["cards"][1]["kind"]
    label = next(g["label"] for g in view["pool"] if g["kind"] == kind)
    state, _ = GAME.apply(state, 0, {"type": "pick", "card": 1, "label": label})
    embed = GkePresenter().table_embed(GAME.view(state, None), ["ann", "bob"], "t", 1000.0)
    text = "\n".join([embed.description or ""] + [f"{f.name} {f.value}" for f in embed.fields])
    assert f"ann **{label}**" in text and "<t:1000:R>" in text
    assert not any(symbol_name(s) in text.split() for s in SYMBOLS)


def test_the_round_pictures_description_names_the_cards_and_counts_each_kind_never_a_size():
    from engine.core.i18n import LOCALES, use_locale
    from engine.games.gke.data import KINDS
    from engine.games.gke.words import kind_name
    from tests.engine.games.gke.test_hidden_information import hide_differently

    state = GAME.new_game(4, 3)[0]
    for tag in LOCALES:
        with use_locale(tag):
            picture = GkePresenter().round_picture(GAME.view(state, 0))
            text = picture.description
            assert picture.file().description == text and len(text) <= 1024
            view = GAME.view(state, 0)
            for card in view["cards"]:
                assert kind_name(card["kind"]) in text
            for kind in KINDS:
                count = sum(g["kind"] == kind for g in view["pool"])
                assert f"{kind_name(kind)} {count}" in text
            # The same whatever is hidden, and whoever looks: it tells nothing a seat cannot see.
            assert GkePresenter().round_picture(GAME.view(hide_differently(state), 1)
                                                ).description == text
            for word in ("size", "Größe", "størrelse"):
                assert word.lower() not in text.lower(), (tag, word)
