"""The knobs a game's rules are made of: how each is parsed and shown, and the rules as text."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from ..errors import BadRuleError


def knob(
    default: Any, doc: str, parse: Callable[[str], Any], show: Callable[[Any], str] = str
) -> Any:
    """A field of a rules class: a default, a one-line doc and a text parser.

    ``parse`` turns command-line text into a value and raises ``ValueError``
    with a short reason when it cannot; ``show`` turns a value back into text
    that ``parse`` accepts.
    """
    return attrs.field(default=default, metadata={"doc": doc, "parse": parse, "show": show})


def parse_int_range(low: int, high: int) -> Callable[[str], int]:
    """A parser for a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"expected a whole number from {low} to {high}") from None
        if not low <= value <= high:
            raise ValueError(f"expected a whole number from {low} to {high}")
        return value

    return parse


def parse_choice(*choices: str) -> Callable[[str], str]:
    """A parser for one of a fixed set of words."""

    def parse(text: str) -> str:
        value = text.strip().lower()
        if value not in choices:
            raise ValueError("expected one of " + ", ".join(choices))
        return value

    return parse


def parse_bool(text: str) -> bool:
    """``true``/``false`` (also ``yes``/``no``, ``1``/``0``)."""
    value = text.strip().lower()
    if value in ("true", "yes", "1", "on"):
        return True
    if value in ("false", "no", "0", "off"):
        return False
    raise ValueError("expected true or false")


def show_bool(value: bool) -> str:
    """The text of a boolean knob."""
    return "true" if value else "false"


def rules_knobs(rules_type: type) -> list[attrs.Attribute]:  # type: ignore[type-arg]
    """The knob fields of a rules class, in declaration order."""
    return [f for f in attrs.fields(rules_type) if "parse" in f.metadata]


def rules_items(rules: Any) -> list[tuple[str, str]]:
    """The knobs of a rules value as ``(name, text)`` pairs."""
    return [(f.name, f.metadata["show"](getattr(rules, f.name))) for f in rules_knobs(type(rules))]


def rules_text(rules: Any) -> str:
    """The knobs of a rules value as ``name=value`` words, for files and stores."""
    return " ".join(f"{k}={v}" for k, v in rules_items(rules))


def parse_rule_assignments(assignments: Iterable[str]) -> dict[str, str]:
    """``name=value`` words (as ``--rule`` takes them) as a dict of knob names to text.

    A knob named twice is an error even with the same value: with two
    values, keeping either one would answer a question nobody asked.
    """
    out: dict[str, str] = {}
    for word in assignments:
        if not isinstance(word, str):
            raise BadRuleError(f"bad rule {word!r:.60}: expected NAME=VALUE, such as redeals=1")
        name, sep, value = word.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise BadRuleError(f"bad rule {word!r}: expected NAME=VALUE, such as redeals=1")
        if name in out:
            raise BadRuleError(
                f"rule {name!r} given twice ({name}={out[name]}, then {name}={value}): "
                "give each rule once"
            )
        out[name] = value
    return out


def _like(show: Callable[[Any], str], rules: Any, name: str) -> str:
    """A value like the knob ``name``'s in ``rules``, for an error: ``a value such as 10,20,30``."""
    return f"a value such as {show(getattr(rules, name))}"


def apply_overrides(rules: Any, overrides: Mapping[str, Any], game: str) -> Any:
    """A copy of ``rules`` with knobs replaced; text values are parsed.

    Raises :class:`BadRuleError` naming the knob for an unknown knob or a bad value.
    """
    fields = {f.name: f for f in rules_knobs(type(rules))}
    changes: dict[str, Any] = {}
    for name, value in overrides.items():
        field = fields.get(name)
        if field is None:
            known = ", ".join(fields) or "none"
            raise BadRuleError(f"unknown rule {name!r} for {game} (its rules: {known})")
        parse, show = field.metadata["parse"], field.metadata["show"]
        try:
            if isinstance(value, str):
                value = parse(value)
            else:
                # A value given in code goes through its text and back, so that it is
                # checked as the text would be (and 2 for a true-or-false knob, or 1.5 for
                # a whole number, is refused rather than kept as it is).
                text = show(value)
                if parse(text) != value:
                    raise ValueError(f"reads back as {text!r}")
                value = parse(text)
        except (ValueError, TypeError, AttributeError) as exc:
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
            # A value of the wrong type fails in the knob's own code: said in the rule's words.
            why = (
                str(exc) if isinstance(exc, ValueError) else f"expected {_like(show, rules, name)}"
            )
            raise BadRuleError(f"bad value {shown} for rule {name!r} of {game}: {why}") from None
        changes[name] = value
    try:
        return attrs.evolve(rules, **changes)
    except (ValueError, TypeError) as exc:
        raise BadRuleError(f"bad rules for {game}: {exc}") from None
