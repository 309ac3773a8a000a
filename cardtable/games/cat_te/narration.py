"""Cat Te's words: what its recorded events, its refusals and its actions say (see the event kinds in `rules.py`).

Every sentence is a template with named fields, written out for someone else ("{player} plays {card}.") and for
the person themselves ("You play {card}.").
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.core.cards import SUIT_SYMBOLS
from cardtable.core.engine import Action, Event, IllegalAction, Result
from cardtable.core.narration import Narration
from cardtable.core.words import N_, Clause, Line, Names, Said, and_list, say, tr
from cardtable.games.cat_te.rules import (
    FOUR_OF_A_KIND,
    LOW_HAND,
    ONE_SUIT,
    REGIONS,
    ChooseRegion,
    ClaimSidePot,
    DealAgain,
    Fold,
    Play,
    Stop,
    claim_card,
)

REGION_WORDS = {"khmer": N_("Khmer"), "laos": N_("Laos"), "vietnamese": N_("Vietnamese")}
HAND_WORDS = {FOUR_OF_A_KIND: N_("four of a kind"), ONE_SUIT: N_("six of one suit"), LOW_HAND: N_("six low cards")}
SUITS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
SUIT = {"S": N_("spade"), "H": N_("heart"), "D": N_("diamond"), "C": N_("club")}

#: A card put on a played pile, by how it lies: face up, folded, or a fifth-trick follower's (unseen).
PLACED = {
    "up": Line(N_("{player} plays {card}."), N_("You play {card}."), N_("plays {card}."), N_("play {card}.")),
    "down": Line(N_("{player} folds."), N_("You fold."), N_("folds."), N_("fold.")),
    "hidden": Line(N_("{player} plays a card face down."), N_("You play a card face down."),
                   N_("plays a card face down."), N_("play a card face down.")),
}
OUT = {
    "left": Line(N_("{player} cannot pay the ante and leaves the session."),
                 N_("You cannot pay the ante and leave the session."),
                 N_("cannot pay the ante and leaves the session."), N_("cannot pay the ante and leave the session.")),
    "eliminated": Line(N_("{player} won none of the first four tricks and is eliminated."),
                       N_("You won none of the first four tricks and are eliminated."),
                       N_("won none of the first four tricks and is eliminated."),
                       N_("won none of the first four tricks and are eliminated.")),
}
WIN = {
    "instant": Line(N_("{player} wins the pot of {pot}."), N_("You win the pot of {pot}."),
                    N_("wins the pot of {pot}."), N_("win the pot of {pot}.")),
    "sweep": Line(N_("{player} won all four tricks and wins the round and the pot of {pot}."),
                  N_("You won all four tricks and win the round and the pot of {pot}."),
                  N_("won all four tricks and wins the round and the pot of {pot}."),
                  N_("won all four tricks and win the round and the pot of {pot}.")),
    "last trick": Line(N_("{player} wins the round and the pot of {pot}."),
                       N_("You win the round and the pot of {pot}."),
                       N_("wins the round and the pot of {pot}."), N_("win the round and the pot of {pot}.")),
}
DOUBLE = N_(" Sweep with {players} players: the others pay {double} more.")
STAKES = {1: N_("Everyone puts {ante} chip in the pot ({pot})."),
          0: N_("Everyone puts {ante} chips in the pot ({pot}).")}
SIDE_HOLDS = N_(" The side pot holds {side_pot}.")
SIDE_TURNED = N_("{card} is turned up for the side pot of {pot}: the {target} may claim it.")
SIDE_ACE = N_("{card} is turned up for the side pot of {pot}: an ace: no card can claim it.")
OVER_ONE = Line(N_("{player} wins with {chips} chips."), N_("You win with {chips} chips."))
OVER_MANY = N_("{players} share the win with {chips} chips.")
STANDINGS = {1: N_("After {count} round: {standings}."), 0: N_("After {count} rounds: {standings}.")}
#: Refusals whose subject is the seat in `player`: said to the person themselves in these forms instead.
YOU_REFUSALS = {
    "round_over": N_("The round is over: you deal again or stop the session."),
    "side_pot_claimed": N_("You have already claimed the side pot this round."),
    "not_in_hand": N_("It is your turn, and {card} is not in your hand."),
    "leader_cannot_fold": N_("The leader always plays face up: you lead this trick and cannot fold."),
    "must_fold": N_("You hold no {suits}, the led suit, so you must fold a card (play it face down)."),
    "must_beat": N_("Must beat: {card} does not beat {best}, and you hold a higher {suit} that does; play it or "
                    "fold."),
}


#: One clause of a hint's reason (a suit given by its letter as `suit`).
Reason = Clause


class CatTeNarration(Narration):
    """Cat Te's sentences."""

    lines: ClassVar[dict[str, Line]] = {
        "dealer": Line(N_("{player} deals."), N_("You deal."), N_("deals."), N_("deal.")),
        "lead": Line(N_("{player} leads."), N_("You lead."), N_("leads."), N_("lead.")),
        "instant": Line(N_("{player} shows {hand} and wins the round at once."),
                        N_("You show {hand} and win the round at once."),
                        N_("shows {hand} and wins the round at once."), N_("show {hand} and win the round at once.")),
        "claim": Line(N_("{player} shows {card} and claims the side pot of {value}."),
                      N_("You show {card} and claim the side pot of {value}."),
                      N_("shows {card} and claims the side pot of {value}."),
                      N_("show {card} and claim the side pot of {value}.")),
        "region": Line(N_("Region: {region}.")),
        "flip": Line(N_("The fifth trick is turned over.")),
        "trick": Line(N_("{player} wins trick {value} with {card}."), N_("You win trick {value} with {card}."),
                      N_("wins trick {value} with {card}."), N_("win trick {value} with {card}.")),
    }
    you_refusals: ClassVar[dict[str, str]] = YOU_REFUSALS
    refusals: ClassVar[dict[str, str]] = {
        "session_over": N_("The session is over."),
        "round_not_over": N_("The round is still being played: deal again or stop once it is over."),
        "not_an_action": N_("That is not a Cat Te action: {action}."),
        "round_over": N_("The round is over: {player} deals again or stops the session."),
        "no_such_region": N_("There is no region {region!r}: choose {regions}."),
        "region_locked": N_("The region can only be changed before the first card of the round is played."),
        "region_already": N_("The region is already {region}."),
        "no_side_pot": N_("There is no side pot at this table."),
        "side_pot_claimed": N_("{player} has already claimed the side pot this round."),
        "side_pot_ace": N_("The turned card is an ace: no card can claim the side pot this round."),
        "not_side_holder": N_("Only the player dealt the {card} may claim the side pot."),
        "not_in_hand": N_("It is {player}'s turn, and {card} is not in their hand."),
        "leader_cannot_fold": N_("The leader always plays face up: {player} leads this trick and cannot fold."),
        "must_fold": N_("{player} holds no {suits}, the led suit, so must fold a card (play it face down)."),
        "must_follow": N_("{card} does not follow suit: {suits} were led, so play one of your {suits} face up or "
                          "fold a card."),
        "must_beat": N_("Must beat: {card} does not beat {best}, and {player} holds a higher {suit} that does; play "
                        "it or fold."),
    }

    def event(self, event: Event, names: Names) -> Said | None:
        kind, seat, value = event.kind, event.seat, event.value
        if kind == "move":
            if event.dst == "side":
                return Said(self._side_card(event, names))
            line = PLACED.get(value) if (event.dst or "").startswith("played") else None
            return None if line is None else line.say(names, seat, card=event.cards[0])
        if kind == "chips":
            text = say(STAKES[1 if value["ante"] == 1 else 0], names, ante=value["ante"], pot=value["pot"])
            if "side_pot" in value:
                text += say(SIDE_HOLDS, names, side_pot=value["side_pot"])
            return Said(text)
        if kind == "out":
            return OUT[value].say(names, seat)
        if kind == "win":
            said = WIN[value["how"]].say(names, seat, pot=value["pot"])
            if not value["double"]:
                return said
            extra = say(DOUBLE, names, players=value["players"], double=value["double"])
            return Said(said.text + extra, said.note + extra if said.note else "")
        if kind == "over":
            return Said(session_won(value["winners"], value["chips"], names))
        if kind in ("deal", "shuffle"):
            return None
        return super().event(event, names)

    def event_fields(self, event: Event, names: Names) -> dict[str, Any] | None:
        fields = super().event_fields(event, names)
        assert fields is not None
        if event.kind == "region":
            fields["region"] = tr(REGION_WORDS[event.value])
        elif event.kind == "instant":
            fields["hand"] = tr(HAND_WORDS[event.value])
        return fields

    @staticmethod
    def _side_card(event: Event, names: Names) -> str:
        card = event.cards[0]
        target = claim_card(card)
        if target is None:
            return say(SIDE_ACE, names, card=card, pot=event.value)
        return say(SIDE_TURNED, names, card=card, pot=event.value, target=target)

    def refusal_fields(self, error: IllegalAction, names: Names) -> dict[str, Any]:
        fields = dict(error.fields)
        suit = fields.pop("suit", None)
        if suit is not None:
            fields["suits"], fields["suit"] = tr(SUITS[suit]), tr(SUIT[suit])
        if error.reason == "region_already":
            fields["region"] = tr(REGION_WORDS[fields["region"]])
        if error.reason == "no_such_region":
            fields["regions"] = and_list(tr(REGION_WORDS[r]) for r in REGIONS)
        return fields

    def result(self, result: Result, names: Names) -> str:
        """Who won the session and with how many chips; mid-session the standings: each seat's chips and what it
        won or lost, most chips first."""
        values = result.values or {}
        chips, net = values["chips"], values["net"]
        if values["over"]:
            return session_won(tuple(result.winners), max(chips), names)
        order = sorted(range(len(chips)), key=lambda s: -chips[s])
        standings = tr(N_(", ")).join(tr(N_("{name} {chips} ({net})")).format(name=names(s), chips=chips[s],
                                                                             net=f"{net[s]:+d}") for s in order)
        rounds = values["rounds"]
        return say(STANDINGS[1 if rounds == 1 else 0], names, count=rounds, standings=standings)

    def clause(self, clause: Clause, names: Names) -> str:
        """One clause of a hint's reason, a suit said by its name and symbol."""
        fields = dict(clause.fields)
        if "suit" in fields:
            suit = fields["suit"]
            fields["suit"] = f"{tr(SUIT[suit])} {SUIT_SYMBOLS[suit]}"
        return say(clause.template, names, **fields)

    def action(self, action: Action, names: Names) -> str:
        cls = type(action)
        if cls is Play:
            return say(N_("Play {card}"), names, card=action.card)  # type: ignore[attr-defined]
        if cls is Fold:
            return say(N_("Fold {card}"), names, card=action.card)  # type: ignore[attr-defined]
        if cls is ChooseRegion:
            region = action.region  # type: ignore[attr-defined]
            return say(N_("Region: {region}"), names, region=tr(REGION_WORDS[region]) if region in REGION_WORDS
                       else region)
        if cls is ClaimSidePot:
            return tr(N_("Claim the side pot"))
        if cls is DealAgain:
            return tr(N_("Deal again"))
        if cls is Stop:
            return tr(N_("Stop"))
        return super().action(action, names)


def session_won(winners: tuple[int, ...], chips: int, names: Names) -> str:
    """Who won the session (the seats holding the most chips), and with how many."""
    if len(winners) == 1:
        return OVER_ONE.say(names, winners[0], chips=chips).text
    text = say(OVER_MANY, names, players=names.listed(winners), chips=chips)
    return text[:1].upper() + text[1:]  # "you and Ada share ..." begins a sentence


NARRATION = CatTeNarration()
