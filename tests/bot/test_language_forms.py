"""The bot's German and Danish where a sentence wraps a name or a number — counts of 1
and 2 (and 0), a person's name and an AI seat's name in a sentence, one player addressed or
several (du / ihr, du / I) — rendered by the real code and compared with what a native writes.
The engine's own lines (negotiation, scoring, gemstones) are in
tests/engine/games/esr/test_language_forms.py."""

from __future__ import annotations

import discord
import pytest
from simcord import Env

from bot.core.base import discord_clock
from bot.core.client import JuwelierBot
from bot.core.commands import board_lines
from bot.core.components import ai_seat_name
from bot.core.texts import human_duration, seat_names
from bot.core.timers import reminder_text, timeout_text
from bot.games.esr.narrate import COLOUR_EMOJI, narrate
from bot.games.esr.room import intro, opener_reason
from bot.games.esr.scoring import final_results, scoring_notes, scoring_table
from engine.core.i18n import use_locale
from engine.games.esr import events as ev
from engine.service.models import Reminder
from engine.store.models import LeaderboardRow
from tests.bot.driver import add_ai, lobby_button, reply_text
from tests.bot.games.esr.test_scoring_render import rulebook_example
from tests.bot.languages import report_locales


def ai_names(language: str) -> list[str]:
    """A person, the greedy AI seat (named as the bot names it), another person."""
    with use_locale(language):
        return ["Jürgen", ai_seat_name("greedy"), "Søren"]


def test_ai_seats_are_named_so_that_no_case_ending_is_needed() -> None:
    with use_locale("de"):
        assert [ai_seat_name(level) for level in ("strong", "greedy", "random")] == \
            ["KI (stark)", "KI (gierig)", "KI (zufällig)"]
    with use_locale("da"):
        assert [ai_seat_name(level) for level in ("strong", "greedy", "random")] == \
            ["Stærk AI", "Grådig AI", "Tilfældig AI"]


@pytest.mark.parametrize(("language", "accepted", "opens"), [
    ("de", "Jürgen nimmt das Gebot von KI (gierig) an (🔺\u20601); KI (gierig) führt 💰 Geld aus.",
     "**KI (gierig)** eröffnet: weniger rote Edelsteine als Jürgen."),
    ("da", "Jürgen accepterer 🔺\u20601 fra Grådig AI; Grådig AI udfører 💰 Penge.",
     "**Grådig AI** åbner: færre røde ædelstene end Jürgen."),
])
def test_an_ai_seat_after_a_preposition_reads_as_written(language: str, accepted: str,
                                                         opens: str) -> None:
    names = ai_names(language)
    started = ev.NegotiationStarted(action="money", seats=[0, 1], opener=1, decided_by="red")
    with use_locale(language):
        assert narrate(ev.OfferAccepted(action="money", seat=0, from_seat=1, gems=[1, 0, 0, 0]),
                       names) == accepted
        assert opener_reason(started, names) == opens
        assert intro(started, names).startswith(
            {"de": "🤝 **Jürgen** und **KI (gierig)** haben beide **💰 Geld** gewählt, also "
                   "verhandeln sie: Ein Gebot besteht aus eigenen Edelsteinen;",
             "da": "🤝 **Jürgen** og **Grådig AI** valgte begge **💰 Penge**, så de forhandler: "
                   "et bud består af egne ædelstene;"}[language])


def test_time_outs_name_one_player_or_several_without_a_case_ending() -> None:
    with use_locale("de"):
        assert timeout_text(["Jürgen"]) == ("⏰ Für **Jürgen** ist die Zeit abgelaufen; der "
                                            "Autopilot hat stattdessen gewählt.")
        assert timeout_text(["Jürgen", "Søren", "Agnes"]) == (
            "⏰ Für **Jürgen**, **Søren** und **Agnes** ist die Zeit abgelaufen; der Autopilot "
            "hat stattdessen gewählt.")
    with use_locale("da"):
        assert timeout_text(["Søren"]) == ("⏰ **Søren** løb tør for tid; autopiloten valgte i "
                                           "stedet.")
        assert timeout_text(["Jürgen", "Søren"]) == ("⏰ **Jürgen** og **Søren** løb tør for "
                                                     "tid; autopiloten valgte i stedet.")


def _reminder(seat: int, user_id: int, due: float) -> Reminder:
    return Reminder(game_id=1, seat=seat, key="k", kind="esr.choose_action", due_at=due,
                    user_id=user_id)


def test_reminders_say_du_to_one_player_and_ihr_or_i_to_several() -> None:
    due = int(discord_clock()) + 60  # a minute ahead: Discord shows the clock time
    when = f"<t:{due}:t> (<t:{due}:R>)"
    one, two = [_reminder(0, 11, due)], [_reminder(0, 11, due), _reminder(1, 12, due)]
    with use_locale("de"):
        assert reminder_text(one) == (
            f"⏰ <@11>: Die Hälfte deiner Zeit ist um. Entscheide mit **Deine Entscheidung** am "
            f"Tisch bis {when}, sonst entscheidet der Autopilot für dich.")
        assert reminder_text(two, secret=frozenset({0, 1})) == (
            f"⏰ <@11> <@12>: Die Hälfte eurer Zeit ist um. Entscheidet mit **Wähle deine "
            f"Aktion** am Tisch bis {when}, sonst entscheidet der Autopilot für euch.")
        assert reminder_text(one, in_thread=True) == (
            f"⏰ <@11>: Die Hälfte deiner Zeit ist um. Entscheide mit der Aufforderung oben bis "
            f"{when}, sonst entscheidet der Autopilot für dich.")
    with use_locale("da"):
        assert reminder_text(one) == (
            f"⏰ <@11>: halvdelen af din tid er gået. Beslut dig med **Din beslutning** på "
            f"bordet inden {when}, ellers beslutter autopiloten for dig.")
        assert reminder_text(two, secret=frozenset({0, 1})) == (
            f"⏰ <@11> <@12>: halvdelen af jeres tid er gået. Beslut jer med **Vælg din "
            f"aktion** på bordet inden {when}, ellers beslutter autopiloten for jer.")


@pytest.mark.parametrize(("seconds", "de", "da"), [
    (1, "1 Sekunde", "1 sekund"), (2, "2 Sekunden", "2 sekunder"), (60, "1 Minute", "1 minut"),
    (90, "1½ Minuten", "1½ minutter"), (120, "2 Minuten", "2 minutter"),
    (3600, "1 Stunde", "1 time"), (7200, "2 Stunden", "2 timer"),
])
def test_durations_count_their_unit(seconds: int, de: str, da: str) -> None:
    for language, expected in (("de", de), ("da", da)):
        with use_locale(language):
            assert human_duration(seconds) == expected


def test_the_leaderboard_counts_wins_and_games() -> None:
    rows = [LeaderboardRow(user_id=1, name="Jürgen", wins=1, games=1, money=50),
            LeaderboardRow(user_id=2, name="Søren", wins=0, games=2, money=48),
            LeaderboardRow(user_id=3, name="Agnes", wins=2, games=2, money=47)]
    with use_locale("de"):
        assert board_lines(rows).splitlines() == ["1. Jürgen — 1 Sieg in 1 Spiel, 50M",
                                                  "2. Søren — 0 Siege in 2 Spielen, 48M",
                                                  "3. Agnes — 2 Siege in 2 Spielen, 47M"]
    with use_locale("da"):
        assert board_lines(rows).splitlines() == ["1. Jürgen — 1 sejr i 1 spil, 50M",
                                                  "2. Søren — 0 sejre i 2 spil, 48M",
                                                  "3. Agnes — 2 sejre i 2 spil, 47M"]


def _spelt(text: str, language: str) -> str:
    """Gem symbols as the colour's word in `language`, to read a table as a sentence."""
    words = {"de": ["Rot", "Gelb", "Grün", "Blau"], "da": ["rød", "gul", "grøn", "blå"]}
    for emoji, word in zip(COLOUR_EMOJI.values(), words[language], strict=True):
        text = text.replace(f"{emoji}\u2060", f"{word} ")
    return text


def test_the_scoring_counts_certificates_millions_and_cards() -> None:
    scored = rulebook_example()  # Burgi 2 certificates, Chris 1, Peter none
    names = ["Burgi", *ai_names("de")[1:], "Peter"]
    with use_locale("de"):
        table = _spelt(scoring_table(scored, names), "de").splitlines()
        notes = scoring_notes(scored, names).splitlines()
    assert table[:6] == ["**Burgi**: +20 → 20 Millionen",
                         "└ Rot 2 → 5 (3 + 2 durch Karten) · Gelb 0 · Grün 7 → 5 · Blau 1",
                         "└ 2 Zertifikate → 10 · gibt ab: Rot 2, Grün 2",
                         "**KI (gierig)**: +19 → 19 Millionen",
                         "└ Rot 2 → 3 · Gelb 7 → 12 · Grün 3 · Blau 1",
                         "└ 1 Zertifikat → 4 · gibt ab: Rot 2, Gelb 4"]
    assert notes == ["Burgi: Auszahlung für Rot durch **1 Million pro rotem Edelstein**.",
                     "Peter: Auszahlung für Gelb durch **1 Million pro gelbem Edelstein**.",
                     "Peter: Auszahlung für Blau durch **Alleinige Mehrheit Blau +5**.",
                     "8 Wertungskarten kommen offen unter den Ereignisstapel."]
    names = ["Burgi", *ai_names("da")[1:], "Peter"]
    with use_locale("da"):
        table = _spelt(scoring_table(scored, names), "da").splitlines()
        notes = scoring_notes(scored, names).splitlines()
    assert table[:6] == ["**Burgi**: +20 → 20 millioner",
                         "└ rød 2 → 5 (3 + 2 fra kort) · gul 0 · grøn 7 → 5 · blå 1",
                         "└ 2 certifikater → 10 · afleverer rød 2, grøn 2",
                         "**Grådig AI**: +19 → 19 millioner",
                         "└ rød 2 → 3 · gul 7 → 12 · grøn 3 · blå 1",
                         "└ 1 certifikat → 4 · afleverer rød 2, gul 4"]
    assert notes == ["Burgi: **1 million pr. rød ædelsten** gav penge for rød.",
                     "Peter: **1 million pr. gul ædelsten** gav penge for gul.",
                     "Peter: **Blå majoritet alene +5** gav penge for blå.",
                     "8 optællingskort lægges åbent under specialkortbunken."]


def test_the_final_results_count_millions_and_agree_with_the_winners() -> None:
    shared = ev.GameEnded(winners=[0, 2], tiebreak="shared", ranking=[0, 2, 1],
                          money={0: 40, 1: 1, 2: 40})
    alone = ev.GameEnded(winners=[1], tiebreak="money", ranking=[1, 0, 2],
                         money={0: 2, 1: 81, 2: 0})
    with use_locale("de"):
        assert final_results(shared, ai_names("de")).splitlines() == [
            "🥇 **Jürgen** — 40 Millionen", "🥈 **Søren** — 40 Millionen",
            "🥉 **KI (gierig)** — 1 Million", "",
            "🏆 Jürgen und Søren gewinnen (völliger Gleichstand: geteilter Sieg)."]
        assert final_results(alone, ai_names("de")).splitlines()[1:] == [
            "🥈 **Jürgen** — 2 Millionen", "🥉 **Søren** — 0 Millionen", "",
            "🏆 KI (gierig) gewinnt (das meiste Geld)."]
    with use_locale("da"):
        assert final_results(shared, ai_names("da")).splitlines() == [
            "🥇 **Jürgen** — 40 millioner", "🥈 **Søren** — 40 millioner",
            "🥉 **Grådig AI** — 1 million", "",
            "🏆 Jürgen og Søren vinder (helt uafgjort: sejren deles)."]
        assert final_results(alone, ai_names("da")).splitlines()[-1] == \
            "🏆 Grådig AI vinder (flest penge)."


def _field(message: discord.Message, index: int) -> tuple[str, str]:
    field = message.embeds[0].fields[index]
    return str(field.name), str(field.value)


# Per language: the lobby's "needed" line for 2 and for 1 more, the start's line, the first
# turn's call to one player and to two, and the settings a member reads back.
SEEN = {
    "de": {"two_more": "noch 2 Spieler bis zum Start", "one_more": "noch 1 Spieler bis zum Start",
           "ready": "Bereit: 3–5 Spieler", "seated": "🎲 **3 Spieler nehmen Platz:** {names}. "
                                                     "Viel Glück!",
           "one": ": Du bist mit Wählen dran — drück unten **Wähle deine Aktion**.",
           "two": ": Ihr seid mit Wählen dran — drückt unten **Wähle deine Aktion**.",
           "settings": ["Deine Aufforderungen: im Kanal (Button am Tisch).",
                        "Sprache deiner privaten Antworten: Deutsch.",
                        "Sprache der Nachrichten dieses Kanals: Deutsch."],
           "channel": "Sprache der Nachrichten dieses Kanals: Dansk.",
           "server": "Sprache der Nachrichten dieses Servers: Deutsch (wo ein Kanal keine gewählt "
                     "hat)."},
    "da": {"two_more": "2 spillere mere, før spillet kan starte",
           "one_more": "1 spiller mere, før spillet kan starte",
           "ready": "Klar: 3–5 spillere", "seated": "🎲 **3 spillere tager plads:** {names}. "
                                                    "Held og lykke!",
           "one": ": det er din tur til at vælge — tryk på **Vælg din aktion** nedenfor.",
           "two": ": det er jeres tur til at vælge — tryk på **Vælg din aktion** nedenfor.",
           "settings": ["Dine opfordringer: i kanalen (bordets knap).",
                        "Sprog for dine private svar: Dansk.",
                        "Sprog for kanalens beskeder: Dansk."],
           "channel": "Sprog for kanalens beskeder: Deutsch.",
           "server": "Sprog for serverens beskeder: Dansk (hvor en kanal ikke har valgt et)."},
}


@pytest.mark.parametrize("language", ["de", "da"])
async def test_lobby_start_first_turn_and_settings_read_as_a_native_writes(
        simcord_env: Env, simcord_bot: JuwelierBot, monkeypatch: pytest.MonkeyPatch,
        language: str) -> None:
    seen = SEEN[language]
    guild = simcord_env.create_guild(preferred_locale=language)
    admins = guild.create_role("Admins", permissions=discord.Permissions(
        manage_guild=True, manage_channels=True))
    jurgen = guild.add_member(simcord_env.create_user("Jürgen"), roles=[admins])
    soren = guild.add_member(simcord_env.create_user("Søren"))
    report_locales(monkeypatch, {jurgen.id: language, soren.id: language})
    tables = {}
    # Jürgen and two AI seats; Søren (a new lobby each, as /game new has a cooldown), one AI
    # seat and Jürgen.
    for humans, host, guest in ((1, jurgen, None), (2, soren, jurgen)):
        channel = guild.create_text_channel(f"gems-{humans}")
        await host.slash(channel, "game new")
        lobby = channel.last_message
        assert _field(lobby, 1)[1] == seen["two_more"]
        await add_ai(host, lobby, level="greedy")
        lobby = next(m for m in channel.history() if m.id == lobby.id)
        assert _field(lobby, 1)[1] == seen["one_more"]
        assert f"2. 🤖 {ai_names(language)[1]}" in _field(lobby, 0)[1]
        if guest is not None:
            await guest.click(lobby, custom_id=lobby_button(lobby, "join"))
        else:
            await add_ai(host, lobby, level="greedy")
        lobby = next(m for m in channel.history() if m.id == lobby.id)
        assert _field(lobby, 1)[1] == seen["ready"]
        await host.click(lobby, custom_id=lobby_button(lobby, "start"))
        info = await simcord_bot.service.game_in_channel(guild.id, channel.id)
        tables[humans] = (channel, info)
    for humans, (channel, info) in tables.items():
        story = "\n".join(m.content for m in channel.history())
        assert seen["seated"].format(names=", ".join(seat_names(info))) in story
        mentions = " ".join(f"<@{s.user_id}>" for s in sorted(info.seats, key=lambda s: s.seat)
                            if s.user_id is not None)
        assert mentions + seen["one" if humans == 1 else "two"] in story, story
    settings = tables[1][0]
    assert reply_text(await jurgen.slash(settings, "game settings")).splitlines() == \
        seen["settings"]
    other = "da" if language == "de" else "de"
    assert reply_text(await jurgen.slash(settings, "game settings", language=other)) == \
        seen["channel"]
    assert reply_text(await jurgen.slash(settings, "game settings", language=language,
                                         where="guild")) == seen["server"]
