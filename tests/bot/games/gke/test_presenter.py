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
