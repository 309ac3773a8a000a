"""King of the Hill bots: a rule-based player, the hard bot's search hooks, and the person's hint.

Every function here is handed a determinization (`state.determinize(seat, rng)`) and reads only what the seat may
see: its own hand, the dead hand if it is the KotH who buried it, the declarations, the trump, the call, the
revealed teammate, the tricks played (the cards won, the trick on the table) and the voids and missing pairs that
play has shown.  The other hands of a determinization are random samples, and nothing here looks at them.

`RuleBot` (the normal level; easy is it with noise):

- Declare: with a strong trump holding for the suit (jokers, trump-rank cards and the suit, per card held so far;
  a lower bar once the deal is over), and always strengthens its own single into a pair.  In a later round the
  KotH passes (nobody declaring lets it choose with its whole hand) unless it can overturn another seat's suit.
- Choose the trump suit: the suit making the strongest trump holding.
- Bury: low cards without points, shortening (or voiding) a plain suit; variants shortening each plain suit are
  scored and the best is buried (`burial_variants`).
- Call: a high card it lacks (the ace of a plain suit it holds none of, preferably one it can lead low into, else
  a king, else a joker), never one it holds both copies of.
- Lead: a pair or a single that no unseen card can beat (counting the trumps played, and the voids shown), the
  called card once it is a winner (revealing the teammate), low into the called suit for the KotH, trumps for a
  defender long in them; otherwise a low card without points from its shortest plain suit.
- Follow: gives points to a trick its side wins (the KotH and the revealed teammate; the holder of the called card
  counts itself on the KotH's side), keeps them from the other side, wins a trick with points as cheaply as it
  safely can, and ruffs a plain trick with points.

The hard level is the generic ISMCTS (`cardtable.bots.ismcts`): its playouts are the rule bot's play
(`search_rollout`), the other seats move by it in the tree too, a playout ends with the round and scores each
seat's ranks gained, the search only considers a few burials and calls (`search_candidates`: the rule bot's
variants) and one of two identical plays, and the sampled worlds are weighed by the declarations made and passed
(`world_weight`).  The rules' `determinize` keeps the dead hand with the KotH, the shown voids and missing pairs,
the declared cards with their declarer, and the called card out of the KotH's reach.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardtable.core.cards import JOKER_SUIT, SUITS, Card
from cardtable.core.engine import Action, State
from cardtable.core.tricks import CANNOT_WIN, TRUMPS_OVER, ace_high
from cardtable.core.words import N_
from cardtable.games.king_of_the_hill.rules import (
    CALL,
    CALL_NONE,
    CHOOSE,
    DECK,
    KITTY,
    PASS,
    PLAYERS,
    TRUMP,
    Bury,
    Call,
    Declare,
    KingState,
    Order,
    Play,
    card_points,
    face_of,
    play_two,
    points_of,
    winning_seat,
)
from cardtable.games.plugin import Hint

_FACE = {c: face_of(c) for c in DECK}
_POINTS = {c: card_points(c) for c in DECK}
_TRUMP_COST = 20  # a trump spent counts this much more than a plain card of the same strength
_BROKEN_PAIR = 6  # the cost of breaking up a pair


# ----- what a seat can see ----------------------------------------------------------------------------------


_BY_SUIT: dict[tuple[int, str | None], dict[str, tuple[Card, ...]]] = {}


def _by_suit(order: Order) -> dict[str, tuple[Card, ...]]:
    """Every card of each effective suit, strongest first (shared per order)."""
    key = (order.rank, order.suit)
    found = _BY_SUIT.get(key)
    if found is None:
        lists: dict[str, list[Card]] = {}
        for c in sorted(DECK, key=lambda c: -order.strength[c]):
            lists.setdefault(order.suit_of[c], []).append(c)
        found = _BY_SUIT[key] = {s: tuple(cs) for s, cs in lists.items()}
    return found


class Sight:
    """The cards `seat` has not seen (in the other hands, or in the dead hand unless it buried it), per effective
    suit: how many, the strongest, and the strongest of which both copies are unseen (a pair that may be out)."""

    __slots__ = ("_state", "_seat", "_seen", "order", "suits", "_top", "_pair", "_count")

    def __init__(self, state: KingState, seat: int) -> None:
        self._state, self._seat = state, seat
        self._seen: set[Card] | None = None
        self.order = state.order
        self.suits = _by_suit(state.order)
        self._top: dict[str, int] = {}
        self._pair: dict[str, int] = {}
        self._count: dict[str, int] = {}

    @property
    def seen(self) -> set[Card]:
        """The cards the seat has seen: its hand, the tricks played, and the dead hand if it buried it."""
        seen = self._seen
        if seen is None:
            state = self._state
            seen = self._seen = set(state.hands[self._seat])
            for pile in state.won:
                seen.update(pile)
            for _, cards in state.trick:
                seen.update(cards)
            if self._seat == state.koth:
                seen.update(state.dead)
        return seen

    def top(self, suit: str) -> int:
        """The strength of the strongest unseen card of `suit` (0: none)."""
        found = self._top.get(suit)
        if found is None:
            seen, strength = self.seen, self.order.strength
            found = next((strength[c] for c in self.suits.get(suit, ()) if c not in seen), 0)
            self._top[suit] = found
        return found

    def top_pair(self, suit: str) -> int:
        """The strength of the strongest face of `suit` with both copies unseen (0: none)."""
        found = self._pair.get(suit)
        if found is None:
            seen, strength = self.seen, self.order.strength
            found = 0
            faces: set[tuple[int, str, int]] = set()
            for c in self.suits.get(suit, ()):
                if c in seen:
                    continue
                f = _FACE[c]
                if f in faces:
                    found = strength[c]
                    break
                faces.add(f)
            self._pair[suit] = found
        return found

    def unseen(self, suit: str) -> int:
        """How many cards of `suit` the seat has not seen."""
        found = self._count.get(suit)
        if found is None:
            seen = self.seen
            found = self._count[suit] = sum(1 for c in self.suits.get(suit, ()) if c not in seen)
        return found


def sides(state: KingState, seat: int) -> list[int]:
    """For each seat as `seat` knows it: 1 its side, -1 the other side, 0 not known.

    The defenders are the KotH and the teammate.  Before the teammate is revealed, a seat holding a copy of the
    called card counts itself a defender (it becomes the teammate by playing it), the others know only the KotH.
    """
    n = state.n
    koth = state.koth
    out = [0] * n
    out[seat] = 1
    if koth is None:
        return out
    teammate = state.teammate
    if teammate is not None or (state.call_made and state.called is None):
        defenders = {koth} if teammate is None else {koth, teammate}
        mine = seat in defenders
        return [1 if (s in defenders) == mine else -1 for s in range(n)]
    if seat == koth:
        return out
    if holds_called(state, seat):
        return [1 if s in (seat, koth) else -1 for s in range(n)]
    out[koth] = -1
    return out


def holds_called(state: KingState, seat: int) -> bool:
    """Whether `seat` (not the KotH) holds a copy of the called card."""
    called = state.called
    if called is None or seat == state.koth:
        return False
    face = _FACE[called]
    return any(_FACE[c] == face for c in state.hands[seat])


def _power(cards: Sequence[Card], led: str | None, count: int, order: Order) -> int:
    """How strong a play is in the trick (the rules' `Order.contend`): `TRUMPS_OVER` + strength for trumps, the
    strength for the led suit, `CANNOT_WIN` (another plain suit, or two cards that are not a pair in a pair trick)."""
    c = cards[0]
    if count == 2 and (len(cards) < 2 or _FACE[c] != _FACE[cards[1]]):
        return CANNOT_WIN
    return order.contend[led][c]


def _winning(state: KingState) -> tuple[int, int]:
    """(power, seat) of the play winning the trick on the table."""
    best, winner = -1, state.leader
    order, led, count = state.order, state.led_suit, state.led_count
    for s, cards in state.trick:
        k = _power(cards, led, count, order)
        if k > best:
            best, winner = k, s
    return best, winner


def _beatable(sight: Sight, power: int, led: str, count: int, ruff_risk: bool) -> bool:
    """Whether an unseen card (or pair) could beat a play of this power in a trick of `led` and `count`."""
    if count == 1:
        if power >= TRUMPS_OVER:
            return sight.top(TRUMP) > power - TRUMPS_OVER
        return sight.top(led) > power or (ruff_risk and sight.unseen(TRUMP) > 0)
    if power >= TRUMPS_OVER:
        return sight.top_pair(TRUMP) > power - TRUMPS_OVER
    return sight.top_pair(led) > power or (ruff_risk and sight.top_pair(TRUMP) > 0)


def _ruff_risk(state: KingState, sight: Sight, seat: int, suit: str, later: Sequence[int]) -> bool:
    """Whether a later player might not follow `suit` (shown void, or few of its cards left unseen)."""
    if suit == TRUMP or not later:
        return False
    bit = _SUIT_BIT[suit]
    if any(state.voids[s] & bit for s in later):
        return True
    return sight.unseen(suit) < 2 * len(later)


_SUIT_BIT = {TRUMP: 1, "S": 2, "H": 4, "D": 8, "C": 16}


_COSTS: dict[tuple[int, str | None], dict[Card, int]] = {}


def _costs(order: Order) -> dict[Card, int]:
    """What spending each card costs on its own: its strength, more for a trump (shared per order)."""
    key = (order.rank, order.suit)
    found = _COSTS.get(key)
    if found is None:
        found = _COSTS[key] = {c: order.strength[c] + (_TRUMP_COST if order.suit_of[c] == TRUMP else 0)
                               for c in DECK}
    return found


def _cost(cards: Sequence[Card], order: Order, paired: set[tuple[int, str, int]]) -> int:
    """What spending these cards costs: their strength, more for trumps, more for breaking up a pair."""
    costs = _costs(order)
    total = 0
    for c in cards:
        total += costs[c]
    if paired:
        faces = [_FACE[c] for c in cards]
        if len(faces) == 1 or faces[0] != faces[1]:
            total += _BROKEN_PAIR * sum(1 for f in faces if f in paired)
    return total


def _paired(hand: Sequence[Card]) -> set[tuple[int, str, int]]:
    """The faces of which `hand` holds both copies."""
    single: set[tuple[int, str, int]] = set()
    pairs: set[tuple[int, str, int]] = set()
    for c in hand:
        f = _FACE[c]
        if f in single:
            pairs.add(f)
        else:
            single.add(f)
    return pairs


# ----- trump strength (declaring and choosing the suit) ------------------------------------------------------


def trump_strength(hand: Sequence[Card], rank: int, suit: str) -> float:
    """How much of `hand` would be trump with `suit` as trump suit at trump rank `rank` (a `Card.rank`): each trump
    counts 1, jokers and trump-rank cards more, high trumps and trump pairs a little more."""
    total = 0.0
    faces: Counter = Counter()
    for c in hand:
        if c.suit == JOKER_SUIT:
            total += 1.6
        elif c.rank == rank:
            total += 1.4 if c.suit == suit else 1.2
        elif c.suit == suit:
            total += 1.0 + (0.3 if ace_high(c) >= 12 else 0.0)
        else:
            continue
        faces[_FACE[c]] += 1
    return total + 0.5 * sum(1 for k in faces.values() if k == 2)


DECLARE_DENSITY = 0.5  # trump strength per card held that makes a declaration during the deal
FINAL_DENSITY = 0.42  # the same after the deal (20 cards: the holding is known)
DECLARE_MIN_CARDS = 5


def declare_choice(state: KingState, seat: int, options: Sequence[Action], density: float | None = None,
                   final_density: float | None = None, min_cards: int | None = None) -> Action:
    """The rule bot's declaration, or `PASS` (see the module docstring); the thresholds default to
    `DECLARE_DENSITY`, `FINAL_DENSITY` and `DECLARE_MIN_CARDS`."""
    hand = state.hands[seat]
    rank = state.trump_rank
    decl = state.declaration
    declares = [a for a in options if isinstance(a, Declare)]
    if not declares:
        return PASS
    if decl is not None and decl[0] == seat:
        own = DECLARE.get((decl[1], True))
        return own if own in declares else PASS
    later_koth = state.round > 0 and state.koth is not None
    if later_koth and seat == state.koth and decl is None:
        return PASS  # nobody declaring lets the KotH choose with its whole hand
    n = len(hand)
    final = state.final is not None
    if n < (DECLARE_MIN_CARDS if min_cards is None else min_cards) and not final:
        return PASS
    if final:
        bar = (FINAL_DENSITY if final_density is None else final_density) * n
    else:
        bar = (DECLARE_DENSITY if density is None else density) * n
    best = max(declares, key=lambda a: (trump_strength(hand, rank, a.suit), a.pair))
    value = trump_strength(hand, rank, best.suit)
    if decl is not None:  # overturning another seat's single: only for a clearly better suit
        if value < bar or value < trump_strength(hand, rank, decl[1]) + 1.5:
            return PASS
        return best
    return best if value >= bar else PASS


DECLARE = {(a.suit, a.pair): a for a in (Declare(s, p) for s in SUITS for p in (False, True))}


def best_trump(hand: Sequence[Card], rank: int) -> str:
    """The suit making the strongest trump holding."""
    return max(SUITS, key=lambda s: trump_strength(hand, rank, s))


# ----- burying ---------------------------------------------------------------------------------------------


_VOID_BONUS = 14  # what a void in a plain suit is worth, in burial cost
_SHORT_BONUS = 4  # a plain suit of one card left


def _bury_cost(card: Card, order: Order, paired: set[tuple[int, str, int]]) -> int:
    """What burying a card costs: its strength; points (doubled against the KotH if the last trick is lost),
    aces, pairs and trumps much more."""
    if order.suit_of[card] == TRUMP:
        return 100 + order.strength[card]
    cost = order.strength[card]
    if _POINTS[card]:
        cost += 8 + _POINTS[card]
    if _FACE[card] in paired:
        cost += 8
    if cost >= 14:
        cost += 4
    return cost


def burial_variants(hand: Sequence[Card], order: Order) -> list[tuple[float, tuple[Card, ...]]]:
    """Burials of `KITTY` cards of `hand`, best first, each with its score (lower is better): the cheapest cards,
    and for each plain suit, that suit's cheapest cards first (shortening or voiding it), then the cheapest
    others.  The score is the cards' cost less what voids and short suits are worth."""
    paired = _paired(hand)
    cost = {c: _bury_cost(c, order, paired) for c in hand}
    ranked = sorted(hand, key=lambda c: (cost[c], _FACE[c], c.copy))
    by_suit: dict[str, list[Card]] = {}
    for c in ranked:
        by_suit.setdefault(order.suit_of[c], []).append(c)
    plans: list[list[Card]] = [ranked[:KITTY]]
    for suit, cards in by_suit.items():
        if suit == TRUMP:
            continue
        first = [c for c in cards if cost[c] < 40][:KITTY]
        if not first:
            continue
        rest = [c for c in ranked if c not in first]
        plans.append(first + rest[: KITTY - len(first)])
    out: dict[tuple[Card, ...], float] = {}
    for plan in plans:
        chosen = tuple(sorted(plan, key=DECK.index))
        if chosen in out:
            continue
        buried = set(chosen)
        score = float(sum(cost[c] for c in chosen))
        for suit, cards in by_suit.items():
            if suit == TRUMP:
                continue
            left = sum(1 for c in cards if c not in buried)
            if left == 0:
                score -= _VOID_BONUS
            elif left == 1:
                score -= _SHORT_BONUS
        out[chosen] = score
    return sorted(((score, cards) for cards, score in out.items()), key=lambda x: x[0])


# ----- calling -----------------------------------------------------------------------------------------------


def call_options(state: KingState, seat: int) -> list[tuple[float, Call]]:
    """Calls worth making, best first, each with its value: per plain suit, its highest card the KotH holds no copy
    of (an ace best), better in a suit it holds a few cards of (to lead into); then the jokers it lacks."""
    order = state.order
    mine = Counter(_FACE[c] for c in list(state.hands[seat]) + list(state.dead))
    length = Counter(order.suit_of[c] for c in state.hands[seat])
    out: list[tuple[float, Call]] = []
    for suit in SUITS:
        if suit == state.trump_suit:
            continue
        for card in _by_suit(order)[suit]:
            if card.copy == 0 and not mine[_FACE[card]]:
                k = length[suit]
                value = order.strength[card] - 4.0 + (4.0 if 0 < k <= 4 else 2.0 if k else 0.0) - 0.3 * k
                out.append((value, CALL[card]))
                break
    for joker, value in ((Card(0, JOKER_SUIT, 1), 4.0), (Card(0, JOKER_SUIT, 0), 3.0)):
        if not mine[_FACE[joker]]:
            out.append((value, CALL[joker]))
    out.sort(key=lambda x: -x[0])
    return out


# ----- playing ---------------------------------------------------------------------------------------------


class Reasoned:
    """A play with the reason the hint gives for it: a template marked `N_` and its fields (suits by code, cards)."""

    __slots__ = ("fields", "play", "why")

    def __init__(self, play: Play, why: str, **fields: Any) -> None:
        self.play = play
        self.why = why
        self.fields = fields


def choose_lead(state: KingState, seat: int, sight: Sight, side: Sequence[int]) -> Reasoned:
    """The rule bot's lead (see the module docstring)."""
    hand = state.hands[seat]
    order = state.order
    suit_of, strength = order.suit_of, order.strength
    others = [s for s in range(state.n) if s != seat]
    koth = state.koth
    defender = koth is not None and side[koth] == 1
    called = state.called if state.teammate is None and seat != koth else None
    by_suit: dict[str, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(suit_of[c], []).append(c)
    best: tuple[tuple[float, ...], Play, str] | None = None

    def offer(key: tuple[float, ...], play: Play, why: str) -> None:
        nonlocal best
        if best is None or key > best[0]:
            best = (key, play, why)

    long_in_trumps = defender and len(by_suit.get(TRUMP, ())) * 3 >= len(hand) and sight.unseen(TRUMP) > 0
    for suit, cards in by_suit.items():
        plain = suit != TRUMP
        risk = _ruff_risk(state, sight, seat, suit, others)
        lift = 0 if plain else TRUMPS_OVER
        first: dict[tuple[int, str, int], Card] = {}
        for c in cards:
            f = _FACE[c]
            if f not in first:
                first[f] = c
                continue
            pair = play_two(first[f], c)
            if not _beatable(sight, lift + strength[c], suit, 2, risk):
                offer((5, plain, _POINTS[c], strength[c]), pair, N_("no pair left unseen can beat it."))
            elif strength[c] >= 11 and (plain or defender):
                offer((2, plain, strength[c]), pair, N_("a high pair: the others must play two cards of the suit."))
        top = max(cards, key=strength.__getitem__)
        if _beatable(sight, lift + strength[top], suit, 1, risk):
            continue
        if called is not None and _FACE[top] == _FACE[called]:
            offer((6,), PLAY[top], N_("it wins and reveals you as the King of the Hill's teammate."))
        elif plain:
            offer((4, _POINTS[top] > 0, strength[top]), PLAY[top], N_("no unseen card can beat it."))
        elif long_in_trumps:
            offer((3, strength[top]), PLAY[top], N_("the highest trump left: it draws the others' trumps."))
    if best is not None:
        return Reasoned(best[1], best[2])
    called = state.called if state.teammate is None and seat == koth else None
    if called is not None and suit_of[called] != TRUMP:
        low = [c for c in by_suit.get(suit_of[called], ()) if not _POINTS[c]]
        if low:
            c = min(low, key=strength.__getitem__)
            return Reasoned(PLAY[c], N_("low into {suit}, for your teammate's {card}."), suit=suit_of[called],
                            card=called)
    paired = _paired(hand)
    plain_cards = [c for c in hand if suit_of[c] != TRUMP] or list(hand)
    c = min(plain_cards, key=lambda c: (_POINTS[c] > 0, suit_of[c] == TRUMP, _FACE[c] in paired,
                                         len(by_suit[suit_of[c]]), strength[c]))
    if suit_of[c] != TRUMP and not _POINTS[c]:
        return Reasoned(PLAY[c], N_("a low card of your shortest suit, {suit}, without points."), suit=suit_of[c])
    return Reasoned(PLAY[c], N_("your lowest card."))


def choose_follow(state: KingState, seat: int, sight: Sight, side: Sequence[int], plays: Sequence[Play]) -> Reasoned:
    """The rule bot's play to a trick (see the module docstring)."""
    order = state.order
    led, count = state.led_suit, state.led_count
    assert led is not None
    paired = _paired(state.hands[seat])
    best_power, winner = _winning(state)
    on_table = sum([_POINTS[c] for _, cards in state.trick for c in cards])
    later = [(seat + k) % state.n for k in range(1, state.n - len(state.trick))]
    risk: list[bool] = []

    def beatable(power: int) -> bool:
        if not later:
            return False
        if not risk:
            risk.append(_ruff_risk(state, sight, seat, led, later))
        return _beatable(sight, power, led, count, risk[0])

    # (play, power, points, cost) of each legal play
    if count == 1:
        contend, costs = order.contend[led], _costs(order)
        scored = []
        for p in plays:
            c = p.cards[0]
            scored.append((p, contend[c], _POINTS[c], costs[c] + (_BROKEN_PAIR if _FACE[c] in paired else 0)))
    else:
        scored = [(p, _power(p.cards, led, count, order), points_of(p.cards), _cost(p.cards, order, paired))
                  for p in plays]
    ours = side[winner] == 1
    if ours and not beatable(best_power):
        play, _, pts, _ = max(scored, key=lambda x: (x[2], -x[3]))
        return Reasoned(play, N_("your side wins this trick: you add points to it.") if pts else
                        N_("your side wins this trick."))
    wins = [x for x in scored if x[1] > best_power]
    safe = [x for x in wins if not beatable(x[1])]
    if ours:
        if safe and on_table:
            play = min(safe, key=lambda x: (x[3], -x[2]))[0]
            return Reasoned(play, N_("it makes sure your side keeps the points."))
        play = min(scored, key=lambda x: (x[2], x[3]))[0]
        return Reasoned(play, N_("your side is winning, but the trick may still be taken: no points to it."))
    if safe:
        play, _, _, cost = min(safe, key=lambda x: (x[3] - 2 * x[2], -x[2]))
        ruff = led != TRUMP and order.suit_of[play.cards[0]] == TRUMP
        if on_table or not ruff or (side[winner] == -1 and cost < _TRUMP_COST + 8):
            if on_table:
                return Reasoned(play, N_("it ruffs the trick and its points, and nobody left can beat it.") if ruff
                                else N_("it wins the trick and its points, and nobody left can beat it."))
            return Reasoned(play, N_("it ruffs the trick, and nobody left can beat it.") if ruff
                            else N_("it wins the trick, and nobody left can beat it."))
    elif wins and on_table >= 10:
        play = max(wins, key=lambda x: (x[1], -x[2]))[0]
        return Reasoned(play, N_("the trick holds points: your strongest try to win it."))
    play = min(scored, key=lambda x: (x[2], x[3]))[0]
    return Reasoned(play, N_("the other side is winning: keep your points from it.") if side[winner] == -1 else
                    N_("you cannot win this trick cheaply: your least useful card."))


PLAY = {c: Play((c,)) for c in DECK}


def choose_play(state: KingState, seat: int, plays: Sequence[Play] | None = None) -> Reasoned:
    """The rule bot's play, with its reason."""
    if plays is None:
        plays = state.legal_actions()  # type: ignore[assignment]
    assert plays is not None
    if len(plays) == 1:
        return Reasoned(plays[0], N_("it is your only legal play."))
    sight = Sight(state, seat)
    side = sides(state, seat)
    if not state.trick:
        return choose_lead(state, seat, sight, side)
    return choose_follow(state, seat, sight, side, plays)


# ----- the rule bot ----------------------------------------------------------------------------------------


class RuleBot:
    """Declares with strong trumps, buries low cards to shorten a suit, calls a high card it lacks, and plays
    for its side (see the module docstring)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, KingState)
        return rule_action(state, seat)


def rule_action(state: KingState, seat: int) -> Action:
    """The rule bot's move for `seat`, the seat to act in `state`."""
    phase = state.phase
    if phase == "play":
        return choose_play(state, seat).play
    if phase == "declare":
        return declare_choice(state, seat, state.legal_actions())
    if phase == "trump":
        return CHOOSE[best_trump(state.hands[seat], state.trump_rank)]
    if phase == "bury":
        return Bury(burial_variants(state.hands[seat], state.order)[0][1])
    if phase == "call":
        options = call_options(state, seat)
        return options[0][1] if options else CALL_NONE
    return state.legal_actions()[0]


# ----- the hint ----------------------------------------------------------------------------------------------


def hint(state: State) -> Hint | None:
    """The rule bot's move for the seat to act, from what that seat may see, and why in words."""
    seat = state.turn
    if seat is None or not isinstance(state, KingState):
        return None
    world = state.determinize(seat, random.Random(0))
    phase = world.phase
    if phase == "play":
        chosen = choose_play(world, seat)
        return Hint(chosen.play, why=chosen.why, fields=chosen.fields)
    if phase == "declare":
        action = declare_choice(world, seat, state.legal_actions())
        hand = world.hands[seat]
        if isinstance(action, Declare):
            count = sum(1 for c in hand if _is_trump(c, world.trump_rank, action.suit))
            return Hint(action, why=N_("{count} of your {total} cards would be trumps."),
                        fields={"count": count, "total": len(hand)})
        if world.declaration is not None and world.declaration[0] == seat:
            return Hint(action, why=N_("your own declaration stands."))
        return Hint(action, why=N_("your cards do not make a strong enough trump suit yet."))
    if phase == "trump":
        suit = best_trump(world.hands[seat], world.trump_rank)
        count = sum(1 for c in world.hands[seat] if _is_trump(c, world.trump_rank, suit))
        return Hint(CHOOSE[suit], why=N_("{count} of your cards would be trumps."), fields={"count": count})
    if phase == "bury":
        cards = burial_variants(world.hands[seat], world.order)[0][1]
        suit_of = world.order.suit_of
        left = Counter(suit_of[c] for c in world.hands[seat] if c not in set(cards))
        voids = tuple(s for s in SUITS if s != world.trump_suit and not left[s])
        pts = points_of(cards)
        if voids:
            why = (N_("low cards without points; it leaves you void in {suits}.") if not pts
                   else N_("low cards with only {points} points; it leaves you void in {suits}."))
        else:
            why = N_("low cards without points.") if not pts else N_("low cards with only {points} points.")
        return Hint(Bury(cards), why=why, fields={"points": pts, "suits": voids})
    if phase == "call":
        options = call_options(world, seat)
        if not options:
            return Hint(CALL_NONE, why=N_("you hold every card worth calling."))
        return Hint(options[0][1], why=N_("a high card you do not hold, so its holder is a strong teammate."))
    return None


def _is_trump(card: Card, rank: int, suit: str) -> bool:
    return card.suit == JOKER_SUIT or card.rank == rank or card.suit == suit


# ----- hooks for the generic ISMCTS bot (cardtable.bots.ismcts) ----------------------------------------------
# The search only ever hands these determinized states, so reading their fields reveals nothing hidden as long as
# each reads the acting seat's own cards and the public ones only.


def search_done(state: State, root: State) -> bool:
    """Playouts stop when the root's round is over."""
    return len(state.records) != len(root.records)  # type: ignore[attr-defined]


MARGIN = 0.3  # how much a round's challenge score counts beside the ranks gained, in ranks
_MOST = 3 * (PLAYERS - 1) / PLAYERS  # the most a seat can gain on the others' average in a round (3 of 4 seats)


def search_reward(state: State, root: State) -> list[float]:
    """Each seat's ranks gained in the root's round less the others' average (what decides who is ahead: keeping
    the other side from going up is worth as much as going up), plus a little for its side's margin in the
    challenge score, scaled to [0, 1]."""
    assert isinstance(state, KingState) and isinstance(root, KingState)
    index = len(root.records)
    n = state.n
    if len(state.records) > index:
        record = state.records[index]
        gains = [a - b for a, b in zip(record.ranks_after, record.ranks_before, strict=True)]
        challenge = record.challenge
        defenders = {record.koth} if record.teammate is None else {record.koth, record.teammate}
    else:  # cut short: the points so far, as if the round ended here
        defenders = set(state.defenders())
        challenge = sum(p for s, p in enumerate(state.points) if s not in defenders)
        gains = [0] * n
    edge = max(-1.0, min(1.0, (80 - challenge) / 80))
    total = sum(gains)
    low, span = -_MOST - MARGIN, 2 * (_MOST + MARGIN)
    return [(g - (total - g) / (n - 1) + MARGIN * (edge if s in defenders else -edge) - low) / span
            for s, g in enumerate(gains)]


def search_rollout(state: State, rng: random.Random) -> Action:
    """The hard bot's playout policy: the rule bot's own move."""
    assert isinstance(state, KingState) and state.turn is not None
    return rule_action(state, state.turn)


def search_candidates(state: State, seat: int) -> Sequence[Action] | None:
    """The moves the search considers: a few burials (the rule bot's variants) and calls, and one play of each
    set of identical cards; None (every legal move) otherwise."""
    assert isinstance(state, KingState)
    phase = state.phase
    if phase == "bury":
        return [Bury(cards) for _, cards in burial_variants(state.hands[seat], state.order)[:BURIALS]]
    if phase == "call":
        return [a for _, a in call_options(state, seat)[:CALLS]] + [CALL_NONE]
    if phase == "play":
        plays = state.legal_plays(seat)
        seen: set[tuple[tuple[int, str, int], ...]] = set()
        out = []
        for p in plays:
            key = tuple(sorted(_FACE[c] for c in p.cards))
            if key not in seen:
                seen.add(key)
                out.append(p)
        return out
    return None


BURIALS = 4
CALLS = 3


OTHER_PLAY = 0.2  # the weight of a world for each play made this round that the rule bot would not have made
MOST_MISSES = 10  # plays replayed until a world is this unlikely
OTHER_DECLARER = 0.5  # the weight of a world in which a declarer's hand is weak in the suit it declared


def world_weight(world: State, seat: int) -> float:
    """How well a determinization fits what the other seats did in public, for players like the rule bot: every
    play of the round (`trick_history`) that the rule bot would have made from the world's hands, and each
    declarer holding a fair trump suit in the suit it declared (while it holds most of its cards)."""
    assert isinstance(world, KingState)
    weight = 1.0
    if world.phase != "declare" and world.trump_suit is not None:
        rank = world.trump_rank
        for declarer, suit, _, _ in world.declarations:
            hand = world.hands[declarer]
            if declarer != seat and len(hand) >= 15:
                if trump_strength(hand, rank, suit) < FINAL_DENSITY * len(hand):
                    weight *= OTHER_DECLARER
    if world.phase == "play":
        history = _history(world)
        if history is not None:
            weight *= OTHER_PLAY ** replay_mismatches(world, seat, history, MOST_MISSES)
    return weight


_HISTORIES: dict[tuple[Any, ...], list[Trick] | None] = {}


def _history(world: KingState) -> list[Trick] | None:
    """`trick_history`, read once per public position (every determinization of it has the same tricks)."""
    key = (world.koth, world.turn, tuple(map(tuple, world.won)), tuple(world.trick))
    found = _HISTORIES.get(key, _HISTORIES)
    if found is _HISTORIES:
        if len(_HISTORIES) > 16:
            _HISTORIES.clear()
        found = _HISTORIES[key] = trick_history(world)
    return found  # type: ignore[return-value]


def search_settings() -> dict[str, Any]:
    """How the hard bot searches King of the Hill: 250 playouts a decision (300 took a median of 1 s of processor
    time on a busy machine)."""
    return {"iterations": 250, "exploration": 0.1, "opponent_model": True, "particles": 128}


def arena_counts(state: State) -> dict[str, list[tuple[int, int]]]:
    """For `python -m cardtable.arena`: per seat, (rounds it went up in, rounds played) and (rounds as KotH,
    rounds played)."""
    assert isinstance(state, KingState)
    rows = state.records
    n = state.n
    return {
        "went up": [(sum(1 for r in rows if s in r.risers), len(rows)) for s in range(n)],
        "King of the Hill": [(sum(1 for r in rows if r.koth == s), len(rows)) for s in range(n)],
    }



# ----- the round's plays, read back from the tricks won --------------------------------------------------------


Trick = list[tuple[int, tuple[Card, ...]]]


def trick_history(state: KingState) -> list[Trick] | None:
    """The round's finished tricks in order, each as (seat, cards) plays from its leader, read back from the public
    tricks won: each seat's won cards are its tricks in order, and a trick's cards are in playing order from its
    leader, so the KotH leads the first and each trick's winner the next.  None if they cannot be read back."""
    koth = state.koth
    if koth is None or state.phase != "play":
        return None
    piles, n, order = state.won, state.n, state.order
    total = sum(len(p) for p in piles)
    if total % n:
        return None
    left = [total // n] * n  # every seat played as many cards as the others in the finished tricks
    at = [0] * n
    out: list[Trick] = []

    def read(leader: int) -> bool:
        if all(at[s] == len(piles[s]) for s in range(n)):
            return (not any(left) and leader == (state.leader if state.trick else state.turn)
                    and _shown(out, state) == (state.voids, state.nopair))
        for w in range(n):
            pile, start = piles[w], at[w]
            for width in (2, 1):
                end = start + width * n
                if end > len(pile) or left[0] < width:
                    continue
                chunk = pile[start:end]
                if width == 2 and _FACE[chunk[0]] != _FACE[chunk[1]]:
                    continue
                plays = [((leader + i) % n, tuple(chunk[width * i:width * i + width])) for i in range(n)]
                if winning_seat(plays, order.contend[order.suit_of[plays[0][1][0]]]) != w:
                    continue
                at[w] = end
                for s in range(n):
                    left[s] -= width
                out.append(plays)
                if read(w):
                    return True
                at[w] = start
                for s in range(n):
                    left[s] += width
                out.pop()
        return False

    return out if read(koth) else None


def _shown(history: list[Trick], state: KingState) -> tuple[list[int], list[int]]:
    """The voids and missing pairs these tricks and the trick on the table show (as `KingState` keeps them)."""
    n, suit_of = state.n, state.order.suit_of
    voids, nopair = [0] * n, [0] * n
    for plays in [*history, state.trick]:
        if not plays:
            continue
        first = plays[0][1]
        led = suit_of[first[0]]
        bit = _SUIT_BIT[led]
        for s, cards in plays[1:]:
            following = sum(1 for c in cards if suit_of[c] == led)
            if following < len(cards):
                voids[s] |= bit
            elif len(cards) == 2 and _FACE[cards[0]] != _FACE[cards[1]]:
                nopair[s] |= bit
    return voids, nopair


def replay_mismatches(world: KingState, seat: int, history: list[Trick], limit: int) -> int:
    """How many of the other seats' plays this round (the finished tricks, then the trick on the table) the rule
    bot would not have made from the world's hands, replaying the round from its first trick (up to `limit`)."""
    n = world.n
    o = world.clone()
    played: list[list[Card]] = [[] for _ in range(n)]
    for plays in [*history, world.trick]:
        for s, cards in plays:
            played[s].extend(cards)
    for s in range(n):
        o.hands[s] = o.hands[s] + played[s]
        o.order.sort(o.hands[s])
    o.won = [[] for _ in range(n)]
    o.points = [0] * n
    o.trick, o.led_suit, o.led_count = [], None, 0
    o.voids, o.nopair = [0] * n, [0] * n
    o.teammate, o.koth_played_called = None, 0
    o.last_trick, o.last_winner = (), None
    assert world.koth is not None  # a round in play has its king of the hill
    o.leader = o.turn = world.koth
    o._legal = None
    missed = 0
    for plays in [*history, world.trick]:
        for s, cards in plays:
            if s != seat:
                chosen = choose_play(o, s).play.cards
                if sorted(_FACE[c] for c in chosen) != sorted(_FACE[c] for c in cards):
                    missed += 1
                    if missed >= limit:
                        return missed
            try:
                o.apply(PLAY[cards[0]] if len(cards) == 1 else play_two(*cards), record=False)
            except Exception:  # noqa: BLE001 - a world the plays cannot have come from
                return limit
    return missed
