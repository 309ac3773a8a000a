"""A game's narration: what its recorded events, its refusals, its actions and its results say, in the person's
language.  The engine records what happened as data (`Event`, `IllegalAction`); the narration alone turns it into
sentences, through `core.words.tr`, so a search never pays for words and a translator never touches a rule.

A game's `narration.py` subclasses `Narration`: `lines` (a `Line` per event kind it says something of, with the
event's fields named), `refusals` (a template per refusal reason), and overrides `event_fields`, `event`,
`action` where its events need more than that.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol

from cardtable.core.engine import Action, Event, IllegalAction, Result
from cardtable.core.words import N_, Clause, Line, Names, Said, Seated, say, tr

#: Refusals the table itself may meet, whatever the game: a move after the end.
COMMON_REFUSALS = {"game_over": N_("The game is over.")}
#: A refusal a game forgot to word (its narration tests hold every code it raises to a sentence).
UNKNOWN_REFUSAL = N_("That move is not allowed now.")


class Suggestion(Protocol):
    """What the narration reads of a hint (`games.plugin.Hint`, which the core does not import)."""

    @property
    def action(self) -> Action: ...

    @property
    def text(self) -> str: ...

    @property
    def why(self) -> str: ...

    @property
    def fields(self) -> Mapping[str, Any]: ...


class Narration:
    """The words of a game: a game's narration declares its `lines` and `refusals` and overrides what needs more."""

    #: Event kind -> its sentence; the event's fields are named by `event_fields`.
    lines: ClassVar[Mapping[str, Line]] = {}
    #: Refusal reason -> its sentence, with the refusal's fields named.
    refusals: ClassVar[Mapping[str, str]] = {}
    #: Refusal reason -> its sentence to the person themselves, when a seat among the refusal's fields (a
    #: `Seated`) is theirs ("You hold no 3." where another reads "Ann holds no 3.").
    you_refusals: ClassVar[Mapping[str, str]] = {}

    def event(self, event: Event, names: Names) -> Said | None:
        """What the table says of `event` (None: nothing; the move speaks for itself)."""
        line = self.lines.get(event.kind)
        if line is None:
            return None
        fields = self.event_fields(event, names)
        return None if fields is None else line.say(names, event.seat, **fields)

    def event_fields(self, event: Event, names: Names) -> dict[str, Any] | None:
        """The named fields of `event`'s sentence (None: say nothing of this one): by default its cards (as
        `cards`, and the first as `card`) and its value."""
        fields: dict[str, Any] = {"cards": event.cards, "value": event.value}
        if event.cards:
            fields["card"] = event.cards[0]
        return fields

    def refusal(self, error: IllegalAction, names: Names) -> str:
        """Why a move was refused, for the person: spoken to them when the refusal is about their seat."""
        you = any(isinstance(v, Seated) and names.is_you(v.seat) for v in error.fields.values())
        template = (self.you_refusals.get(error.reason) if you else None) or self.refusals.get(error.reason) \
            or COMMON_REFUSALS.get(error.reason, UNKNOWN_REFUSAL)
        return say(template, names, **self.refusal_fields(error, names))

    def refusal_fields(self, error: IllegalAction, names: Names) -> dict[str, Any]:
        """The named fields of a refusal's sentence (a game words its own values here: a suit's letter as its
        name)."""
        return dict(error.fields)

    def result(self, result: Result, names: Names) -> str:
        """The outcome of a game (or the standings of one in progress) in a sentence."""
        return result.summary

    def hint(self, hint: Suggestion, names: Names) -> str:
        """A hint (`games.plugin.Hint`) in words: the move's name, then why (its `reasons`, a tuple of `Clause`s,
        said one by one, each through `clause`)."""
        if not hint.why:
            return hint.text
        fields = dict(hint.fields)
        if "reasons" in fields:
            fields["reasons"] = tr(N_("; ")).join(self.clause(c, names) for c in fields["reasons"])
        return tr(N_("{move}: {why}")).format(move=self.action(hint.action, names),
                                              why=say(hint.why, names, **fields))

    def clause(self, clause: Clause, names: Names) -> str:
        """One clause of a longer sentence (a hint's reason)."""
        return say(clause.template, names, **dict(clause.fields))

    def action(self, action: Action, names: Names) -> str:
        """An action as a button, a log line or a hint names it."""
        return action.describe()
