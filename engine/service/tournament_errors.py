"""The tournament service's refusals: one type, its message written for the member."""

from __future__ import annotations

from engine.service.errors import ServiceError


class TournamentError(ServiceError):
    """A tournament request the service refused; nothing was written."""
