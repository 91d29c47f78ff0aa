"""Progress of long runs: a tqdm bar on a terminal, plain lines elsewhere.

The plan (how many deals, how many already stored, how many to solve) is
one plain line before the first deal, whatever the output. On a terminal a
tqdm bar then redraws in place with the rate and the time left. When the
output is a file or a pipe, a bar's carriage returns would make a mess of
it, so a plain line in tqdm's words is written every ``every`` seconds and
at the end instead, and logs stay readable.

One long solve (:class:`SolveProgress`) shows a line on a terminal only,
once it has run a few seconds: the states expanded, the rate, the time
spent and the limits, redrawn in place and wiped at the end.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from tqdm import tqdm

from .cards import count_text
from .search import limit_text
from .search.result import Limit

if TYPE_CHECKING:
    from .search import Budget

_LINE = "{desc}: {n_fmt}/{total_fmt} {percentage:3.0f}% {rate_fmt}  {remaining} left"
"""A plain progress line while deals are left."""
_DONE = "{desc}: {n_fmt}/{total_fmt} {percentage:3.0f}% {rate_fmt}  done in {elapsed}"
"""The plain line once every deal is done."""
_UNIT = " deals"


def rate_text(done: int, seconds: float) -> str:
    """The pace of a run in words: ``5.00 deals/s``, or ``28.68 s/deal`` when slower than
    one deal a second (tqdm's own words for it run the unit into the figure)."""
    if done <= 0 or seconds <= 0:
        return "? deals/s"
    rate = done / seconds
    return f"{rate:5,.2f} deals/s" if rate >= 1 else f"{1 / rate:5,.2f} s/deal"


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
            already = f"{stored:,} already stored, " if stored else ""
            self._line(
                f"{self.label}: {count_text(self.total, 'deal')}, {already}{todo:,} to solve"
            )
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
        line = _DONE if self.final_shown else _LINE
        pace = rate_text(self.done, now - self.start)
        text = tqdm.format_meter(
            self.done,
            self.todo,
            now - self.start,
            prefix=self.label,
            unit=_UNIT,
            # tqdm writes its counts with no thousands separators: these lines do.
            bar_format=line.replace("{rate_fmt}", pace).replace(
                "{n_fmt}/{total_fmt}", f"{self.done:,}/{self.todo:,}"
            ),
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


SHOW_AFTER = 3.0
"""Seconds a solve runs before its progress shows: a quick solve says nothing."""
REDRAW_EVERY = 0.25
"""Seconds between two redraws of a solve's progress line."""


def limits_text(budget: Budget) -> str:
    """The limits a solve works under, in words: ``limit 5 seconds``, ``no limit``."""
    lim = budget.limits
    parts = [
        limit_text(which, value)
        for which in (Limit.STATES, Limit.TIME, Limit.TABLE)
        if (value := lim.value(which)) is not None
    ]
    if not parts:
        return "no limit"
    default = " (default)" if budget.default else ""
    return ("limit " if len(parts) == 1 else "limits ") + ", ".join(parts) + default


class SolveProgress:
    """Shows the progress of one solve, or of the searches of a hint or a review, on a
    terminal; a :data:`~.search.Watcher`.

    Nothing shows for the first ``after`` seconds (default :data:`SHOW_AFTER`),
    and nothing at all when ``stream`` is not a terminal (``tty`` defaults to
    whether it is one): a log or a pipe gets no carriage returns. Then one
    line, redrawn in place at most every ``every`` seconds (default
    :data:`REDRAW_EVERY`): the states expanded, their rate, the time spent
    and the limits; once it has watched a second search (a budget of its
    own), the states of every search so far and how many. Told of the
    units of a longer work (:meth:`count`: a fair hint's samples), the line
    leads with them, ``samples 128 of 1,000``, and the time left. :meth:`finish`
    wipes it, so that what is printed next starts on a clean line. ``clock``
    reads the time; ``width`` is the most characters a line may take
    (default: the terminal's width, less one).
    """

    def __init__(
        self,
        stream: TextIO,
        *,
        tty: bool | None = None,
        after: float | None = None,
        every: float | None = None,
        width: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.tty = stream.isatty() if tty is None else tty
        self.after = SHOW_AFTER if after is None else after
        self.every = REDRAW_EVERY if every is None else every
        self.width = shutil.get_terminal_size().columns - 1 if width is None else width
        self.clock = clock
        self.start = clock()
        self.last: float | None = None
        self.shown = 0
        """The length of the line on the terminal now (0: none)."""
        self.searches = 0
        """The searches watched so far (a hint or a review makes several)."""
        self.before = 0
        """The states the searches before the current one expanded."""
        self.counted: tuple[int, int, str] | None = None
        """What :meth:`count` was told last: done, of how many, and of what."""
        self._budget: Budget | None = None

    def count(self, done: int, total: int, noun: str = "sample") -> None:
        """Told that ``done`` of ``total`` units of the work (a fair hint's samples) are
        done: the line then leads with them, in that unit, and the time left."""
        self.counted = (done, total, noun)

    def __call__(self, budget: Budget) -> None:
        if budget is not self._budget:
            # Each search has a budget of its own: a new one is a new search.
            if self._budget is not None:
                self.before += self._budget.expanded
            self._budget = budget
            self.searches += 1
        if not self.tty:
            return
        now = self.clock()
        elapsed = now - self.start
        if elapsed < self.after or (self.last is not None and now - self.last < self.every):
            return
        self.last = now
        self._draw(self.text(budget, elapsed))

    def text(self, budget: Budget, elapsed: float) -> str:
        """The progress line after ``elapsed`` seconds: states, rate, time spent and limits."""
        expanded = self.before + budget.expanded if budget is self._budget else budget.expanded
        rate = tqdm.format_sizeof(expanded / elapsed) if elapsed > 0 else "?"
        several = f" in {self.searches:,} searches" if self.searches > 1 else ""
        each = " each" if self.searches > 1 else ""
        line = (
            f"solving: {self.counted_text(elapsed)}{count_text(expanded, 'state')}{several}, "
            f"{rate} states/s, {tqdm.format_interval(elapsed)} elapsed; "
            f"{limits_text(budget)}{each}"
        )
        return line[: max(self.width, 1)]

    def counted_text(self, elapsed: float) -> str:
        """``samples 128 of 1,000, about 00:42 left; `` after ``elapsed`` seconds (the time
        left at the pace so far), or empty when :meth:`count` was not told."""
        if self.counted is None:
            return ""
        done, total, noun = self.counted
        # The plural names the unit, as a heading does: "samples 1 of 1".
        nouns = count_text(2, noun).split(" ", 1)[1]
        left = ""
        if 0 < done < total:
            left = f", about {tqdm.format_interval(elapsed / done * (total - done))} left"
        return f"{nouns} {done:,} of {total:,}{left}; "

    def _draw(self, text: str) -> None:
        # Spaces over the rest of a longer line drawn before: no escape codes.
        self.stream.write("\r" + text.ljust(self.shown))
        self.stream.flush()
        self.shown = len(text)

    def finish(self) -> None:
        """Wipe the line, if one is shown."""
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0


def solve_progress(stream: TextIO, *, quiet: bool = False) -> SolveProgress | None:
    """A :class:`SolveProgress` on ``stream`` when it is a terminal and not ``quiet``
    (output meant for programs, such as JSON), else ``None``: no watcher at all."""
    if quiet or not stream.isatty():
        return None
    return SolveProgress(stream, tty=True)
