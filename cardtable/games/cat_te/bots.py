"""Cat Te bots: a rule-based player, the person's hint, and the hard bot's search hooks.

Everything here reads a determinization (`state.determinize(seat, rng)`) through what the seat may see: its own
hand and played pile, the face-up cards on every pile, the turned side card, the tricks won, the hand sizes and
who is still playing.  The other hands, the other seats' folded cards, a fifth trick's hidden cards and the undealt
cards of a determinization are random samples, and nothing here looks at them (`Outlook` builds what the seat knows).

Only the sixth trick wins the round (in Laos and Vietnamese also a sweep of the first four), so a card is worth
what it does for the end: the rule bot spends the cards it cannot use, keeps the high cards for the last two
tricks, and wins the fourth and fifth tricks when it can, for the lead of the next.

`RuleBot` (the normal level; easy is it with noise) estimates, for each legal card move, its chance of winning the
round (`Outlook.value`): the chance the move wins the trick, then the best plan for the cards left, trick by trick,
leading or following.  A card it leads holds the trick when no opponent holds a higher card of its suit that it
plays (each unseen card is in an opponent's hand with the share of the unseen cards those hands hold); a card it
keeps wins a trick it does not lead only if that trick is led lower in its suit.  In Laos and Vietnamese a plan
without a trick in the first four is worth nothing (the seat is eliminated) and a sweep of them wins.  A losing
card is folded (face down, it shows nothing).  It always claims the side pot when it can, always deals again, and
never changes the region the table chose.

The hard level is the rule bot improved by rollouts on common worlds (`cardtable.bots.rollouts`): each candidate
move is played out to the end of the round by the rule bot, for every seat, in the same determinizations, and the
move that wins the seat the most chips in the round is played.  The determinizations are the rule bot's kind of
world (`keeping_world`): each other seat holds the best of the cards hidden from the bot, having folded the rest,
as the rule bot keeps its high cards for the end.  `candidates` keeps it from stopping the session or
changing the region, as the rule bot does, and drops moves that only repeat another (a card played face up that
cannot win is the same move as folding it).  `rollout_action`, a cheap version of the rule bot's plan, plays
quick realistic games for tests and tools.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.core.cards import Card
from cardtable.core.engine import Action, State
from cardtable.core.words import N_, Seated
from cardtable.games.cat_te.narration import Reason
from cardtable.games.cat_te.rules import (
    CLAIM,
    DEAL_AGAIN,
    FACE_DOWN_TRICK,
    FOLD,
    LAST_TRICK,
    PLAY,
    STRENGTH,
    SWEEP,
    CatTeState,
    Fold,
    Play,
    claim_card,
    fits_ceiling,
    hand_order,
)
from cardtable.games.plugin import Hint

_FULL = sum(1 << s for s in range(2, 15))  # a suit's strengths, 2 to the ace (14), as bits
_SUITS = ("S", "H", "C", "D")
#: Per trick (1 to 6): how much likelier than chance an opponent is to beat a card it can beat (early on it saves its
#: high cards; at the end it has kept them).
EAGERNESS = (0.0, 0.3, 0.3, 0.3, 0.6, 1.5, 1.5)

# ----- what a seat knows ----------------------------------------------------------------------------------------


def unseen_masks(state: CatTeState, seat: int) -> dict[str, int]:
    """Per suit, the strengths (as bits) of the cards `seat` has not seen: in other hands, folded by others, hidden
    in the fifth trick, or undealt."""
    unseen = dict.fromkeys(_SUITS, _FULL)
    for card in state.hands[seat]:
        unseen[card.suit] &= ~(1 << STRENGTH[card])
    hidden = state._hidden
    for owner, pile in enumerate(state.piles):
        for i, (card, up) in enumerate(pile):
            if owner == seat or not hidden(owner, i, up, seat):
                unseen[card.suit] &= ~(1 << STRENGTH[card])
    if state.side_card is not None:
        unseen[state.side_card.suit] &= ~(1 << STRENGTH[state.side_card])
    return unseen


class Outlook:
    """What `seat` knows of the round being played, and the rule bot's estimate of its chance to win it.

    A plan is over the seat's hand as bits (bit i: the hand's card i); the trick a plan starts at follows from how
    many cards it holds (six cards: the first trick)."""

    def __init__(self, state: CatTeState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.hand = list(state.hands[seat])
        self.unseen = unseen_masks(state, seat)
        self.unseen_count = max(1, sum(m.bit_count() for m in self.unseen.values()))
        self.elimination = state.elimination
        self.trick_no = state.trick_no
        opponents = sum(1 for s in range(state.n) if s != seat and state.dealt[s] and not state.eliminated[s])
        late = opponents
        if self.elimination and self.trick_no <= SWEEP:
            # Who may still play after the fourth trick: the seats with a trick, and one per trick still to play.
            scorers = sum(1 for s in range(state.n) if s != seat and state.won[s])
            late = min(opponents, scorers + SWEEP + 1 - self.trick_no)
        self.shares = [min(1.0, max(1, late if t > SWEEP else opponents) * (LAST_TRICK + 1 - t) / self.unseen_count)
                       for t in range(LAST_TRICK + 1)]
        self.wins = state.won[seat]
        unseen = self.unseen
        above = [(unseen[c.suit] >> (STRENGTH[c] + 1)).bit_count() for c in self.hand]
        below = [(unseen[c.suit] & ((1 << STRENGTH[c]) - 1)).bit_count() / self.unseen_count for c in self.hand]
        self._lead: list[list[float]] = [[]] * (LAST_TRICK + 1)
        self._follow: list[list[float]] = [[]] * (LAST_TRICK + 1)
        for t in range(self.trick_no, LAST_TRICK + 1):
            base = max(0.0, 1.0 - EAGERNESS[t] * self.shares[t])
            row = self._lead[t] = [base ** h for h in above]
            self._follow[t] = [p * q for p, q in zip(row, below, strict=True)]
        self._memo: dict[int, float] = {}
        self._values: tuple[list[float], list[float]] | None = None
        if not self.elimination or self.trick_no > SWEEP:
            self._values = self._solve()

    def _solve(self) -> tuple[list[float], list[float]]:
        """`plan` for every part of the hand at once, when the tricks won no longer matter: the values following
        and leading, indexed by the part's bits."""
        size = len(self.hand)
        follow = [0.0] * (1 << size)
        lead = [0.0] * (1 << size)
        lead[0] = 1.0
        for mask in _BY_SIZE[size]:
            trick = LAST_TRICK + 1 - _INDICES_COUNT[mask]
            leads, follows = self._lead[trick], self._follow[trick]
            best_lead = best_follow = 0.0
            for i in _INDICES[mask]:
                rest = mask ^ (1 << i)
                lose = follow[rest]
                gain = lead[rest] - lose
                value = lose + leads[i] * gain
                if value > best_lead:
                    best_lead = value
                if gain > 0:
                    lose += follows[i] * gain
                if lose > best_follow:
                    best_follow = lose
            follow[mask] = best_follow
            lead[mask] = best_lead
        return follow, lead

    def higher(self, card: Card) -> int:
        """The unseen cards of `card`'s suit above it."""
        return (self.unseen[card.suit] >> (STRENGTH[card] + 1)).bit_count()

    def lower(self, card: Card) -> int:
        """The unseen cards of `card`'s suit below it."""
        return (self.unseen[card.suit] & ((1 << STRENGTH[card]) - 1)).bit_count()

    def hold_chance(self, card: Card, share: float, trick: int) -> float:
        """The chance no opponent beats `card` in trick `trick`, each unseen card being in their hands with
        `share`."""
        return max(0.0, 1.0 - EAGERNESS[trick] * share) ** self.higher(card)

    def now_chance(self, action: Action) -> float:
        """The chance `action` (a card move now) wins the trick being played."""
        if type(action) is not Play:
            return 0.0
        state = self.state
        card = action.card
        trick = state.trick
        if not trick:
            return self.hold_chance(card, self.shares[self.trick_no], self.trick_no)
        if card.suit != state.led or STRENGTH[card] <= state.best:
            return 0.0
        later = state.playing - len(trick) - 1
        cards = later * (LAST_TRICK + 1 - self.trick_no)
        if state.face_down:
            cards += len(trick) - 1  # the followers before it, whose cards are hidden
        return self.hold_chance(card, min(1.0, cards / self.unseen_count), self.trick_no)

    def plan(self, mask: int, lead: bool, wins: int) -> float:
        """The chance to win the round holding the cards of `mask` from the trick they start at, leading it or
        not, with `wins` of the first four tricks: the best plan, card by card."""
        if self._values is not None:
            return self._values[lead][mask]
        memo = self._memo
        counted = self.elimination
        key = mask << 4 | (wins if counted else 0) << 1 | lead
        found = memo.get(key)
        if found is not None:
            return found
        size = mask.bit_count()
        trick = LAST_TRICK + 1 - size
        best = 0.0
        if counted and trick == SWEEP + 1 and wins in (0, SWEEP):
            best = 1.0 if wins else 0.0
        elif not size:
            best = 1.0 if lead else 0.0
        else:
            chances = (self._lead if lead else self._follow)[trick]
            won = wins + (trick <= SWEEP)
            lose_key = (wins if counted else 0) << 1
            win_key = (won if counted else 0) << 1 | 1
            for i in _INDICES[mask]:
                rest = mask & ~(1 << i)
                lose = memo.get(rest << 4 | lose_key)
                if lose is None:
                    lose = self.plan(rest, False, wins)
                value = lose
                p = chances[i]
                if p > 0:
                    win = memo.get(rest << 4 | win_key)
                    if win is None:
                        win = self.plan(rest, True, won)
                    value = p * win + (1 - p) * lose
                    if not lead and lose > value:
                        value = lose
                if value > best:
                    best = value
        memo[key] = best
        return best

    def mask(self, cards: Sequence[Card]) -> int:
        """`cards` (of the hand) as bits."""
        out = 0
        for card in cards:
            out |= 1 << self.hand.index(card)
        return out

    def value(self, action: Action) -> float:
        """The chance to win the round after the card move `action`, then the best plan."""
        rest = self.mask(self.hand) & ~(1 << self.hand.index(action.card))  # type: ignore[attr-defined]
        p = self.now_chance(action)
        lose = self.plan(rest, False, self.wins)
        if p <= 0:
            return lose
        return p * self.plan(rest, True, self.wins + (self.trick_no <= SWEEP)) + (1 - p) * lose

    def keepers(self, cards: Sequence[Card]) -> list[Card]:
        """The two of `cards` best kept for the fifth and sixth tricks (all of them when two or fewer)."""
        if len(cards) <= 2:
            return list(cards)
        pairs = [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]]
        best = max(pairs, key=lambda p: (self.plan(self.mask(p), True, 1), STRENGTH[p[0]] + STRENGTH[p[1]]))
        return list(best)


_INDICES = tuple(tuple(i for i in range(6) if m >> i & 1) for m in range(64))
_INDICES_COUNT = tuple(len(i) for i in _INDICES)
_BY_SIZE = tuple(sorted(range(1, 1 << n), key=_INDICES_COUNT.__getitem__) for n in range(7))


# ----- the rule bot -----------------------------------------------------------------------------------------------


def card_moves(state: CatTeState, legal: Sequence[Action]) -> list[Action]:
    """The card moves worth weighing: every fold, and the face-up plays that could win the trick (a face-up card
    that cannot win is the same move as folding it, but shows the card); in the sixth trick the plays only."""
    if state.trick_no == LAST_TRICK:
        return [a for a in legal if type(a) is Play]
    moves = []
    trick = state.trick
    for a in legal:
        kind = type(a)
        if kind is Fold:
            moves.append(a)
        elif kind is Play:
            card = a.card  # type: ignore[attr-defined]
            if not trick or (card.suit == state.led and STRENGTH[card] > state.best):
                moves.append(a)
    return moves


def _preference(outlook: Outlook, action: Action) -> tuple[float, int, bool]:
    """The move's value, then (among equals) the cheapest card, and a fold before a play of it."""
    return (round(outlook.value(action), 9), -STRENGTH[action.card], type(action) is Fold)  # type: ignore[attr-defined]


def best_move(state: CatTeState, seat: int, legal: Sequence[Action]) -> tuple[Action, Outlook]:
    """The rule bot's card move for `seat` among `legal`, and the outlook it was judged with."""
    outlook = Outlook(state, seat)
    moves = card_moves(state, legal)
    return max(moves, key=lambda a: _preference(outlook, a)), outlook


class RuleBot:
    """Keeps its best cards for the last two tricks, folds the cards it cannot use, wins the tricks whose lead it
    needs (see the module docstring); always claims the side pot, always deals again, keeps the region."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return rule_action(state, seat)


def rule_action(state: State, seat: int) -> Action:
    """The rule bot's move for `seat`, the seat to act (see the module docstring)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    assert isinstance(state, CatTeState)
    if state.phase != "play":
        return DEAL_AGAIN
    if CLAIM in legal:
        return CLAIM
    if state.trick_no == LAST_TRICK:
        return PLAY[state.hands[seat][0]]
    return best_move(state, seat, legal)[0]


# ----- the hint ---------------------------------------------------------------------------------------------------


def hint(state: State) -> Hint | None:
    """The rule bot's move for the seat to act, from what that seat may see, and why (clauses the narration says:
    see `narration.Reason`)."""
    seat = state.turn
    if seat is None or not isinstance(state, CatTeState):
        return None
    legal = state.legal_actions()
    if state.phase != "play":
        if state.rounds:
            return Hint(DEAL_AGAIN, why=N_("the session has {rounds} rounds, {left} still to play, and you have just "
                                           "won the pot."),
                        fields={"rounds": state.rounds, "left": state.rounds - len(state.records)})
        return Hint(DEAL_AGAIN, why=N_("the session goes on until the players stop or one holds all the chips, and "
                                       "you have just won the pot."))
    if CLAIM in legal:
        turned = state.side_card
        assert turned is not None
        why = N_("you hold the {card}, one above the turned {turned}, and the chip is yours whatever happens in "
                 "the round.") if state.side_pot == 1 else \
            N_("you hold the {card}, one above the turned {turned}, and the {chips} chips are yours whatever "
               "happens in the round.")
        return Hint(CLAIM, why=why, fields={"card": claim_card(turned), "turned": turned, "chips": state.side_pot})
    world = state.determinize(seat, random.Random(0))
    action, outlook = best_move(world, seat, legal)
    card: Card = action.card  # type: ignore[attr-defined]
    return Hint(action, why=N_("{reasons}."), fields={"reasons": _reasons(world, outlook, action, card)})


def _reasons(state: CatTeState, outlook: Outlook, action: Action, card: Card) -> tuple[Reason, ...]:
    trick = state.trick_no
    p = outlook.now_chance(action)
    rest = [c for c in outlook.hand if c != card]
    if trick == LAST_TRICK:
        if p > 0.99 and not state.trick:
            return (Reason(N_("the sixth trick wins the round, and no higher {suit} is out"), suit=card.suit),)
        if p > 0:
            return (Reason(N_("the sixth trick wins the round, and it wins unless a higher {suit} comes"),
                           suit=card.suit),)
        return (Reason(N_("your last card; it cannot beat the led suit, so the sixth trick is lost")),)
    leading = not state.trick
    should = p >= 0.6
    threat = _sweeper(state, outlook.seat)
    reasons: list[Reason] = []
    if p > 0 and threat is not None:
        reasons.append(Reason(N_("{player} has won the first three tricks: win this one or they sweep"),
                              player=Seated(threat)))
    elif p > 0 and state.elimination and trick <= SWEEP and outlook.wins == 0:
        reasons.append(Reason(N_("it should win the trick, and you need one of the first four tricks or you are "
                                 "eliminated") if should else
                              N_("it may win the trick, and you need one of the first four tricks or you are "
                                 "eliminated")))
    elif p >= 0.5 and trick >= SWEEP:
        if trick == FACE_DOWN_TRICK:
            reasons.append(Reason(N_("it should win the trick, and its winner leads the sixth trick") if should else
                                  N_("it may win the trick, and its winner leads the sixth trick")))
        else:
            reasons.append(Reason(N_("it should win the trick, and its winner leads the fifth trick") if should else
                                  N_("it may win the trick, and its winner leads the fifth trick")))
    elif p > 0 and not leading:
        reasons.append(Reason(N_("it should win the trick") if should else N_("it may win the trick")))
    elif leading:
        reasons.append(Reason(N_("the leader always plays face up, and this is the card you need least")))
    elif any(type(a) is Play and a.card.suit == state.led and STRENGTH[a.card] > state.best
             for a in state.legal_actions()):
        reasons.append(Reason(N_("winning this trick would cost a card you need more later")))
    else:
        reasons.append(Reason(N_("you cannot win this trick, so you give up the card you need least")))
    if rest:
        kept = outlook.keepers(rest)
        if trick == FACE_DOWN_TRICK:
            reasons.append(Reason(N_("you keep {card} for the sixth trick, which wins the round"), card=kept[0]))
        else:
            reasons.append(Reason(N_("you keep {cards} for the last tricks"),
                                  cards=tuple(sorted(kept, key=lambda c: -STRENGTH[c]))))
    if type(action) is Fold:
        reasons.append(Reason(N_("a folded card shows nothing")))
    return tuple(reasons)


def _sweeper(state: CatTeState, seat: int) -> int | None:
    """In Laos and Vietnamese, at the fourth trick: the other seat that won the first three, if any."""
    if not state.elimination or state.trick_no != SWEEP or state.won[seat]:
        return None
    return next((s for s in range(state.n) if s != seat and state.won[s] == SWEEP - 1), None)


# ----- hooks for the hard bot (cardtable.bots.rollouts) ---------------------------------------------------------
# The search only ever hands these determinized states, so reading their fields reveals nothing hidden; the
# playout policies read only what the seat to act may see (`unseen_masks`).


def search_done(state: State, root: State) -> bool:
    """Playouts stop when the root's round is over."""
    return len(state.records) != len(root.records)  # type: ignore[attr-defined]


def search_reward(state: State, root: State) -> list[float]:
    """Each seat's chips won in the root's round, scaled to [0, 1]: 0 for paying a double, 1 for everything there
    is to win (the pot, a double from every other seat, the side pot)."""
    assert isinstance(state, CatTeState) and isinstance(root, CatTeState)
    low = -root.ante
    high = root.pot + root.ante * (root.n - 1) + root.side_pot
    span = high - low
    return [min(1.0, max(0.0, (after - before - low) / span)) for after, before in zip(state.chips, root.chips,
                                                                                          strict=True)]


def candidates(state: State, seat: int) -> Sequence[Action] | None:
    """The moves the hard bot searches: never stopping the session or changing the region, the side pot claimed
    at once, and only the card moves that differ (`card_moves`)."""
    assert isinstance(state, CatTeState)
    if state.phase != "play":
        return [DEAL_AGAIN]
    legal = state.legal_actions()
    if CLAIM in legal:
        return [CLAIM]
    return card_moves(state, legal)


def rollout_action(state: State, rng: random.Random) -> Action:
    """The playout policy, a cheap version of the rule bot's plan: claim the side pot; spend the weakest card while
    the trick cannot or need not be won; win the tricks it must (one of the first four in Laos and Vietnamese),
    and the fourth and fifth for the lead of the next, keeping its two best cards for the end."""
    assert isinstance(state, CatTeState)
    seat = state.turn
    assert seat is not None
    if state.phase != "play":
        return DEAL_AGAIN
    if state.side_holder == seat and state.side_claim is None:
        return CLAIM
    hand = state.hands[seat]
    if len(hand) == 1:
        return PLAY[hand[0]]
    unseen = unseen_masks(state, seat)

    def power(card: Card) -> tuple[int, int]:  # fewer unseen cards above it first, then the higher card
        return (-(unseen[card.suit] >> (STRENGTH[card] + 1)).bit_count(), STRENGTH[card])

    ranked = sorted(hand, key=power)  # weakest first
    trick_no = state.trick_no
    need = state.elimination and trick_no <= SWEEP and not state.won[seat]
    if not state.trick:
        if len(hand) == 2:
            return PLAY[ranked[1]] if power(ranked[1])[0] == 0 else PLAY[ranked[0]]
        if need:
            return PLAY[ranked[-1]]
        return PLAY[ranked[0]]
    led, best = state.led, state.best
    beaters = [c for c in ranked if c.suit == led and STRENGTH[c] > best]
    if beaters:
        if len(hand) == 2:
            keep = [c for c in ranked if c != beaters[0]][0]
            if power(keep) >= power(beaters[0]) or len(beaters) == 1:
                return PLAY[beaters[0]]
            return PLAY[beaters[-1]]
        spare = [c for c in beaters if c not in ranked[-2:]]
        if need or (trick_no == SWEEP and spare):
            return PLAY[(spare or beaters)[0]]
        if spare and power(spare[0])[0] == 0:
            return PLAY[spare[0]]
    return FOLD[ranked[0]]


def keeping_world(state: State, seat: int, rng: random.Random) -> State:
    """A determinization for `seat` in which every other seat has played as the rule bot does: it kept its best
    cards (of the cards it holds and the ones it folded, hidden alike from `seat`, its hand holds the highest), and,
    in Khmer, each card it led to one of the first four tricks was the lowest it held (`_raise_to_leads`).  The rule
    bot folds its lowest cards 97% of the time and leads its lowest 95% (in Laos and Vietnamese it leads to win the
    trick it needs, so leads tell nothing there).  A uniform determinization leaves the others' cards random, two
    ranks weaker on average at the fifth trick than the best card they really keep.  Must-beat's ceilings and a
    claimed card are kept, and the fifth trick's hidden cards stay.  It reads only the determinization it makes, so
    it learns nothing `seat` may not see."""
    world = state.determinize(seat, rng)
    assert isinstance(world, CatTeState)
    if world.phase != "play":
        return world
    for other in range(world.n):
        if other != seat and world.hands[other]:
            if not world.elimination:
                _raise_to_leads(world, other, rng)
            _keep_best(world, other)
    world.relink()  # a fold of the trick being played, or the side pot's card, may have moved
    return world


def _hidden_folds(world: CatTeState, other: int) -> list[int]:
    """The pile entries of `other` that are folds (a fifth trick's hidden cards left out)."""
    return [i for i, (_, up) in enumerate(world.piles[other]) if not up and not world._pending(other, i)]


def _raise_to_leads(world: CatTeState, other: int, rng: random.Random) -> None:
    """Every hidden card `other` held when it led to one of the first four tricks (its hand, and the cards it
    folded after that lead) at least as strong as the card led: a card below is exchanged for a random undealt
    card that is, when there is one that also fits the slot's must-beat ceiling."""
    leaders = [world.dealer, *world.trick_winners]
    pile = world.piles[other]
    leads = [(i, STRENGTH[card]) for i, (card, up) in enumerate(pile[:SWEEP]) if up and leaders[i] == other]
    if not leads:
        return
    claimed = claim_card(world.side_card) if world.side_claim == other and world.side_card else None
    deck = world.deck
    slots: list[tuple[int | None, int]] = [(None, k) for k in range(len(world.hands[other]))]
    slots += [(i, 0) for i in _hidden_folds(world, other)]
    for i, k in slots:
        floor = max((strength for at, strength in leads if i is None or at < i), default=0)
        card = world.hands[other][k] if i is None else pile[i][0]
        if STRENGTH[card] >= floor or card == claimed:
            continue
        ceiling = world._ceiling(other, i)
        fits = [j for j, c in enumerate(deck) if STRENGTH[c] >= floor and fits_ceiling(c, ceiling)]
        if not fits:
            continue
        j = rng.choice(fits)
        if i is None:
            world.hands[other][k] = deck[j]
        else:
            pile[i] = (deck[j], False)
        deck[j] = card


def _keep_best(world: CatTeState, other: int) -> None:
    """`other`'s hand made the best of its hidden cards (those that fit its must-beat ceiling), the others folded."""
    hand = world.hands[other]
    pile = world.piles[other]
    folds = _hidden_folds(world, other)
    if not folds:
        return
    ceiling = world._ceiling(other, None)
    pool = sorted([*hand, *(pile[i][0] for i in folds)], key=lambda c: -STRENGTH[c])
    kept: list[Card] = []
    for card in pool:
        if len(kept) < len(hand) and fits_ceiling(card, ceiling):
            kept.append(card)
    displaced = [c for c in hand if c not in kept]  # they fit the hand's ceiling, so any earlier fold's too
    for i in folds:
        if pile[i][0] in kept:
            pile[i] = (displaced.pop(), False)
    hand[:] = kept
    hand.sort(key=hand_order)


def search_settings() -> dict[str, Any]:
    """How the hard bot plays Cat Te: rollouts of the round by the rule bot (`rule_rollout`) on common worlds dealt
    by `keeping_world`, up to 1,500 playouts a decision (a clear choice in far fewer), keeping the rule bot's own
    move unless another leads it by 1.5 standard errors."""
    return {"method": "rollouts", "iterations": 1500, "particles": 0, "keep": 1.5}


def rule_rollout(state: State, rng: random.Random) -> Action:
    """The hard bot's playout policy: the rule bot's move for the seat to act."""
    return rule_action(state, state.turn)  # type: ignore[arg-type]


def arena_counts(state: State) -> dict[str, list[tuple[int, int]]]:
    """For `python -m cardtable.arena`: per seat, (rounds won, rounds dealt in), and the same over the rounds every
    seat was dealt in (a fair share of 1/n)."""
    assert isinstance(state, CatTeState)
    rows = state.records
    n = state.n
    full = [r for r in rows if len(r.seats) == n]
    return {
        "rounds won": [(sum(1 for r in rows if r.winner == s), sum(1 for r in rows if s in r.seats))
                       for s in range(n)],
        "rounds won, full table": [(sum(1 for r in full if r.winner == s), len(full)) for s in range(n)],
    }

