"""Eat Pairs' words: what its events, refusals and actions say, written out for someone else and for the person
spoken to ("You draw 5♠.").

Every event kind of `rules.EventKind` is said here or deliberately silent: the deal's "deal" events (the "dealer"
event says who deals), a claim offered (the status line and the countdown say it while it is open, and a bot's
answer at once says the rest), the waste's card of a pair and the cards gathered after a deal ("move" events
other than the opening card: the pair's sentence tells them), and the shuffle.

Results are said from their values (`EatPairsState.result`), and hints from their templates: a hint's `rank`
field (a rank's number) is said as the rank's name ("queen"), its `ranks` field as the rank's plural ("queens").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.core.engine import Action, Event, Result
from cardtable.core.narration import Narration
from cardtable.core.words import N_, Line, Names, Said, card_words, say, tr
from cardtable.games.eat_pairs.rules import Claim, Draw, Miss, Play

DEALS = Line(N_("Deal {number} of {deals}: {player} deals."), N_("Deal {number} of {deals}: You deal."))
DEALS_ONE = Line(N_("{player} deals."), N_("You deal."))
LAY_ONE = Line(N_("{player} lays down 1 pair: {pairs}."), N_("You lay down 1 pair: {pairs}."),
               N_("lays down 1 pair: {pairs}."), N_("lay down 1 pair: {pairs}."))
LAY = Line(N_("{player} lays down {count} pairs: {pairs}."), N_("You lay down {count} pairs: {pairs}."),
           N_("lays down {count} pairs: {pairs}."), N_("lay down {count} pairs: {pairs}."))
OPEN = Line(N_("{player} opens with {card}."), N_("You open with {card}."), N_("opens with {card}."),
            N_("open with {card}."))
STOCK_OUT = N_("The stock has run out.")
STOCK_OUT_FEWEST = N_("The stock has run out: the fewest cards ({fewest}) wins.")

#: The sentences whose subject is one seat or several: (one other seat, the person, several seats).
PAIRED_OFF = (N_("{players} pairs off every card."), N_("You pair off every card."),
              N_("{players} pair off every card."))
WIN_EMPTY = (N_("{players} wins: no cards left."), N_("You win: no cards left."),
             N_("{players} share the win: no cards left."))
WIN_STOCK = (N_("{players} wins with the fewest cards."), N_("You win with the fewest cards."),
             N_("{players} share the win with the fewest cards."))
OVER_EMPTY = (N_("{players} wins: no cards left in hand."), N_("You win: no cards left in hand."),
              N_("{players} share the win: no cards left in hand."))
OVER_STOCK = (N_("The stock ran out: {players} wins with the fewest cards ({fewest}). Cards left: {left}."),
              N_("The stock ran out: You win with the fewest cards ({fewest}). Cards left: {left}."),
              N_("The stock ran out: {players} share the win with the fewest cards ({fewest}). Cards left: {left}."))
OVER_SESSION = (N_("{players} wins the session with {best} {wins} in {deals} deals. Wins: {shown}."),
                N_("You win the session with {best} {wins} in {deals} deals. Wins: {shown}."),
                N_("{players} share the session with {best} {wins} in {deals} deals. Wins: {shown}."))
ROUND = N_("After deal {number} of {deals}, wins: {shown}.")
#: A game's standings while it is played: each seat's cards left (in a session, with the deal being played).
STANDING = N_("Cards left: {left}.")
STANDING_DEALS = N_("Deal {number} of {deals}. Cards left: {left}.")

#: The status line: who deals and leads, (someone else, the person); then what happens next.
STATUS_DEAL = N_("Deal {number} of {deals}: {rest}")
DEALER = (N_("{dealer} deals."), N_("You deal."))
DEALER_LEAD = {(False, False): N_("{dealer} deals, {lead} leads."), (True, False): N_("You deal, {lead} leads."),
               (False, True): N_("{dealer} deals, you lead."), (True, True): N_("You deal, you lead.")}
YOUR_OPENING = N_("Play one card from your hand to the waste: the only card ever played from a hand.")
OPENING = Line(N_("{player} plays one card to the waste."), N_("You play one card to the waste."))
YOUR_CLAIM = N_("You can match {card}: click your {rank} within {seconds} seconds, or miss it.")
CLAIM = Line(N_("{player} may claim {card}."), N_("You may claim {card}."))
YOUR_DRAW = N_("Click the stock to draw ({left}).")
DRAWS = Line(N_("{player} draws ({left})."), N_("You draw ({left})."))
RANKS = {1: N_("ace"), 2: N_("2"), 3: N_("3"), 4: N_("4"), 5: N_("5"), 6: N_("6"), 7: N_("7"), 8: N_("8"),
         9: N_("9"), 10: N_("10"), 11: N_("jack"), 12: N_("queen"), 13: N_("king")}
RANKS_PLURAL = {1: N_("aces"), 2: N_("2s"), 3: N_("3s"), 4: N_("4s"), 5: N_("5s"), 6: N_("6s"), 7: N_("7s"),
                8: N_("8s"), 9: N_("9s"), 10: N_("10s"), 11: N_("jacks"), 12: N_("queens"), 13: N_("kings")}
ONE_WIN, WINS = N_("win"), N_("wins")

#: Refusals that name the seat to act, written out for the person: code -> (someone else, the person).
SEATED_REFUSALS: dict[str, tuple[str, str]] = {
    "opening_only_draw": (
        N_("Only the dealer plays a card from hand, once, to open the deal; now {player} draws from the stock."),
        N_("Only the dealer plays a card from hand, once, to open the deal; now you draw from the stock.")),
    "opening_only_claim": (
        N_("Only the dealer plays a card from hand, once, to open the deal; now {player} may claim {card}."),
        N_("Only the dealer plays a card from hand, once, to open the deal; now you may claim {card}.")),
    "not_in_hand": (N_("{card} is not in {player}'s hand."), N_("{card} is not in your hand.")),
    "dealer_opens_first": (N_("{player}, the dealer, first plays one card from hand to the waste."),
                           N_("You, the dealer, first play one card from your hand to the waste.")),
    "claim_first": (N_("{player} may claim {card} first: claim it or miss it."),
                    N_("You may claim {card} first: claim it or miss it.")),
    "claim_not_in_hand": (N_("{card} is not in {player}'s hand: claim {live} with the card of its rank."),
                          N_("{card} is not in your hand: claim {live} with the card of its rank.")),
}


def subject(names: Names, seats: Sequence[int], forms: tuple[str, str, str], **fields: Any) -> str:
    """A sentence about `seats` (one seat or several, the person among them or not) from its three `forms`."""
    if len(seats) == 1:
        form = forms[1] if names.is_you(seats[0]) else forms[0]
    else:
        form = forms[2]
    listed = names.listed(seats)  # a subject, also after a colon: "You and Ann share the win"
    return say(form, names, players=listed[:1].upper() + listed[1:], **fields)


def scores(names: Names, values: Sequence[int]) -> str:
    """Each seat's name with its number: "Ann 2, Bo 0"."""
    return tr(N_(", ")).join(f"{names(s)} {v}" for s, v in enumerate(values))


class EatPairsNarration(Narration):
    """The words of Eat Pairs."""

    lines: ClassVar[Mapping[str, Line]] = {
        "draw": Line(N_("{player} draws {card}."), N_("You draw {card}."), N_("draws {card}."), N_("draw {card}.")),
        "pair": Line(N_("{player} pairs {card} with {mine} and leads."), N_("You pair {card} with {mine} and lead."),
                     N_("pairs {card} with {mine} and leads."), N_("pair {card} with {mine} and lead.")),
        "no_match": Line(N_("No one matches {card}: it stays on the waste, and {player} leads."),
                         N_("No one matches {card}: it stays on the waste, and you lead.")),
        "miss": Line(N_("{player} misses {card}."), N_("You miss {card}."), N_("misses {card}."),
                     N_("miss {card}.")),
    }
    refusals: ClassVar[Mapping[str, str]] = {
        "game_over": N_("The game is over."),
        "nothing_to_claim": N_("There is no card to claim now: a claim is only possible when a card you can match "
                               "lands."),
        "does_not_match": N_("{card} does not match {live}: claim with a card of the same rank."),
        "not_an_action": N_("That is not an Eat Pairs action: {action}."),
        **{code: forms[0] for code, forms in SEATED_REFUSALS.items()},
    }
    you_refusals: ClassVar[dict[str, str]] = {code: forms[1] for code, forms in SEATED_REFUSALS.items()}
    #: The kinds the table says nothing of (see the module docstring).
    silent: ClassVar[frozenset[str]] = frozenset({"deal", "offer", "shuffle"})

    def event(self, event: Event, names: Names) -> Said | None:
        kind, seat, value = event.kind, event.seat, event.value
        if kind in self.silent:
            return None
        if kind == "pair":
            return self.lines[kind].say(names, seat, card=value, mine=event.cards[0])
        if kind in self.lines:
            return self.lines[kind].say(names, seat, card=event.cards[0])
        if kind == "dealer":
            if value["deals"] > 1:
                return DEALS.say(names, seat, number=value["deal"], deals=value["deals"])
            return DEALS_ONE.say(names, seat)
        if kind == "lay":
            shown = tr(N_(", ")).join(f"{card_words(a)} {card_words(b)}"
                                      for a, b in zip(event.cards[::2], event.cards[1::2], strict=True))
            return (LAY_ONE if value == 1 else LAY).say(names, seat, count=value, pairs=shown)
        if kind == "move":  # the opening card (the other moves are told by their pair or the deal's end)
            return OPEN.say(names, seat, card=event.cards[0]) if event.dst == "waste" else None
        if kind == "paired_off":
            return Said(subject(names, value, PAIRED_OFF))
        if kind == "stock_out":
            text = say(STOCK_OUT, names) if value["last"] else say(STOCK_OUT_FEWEST, names, fewest=value["fewest"])
            return Said(text)
        if kind == "win":
            winners = value["winners"]
            if seat != winners[0]:  # the first winner's event says the (shared) win
                return None
            return Said(subject(names, winners, WIN_EMPTY if value["how"] == "empty" else WIN_STOCK))
        if kind == "round":
            return Said(say(ROUND, names, number=value["deal"], deals=value["deals"],
                            shown=scores(names, value["wins"])))
        if kind == "over":
            return Said(self.over(value, names))
        return super().event(event, names)

    @staticmethod
    def over(outcome: Mapping[str, Any], names: Names) -> str:
        """The game's end (`EatPairsState.outcome()`) in words."""
        winners = outcome["winners"]
        if outcome["deals"] > 1:
            wins = outcome["wins"]
            best = wins[winners[0]]
            return subject(names, winners, OVER_SESSION, best=best, deals=outcome["deals"],
                           wins=tr(ONE_WIN if best == 1 else WINS), shown=scores(names, wins))
        if outcome["how"] == "empty":
            return subject(names, winners, OVER_EMPTY)
        left = outcome["left"]
        return subject(names, winners, OVER_STOCK, fewest=left[winners[0]], left=scores(names, left))

    def result(self, result: Result, names: Names) -> str:
        """The game's end (its outcome) or, while it is played, the standings: the cards each seat has left."""
        values = result.values
        if values is None:
            return super().result(result, names)
        if "counts" in values:
            left = scores(names, values["counts"])
            if values["deals"] > 1:
                return say(STANDING_DEALS, names, number=values["deal"], deals=values["deals"], left=left)
            return say(STANDING, names, left=left)
        return self.over(values, names)

    def hint(self, hint: Any, names: Names) -> str:
        """The hint's move and why, its rank fields said as the ranks' names."""
        fields = dict(hint.fields)
        for key, words in (("rank", RANKS), ("ranks", RANKS_PLURAL)):
            if key in fields:
                fields[key] = tr(words[fields[key]])
        return tr(N_("{move}: {why}")).format(move=self.action(hint.action, names),
                                              why=say(hint.why, names, **fields))

    def status(self, view: Mapping[str, Any], names: Names) -> str:
        """The status line of `view`: the dealer, the lead player and what happens next (a held beat: what it
        tells; the game's end: its outcome)."""
        beat = view.get("beat")
        if beat is not None:
            said = self.event(beat, names)
            return said.text if said is not None else ""
        turn = view["turn"]
        if turn is None:
            return self.over(view["outcome"], names) if view.get("outcome") else ""
        dealer, lead = view["dealer"], view["lead"]
        if lead is None:
            head = say(DEALER[names.is_you(dealer)], names, dealer=names(dealer))
        else:
            head = say(DEALER_LEAD[names.is_you(dealer), names.is_you(lead)], names, dealer=names(dealer),
                       lead=names(lead))
        if view["deals"] > 1:
            head = say(STATUS_DEAL, names, number=view["deal"] + 1, deals=view["deals"], rest=head)
        mine = turn == view["seat"]
        phase = view["phase"]
        if phase == "open":
            then = tr(YOUR_OPENING) if mine else OPENING.say(names, turn).text
        elif phase == "claim":
            live = view["live"]
            if mine:
                then = say(YOUR_CLAIM, names, card=live, rank=tr(RANKS[live.rank]), seconds=view["claim_seconds"])
            else:
                then = CLAIM.say(names, turn, card=live).text
        else:
            count = view["stock"]
            left = tr(N_("1 card left") if count == 1 else N_("{count} cards left")).format(count=count)
            then = say(YOUR_DRAW, names, left=left) if mine else DRAWS.say(names, turn, left=left).text
        return f"{head} {then}"

    def action(self, action: Action, names: Names) -> str:
        if isinstance(action, Play):
            return say(N_("Play {card}"), names, card=action.card)
        if isinstance(action, Draw):
            return tr(N_("Draw from the stock"))
        if isinstance(action, Claim):
            return say(N_("Claim with {card}"), names, card=action.card)
        if isinstance(action, Miss):
            return tr(N_("Miss"))
        return super().action(action, names)


NARRATION = EatPairsNarration()
