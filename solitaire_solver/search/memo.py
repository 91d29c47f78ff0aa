"""Keys proved lost, shared by several searches of positions whose keys mean the same.

Analysing a position asks for the verdict of every move, that is a search
from each child; their state spaces overlap almost entirely. A
:class:`Memo` passed to each search carries what one search proved to the
next: the keys of its table, once it ends lost.

Why only then. A search that ends lost has searched everything reachable
from its start, up to the prunes the game argues sound; every position it
expanded is reachable from that start, so everything reachable from it was
searched too and holds no win: every key in its table is lost, cycles or
not. A search that wins, or that a limit stops, proves nothing in general
of the keys it left (one may have been skipped only because an ancestor on
the line was in the table), so it adds nothing; except over a problem that
declares itself ``acyclic`` (:mod:`.protocol`), where no child is an
ancestor: there every key a search finished with (every key off the line
it ends on) is lost, and a search that wins adds those.

A search that finds a child's key in the memo skips the child as lost,
exactly as it skips a key searched in full by itself. Keys must mean the
same in every search that shares a memo: a game whose keys are numbered
relative to a search's start makes them absolute, or keeps its numbering
in :attr:`Memo.notes`, before it passes the memo on.

A search compiled in C keeps its keys in a table of its own
(:attr:`Memo.compiled`, by the kernel's name), in its own form; searches of
one kernel share that table as Python searches share :attr:`Memo.lost`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sized
from typing import Any


class Memo:
    """Keys proved lost, each with the earliest place from which it is lost.

    Without places (:class:`~.protocol.Placed`) every place is 0. With
    places, a key lost from place ``p`` is lost from every later place too
    (the game's promise for places), so a search skips it at ``p`` or later.
    """

    __slots__ = ("compiled", "lost", "notes")

    def __init__(self) -> None:
        self.lost: dict[Hashable, int] = {}
        """Each key proved lost, with the earliest place it is proved lost from."""
        self.notes: dict[str, Any] = {}
        """What a game keeps so that its keys mean the same in every search sharing the memo."""
        self.compiled: dict[str, Sized] = {}
        """The keys proved lost that compiled searches keep in their own tables, by kernel."""

    def __len__(self) -> int:
        """The keys proved lost, those of compiled searches included."""
        return len(self.lost) + sum(len(t) for t in self.compiled.values())

    def __repr__(self) -> str:
        return f"Memo({len(self)} keys lost)"

    def is_lost(self, key: Hashable, place: int = 0) -> bool:
        """Whether ``key`` is proved lost at ``place``."""
        m = self.lost.get(key)
        return m is not None and m <= place

    def add(self, table: Mapping[Hashable, int]) -> None:
        """Record the keys of a search that ended lost, each with its place."""
        lost = self.lost
        for k, p in table.items():
            m = lost.get(k)
            if m is None or p < m:
                lost[k] = p

    def add_keys(self, keys: Iterable[Hashable]) -> None:
        """Record keys of a search without places that ended lost (lost from every place)."""
        self.lost.update(dict.fromkeys(keys, 0))
