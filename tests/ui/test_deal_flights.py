"""A deal told card by card (one event per card, as a game that may stop in its deal tells it): each card leaves the
deck after the one before, and what follows the deal waits until its last card has landed."""

from __future__ import annotations

from cardtable.core.engine import Event
from cardtable.core.layout import Spot, TableLayout, Zone
from cardtable.ui.table.animate import event_flights

CARD = (40, 56)
DURATION = 0.25
GAP = DURATION * 0.15


def table(dealt: int) -> TableLayout:
    """Two hands of `dealt` face-down cards each, and the deck with what is left of six."""
    zones = [Zone("deck", "pile", (300, 10, *CARD), [Spot(None, False, (300, 10, *CARD), i)
                                                    for i in range(6 - 2 * dealt)])]
    for seat in range(2):
        y = 200 + 100 * seat
        zones.append(Zone(f"hand{seat}", "hand", (10, y, *CARD),
                          [Spot(None, False, (10 + 20 * i, y, *CARD), i) for i in range(dealt)]))
    return TableLayout(zones, CARD, deal_from="deck")


def test_each_card_of_a_deal_told_card_by_card_leaves_after_the_one_before():
    events = [Event("deal", src="deck", dst=f"hand{k % 2}", seat=k % 2) for k in range(6)]
    events.append(Event("koth", seat=1))
    times: list[float] = []
    flights = event_flights({}, table(0), table(3), events, DURATION, lambda hold: hold, times)
    assert sorted(round(f.delay, 4) for f in flights) == [round(k * GAP, 4) for k in range(6)]
    assert [round(t, 4) for t in times[:6]] == [round(k * GAP, 4) for k in range(6)]
    assert times[6] >= 5 * GAP + DURATION, "what follows the deal waits for its last card to land"


def test_what_follows_waits_for_the_cards_still_in_flight_from_the_move_before():
    events = [Event("koth", seat=1)]
    times: list[float] = []
    event_flights({}, table(3), table(3), events, DURATION, lambda hold: hold, times, landing=0.2)
    assert times == [0.2]
