"""Typed errors whose messages are written for the player who caused them."""


class EngineError(Exception):
    """Base class for every error the engine raises on purpose."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class IllegalAction(EngineError):
    """The action breaks a rule; the state is left exactly as it was."""


class NotYourTurn(IllegalAction):
    """The player has no decision to make right now."""


class UnknownGame(EngineError):
    """No game kind of that name is registered."""


class DataFileError(EngineError):
    """A card list or board file is malformed."""
