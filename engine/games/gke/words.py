"""Names of kinds, symbols and card colours in the current language."""

from __future__ import annotations

from engine.games.gke.catalog import N_, _, pgettext

KIND_NAMES = {
    "ruby": N_("ruby"), "emerald": N_("emerald"), "sapphire": N_("sapphire"),
    "topaz": N_("topaz"), "amethyst": N_("amethyst"), "aquamarine": N_("aquamarine"),
    "citrine": N_("citrine"), "rose_quartz": N_("rose quartz"), "diamond": N_("diamond")}
SYMBOL_NAMES = {
    "sun": N_("sun"), "star": N_("star"), "heart": N_("heart"), "spider": N_("spider"),
    "moon": N_("moon"), "key": N_("key"), "crown": N_("crown"), "leaf": N_("leaf"),
    "drop": N_("drop")}


def kind_name(kind: str) -> str:
    """'sapphire', translated."""
    return _(KIND_NAMES[kind])


def symbol_name(symbol: str) -> str:
    """'spider', translated."""
    return _(SYMBOL_NAMES[symbol])


def back_name(back: int) -> str:
    """'the pink card', by back colour index."""
    # Translators: a face-up card named by its back colour
    return (pgettext("card", "the pink card"), pgettext("card", "the blue card"),
            pgettext("card", "the green card"))[back]
