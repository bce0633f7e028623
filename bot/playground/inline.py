"""Pictures in SimCord's preview as Discord shows them inline: an attached image fitted into
550×350 px on a desktop (an embed's image into 400×300), and as wide as the chat column on a
phone (330 px of a 360 px screen); a click still opens it full size, in the preview's own
lightbox, as on Discord.

SimCord's preview shows an attachment as wide as the message column and up to 80 % of the page
tall, far larger than Discord does, and has no setting for it. Its page may load styles only
from its own server (its Content-Security-Policy), so `show_inline` adds the limits to the
stylesheet it serves: it wraps the preview server's static handler (`PreviewServer._static`,
a SimCord internal pinned by tests/bot/test_playground.py) for `/preview.css` alone. Used by
the playground and by the screenshot scripts (docs/screenshots*.py).
"""

from __future__ import annotations

from typing import Any

from simcord.preview._server import PreviewServer

from bot.core.drawing import INLINE_BOX, PHONE_COLUMN

EMBED_BOX = (400, 300)  # px: an embed's image
PHONE_GUTTER = (360 - PHONE_COLUMN) // 2  # px either side of a phone's chat column
INLINE_CSS = f"""
/* Juwelier: attachments as Discord shows them inline (bot/playground/inline.py). */
.message-attachments .attachment-image {{
  width: auto; height: auto;
  max-width: min(100%, {INLINE_BOX[0]}px); max-height: {INLINE_BOX[1]}px;
  object-fit: contain;
}}
img.embed-image {{
  width: auto; max-width: min(100%, {EMBED_BOX[0]}px); max-height: {EMBED_BOX[1]}px;
}}
@container preview (max-width: 600px) {{
  .message-attachments {{
    width: calc(100% - {2 * PHONE_GUTTER}px); margin-left: {PHONE_GUTTER}px;
  }}
  .message-attachments .attachment-image {{ max-width: 100%; }}
}}
"""


def show_inline() -> None:
    """From now on, every SimCord preview in this process shows pictures at Discord's inline
    size (idempotent)."""
    if getattr(PreviewServer._static, "_juwelier_inline", False):
        return
    original = PreviewServer._static

    async def static(self: PreviewServer, request: Any) -> Any:
        response = await original(self, request)
        if request.path != "/preview.css":
            return response
        from aiohttp import web

        return web.Response(text=response.text + INLINE_CSS, content_type="text/css",
                            headers=dict(self._SECURITY_HEADERS))

    static._juwelier_inline = True  # type: ignore[attr-defined]
    PreviewServer._static = static  # type: ignore[method-assign]
