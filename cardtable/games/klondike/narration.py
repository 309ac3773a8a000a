"""Klondike's words: what its events, refusals, actions and hints say, the player spoken to as "you" when their
seat is called so."""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.core.cards import ACE, RANK_LABELS, Card
from cardtable.core.engine import Action, Event, IllegalAction, Result
from cardtable.core.narration import Narration
from cardtable.core.words import N_, Line, Names, Said, card_words, say, tr
from cardtable.games.klondike.rules import FOUNDATIONS, TABLEAU, AutoFinish, Draw, KlondikeState, Move, Recycle, Resign

GAVE_UP = Line(N_("{player} gave up this deal."), N_("You gave up this deal."))
WON = Line(N_("{player} won in {moves} moves!"), N_("You won in {moves} moves!"))
TURNED_OVER = N_("The waste turns over.")

#: The empty zone a move was asked to take a card from, at the start of a sentence.
EMPTY = {"waste": N_("The waste is empty."), "foundation": N_("The foundation is empty."),
         "pile": N_("Pile {number} is empty.")}

#: Why a hinted move helps (`hint.REASONS` names them).
WHY = {
    "turns_card": N_("it turns up a face-down card"),
    "frees_card": N_("it frees a card for a foundation"),
    "empties_pile": N_("it empties a pile for a King"),
}


def zone_words(zone: str) -> str:
    """A zone as a sentence names it: "pile 3", "the foundation", "the waste", "the stock"."""
    if zone in TABLEAU:
        return tr(N_("pile {number}")).format(number=TABLEAU.index(zone) + 1)
    if zone in FOUNDATIONS:
        return tr(N_("the foundation"))
    return tr(N_("the waste")) if zone == "waste" else tr(N_("the stock"))


def rank_words(rank: int) -> str:
    """A rank as a sentence names it: "A", "10", "K"."""
    return RANK_LABELS[rank]


#: The game's outcome (or where it stands), by how it went.
RESULTS = {
    "won": (N_("Won in {moves} move, score {score}."), N_("Won in {moves} moves, score {score}.")),
    "gave_up": (N_("Gave up after {moves} move, score {score}."), N_("Gave up after {moves} moves, score {score}.")),
}


class KlondikeNarration(Narration):
    """The sentences of Klondike."""

    def result(self, result: Result, names: Names) -> str:
        """ "Won in 112 moves, score 650.", "Gave up after 1 move, score 5.", "12 of 52 cards home, score 45."."""
        values = result.values or {}
        forms = RESULTS.get(values.get("how", ""))
        if forms is None:
            return say(N_("{home} of 52 cards home, score {score}."), names, home=values.get("home", 0),
                       score=values.get("score", 0))
        return say(forms[0] if values["moves"] == 1 else forms[1], names, moves=values["moves"],
                   score=values["score"])

    lines: ClassVar[dict[str, Line]] = {"over": GAVE_UP, "win": WON}
    refusals: ClassVar[dict[str, str]] = {
        "game_over": N_("The game is over."),
        "not_an_action": N_("That is not a Klondike action: {action}."),
        "no_such_zone": N_("There is no zone called '{zone}'."),
        "count_not_whole": N_("The number of cards to move must be a whole number."),
        "wrong_zones": N_("Cards go from the waste, a pile or a foundation to a pile or a foundation."),
        "same_zone": N_("The card is already there."),
        "not_that_many": N_("There are not that many cards there."),
        "face_down": N_("That card is face down."),
        "top_card_only": N_("Only the top card can move from there."),
        "one_to_foundation": N_("Only one card at a time goes to a foundation."),
        "between_foundations": N_("Cards do not move between foundations."),
        "ace_first": N_("A foundation starts with an Ace, not a {rank}."),
        "foundation_by_suit": N_("Foundations build up by suit: {card} cannot go on {onto}."),
        "king_only": N_("Only a King (or a run headed by a King) goes to an empty pile."),
        "alternating": N_("Piles build down in alternating colours: {card} cannot go on {onto} (it needs a {colour} "
                          "{rank})."),
        "alternating_on_ace": N_("Piles build down in alternating colours: {card} cannot go on {onto}."),
        "stock_empty": N_("The stock is empty."),
        "stock_empty_turn_waste": N_("The stock is empty. Turn the waste over."),
        "stock_not_empty": N_("The stock still has cards."),
        "nothing_to_turn": N_("The waste is empty: there is nothing to turn over."),
        "no_more_passes": N_("No more passes through the stock: this game allows {limit} passes."),
        "no_more_passes_one": N_("No more passes through the stock: this game allows 1 pass."),
        "cannot_auto_finish": N_("Auto-finish needs an empty stock and waste and every card face up."),
    }

    def event(self, event: Event, names: Names) -> Said | None:
        if event.kind == "move":
            # Only the waste turned over is said; a card's flight says the rest.
            return Said(tr(TURNED_OVER)) if event.src == "waste" and event.dst == "stock" else None
        if event.kind in ("flip", "score"):
            return None  # the card turning and the status line's score say it
        return super().event(event, names)

    def event_fields(self, event: Event, names: Names) -> dict[str, Any] | None:
        return {"moves": event.value} if event.kind == "win" else {}

    def refusal(self, error: IllegalAction, names: Names) -> str:
        code, fields = error.reason, dict(error.fields)
        if code == "empty_source":
            zone = fields["zone"]
            kind = "pile" if zone in TABLEAU else "foundation" if zone in FOUNDATIONS else "waste"
            return say(EMPTY[kind], names, number=TABLEAU.index(zone) + 1 if zone in TABLEAU else 0)
        if code == "ace_first":
            fields["rank"] = rank_words(fields["card"].rank)
        elif code == "alternating":
            onto: Card = fields["onto"]
            if onto.rank == ACE:
                code = "alternating_on_ace"
            else:
                fields["colour"] = tr(N_("red")) if onto.colour == "black" else tr(N_("black"))
                fields["rank"] = rank_words(onto.rank - 1)
        elif code == "no_more_passes" and fields["limit"] == 1:
            code = "no_more_passes_one"
        template = self.refusals.get(code)
        return say(template, names, **fields) if template is not None else super().refusal(error, names)

    def action(self, action: Action, names: Names) -> str:
        if isinstance(action, Move):
            template = N_("Move card from {src} to {dst}") if action.count == 1 else \
                N_("Move {count} cards from {src} to {dst}")
            return tr(template).format(count=action.count, src=zone_words(action.src), dst=zone_words(action.dst))
        if isinstance(action, Draw):
            return tr(N_("Deal from the stock"))
        if isinstance(action, Recycle):
            return tr(N_("Turn the waste over"))
        if isinstance(action, AutoFinish):
            return tr(N_("Auto-finish"))
        if isinstance(action, Resign):
            return tr(N_("Give up"))
        return super().action(action, names)

    def step(self, state: KlondikeState, action: Action, why: str | None = None) -> str:
        """`action` from `state` with its cards named ("J♣ onto Q♦", "A♥ to a foundation"), and why it helps
        (a key of `WHY`) when it does."""
        if not isinstance(action, Move):
            return self.action(action, Names.seats(1))
        card = card_words(state.pile(action.src)[-action.count])
        what = card if action.count == 1 else tr(N_("{card} and the {count} below it")).format(
            card=card, count=action.count - 1)
        onto = state.pile(action.dst)
        if action.dst in FOUNDATIONS:
            text = tr(N_("{what} to a foundation")).format(what=what)
        elif onto:
            text = tr(N_("{what} onto {onto}")).format(what=what, onto=card_words(onto[-1]))
        else:
            text = tr(N_("{what} to the empty pile")).format(what=what)
        return tr(N_("{step}: {why}")).format(step=text, why=tr(WHY[why])) if why else text

    def winning_step(self, step: str) -> str:
        """A step the solver found, said as the first of a winning line."""
        return tr(N_("{step} (a winning line goes on from there)")).format(step=step)


NARRATION = KlondikeNarration()
