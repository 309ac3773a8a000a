"""Kachuful bots: a rule-based bidder and player, and the turn timer's stand-in moves.

`RuleBot` sees only `state.view(seat)` and `state.legal_actions()` (the state it gets is a determinization
anyway), so it cannot cheat.

- Bidding: an estimate of the tricks the hand will take.  Each card is worth the chance that no stronger card
  of its (effective) suit is in an opponent's hand, from how many cards are dealt; side-suit cards lose some of
  that to ruffs (more with more players and deeper in the suit); small trumps gain from short side suits.
  The bid is the nearest legal whole number.
- Play: make the bid exactly.  Wanting tricks, it wins as cheaply as it can (the lowest winning card when it
  plays last, its strongest when others still follow) and leads its surest winner; with its bid made, it ducks
  with the highest card that still loses, leads low, and when it cannot lose it wins with its highest card.

Turn timer (rules: "On time-out the seat's action is made for it: a random legal bid, or its lowest legal
card."): the engine has no clock.  The state declares the limit (`KachufulState.time_limit`) with
`KachufulState.default_action` as its default move; the table's turn driver runs the clock, plays the default like
any other move, and hands a seat timed out three times in a row to a bot.

Simulations never record: they play through `apply(..., record=False)` (and `_start_play(None)` once the simulated
bids are set), which build no events.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.core.cards import JOKER_SUIT, SUITS, Card
from cardtable.core.engine import Action, State
from cardtable.core.tricks import CANNOT_WIN, TRUMPS_OVER, ace_high, beats, winning_index
from cardtable.games.kachuful.rules import (
    BID,
    CARD_NUMBER,
    DECK_CARDS,
    JOKER_RANK,
    PLAY,
    SORT_RANK,
    Bid,
    KachufulState,
    Play,
    round_points,
)


def _full_deck(jokers: bool) -> list[Card]:
    cards = [Card(r, s) for s in SUITS for r in range(1, 14)]
    return cards + ([Card(0, JOKER_SUIT, 0), Card(0, JOKER_SUIT, 1)] if jokers else [])


_STRENGTHS = {c: JOKER_RANK if c.suit == JOKER_SUIT else ace_high(c) for c in _full_deck(jokers=True)}
# A card's strength within its suit (ace high, a joker above all): a table look-up, as searches ask it millions of
# times a second.
strength: Callable[[Card], int] = _STRENGTHS.__getitem__


def effective_suit(card: Card, trump: str | None) -> str:
    return (trump or JOKER_SUIT) if card.suit == JOKER_SUIT else card.suit


class _Table:
    """What a seat knows of the round, from its view."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.seat = seat
        self.n: int = view["players"]
        self.h: int = view["hand_size"]
        self.trump: str | None = view["trump"]
        self.trump_suit = self.trump or JOKER_SUIT
        self.hand: list[Card] = list(view["hands"][seat])
        self.jokers = bool(view["options"]["jokers"])
        played = [c for pile in view["won"] for c in pile] + [c for _, c in view["trick"]]
        known = set(self.hand) | set(played)
        if view["trump_card"] is not None:
            known.add(view["trump_card"])
        self.known = known
        unseen = len(_full_deck(self.jokers)) - len(known)
        # Cards in the opponents' hands now, out of the unseen ones.
        in_hands = sum(len(h) for s, h in enumerate(view["hands"]) if s != seat)
        self.q = in_hands / unseen if unseen else 0.0

    def suit(self, card: Card) -> str:
        return effective_suit(card, self.trump)

    def higher_unseen(self, card: Card) -> int:
        return sum(1 for c in _stronger(self.trump, self.jokers)[card] if c not in self.known)


def estimate_tricks(view: dict[str, Any], seat: int) -> float:
    """Expected tricks of `seat`'s hand at bidding time (a heuristic)."""
    t = _Table(view, seat)
    return _expected_tricks(t.hand, t.trump, t.jokers, t.n, t.h, t.higher_unseen, t.q)


def _expected_tricks(hand: list[Card], trump: str | None, jokers: bool, n: int, h: int,
                     higher_unseen: Callable[[Card], int], q: float) -> float:
    """`estimate_tricks` from what it needs: `higher_unseen(card)` counts the stronger cards of its suit the seat
    has not seen, `q` is the chance that a given unseen card is in an opponent's hand."""
    trump_suit = trump or JOKER_SUIT
    by_suit: dict[str, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(effective_suit(c, trump), []).append(c)
    for cards in by_suit.values():
        cards.sort(key=strength, reverse=True)
    has_trump = trump is not None or jokers
    short_sides = sum(1 for s in SUITS if s != trump and len(by_suit.get(s, [])) <= 1) if h >= 3 else 0
    expected = 0.0
    for suit, cards in by_suit.items():
        for depth, card in enumerate(cards):
            p = (1.0 - q) ** higher_unseen(card)
            if suit == trump_suit:
                if p < 0.5 and short_sides and h >= 3:
                    p = max(p, 0.3)  # a small trump can ruff a short side suit
            elif has_trump:
                p *= max(0.2, 1.0 - 0.1 * (n - 1) * (depth + 1) * min(1.0, h / 5))
            expected += p
    return expected


def _nearest(target: float, legal: Sequence[int]) -> int:
    return min(legal, key=lambda b: (abs(b - target), b))


def _quick_card(state: KachufulState, seat: int) -> Card:
    """A fast make-your-bid policy for simulated play-outs (reads the state's own fields)."""
    legal = state.legal_cards()
    if len(legal) == 1:
        return legal[0]
    bid = state.bids[seat]
    need = (bid if bid is not None else 0) - state.tricks[seat]
    trumps = state.trump_suit
    suit_of = state.suit_of
    key = _quick_key(suit_of, trumps)
    if not state.trick:
        return max(legal, key=key) if need > 0 else min(legal, key=key)
    cards = [c for _, c in state.trick]
    led = state.led
    best = cards[winning_index(cards, led, trumps, suit_of=suit_of, rank_of=strength) or 0]
    winners = [c for c in legal if beats(c, best, led, trumps, suit_of=suit_of, rank_of=strength)]  # type: ignore[arg-type]
    if need > 0:
        if not winners:
            return min(legal, key=key)
        return min(winners, key=key) if len(cards) == state.n - 1 else max(winners, key=key)
    losers = [c for c in legal if c not in winners]
    if losers:
        return max(losers, key=key)
    return max(winners, key=key) if len(cards) == state.n - 1 else min(winners, key=key)


def _quick_key(suit_of: Any, trumps: str) -> Any:
    return lambda c: (suit_of(c) == trumps, strength(c))


def _play_out_round(state: KachufulState, seat: int) -> int:
    """Play the current round to its end with `_quick_card` for everyone; the tricks `seat` took."""
    rnd = state.round
    while state.round == rnd:
        state.apply(PLAY[_quick_card(state, state.turn)], record=False)  # type: ignore[arg-type]
    return state.history[-1][4][seat]


class RuleBot:
    """Bids from hand strength and simulated deals, and plays to make its bid exactly."""

    samples = 12  # simulated deals per candidate bid

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        if view["phase"] == "bid":
            bids = [a.amount for a in legal if isinstance(a, Bid)]
            return Bid(self.bid(state, view, seat, bids))
        cards = [a.card for a in legal if isinstance(a, Play)]
        return Play(self.play(view, seat, cards))

    def bid(self, state: State, view: dict[str, Any], seat: int, legal: list[int]) -> int:
        """The bid with the best expected points over simulated deals near the heuristic estimate."""
        guess = estimate_tricks(view, seat)
        if not isinstance(state, KachufulState) or state.phase != "bid":
            return _nearest(guess, legal)
        centre = _nearest(guess, legal)
        candidates = [b for b in legal if abs(b - centre) <= 2]
        h = state.hand_size
        n = state.n
        deals = [state.determinize(seat, self.rng) for _ in range(self.samples)]
        opts = state.options
        best_bid, best_value = centre, float("-inf")
        for b in candidates:
            value = 0.0
            for deal in deals:
                sim = deal.clone()
                known = [x for s, x in enumerate(sim.bids) if x is not None and s != seat]
                unbid = [s for s in range(n) if s != seat and (sim.bids[s] is None or state.simultaneous)]
                share = max(0.0, (h - b - sum(known if not state.simultaneous else []))) / max(1, len(unbid))
                for s in unbid:
                    sim.bids[s] = round(share) if not state.simultaneous else round((h - b) / (n - 1))
                sim.bids[seat] = b
                sim.rebid = False
                sim._start_play(None)
                won = _play_out_round(sim, seat)
                value += round_points(b, won, opts["scoring"], opts["penalty_factor"], opts["multiplier"])
            value -= 0.01 * abs(b - guess)  # tie-break towards the estimate
            if value > best_value:
                best_bid, best_value = b, value
        return best_bid

    def play(self, view: dict[str, Any], seat: int, legal: list[Card]) -> Card:
        t = _Table(view, seat)
        need = view["bids"][seat] - view["tricks"][seat]
        return choose_card(legal, [c for _, c in view["trick"]], need, t.n, t.trump_suit, t.suit,
                           t.higher_unseen, t.q)


def choose_card(legal: list[Card], trick: list[Card], need: int, n: int, trumps: str, suit: Callable[[Card], str],
                higher_unseen: Callable[[Card], int], q: float) -> Card:
    """The rule bot's card: `trick` is the cards played so far, `need` the tricks still wanted, `suit(card)` a
    card's effective suit, `higher_unseen(card)` how many stronger cards of its suit the seat has not seen, and
    `q` the chance that a given unseen card is in an opponent's hand."""

    def p_top(card: Card) -> float:  # the chance that no opponent holds a stronger card of its suit
        return (1.0 - q) ** higher_unseen(card)

    def low(cards: Sequence[Card]) -> Card:  # weakest: plain before trump, then by rank
        return min(cards, key=lambda c: (suit(c) == trumps, strength(c), c.suit))

    def high(cards: Sequence[Card]) -> Card:
        return max(cards, key=lambda c: (suit(c) == trumps, strength(c), c.suit))

    if not trick:  # leading
        if need > 0:
            best = max(legal, key=lambda c: (p_top(c), suit(c) == trumps, strength(c)))
            if p_top(best) >= 0.6:
                return best
            plain = [c for c in legal if suit(c) != trumps]
            return low(plain or legal)
        # Lead what is least likely to win: many stronger cards still out.
        return max(legal, key=lambda c: (higher_unseen(c), suit(c) != trumps, -strength(c)))

    led = suit(trick[0])
    i = winning_index(trick, led, trumps, suit_of=suit, rank_of=strength)
    best_card = trick[i] if i is not None else trick[0]
    winners = [c for c in legal if beats(c, best_card, led, trumps, suit_of=suit, rank_of=strength)]
    losers = [c for c in legal if c not in winners]
    last = len(trick) == n - 1
    if need > 0:
        if not winners:
            return low(legal)
        if last:
            return low(winners)
        safe = [c for c in winners if higher_unseen(c) == 0]
        return low(safe) if safe else high(winners)
    if losers:
        return high(losers)
    return high(winners) if last else low(winners)


@functools.cache
def _stronger(trump: str | None, jokers: bool) -> dict[Card, tuple[Card, ...]]:
    """For every card of the deck, the stronger cards of its effective suit."""
    deck = _full_deck(jokers)
    return {card: tuple(c for c in deck if effective_suit(c, trump) == effective_suit(card, trump)
                        and strength(c) > strength(card)) for card in deck}


def _seen_from_fields(state: KachufulState, seat: int) -> tuple[Callable[[Card], int], float]:
    """What `_Table` works out from a view, from a (determinized) state's fields: `higher_unseen` and `q`."""
    known = set(state.hands[seat])
    for pile in state.won:
        known.update(pile)
    known.update(c for _, c in state.trick)
    if state.trump_card is not None:
        known.add(state.trump_card)
    unseen = len(state.full_deck()) - len(known)
    in_hands = sum(len(x) for s, x in enumerate(state.hands) if s != seat)
    q = in_hands / unseen if unseen else 0.0
    stronger = _stronger(state.trump, state.jokers)

    def higher_unseen(card: Card) -> int:
        return sum(1 for c in stronger[card] if c not in known)

    return higher_unseen, q


def rule_card(state: KachufulState, seat: int) -> Card:
    """`RuleBot.play` computed from a (determinized) state's fields, for playouts: the same card, faster."""
    legal = state.legal_cards()
    if len(legal) == 1:
        return legal[0]
    higher_unseen, q = _seen_from_fields(state, seat)
    bid = state.bids[seat]
    need = (bid if bid is not None else 0) - state.tricks[seat]
    return choose_card(legal, [c for _, c in state.trick], need, state.n, state.trump_suit, state.suit_of,
                       higher_unseen, q)


def timeout_action(state: State, seat: int, rng: random.Random | None = None) -> Action:
    """The move the time limit makes for `seat`, whose turn it is (`rng` defaults to a fresh generator)."""
    assert isinstance(state, KachufulState) and state.turn == seat
    return state.default_action(rng or random.Random())


# ----- hooks for the generic ISMCTS bot (cardtable.bots.ismcts) ------------------------------------------------
# The search only ever hands these determinized states (`state.determinize(seat, rng)`), so reading their fields
# reveals nothing hidden.  A playout ends with the round being played: one round's points are what a decision in
# it can change, and playing the later rounds out would only add noise.


def search_done(state: State, root: State) -> bool:
    """Playouts stop when the root's round is over."""
    return state.round != root.round  # type: ignore[attr-defined]


def _points_range(options: dict[str, Any], h: int) -> tuple[int, int]:
    o = options
    points = [round_points(b, w, o["scoring"], o["penalty_factor"], o["multiplier"])
              for b in range(h + 1) for w in range(h + 1)]
    return min(points), max(points)


def search_reward(state: State, root: State) -> list[float]:
    """Each seat's points for the root's round, scaled to [0, 1] by the best and worst a round of that size gives."""
    assert isinstance(state, KachufulState) and isinstance(root, KachufulState)
    index = len(root.history)
    if len(state.history) <= index:  # the playout was cut short (it never is with the default budget)
        bids = [b or 0 for b in state.bids]
        tricks = state.tricks
        h = state.hand_size
    else:
        h, _, _, bids, tricks = state.history[index]  # type: ignore[assignment]
    return _scaled_points(state.options, h, bids, tricks)


def _scaled_points(options: dict[str, Any], h: int, bids: Sequence[int], tricks: Sequence[int]) -> list[float]:
    table = _scaled_table(options["scoring"], options["penalty_factor"], options["multiplier"], h)
    return [table[b][t] for b, t in zip(bids, tricks, strict=True)]


@functools.cache
def _scaled_table(scoring: str, factor: int, multiplier: int, h: int) -> list[list[float]]:
    """The scaled points of every bid (rows) and tricks taken (columns) in a round of `h` cards."""
    lo, hi = _points_range({"scoring": scoring, "penalty_factor": factor, "multiplier": multiplier}, h)
    span = (hi - lo) or 1
    return [[(round_points(b, t, scoring, factor, multiplier) - lo) / span for t in range(h + 1)]
            for b in range(h + 1)]


# ----- the playout policy on card masks ------------------------------------------------------------------------
# Playouts make the rule bot's play for every seat at every move; working it out from the state's fields each time
# (the seen cards as a set, `choose_card` with its closures) cost several times the engine's own move.  Below, the
# same choices on sets of cards as bit masks, in the engine's numbering (`CARD_BIT`): the cards the seat may play
# are the engine's `playable()`, what it has seen the engine's record of the round (`seen`) and its hand (`held`),
# the cards that beat the trick a table look-up by the trick's winning play so far (`top`), the counts of stronger
# unseen cards popcounts.  `choose_card`'s sort keys are numbers, each made unique by the card's place in a sorted
# hand (the engine keeps every hand sorted): a tie then goes to the card first in the hand, as `choose_card`
# (which takes the first of equal cards) gives it, whatever order the cards are looked at in.

_CARDS = _full_deck(jokers=True)
_NUMBER = CARD_NUMBER  # the engine's numbering, which its masks are in
assert _CARDS == sorted(_NUMBER, key=_NUMBER.__getitem__)
_PLAYS = [PLAY[c] for c in _CARDS]
_HAND_PLACE = [SORT_RANK[c] for c in _CARDS]  # a card's place in a sorted hand (all < 64)
_MEMO_LIMIT = 1 << 14  # entries a memo keeps (a few searches' worth) before it starts over


class _Memo(dict[int, Any]):
    """A dict that works out a missing value by `make(key)` and keeps it (starting over past `_MEMO_LIMIT`)."""

    def __init__(self, make: Callable[[int], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: int) -> Any:
        if len(self) >= _MEMO_LIMIT:
            self.clear()
        value = self[key] = self.make(key)
        return value


def _numbers(mask: int) -> tuple[int, ...]:
    """The numbers of the cards of a mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


_CARDS_OF: dict[int, tuple[int, ...]] = _Memo(_numbers)  # a mask's card numbers (few masks recur: the hands')


class _Tables:
    """Per trump and deck: each numbered card's effective suit, stronger cards and sort keys."""

    def __init__(self, trump: str | None, jokers: bool) -> None:
        trumps = trump or JOKER_SUIT
        suits = [effective_suit(c, trump) for c in _CARDS]
        self.trumps = trumps
        self.deck_size = len(_full_deck(jokers))
        self.suit = suits
        self.strength = [strength(c) for c in _CARDS]
        stronger = _stronger(trump, jokers)
        self.stronger = [sum(1 << _NUMBER[x] for x in stronger[c]) if c in stronger else 0 for c in _CARDS]
        trump_of = [s == trumps for s in suits]
        self.trump_cards = sum(1 << i for i in range(len(_CARDS)) if trump_of[i])
        self.suit_by_card = {c: suits[i] for i, c in enumerate(_CARDS)}
        self.suit_cards = {x: sum(1 << i for i in range(len(_CARDS)) if suits[i] == x) for x in (*SUITS, JOKER_SUIT)}
        place = _HAND_PLACE
        # choose_card's low()/high() key, (suit(c) == trumps, strength(c), c.suit), as its rank among the cards;
        # then each made unique by the place in the hand, earlier first (for the lowest and for the highest).
        keys = [(trump_of[i], strength(c), c.suit) for i, c in enumerate(_CARDS)]
        ranked = sorted(set(keys))
        rank = [ranked.index(k) for k in keys]
        low_key = [rank[i] * 64 + place[i] for i in range(len(_CARDS))]
        high_key = [rank[i] * 64 + 63 - place[i] for i in range(len(_CARDS))]
        # The lowest and the highest card of a mask, as their Play actions.
        self.low: dict[int, Action] = _Memo(lambda m: _PLAYS[min(_CARDS_OF[m], key=low_key.__getitem__)])
        self.high: dict[int, Action] = _Memo(lambda m: _PLAYS[max(_CARDS_OF[m], key=high_key.__getitem__)])
        # The leads' keys after p_top or higher_unseen: (suit(c) == trumps, strength(c)) wanting a trick,
        # (suit(c) != trumps, -strength(c)) not (in 0..63); the highest wins, earlier in the hand on ties.
        self.lead = [(trump_of[i] * 32 + strength(c)) * 64 + 63 - place[i] for i, c in enumerate(_CARDS)]
        self.duck = [((not trump_of[i]) * 32 + 16 - strength(c)) * 64 + 63 - place[i] for i, c in enumerate(_CARDS)]
        # Per led suit and the contention of the trick's winning play so far (the engine's `top`): the cards that
        # beat it (beats() and winning_index() as one mask).
        self.beats: dict[str, dict[int, int]] = {}
        for led in (*SUITS, JOKER_SUIT):
            contend = [TRUMPS_OVER + strength(c) if trump_of[i] else strength(c) if suits[i] == led else CANNOT_WIN
                       for i, c in enumerate(_CARDS)]
            self.beats[led] = {top: sum(1 << i for i, k in enumerate(contend) if k > top) for top in set(contend)}


_TABLES_BY: dict[bool, dict[str | None, _Tables]] = {False: {}, True: {}}  # by jokers, then by trump


def _tables(trump: str | None, jokers: bool) -> _Tables:
    t = _TABLES_BY[jokers].get(trump)
    if t is None:
        t = _TABLES_BY[jokers][trump] = _Tables(trump, jokers)
    return t


def policy_play(state: KachufulState) -> Action:
    """The rule bot's card (`rule_card`, `choose_card`) for the seat to act, on card masks: the same card, faster,
    as its shared `Play` action.  What the seat has seen is the engine's public record of the round (`state.seen`)
    and its own hand."""
    legal = state.playable()
    if not legal & (legal - 1):  # a single card
        return _PLAYS[legal.bit_length() - 1]
    seat: int = state.turn  # type: ignore[assignment]
    t = _TABLES_BY[state.jokers].get(state.trump) or _tables(state.trump, state.jokers)
    bid = state.bids[seat]
    need = (bid or 0) - state.tricks[seat]
    played = len(state.trick)
    if played:
        winners = legal & t.beats[state.led][state.top]  # type: ignore[index]
        last = played == state.n - 1
        if need > 0:
            if not winners:
                return t.low[legal]
            if last:
                return t.low[winners]
            unknown = ~(state.seen | state.held[seat])
            stronger = t.stronger
            safe = 0
            for c in _CARDS_OF[winners]:
                if not stronger[c] & unknown:
                    safe |= 1 << c
            return t.low[safe] if safe else t.high[winners]
        if winners != legal:
            return t.high[legal ^ winners]
        return t.high[winners] if last else t.low[winners]
    # Leading: how likely the opponents hold stronger cards.
    held = state.held[seat]
    seen = state.seen
    unknown = ~(seen | held)
    stronger = t.stronger
    cards = _CARDS_OF[legal]
    if need > 0:
        count = held.bit_count()
        unseen = t.deck_size - seen.bit_count() - count
        # The chance that a given card the seat has not seen is in an opponent's hand (`_Table.q`).
        q = (sum(map(len, state.hands)) - count) / unseen if unseen else 0.0
        base = 1.0 - q
        lead = t.lead
        if 0.0 < base < 1.0:
            # p_top = base ** (stronger cards out) falls as their count grows: the best key is the fewest stronger
            # cards out, then the lead key (the same card as comparing the floats, in whole numbers).
            best = cards[0]
            best_value = -1 << 20
            for c in cards:
                value = lead[c] - ((stronger[c] & unknown).bit_count() << 12)
                if value > best_value:
                    best, best_value = c, value
            p = base ** (stronger[best] & unknown).bit_count()
        else:  # p_top is 1 (or 0) for many counts at once: compare the floats themselves
            power = _powers(base)
            best = cards[0]
            best_key = (power[(stronger[best] & unknown).bit_count()], lead[best])
            for c in cards:
                key = (power[(stronger[c] & unknown).bit_count()], lead[c])
                if key > best_key:
                    best, best_key = c, key
            p = best_key[0]
        if p >= 0.6:
            return _PLAYS[best]
        return t.low[legal & ~t.trump_cards or legal]
    # Lead what is least likely to win: many stronger cards still out (then a plain card, then a low one).
    duck = t.duck
    best = cards[0]
    best_value = -1
    for c in cards:
        value = (stronger[c] & unknown).bit_count() * 4096 + duck[c]
        if value > best_value:
            best, best_value = c, value
    return _PLAYS[best]


def quick_estimate(state: KachufulState, seat: int) -> float:
    """`estimate_tricks` computed from a (determinized) state's fields: what the seat itself can see."""
    return _estimates(state, [seat])[0]


def _estimates(state: KachufulState, seats: Sequence[int]) -> list[float]:
    """`quick_estimate` for each of `seats`."""
    t = _tables(state.trump, state.jokers)
    seen = state.seen
    unseen = t.deck_size - seen.bit_count()
    cards = sum(map(len, state.hands))
    held, hands = state.held, state.hands
    return [_estimate(t, held[s], hands[s], seen, unseen, cards, state.n, state.hand_size, state.trump, state.jokers)
            for s in seats]


def _strongest_first(mask: int) -> tuple[int, ...]:
    """The card numbers of a mask of one effective suit, the strongest first."""
    return tuple(sorted(_CARDS_OF[mask], key=_STRENGTH_OF.__getitem__, reverse=True))


_STRENGTH_OF = [strength(c) for c in _CARDS]
_STRONGEST_FIRST: dict[int, tuple[int, ...]] = _Memo(_strongest_first)


def _estimate(t: _Tables, held: int, hand: list[Card], seen: int, unseen: int, cards: int, n: int, h: int,
              trump: str | None, jokers: bool) -> float:
    """`_expected_tricks` on card masks, the same sums in the same order: `held` is the seat's hand as a mask and
    `hand` the same cards in its order, `seen` the mask of the cards seen by everyone, `unseen` how many cards
    that leaves, `cards` how many are in the hands."""
    size = held.bit_count()
    unknown = ~(seen | held)
    unseen -= size
    q = (cards - size) / unseen if unseen else 0.0
    suit_cards = t.suit_cards
    short_sides = 0  # side suits of at most one card
    if h >= 3:
        for x in SUITS:
            if x != trump and (held & suit_cards[x]).bit_count() <= 1:
                short_sides += 1
    power = _powers(1.0 - q)
    has_trump = trump is not None or jokers
    ruffs = _ruffs(n, h)
    stronger = t.stronger
    by_strength = _STRONGEST_FIRST
    expected = 0.0
    # The suits in the order the hand first shows them, each strongest first (jokers tie, and count alike).
    for x in dict.fromkeys(map(t.suit_by_card.__getitem__, hand)):
        group = by_strength[held & suit_cards[x]]
        if x == t.trumps:
            for c in group:
                p = power[(stronger[c] & unknown).bit_count()]
                if p < 0.5 and short_sides and h >= 3:
                    p = max(p, 0.3)
                expected += p
        elif has_trump:
            for c, ruff in zip(group, ruffs, strict=False):
                expected += power[(stronger[c] & unknown).bit_count()] * ruff
        else:
            for c in group:
                expected += power[(stronger[c] & unknown).bit_count()]
    return expected


@functools.lru_cache(maxsize=256)
def _powers(base: float) -> list[float]:
    """base ** k for the counts of stronger cards there can be (the same floats as the expression gives)."""
    return [base ** k for k in range(16)]


@functools.cache
def _ruffs(n: int, h: int) -> list[float]:
    """What a side-suit card keeps of its chance of winning at each depth in its suit, against ruffs."""
    return [max(0.2, 1.0 - 0.1 * (n - 1) * (depth + 1) * min(1.0, h / 5)) for depth in range(DECK_CARDS + 2)]


class RolloutPolicy:
    """The playout policy: bid the hand's estimate (nearest legal bid), then play as the rule bot plays.

    For the search (`cardtable.bots.ismcts`), `play_out` plays a whole playout at once, scored as `search_reward`
    scores the round's end, every move through the engine's own transition."""

    def __call__(self, state: State, rng: random.Random) -> Action:
        assert isinstance(state, KachufulState)
        if state.phase == "play":
            return policy_play(state)
        seat = state.turn
        assert seat is not None
        # The bid is a function of what the key holds (the hand's mask fixes its order: hands are kept sorted); a
        # search draws each world several times, and its bids come back.
        key = (state.held[seat], state.seen, sum(map(len, state.hands)), state.n, state.hand_size, state.trump,
               state.jokers, state.forbidden())
        bid = _BID_MEMO.get(key)
        if bid is None:
            if len(_BID_MEMO) >= _MEMO_LIMIT:
                _BID_MEMO.clear()
            bid = _BID_MEMO[key] = BID[_nearest(quick_estimate(state, seat), state.legal_bids())]
        return bid

    def play_out(self, world: State, root: State, rng: random.Random, limit: int,
                 apply: Callable[[Action], Any]) -> list[float] | None:
        """The rewards of playing `world` (of the root's round) out to the round's end by this policy, or None
        when that could take more than `limit` moves.  `apply` is the world's transition; the world is used up."""
        assert isinstance(world, KachufulState) and isinstance(root, KachufulState)
        if world.round != root.round or world.turn is None:
            return search_reward(world, root)
        if sum(map(len, world.hands)) + world.n + 1 > limit:
            return None
        while world.phase == "bid":
            apply(self(world, rng))
        round_ = root.round
        while world.turn is not None and world.round == round_:
            apply(policy_play(world))
        return search_reward(world, root)


_BID_MEMO: dict[tuple[Any, ...], Action] = {}
rollout_action = RolloutPolicy()


def arena_counts(state: State) -> dict[str, list[tuple[int, int]]]:
    """For `python -m cardtable.arena`: per seat, (rounds with the bid made exactly, rounds played)."""
    assert isinstance(state, KachufulState)
    rows = state.history
    return {"exact bids": [(sum(1 for r in rows if r[3][s] == r[4][s]), len(rows)) for s in range(state.n)]}


BID_SPREAD = 0.9  # how far (in tricks) a bid strays from the hand's estimate, as the search assumes


def world_weight(state: State, seat: int) -> float:
    """How well a determinization fits the bids made: each other seat's hand should be worth about what it still
    needs (its bid less the tricks it has taken).  A Gaussian in the gap, with `BID_SPREAD` as its width."""
    assert isinstance(state, KachufulState)
    if state.simultaneous and state.phase == "bid" and not state.rebid:
        return 1.0  # the others' bids are hidden (and resampled at random): nothing to learn from them
    needs = {}
    for s in range(state.n):
        bid = state.bids[s]
        if s == seat or bid is None or not state.hands[s]:
            continue
        need = bid - state.tricks[s]
        if need < 0:
            continue
        needs[s] = need
    gap = 0.0
    for need, estimate in zip(needs.values(), _estimates(state, list(needs)), strict=True):
        gap += (need - estimate) ** 2
    return math.exp(-gap / (2 * BID_SPREAD * BID_SPREAD))


def search_settings() -> dict[str, Any]:
    """How the hard bot searches Kachuful: the other seats play the playout policy inside the tree (a model of
    sensible players, better here than letting each of them search), 3,000 playouts a decision (on a busy machine a
    median of 0.6 s of processor time, at most 2 s; 6,000 took a median of 1.4 s, and up to 3.5 s against a 5 s
    safety net)."""
    return {"opponent_model": True, "iterations": 3000}
