"""Cat Te (Six Cards): pure rules (see shared rules/cat-te.md and seed 003).

Seats are 0..n-1 and clockwise is +1, so the dealer's left is the next seat still in the session.  The rules write no
words for the person: events, refusals and results are data, which the game's narration says.

A game is a session of rounds played for chips.  Each round: the stakes (the ante, and the side-pot chip when the
side pot is on) go in, six cards are dealt to each seat still in the session (from the state's own generator,
seeded per round), the side pot's card is turned up, instant wins are checked, then up to six tricks.  Between
rounds the next dealer (the round's winner) chooses `DealAgain` or `Stop`.

Every card a seat plays stays on that seat's played pile for the whole round, face up or face down, one card per
trick (pile index i is trick i + 1).  A trick is complete when every seat still playing has played to it.

Actions: `Play(card)` (face up), `Fold(card)` (face down, can never win), `ChooseRegion(region)` (before the first
card of a round), `ClaimSidePot()`, `DealAgain()`, `Stop()`.  Phases: "play" (the tricks), "between" (the round is
over; the next dealer deals again or stops), "over" (the session is over).

Zones (for events and the table): hand0.., played0.. (each seat's played pile), deck (the cards not in play),
side (the side pot's turned card), pot, chips0.. (each seat's chips).  Events (`EventKind`, data only: the
game's narration says them): "move" (cards between zones; a card put on a played pile has value "up", "down" for a
fold, or "hidden" for a fifth-trick follower's card, play or fold unseen), "chips" (the stakes put in: value
{"ante", "pot"[, "side_pot"]}), "dealer" (the seat that deals), "deal", "lead" (the seat to lead the round),
"instant" (an instant winner's hand shown: value its kind), "claim" (the side pot claimed: the card, value the
amount), "region", "flip" (the fifth trick turned over, with a beat), "trick" (its winner, with a beat), "out" (a
seat eliminated from the round, value "eliminated", or gone from the session, value "left"), "win" (the round's
winner: value {"how", "pot", "double", "players"}, with a beat), "shuffle", "over" (value {"winners", "chips"}).
Every beat carries the engine's snapshot of the table as it is shown then (nobody to act).

Readings
--------
Where the rules file leaves a choice open, this engine reads it so:

- Region: the default is Khmer (the seed lists it first).  The region is the table's: the seat to lead the first
  trick (the dealer) may change it, as often as it likes, until the first card of the round is played; the new
  region holds for the following rounds too.
- Instant wins: with the option off there are none at all (the seed's "four aces always win" is not in the rules
  file).  A hand of several kinds is named by the first of four of a kind, six of one suit, six low cards.  The
  instant winner's hand is shown to everyone; it takes the pot (never double).
- Folding: the leader never folds (the leader always plays face up).  Anyone else may fold in any trick, the fifth
  and sixth included.  A folded card stays face down, seen by its owner only, for the whole round.
- Must beat: "the best card so far" is the highest face-up card of the led suit already in the trick.  In the sixth
  trick every player holds one card, so must-beat never narrows the choice there.
- The sixth trick: a face-up card of another suit is a legal play, but it cannot win.
- The fifth trick (Laos, Vietnamese): each follower's choice (play or fold) is as hidden as its card until the
  turn-over; then the played cards turn face up together and the folded ones stay face down.
- The sweep: "won all four tricks" is all four of the round's first tricks.  "4 or more players at the deal" counts
  the seats dealt in this round.  The double is paid by every other seat dealt in: one more ante each, or all they
  have if less.
- Elimination: an eliminated seat keeps its last two cards, hidden, and does not act again in the round (it can
  no longer claim the side pot either).
- Stakes: before each deal, a seat that cannot pay the whole stake (the ante, plus the side-pot chip when the side
  pot is on) drops out of the session for good, keeping what it has.  "Only one player has chips" is read as
  fewer than two seats able to pay the stake; this is checked as soon as a round ends, and ends the session.
- Stopping: between rounds the next dealer (the round's winner) chooses to deal again or to stop the session.
  The table may also agree on a length beforehand (the rounds option, "until the players stop" by default): the
  session then ends by itself after that many rounds, as if the players had stopped.
- Side pot: the turned card is the first card left after the deal.  The claim belongs to the seat dealt the card
  one rank higher in the same suit (a king's is the ace; an ace has none).  That seat may claim at any of its turns
  while the round's tricks are played, before or after playing the card; claiming shows the card and pays the side
  pot at once.  Not claimed (an instant win, an elimination, or forgetting): it carries over.  A side pot still
  unclaimed when the session ends stays unwon.
- Standings: the result's scores are the chips won (or lost, negative) since the start; the winners of a finished
  session are the seats holding the most chips.

Hidden information and `determinize`
------------------------------------
A seat sees its own hand, its own folded cards, every face-up card, the turned side card, the instant winner's
hand and who claimed the side pot (with the claimed card).  It does not see the other hands, the other seats'
folded cards, the other followers' fifth-trick cards before the turn-over, or the undealt cards.

Folding proves nothing (it is always allowed, and a player without the led suit must fold), so a fold shows no
void.  Must-beat does show something: a face-up card of the led suit that does not beat the best card so far
shows that its player held no card of the led suit above that best card (must-beat on).  `determinize` respects
that for every card the seat held then: its hand and the cards it folded later.  A claimed card stays with its
claimant.  Each resampled hidden fifth-trick card counts as played face up when that would have been legal, and as
folded otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from cardtable.core.cards import SUITS, Card, alternating_suits, standard_deck
from cardtable.core.dealing import deal
from cardtable.core.engine import Action, Event, IllegalAction, Result, Rules, Snapshot, State, new_seed
from cardtable.core.tricks import ace_high, contention, printed_suit, winning_face_up
from cardtable.core.words import Seated
from cardtable.games.cat_te import INFO, REGION_NAMES, REGIONS

HAND = 6
LAST_TRICK = 6
SWEEP = 4  # Laos and Vietnamese: the tricks after which a sweep wins or the trickless are eliminated
FACE_DOWN_TRICK = 5
DOUBLE_FROM = 4  # players at the deal from which a sweep is paid double
SIDE_STAKE = 1
LOW = 5  # instant win: six cards of this rank or lower, ace low
ACE_HIGH = 14
FOUR_OF_A_KIND, ONE_SUIT, LOW_HAND = "four of a kind", "six of one suit", "six low cards"
TRICK_HOLD = 1.0
REVEAL_HOLD = 1.5
ROUND_HOLD = 1.0

_DECK = tuple(standard_deck())
_DECK_SET = frozenset(_DECK)
STRENGTH: dict[Card, int] = {c: ace_high(c) for c in _DECK}
_SORT_SUITS = alternating_suits()
_SORT_KEY = {c: _SORT_SUITS[c.suit] * 20 - STRENGTH[c] for c in _DECK}
#: How a hand is sorted: by suit in alternating colours, high cards first.
hand_order = _SORT_KEY.__getitem__
# Per led suit: how strongly each card contends for the trick (no trump: only the led suit).
_TRICK_KEY = {led: contention(_DECK, led, suit_of=printed_suit, rank_of=STRENGTH.__getitem__) for led in SUITS}


def instant_win(hand: Sequence[Card]) -> str | None:
    """The instant win a dealt hand of six holds (four of a kind, six of one suit, six cards of rank 5 or lower with
    the ace low), or None."""
    if len(hand) != HAND:
        return None
    ranks = sorted([card.rank for card in hand])  # card.rank: the ace is 1, low
    if ranks[0] == ranks[3] or ranks[1] == ranks[4] or ranks[2] == ranks[5]:
        return FOUR_OF_A_KIND
    suit = hand[0].suit
    if all(card.suit == suit for card in hand):
        return ONE_SUIT
    if ranks[5] <= LOW:
        return LOW_HAND
    return None


def _draw(rng: random.Random, count: int) -> list[Card]:
    """The deck with its first `count` cards drawn at random (the top of a shuffle); the rest in deck order."""
    cards = list(_DECK)
    getrandbits = rng.getrandbits
    size = len(cards)
    for i in range(count):
        span = size - i
        bits = span.bit_length()
        j = getrandbits(bits)
        while j >= span:
            j = getrandbits(bits)
        j += i
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def claim_card(turned: Card) -> Card | None:
    """The card that claims the side pot when `turned` is turned up: same suit, one rank higher (none for an ace)."""
    strength = STRENGTH[turned]
    if strength == ACE_HIGH:
        return None
    higher = strength + 1
    return Card(1 if higher == ACE_HIGH else higher, turned.suit)


# ----- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Play(Action):
    """Play a card face up: lead it, follow the led suit with it, or (sixth trick) play it whatever its suit."""

    card: Card


@dataclass(frozen=True)
class Fold(Action):
    """Fold: play a card face down; a folded card can never win the trick."""

    card: Card


@dataclass(frozen=True)
class ChooseRegion(Action):
    """Change the table's region (before the first card of a round is played)."""

    region: str


@dataclass(frozen=True)
class ClaimSidePot(Action):
    """Show the card one rank above the turned card and take the side pot."""


@dataclass(frozen=True)
class DealAgain(Action):
    """Between rounds: play another round (the round's winner deals)."""


@dataclass(frozen=True)
class Stop(Action):
    """Between rounds: end the session."""



# Shared action objects: legal_actions allocates no actions.
PLAY: dict[Card, Play] = {c: Play(c) for c in _DECK}
FOLD: dict[Card, Fold] = {c: Fold(c) for c in _DECK}
REGION: dict[str, ChooseRegion] = {r: ChooseRegion(r) for r in REGIONS}
CLAIM = ClaimSidePot()
DEAL_AGAIN = DealAgain()
STOP = Stop()
_BETWEEN = (DEAL_AGAIN, STOP)
_OTHER_REGIONS = {r: [REGION[o] for o in REGIONS if o != r] for r in REGIONS}

EventKind = Literal["move", "chips", "dealer", "deal", "lead", "instant", "claim", "region", "flip", "trick", "out",
                    "win", "shuffle", "over"]


@dataclass(frozen=True)
class RoundRecord:
    """What a finished round leaves behind: one row of the session's sheet.

    how: "instant" (an instant win, `hand` names it), "sweep" (Laos and Vietnamese: all of the first four tricks)
    or "last trick"; pot: the main pot the winner took; double: the extra antes paid for a sweep; tricks: per
    seat; side_claim and side_amount: who took the side pot this round, and how much; chips: per seat, after."""

    number: int
    dealer: int
    region: str
    seats: tuple[int, ...]
    winner: int
    how: str
    hand: str | None
    pot: int
    double: int
    eliminated: tuple[int, ...]
    tricks: tuple[int, ...]
    side_card: Card | None
    side_claim: int | None
    side_amount: int
    chips: tuple[int, ...]


# ----- the state ---------------------------------------------------------------------------------------


class CatTeState(State):
    """A session of Cat Te in progress (see the module docstring)."""

    __slots__ = (
        "turn", "n", "options", "seed", "region", "elimination", "instant_wins", "must_beat", "start_chips",
        "ante", "side_on", "chips", "pot", "side_pot", "out", "dealer", "round", "records", "phase",
        "dealt", "hands", "deck", "piles", "trick", "trick_no", "leader", "led", "best", "face_down", "won",
        "trick_winners", "eliminated", "next_of", "playing", "limits", "side_card", "side_holder", "side_claim",
        "side_amount", "instant", "round_winner", "last_trick", "last_winner", "rounds",
    )

    def __init__(self, players: int, options: Mapping[str, Any], seed: int, copy_of: CatTeState | None = None
                 ) -> None:
        """A new session (its first round not dealt yet), or, given `copy_of`, an independent copy of that one."""
        if copy_of is not None:
            self._copy(copy_of)
            return
        n = self.n = players
        self.options = dict(options)
        self.seed = seed
        self.region: str = options["region"]
        self.elimination = self.region != "khmer"
        self.instant_wins = bool(options["instant_wins"])
        self.must_beat = bool(options["must_beat"])
        self.start_chips: int = options["chips"]
        self.ante: int = options["ante"]
        self.side_on = bool(options["side_pot"])
        self.rounds: int = options.get("rounds", 0)  # 0: until the players stop
        self.chips = [self.start_chips] * n
        self.pot = 0
        self.side_pot = 0
        self.out = [False] * n  # dropped out of the session
        self.dealer = 0
        self.round = 0  # rounds dealt so far
        self.records: list[RoundRecord] = []
        self.turn: int | None = None
        self.phase = "play"
        self._clear_round([[] for _ in range(n)], [])

    def _clear_round(self, hands: list[list[Card]], rest: list[Card]) -> None:
        n = self.n
        self.hands = hands
        self.deck = rest
        self.dealt = [bool(h) for h in hands]
        self.piles: list[list[tuple[Card, bool]]] = [[] for _ in range(n)]
        self.trick: list[tuple[int, Card, bool]] = []
        self.trick_no = 1
        self.leader = self.dealer
        self.led: str | None = None
        self.best = 0  # strength of the best face-up card of the led suit in the trick (as the followers see it)
        self.face_down = False  # the fifth trick of Laos and Vietnamese: followers' cards hidden until turned
        self.won = [0] * n
        self.trick_winners: list[int] = []
        self.eliminated = [False] * n
        #: Per seat: (pile index of the face-up card, led suit, highest strength it may still hold), from must-beat.
        self.limits: list[list[tuple[int, str, int]]] = [[] for _ in range(n)]
        self.side_card: Card | None = None
        self.side_holder: int | None = None
        self.side_claim: int | None = None
        self.side_amount = 0
        self.instant: tuple[int, str] | None = None
        self.round_winner: int | None = None
        self.last_trick: tuple[tuple[int, Card, bool], ...] = ()
        self.last_winner: int | None = None
        self._link()

    def _link(self) -> None:
        """Turn order among the seats still playing this round: dealt in and not eliminated."""
        n = self.n
        active = [s for s in range(n) if self.dealt[s] and not self.eliminated[s]]
        following = [-1] * n
        for i, s in enumerate(active):
            following[s] = active[(i + 1) % len(active)]
        self.next_of = following
        self.playing = len(active)

    @property
    def stake(self) -> int:
        """What a seat puts in before each deal: the ante, and the side-pot chip when the side pot is on."""
        return self.ante + (SIDE_STAKE if self.side_on else 0)

    # ----- dealing ----------------------------------------------------------------------------------
    def _deal(self, events: list[Event] | None) -> None:
        """Drop out the seats that cannot pay, take the stakes, deal a round and open it (`events`: the record, or
        None when not recording)."""
        n = self.n
        stake = self.stake
        for s in range(n):
            if not self.out[s] and self.chips[s] < stake:
                self.out[s] = True
                if events is not None:
                    events.append(Event("out", seat=s, value="left"))
        seats = [(self.dealer + k) % n for k in range(1, n + 1)]
        seats = [s for s in seats if not self.out[s]]
        for s in seats:
            self.chips[s] -= stake
        self.pot += self.ante * len(seats)
        if self.side_on:
            self.side_pot += SIDE_STAKE * len(seats)
        self.round += 1
        m = len(seats)
        cards = _draw(random.Random((self.seed << 20) + self.round), m * HAND + 1)
        hands: list[list[Card]] = [[] for _ in range(n)]
        for k, s in enumerate(seats):
            hands[s] = cards[k: m * HAND: m]
        if events is not None:
            stakes = {"ante": self.ante, "pot": self.pot}
            if self.side_on:
                stakes["side_pot"] = self.side_pot
            events.append(Event("chips", dst="pot", value=stakes))
            events.append(Event("dealer", seat=self.dealer))
            events += [Event("deal", src="deck", dst=f"hand{s}", seat=s, value=HAND) for s in seats]
        self._open_round(hands, cards[m * HAND:], events)

    def _open_round(self, hands: list[list[Card]], rest: list[Card], events: list[Event] | None) -> None:
        """Start the round with these hands (empty for a seat not dealt in) and undealt cards: turn up the side
        card, check the instant wins, and give the dealer the lead."""
        key = _SORT_KEY.__getitem__
        for hand in hands:
            hand.sort(key=key)
        self._clear_round(hands, rest)
        self.phase = "play"
        if self.side_on and rest:
            card = self.side_card = rest.pop(0)
            target = claim_card(card)
            self.side_holder = next((s for s in range(self.n) if target in hands[s]), None)
            if events is not None:
                events.append(Event("move", (card,), "deck", "side", value=self.side_pot))
        if self.instant_wins:
            n = self.n
            for k in range(1, n + 1):
                s = (self.dealer + k) % n
                if hands[s]:
                    kind = instant_win(hands[s])
                    if kind is not None:
                        self.instant = (s, kind)
                        if events is not None:
                            events.append(Event("instant", tuple(hands[s]), seat=s, value=kind, hold=ROUND_HOLD,
                                                snapshot=self._beat()))
                        self._end_round(s, "instant", events)
                        return
        self.leader = self.turn = self.dealer
        if events is not None:
            events.append(Event("lead", seat=self.dealer))

    def _collect(self, events: list[Event] | None) -> None:
        """Gather the finished round's cards back into the deck (nothing to do but say it: the next deal starts
        from the whole deck)."""
        if events is None:
            return
        for s in range(self.n):
            if self.piles[s]:
                events.append(Event("move", tuple(c for c, _ in self.piles[s]), f"played{s}", "deck", s))
            if self.hands[s]:
                events.append(Event("move", tuple(self.hands[s]), f"hand{s}", "deck", s))
        if self.side_card is not None:
            events.append(Event("move", (self.side_card,), "side", "deck"))
        events.append(Event("shuffle", src="deck"))

    def _beat(self) -> Snapshot:
        """The table as a beat shows it: as it stands now, nobody to act."""
        turn, self.turn = self.turn, None
        try:
            return Snapshot(self)
        finally:
            self.turn = turn

    # ----- legality ---------------------------------------------------------------------------------
    def can_claim(self, seat: int | None) -> bool:
        """Whether `seat` may still claim the side pot this round (on one of its turns while the tricks are
        played)."""
        return seat is not None and seat == self.side_holder and self.side_claim is None and \
            self.phase == "play" and not self.eliminated[seat]

    def legal_plays(self) -> list[Card]:
        """The cards the seat to act may play face up."""
        seat = self.turn
        if seat is None or self.phase != "play":
            return []
        hand = self.hands[seat]
        if not self.trick or self.trick_no == LAST_TRICK:
            return list(hand)
        led = self.led
        following = [c for c in hand if c.suit == led]
        if following and self.must_beat:
            best = self.best
            beating = [c for c in following if STRENGTH[c] > best]
            if beating:
                return beating
        return following

    def legal_folds(self) -> list[Card]:
        """The cards the seat to act may fold: any card, unless it leads."""
        seat = self.turn
        if seat is None or self.phase != "play" or not self.trick:
            return []
        return list(self.hands[seat])

    def legal_regions(self) -> list[str]:
        """The regions the seat to act may switch to: any other, before the round's first card is played."""
        if self.turn is None or self.phase != "play" or self.trick_no != 1 or self.trick:
            return []
        return [r for r in REGIONS if r != self.region]

    def legal_actions(self) -> list[Action]:
        seat = self.turn
        if seat is None:
            return []
        if self.phase != "play":
            return list(_BETWEEN)
        hand = self.hands[seat]
        if not self.trick:
            actions: list[Action] = [PLAY[c] for c in hand]
            if self.trick_no == 1:
                actions += _OTHER_REGIONS[self.region]
        else:
            if self.trick_no == LAST_TRICK:
                actions = [PLAY[c] for c in hand]
            else:
                led = self.led
                actions = [PLAY[c] for c in hand if c.suit == led]
                if actions and self.must_beat:
                    best = self.best
                    beating = [a for a in actions if STRENGTH[a.card] > best]  # type: ignore[attr-defined]
                    if beating:
                        actions = beating
            actions += [FOLD[c] for c in hand]
        if seat == self.side_holder and self.side_claim is None:
            actions.append(CLAIM)
        return actions

    def _may_play(self, seat: int, card: Card) -> bool:
        """Whether `seat`, holding `card`, may play it face up now (`legal_plays` without the list)."""
        if not self.trick or self.trick_no == LAST_TRICK:
            return True
        led = self.led
        if card.suit != led:
            return False
        if not self.must_beat:
            return True
        best = self.best
        return STRENGTH[card] > best or not any(c.suit == led and STRENGTH[c] > best for c in self.hands[seat])

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why `action` is illegal now (a reason code and its particulars), or None if it is legal: the one
        predicate of legality (`legal_actions` lists exactly the actions it lets through)."""
        seat = self.turn
        cls = type(action)
        if seat is not None and self.phase == "play" and (cls is Play or cls is Fold):
            card = action.card  # type: ignore[attr-defined]
            if type(card) is Card and card in self.hands[seat]:
                if cls is Fold:
                    return None if self.trick else IllegalAction("leader_cannot_fold", player=Seated(seat))
                if self._may_play(seat, card):
                    return None
                return self._not_playable(seat, card)
        if seat is None:
            return IllegalAction("session_over")
        if cls is DealAgain or cls is Stop:
            return None if self.phase == "between" else IllegalAction("round_not_over")
        if cls not in (Play, Fold, ChooseRegion, ClaimSidePot):
            return IllegalAction("not_an_action", action=repr(action))
        if self.phase != "play":
            return IllegalAction("round_over", player=Seated(seat))
        if cls is ChooseRegion:
            region = action.region  # type: ignore[attr-defined]
            if region not in REGIONS:
                return IllegalAction("no_such_region", region=region, regions=REGIONS)
            if self.trick_no != 1 or self.trick:
                return IllegalAction("region_locked")
            if region == self.region:
                return IllegalAction("region_already", region=region)
            return None
        if cls is ClaimSidePot:
            if not self.side_on:
                return IllegalAction("no_side_pot")
            if self.side_claim is not None:
                return IllegalAction("side_pot_claimed", player=Seated(self.side_claim))
            target = claim_card(self.side_card) if self.side_card is not None else None
            if target is None:
                return IllegalAction("side_pot_ace")
            if seat != self.side_holder:
                return IllegalAction("not_side_holder", card=target)
            return None
        card = action.card  # type: ignore[attr-defined]
        return IllegalAction("not_in_hand", player=Seated(seat), card=card if type(card) is Card else repr(card))

    def _not_playable(self, seat: int, card: Card) -> IllegalAction:
        """Why `seat` may not play `card` (held, not playable face up now): no card of the led suit, another
        suit, or must-beat."""
        led = self.led
        assert led is not None
        if not any(c.suit == led for c in self.hands[seat]):
            return IllegalAction("must_fold", player=Seated(seat), suit=led)
        if card.suit != led:
            return IllegalAction("must_follow", card=card, suit=led)
        best = next(c for _, c, up in self.trick if up and c.suit == led and STRENGTH[c] == self.best)
        return IllegalAction("must_beat", player=Seated(seat), card=card, best=best, suit=led)

    def reason(self, action: Action) -> IllegalAction | None:
        """Why `action` is illegal now, or None if it is legal (`refusal`)."""
        return self.refusal(action)

    # ----- applying ---------------------------------------------------------------------------------
    def apply(self, action: Action, record: bool = True) -> list[Event]:
        refused = self.refusal(action)
        if refused is not None:
            raise refused
        seat = self.turn
        assert seat is not None
        events: list[Event] | None = [] if record else None
        cls = type(action)
        if cls is Play or cls is Fold:
            self._place(seat, action.card, cls is Play, events)  # type: ignore[attr-defined]
        elif cls is ChooseRegion:
            self.region = action.region  # type: ignore[attr-defined]
            self.elimination = self.region != "khmer"
            if events is not None:
                events.append(Event("region", seat=seat, value=self.region))
        elif cls is ClaimSidePot:
            self._claim(seat, events)
        elif cls is DealAgain:
            self._collect(events)
            self._deal(events)
        else:
            self.turn = None
            self.phase = "over"
            if events is not None:
                events.append(self._over())
        return events if events is not None else []

    def _over(self) -> Event:
        """The end of the session: the winners and their chips."""
        top = max(self.chips)
        return Event("over", value={"winners": tuple(s for s in range(self.n) if self.chips[s] == top),
                                    "chips": top})

    def _claim(self, seat: int, events: list[Event] | None) -> None:
        amount = self.side_pot
        self.chips[seat] += amount
        self.side_pot = 0
        self.side_claim = seat
        self.side_amount = amount
        if events is not None:
            target = claim_card(self.side_card)  # type: ignore[arg-type]
            assert target is not None
            events.append(Event("claim", (target,), "pot", f"chips{seat}", seat, value=amount))

    def _place(self, seat: int, card: Card, up: bool, events: list[Event] | None) -> None:
        """Put `card` from `seat`'s hand on its played pile and the trick; settle the trick when it is complete."""
        hand = self.hands[seat]
        hand.remove(card)
        pile = self.piles[seat]
        trick = self.trick
        if not trick:
            self.led = card.suit
            self.best = STRENGTH[card]
            face = "up"
        elif self.face_down:
            face = "hidden"
        else:
            face = "up" if up else "down"
            if up and card.suit == self.led:
                strength = STRENGTH[card]
                if strength > self.best:
                    self.best = strength
                elif self.must_beat and hand:
                    self.limits[seat].append((len(pile), card.suit, self.best - 1))
        pile.append((card, up))
        trick.append((seat, card, up))
        if events is not None:
            events.append(Event("move", (card,), f"hand{seat}", f"played{seat}", seat, value=face))
        if len(trick) < self.playing:
            self.turn = self.next_of[seat]
            return
        self._end_trick(events)

    def _end_trick(self, events: list[Event] | None) -> None:
        trick = self.trick
        leader_card = trick[0][1]
        if self.face_down:
            if events is not None:  # the beat before the turn-over: the whole trick still face down
                shown = tuple(c for _, c, up in trick[1:] if up)
                events.append(Event("flip", shown, value=FACE_DOWN_TRICK, hold=REVEAL_HOLD, snapshot=self._beat()))
            lead = STRENGTH[leader_card]
            if self.must_beat:
                for s, c, up in trick[1:]:
                    if up and STRENGTH[c] < lead and self.hands[s]:
                        self.limits[s].append((len(self.piles[s]) - 1, c.suit, lead - 1))
            self.face_down = False
        # The highest card of the led suit played face up (the lead is never folded).
        winner, top, _ = winning_face_up(trick, _TRICK_KEY[leader_card.suit])
        number = self.trick_no
        self.won[winner] += 1
        self.trick_winners.append(winner)
        self.last_trick = tuple(trick)
        self.last_winner = winner
        if events is not None:  # the beat: the full trick, its winner's card marked
            events.append(Event("trick", (top,), seat=winner, value=number, hold=TRICK_HOLD, snapshot=self._beat()))
        self.trick = []
        self.led = None
        if number == LAST_TRICK:
            self._end_round(winner, "last trick", events)
            return
        if number == SWEEP and self.elimination:
            if self.won[winner] == SWEEP:
                self._end_round(winner, "sweep", events)
                return
            for s in range(self.n):
                if self.dealt[s] and not self.won[s]:
                    self.eliminated[s] = True
                    if events is not None:
                        events.append(Event("out", seat=s, value="eliminated"))
            self._link()
        self.trick_no = number + 1
        self.face_down = self.elimination and self.trick_no == FACE_DOWN_TRICK
        self.leader = self.turn = winner

    def _end_round(self, winner: int, how: str, events: list[Event] | None) -> None:
        n = self.n
        chips = self.chips
        pot = self.pot
        chips[winner] += pot
        self.pot = 0
        seats = tuple(s for s in range(n) if self.dealt[s])
        double = 0
        if how == "sweep" and len(seats) >= DOUBLE_FROM:
            for s in seats:
                if s != winner:
                    pay = min(self.ante, chips[s])
                    chips[s] -= pay
                    double += pay
            chips[winner] += double
        self.round_winner = winner
        self.records.append(RoundRecord(
            number=self.round, dealer=self.dealer, region=self.region, seats=seats, winner=winner, how=how,
            hand=self.instant[1] if self.instant else None, pot=pot, double=double,
            eliminated=tuple(s for s in range(n) if self.eliminated[s]), tricks=tuple(self.won),
            side_card=self.side_card, side_claim=self.side_claim, side_amount=self.side_amount,
            chips=tuple(chips)))
        if events is not None:  # the beat: the round won and paid
            events.append(Event("win", seat=winner, dst=f"chips{winner}", hold=ROUND_HOLD, snapshot=self._beat(),
                                value={"how": how, "pot": pot, "double": double, "players": len(seats)}))
        self.dealer = winner
        stake = self.stake
        if self.rounds and len(self.records) >= self.rounds:
            self.turn = None
            self.phase = "over"
            if events is not None:
                events.append(self._over())
            return
        if sum(1 for s in range(n) if not self.out[s] and chips[s] >= stake) < 2:
            for s in range(n):
                if chips[s] < stake:
                    self.out[s] = True
            self.turn = None
            self.phase = "over"
            if events is not None:
                events.append(self._over())
            return
        self.phase = "between"
        self.turn = winner

    # ----- results ------------------------------------------------------------------------------------
    def net(self) -> list[int]:
        """Chips won (positive) or lost (negative) per seat since the start of the session."""
        return [c - self.start_chips for c in self.chips]

    def result(self) -> Result:
        """The chips won and lost per seat are the scores (every table lists them).  `values`: "rounds" (the
        rounds played), "chips" (each seat's), "net" (won or lost), "over" (False: the standings of a session in
        progress); the narration says them."""
        chips = self.chips
        net = self.net()
        over = self.turn is None
        top = max(chips)
        winners = [s for s in range(self.n) if chips[s] == top] if over else []
        values = {"rounds": len(self.records), "chips": tuple(chips), "net": tuple(net), "over": over}
        return Result([float(x) for x in net], winners, values=values)

    # ----- views --------------------------------------------------------------------------------------
    def _pending(self, owner: int, index: int) -> bool:
        """Whether `owner`'s pile entry `index` is a fifth-trick follower's card not turned over yet."""
        return self.face_down and index == FACE_DOWN_TRICK - 1 and owner != self.leader

    def _hidden(self, owner: int, index: int, up: bool, seat: int | None) -> bool:
        """Whether `seat` cannot see the card of `owner`'s pile entry `index`."""
        return owner != seat and (not up or self._pending(owner, index))

    def _entry(self, owner: int, index: int, card: Card, up: bool, seat: int | None) -> dict[str, Any]:
        """A played card as `seat` sees it: the card (None if hidden), whether it lies face up, its trick, and
        whether it was folded (None while that is hidden too)."""
        pending = self._pending(owner, index)
        mine = owner == seat
        return {"card": card if mine or (up and not pending) else None, "face_up": up and not pending,
                "trick": index + 1, "folded": not up if mine or not pending else None}

    def _last_trick(self, seat: int | None) -> list[dict[str, Any]]:
        """The round's last completed trick as `seat` saw it, from the piles (a determinized copy's are its own)."""
        index = len(self.trick_winners) - 1
        if index < 0:
            return []
        return [{"seat": s, **self._entry(s, index, *self.piles[s][index], seat)} for s, _, _ in self.last_trick]

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see.  Per seat: "hands" (None for a hidden card), "played" (the pile, one entry per
        trick: card or None, face_up, trick, folded or None), "tricks_won", "dealt", "eliminated", "out", "chips",
        "net".  The round: "phase", "turn", "dealer", "leader", "round", "rounds" (the session's length, 0: until
        stopped), "trick" (1-6), "led_suit", "face_down_trick", "current" (the trick's entries with their seats),
        "trick_winners", "last_winner", "last_trick" (the last completed trick of the round: its entries with their
        seats, in the order played),
        "region", "region_name", "region_changeable", "pot", "side_pot" (None when off), "side_card",
        "side_claim_card", "side_claim", "can_claim", "instant", "round_winner".  The session: "sheet" (a row per
        round), "ante", "options".  "legal" (the seat to act only): play, fold, regions, claim,
        deal_again, stop."""
        n = self.n
        shown = self.instant[0] if self.instant else None
        hands = [list(h) if s == seat or s == shown else [None] * len(h) for s, h in enumerate(self.hands)]
        index = self.trick_no - 1
        legal: dict[str, Any] | None = None
        if seat is not None and seat == self.turn:
            between = self.phase == "between"
            legal = {"play": self.legal_plays(), "fold": self.legal_folds(), "regions": self.legal_regions(),
                     "claim": self.can_claim(seat), "deal_again": between, "stop": between}
        target = claim_card(self.side_card) if self.side_card is not None else None
        return {
            "players": n,
            "seat": seat,
            "phase": self.phase,
            "turn": self.turn,
            "dealer": self.dealer,
            "leader": self.leader if self.phase == "play" else None,
            "region": self.region,
            "region_name": REGION_NAMES[self.region],
            "regions": list(REGIONS),
            "region_changeable": bool(self.legal_regions()),
            "round": self.round,
            "rounds": self.rounds,
            "trick": self.trick_no if self.phase == "play" else None,
            "led_suit": self.led,
            "face_down_trick": self.face_down,
            "hands": hands,
            "played": [[self._entry(s, i, c, up, seat) for i, (c, up) in enumerate(pile)]
                       for s, pile in enumerate(self.piles)],
            "current": [{"seat": s, **self._entry(s, index, c, up, seat)} for s, c, up in self.trick],
            "tricks_won": list(self.won),
            "trick_winners": list(self.trick_winners),
            "last_winner": self.last_winner,
            "last_trick": self._last_trick(seat),
            "dealt": list(self.dealt),
            "eliminated": list(self.eliminated),
            "out": list(self.out),
            "chips": list(self.chips),
            "net": self.net(),
            "pot": self.pot,
            "ante": self.ante,
            "side_pot": self.side_pot if self.side_on else None,
            "side_card": self.side_card,
            "side_claim_card": target,
            "side_claim": self.side_claim,
            "can_claim": self.can_claim(seat),
            "instant": {"seat": shown, "kind": self.instant[1]} if self.instant else None,
            "round_winner": self.round_winner,
            "legal": legal,
            "sheet": [dict(vars(r)) for r in self.records],
            "options": dict(self.options),
        }

    # ----- copies -------------------------------------------------------------------------------------
    def every_card(self) -> list[Card]:
        """Every card of the round's deck: hands, played piles (the trick's cards lie on them too), the undealt
        cards and the side card (each round deals the whole deck again)."""
        cards = [c for hand in self.hands for c in hand] + [c for pile in self.piles for c, _ in pile] + self.deck
        if self.side_card is not None:
            cards.append(self.side_card)
        return cards

    def clone(self) -> CatTeState:
        return CatTeState(self.n, self.options, self.seed, copy_of=self)

    def _copy(self, o: CatTeState) -> None:
        """Become a copy of `o`: its scalars and shared immutables, and copies of its mutable parts."""
        self.turn = o.turn
        self.n = o.n
        self.options = o.options
        self.seed = o.seed
        self.region = o.region
        self.elimination = o.elimination
        self.instant_wins = o.instant_wins
        self.must_beat = o.must_beat
        self.start_chips = o.start_chips
        self.ante = o.ante
        self.side_on = o.side_on
        self.rounds = o.rounds
        self.chips = o.chips[:]
        self.pot = o.pot
        self.side_pot = o.side_pot
        self.out = o.out[:]
        self.dealer = o.dealer
        self.round = o.round
        self.records = o.records[:]
        self.phase = o.phase
        self.dealt = o.dealt[:]
        self.hands = [h[:] for h in o.hands]
        self.deck = o.deck[:]
        self.piles = [p[:] for p in o.piles]
        self.trick = o.trick[:]
        self.trick_no = o.trick_no
        self.leader = o.leader
        self.led = o.led
        self.best = o.best
        self.face_down = o.face_down
        self.won = o.won[:]
        self.trick_winners = o.trick_winners[:]
        self.eliminated = o.eliminated[:]
        self.next_of = o.next_of[:]
        self.playing = o.playing
        self.limits = [x[:] for x in o.limits]
        self.side_card = o.side_card
        self.side_holder = o.side_holder
        self.side_claim = o.side_claim
        self.side_amount = o.side_amount
        self.instant = o.instant
        self.round_winner = o.round_winner
        self.last_trick = o.last_trick
        self.last_winner = o.last_winner

    def _ceiling(self, seat: int, index: int | None) -> dict[str, int] | None:
        """Per suit, the highest strength a hidden card of `seat` may have: its hand (`index` None) or its pile
        entry `index` (bound only by what was shown before it was played); None when nothing binds it."""
        ceiling: dict[str, int] | None = None
        for at, suit, top in self.limits[seat]:
            if index is None or at < index:
                ceiling = ceiling or {}
                ceiling[suit] = min(ceiling.get(suit, ACE_HIGH), top)
        return ceiling

    def determinize(self, seat: int | None, rng: random.Random) -> CatTeState:
        """A clone in which every card `seat` cannot see is dealt again at random, consistently with what it has
        seen (see "Hidden information" in the module docstring); future deals are reseeded."""
        o = self.clone()
        o.seed = rng.randrange(2**63)
        if self.phase != "play":
            return o
        # Hidden slots: each other seat's hand, and each of its hidden pile entries (owner, pile index), then the
        # undealt cards; each bound by its ceiling.
        slots: list[tuple[int, int | None]] = []
        sizes: list[int] = []
        pool: list[Card] = []
        for s in range(self.n):
            if s == seat or not self.dealt[s]:
                continue
            if self.hands[s]:
                slots.append((s, None))
                sizes.append(len(self.hands[s]))
                pool += self.hands[s]
            for at, (card, up) in enumerate(self.piles[s]):
                if self._hidden(s, at, up, seat):
                    slots.append((s, at))
                    sizes.append(1)
                    pool.append(card)
        if not slots:
            return o
        pool += self.deck
        sizes.append(len(self.deck))
        dealt = deal(pool, sizes, rng, self._ceiling_masks(pool, slots, seat))
        if dealt is None:  # cannot happen (the true cards fit): keep them, a consistent world
            return o
        for (s, i), cards in zip(slots, dealt, strict=False):
            if i is None:
                o.hands[s] = sorted(cards, key=_SORT_KEY.__getitem__)
            else:  # a fold, or a fifth-trick card not turned over yet (its hand is dealt by now)
                o.piles[s][i] = (cards[0], False)
        for (s, i), cards in zip(slots, dealt, strict=False):
            if i is not None and self._pending(s, i):
                o.piles[s][i] = (cards[0], o._could_play_hidden(s, cards[0]))
        o.deck = dealt[-1]
        o.relink()
        return o

    def _ceiling_masks(self, pool: list[Card], slots: list[tuple[int, int | None]],
                       seat: int | None) -> list[int] | None:
        """Per card of `pool`, the slots (`slots`, then the undealt cards) it may go into: under each slot's
        must-beat ceiling, and a claimed side card with its claimant.  None when nothing binds."""
        ceilings: dict[tuple[tuple[str, int], ...], int] = {}  # a ceiling -> the slots it binds
        free = 1 << len(slots)  # the undealt cards
        for k, (s, i) in enumerate(slots):
            ceiling = self._ceiling(s, i)
            if ceiling is None:
                free |= 1 << k
            else:
                key = tuple(sorted(ceiling.items()))
                ceilings[key] = ceilings.get(key, 0) | 1 << k
        target = claim_card(self.side_card) if self.side_claim is not None and self.side_card else None
        if target not in pool[:len(pool) - len(self.deck)]:
            target = None
        if not ceilings and target is None:
            return None
        masks = []
        for card in pool:
            mask = free
            strength = STRENGTH[card]
            for key, bits in ceilings.items():
                if all(strength <= top for suit, top in key if suit == card.suit):
                    mask |= bits
            masks.append(mask)
        if target is not None:
            claimant = sum(1 << k for k, (s, _) in enumerate(slots) if s == self.side_claim)
            j = pool.index(target)
            masks[j] &= claimant
        return masks

    def relink(self) -> None:
        """After hidden cards were dealt again (`determinize`, or a search's own worlds): the trick being played
        takes its cards from the piles again, and the side pot's card its holder."""
        index = self.trick_no - 1
        self.trick = [(s, *self.piles[s][index]) for s, _, _ in self.trick]
        if self.side_card is not None:
            wanted = claim_card(self.side_card)
            self.side_holder = next((s for s in range(self.n)
                                     if wanted in self.hands[s] or any(c == wanted for c, _ in self.piles[s])), None)

    def _could_play_hidden(self, seat: int, card: Card) -> bool:
        """Whether `seat` could have played `card` face up in the face-down fifth trick, holding its hand too."""
        led = self.led
        if card.suit != led:
            return False
        if not self.must_beat:
            return True
        lead = self.best
        return STRENGTH[card] > lead or not any(c.suit == led and STRENGTH[c] > lead for c in self.hands[seat])


def fits_ceiling(card: Card, ceiling: dict[str, int] | None) -> bool:
    """Whether `card` may be a hidden card bound by `ceiling` (per suit, the highest strength it may have)."""
    return ceiling is None or STRENGTH[card] <= ceiling.get(card.suit, ACE_HIGH)


# ----- the rules ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CatTeRules(Rules):
    """Cat Te for 2 to 6 players: a session of rounds for chips."""

    def new_game(self, players: int = 4, options: Mapping[str, Any] | None = None,
                 seed: int | None = None) -> CatTeState:
        self.check_players(players)
        chosen = self.validate_options(options)
        state = CatTeState(players, chosen, new_seed() if seed is None else seed)
        state._deal(None)  # the first deal is the game's start: nothing to record
        return state

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        action = super().action_from_json(data)
        if isinstance(action, (Play, Fold)) and action.card not in _DECK_SET:
            raise ValueError(f"not a card of the 52-card deck: {action.card.code}")
        if isinstance(action, ChooseRegion) and action.region not in REGIONS:
            raise ValueError(f"no such region: {action.region!r}")
        return action


RULES = CatTeRules(
    **INFO.metadata(),
    action_types=(Play, Fold, ChooseRegion, ClaimSidePot, DealAgain, Stop),
    event_kinds=get_args(EventKind),
)
