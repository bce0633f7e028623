"""Typed service errors; each message is written for the player who caused it."""

from __future__ import annotations

from engine.core.errors import EngineError, NotYourTurn


class ServiceError(EngineError):
    """A request the service refused; nothing was written."""


class GameNotFound(ServiceError):
    """No game or lobby has this id."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"There is no game #{game_id}.")
        self.game_id = game_id


class ChannelBusy(ServiceError):
    """The channel already has an open lobby or a running game."""

    def __init__(self, game_id: int, status: str) -> None:
        what = "an open lobby" if status == "lobby" else "a game in progress"
        super().__init__(f"This channel already has {what} (#{game_id}). Finish or abandon it "
                         "first, or use another channel.")
        self.game_id = game_id


LobbyExists = ChannelBusy


class NotSeated(ServiceError):
    """The user has no seat at this table."""

    def __init__(self) -> None:
        super().__init__("You are not seated in this game.")


class AlreadySeated(ServiceError):
    """The user already sits at this table."""

    def __init__(self) -> None:
        super().__init__("You have already joined this game.")


class LobbyFull(ServiceError):
    """Every seat is taken."""

    def __init__(self, max_players: int) -> None:
        super().__init__(f"This game is full ({max_players} players).")


class AlreadyStarted(ServiceError):
    """The lobby has become a game; seats can no longer change."""

    def __init__(self) -> None:
        super().__init__("This game has already started.")


class GameNotRunning(ServiceError):
    """The game is a lobby still, or has ended."""

    def __init__(self, status: str) -> None:
        message = {
            "lobby": "This game has not started yet.",
            "finished": "This game is over.",
            "abandoned": "This game was abandoned.",
        }.get(status, "This game is not running.")
        super().__init__(message)
        self.status = status


class NotEnoughPlayers(ServiceError):
    """Too few seats to start."""

    def __init__(self, have: int, need: int) -> None:
        super().__init__(f"You need at least {need} players to start; there are {have}. "
                         "Invite more players or add AI seats.")


class NotHost(ServiceError):
    """Only the host (or an admin) may do this."""

    def __init__(self, what: str = "do that") -> None:
        super().__init__(f"Only the host can {what}.")


class NoSuchSeat(ServiceError):
    """The AI seat named does not exist."""

    def __init__(self) -> None:
        super().__init__("There is no such AI seat in this lobby.")


class UnknownAiLevel(ServiceError):
    """No AI policy is registered under this name."""

    def __init__(self, level: str, known: list[str]) -> None:
        super().__init__(f"There is no AI level {level!r}. Known levels: {', '.join(known)}.")


class BadSettings(ServiceError):
    """The game settings or deadlines do not validate."""


class StaleDecision(ServiceError):
    """The prompt the player answered has moved on (answered, changed or superseded)."""

    def __init__(self) -> None:
        super().__init__("This prompt is no longer current. Please answer the latest one.")


class WrongTurn(ServiceError, NotYourTurn):
    """The prompt is current, but it is someone else's to answer."""

    def __init__(self, waiting_for: list[str]) -> None:
        names = ", ".join(waiting_for) or "another player"
        super().__init__(f"It is not your turn: waiting for {names}.")


class DuplicateAction(ServiceError):
    """The player resent the answer they already gave; it is not logged twice."""

    def __init__(self, label: str) -> None:
        super().__init__(f"You already chose {label}.")


class ConcurrentWrite(ServiceError):
    """Another writer changed the game in the file; the cached copy was dropped."""

    def __init__(self) -> None:
        super().__init__("The game changed while your move was being saved. Please try again.")


class GameDamaged(ServiceError):
    """The game's stored state cannot be rebuilt: it cannot go on, only be abandoned."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"Game #{game_id} cannot go on: its saved state is damaged. The host "
                         "or anyone with Manage Channels can end it with `/game abandon`.")
        self.game_id = game_id


class TooManyGames(ServiceError):
    """A member may sit in only so many open lobbies and running games in one server."""

    def __init__(self, limit: int) -> None:
        games = "game" if limit == 1 else "games"
        super().__init__(f"You already sit in {limit} open {games} on this server (lobbies "
                         "count too). Finish or leave one first.")
        self.limit = limit
