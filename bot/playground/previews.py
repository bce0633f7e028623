"""One SimCord preview per channel, all open at once, so the game channel and a negotiation's
thread can sit side by side in two browser tabs and either can be reloaded.

SimCord serves one preview per channel and allows one active preview per simulated Discord
(`Env`). The playground keeps one per channel it was asked for, each on its own local port, and
registers them with the Env together (`_Fanout`): the Env tells its one preview when an action
changed something, and the fan-out passes that on to each. Every preview's actions, and the
playground's own clock, run one at a time under one lock: SimCord runs one operation at a time.
Pictures are shown at the size Discord shows them inline (bot/playground/inline.py).
This leans on two SimCord internals (`Env._preview`, `Preview._action`), pinned by the
playground's tests.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from simcord.preview import make_preview

from bot.playground.inline import show_inline


class _Fanout:
    """Stands in the Env's one preview slot for all of the playground's previews."""

    _closed = False

    def __init__(self, previews: dict[int, Any]) -> None:
        self._previews = previews

    def _mark_action_dispatched(self) -> None:
        for preview in tuple(self._previews.values()):
            preview._mark_action_dispatched()


def _follow_latest(preview: Any) -> None:
    """Let a tab opened from now on start at the newest message (the bot's, as SimCord picks
    it), not where the channel stood when the preview opened; open tabs keep their place."""
    page = preview._python
    if page is not None:
        page.target_id = preview._initial_target(page.viewer, page.channel_id)
        page.window_end_id = None


class Previews:
    """The open previews by channel id; `lock` serialises everything that drives the Env."""

    def __init__(self, env: Any, viewers: list[Any], locale: str,
                 ports: dict[int, int] | None = None) -> None:
        show_inline()  # pictures at the size Discord shows them, full size on a click
        self.env, self.viewers, self.locale = env, viewers, locale
        self.lock = asyncio.Lock()
        self._ports = dict(ports or {})  # channel id → a pinned port
        self._open: dict[int, Any] = {}
        self._fanout = _Fanout(self._open)
        self._seen: dict[int, int] = {}  # channel id → what its messages looked like

    def __iter__(self):  # type: ignore[no-untyped-def]
        """The open previews."""
        return iter(tuple(self._open.values()))

    def get(self, channel_id: int) -> Any | None:
        """The open preview of a channel, if any."""
        return self._open.get(channel_id)

    async def open(self, target: Any) -> Any:
        """The preview of `target` (the channel or a thread), opened on first use and kept."""
        preview = self._open.get(target.id)
        if preview is not None and not preview._closed:
            return preview
        async with self.lock:
            preview = make_preview(
                self.env, target, viewers=list(self.viewers), layout="channel",
                display="responsive", width=1100, height=900, locale=self.locale,
                timezone="UTC", presentation_time=None, port=self._ports.get(target.id, 0))
            self.env._preview = None  # the slot is the fan-out's; SimCord checks it is free
            try:
                await preview.__aenter__()
            finally:
                self.env._preview = self._fanout
            preview._action = self._serialised(target.id, preview._action)
            _follow_latest(preview)
            self._open[target.id] = preview
            self._seen[target.id] = self._fingerprint(target.id)
            return preview

    def _serialised(self, channel_id: int, action: Callable[..., Awaitable[Any]]
                    ) -> Callable[..., Awaitable[Any]]:
        """A preview's action handler that waits its turn (another tab's click, the clock);
        the preview republishes its own pages after an action."""
        async def run(*args: Any, **kwargs: Any) -> Any:
            async with self.lock:
                try:
                    return await action(*args, **kwargs)
                finally:
                    self._seen[channel_id] = self._fingerprint(channel_id)
        return run

    def republish(self) -> None:
        """Let the open pages of every channel whose messages changed show it as it is now (the
        bot moved on its own: an AI's reply, the timer); the pages poll and pick it up.

        Only on a change: a page's click names the revision it saw, and SimCord refuses a
        click on a page republished since ("Action was not completed")."""
        for channel_id, preview in tuple(self._open.items()):
            seen = self._fingerprint(channel_id)
            if self._seen.get(channel_id) == seen:
                continue
            if preview._active and preview._active_action is None:
                preview._advance_presentation_time()
                _follow_latest(preview)
                preview._publish_message_pages(reason="refresh")
                self._seen[channel_id] = seen

    def _fingerprint(self, channel_id: int) -> int:
        """A digest of a channel's messages (ephemeral ones included) as they are now."""
        messages = self.env.backend.messages.get(channel_id, {})
        return hash(tuple((m.id, m.edited_timestamp, m.content, repr(m.embeds),
                           repr(m.components), len(m.attachments))
                          for m in messages.values()))

    async def close(self) -> None:
        """Close every preview."""
        for preview in self:
            await preview.close()
        self._open.clear()
        if self.env._preview is self._fanout:
            self.env._preview = None
