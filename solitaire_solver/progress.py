"""Progress of long runs: a tqdm bar on a terminal, plain lines elsewhere.

The plan (how many deals, how many already stored, how many to solve) is
one plain line before the first deal, whatever the output. On a terminal a
tqdm bar then redraws in place with the rate and the time left. When the
output is a file or a pipe, a bar's carriage returns would make a mess of
it, so a plain line in tqdm's words is written every ``every`` seconds and
at the end instead, and logs stay readable.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TextIO

from tqdm import tqdm

_LINE = "{desc}: {n_fmt}/{total_fmt} {percentage:3.0f}% {rate_fmt}  {remaining} left"
"""A plain progress line while deals are left."""
_DONE = "{desc}: {n_fmt}/{total_fmt} {percentage:3.0f}% {rate_fmt}  done in {elapsed}"
"""The plain line once every deal is done."""
_UNIT = " deals"


class ProgressBar:
    """Reports ``done`` of ``todo`` deals; call it as a :data:`~solitaire_solver.stats.Progress`.

    ``total`` is the number of deals asked for, of which ``total - todo``
    were already in the store (said once, at the start). ``tty`` defaults
    to whether ``stream`` is a terminal; ``width`` is the bar's width in
    characters there (default: the terminal's). ``clock`` times the plain
    lines.
    """

    def __init__(
        self,
        stream: TextIO,
        *,
        label: str,
        total: int,
        tty: bool | None = None,
        every: float = 10.0,
        width: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.label = label
        self.total = total
        self.tty = stream.isatty() if tty is None else tty
        self.every = every
        self.width = width
        self.clock = clock
        self.start = 0.0
        self.last = 0.0
        self.done = 0
        self.todo = 0
        self.started = False
        self.final_shown = False
        self._bar: tqdm[Any] | None = None

    def __call__(self, done: int, todo: int) -> None:
        now = self.clock()
        self.done, self.todo = done, todo
        if not self.started:
            self.started = True
            self.start = self.last = now
            stored = self.total - todo
            already = f"{stored} already stored, " if stored else ""
            self._line(f"{self.label}: {self.total} deals, {already}{todo} to solve")
            if self.tty and todo:
                self._bar = tqdm(
                    total=todo,
                    initial=done,
                    file=self.stream,
                    desc=self.label,
                    unit=_UNIT,
                    ncols=self.width,
                    dynamic_ncols=self.width is None,
                    mininterval=0.1,
                )
            if done == 0:
                return
        if self._bar is not None:
            self._bar.update(done - self._bar.n)
            return
        if done < todo and now - self.last < self.every:
            return
        self.last = now
        self._show(now)

    def _show(self, now: float) -> None:
        self.final_shown = self.done >= self.todo
        text = tqdm.format_meter(
            self.done,
            self.todo,
            now - self.start,
            prefix=self.label,
            unit=_UNIT,
            bar_format=_DONE if self.final_shown else _LINE,
        )
        self._line(text)

    def _line(self, text: str) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()

    def finish(self) -> None:
        """Show the final state (if not shown yet) and end the bar's line."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        elif self.started and self.todo and not self.final_shown:
            self._show(self.clock())
