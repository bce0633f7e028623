"""Which language a channel is spoken to in, as servers and channels chose it."""

from __future__ import annotations

from engine.core.i18n import supported
from engine.service.base import ServiceCore
from engine.store import languages
from engine.store.languages import Scope


class LanguageOps(ServiceCore):
    """Languages chosen per server and per channel (a member's own: a preference)."""

    async def language(self, scope: Scope, scope_id: int) -> str | None:
        """The language chosen for a server or a channel; None when none was."""
        async with self._db.read() as conn:
            return await languages.get_language(conn, scope, scope_id)

    async def chosen_languages(self) -> tuple[dict[int, str], dict[tuple[Scope, int], str]]:
        """Every member's own language and every server's and channel's, as chosen."""
        async with self._db.read() as conn:
            return await languages.all_languages(conn)

    async def set_language(self, scope: Scope, scope_id: int, locale: str | None) -> None:
        """Choose the language of a server or a channel (None: back to the default)."""
        async with self._db.transaction() as conn:
            await languages.set_language(conn, scope, scope_id,
                                         None if locale is None else supported(locale))
