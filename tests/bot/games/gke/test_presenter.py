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


def test_gke13_each_cards_menu_lists_exactly_the_picks_the_referee_accepts() -> None:
    # Four players: two picks for three cards. The pink and blue cards show one kind; ann holds
    # a gem of it for pink and one for green. Blue's menu offers only her pink gem (moving it);
    # a free gem of that kind would be refused, so it is not listed.
    from engine.games.gke.data import game_data
    from engine.service.models import PlayerView

    data = game_data()
    state, _ = GAME.new_game(3, 4)
    shared = data.gems[data.cards[state.face_up[0]].gem].kind
    state.face_up[1] = next(c.id for c in data.cards if c.back == "blue"
                            and data.gems[c.gem].kind == shared)
    of_kind = [label for label, gem in state.labels.items() if data.gems[gem].kind == shared]
    green = data.gems[data.cards[state.face_up[2]].gem].kind
    other = next(label for label, gem in state.labels.items() if data.gems[gem].kind == green)
    state, _ = GAME.apply(state, 0, {"type": "pick", "card": 0, "label": of_kind[0]})
    state, _ = GAME.apply(state, 0, {"type": "pick", "card": 2, "label": other})
    pv = PlayerView(game_id=1, version=2, status="running", seat=0, view=GAME.view(state, 0),
                    decision=GAME.decision_for(state, 0))
    items = GkePresenter().prompt_items(pv, ["ann", "bob", "cy", "dee"])
    menus = {item.card: [o.value for o in item.item.options]
             for item in items if hasattr(item, "card") and hasattr(item.item, "options")}
    assert menus[1] == [of_kind[0]]  # only the move; every other gem of the kind is refused
    assert set(menus[0]) == set(of_kind)  # pink: its own pick (chosen) and every free gem
    for card, labels in menus.items():
        for label in labels:
            if state.picks[0][card] != state.labels[label]:
                GAME.apply(state, 0, {"type": "pick", "card": card, "label": label})


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
