"""Typed service errors; each message is written for the player who caused it."""

from __future__ import annotations

from engine.core.catalog import N_, _, ngettext
from engine.core.errors import EngineError, NotYourTurn


class ServiceError(EngineError):
    """A request the service refused; nothing was written."""


class GameNotFound(ServiceError):
    """No game or lobby has this id."""

    def __init__(self, game_id: int) -> None:
        super().__init__(_("There is no game #{game_id}.").format(game_id=game_id))
        self.game_id = game_id


class ChannelBusy(ServiceError):
    """The channel already has an open lobby or a running game."""

    def __init__(self, game_id: int, status: str) -> None:
        if status == "lobby":
            message = _("This channel already has an open lobby (#{game_id}). Finish or abandon "
                        "it first, or use another channel.")
        else:
            message = _("This channel already has a game in progress (#{game_id}). Finish or "
                        "abandon it first, or use another channel.")
        super().__init__(message.format(game_id=game_id))
        self.game_id = game_id


LobbyExists = ChannelBusy


class NotSeated(ServiceError):
    """The user has no seat at this table."""

    def __init__(self) -> None:
        super().__init__(_("You are not seated in this game."))


class AlreadySeated(ServiceError):
    """The user already sits at this table."""

    def __init__(self) -> None:
        super().__init__(_("You have already joined this game."))


class LobbyFull(ServiceError):
    """Every seat is taken."""

    def __init__(self, max_players: int) -> None:
        super().__init__(ngettext("This game is full ({max_players} player).",
                                  "This game is full ({max_players} players).",
                                  max_players).format(max_players=max_players))


class AlreadyStarted(ServiceError):
    """The lobby has become a game; seats can no longer change."""

    def __init__(self) -> None:
        super().__init__(_("This game has already started."))


class GameNotRunning(ServiceError):
    """The game is a lobby still, or has ended."""

    def __init__(self, status: str) -> None:
        message = {
            "lobby": N_("This game has not started yet."),
            "finished": N_("This game is over."),
            "abandoned": N_("This game was abandoned."),
        }.get(status, N_("This game is not running."))
        super().__init__(_(message))
        self.status = status


class NotEnoughPlayers(ServiceError):
    """Too few seats to start."""

    def __init__(self, have: int, need: int) -> None:
        # Translators: {need} is the fewest players the game takes, {have} how many are seated
        super().__init__(ngettext("You need at least {need} player to start; there are {have}. "
                                  "Invite more players or add AI seats.",
                                  "You need at least {need} players to start; there are {have}. "
                                  "Invite more players or add AI seats.",
                                  need).format(need=need, have=have))


class NotHost(ServiceError):
    """Only the host (or an admin) may do this. `message` is the whole sentence, marked with
    N_ where it is written (e.g. N_("Only the host can start the game.")) and translated here."""

    def __init__(self, message: str = N_("Only the host can do that.")) -> None:
        super().__init__(_(message))


class NoSuchSeat(ServiceError):
    """The AI seat named does not exist."""

    def __init__(self) -> None:
        super().__init__(_("There is no such AI seat in this lobby."))


class UnknownAiLevel(ServiceError):
    """No AI policy is registered under this name."""

    def __init__(self, level: str, known: list[str]) -> None:
        # Translators: {level} is the level asked for, in quotes; {levels} lists the known ones
        super().__init__(_("There is no AI level {level}. Known levels: {levels}.").format(
            level=repr(level), levels=", ".join(known)))


class BadSettings(ServiceError):
    """The game settings or deadlines do not validate."""


class StaleDecision(ServiceError):
    """The prompt the player answered has moved on (answered, changed or superseded)."""

    def __init__(self) -> None:
        super().__init__(_("This prompt is no longer current. Please answer the latest one."))


class WrongTurn(ServiceError, NotYourTurn):
    """The prompt is current, but it is someone else's to answer."""

    def __init__(self, waiting_for: list[str]) -> None:
        if waiting_for:
            # Translators: {names} lists the players whose turn it is
            message = _("It is not your turn: waiting for {names}.").format(
                names=", ".join(waiting_for))
        else:
            message = _("It is not your turn: waiting for another player.")
        super().__init__(message)


class DuplicateAction(ServiceError):
    """The player resent the answer they already gave; it is not logged twice."""

    def __init__(self, label: str | None) -> None:
        if label is None:
            super().__init__(_("You already chose that."))
        else:
            # Translators: {label} is the option chosen, as its button reads
            super().__init__(_("You already chose {label}.").format(label=label))


class ConcurrentWrite(ServiceError):
    """Another writer changed the game in the file; the cached copy was dropped."""

    def __init__(self) -> None:
        super().__init__(_("The game changed while your move was being saved. Please try again."))


class GameDamaged(ServiceError):
    """The game's stored state cannot be rebuilt: it cannot go on, only be abandoned."""

    def __init__(self, game_id: int) -> None:
        super().__init__(_("Game #{game_id} cannot go on: its saved state is damaged. The host "
                           "or anyone with Manage Channels can end it with `/game abandon`."
                           ).format(game_id=game_id))
        self.game_id = game_id


class TooManyGames(ServiceError):
    """A member may sit in only so many open lobbies and running games in one server."""

    def __init__(self, limit: int) -> None:
        super().__init__(ngettext("You already sit in {limit} open game on this server (lobbies "
                                  "count too). Finish or leave one first.",
                                  "You already sit in {limit} open games on this server (lobbies "
                                  "count too). Finish or leave one first.",
                                  limit).format(limit=limit))
        self.limit = limit


class NoReview(ServiceError):
    """The coach cannot review this game for this member (yet)."""

    def __init__(self, reason: str) -> None:
        message = {
            "running": N_("The coach reviews a game once it is over."),
            "abandoned": N_("This game was abandoned: there is nothing to review."),
            "lobby": N_("This game has not started yet."),
            "game": N_("The coach does not review this game yet."),
        }[reason]
        super().__init__(_(message))
        self.reason = reason
