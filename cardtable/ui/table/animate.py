"""Card animations: flights between rectangles (with a flip on the way), and the flights that show a move's events.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardtable.core.engine import Event
from cardtable.ui.table.sprites import spot_key

Rect = tuple[int, int, int, int]


def ease_out(t: float) -> float:
    """Cubic ease-out on [0, 1]."""
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def lerp_rect(a: Rect, b: Rect, t: float) -> Rect:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
        round(a[3] + (b[3] - a[3]) * t),
    )


@dataclass
class Flight:
    """One card travelling from `start` to `end`; `key` is the spot it lands on."""

    key: Hashable
    card: object  # Card or None (face down and unknown)
    start: Rect
    end: Rect
    start_face_up: bool
    end_face_up: bool
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    def frame(self) -> tuple[Rect, bool, float]:
        """Where to draw now, which side shows, and the horizontal squash of a flip (1 = none)."""
        t = self.progress()
        rect = lerp_rect(self.start, self.end, ease_out(t))
        if self.start_face_up == self.end_face_up:
            return rect, self.end_face_up, 1.0
        squash = abs(1 - 2 * t)
        return rect, self.end_face_up if t >= 0.5 else self.start_face_up, max(squash, 0.05)


class Animator:
    """The flights in progress; a spot with a flight is not drawn in place until it lands."""

    def __init__(self) -> None:
        self.flights: list[Flight] = []

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def add(self, flight: Flight) -> None:
        if flight.duration <= 0 and flight.delay <= 0:
            return
        self.flights = [f for f in self.flights if f.key != flight.key]
        self.flights.append(flight)

    def flying(self) -> set[Hashable]:
        return {f.key for f in self.flights}

    def update(self, dt: float) -> None:
        for f in self.flights:
            f.elapsed += dt
        self.flights = [f for f in self.flights if not f.done]

    def clear(self) -> None:
        self.flights = []

    def ordered(self) -> list[Flight]:
        """Flights in drawing order: those that started later on top."""
        return sorted(self.flights, key=lambda f: (f.started, f.delay))


# ----- from events to flights ---------------------------------------------------------------------------------

Before = dict[Hashable, tuple[Rect, bool]]


def _zone_top(layout: Any, zone_id: str | None) -> Rect:
    """Where a card leaves a zone from (or lands in it): its top card, else its empty place."""
    try:
        zone = layout.zone(zone_id or "")
    except KeyError:
        return (0, 0, *layout.card_size)
    return zone.spots[-1].rect if zone.spots else zone.slot


def _hidden_spots(layout: Any, zone_id: str | None) -> list[tuple[Any, Any]]:
    try:
        zone = layout.zone(zone_id or "")
    except KeyError:
        return []
    return [(zone, s) for s in zone.spots if s.card is None]


def event_flights(before: Before, old: Any, new: Any, events: Sequence[Event], duration: float,
                  beat: Callable[[float], float], times: list[float] | None = None, landing: float | None = None
                  ) -> list[Flight]:
    """The flights that show `events` turning the `old` layout into the `new` one.

    `before` is where every card was drawn (and which side showed).  Moved cards fly from where they were (or from
    the top of their source zone) in event order; a flip turns a card over where it lies; dealt and drawn cards
    leave their source one at a time, round the table; anything else that moved (a fan closing up, an undo)
    slides to its new place.  An event's `hold` (the engine's beat, scaled by `beat`) delays what follows.

    A deal event with a count (`value`) deals that many cards, round the table with the other counted ones; one
    without a count deals a single card, after the one before it, and what follows a run of them waits until its
    last card has landed (a deal told card by card, as a game that may stop during its deal tells it).  `landing`:
    when the cards still in flight from the move before land (what follows them waits too).  `times`, if given,
    receives the second at which each event starts to show.
    """
    after: dict[Hashable, tuple[Any, Any]] = {}
    for zone in new.zones:
        for spot in zone.spots:
            after[spot_key(zone, spot)] = (zone, spot)
    flights: list[Flight] = []
    handled: set[Hashable] = set()
    deals: list[tuple[Event, float]] = []
    singles: list[tuple[Event, float]] = []  # deal events of one card each, with the second each one leaves
    moves = [e for e in events if e.cards and e.src and e.dst]
    sequence_gap = duration * 0.45 if len(moves) > 1 else 0.0
    gap = duration * 0.15
    delay = 0.0
    # `landing`: when the last card of a run of single deals lands
    for ev in events:
        single = ev.kind in ("deal", "draw") and bool(ev.dst) and not ev.cards and not isinstance(ev.value, int)
        if landing is not None and not single:
            delay, landing = max(delay, landing), None
        if times is not None:
            times.append(delay)
        if ev.cards and ev.src and ev.dst:
            hidden_slots = _hidden_spots(new, ev.dst)
            for j, card in enumerate(ev.cards):
                if card in after:
                    zone, spot = after[card]
                elif hidden_slots:
                    zone, spot = hidden_slots.pop()
                else:
                    continue
                key = spot_key(zone, spot)
                start, start_up = before.get(card, (_zone_top(old, ev.src), False))
                flights.append(Flight(key, spot.card if spot.face_up else None, start, spot.rect, start_up,
                                      spot.face_up, duration, delay + 0.04 * j))
                handled.add(key)
            delay += sequence_gap
        elif ev.kind == "flip":
            for card in ev.cards:
                if card in after:
                    zone, spot = after[card]
                    flights.append(Flight(card, card, spot.rect, spot.rect, False, True, duration * 0.8,
                                          delay + duration * 0.5))
                    handled.add(card)
        elif single:
            singles.append((ev, delay))
            landing = delay + duration
            delay += gap
        elif ev.kind in ("deal", "draw") and ev.dst:
            deals.append((ev, delay))
        delay += beat(ev.hold)  # the engine's beat: what follows waits
    for k, (ev, base) in enumerate(deals):
        try:
            zone = new.zone(ev.dst or "")
        except KeyError:
            continue
        start = _zone_top(old, ev.src)
        for j, spot in enumerate(zone.spots):
            key = spot_key(zone, spot)
            if key in handled or key in before:
                continue
            flights.append(Flight(key, spot.card, start, spot.rect, False, spot.face_up, duration,
                                  base + (j * len(deals) + k) * gap))
            handled.add(key)
    flights += _single_deals(before, old, new, singles, handled, duration)
    for key, (_zone, spot) in after.items():
        if key in handled or key not in before:
            continue
        start, start_up = before[key]
        if start != spot.rect or start_up != spot.face_up:
            flights.append(Flight(key, spot.card, start, spot.rect, start_up, spot.face_up, duration * 0.7))
    return flights


def _single_deals(before: Before, old: Any, new: Any, singles: Sequence[tuple[Event, float]], handled: set[Hashable],
                  duration: float) -> list[Flight]:
    """The flights of deal events of one card each: each takes the next new card of its zone (in the zone's order:
    which card of a sorted hand came when is not told), leaving when the event does."""
    fresh: dict[str, list[Any]] = {}
    flights = []
    for ev, at in singles:
        zone_id = ev.dst or ""
        if zone_id not in fresh:
            try:
                zone = new.zone(zone_id)
            except KeyError:
                fresh[zone_id] = []
                continue
            fresh[zone_id] = [(zone, s) for s in zone.spots if spot_key(zone, s) not in handled
                              and spot_key(zone, s) not in before]
        if not fresh[zone_id]:
            continue
        zone, spot = fresh[zone_id].pop(0)
        key = spot_key(zone, spot)
        flights.append(Flight(key, spot.card, _zone_top(old, ev.src), spot.rect, False, spot.face_up, duration, at))
        handled.add(key)
    return flights


def deal_flights(layout: Any, duration: float) -> list[Flight]:
    """A new deal: cards fly from the layout's `deal_from` zone to their places, round by round, then turn up."""
    source = layout.deal_from
    if source is None or duration <= 0:
        return []
    origin = _zone_top(layout, source)
    dealt = [(spot.index, n, zone, spot) for n, zone in enumerate(layout.zones) if zone.id != source
             for spot in zone.spots]
    dealt.sort(key=lambda t: (t[0], t[1]))
    gap = duration * 0.18
    return [Flight(spot_key(zone, spot), spot.card, origin, spot.rect, False, spot.face_up, duration, k * gap)
            for k, (_, _, zone, spot) in enumerate(dealt)]


class Stage(Protocol):
    """What a choreography plays on: the table scene (or the replay)."""

    layout: Any

    @property
    def animation_seconds(self) -> float: ...

    def set_layout(self, layout: Any) -> None: ...

    def build_layout(self) -> Any: ...

    def drawn_at(self) -> Before: ...


class Choreography:
    """A table's animation: the flights of each move's events, and the pictures held between them.

    When an event holds (`Event.hold`, the engine's beat) with the engine's picture of it (`Event.snapshot`), that
    picture shows for the beat, then the events up to the next held picture play out, and the last towards the real
    state.  `when_landed` tells when the flights in the air have all landed (the table shows a move's words then).
    """

    def __init__(self, stage: Stage, normal: float, on_events: Callable[[Sequence[Event]], None] | None = None
                 ) -> None:
        self.stage = stage
        self.normal = normal  # the speed holds are given at
        self.on_events = on_events  # told each stretch of events as it starts to show (the table's sounds)
        self.animator = Animator()
        #: Events still to play after a held picture, its beat, and the next picture to hold (None: the real one).
        self.stages: list[tuple[list[Event], float, Any]] = []
        self.waited = 0.0
        #: What to do once the flights in the air when it was asked have landed.
        self.landing: list[tuple[list[Flight], Callable[[], None]]] = []

    def when_landed(self, then: Callable[[], None]) -> None:
        """Do `then` once every flight now in the air has landed (flights added later, by a move played while these
        fly, are not waited for): at once when none is (or the speed is instant); at the latest when the animation
        is skipped (`finish`).  What waits is done in the order it was asked for."""
        if self.animator.busy:
            self.landing.append((list(self.animator.flights), then))
        else:
            then()

    def _land(self, everything: bool = True) -> None:
        """Do what waited: everything, or only what waited for flights that have all landed (in order: a move's
        words never come before an earlier move's)."""
        flying = {id(f) for f in self.animator.flights}  # (the flights waited for are kept, so no id is reused)
        # A card a later move sent on from where it was drawn (its flight replaced) is still in the air.
        cards = {f.key for f in self.animator.flights}
        due = 0
        while due < len(self.landing) and (everything or not any(id(f) in flying or (f.key in cards and not f.done)
                                                                 for f in self.landing[due][0])):
            due += 1
        calls, self.landing = self.landing[:due], self.landing[due:]
        for _, call in calls:
            call()

    @property
    def busy(self) -> bool:
        return self.animator.busy or bool(self.stages)

    @property
    def under_way(self) -> bool:
        """Nothing is held and every card in flight has left (a brisk decision need not wait for them to land)."""
        return not self.stages and all(f.started for f in self.animator.flights)

    def beat(self, hold: float) -> float:
        """An event's hold (given at normal speed) at the chosen animation speed."""
        return hold * self.stage.animation_seconds / self.normal

    def animate(self, before: Before, old: Any, new: Any, events: Sequence[Event]) -> list[float]:
        """Show `new`, with the flights that take the cards there from where they were drawn.  Returns the second
        (from now) at which each event has been shown: its start, or for cards that move, when the last one lands."""
        if events and self.on_events is not None:
            self.on_events(events)
        self.stage.set_layout(new)
        duration = self.stage.animation_seconds
        if duration <= 0:
            self.animator.clear()
            return [0.0] * len(events)
        times: list[float] = []
        flying = [f.delay + f.duration - f.elapsed for f in self.animator.flights]  # a brisk move's, still landing
        for flight in event_flights(before, old, new, events, duration, self.beat, times, max(flying, default=None)):
            self.animator.add(flight)
        return [t + (duration + 0.04 * (len(ev.cards) - 1) if ev.cards and ev.src and ev.dst else 0.0)
                for t, ev in zip(times, events, strict=True)]

    def hold(self, before: Before, old: Any, pictures: Sequence[tuple[int, Any]], events: Sequence[Event]) -> None:
        """Animate `events` up to the first held one into its picture (`pictures`: the index of each held event and
        the layout to hold after it); each later stretch waits the beat before it, then animates into the next
        picture, the last into the real state."""
        at, held = pictures[0]
        self.animate(before, old, held, events[:at + 1])
        for k, (at, _) in enumerate(pictures):
            end, picture = pictures[k + 1] if k + 1 < len(pictures) else (len(events) - 1, None)
            self.stages.append((list(events[at + 1:end + 1]), self.beat(events[at].hold), picture))
        self.waited = 0.0

    def finish(self) -> None:
        """Skip what is still moving or held: jump to the real state."""
        if self.stages:
            self.stages.clear()
            self.stage.set_layout(self.stage.build_layout())
        self.animator.clear()
        self._land()

    def update(self, dt: float) -> None:
        self.animator.update(dt)
        if self.landing:
            self._land(everything=False)
        if not self.stages or self.animator.busy:
            return
        self.waited += dt
        events, pause, picture = self.stages[0]
        if self.waited < pause:
            return
        self.stages.pop(0)
        self.waited = 0.0
        new = picture if picture is not None else self.stage.build_layout()
        self.animate(self.stage.drawn_at(), self.stage.layout, new, events)
