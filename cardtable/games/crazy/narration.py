"""Crazy's words: what its events, refusals, actions, status line and results say, in the person's language.

The rules record data (`rules.EventKind` events, `IllegalAction` codes with fields); every sentence is written here
as a template with named fields, the person's own forms written out ("You are skipped.").  Cards are named by
their colour and label ("red 5", "green Draw Two", "Crazy"), not by the French labels the core knows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from cardtable.core.cards import Card
from cardtable.core.engine import Action, Event, IllegalAction, Result
from cardtable.core.narration import Narration
from cardtable.core.words import N_, Line, Names, Said, Seated, tr
from cardtable.games.crazy.rules import (
    CLOCKWISE,
    CRAZY,
    DRAW_FOUR,
    DRAW_TWO,
    REVERSE,
    SKIP,
    WILD,
    Draw,
    Play,
)

COLOUR_NAMES: dict[str, str] = {"R": N_("red"), "Y": N_("yellow"), "G": N_("green"), "B": N_("blue")}
LABEL_NAMES: dict[int, str] = {
    SKIP: N_("Skip"), REVERSE: N_("Reverse"), DRAW_TWO: N_("Draw Two"), CRAZY: N_("Crazy"),
    DRAW_FOUR: N_("Crazy Draw Four"),
}


def colour_name(colour: str) -> str:
    """"red", "yellow", "green", "blue"."""
    return tr(COLOUR_NAMES[colour])


def label_name(rank: int) -> str:
    """"5", "Skip", "Crazy Draw Four"."""
    return tr(LABEL_NAMES[rank]) if rank in LABEL_NAMES else str(rank)


def card_name(card: Card) -> str:
    """"red 5", "blue Skip", "green Draw Two", "Crazy", "Crazy Draw Four"."""
    if card.suit == WILD:
        return label_name(card.rank)
    return tr(N_("{colour} {label}")).format(colour=colour_name(card.suit), label=label_name(card.rank))


def direction_name(direction: int) -> str:
    return tr(N_("clockwise")) if direction == CLOCKWISE else tr(N_("anticlockwise"))


def capital(text: str) -> str:
    """A name at the start of a sentence: "Red 5"."""
    return text[:1].upper() + text[1:]


def _named(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Fields as Crazy says them: its cards by colour and label (and "Card" capitalized at a sentence's start),
    colours and labels by name; the rest (seats) as the core says them."""
    out = dict(fields)
    card = fields.get("card")
    if isinstance(card, Card):
        out["card"] = card_name(card)
    if isinstance(out.get("card"), str):
        out["Card"] = capital(out["card"])
    if isinstance(fields.get("colour"), str):
        out["colour"] = colour_name(fields["colour"])
    if isinstance(fields.get("label"), int):
        out["label"] = label_name(fields["label"])
    return out


# Penalty draws: (all drawn, one left, several left) x (the turn lost or not).
_PENALTY: dict[tuple[str, bool], Line] = {
    ("all", True): Line(N_("{player} draws {count} cards and loses their turn."),
                        N_("You draw {count} cards and lose your turn."),
                        N_("draws {count} cards and loses their turn."), N_("draw {count} cards and lose your turn.")),
    ("all", False): Line(N_("{player} draws {count} cards."), N_("You draw {count} cards."),
                         N_("draws {count} cards."), N_("draw {count} cards.")),
    ("one", True): Line(N_("{player} must draw {count} cards, but only {got} is left to draw. {player} loses their "
                           "turn."),
                        N_("You must draw {count} cards, but only {got} is left to draw. You lose your turn."),
                        N_("draws {got} of {count} cards and loses their turn."),
                        N_("draw {got} of {count} cards and lose your turn.")),
    ("one", False): Line(N_("{player} must draw {count} cards, but only {got} is left to draw."),
                         N_("You must draw {count} cards, but only {got} is left to draw."),
                         N_("draws {got} of {count} cards."), N_("draw {got} of {count} cards.")),
    ("many", True): Line(N_("{player} must draw {count} cards, but only {got} are left to draw. {player} loses "
                            "their turn."),
                         N_("You must draw {count} cards, but only {got} are left to draw. You lose your turn."),
                         N_("draws {got} of {count} cards and loses their turn."),
                         N_("draw {got} of {count} cards and lose your turn.")),
    ("many", False): Line(N_("{player} must draw {count} cards, but only {got} are left to draw."),
                          N_("You must draw {count} cards, but only {got} are left to draw."),
                          N_("draws {got} of {count} cards."), N_("draw {got} of {count} cards.")),
}
_WIN = Line(N_("{player} wins!"), N_("You win!"), N_("wins!"), N_("win!"))
_MUST_PLAY_DRAWN = Line(N_("{player} must play the card they drew."), N_("You must play the card you drew."))
_TO_PLAY = Line(N_("{player} to play on {match}."), N_("Your turn to play on {match}."))
_SHARED_WIN = Line(N_("{player} shares the win!"), N_("You share the win!"), N_("shares the win!"),
                   N_("share the win!"))


class CrazyNarration(Narration):
    """Crazy's words."""

    lines: ClassVar[Mapping[str, Line]] = {
        "deal": Line(N_("{count} cards are dealt to each player.")),  # said once, with the first seat's deal
        "first": Line(N_("{player} plays first."), N_("You play first."), N_("plays first."), N_("play first.")),
        "move": Line(N_("{player} plays {card}."), N_("You play {card}."), N_("plays {card}."), N_("play {card}.")),
        "colour": Line(N_("{player} chose {colour}."), N_("You chose {colour}."), N_("chose {colour}."),
                       N_("chose {colour}.")),
        "random_colour": Line(N_("The colour is now {colour} (chosen at random).")),
        "skip": Line(N_("{player} is skipped."), N_("You are skipped."), N_("is skipped."), N_("are skipped.")),
        "reverse": Line(N_("Play goes {direction}.")),
        "keep": Line(N_("{player} draws a card and keeps it."), N_("You draw a card and keep it."),
                     N_("draws a card and keeps it."), N_("draw a card and keep it.")),
        "must_play": Line(N_("{player} draws a card that can be played, and must play it."),
                          N_("You draw a card that can be played, and must play it."),
                          N_("draws a card that can be played, and must play it."),
                          N_("draw a card that can be played, and must play it.")),
        "cannot_draw": Line(N_("{player} cannot draw: no cards are left to draw. The turn passes."),
                            N_("You cannot draw: no cards are left to draw. The turn passes."),
                            N_("cannot draw: no cards are left to draw. The turn passes."),
                            N_("cannot draw: no cards are left to draw. The turn passes.")),
        "shuffle": Line(N_("The draw pile is empty: the discard pile is shuffled into a new draw pile.")),
        "turn_limit": Line(N_("{turns} turns without a winner: the fewest cards wins.")),
    }
    #: Deliberately silent: "draw" (the cards' flight; what it means follows as its own event).
    silent: ClassVar[frozenset[str]] = frozenset({"draw"})

    refusals: ClassVar[Mapping[str, str]] = {
        "game_over": N_("The game is over."),
        "not_in_hand": N_("It is {seat}'s turn, and {card} is not in their hand."),
        "must_play_drawn": N_("{seat} drew {card}, which can be played: they must play it now."),
        "no_match": N_("{Card} matches neither the colour ({colour}) nor the label ({label}) of the discard pile, "
                       "and it is not a wild card."),
        "own_colour": N_("{Card} keeps its own colour: no colour is chosen when it is played."),
        "random_colour": N_("At this table the colour after a Crazy Draw Four is chosen at random: play it without "
                            "choosing a colour."),
        "choose_colour": N_("Choose the new colour for {card}: red, yellow, green or blue."),
        "drew_already": N_("{seat} has drawn already and must play {card}, which can be played."),
        "can_play": N_("{seat} can play {card}, so they must play a card: only a player who cannot play draws."),
        "not_an_action": N_("That is not a Crazy action: {action}."),
    }
    #: The refusals said to the person whose move it was.
    you_refusals: ClassVar[Mapping[str, str]] = {
        "not_in_hand": N_("It is your turn, and {card} is not in your hand."),
        "must_play_drawn": N_("You drew {card}, which can be played: you must play it now."),
        "drew_already": N_("You have drawn already and must play {card}, which can be played."),
        "can_play": N_("You can play {card}, so you must play a card: only a player who cannot play draws."),
    }

    # ----- events -----------------------------------------------------------------------------------
    def event(self, event: Event, names: Names) -> Said | None:
        kind = event.kind
        if kind in self.silent or (kind == "deal" and event.seat != 0):
            return None
        if kind == "turn_up":
            card = event.cards[0]
            template = N_("{Card} is turned up.") if card.rank < SKIP else \
                N_("{Card} is turned up: not a number card, so another is turned up.")
            return Said(tr(template).format_map(_named({"card": card})))
        if kind == "penalty":
            value = event.value
            count, got = value["count"], value["got"]
            short = "all" if got == count else "one" if got == 1 else "many"
            return _PENALTY[short, value["loses"]].say(names, event.seat, count=count, got=got)
        if kind == "win":
            return (_SHARED_WIN if event.value["shared"] else _WIN).say(names, event.seat)
        if kind == "over":
            return Said(self.summary(event.value, names))
        return super().event(event, names)

    def event_fields(self, event: Event, names: Names) -> dict[str, Any] | None:
        kind = event.kind
        if kind in ("colour", "random_colour"):
            return {"colour": colour_name(event.value)}
        if kind == "reverse":
            return {"direction": direction_name(event.value)}
        if kind == "deal":
            return {"count": event.value}
        if kind == "turn_limit":
            return {"turns": f"{event.value:,}"}
        if event.cards:
            return {"card": card_name(event.cards[0])}
        return {}

    # ----- refusals and actions -----------------------------------------------------------------------
    def refusal_fields(self, error: IllegalAction, names: Names) -> dict[str, Any]:
        said = _named(error.fields)
        seat = error.fields.get("seat")
        if isinstance(seat, Seated):
            said["seat"] = names(seat.seat)
        return said

    def hint(self, hint: Any, names: Names) -> str:
        """A hint's move and why, its cards named as Crazy names them ("red 5")."""
        fields = {key: card_name(value) if isinstance(value, Card) else value for key, value in hint.fields.items()}
        return super().hint(replace(hint, fields=fields), names)

    def action(self, action: Action, names: Names) -> str:
        if isinstance(action, Play):
            name = card_name(action.card)
            if action.colour is not None:
                return tr(N_("Play {card}: choose {colour}")).format(card=name, colour=colour_name(action.colour))
            if action.card.rank == DRAW_FOUR and action.card.suit == WILD:
                return tr(N_("Play {card} (random colour)")).format(card=name)
            return tr(N_("Play {card}")).format(card=name)
        if isinstance(action, Draw):
            return tr(N_("Draw a card"))
        return super().action(action, names)

    # ----- the status line and the summary ------------------------------------------------------------
    def status(self, view: Mapping[str, Any], names: Names) -> str:
        """The status line for the seat whose view this is: who plays on what, or what they must do."""
        turn, seat = view["turn"], view["seat"]
        if turn is None:
            return self.summary(view["outcome"], names)
        colour = colour_name(view["colour"])
        match = colour if view["label"] >= CRAZY else tr(N_("{colour} or {label}")).format(
            colour=colour, label=label_name(view["label"]))
        if turn != seat:
            if view["must_play_drawn"]:
                return _MUST_PLAY_DRAWN.say(names, turn).text
            return _TO_PLAY.say(names, turn, match=match).text
        if view["drawn"] is not None:
            return tr(N_("You drew {card}: it can be played, so play it now.")).format(card=card_name(view["drawn"]))
        legal = view["legal"]
        if legal is not None and legal["draw"]:
            return tr(N_("You cannot play on {match}: draw a card.")).format(match=match)
        return tr(N_("Your turn: play a card matching {match}, or a wild card.")).format(match=match)

    def result(self, result: Result, names: Names) -> str:
        """The result's values are the standings (`CrazyState.outcome`)."""
        return self.summary(result.values or {}, names)

    def summary(self, outcome: Mapping[str, Any], names: Names) -> str:
        """The standings (`CrazyState.outcome`) in a sentence or three: who won and how, the cards left, the
        points."""
        left = tr(N_(", ")).join(tr(N_("{player} {count}")).format(player=names(s), count=k)
                                 for s, k in enumerate(outcome["left"]))
        if not outcome["over"]:
            return tr(N_("Turn {turn}. Cards left: {left}.")).format(turn=outcome["turns"] + 1, left=left)
        winners = outcome["winners"]
        you = len(winners) == 1 and names.is_you(winners[0])
        fields = {"winners": names.listed(winners),
                  "turns": outcome["turns"], "left": left}
        if outcome["turn_limit"] is not None:
            fields.update(limit=f"{outcome['turn_limit']:,}", fewest=outcome["left"][winners[0]])
            if len(winners) > 1:
                template = N_("No winner after {limit} turns: {winners} share the win with the fewest cards "
                              "({fewest}). Cards left: {left}.")
            elif you:
                template = N_("No winner after {limit} turns: you win with the fewest cards ({fewest}). "
                              "Cards left: {left}.")
            else:
                template = N_("No winner after {limit} turns: {winners} wins with the fewest cards ({fewest}). "
                              "Cards left: {left}.")
        elif you:
            template = N_("You win, out of cards after {turns} turns. Cards left: {left}.")
        else:
            template = N_("{winners} wins, out of cards after {turns} turns. Cards left: {left}.")
        text = tr(template).format_map(fields)
        points = outcome["points"]
        if points is not None:
            if len(winners) > 1:
                more = N_("{points} point to each winner.") if points == 1 else N_("{points} points to each winner.")
            else:
                more = N_("{points} point to {winners}.") if points == 1 else N_("{points} points to {winners}.")
            text += " " + tr(more).format(points=points, winners=fields["winners"])
        return text


NARRATION = CrazyNarration()
