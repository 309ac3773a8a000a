"""Kachuful's words: what its recorded events, refusals, actions and results say, written out for someone else
and for the person spoken to ("Ann bids 2." / "You bid 2.").  Every sentence is a template with named fields
(`N_`), said through `tr` when it is shown; the engine's events, refusals and results carry only data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core.cards import JOKER_SUIT, Card
from cardtable.core.engine import Action, Event, IllegalAction, Result
from cardtable.core.narration import Narration
from cardtable.core.words import N_, Line, Names, Said, say, tr
from cardtable.games.kachuful.rules import Bid, Play

SUITS_SAID = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs"), JOKER_SUIT: N_("jokers")}
#: The kinds the table says nothing of: the cards' flights show them (a score is in the round's sentence).
SILENT = frozenset({"shuffle", "deal", "move", "score"})


def suit_words(suit: str | None) -> str:
    """A suit as a sentence names it ("hearts"; "jokers" for the jokers' own suit; None: "no trump")."""
    return tr(N_("no trump")) if suit is None else tr(SUITS_SAID[suit])


def cards_count(count: int) -> str:
    """ "1 card", "8 cards"."""
    return (tr(N_("{count} card")) if count == 1 else tr(N_("{count} cards"))).format(count=count)


def tricks_count(count: int) -> str:
    """ "1 trick", "3 tricks"."""
    return (tr(N_("{count} trick")) if count == 1 else tr(N_("{count} tricks"))).format(count=count)


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


#: Sentences of one seat's act: someone else's, the person's own, and the seat panel's notes.
LINES: dict[str, Line] = {
    "misdeal": Line(N_("Misdeal by {player}: redeal."), N_("Misdeal by you: redeal.")),
    "round_start": Line(N_("Round {round} of {rounds}: {player} deals {cards} each."),
                        N_("Round {round} of {rounds}: you deal {cards} each.")),
    "bid": Line(N_("{player} bids {amount}."), N_("You bid {amount}."), N_("bids {amount}."), N_("bid {amount}.")),
    "hidden_bid": Line(N_("{player} has bid."), N_("You have bid."), N_("has bid."), N_("have bid.")),
    "rebid": Line(N_("{player} changes their bid to {amount}."), N_("You change your bid to {amount}."),
                  N_("changes their bid to {amount}."), N_("change your bid to {amount}.")),
    "hook": Line(N_("The bids total {tricks}, the number of tricks: {player}, the dealer, must change their bid."),
                 N_("The bids total {tricks}, the number of tricks: you, the dealer, must change your bid.")),
    "lead": Line(N_("Bids total {total} for {tricks}. {player} leads."),
                 N_("Bids total {total} for {tricks}. You lead.")),
    "lead_off": Line(N_("Bids total {total} for {tricks} ({balance}). {player} leads."),
                     N_("Bids total {total} for {tricks} ({balance}). You lead.")),
    "trick": Line(N_("{player} wins the trick with {card}."), N_("You win the trick with {card}."),
                  N_("wins the trick with {card}."), N_("win the trick with {card}.")),
    "win": Line(N_("{player} wins."), N_("You win.")),
    "win_on_best_round": Line(N_("{player} wins on the highest single-round score."),
                              N_("You win on the highest single-round score.")),
}

#: Refusals by code: about someone else, and (key + "/you") to the person whose move it is.
REFUSALS: dict[str, str] = {
    "game_over": N_("The game is over."),
    "not_your_action": N_("That is not a Kachuful action: {action}."),
    "bidding_not_over": N_("Bidding is not over: {seat} must bid before any card is played."),
    "bidding_not_over/you": N_("Bidding is not over: you must bid before any card is played."),
    "bidding_over": N_("The bidding is over: it is {seat}'s turn to play a card."),
    "bidding_over/you": N_("The bidding is over: it is your turn to play a card."),
    "not_in_hand": N_("It is {seat}'s turn, and {card} is not in their hand."),
    "not_in_hand/you": N_("It is your turn, and {card} is not in your hand."),
    "must_follow": N_("{card} does not follow suit: {suit} were led and {seat} holds {suit}, so they must play one."),
    "must_follow/you": N_("{card} does not follow suit: {suit} were led and you hold {suit}, so you must play one."),
    "bid_out_of_range": N_("A bid is a whole number of tricks from 0 to {most}, not {amount}."),
    "hook": N_("The dealer may not bid {bid}: the bids would total {tricks}, the number of tricks this round "
               "(last-bidder restriction)."),
    "must_change": N_("The bids total {tricks}, the number of tricks this round: the dealer must change their bid "
                      "(anything but {bid})."),
}


class KachufulNarration(Narration):
    """What Kachuful's events, refusals and actions say."""

    lines = LINES
    refusals = {code: text for code, text in REFUSALS.items() if not code.endswith("/you")}
    you_refusals = {code[:-len("/you")]: text for code, text in REFUSALS.items() if code.endswith("/you")}

    def event(self, event: Event, names: Names) -> Said | None:
        kind, seat, value = event.kind, event.seat, event.value
        if kind in SILENT:
            return None
        if kind == "round_start":
            return LINES[kind].say(names, seat, round=value["round"], rounds=value["rounds"],
                                   cards=cards_count(value["cards"]))
        if kind == "bid":
            return LINES["hidden_bid"].say(names, seat) if value is None else LINES[kind].say(names, seat,
                                                                                               amount=value)
        if kind == "rebid":
            return LINES[kind].say(names, seat, amount=value)
        if kind == "misdeal":
            return LINES[kind].say(names, seat)
        if kind == "hook":
            return LINES[kind].say(names, seat, tricks=value)
        if kind == "trump":
            return Said(self.trump(event.cards[0] if event.cards else None, value, names))
        if kind == "reveal":
            bids = tr(N_(", ")).join(tr(N_("{player} {amount}")).format(player=names(s), amount=b)
                                     for s, b in enumerate(value))
            return Said(tr(N_("The bids: {bids}.")).format(bids=bids))
        if kind == "lead":
            total, tricks = value["total"], value["tricks"]
            if total == tricks:
                return LINES["lead"].say(names, seat, total=total, tricks=tricks_count(tricks))
            balance = (tr(N_("overbid by {difference}")) if total > tricks else
                       tr(N_("underbid by {difference}"))).format(difference=abs(total - tricks))
            return LINES["lead_off"].say(names, seat, total=total, tricks=tricks_count(tricks), balance=balance)
        if kind == "trick":
            return LINES[kind].say(names, seat, card=value["card"])
        if kind == "round":
            return Said(self.round_end(value, names))
        if kind == "over":
            return Said(self.winners(value["winners"], value["tie_break"], names))
        return None

    @staticmethod
    def trump(card: Card | None, suit: str | None, names: Names) -> str:
        """The round's trump, with the card turned up for it if one was."""
        told = (say(N_("Trump: {suit}."), names, suit=suit_words(suit)) if suit is not None
                else tr(N_("No trump this round.")))
        if card is None:
            return told
        return capitalized(say(N_("{card} is turned up. {trump}"), names, card=card, trump=told))

    @staticmethod
    def round_end(value: Mapping[str, Any], names: Names) -> str:
        """ "Round 3: Ann and you made your bids. Bid/won/points: Ann 2/2 +12, You 1/1 +11, Bo 0/1 0." (a list of
        names begins with a capital, "You and Ann")."""
        bids, tricks, points = value["bids"], value["tricks"], value["points"]
        made = [s for s in range(len(bids)) if bids[s] == tricks[s]]
        who = names.listed(made)
        if not made:
            head = tr(N_("Round {round}: nobody made their bid."))
        elif any(names.is_you(s) for s in made):
            head = tr(N_("Round {round}: {who} made your bid.") if len(made) == 1 else
                      N_("Round {round}: {who} made your bids."))
        else:
            head = tr(N_("Round {round}: {who} made their bid.") if len(made) == 1 else
                      N_("Round {round}: {who} made their bids."))
        figures = tr(N_(", ")).join(
            tr(N_("{player} {bid}/{won} {points}")).format(player=names(s), bid=b, won=t,
                                                           points=f"{p:+d}" if p else "0")
            for s, (b, t, p) in enumerate(zip(bids, tricks, points, strict=True)))
        tail = tr(N_("Bid/won/points: {figures}.")).format(figures=figures)
        return f"{head.format(round=value['round'], who=capitalized(who))} {tail}"

    @staticmethod
    def winners(winners: tuple[int, ...], tie_break: bool, names: Names) -> str:
        """Who won the game (on the best single round, when the totals tied)."""
        if len(winners) == 1:
            return LINES["win_on_best_round" if tie_break else "win"].say(names, winners[0]).text
        template = (N_("{players} share the win on the highest single-round score.") if tie_break else
                    N_("{players} share the win."))
        return capitalized(tr(template).format(players=names.listed(winners)))

    def result(self, result: Result, names: Names) -> str:
        """Who won (`KachufulState.result`'s values), or the standings after the rounds played so far, highest
        total first."""
        values = result.values or {}
        if values.get("over"):
            return self.winners(tuple(result.winners), values["tie_break"], names)
        scores = result.scores
        # Equal totals keep seat order (a stable sort).
        order = sorted(range(len(scores)), key=scores.__getitem__, reverse=True)
        standings = tr(N_(", ")).join(tr(N_("{player} {total}")).format(player=names(s), total=f"{scores[s]:g}")
                                      for s in order)
        return tr(N_("After {played} of {rounds} rounds: {standings}.")).format(
            played=values.get("played", 0), rounds=values.get("rounds", 0), standings=standings)

    def refusal(self, error: IllegalAction, names: Names) -> str:
        return capitalized(super().refusal(error, names))

    def refusal_fields(self, error: IllegalAction, names: Names) -> dict[str, Any]:
        fields = dict(error.fields)
        if "suit" in fields:
            fields["suit"] = suit_words(fields["suit"])
        return fields

    @staticmethod
    def forbidden(bid: int, tricks: int, rebid: bool) -> str:
        """Why the dealer may not bid `bid` (the bid panel's note and the forbidden button's tip)."""
        return say(REFUSALS["must_change" if rebid else "hook"], Names(()), bid=bid, tricks=tricks)

    def action(self, action: Action, names: Names) -> str:
        if isinstance(action, Bid):
            return tr(N_("Bid {amount}")).format(amount=action.amount)
        if isinstance(action, Play):
            return tr(N_("Play {card}")).format(card=action.card.label)
        return super().action(action, names)

