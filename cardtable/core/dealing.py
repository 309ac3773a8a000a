"""The constrained dealer: share hidden cards among slots, consistently with what a seat has seen.

`determinize` deals again every card a seat cannot see.  The cards (the *pool*) go into *slots* (each other seat's
hidden hand, the stock, a dead hand, a hidden pile...) of fixed sizes, and what the table has shown limits where a
card may go: a seat that failed to follow holds no card of that suit, a card shown in a declaration stays with its
declarer, a card under a ceiling is no higher than it.  Those are *masks*: per card, the bit set of the slots it may
go into (bit k is slot k; `masks_from` builds them from a predicate per slot).  *Caps* bound a group of cards
across a set of slots ("at most one copy of this face in that hand": a seat showed it holds no pair).

`deal(pool, sizes, rng, masks, caps)` returns one list of cards per slot:

- With nothing binding (no masks, no caps): a shuffle cut into the sizes, exactly uniform, and the fast path.
- Otherwise the cards go kind by kind (a kind: the cards of one mask), the most bound first, each card to a free
  place of the slots it may go into, every such place equally likely (so a slot in proportion to its room left);
  the cards free to go anywhere come last and fill what is left as one shuffle.  That is exactly uniform when one
  kind of card is bound, and close to it otherwise.  A few such draws are tried; if they all run into a dead end,
  the draw is made *carefully*: a slot is taken only if the cards still to place can then all be placed (Hall's
  condition, checked as a flow from the kinds of cards to the slots), so with masks alone it cannot fail.
- `None` when no deal exists (the masks break Hall's condition: `feasible` says so) or, with caps, when the careful
  draws found none.  The caller then keeps the true cards, which are always a consistent world.

Everything is deterministic for a given `random.Random`.  The order of the cards within a slot is not random:
shuffle a slot whose order matters (a stock to draw from, entries dealt out one by one).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Hashable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)

#: Draws that may run into a dead end before the careful draw (cheap: most constraints never need it).
QUICK_TRIES = 8
#: Careful draws (with caps, which the flow does not see, one may still fail).
CAREFUL_TRIES = 4

# Per list length: the steps of a Fisher-Yates shuffle from the top down, (i, the bits a draw below i + 1 takes).
_SHUFFLE_STEPS = tuple(tuple((i, (i + 1).bit_length()) for i in range(m - 1, 0, -1)) for m in range(128))


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle `items` in place, uniformly, with the draws `Random.shuffle` makes (a test holds the two to the same
    result), without its method call per item: determinizing is most of a search's sampling time."""
    if len(items) >= len(_SHUFFLE_STEPS):
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, k in _SHUFFLE_STEPS[len(items)]:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def masks_from(pool: Sequence[T], may_hold: Sequence[Callable[[T], bool] | None]) -> list[int] | None:
    """Per card of `pool`, the slots whose predicate admits it (a None predicate admits every card); None when
    every predicate is None (nothing binds)."""
    bound = [(k, p) for k, p in enumerate(may_hold) if p is not None]
    if not bound:
        return None
    free = sum(1 << k for k, p in enumerate(may_hold) if p is None)
    out = []
    for card in pool:
        mask = free
        for k, p in bound:
            if p(card):
                mask |= 1 << k
        out.append(mask)
    return out


Cap = tuple[Collection[T], int, int]
"""(cards, slots, most): at most `most` of `cards` in the slots of the bit set `slots`, together."""


def deal(pool: Sequence[T], sizes: Sequence[int], rng: random.Random, masks: Sequence[int] | None = None,
         caps: Sequence[Cap[T]] = ()) -> list[list[T]] | None:
    """Share `pool` among slots of `sizes` (their sum is the pool's size) at random, card i only into the slots of
    `masks[i]` and within every cap; None when no such deal exists or none was found (see the module)."""
    if sum(sizes) != len(pool):
        raise ValueError(f"{len(pool)} cards for slots of {sum(sizes)}")
    if masks is None and not caps:
        cards = list(pool)
        shuffle(cards, rng)
        cut, start = [], 0
        for size in sizes:
            cut.append(cards[start:start + size])
            start += size
        return cut
    full = (1 << len(sizes)) - 1
    if masks is None:
        masks = [full] * len(pool)
    elif len(masks) != len(pool):
        raise ValueError(f"{len(masks)} masks for {len(pool)} cards")
    if not caps:
        out = _quick(pool, sizes, masks, full, rng)
        if out is not None:
            return out
    draw: _Draw[T] = _Draw(pool, sizes, masks, caps, full)
    for _ in range(QUICK_TRIES - (0 if caps else 1)):  # without caps, `_quick` was the first
        out = draw.run(rng, careful=False)
        if out is not None:
            return out
    if not draw.feasible():
        return None
    for _ in range(CAREFUL_TRIES):
        out = draw.run(rng, careful=True)
        if out is not None:
            return out
    return None


_SLOTS: dict[int, tuple[int, tuple[int, ...]]] = {}
_BITS = tuple(n.bit_length() for n in range(1024))  # the bits a draw below n takes


def _slots_of(mask: int) -> tuple[int, tuple[int, ...]]:
    """(how many, which): the slots of a bit set, memoized (masks are few and come back at every call)."""
    known = _SLOTS.get(mask)
    if known is None:
        if len(_SLOTS) > 4096:
            _SLOTS.clear()
        slots = tuple(k for k in range(mask.bit_length()) if mask >> k & 1)
        known = _SLOTS[mask] = (len(slots), slots)
    return known


def _quick(pool: Sequence[T], sizes: Sequence[int], masks: Sequence[int], full: int,
           rng: random.Random) -> list[list[T]] | None:
    """One quick draw without caps (`_Draw.run`'s without its bookkeeping: it is the common case of a search)."""
    free: list[T] = []
    kinds: dict[int, list[T]] = {}
    for c, m in zip(pool, masks, strict=True):
        if m == full:
            free.append(c)
        else:
            group = kinds.get(m)
            if group is None:
                kinds[m] = [c]
            else:
                group.append(c)
    room = list(sizes)
    out: list[list[T]] = [[] for _ in room]
    getrandbits = rng.getrandbits
    for mask in sorted(kinds, key=lambda m: (_slots_of(m)[0], m)) if len(kinds) > 1 else kinds:
        cards = kinds[mask]
        if not _scatter(cards, _slots_of(mask)[1], room, out, getrandbits):
            return None
    if free:
        _fill(free, room, out, rng)
    return out


def _scatter(cards: Sequence[T], slots: Sequence[int], room: list[int], out: list[list[T]],
             getrandbits: Callable[[int], int]) -> bool:
    """Each of `cards` to a free place of `slots`, every place equally likely (a partial shuffle of the places);
    False when they have too few places."""
    places = [k for k in slots for _ in range(room[k])]
    total = len(places)
    if total < len(cards):
        return False
    for i, card in enumerate(cards):
        span = total - i
        bits = _BITS[span] if span < 1024 else span.bit_length()
        j = getrandbits(bits)
        while j >= span:
            j = getrandbits(bits)
        k = places[j + i]
        places[j + i] = places[i]
        out[k].append(card)
        room[k] -= 1
    return True


def _fill(free: list[T], room: list[int], out: list[list[T]], rng: random.Random) -> None:
    """The cards free to go anywhere, shuffled (in place), into the room the slots have left, in slot order."""
    shuffle(free, rng)
    start = 0
    for k, r in enumerate(room):
        if r:
            out[k].extend(free[start:start + r])
            start += r


def feasible(sizes: Sequence[int], masks: Sequence[int]) -> bool:
    """Whether the cards of `masks` (one mask per card) fit into slots of `sizes` (Hall's condition)."""
    counts: dict[int, int] = {}
    for m in masks:
        counts[m] = counts.get(m, 0) + 1
    return sum(sizes) == len(masks) and _flows(list(counts.values()), list(counts), list(sizes))


class _Draw(Generic[T]):
    """One constrained deal's fixed parts (cards by kind, caps by card), drawn from as often as needed."""

    def __init__(self, pool: Sequence[T], sizes: Sequence[int], masks: Sequence[int], caps: Sequence[Cap[T]],
                 full: int) -> None:
        self.sizes = list(sizes)
        self.full = full
        capped: dict[T, list[int]] = {}
        self.caps = [(set(cards), slots, most) for cards, slots, most in caps]
        for j, (cards, _, _) in enumerate(self.caps):
            for c in cards:
                capped.setdefault(c, []).append(j)
        self.capped = capped
        # Cards by kind (their mask); a capped card is placed on its own.  The free cards (every slot, no cap)
        # fill what is left at the end.
        kinds: dict[int, list[T]] = {}
        for c, m in zip(pool, masks, strict=True):
            if m == full and c not in capped:
                continue
            kinds.setdefault(m, []).append(c)
        self.free = [c for c, m in zip(pool, masks, strict=True) if m == full and c not in capped]
        self.slots_of = {m: [k for k in range(len(sizes)) if m >> k & 1] for m in kinds}
        # The most bound kinds first (ties by mask: a fixed order, so a generator gives one deal).
        self.kinds = sorted(kinds.items(), key=lambda kc: (len(self.slots_of[kc[0]]), kc[0]))

    def feasible(self) -> bool:
        amounts = [len(cards) for _, cards in self.kinds]
        masks = [m for m, _ in self.kinds]
        if self.free:
            masks.append(self.full)
            amounts.append(len(self.free))
        return _flows(amounts, masks, self.sizes)

    def run(self, rng: random.Random, careful: bool) -> list[list[T]] | None:
        room = self.sizes[:]
        out: list[list[T]] = [[] for _ in room]
        used = [0] * len(self.caps)
        getrandbits = rng.getrandbits
        left: dict[int, int] = {}
        if careful:
            for m, cards in self.kinds:
                left[m] = len(cards)
            if self.free:
                left[self.full] = left.get(self.full, 0) + len(self.free)
        capped = self.capped
        for mask, cards in self.kinds:
            slots = self.slots_of[mask]
            alone = cards if careful else [c for c in cards if c in capped]
            if alone:  # one at a time (checked against the caps, or the flow)
                alone = alone[:]
                shuffle(alone, rng)
                for card in alone:
                    if not self._place(card, mask, slots, room, out, used, left, rng, careful):
                        return None
                if careful or len(alone) == len(cards):
                    continue
                cards = [c for c in cards if c not in capped]
            if not _scatter(cards, slots, room, out, getrandbits):
                return None
        if self.free:
            _fill(self.free[:], room, out, rng)
        return out

    def _place(self, card: T, mask: int, slots: list[int], room: list[int], out: list[list[T]], used: list[int],
               left: dict[int, int], rng: random.Random, careful: bool) -> bool:
        """Put `card` into one of `slots` with room, in proportion to it, within its caps and (`careful`) only
        where the cards left can still all be placed; False at a dead end."""
        caps = self.caps
        mine = self.capped.get(card, ())
        choices = [k for k in slots if room[k]
                   and all(not caps[j][1] >> k & 1 or used[j] < caps[j][2] for j in mine)]
        if careful:
            left[mask] -= 1
        while choices:
            pick = rng.randrange(sum([room[k] for k in choices]))
            for k in choices:
                pick -= room[k]
                if pick < 0:
                    break
            room[k] -= 1
            if not careful or _flows(list(left.values()), list(left), room):
                out[k].append(card)
                for j in mine:
                    if caps[j][1] >> k & 1:
                        used[j] += 1
                return True
            room[k] += 1
            choices.remove(k)
        return False


def _flows(amounts: list[int], kinds: list[int], room: list[int]) -> bool:
    """Whether `amounts[i]` cards of each kind (may go into the slots of the bit set `kinds[i]`) all fit into slots
    with `room`: a maximum flow from the kinds to the slots, found by augmenting paths."""
    need = sum(amounts)
    if need > sum(room):
        return False
    slots = range(len(room))
    free = room[:]
    flow = [[0] * len(room) for _ in kinds]
    short = amounts[:]
    for i, mask in enumerate(kinds):  # a greedy start: most of the flow, most of the time all of it
        for k in slots:
            if short[i] and free[k] and mask >> k & 1:
                step = min(short[i], free[k])
                flow[i][k] += step
                free[k] -= step
                short[i] -= step
    while True:
        starts = [i for i, s in enumerate(short) if s]
        if not starts:
            return True
        # Breadth-first from the kinds still short, through slots, back to the kinds that fill them.
        via_kind: dict[int, int] = {}  # slot -> the kind it was reached from
        via_slot: dict[int, int] = {i: -1 for i in starts}  # kind -> the slot it was reached from
        frontier = starts
        end = -1
        while frontier and end < 0:
            nxt = []
            for i in frontier:
                for k in slots:
                    if k in via_kind or not kinds[i] >> k & 1:
                        continue
                    via_kind[k] = i
                    if free[k]:
                        end = k
                        break
                    for j in range(len(kinds)):
                        if j not in via_slot and flow[j][k]:
                            via_slot[j] = k
                            nxt.append(j)
                if end >= 0:
                    break
            frontier = nxt
        if end < 0:
            return False
        # The bottleneck along the path, then push it.
        step = free[end]
        k = end
        while True:
            i = via_kind[k]
            back = via_slot[i]
            if back < 0:
                step = min(step, short[i])
                break
            step = min(step, flow[i][back])
            k = back
        k = end
        free[end] -= step
        while True:
            i = via_kind[k]
            flow[i][k] += step
            back = via_slot[i]
            if back < 0:
                short[i] -= step
                break
            flow[i][back] -= step
            k = back
