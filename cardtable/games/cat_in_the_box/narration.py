"""Cat in the Box's words: what its events, refusals and actions say, written out for someone else and for "you"."""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.core.engine import Action, Event, IllegalAction, Result
from cardtable.core.narration import Narration
from cardtable.core.words import N_, Line, Names, Said, say, tr
from cardtable.games.cat_in_the_box.rules import Discard, Paradox, Play, Predict

#: The board's colours by name (red is trump).
COLOUR_NAMES = {"R": N_("red"), "B": N_("blue"), "Y": N_("yellow"), "G": N_("green")}


def colour_word(colour: str) -> str:
    """A board colour as a sentence names it: "red"."""
    return tr(COLOUR_NAMES[colour])


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def points_words(points: int) -> str:
    """"1 point", "5 points"."""
    return tr(N_("{count} point") if points == 1 else N_("{count} points")).format(count=points)


DISCARDS = Line(N_("{player} discards a card."), N_("You discard a card."), N_("discards a card."),
                N_("discard a card."))
PREDICTS = Line(N_("{player} predicts {amount}."), N_("You predict {amount}."), N_("predicts {amount}."),
                N_("predict {amount}."))
PLAYS = Line(N_("{player} plays {number} as {colour}."), N_("You play {number} as {colour}."),
             N_("plays {number} as {colour}."), N_("play {number} as {colour}."))
WINS_TRICK = Line(N_("{player} wins the trick."), N_("You win the trick."), N_("wins the trick."),
                  N_("win the trick."))
INTERRUPTED = Line(N_("The interrupted trick is won by no one."))
PARADOX = Line(N_("Paradox! {player} has no legal declaration."), N_("Paradox! You have no legal declaration."))
SCORES = Line(N_("Round scores: {parts}."))
ROUND = Line(N_("Round {round}: {player} starts."), N_("Round {round}: You start."))
WINS = Line(N_("{player} wins with {points}."), N_("You win with {points}."))
SHARE = Line(N_("{winners} share the victory with {points}."))


class CatNarration(Narration):
    """The sentences of Cat in the Box."""

    refusals: ClassVar[dict[str, str]] = {
        "game_over": N_("The game is over."),
        "discard_first": N_("Each player first discards one card."),
        "predict_now": N_("It is time to predict how many tricks you will win."),
        "prediction_range": N_("Only 1, 2, 3 or 4 tricks may be predicted."),
        "no_paradox": N_("{player} has a legal declaration: there is no paradox."),
        "play_now": N_("It is time to play a card and declare its colour."),
        "no_colour": N_("There is no colour {given!r}."),
        "not_a_card": N_("That is not a card."),
        "first_copy": N_("Play the {number} with the first copy of it in the hand."),
        "not_held": N_("{player} holds no {number}."),
        "taken": N_("That space ({number} {colour}) is taken."),
        "unavailable": N_("{Colour} is no longer available to {player}."),
        "must_follow": N_("{player} must follow {colour}."),
        "red_not_broken": N_("Red may not be led until a red token is on the board."),
    }
    #: The refusals said to the person whose move it is, in the second person.
    you_refusals: ClassVar[dict[str, str]] = {
        "no_paradox": N_("You have a legal declaration: there is no paradox."),
        "not_held": N_("You hold no {number}."),
        "must_follow": N_("You must follow {colour}."),
    }

    def event(self, event: Event, names: Names) -> Said | None:
        kind, seat, value = event.kind, event.seat, event.value
        if kind == "move":
            if event.dst == "trick":
                return PLAYS.say(names, seat, number=event.cards[0].rank, colour=colour_word(value))
            return DISCARDS.say(names, seat)
        if kind == "predict":
            return PREDICTS.say(names, seat, amount=value)
        if kind == "trick":
            return INTERRUPTED.say(names, None) if seat is None else WINS_TRICK.say(names, seat)
        if kind == "paradox":
            return PARADOX.say(names, seat)
        if kind == "score":
            parts = tr(N_(", ")).join(tr(N_("{name} {points}")).format(name=names(s), points=points)
                                      for s, points in enumerate(value))
            return SCORES.say(names, None, parts=parts)
        if kind == "deal":
            return ROUND.say(names, value["start"], round=value["round"])
        if kind == "over":
            return self.over(value, names)
        return None

    @staticmethod
    def over(value: dict[str, Any], names: Names) -> Said:
        """The game's end: the winners and their points."""
        winners, totals = value["winners"], value["totals"]
        points = points_words(max(totals))
        if len(winners) == 1:
            return WINS.say(names, winners[0], points=points)
        return SHARE.say(names, None, winners=capitalised(names.listed(winners)), points=points)

    def result(self, result: Result, names: Names) -> str:
        """The game's end (`over`), or the totals after the rounds scored so far."""
        values = result.values
        if values is None:
            return super().result(result, names)
        if values["over"] and result.winners:
            return self.over({"winners": result.winners, "totals": values["totals"]}, names).text
        rounds = values["rounds"]
        if not rounds:
            return tr(N_("No round has been scored yet."))
        totals = tr(N_(", ")).join(tr(N_("{name} {points}")).format(name=names(s), points=points)
                                   for s, points in enumerate(values["totals"]))
        template = N_("After 1 round: {totals}.") if rounds == 1 else N_("After {rounds} rounds: {totals}.")
        return tr(template).format(rounds=rounds, totals=totals)

    def hint(self, hint: Any, names: Names) -> str:
        """A hint: the move, then why; a play's reasons (`reasons`: templates sharing the hint's fields) said one
        after another."""
        fields = dict(hint.fields)
        reasons = fields.pop("reasons", None)
        if reasons is None:
            return super().hint(hint, names)
        why = tr(N_("; ")).join(say(reason, names, **fields) for reason in reasons)
        return tr(N_("{move}: {why}")).format(move=self.action(hint.action, names),
                                              why=say(hint.why, names, why=why))

    def refusal_fields(self, error: IllegalAction, names: Names) -> dict[str, Any]:
        fields = dict(error.fields)
        if "colour" in fields:
            fields["colour"] = colour_word(fields["colour"])
            fields["Colour"] = capitalised(fields["colour"])
        return fields

    def action(self, action: Action, names: Names) -> str:
        if isinstance(action, Play):
            return say(N_("Play {number} as {colour}"), names, number=action.card.rank,
                       colour=colour_word(action.colour))
        if isinstance(action, Discard):
            return say(N_("Discard {number}"), names, number=action.card.rank)
        if isinstance(action, Predict):
            return say(N_("Predict {amount}"), names, amount=action.amount)
        if isinstance(action, Paradox):
            return tr(N_("Paradox"))
        return super().action(action, names)


NARRATION = CatNarration()
