"""The page that plays in the browser: the viewer's board and cards, with controls to play.

The HTML, style and script of the page are files of this package
(``play.html``, ``play.css``, ``play.js``); the board, the cards and their
style come from the viewer (:data:`~solitaire_solver.pages.viewer.TABLE_SCRIPT`,
:data:`~solitaire_solver.pages.viewer.STYLE`, :data:`~solitaire_solver.pages.viewer.SUIT_DEFS`),
so that a position looks the same whether it is watched or played. Like the
viewer's page, it loads nothing from anywhere else: it talks only to the
server that sent it.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from ..viewer import STYLE, SUIT_DEFS, TABLE_SCRIPT


@cache
def _file(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def play_page(ping_seconds: int) -> str:
    """The page's HTML, which calls the server in every ``ping_seconds`` while it is open."""
    return (
        _file("play.html")
        .replace("{style}", STYLE + _file("play.css"))
        .replace("{defs}", SUIT_DEFS)
        .replace("{script}", TABLE_SCRIPT + _file("play.js"))
        .replace("{ping}", str(int(ping_seconds) * 1000))
    )
