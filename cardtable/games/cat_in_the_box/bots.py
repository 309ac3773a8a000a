"""Cat in the Box bots: a rule-based player, the hard bot's search hooks, and the person's hint.

Every function here is handed a determinization (`state.determinize(seat, rng)`) or reads only what the seat may
see: its own hand and discard, the board, the trick, the predictions, the tricks won, each seat's available colours
and each seat's hand size.  The other hands of a determinization are random samples, and nothing here looks at them.

The game in brief (rules/cat-in-the-box.md): the board has one space per number and colour, and it nearly fills
up in a round, so the round usually ends in a paradox; the seat that causes it scores minus its tricks.  A seat
that wins exactly the tricks it predicted adds its largest group of connected tokens.

`RuleBot` (the normal level; easy is it with noise):

- Discard: a copy of the number it holds most of (duplicates compete for that number's four spaces), the middle
  numbers first (neither sure winners nor sure losers).
- Predict: each of 1 to 4 is tried on the same 12 simulated deals (determinizations played out by the playout
  policy below) and the best average score wins; ties go to the hand's estimate (`expected_tricks`: each card is
  worth a share by its number, high numbers win), which is also the playout policy's prediction.
- Play: each legal declaration is scored in points:
  the chance it wins the trick (from the free spaces above it, the later players' available colours and how many
  unseen cards of the beating numbers there are), worth a point and a step towards the prediction while short of
  it, and the bonus lost once the prediction is made (so it ducks); minus the chance of causing a paradox later,
  looking one declaration ahead (its remaining cards' free spaces in its available colours, which of them the other
  seats could take before its next turn, and whether the remaining cards can all still be played), times what a
  paradox costs; plus what the token adds to its largest group of connected tokens.  Small tie-breaks keep high
  cards while tricks are wanted and shed them once the prediction is made.

The hard level is the generic ISMCTS (`cardtable.bots.ismcts`) with `rollout_action` (a cheap version of the same
rules) as its playout policy, rewarded with each seat's score in the round searched.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from cardtable.core.engine import Action, State
from cardtable.core.words import N_
from cardtable.games.cat_in_the_box.rules import (
    COLOURS,
    COPIES,
    DECKS,
    DISCARD,
    PREDICT,
    PREDICTIONS,
    RED,
    CatState,
    Discard,
    Play,
)
from cardtable.games.plugin import Hint

_NEIGHBOURS = {c: tuple(COLOURS[j] for j in (i - 1, i + 1) if 0 <= j < len(COLOURS)) for i, c in enumerate(COLOURS)}
_BITS = tuple(1 << n for n in range(11))


def _mask(numbers: Sequence[int]) -> int:
    m = 0
    for n in numbers:
        m |= 1 << n
    return m


# ----- what a seat can see ----------------------------------------------------------------------------------


def unseen_counts(state: CatState, seat: int) -> list[int]:
    """Per number (index 0 unused): the copies `seat` has not seen (in the others' hands or discards, or out)."""
    top = DECKS[state.n][0]
    counts = [0] + [COPIES] * top
    for card in state.hands[seat]:
        counts[card.rank] -= 1
    mine = state.discards[seat]
    if mine is not None:
        counts[mine.rank] -= 1
    for number, _ in state.board:  # played cards and the 2-player observers (one per revealed card)
        counts[number] -= 1
    return counts


def expected_tricks(numbers: Sequence[int], players: int) -> float:
    """The tricks a hand of these numbers is expected to win (a heuristic fitted to rule-bot games): each card is
    worth a share that grows with its number's place in the deck."""
    top = DECKS[players][0]
    total = 0.0
    for n in numbers:
        x = (n - 1) / (top - 1)
        total += _CARD_WORTH[players] * x ** _CARD_POWER[players]
    return total


# Fitted to games between rule bots: the average estimate is the average number of tricks won.
_CARD_WORTH = {2: 1.19, 3: 0.86, 4: 0.64, 5: 0.51}
_CARD_POWER = {2: 2.2, 3: 2.4, 4: 2.6, 5: 2.6}


def prediction_for(numbers: Sequence[int], players: int) -> int:
    guess = expected_tricks(numbers, players)
    return min(PREDICTIONS, key=lambda k: (abs(k - guess), k))


def discard_choice(numbers: Sequence[int], players: int) -> int:
    """The number to discard: one the hand holds most copies of, nearest the middle of the deck."""
    top = DECKS[players][0]
    counts: dict[int, int] = {}
    for n in numbers:
        counts[n] = counts.get(n, 0) + 1
    middle = (top + 1) / 2
    return max(counts, key=lambda n: (counts[n], -abs(n - middle), -n))


def group_sizes(board: dict[tuple[int, str], int], seat: int, space: tuple[int, str]) -> tuple[int, int, int]:
    """(largest group now, size of the group `space` would join with a token of `seat`, own tokens next to it)."""
    return Groups(board, seat).joining(space)


class Groups:
    """The groups of connected tokens of one seat on a board, found once and asked about many spaces."""

    __slots__ = ("of", "sizes", "largest")

    def __init__(self, board: dict[tuple[int, str], int], seat: int) -> None:
        mine = {s for s, owner in board.items() if owner == seat}
        self.of: dict[tuple[int, str], int] = {}
        self.sizes: list[int] = []
        for start in mine:
            if start in self.of:
                continue
            group = len(self.sizes)
            self.of[start] = group
            stack, size = [start], 0
            while stack:
                size += 1
                for near in _near(stack.pop()):
                    if near in mine and near not in self.of:
                        self.of[near] = group
                        stack.append(near)
            self.sizes.append(size)
        self.largest = max(self.sizes, default=0)

    def joining(self, space: tuple[int, str]) -> tuple[int, int, int]:
        """(largest group now, size of the group a token on `space` would make, own tokens next to it)."""
        if not self.sizes:
            return 0, 1, 0
        touching = [self.of[near] for near in _near(space) if near in self.of]
        return self.largest, 1 + sum(self.sizes[g] for g in set(touching)), len(touching)


def _near(space: tuple[int, str]) -> list[tuple[int, str]]:
    number, colour = space
    return [(number - 1, colour), (number + 1, colour)] + [(number, c) for c in _NEIGHBOURS[colour]]


# ----- scoring a declaration (the rule bot) -------------------------------------------------------------------


class Assessment:
    """What the rule bot thinks of one declaration, in points, with the parts kept for the hint's words."""

    __slots__ = ("play", "p_win", "risk", "group_gain", "adjacent", "value", "need", "wins_now")

    def __init__(self, play: Play) -> None:
        self.play = play
        self.p_win = 0.0
        self.risk = 0.0
        self.group_gain = 0
        self.adjacent = 0
        self.value = 0.0
        self.need = 0
        self.wins_now = False


def _hold_chance(per_card: float, copies: int) -> float:
    """The chance a seat holds at least one of `copies` unseen cards, each in its hand with chance `per_card`."""
    if copies <= 0 or per_card <= 0:
        return 0.0
    return 1.0 - (1.0 - min(1.0, per_card)) ** copies


def assess_plays(state: CatState, seat: int, plays: Sequence[Play]) -> list[Assessment]:
    """Score each of `plays` for `seat` (see the module docstring)."""
    n = state.n
    hand = state.hands[seat]
    unseen = unseen_counts(state, seat)
    hidden = sum(unseen[1:])
    trick = state.trick
    led = state.led
    reds = [card.rank for _, card, colour in trick if colour == RED]
    best_red = max(reds) if reds else 0
    best_led = max((card.rank for _, card, colour in trick if colour == led), default=0)
    later = [(seat + k) % n for k in range(1, n - len(trick))]
    pred = state.predictions[seat] or 0
    need = pred - state.tricks[seat]
    groups = Groups(state.board, seat)
    current_group = groups.largest
    bonus = max(2.0, current_group + 1.0)
    paradox_cost = 2.0 * state.tricks[seat] + 2.0 + (bonus if need >= 0 else 0.0)
    if need > 0:
        win_value = 1.0 + 0.5 * bonus
    elif need == 0:
        win_value = 1.0 - bonus
    else:
        win_value = 1.0
    # Per later seat: the chance a given hidden card is in its hand.
    share = {j: (len(state.hands[j]) / hidden if hidden else 0.0) for j in later}
    free = state.free
    avail = state.available[seat]
    held_counts: dict[int, int] = {}
    for card in hand:
        held_counts[card.rank] = held_counts.get(card.rank, 0) + 1
    others_hand = sum(len(state.hands[j]) for j in range(n) if j != seat)
    spaces_for = {m: sum(free[c] >> m & 1 for c in avail) for m in held_counts}  # free spaces it may declare
    # Per colour: the unseen copies of its free numbers, in all and above each number.
    unseen_free = {}
    unseen_above = {}
    for c in COLOURS:
        above = [0] * 11
        running = 0
        for m in range(9, 0, -1):
            above[m] = running
            if free[c] >> m & 1:
                running += unseen[m]
        above[0] = running
        unseen_free[c] = running
        unseen_above[c] = above

    out: list[Assessment] = []
    for play in plays:
        a = Assessment(play)
        a.need = need
        number, colour = play.card.rank, play.colour
        lead_colour = led or colour
        # Would it be winning the trick once played?
        if not trick:
            wins_now = True
        elif colour == RED:
            wins_now = number > best_red
        else:
            wins_now = colour == led and not reds and number > best_led
        a.wins_now = wins_now
        if wins_now:
            p = 1.0
            higher_copies = unseen_above[colour][number]
            lead_copies = unseen_free[lead_colour] - (unseen[number] if colour == lead_colour else 0)
            red_copies = unseen_free[RED] - (unseen[number] if colour == RED else 0)
            for j in later:
                q = share[j]
                avail_j = state.available[j]
                follow = _hold_chance(q, lead_copies) if lead_colour in avail_j else 0.0
                if state.voluntary_void:
                    follow = min(follow, 0.5)
                beat = 0.0
                if colour == lead_colour:  # beaten by a higher card of the same colour, or a trump
                    if colour in avail_j:
                        beat = _hold_chance(q, higher_copies)
                    if colour != RED and RED in avail_j:
                        beat += (1.0 - follow) * _hold_chance(q, red_copies)
                elif RED in avail_j:  # a trump on another colour's lead: beaten by a higher trump
                    beat = (1.0 - follow) * _hold_chance(q, higher_copies)
                p *= 1.0 - 0.85 * min(1.0, beat)
            a.p_win = p
        # The paradox one declaration ahead.
        left = len(hand) - 1
        if left >= 2:
            led_free = free[led] if led is not None and colour != led and led in avail else 0  # uncovered now
            between = len(later) + (1.0 - a.p_win) * (n - 1) / 2
            pressure = between / max(1, others_hand) * 0.6
            threat_of = {m: min(0.95, pressure * unseen[m]) for m in held_counts}  # a space taken by others
            spaces = 0
            playable = 0
            untaken = 1.0  # the chance every option is taken before the next turn
            for m, k in held_counts.items():
                usable = spaces_for[m] - (led_free >> m & 1)
                if m == number:
                    k -= 1
                    usable -= 1  # the space this card takes
                    if not k:
                        continue
                spaces += usable
                playable += min(k, usable)
                untaken *= threat_of[m] ** usable
            risk = 1.0 if spaces == 0 else untaken
            if playable < left - 1:  # not every card but the last can still be played
                risk = min(1.0, risk + 0.25 * (left - 1 - playable))
            a.risk = risk
        # The bonus group.
        if need >= 0:
            _, joined, adjacent = groups.joining((number, colour))
            a.group_gain = max(0, joined - current_group)
            a.adjacent = adjacent
        strength = (number - 1) / (DECKS[n][0] - 1)
        value = a.p_win * win_value - a.risk * paradox_cost
        value += 0.4 * a.group_gain + 0.05 * a.adjacent
        if need > 0:
            value -= 0.1 * strength * (1.0 if a.p_win < 0.5 else 0.5)  # win cheaply, or keep the high cards
            if colour == RED and a.p_win < 0.3:
                value -= 0.05  # do not waste a red space on a lost trick
        elif need == 0:
            value += 0.1 * strength * (1.0 - a.p_win)  # shed what could win a trick later
        a.value = value
        out.append(a)
    return out


class RuleBot:
    """Discards duplicates, predicts from its numbers, plays to make its prediction exactly without causing a
    paradox, and builds its group of tokens (see the module docstring)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        assert isinstance(state, CatState)
        numbers = [c.rank for c in state.hands[seat]]
        if state.phase == "discard":
            number = discard_choice(numbers, state.n)
            return next(a for a in legal if isinstance(a, Discard) and a.card.rank == number)
        if state.phase == "predict":
            return PREDICT[self.predict(state, seat)]
        plays = [a for a in legal if isinstance(a, Play)]
        return best_assessment(state, seat, plays).play


    samples = 12  # simulated deals per candidate prediction

    def predict(self, state: CatState, seat: int) -> int:
        """The prediction with the best average score over simulated deals, played out by the playout policy
        (the same deals for every candidate); ties go to the hand's estimate."""
        guess = expected_tricks([c.rank for c in state.hands[seat]], state.n)
        worlds = [state.determinize(seat, self.rng) for _ in range(self.samples)]
        seeds = [self.rng.randrange(2**31) for _ in worlds]
        best, best_value = prediction_for([c.rank for c in state.hands[seat]], state.n), float("-inf")
        for amount in PREDICTIONS:
            total = 0.0
            for world, seed in zip(worlds, seeds, strict=True):
                total += _play_out(world.clone(), seat, amount, random.Random(seed))
            value = total / len(worlds) - 0.05 * abs(amount - guess)
            if value > best_value:
                best, best_value = amount, value
        return best


def _play_out(world: CatState, seat: int, amount: int, rng: random.Random) -> float:
    """Play `world`'s round out with the playout policy, `seat` predicting `amount`; `seat`'s score in it."""
    index = len(world.records)
    while len(world.records) == index:
        if world.turn == seat and world.phase == "predict":
            world.apply(PREDICT[amount], record=False)
        else:
            world.apply(rollout_action(world, rng), record=False)
    return world.records[index].scores[seat]


def best_assessment(state: CatState, seat: int, plays: Sequence[Play]) -> Assessment:
    scored = assess_plays(state, seat, plays)
    return max(scored, key=lambda a: (a.value, -a.play.card.rank, -COLOURS.index(a.play.colour)))


# ----- the hint -----------------------------------------------------------------------------------------------


def hint(state: State) -> Hint | None:
    """The rule bot's move for the seat to act, from what that seat may see, and why in words."""
    seat = state.turn
    if seat is None or not isinstance(state, CatState):
        return None
    legal = state.legal_actions()
    world = state.determinize(seat, random.Random(0))
    numbers = sorted(c.rank for c in world.hands[seat])
    if state.phase == "discard":
        number = discard_choice(numbers, state.n)
        action = next(a for a in legal if isinstance(a, Discard) and a.card.rank == number)
        copies = numbers.count(number)
        if copies > 1:
            return Hint(action, why=N_("you hold {copies} of them, and they compete for the same four spaces."),
                        fields={"copies": copies})
        return Hint(action, why=N_("a middling card: it neither wins tricks surely nor loses them surely."))
    if state.phase == "predict":
        guess = expected_tricks(numbers, state.n)
        amount = prediction_for(numbers, state.n)
        return Hint(PREDICT[amount], why=N_("your cards look worth about {guess:.1f} tricks (high numbers win, red "
                                            "trumps)."), fields={"guess": guess})
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return Hint(legal[0], why=N_("no card in your hand has a legal declaration."))
    best = best_assessment(world, seat, plays)
    reasons = []
    if best.need > 0:
        if best.p_win >= 0.6:
            reasons.append(N_("you still need 1 trick, and this should win the trick") if best.need == 1 else
                           N_("you still need {need} tricks, and this should win the trick"))
        elif best.p_win > 0.2:
            reasons.append(N_("you still need 1 trick, and this may win the trick") if best.need == 1 else
                           N_("you still need {need} tricks, and this may win the trick"))
        else:
            reasons.append(N_("you still need 1 trick, but you cannot win this one: you keep your stronger cards")
                           if best.need == 1 else
                           N_("you still need {need} tricks, but you cannot win this one: you keep your stronger "
                              "cards"))
    elif best.need == 0:
        reasons.append(N_("you have made your prediction: this should lose the trick") if best.p_win < 0.4 else
                       N_("you have made your prediction, and every other choice is riskier"))
    else:
        reasons.append(N_("you are past your prediction: every trick is still a point"))
    if len(plays) > 1:
        if best.risk < 0.1:
            reasons.append(N_("your other cards keep free spaces, so you stay out of a paradox"))
        else:
            reasons.append(N_("it leaves you the best chance of a legal declaration next time"))
    if best.group_gain > 0 or best.adjacent:
        reasons.append(N_("the token joins your own for the bonus"))
    return Hint(best.play, why=N_("{why}."), fields={"reasons": tuple(reasons), "need": best.need})


# ----- hooks for the generic ISMCTS bot (cardtable.bots.ismcts) ----------------------------------------------
# The search only ever hands these determinized states, so reading their fields reveals nothing hidden: the rollout
# policy reads the acting seat's own hand and the public board only.

_SCORE_LOW, _SCORE_SPAN = -9.0, 30.0  # a round's score lies within about [-9, 21]


def search_done(state: State, root: State) -> bool:
    """Playouts stop when the root's round is over."""
    return len(state.records) != len(root.records)  # type: ignore[attr-defined]


def search_reward(state: State, root: State) -> list[float]:
    """Each seat's score in the root's round, scaled to [0, 1]."""
    assert isinstance(state, CatState) and isinstance(root, CatState)
    index = len(root.records)
    if len(state.records) > index:
        scores: Sequence[float] = state.records[index].scores
    else:  # cut short: the tricks so far, as if the round ended here without a paradox
        scores = [float(t) for t in state.tricks]
    return [min(1.0, max(0.0, (s - _SCORE_LOW) / _SCORE_SPAN)) for s in scores]


def rollout_action(state: State, rng: random.Random) -> Action:
    """The playout policy: the rule bot's discard and prediction, and a cheap version of its play: win while short
    of the prediction, duck once it is made, and never leave its hand without a free space when it can help it."""
    assert isinstance(state, CatState)
    seat = state.turn
    assert seat is not None
    if state.phase == "discard":
        return DISCARD[_first_of(state, seat, discard_choice([c.rank for c in state.hands[seat]], state.n))]
    if state.phase == "predict":
        return PREDICT[prediction_for([c.rank for c in state.hands[seat]], state.n)]
    plays = state.legal_plays(seat)
    if not plays:
        return state.legal_actions()[0]
    if len(plays) == 1:
        return plays[0]
    return quick_play(state, seat, plays)


def _first_of(state: CatState, seat: int, number: int) -> Any:
    return next(c for c in state.hands[seat] if c.rank == number)


def quick_play(state: CatState, seat: int, plays: Sequence[Play]) -> Play:
    hand = state.hands[seat]
    trick = state.trick
    led = state.led
    best_red = 0
    best_led = 0
    for _, card, colour in trick:
        if colour == RED:
            if card.rank > best_red:
                best_red = card.rank
        elif colour == led and card.rank > best_led:
            best_led = card.rank
    pred = state.predictions[seat] or 0
    need = pred - state.tricks[seat]
    want = need != 0
    free = state.free
    late = len(hand) <= 5
    held = 0
    dup = 0
    if late:
        for card in hand:
            if held & _BITS[card.rank]:
                dup |= _BITS[card.rank]
            held |= _BITS[card.rank]
        avail = state.available[seat]
    last = len(trick) == state.n - 1
    board = state.board
    best = plays[0]
    best_key: tuple[int, int, int, int] = (-9, 0, 0, 0)
    for play in plays:
        number, colour = play.card.rank, play.colour
        if not trick:
            wins = 1 if (colour == RED and not free[RED] >> (number + 1)) else 0
        elif colour == RED:
            wins = 2 if number > best_red and (last or not free[RED] >> (number + 1)) else int(number > best_red)
        elif colour == led and not best_red and number > best_led:
            wins = 2 if last else 1
        else:
            wins = 0
        safe = 1
        if late and len(hand) > 2:
            left = held if dup & _BITS[number] else held & ~_BITS[number]
            options = 0
            for c in avail:
                if led is not None and c == led and colour != led:
                    continue  # not following uncovers the led colour
                f = free[c] & ~_BITS[number] if c == colour else free[c]
                options += (left & f).bit_count()
            safe = 0 if options == 0 else (1 if options > 1 else 0)
        fit = wins if want else -wins
        near = 0
        if need >= 0:  # next to its own tokens, for the bonus
            near = (board.get((number - 1, colour)) == seat) + (board.get((number + 1, colour)) == seat)
            for c in _NEIGHBOURS[colour]:
                near += board.get((number, c)) == seat
        key = (safe, fit, near, -number if want else number)
        if key > best_key:
            best, best_key = play, key
    return best


_PREDICTION_SPREAD = 0.8  # how far a seat's prediction strays from its hand's estimate (tricks, one sigma)
_OTHER_DISCARD = 0.3  # the weight of a world whose discard is not the one the rule bot's policy picks


def world_weight(world: State, seat: int) -> float:
    """How well a determinization fits what the other seats did: each prediction near the estimate of the hand it
    was made from (the hand now and the cards played since), and each discard the one the rule bot's policy would
    choose from that hand and the discard."""
    assert isinstance(world, CatState)
    n = world.n
    played: list[list[int]] = [[] for _ in range(n)]
    for (number, _), owner in world.board.items():
        if 0 <= owner < n:
            played[owner].append(number)
    weight = 1.0
    spread = 2.0 * _PREDICTION_SPREAD ** 2
    for j in range(n):
        if j == seat:
            continue
        numbers = [c.rank for c in world.hands[j]] + played[j]
        discard = world.discards[j]
        if discard is not None and discard_choice(numbers + [discard.rank], n) != discard.rank:
            weight *= _OTHER_DISCARD
        prediction = world.predictions[j]
        if prediction is not None:
            weight *= math.exp(-((expected_tricks(numbers, n) - prediction) ** 2) / spread)
    return weight


def search_rollout(state: State, rng: random.Random) -> Action:
    """The hard bot's playout policy: the rule bot's own play (`best_assessment`), with the cheap policy's discard
    and prediction.  Five times the cost of `rollout_action`, but it makes its predictions as often as the rule
    bot does, so the search values a move by what a sensible player makes of it."""
    assert isinstance(state, CatState)
    if state.phase != "play":
        return rollout_action(state, rng)
    seat = state.turn
    assert seat is not None
    plays = state.legal_plays(seat)
    if not plays:
        return state.legal_actions()[0]
    if len(plays) == 1:
        return plays[0]
    return best_assessment(state, seat, plays).play


def search_settings() -> dict[str, Any]:
    """How the hard bot searches Cat in the Box: 400 playouts a decision (500 took a median of 1 s of processor
    time on a busy machine), each played out by
    the rule bot's play (`search_rollout`), the other seats moving by that policy inside the tree too (a model of
    sensible players, who cannot see the sampled cards); a small exploration constant, as a point of score is
    only 1/30 of the reward's range."""
    return {"iterations": 400, "exploration": 0.2, "opponent_model": True}


def arena_counts(state: State) -> dict[str, list[tuple[int, int]]]:
    """For `python -m cardtable.arena`: per seat, (rounds with the prediction made exactly, rounds played), and
    (rounds in which it caused the paradox, rounds played)."""
    assert isinstance(state, CatState)
    rows = state.records
    n = state.n
    return {
        "exact predictions": [(sum(1 for r in rows if r.predictions[s] == r.tricks[s] and r.paradox != s),
                               len(rows)) for s in range(n)],
        "paradoxes caused": [(sum(1 for r in rows if r.paradox == s), len(rows)) for s in range(n)],
    }
