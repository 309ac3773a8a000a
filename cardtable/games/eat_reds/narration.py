"""Eat Reds' words: what its events, refusals and actions say, written out for someone else and for "you"."""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.core.cards import JACK, KING, QUEEN
from cardtable.core.engine import Action, Event, IllegalAction, Result
from cardtable.core.narration import Narration
from cardtable.core.words import N_, Clause, Line, Names, Said, say, tr
from cardtable.games.eat_reds.rules import Capture, Discard, TakeWithStock

#: The ranks of a starting three of a kind, in the plural.
RANK_PLURALS = {5: N_("5s"), 10: N_("10s"), JACK: N_("jacks"), QUEEN: N_("queens"), KING: N_("kings")}

DEALS = Line(N_("{player} deals {each} cards each."), N_("You deal {each} cards each."))
DEALS_OF = Line(N_("Deal {deal} of {rounds}: {player} deals {each} cards each."),
                N_("Deal {deal} of {rounds}: You deal {each} cards each."))
PLAYS = Line(N_("{player} plays {card} to the layout."), N_("You play {card} to the layout."),
             N_("plays {card} to the layout."), N_("play {card} to the layout."))
JOINS = Line(N_("{card} cannot capture: it joins the layout."))
LAYOUT = Line(N_("The layout: {cards}."))
CAPTURES = Line(N_("{player} captures {taken} with {card}{worth}."), N_("You capture {taken} with {card}{worth}."),
                N_("captures {taken} with {card}{worth}."), N_("capture {taken} with {card}{worth}."))
STOCK_CAPTURES = Line(N_("{card} from the stock captures {taken} for {player}{worth}."),
                      N_("{card} from the stock captures {taken} for you{worth}."))
DEALER_CAPTURES = Line(
    N_("The layout is all 5s, 10s and face cards: {player} captures all four as the dealer, and four new cards are "
       "turned."),
    N_("The layout is all 5s, 10s and face cards: you capture all four as the dealer, and four new cards are "
       "turned."))
TURNS = Line(N_("{player} turns {card} from the stock."), N_("You turn {card} from the stock."),
             N_("turns {card} from the stock."), N_("turn {card} from the stock."))
CHOOSES = Line(N_("{card} can capture {count} cards: {player} chooses which."),
               N_("{card} can capture {count} cards: you choose which."))
STOCK_OUT = Line(N_("The stock is used up: from now on a turn is the play alone."))
TRIO = Line(N_("The layout holds three {ranks}: the fourth captures all three."))
WINS = Line(N_("{player} wins with {best}. {standings}.{check}"), N_("You win with {best}. {standings}.{check}"))
SHARE = Line(N_("{winners} share the win with {best}. {standings}.{check}"))
CHECK = N_(" The reds: {captured} captured + {left} left in the layout = {total}.")
STANDINGS = N_("Deal {deal} of {rounds}: {standings}.")


def points_words(points: int) -> str:
    """"1 point", "5 points"."""
    return tr(N_("{count} point") if points == 1 else N_("{count} points")).format(count=points)


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


#: One clause of a hint's reason.
Reason = Clause


class EatRedsNarration(Narration):
    """The sentences of Eat Reds."""

    refusals: ClassVar[dict[str, str]] = {
        "game_over": N_("The game is over."),
        "not_a_move": N_("That is not an Eat Reds move: {action}."),
        "no_turned_card": N_("No turned stock card is waiting for a target: play a card from the hand first."),
        "choose_turned_first": N_("First choose which card the turned {card} captures."),
        "not_in_hand": N_("It is {player}'s turn, and {card} is not in their hand."),
        "must_capture": N_("{card} can capture {targets}, so it must capture: drop it on the card it takes."),
        "not_on_layout": N_("{target} is not on the layout."),
        "rank_only": N_("{card} cannot capture {target}: 10s, jacks, queens and kings capture only their own rank."),
        "turned_rank_only": N_("The turned {card} cannot capture {target}: 10s, jacks, queens and kings capture only "
                               "their own rank."),
        "not_ten": N_("{card} cannot capture {target}: their pips make {total}, not ten."),
        "turned_not_ten": N_("The turned {card} cannot capture {target}: their pips make {total}, not ten."),
        "trio_at_once": N_("The fourth of the three {ranks} captures all three at once: that move is made on {first}."),
    }
    #: The refusals said to the person whose turn it is, in the second person.
    you_refusals: ClassVar[dict[str, str]] = {
        "not_in_hand": N_("It is your turn, and {card} is not in your hand."),
    }

    def event(self, event: Event, names: Names) -> Said | None:
        kind, seat, value = event.kind, event.seat, event.value
        if kind == "new_deal":
            return (DEALS_OF if value["rounds"] > 1 else DEALS).say(names, seat, **value)
        if kind == "move":
            if event.src == "stock":
                return LAYOUT.say(names, None, cards=event.cards)
            if event.src == "turned":
                return JOINS.say(names, seat, card=event.cards[0])
            if event.dst == "layout":
                return PLAYS.say(names, seat, card=event.cards[0])
            return None  # the cards gathered for the next deal
        if kind == "capture":
            if event.src == "layout":
                return DEALER_CAPTURES.say(names, seat)
            worth = tr(N_(" ({points})")).format(points=points_words(value)) if value else ""
            line = STOCK_CAPTURES if event.src == "turned" else CAPTURES
            return line.say(names, seat, card=event.cards[0], taken=event.cards[1:], worth=worth)
        if kind == "turn":
            return TURNS.say(names, seat, card=event.cards[0])
        if kind == "choose":
            return CHOOSES.say(names, seat, card=event.cards[0], count=value)
        if kind == "stock_out":
            return STOCK_OUT.say(names, None)
        if kind == "trio":
            return TRIO.say(names, None, ranks=tr(RANK_PLURALS[value]))
        if kind == "score":
            return Said(self.score(value, names))
        if kind == "over":
            return self.over(value, names)
        return None  # "deal" and "shuffle": the cards' flight says it

    @staticmethod
    def standings(scores: tuple[int, ...] | list[int], names: Names, order: list[int]) -> str:
        """"Ann 50, Bo 30": the seats' names and points, in `order`."""
        return tr(N_(", ")).join(tr(N_("{name} {points}")).format(name=names(s), points=scores[s]) for s in order)

    def score(self, value: dict[str, Any], names: Names) -> str:
        """A deal's points per seat, and what the layout kept."""
        points, left = value["points"], value["left"]
        parts = self.standings(points, names, list(range(len(points))))
        if not left:
            return say(N_("Deal {deal}: {parts}."), names, deal=value["deal"], parts=parts)
        return say(N_("Deal {deal}: {parts}; {left} left in the layout."), names, deal=value["deal"], parts=parts,
                   left=points_words(left))

    def over(self, value: dict[str, Any], names: Names) -> Said:
        """The game's end: the winners, the standings and the reds' check."""
        scores, winners = value["scores"], value["winners"]
        order = sorted(range(len(scores)), key=lambda s: -scores[s])
        best = points_words(scores[winners[0]])
        captured, left = value["captured"], value["left"]
        fields = {"best": best, "standings": self.standings(scores, names, order),
                  "check": say(CHECK, names, captured=captured, left=left, total=captured + left)}
        if len(winners) == 1:
            return WINS.say(names, winners[0], **fields)
        return SHARE.say(names, None, winners=capitalised(names.listed(winners)), **fields)

    def result(self, result: Result, names: Names) -> str:
        """The winners, the standings and the reds' check; in a game in progress the deal and the standings."""
        values = result.values or {}
        scores = values["scores"]
        if values["over"]:
            return self.over({**values, "winners": result.winners}, names).text
        order = sorted(range(len(scores)), key=lambda s: -scores[s])
        return say(STANDINGS, names, deal=values["deal"], rounds=values["rounds"],
                   standings=self.standings(scores, names, order))

    def refusal_fields(self, error: IllegalAction, names: Names) -> dict[str, Any]:
        fields = dict(error.fields)
        if "rank" in fields:
            fields["ranks"] = tr(RANK_PLURALS[fields.pop("rank")])
        return fields

    def action(self, action: Action, names: Names) -> str:
        if isinstance(action, Capture):
            return say(N_("Capture {target} with {card}"), names, target=action.target, card=action.card)
        if isinstance(action, Discard):
            return say(N_("Play {card} to the layout"), names, card=action.card)
        if isinstance(action, TakeWithStock):
            return say(N_("Take {target} with the turned card"), names, target=action.target)
        return super().action(action, names)


NARRATION = EatRedsNarration()
