"""Play in the browser: ``solitaire-solver play GAME NUMBER --browser``.

A local web app (:mod:`.app`, Starlette served by Uvicorn, the ``[browser]``
extra) on the table the solution viewer draws (:mod:`solitaire_solver.pages.viewer`),
with the solver as a coach that speaks only when asked (:mod:`.table`). The
page (:mod:`.page`) holds no rule: the legal moves, where each one starts and
ends on the table, and every verdict come from the library.
"""

from .table import Table, today_deal, winnable_deal

__all__ = ["Table", "today_deal", "winnable_deal"]
