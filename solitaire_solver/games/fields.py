"""The labelled lines of a position file, as a game reads them (:class:`FieldReader`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from ..cards import count_text
from ..errors import DealFileError


@attrs.frozen
class Field:
    """One labelled line of a position file: ``label: text`` at ``line``."""

    label: str
    text: str
    line: int


_WORD_NUMBER = re.compile(r"(?<=[a-z])(?=[0-9])|(?<=[0-9])(?=[a-z])")


def normalise_label(label: str) -> str:
    """A label as files compare it: lower case, words and numbers apart, single spaces.

    Case, spaces, underscores and a number written against its word do not
    matter: ``Redeals_Used`` is ``redeals used``, ``secondary1`` is
    ``secondary 1``.
    """
    text = _WORD_NUMBER.sub(" ", label.lower().replace("_", " "))
    return " ".join(text.split())


class FieldReader:
    """Hands a game the labelled lines of a position file and builds its errors.

    The game asks for each label it expects; :meth:`finish` then complains
    about any label left over. Labels compare as :func:`normalise_label`
    makes them, on both sides.
    """

    def __init__(self, fields: Sequence[Field], path: str, game: str, last_line: int) -> None:
        self.path = path
        self.game = game
        self.last_line = last_line
        self._taken: list[str] = []
        self._fields: dict[str, Field] = {}
        for f in fields:
            label = normalise_label(f.label)
            if label in self._fields:
                raise self.error(f"label {label!r} given twice", f)
            self._fields[label] = f

    def error(self, message: str, field: Field | None = None) -> DealFileError:
        """A :class:`DealFileError` at ``field``'s line (or the end of the file)."""
        return DealFileError(message, path=self.path, line=field.line if field else self.last_line)

    def take(self, label: str, default: str | None = None) -> Field:
        """The field with ``label``; missing is an error unless a default is given."""
        label = normalise_label(label)
        self._taken.append(label)
        f = self._fields.pop(label, None)
        if f is None:
            if default is None:
                raise self.error(f"missing line {label!r} for {self.game}")
            return Field(label, default, self.last_line)
        return f

    def has(self, label: str) -> bool:
        """Whether the file has a line labelled ``label`` not yet taken."""
        return normalise_label(label) in self._fields

    def check_hidden(
        self, missing: Sequence[str], hidden: int, field: Field | None = None, where: str = ""
    ) -> None:
        """Refuse a deck that does not add up: each card not shown must be one of the ``??``.

        ``missing`` names the cards shown nowhere, ``hidden`` counts the
        ``??``; ``where`` (``"stock: "``) and ``field`` say where they are.
        """
        if len(missing) == hidden:
            return
        if not hidden:
            raise self.error(f"{count_text(len(missing))} missing: {' '.join(missing)}")
        raise self.error(
            f"{where}{hidden} hidden (??) but {count_text(len(missing))} not shown "
            f"anywhere ({' '.join(missing) or 'none'}): the hidden cards are those",
            field,
        )

    def finish(self) -> None:
        """Raise for the first label the game did not ask for, listing those it did."""
        for f in self._fields.values():
            known = ", ".join(self._taken) or "none"
            raise self.error(f"unknown label {f.label!r} for {self.game} (its labels: {known})", f)
