"""King of the Hill's words: what its events, refusals and actions say, in the third person and to the person
("You play ..."), from the data the engine records."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.core.cards import JOKER_SUIT, RANK_LABELS, SUIT_NAMES, SUIT_SYMBOLS, Card
from cardtable.core.engine import Action, Event, IllegalAction, Result
from cardtable.core.narration import Narration
from cardtable.core.words import N_, Line, Names, Said, and_list, say, tr
from cardtable.games.king_of_the_hill.rules import (
    ACE,
    KITTY,
    TRUMP,
    Bury,
    Call,
    ChooseTrump,
    Declare,
    Pass,
    Play,
    identical,
)


def card_text(card: Any) -> str:
    """A card as King of the Hill's sentences name it: "Q♥", "red joker"; anything else as its code or repr."""
    if not isinstance(card, Card):
        return repr(card)
    if card.suit == JOKER_SUIT:
        return tr(N_("red joker")) if card.copy % 2 else tr(N_("black joker"))
    return card.label


def cards_text(cards: Sequence[Card]) -> str:
    """A play's cards: "a pair of Q♥", "Q♥ and 10♠"."""
    if len(cards) == 2 and identical(cards[0], cards[1]):
        return tr(N_("a pair of {card}")).format(card=card_text(cards[0]))
    return tr(N_(" and ")).join(card_text(c) for c in cards)


_SUIT_WORDS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}


def suit_words(suit: str | None) -> str:
    """"hearts", "trumps" (the trump group as a suit), "no suit yet"."""
    if suit is None:
        return tr(N_("no suit yet"))
    if suit == TRUMP:
        return tr(N_("trumps"))
    return tr(_SUIT_WORDS[suit]) if suit in _SUIT_WORDS else SUIT_NAMES.get(suit, suit)


def rank_words(value: int) -> str:
    """A rank: 2..10, J, Q, K, A, then A+1, A+2 ..."""
    if value > ACE:
        return tr(N_("A+{past}")).format(past=value - ACE)
    return RANK_LABELS[1 if value == ACE else value]


def _told(other: str, you: str) -> Line:
    """A sentence about the seat that leaves its note as it was."""
    return Line(other, you)


#: The events with a sentence of their own (the others are said by `KingNarration.event`).
LINES: Mapping[str, Line] = {
    "declares": Line(N_("{player} declares {what}: {suit} are trump."),
                     N_("You declare {what}: {suit} are trump."),
                     N_("declares {what}: {suit} are trump."),
                     N_("declare {what}: {suit} are trump.")),
    "strengthens": Line(N_("{player} strengthens the declaration with a pair of {card}."),
                        N_("You strengthen the declaration with a pair of {card}."),
                        N_("strengthens the declaration with a pair of {card}."),
                        N_("strengthen the declaration with a pair of {card}.")),
    "overturns": Line(N_("{player} overturns with a pair of {card}: {suit} are trump."),
                      N_("You overturn with a pair of {card}: {suit} are trump."),
                      N_("overturns with a pair of {card}: {suit} are trump."),
                      N_("overturn with a pair of {card}: {suit} are trump.")),
    "koth": Line(N_("{player} is King of the Hill."),
                 N_("You are King of the Hill."),
                 N_("is King of the Hill."),
                 N_("are King of the Hill.")),
    "koth_drawn": _told(N_("Nobody declared: {suit} are trump, drawn at random, and {player}, drawn at random, is "
                           "King of the Hill."),
                        N_("Nobody declared: {suit} are trump, drawn at random, and you, drawn at random, are King "
                           "of the Hill.")),
    "no_declaration": _told(N_("Nobody declared: {player} chooses the trump suit."),
                            N_("Nobody declared: you choose the trump suit.")),
    "choose": Line(N_("{player} chooses {suit}."),
                   N_("You choose {suit}."),
                   N_("chooses {suit}."),
                   N_("choose {suit}.")),
    "trump": Line(N_("Trump: {suit}, rank {rank}.")),
    "round": Line(N_("Round {number}: trump rank {rank}.")),
    "round_koth": _told(N_("Round {number}: trump rank {rank}. {player} is King of the Hill."),
                        N_("Round {number}: trump rank {rank}. You are King of the Hill.")),
    "play": Line(N_("{player} plays {what}."),
                 N_("You play {what}."),
                 N_("plays {what}."),
                 N_("play {what}.")),
    "bury": Line(N_("{player} buries {count} cards."),
                 N_("You bury {count} cards."),
                 N_("buries {count} cards."),
                 N_("bury {count} cards.")),
    "take": Line(N_("{player} takes the last {count} cards and buries {count}."),
                 N_("You take the last {count} cards and bury {count}."),
                 N_("takes the last {count} cards and buries {count}."),
                 N_("take the last {count} cards and bury {count}.")),
    "call": Line(N_("{player} calls {card}: whoever else plays it first is the teammate."),
                 N_("You call {card}: whoever else plays it first is your teammate."),
                 N_("calls {card}: whoever else plays it first is the teammate."),
                 N_("call {card}: whoever else plays it first is your teammate.")),
    "call_none": Line(N_("{player} calls no card and plays alone."),
                      N_("You call no card and play alone."),
                      N_("calls no card and plays alone."),
                      N_("call no card and play alone.")),
    "lead": Line(N_("{player} leads the first trick."),
                 N_("You lead the first trick."),
                 N_("leads the first trick."),
                 N_("lead the first trick.")),
    "teammate": _told(N_("{player} plays the called {card}: {player} is the King of the Hill's teammate."),
                      N_("You play the called {card}: you are the King of the Hill's teammate.")),
    "trick": Line(N_("{player} wins the trick."),
                  N_("You win the trick."),
                  N_("wins the trick."),
                  N_("win the trick.")),
    "trick_points": Line(N_("{player} wins the trick and {points} points."),
                         N_("You win the trick and {points} points."),
                         N_("wins the trick and {points} points."),
                         N_("win the trick and {points} points.")),
    "flip": Line(N_("The dead hand holds {points} points.")),
    "score": Line(N_("Challenge score {challenge}: {who}.")),
    "score_doubled": Line(N_("Challenge score {challenge} (the dead hand counted twice): {who}.")),
}

#: Refusals: a sentence per reason; those about the seat to act written out for the person too.
REFUSALS: Mapping[str, Line] = {
    "game_over": Line(N_("The game is over.")),
    "not_legal": Line(N_("That move is not legal now.")),
    "turn_to_declare": _told(N_("It is {player}'s turn to declare a trump suit or pass."),
                             N_("It is your turn to declare a trump suit or pass.")),
    "turn_to_trump": _told(N_("It is {player}'s turn to choose the trump suit."),
                           N_("It is your turn to choose the trump suit.")),
    "turn_to_bury": _told(N_("It is {player}'s turn to bury {count} cards."),
                          N_("It is your turn to bury {count} cards.")),
    "turn_to_call": _told(N_("It is {player}'s turn to call a card or call none."),
                          N_("It is your turn to call a card or call none.")),
    "turn_to_play": _told(N_("It is {player}'s turn to play a card or a pair."),
                          N_("It is your turn to play a card or a pair.")),
    "joker_declares": Line(N_("Jokers never declare: a card of the trump rank declares its suit.")),
    "no_such_suit": Line(N_("There is no suit {given} to declare.")),
    "pair_stands": Line(N_("A pair has been declared: it stands for the rest of the deal.")),
    "no_rank_card": _told(N_("{player} holds no {card}: showing a trump-rank card declares its suit."),
                          N_("You hold no {card}: showing a trump-rank card declares its suit.")),
    "one_copy": _told(N_("{player} holds one {card}: a pair needs both copies."),
                      N_("You hold one {card}: a pair needs both copies.")),
    "only_pair_overturns": Line(N_("{declared} has been declared: only a pair of the trump rank can overturn it.")),
    "choose_a_suit": Line(N_("Choose one of the four suits: spades, hearts, diamonds or clubs.")),
    "cards_unnamed": Line(N_("A move names the cards it uses.")),
    "bury_count": Line(N_("Bury exactly {count} cards, not {given}.")),
    "same_card_twice": Line(N_("The same card cannot be used twice in one move.")),
    "not_in_hand": _told(N_("{card} is not in {player}'s hand."), N_("{card} is not in your hand.")),
    "not_a_card": Line(N_("{given} is not a card of the two decks.")),
    "holds_both": _told(N_("{player} holds both copies of {card} (in hand or in the dead hand): call another card."),
                        N_("You hold both copies of {card} (in hand or in the dead hand): call another card.")),
    "play_count": Line(N_("Play one card, or a pair of identical cards.")),
    "lead_pair": Line(N_("Two cards led must be an identical pair (the same rank and suit).")),
    "single_led": Line(N_("A single card was led: play 1 card.")),
    "pair_led": Line(N_("A pair was led: play 2 cards.")),
    "must_follow": _told(N_("{card} does not follow {suit}: {player} holds {suit} and must play one."),
                         N_("{card} does not follow {suit}: you hold {suit} and must play one.")),
    "must_follow_pair": _told(N_("A pair of {suit} was led and {player} holds one: they must play a pair of {suit}."),
                              N_("A pair of {suit} was led and you hold one: you must play a pair of {suit}.")),
    "must_follow_both": _told(N_("A pair of {suit} was led: {player} must play as many {suit} as they hold, up to "
                                 "two ({count}), and fill up with any cards."),
                              N_("A pair of {suit} was led: you must play as many {suit} as you hold, up to two "
                                 "({count}), and fill up with any cards.")),
}

#: Event kinds the table says nothing of: a card dealt face down speaks for itself.
SILENT = frozenset({"deal"})


class KingNarration(Narration):
    """King of the Hill's narration."""

    lines = LINES

    def event(self, event: Event, names: Names) -> Said | None:
        kind, seat, value = event.kind, event.seat, event.value
        if kind in SILENT:
            return None
        if kind == "round":
            fields = {"number": value["round"] + 1, "rank": rank_words(value["rank"])}
            return LINES["round" if seat is None else "round_koth"].say(names, seat, **fields)
        if kind == "declare":
            card = card_text(event.cards[0])
            what = tr(N_("a pair of {card}")).format(card=card) if value["pair"] else card
            return LINES[value["how"]].say(names, seat, what=what, card=card, suit=suit_words(value["suit"]))
        if kind == "koth":
            if value is None:
                return LINES["koth"].say(names, seat)
            return LINES["koth_drawn"].say(names, seat, suit=suit_words(value))
        if kind in ("no_declaration", "lead"):
            return LINES[kind].say(names, seat)
        if kind == "choose":
            return LINES["choose"].say(names, seat, suit=suit_words(value))
        if kind == "trump":
            return LINES["trump"].say(names, None, suit=suit_words(value["suit"]), rank=rank_words(value["rank"]))
        if kind == "move":
            if event.dst == "trick":
                return LINES["play"].say(names, seat, what=cards_text(event.cards))
            return LINES["bury" if event.dst == "dead" else "take"].say(names, seat, count=KITTY)
        if kind == "call":
            if value is None:
                return LINES["call_none"].say(names, seat)
            return LINES["call"].say(names, seat, card=card_text(value))
        if kind == "teammate":
            return LINES["teammate"].say(names, seat, card=card_text(value))
        if kind == "trick":
            return LINES["trick_points" if value else "trick"].say(names, seat, points=value)
        if kind == "flip":
            return LINES["flip"].say(names, None, points=value)
        if kind == "score":
            return LINES["score_doubled" if value["doubled"] else "score"].say(
                names, None, challenge=value["challenge"], who=self.risers(value["risers"], value["by"], names))
        if kind == "over":
            return Said(self.outcome(value["winners"], value["ranks"], value["fixed"], names))
        return None

    @staticmethod
    def risers(risers: Sequence[int], by: int, names: Names) -> str:
        """"Ann and Cy go up 2", "you go up 1", "nobody goes up"."""
        if not risers:
            return tr(N_("nobody goes up"))
        one = len(risers) == 1 and not names.is_you(risers[0])
        template = N_("{seats} goes up {by}") if one else N_("{seats} go up {by}")
        return tr(template).format(seats=names.listed(risers), by=by)

    @staticmethod
    def outcome(winners: Sequence[int], ranks: Sequence[int], fixed: bool, names: Names) -> str:
        """The end of the game: who wins, and every seat's rank."""
        one = len(winners) == 1 and not names.is_you(winners[0])
        if fixed:
            template = N_("{seats} wins. Ranks: {ranks}.") if one else N_("{seats} share the win. Ranks: {ranks}.")
        else:
            template = (N_("{seats} passes A and wins. Ranks: {ranks}.") if one
                        else N_("{seats} pass A and share the win. Ranks: {ranks}."))
        if len(winners) == 1 and names.is_you(winners[0]):
            template = N_("You win. Ranks: {ranks}.") if fixed else N_("You pass A and win. Ranks: {ranks}.")
        seats = names.listed(winners)
        return tr(template).format(seats=seats[:1].upper() + seats[1:], ranks=standings(ranks, names))

    def result(self, result: Result, names: Names) -> str:
        """The game's end (`outcome`), or its standings after the rounds played so far."""
        values = result.values or {}
        if "ranks" not in values:
            return super().result(result, names)
        ranks = values["ranks"]
        if values["over"]:
            return self.outcome(result.winners, ranks, values["fixed"], names)
        rounds = values["rounds"]
        template = N_("After 1 round: {ranks}.") if rounds == 1 else N_("After {rounds} rounds: {ranks}.")
        return tr(template).format(rounds=rounds, ranks=standings(ranks, names))

    def hint(self, hint: Any, names: Names) -> str:
        """A hint: its move (a burial by its cards, a trump suit as a choice), then why, its suits and cards in
        this game's words."""
        if not hint.why:
            return super().hint(hint, names)
        fields = {key: _hint_field(key, value) for key, value in hint.fields.items()}
        return tr(N_("{move}: {why}")).format(move=hint_move(hint.action), why=say(hint.why, names, **fields))

    def refusal(self, error: IllegalAction, names: Names) -> str:
        line = REFUSALS.get(error.reason)
        if line is None:
            return super().refusal(error, names)
        fields = dict(error.fields)
        seat = fields.pop("seat", None)
        if "card" in fields:
            fields["card"] = card_text(fields["card"])
        if "rank" in fields:  # a trump-rank card of a suit: "5♥"
            fields["card"] = f"{rank_words(fields.pop('rank'))}{SUIT_SYMBOLS[fields['suit']]}"
        if "suit" in fields:
            fields["suit"] = suit_words(fields["suit"])
        if error.reason == "only_pair_overturns":
            declared = fields.pop("suit", None)
            fields["declared"] = declared.capitalize() if declared else tr(N_("A suit"))
        if error.reason == "turn_to_bury":
            fields["count"] = KITTY
        return line.say(names, seat, **fields).text

    def action(self, action: Action, names: Names) -> str:
        return action_text(action)


def standings(ranks: Sequence[int], names: Names) -> str:
    """Every seat's rank: "Ann 5, you A+1, ..."."""
    return tr(N_(", ")).join(tr(N_("{player} {rank}")).format(player=names(s), rank=rank_words(r))
                             for s, r in enumerate(ranks))


def _hint_field(key: str, value: Any) -> Any:
    """A field of a hint's reason in this game's words: suits (`suit`, `suits`) by name, cards as they are said."""
    if key == "suit":
        return suit_words(value)
    if key == "suits":
        return and_list(suit_words(s) for s in value)
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, tuple) and value and all(isinstance(c, Card) for c in value):
        return and_list(card_text(c) for c in value)
    return value


def hint_move(action: Action) -> str:
    """A hinted move's name: as the action says it, but a burial names its cards and a trump suit is chosen."""
    if isinstance(action, Bury):
        return tr(N_("Bury {cards}")).format(cards=and_list(card_text(c) for c in action.cards))
    if isinstance(action, ChooseTrump):
        return tr(N_("Choose {suit}")).format(suit=suit_words(action.suit))
    return action_text(action)


def action_text(action: Action) -> str:
    """An action as a button, a log line or a hint names it."""
    if isinstance(action, Declare):
        suit = suit_words(action.suit)
        return (tr(N_("Declare {suit} with a pair")) if action.pair else tr(N_("Declare {suit}"))).format(suit=suit)
    if isinstance(action, Pass):
        return tr(N_("Pass"))
    if isinstance(action, ChooseTrump):
        return tr(N_("Trump: {suit}")).format(suit=suit_words(action.suit))
    if isinstance(action, Bury):
        return tr(N_("Bury {count} cards")).format(count=len(action.cards))
    if isinstance(action, Call):
        if action.card is None:
            return tr(N_("Call no card (play alone)"))
        return tr(N_("Call {card}")).format(card=card_text(action.card))
    if isinstance(action, Play):
        cards = action.cards
        if all(isinstance(c, Card) for c in cards) and len(cards) in (1, 2):
            if len(cards) == 2 and not identical(cards[0], cards[1]):
                return tr(N_("Play {card} and {other}")).format(card=card_text(cards[0]), other=card_text(cards[1]))
            return tr(N_("Play {what}")).format(what=cards_text(cards))
        return tr(N_("Play {cards}")).format(cards=", ".join(map(str, cards)))
    return type(action).__name__


NARRATION = KingNarration()
