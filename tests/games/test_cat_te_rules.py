"""Cat Te rules, one test (or a few) per rule of shared/rules/cat-te.md.

Every test's docstring quotes the rule text it traces, and `test_every_rule_is_traced` checks that every rule
sentence of the rules file is quoted by some test here (markdown emphasis and code marks left out).

Positions are built from position text (`cardtable.games.cat_te.notation`): `position` writes the text of a first
round just dealt, the antes paid, with hands given as card codes, seat 0 first (the rest of the deck undealt), and
`changed` rewrites some lines of a state's text.  The instant wins are checked by the engine as it opens a round,
which a position (the state after the opening) cannot show: `opened` opens one with chosen hands.  Moves are card
codes: "QS" plays the queen of spades face up, "~QS" folds it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardtable.core.cards import Card, standard_deck
from cardtable.core.engine import Event, IllegalAction
from cardtable.core.words import Names
from cardtable.games.cat_te import GAME
from cardtable.games.cat_te.rules import (
    CLAIM,
    DEAL_AGAIN,
    FOUR_OF_A_KIND,
    LOW_HAND,
    ONE_SUIT,
    REGIONS,
    RULES,
    STOP,
    STRENGTH,
    CatTeState,
    ChooseRegion,
    ClaimSidePot,
    DealAgain,
    Fold,
    Play,
    Stop,
    claim_card,
    instant_win,
)
from tests.rule_trace import traces, untraced_rules

# ----- helpers ---------------------------------------------------------------------------------


def C(code: str) -> Card:  # noqa: N802 - reads like a card literal
    return Card.from_code(code)


def cards(text: str) -> list[Card]:
    return [Card.from_code(c) for c in text.split()]


def new(players: int = 4, **options: Any) -> CatTeState:
    """A new session whose first round is being played (no instant win in its deal)."""
    for seed in range(200):
        state = RULES.new_game(players, options, seed=seed)
        if state.phase == "play":
            return state
    raise AssertionError("every deal had an instant win")


def position(hands: list[str], dealer: int = 0, side_card: str | None = None, **options: Any) -> CatTeState:
    """The first round just dealt with these hands (seat 0 first) and `dealer`, the stakes paid, no card played; the
    side pot's card, when the side pot is on, is `side_card` (or the first undealt card); the session's seed is the
    first whose own first deal has no instant win (`new`)."""
    players = len(hands)
    chosen = RULES.validate_options(options)
    held = [cards(h) for h in hands]
    used = {c for h in held for c in h}
    assert len(used) == sum(len(h) for h in held)
    rest = [c for c in standard_deck() if c not in used]
    side = "-"
    if chosen["side_pot"]:
        turned = C(side_card) if side_card is not None else rest[0]
        rest.remove(turned)
        side = turned.code
    stake = chosen["ante"] + chosen["side_pot"]
    return GAME.notation.from_text(f"""
        cat_te {players}
        options: {" ".join(f"{name}={value}" for name, value in chosen.items())}
        seed: {new(players, **options).seed}
        region: {chosen["region"]}
        round: 1
        dealer: {dealer}
        phase: play
        turn: {dealer}
        chips: {" ".join([str(chosen["chips"] - stake)] * players)}
        pot: {chosen["ante"] * players}
        side pot: {players if chosen["side_pot"] else 0}
        out: -
        hands: {" | ".join(hands)}
        played: {" | ".join(["-"] * players)}
        deck: {" ".join(c.code for c in rest)}
        trick: 1
        leader: {dealer}
        trick winners: -
        eliminated: -
        limits: {" | ".join(["-"] * players)}
        side card: {side}
        side claim: -
        side amount: 0
        instant: -
    """)


def opened(hands: list[str], dealer: int = 0, **options: Any) -> CatTeState:
    """`position`'s round opened by the engine with its hands, as a deal opens one: instant wins checked."""
    state = position(hands, dealer, **options)
    state._open_round([list(h) for h in state.hands], list(state.deck), [])
    return state


def changed(state: CatTeState, **lines: str) -> CatTeState:
    """`state` read back from its position text with some lines given anew (a key's spaces written `_`)."""
    rows = []
    for row in GAME.notation.to_text(state).splitlines():
        key = row.partition(":")[0].replace(" ", "_")
        rows.append(f"{row.partition(':')[0]}: {lines.pop(key)}" if key in lines else row)
    assert not lines, lines
    return GAME.notation.from_text("\n".join(rows))


def act(state: CatTeState, *moves: str) -> list[Event]:
    """Play each move in turn: a card code plays it face up, "~code" folds it."""
    events: list[Event] = []
    for move in moves:
        action = Fold(C(move[1:])) if move.startswith("~") else Play(C(move))
        events += state.apply(action)
    return events


def refused(state: CatTeState, action: Any) -> str:
    """The narration's sentence for the engine's refusal of `action` (which must be refused, changing nothing)."""
    with pytest.raises(IllegalAction) as refusal:
        state.apply(action)
    return GAME.narration.refusal(refusal.value, Names.seats(state.n))


def said(event: Event, players: int = 4) -> str:
    """What the table says of `event`, the seats called by number."""
    spoken = GAME.narration.event(event, Names.seats(players))
    return spoken.text if spoken is not None else ""


def finish_round(state: CatTeState) -> None:
    """Play the round out with the first legal action each time."""
    while state.phase == "play":
        state.apply(state.legal_actions()[0])


def cards_in(data: Any) -> set[Card]:
    """Every card anywhere in a view."""
    if isinstance(data, Card):
        return {data}
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, (list, tuple)):
        return set().union(*map(cards_in, data)) if data else set()
    return set()


def plays(state: CatTeState) -> set[str]:
    return {a.card.code for a in state.legal_actions() if isinstance(a, Play)}


def folds(state: CatTeState) -> set[str]:
    return {a.card.code for a in state.legal_actions() if isinstance(a, Fold)}


def every_card(state: CatTeState) -> Counter:
    found = [c for h in state.hands for c in h] + [c for p in state.piles for c, _ in p] + list(state.deck)
    if state.side_card is not None:
        found.append(state.side_card)
    return Counter(found)


# The Khmer round of three players used by several tests: seat 0 takes the first five tricks, seat 2 the sixth.
KHMER = ["AS KS QS JS 10S 2H", "3S 4S 5S 6S 7S 3H", "8S 9S 2D 3D 4D AH"]
KHMER_MOVES = ("AS", "3S", "8S", "KS", "4S", "9S", "QS", "5S", "~2D", "JS", "6S", "~3D", "10S", "7S", "~4D",
               "2H", "3H", "AH")

# A Laos round of four players: seat 3 takes none of the first four tricks and is eliminated; seat 2 wins the
# fourth and leads the face-down fifth, which seat 0 wins; seat 0 then wins the sixth.
LAOS = ["AS KS 2H 3H 4C 5C", "AH KH QS 2S 6C 7C", "AD 2D 8C 9C 3S 4S", "5D 6D 7D 8D 6H 7H"]
LAOS_FIRST_FOUR = ("AS", "~6C", "~9C", "~5D",  # seat 0 wins
                   "2H", "AH", "~8C", "6H",  # seat 1 wins
                   "2S", "4S", "~6D", "~3H",  # seat 2 wins
                   "AD", "7D", "~4C", "~7C")  # seat 2 wins

# Seat 0 takes the first four tricks (the others hold no spade).
SWEEP = ["AS KS QS JS 2H 3H", "2C 3C 4C 6D 7D 8D", "9C 10C JC QC 9D 10D", "KC AC JD QD KD AD"]
SWEEP_MOVES = ("AS", "~2C", "~9C", "~KC", "KS", "~3C", "~10C", "~AC", "QS", "~4C", "~JC", "~JD",
               "JS", "~6D", "~QC", "~QD")


# ----- cards and players -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@traces("cat_te:cards.rank", "cat_te:deal.six")
def test_the_deal(players: int) -> None:
    """Standard 52-card deck, A high … 2 low.  Six cards each; the rest of the deck is not used."""
    for seed in range(10):
        state = RULES.new_game(players, seed=seed)
        assert [len(h) for h in state.hands] == [6] * players
        assert every_card(state) == Counter(standard_deck())
        assert len(state.deck) == 52 - 6 * players
        assert state.side_card is None
        assert RULES.new_game(players, seed=seed).hands == state.hands  # the seed reproduces the deal
    finish_round(state)
    assert len(state.deck) == 52 - 6 * players  # never drawn from


@traces("cat_te:cards.rank")
def test_ace_high_two_low() -> None:
    """Standard 52-card deck, A high … 2 low."""
    assert STRENGTH[C("AH")] > STRENGTH[C("KH")] > STRENGTH[C("3H")] > STRENGTH[C("2H")]
    state = position(["KH 2S 3S 4S 5S 6C", "AH 7S 8S 9S 2C 3C", "2H JS QS KS 4C 5C"], instant_wins=False)
    act(state, "KH", "AH", "2H")
    assert state.last_winner == 1


@traces("cat_te:players")
def test_players_and_default() -> None:
    """2 to 6 players (default 4)."""
    assert RULES.players == range(2, 7)
    assert RULES.new_game(seed=1).n == 4
    for wrong in (1, 7):
        with pytest.raises(ValueError, match="2-6 players"):
            RULES.new_game(wrong, seed=1)


@traces("cat_te:cards.no-trump", "cat_te:trick.sixth")
def test_no_trump_and_suits_unranked() -> None:
    """Suits have no ranking.  No trump.  Sixth trick: any card may be played face up, suit does not bind; the
    highest card of the led suit still wins."""
    state = position(["AS KS QS JS 10S 2D", "3S 4S 5S 6S 7S AC", "8S 9S 2H 3H 4H AH"])
    act(state, "AS", "3S", "8S", "KS", "4S", "9S", "QS", "5S", "~2H", "JS", "6S", "~3H", "10S", "7S", "~4H")
    assert state.trick_no == 6
    act(state, "2D")
    assert plays(state) == {"AC"}  # suit does not bind: the ace of clubs may be played face up
    act(state, "AC", "AH")
    assert state.round_winner == 0  # the two of the led suit beats two aces of other suits
    assert [(s, c.code, up) for s, c, up in state.last_trick] == [(0, "2D", True), (1, "AC", True),
                                                                   (2, "AH", True)]


@traces("cat_te:option.region", "cat_te:option.region.change")
def test_region_option_and_its_change() -> None:
    """Region (chosen at the table, shown in the status bar, cyclable there before the first card is played):
    Khmer, Laos, Vietnamese."""
    option = next(o for o in RULES.options if o.name == "region")
    assert option.choices == REGIONS == ("khmer", "laos", "vietnamese")
    assert [option.choice_label(r) for r in REGIONS] == ["Khmer", "Laos", "Vietnamese"]
    assert option.default == "khmer"
    state = position(KHMER)
    view = state.view(0)
    assert view["region_name"] == "Khmer" and view["region_changeable"]
    assert view["legal"]["regions"] == ["laos", "vietnamese"]
    assert ChooseRegion("laos") in state.legal_actions()
    events = state.apply(ChooseRegion("laos"))
    assert state.region == "laos" and state.turn == 0  # the lead stays with the dealer
    assert said(events[0]) == "Region: Laos."
    state.apply(ChooseRegion("vietnamese"))
    state.apply(ChooseRegion("khmer"))  # round and round
    state.apply(ChooseRegion("vietnamese"))
    assert state.view(None)["region_name"] == "Vietnamese"
    assert "already Vietnamese" in refused(state, ChooseRegion("vietnamese"))
    assert "no region 'mars'" in refused(state, ChooseRegion("mars"))
    act(state, "AS")
    assert not any(isinstance(a, ChooseRegion) for a in state.legal_actions())
    assert not state.view(1)["region_changeable"]
    assert "before the first card of the round" in refused(state, ChooseRegion("khmer"))
    finish_round(state)
    state.apply(DEAL_AGAIN)
    assert state.region == "vietnamese"  # the table's region holds for the next rounds
    assert RULES.new_game(3, {"region": "laos"}, seed=1).region == "laos"


# ----- instant wins ----------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "kind"), [
    ("5S 5H 5D 5C 9S JH", FOUR_OF_A_KIND),
    ("AS AH AD AC KS QH", FOUR_OF_A_KIND),
    ("2H 5H 7H 9H JH KH", ONE_SUIT),
    ("AS 2H 3D 4C 5S 2C", LOW_HAND),
    ("AS AH 3D 4C 5S 5C", LOW_HAND),
    ("6S 2H 3D 4C 5S AC", None),
    ("2H 5H 7H 9H JH KS", None),
    ("5S 5H 5D 9C 9S JH", None),
])
@traces("cat_te:instant")
def test_instant_win_hands(hand: str, kind: str | None) -> None:
    """Right after the deal, a hand with four of a kind, six cards of one suit, or six cards all of rank 5 or lower
    (A counts low here) wins the round at once."""
    assert instant_win(cards(hand)) == kind


@traces("cat_te:instant", "cat_te:instant.shown", "cat_te:option.instant")
def test_an_instant_win_ends_the_round_at_once() -> None:
    """Instant wins (table option, on by default).  Right after the deal, a hand with four of a kind, six cards of
    one suit, or six cards all of rank 5 or lower (A counts low here) wins the round at once."""
    assert RULES.validate_options({})["instant_wins"] is True
    hands = ["2S 3S 4S 6D 7D 8D", "5S 5H 5D 5C 9S JH", "9C 10C JC QC 9D 10D"]
    state = opened(hands)
    assert state.phase == "between" and state.turn == 1
    assert state.instant == (1, FOUR_OF_A_KIND)
    assert state.chips == [95, 95 + 15, 95] and state.pot == 0
    record = state.records[-1]
    assert (record.winner, record.how, record.hand, record.pot) == (1, "instant", FOUR_OF_A_KIND, 15)
    view = state.view(0)
    assert view["instant"] == {"seat": 1, "kind": FOUR_OF_A_KIND}
    assert set(view["hands"][1]) == set(cards("5S 5H 5D 5C 9S JH"))  # shown to everyone
    assert view["hands"][2] == [None] * 6
    off = opened(hands, instant_wins=False)
    assert off.phase == "play" and off.instant is None and off.turn == 0


@pytest.mark.parametrize(("dealer", "winner"), [(0, 1), (1, 3), (2, 3), (3, 1)])
@traces("cat_te:instant.several")
def test_several_instant_wins(dealer: int, winner: int) -> None:
    """Several: the first in turn order starting at the dealer's left (the dealer last) wins."""
    hands = ["2S 3S 4S 6D 7D 8D", "2H 5H 7H 9H JH KH", "9C 10C JC QC 9D 10D", "AS 2C 3D 4C 5S 2D"]
    state = opened(hands, dealer=dealer)
    assert state.instant is not None and state.instant[0] == winner
    assert state.round_winner == winner


# ----- tricks ----------------------------------------------------------------------------------


@traces("cat_te:lead")
def test_the_dealer_leads_and_winners_lead_next() -> None:
    """The dealer leads the first trick; each trick's winner leads the next."""
    state = position(KHMER, dealer=1)
    assert state.turn == state.leader == 1
    act(state, "3S", "8S", "AS")  # seat 0 wins the first trick
    assert state.last_winner == 0 and state.turn == state.leader == 0
    assert state.view(2)["leader"] == 0 and state.view(2)["trick"] == 2


@traces("cat_te:turn.order")
def test_turn_order_is_seat_order() -> None:
    """Turn order is seat order (the next seat is the dealer's left)."""
    state = position(SWEEP, dealer=2, instant_wins=False)
    seen = []
    for move in ("9C", "~KC", "~AS", "~2C"):
        seen.append(state.turn)
        act(state, move)
    assert seen == [2, 3, 0, 1]


@traces("cat_te:lead.face-up")
def test_the_leader_plays_face_up() -> None:
    """The leader always plays face up."""
    state = position(KHMER)
    assert folds(state) == set() and plays(state) == {"AS", "KS", "QS", "JS", "10S", "2H"}
    assert "The leader always plays face up" in refused(state, Fold(C("2H")))
    act(state, "2H")
    assert state.piles[0] == [(C("2H"), True)]


@traces("cat_te:follow", "cat_te:fold")
def test_following_suit_or_folding() -> None:
    """Following: a player holding the led suit must play a card of it face up, or fold."""
    state = position(KHMER)
    act(state, "KS")
    assert plays(state) == {"3S", "4S", "5S", "6S", "7S"}  # none beats the king: any spade
    assert folds(state) == {"3S", "4S", "5S", "6S", "7S", "3H"}
    assert "does not follow suit: spades were led" in refused(state, Play(C("3H")))
    act(state, "~3H")
    assert state.piles[1] == [(C("3H"), False)]


@traces("cat_te:follow.void")
def test_without_the_led_suit_a_player_must_fold() -> None:
    """A player without the led suit must fold."""
    state = position(KHMER)
    act(state, "AS", "3S", "8S", "KS", "4S", "9S", "QS", "5S")
    assert plays(state) == set()
    assert folds(state) == {"2D", "3D", "4D", "AH"}
    assert "holds no spades, the led suit, so must fold" in refused(state, Play(C("2D")))


@traces("cat_te:fold.never-wins", "cat_te:fold.hidden")
def test_a_folded_card_never_wins() -> None:
    """Fold: play any card face down.  A folded card can never win."""
    state = position(KHMER)
    act(state, "10S", "~7S", "~AH")
    assert state.last_winner == 0
    state2 = position(["2S 3D 4D 5D 6D 7D", "AS 8H 9H 10H JH QH", "3S 2C 3C 4C 5C 6C"], instant_wins=False)
    act(state2, "2S", "~AS", "3S")
    assert state2.last_winner == 2  # the folded ace of the led suit does not win
    view = state2.view(0)
    assert view["played"][1][0] == {"card": None, "face_up": False, "trick": 1, "folded": True}
    assert state2.view(1)["played"][1][0]["card"] == C("AS")  # its owner sees it


@traces("cat_te:fold")
def test_folding_is_allowed_at_any_time() -> None:
    """Folding is allowed at any time, even holding the led suit."""
    state = position(KHMER)
    act(state, "AS")
    assert "3S" in folds(state) and "3S" in plays(state)
    act(state, "~3S", "~8S")
    assert state.last_winner == 0
    act(state, "KS", "~4S", "~9S", "QS", "~5S", "~2D", "JS", "~6S", "~3D", "10S", "~7S", "~4D", "2H")
    assert folds(state) == {"3H"}  # the sixth trick too
    act(state, "~3H", "~AH")
    assert state.round_winner == 0


@traces("cat_te:must-beat", "cat_te:option.must-beat")
def test_must_beat() -> None:
    """Must beat (table option, on by default as in the seed's implementation notes; off = the traditional rule): a
    player who follows suit face up must beat the best card so far if any of their cards of the led suit can."""
    assert RULES.validate_options({})["must_beat"] is True
    hands = ["10H 2S 3S 4S 5S 6C", "4H QH 8S 9S 2C 3C", "JH 5H 2D 3D 4D 7C"]
    state = position(hands, instant_wins=False)
    act(state, "10H")
    assert plays(state) == {"QH"}  # the four cannot beat the ten, the queen can
    assert "Must beat: 4♥ does not beat 10♥" in refused(state, Play(C("4H")))
    assert "4H" in folds(state)
    act(state, "QH")
    assert plays(state) == {"JH", "5H"}  # neither beats the queen (the best so far, not the led card)
    act(state, "5H")
    assert state.last_winner == 1
    off = position(hands, instant_wins=False, must_beat=False)
    act(off, "10H")
    assert plays(off) == {"4H", "QH"}
    act(off, "4H")
    assert plays(off) == {"JH", "5H"}
    act(off, "JH")
    assert off.last_winner == 2


@traces("cat_te:trick.winner")
def test_the_highest_face_up_card_of_the_led_suit_wins() -> None:
    """The highest face-up card of the led suit wins the trick."""
    state = position(["9H 2S 3S 4S 5S 6C", "QH 8S 9S 2C 3C 7C", "KH 5H 2D 3D 4D 8C"], must_beat=False,
                     instant_wins=False)
    act(state, "9H", "QH", "~KH")
    assert state.last_winner == 1
    assert state.won == [0, 1, 0] and state.view(None)["tricks_won"] == [0, 1, 0]


# ----- regions ---------------------------------------------------------------------------------


@traces("cat_te:khmer", "cat_te:pot")
def test_khmer_the_sixth_trick_wins() -> None:
    """Khmer: six tricks; the winner of the sixth trick wins the round.  Other tricks only decide the lead."""
    state = position(KHMER)
    act(state, *KHMER_MOVES[:12])
    assert state.won == [4, 0, 0] and not any(state.eliminated) and state.phase == "play"  # no sweep, no one out
    events = act(state, *KHMER_MOVES[12:])
    assert state.won == [5, 0, 1]
    assert state.round_winner == 2 and state.phase == "between" and state.turn == 2
    assert state.chips == [95, 95, 95 + 15]
    assert state.records[-1].how == "last trick"
    assert any(e.kind == "win" and e.seat == 2 and e.hold > 0 for e in events)


@pytest.mark.parametrize("region", ["laos", "vietnamese"])
@traces("cat_te:sweep", "cat_te:sweep.double")
def test_a_sweep_wins_at_once_paid_double(region: str) -> None:
    """Laos and Vietnamese: after the fourth trick, - a player who won all four tricks wins the round at once (with 4
    or more players at the deal they are paid double); the double payment for a four-trick sweep is an extra ante
    from each other player."""
    state = position(SWEEP, region=region, instant_wins=False)
    assert state.pot == 20
    act(state, *SWEEP_MOVES)
    assert state.phase == "between" and state.round_winner == 0
    assert state.chips == [95 + 20 + 15, 90, 90, 90]
    record = state.records[-1]
    assert (record.how, record.pot, record.double) == ("sweep", 20, 15)
    three = position(SWEEP[:3], region=region, instant_wins=False)
    act(three, *[m for m in SWEEP_MOVES if m not in ("~KC", "~AC", "~JD", "~QD")])
    assert three.round_winner == 0 and three.records[-1].how == "sweep"
    assert three.chips == [95 + 15, 95, 95]  # three players: not doubled
    khmer = position(SWEEP, instant_wins=False)
    act(khmer, *SWEEP_MOVES)
    assert khmer.phase == "play" and khmer.trick_no == 5  # no sweep in Khmer


@traces("cat_te:sweep.short")
def test_a_player_who_cannot_pay_a_double_pays_what_they_have() -> None:
    """a player who cannot pay a double pays what they have."""
    state = changed(position(SWEEP, region="laos", instant_wins=False), chips="95 2 95 95")
    act(state, *SWEEP_MOVES)
    assert state.chips[1] == 0 and state.records[-1].double == 12
    assert state.chips[0] == 95 + 20 + 12


@traces("cat_te:eliminated", "cat_te:fifth.lead")
def test_elimination_after_the_fourth_trick() -> None:
    """- otherwise every player who won none of the first four is eliminated, and the others continue. - Fifth
    trick: the winner of the fourth trick leads face up"""
    state = position(LAOS, region="laos")
    events = act(state, *LAOS_FIRST_FOUR)
    assert state.won == [1, 1, 2, 0]
    assert state.eliminated == [False, False, False, True]
    assert any(e.kind == "out" and e.seat == 3 for e in events)
    assert state.view(None)["eliminated"] == [False, False, False, True]
    assert state.trick_no == 5 and state.turn == state.leader == 2
    assert state.face_down
    assert folds(state) == set()  # the leader plays face up
    act(state, "3S")
    assert state.piles[2][-1] == (C("3S"), True)
    assert state.view(1)["played"][2][4]["card"] == C("3S")
    assert state.turn == 0  # seat 3 is skipped


@traces("cat_te:fifth.hidden", "cat_te:fifth.turn-over")
def test_the_fifth_trick_is_played_face_down() -> None:
    """the other remaining players play face down and all are turned over together after everyone has played
    (followers do not see each other's card)."""
    state = position(LAOS, region="laos")
    act(state, *LAOS_FIRST_FOUR, "3S")
    events = act(state, "KS")
    assert said(events[0]) == "Seat 1 plays a card face down." and "K" not in said(events[0])
    for viewer in (1, 2, 3, None):
        entry = state.view(viewer)["played"][0][4]
        assert entry == {"card": None, "face_up": False, "trick": 5, "folded": None}  # not even play or fold
        assert state.view(viewer)["current"][1]["card"] is None
    assert state.view(0)["played"][0][4] == {"card": C("KS"), "face_up": False, "trick": 5, "folded": False}
    assert state.view(1)["face_down_trick"]
    events = act(state, "QS")
    flip = next(e for e in events if e.kind == "flip")
    assert flip.cards == (C("KS"), C("QS")) and flip.hold > 0
    assert events.index(flip) < next(i for i, e in enumerate(events) if e.kind == "trick")
    assert state.last_winner == 0
    for viewer in (1, 2, 3):
        assert state.view(viewer)["played"][0][4] == {"card": C("KS"), "face_up": True, "trick": 5,
                                                      "folded": False}


@traces("cat_te:fifth.follow", "cat_te:fifth.turn-over", "cat_te:fifth.sixth")
def test_a_fifth_trick_fold_stays_face_down() -> None:
    """The following rules still apply (follow the led suit or fold; must-beat is judged against the leader's card
    alone). - The winner of the fifth trick leads the sixth; its winner wins the round."""
    state = position(LAOS, region="laos")
    act(state, *LAOS_FIRST_FOUR, "3S")
    assert plays(state) == {"KS"} and folds(state) == {"KS", "5C"}
    assert "does not follow suit" in refused(state, Play(C("5C")))
    act(state, "KS")
    assert plays(state) == {"QS"}  # judged against the 3♠ led, not the hidden K♠: the queen must be played
    assert state.view(1)["legal"]["play"] == [C("QS")]
    act(state, "~QS")
    assert state.view(2)["played"][1][4] == {"card": None, "face_up": False, "trick": 5, "folded": True}
    assert state.turn == state.leader == 0  # the fifth trick's winner leads the sixth
    act(state, "5C", "KH", "2D")
    assert state.round_winner == 0 and state.records[-1].how == "last trick"
    assert state.chips == [95 + 20, 95, 95, 95]
    assert state.records[-1].eliminated == (3,)


@traces("cat_te:eliminated")
def test_eliminated_seats_never_act_again() -> None:
    """- otherwise every player who won none of the first four is eliminated, and the others continue."""
    state = position(LAOS, region="vietnamese")
    act(state, *LAOS_FIRST_FOUR)
    turns = []
    for move in ("3S", "KS", "QS", "5C", "KH", "2D"):
        turns.append(state.turn)
        act(state, move)
    assert 3 not in turns
    assert len(state.hands[3]) == 2 and state.view(0)["hands"][3] == [None, None]


# ----- stakes ----------------------------------------------------------------------------------


@traces("cat_te:stakes.ante", "cat_te:option.chips", "cat_te:option.ante")
def test_chips_and_the_ante() -> None:
    """Every player starts with 100 chips (table option).  Before each deal, everyone puts the ante (default 5) into
    the pot."""
    options = {o.name: o for o in RULES.options}
    assert options["chips"].default == 100 and options["ante"].default == 5
    state = new(4)
    assert state.chips == [95] * 4 and state.pot == 20
    rich = new(3, chips=200, ante=10)
    assert rich.chips == [190] * 3 and rich.pot == 30
    finish_round(state)
    winner = state.round_winner
    assert state.chips[winner] >= 115 and state.pot == 0
    state.apply(DEAL_AGAIN)
    assert sum(state.chips) + state.pot == 400
    assert state.pot == 20 or state.phase == "between"  # (an instant win may take it at once)


@traces("cat_te:deal.dealer", "cat_te:pot")
def test_the_winner_takes_the_pot_and_deals_next() -> None:
    """The round's winner takes the pot; Seat 0 deals the first round; the winner of a round (an instant winner
    too) deals the next."""
    for players in range(2, 7):
        state = RULES.new_game(players, seed=3)
        assert state.dealer == 0
    state = position(KHMER)
    act(state, *KHMER_MOVES)
    assert state.chips[2] == 95 + 15 and state.dealer == 2
    events = state.apply(DEAL_AGAIN)
    assert state.dealer == 2 and events[0].kind == "move"  # the last round's cards go back first
    assert any(e.kind == "shuffle" for e in events)
    assert state.turn == 2 or state.phase == "between"
    instant = opened(["2S 3S 4S 6D 7D 8D", "5S 5H 5D 5C 9S JH", "9C 10C JC QC 9D 10D"])
    assert instant.dealer == 1 and instant.turn == 1
    instant.apply(DEAL_AGAIN)
    assert instant.dealer == 1


@traces("cat_te:stakes.drop-out")
def test_a_player_short_of_the_ante_drops_out() -> None:
    """A player with fewer chips than the ante drops out of the session"""
    state = position(KHMER, instant_wins=False)
    act(state, *KHMER_MOVES)
    state = changed(state, chips=f"{state.chips[0]} 4 {state.chips[2]}")
    events = state.apply(DEAL_AGAIN)
    assert state.out == [False, True, False]
    assert any(e.kind == "out" and e.seat == 1 for e in events)
    assert state.hands[1] == [] and not state.dealt[1] and state.pot == 10
    assert state.chips[1] == 4  # keeps what it has
    seen = set()
    while state.phase == "play":
        seen.add(state.turn)
        state.apply(state.legal_actions()[0])
    assert seen == {0, 2}
    state = changed(state, chips=f"{state.chips[0]} 50 {state.chips[2]}")
    state.apply(DEAL_AGAIN)
    assert state.out[1] and not state.dealt[1]  # for good


@traces("cat_te:goal", "cat_te:session.stop", "cat_te:session.end")
def test_the_session_ends() -> None:
    """The session ends when the players stop or only one player has chips; the standings show chips won and
    lost."""
    state = position(KHMER)
    act(state, *KHMER_MOVES)
    assert state.legal_actions() == [DEAL_AGAIN, STOP]
    assert state.view(2)["legal"]["stop"] and state.view(2)["legal"]["deal_again"]
    events = state.apply(STOP)
    assert state.is_over() and state.phase == "over" and events[-1].kind == "over"
    result = state.result()
    assert result.scores == [-5.0, -5.0, 10.0] and result.winners == [2]
    assert result.values is not None and result.values["over"] and result.values["chips"] == (95, 95, 110)
    assert state.view(0)["net"] == [-5, -5, 10]
    assert "The session is over" in refused(state, DEAL_AGAIN)

    two = position(["AS KS QS JS 10S AH", "2C 3C 4C 6C 2D 3D"])
    two.chips[1] = 3
    finish_round(two)
    assert two.round_winner == 0
    assert two.is_over() and two.out == [False, True]  # only one player can pay the ante: over at once
    assert two.result().winners == [0]


@traces("cat_te:goal", "cat_te:session.end", "cat_te:option.session")
def test_a_session_of_a_set_number_of_rounds() -> None:
    """The rounds option (a table option beside the rules' stopping): by default the session runs until the players
    stop; with a number of rounds it ends by itself after the last one, the chips all still there."""
    assert RULES.validate_options({})["rounds"] == 0
    state = new(3, rounds=5)
    assert state.view(0)["rounds"] == 5
    rounds = 0
    while not state.is_over():
        action = state.legal_actions()[0]
        if action == DEAL_AGAIN:
            rounds += 1
        state.apply(action)
    assert rounds == 4 and len(state.records) == 5 and state.phase == "over"
    assert sum(state.chips) + state.pot + state.side_pot == 300
    assert state.result().winners == [s for s in range(3) if state.chips[s] == max(state.chips)]
    one = new(4, rounds=1)
    while not one.is_over():
        assert DEAL_AGAIN not in one.legal_actions()
        one.apply(one.legal_actions()[0])
    assert len(one.records) == 1 and one.result().scores[one.records[0].winner] > 0
    endless = new(3)
    for _ in range(3):
        while endless.phase == "play":
            endless.apply(endless.legal_actions()[0])
        assert endless.phase == "between"  # never over by itself
        endless.apply(DEAL_AGAIN)


# ----- side pot --------------------------------------------------------------------------------


@traces("cat_te:side.stake", "cat_te:side.card", "cat_te:side.claim", "cat_te:option.side-pot")
def test_the_side_pot() -> None:
    """Side pot (table option, off by default): each round everyone also puts 1 chip in a side pot; after the deal
    one card is turned up; whoever holds the card of the same suit one rank higher (none for a turned ace) may claim
    it during the round (a button)"""
    assert RULES.validate_options({})["side_pot"] is False
    assert new(3).view(0)["side_pot"] is None and new(3).side_card is None
    fresh = new(3, side_pot=True)
    assert fresh.side_pot == 3 and fresh.chips == [94] * 3 and fresh.side_card is not None
    assert every_card(fresh) == Counter(standard_deck())
    state = position(["AS KS QS JS 10S 2H", "8H 4S 5S 6S 7S 3H", "8S 9S 2D 3D 4D AH"], side_card="7H",
                     side_pot=True)
    assert state.side_card == C("7H") and state.side_holder == 1
    assert state.view(0)["side_claim_card"] == C("8H")
    assert CLAIM not in state.legal_actions()  # seat 0 does not hold the 8♥
    assert "Only the player dealt the 8♥" in refused(state, ClaimSidePot())
    act(state, "AS")
    assert state.view(1)["can_claim"] and state.view(1)["legal"]["claim"]
    assert not state.view(0)["can_claim"]
    assert CLAIM in state.legal_actions()
    events = state.apply(CLAIM)
    assert state.chips[1] == 94 + 3 and state.side_pot == 0 and state.turn == 1
    assert "shows 8♥ and claims the side pot of 3" in said(events[0], 3)
    assert state.view(2)["side_claim"] == 1
    assert "already claimed" in refused(state, CLAIM)
    assert claim_card(C("KD")) == C("AD") and claim_card(C("AD")) is None and claim_card(C("2D")) == C("3D")
    ace = position(["AS KS QS JS 10S 2H", "3H 4S 5S 6S 7S 8H", "8S 9S 2D 3D 4D KH"], side_card="AH",
                   side_pot=True)
    assert ace.side_holder is None
    assert "turned card is an ace" in refused(ace, CLAIM)
    off = position(KHMER)
    assert "no side pot" in refused(off, CLAIM)


@traces("cat_te:side.carry")
def test_an_unclaimed_side_pot_carries_over() -> None:
    """unclaimed, it carries over."""
    state = position(["AS KS QS JS 10S 2H", "8H 4S 5S 6S 7S 3H", "8S 9S 2D 3D 4D AH"], side_card="7H",
                     side_pot=True, instant_wins=False)
    finish_round(state)  # the first legal action is never the claim
    assert state.side_claim is None and state.side_pot == 3
    state.apply(DEAL_AGAIN)
    assert state.side_pot == 6
    assert sum(state.chips) + state.pot + state.side_pot == 300


@traces("cat_te:side.claim", "cat_te:side.carry")
def test_the_side_pot_is_claimed_at_a_turn_before_or_after_playing_the_card_and_not_once_out() -> None:
    """The claimant may claim at any of its turns while the tricks are played, before or after playing the claiming
    card, but not once eliminated; a side pot still unclaimed when the session ends goes to nobody."""
    state = position(LAOS, side_card="4D", side_pot=True, region="laos")
    assert state.side_holder == 3 and state.side_pot == 4
    act(state, "AS", "~6C", "~9C")
    assert state.turn == 3 and CLAIM in state.legal_actions()  # before playing the 5♦
    act(state, "~5D", "2H", "AH", "~8C")
    assert state.turn == 3 and CLAIM in state.legal_actions()  # after folding it
    claimed = state.clone()
    claimed.apply(CLAIM)
    assert claimed.chips[3] == 94 + 4 and claimed.side_pot == 0 and claimed.turn == 3
    act(state, *LAOS_FIRST_FOUR[7:])
    assert state.eliminated[3] and not state.can_claim(3) and not state.view(3)["can_claim"]
    finish_round(state)
    assert state.side_claim is None and state.side_pot == 4
    state.apply(STOP)
    assert state.is_over() and state.side_pot == 4
    assert sum(state.chips) == 400 - 4 and sum(state.result().scores) == -4


@traces("cat_te:stakes.drop-out", "cat_te:side.stake")
def test_with_the_side_pot_a_player_short_of_the_whole_stake_drops_out() -> None:
    """With the side pot on, the stake is the ante and the side-pot chip: a seat holding the ante alone drops out,
    keeping its chips; a seat holding exactly the stake pays it all and plays."""
    state = position(KHMER, side_pot=True, instant_wins=False)
    act(state, *KHMER_MOVES)
    carried = state.side_pot
    state = changed(state, chips=f"6 5 {state.chips[2]}")
    state.apply(DEAL_AGAIN)
    assert state.out == [False, True, False] and state.chips[1] == 5
    assert state.chips[0] == 0 and state.dealt == [True, False, True]
    assert state.pot == 10 and state.side_pot == carried + 2

# ----- hidden information ----------------------------------------------------------------------


@traces("cat_te:fold.hidden")
def test_the_view_hides_what_a_seat_may_not_see() -> None:
    """Fold: play any card face down."""
    state = position(KHMER)
    act(state, "AS", "~3S")
    view = state.view(2)
    assert set(view["hands"][2]) == set(cards("8S 9S 2D 3D 4D AH")) and view["hands"][0] == [None] * 5
    assert view["hands"][1] == [None] * 5
    assert view["played"][0][0]["card"] == C("AS") and view["played"][1][0]["card"] is None
    assert view["current"] == [{"seat": 0, "card": C("AS"), "face_up": True, "trick": 1, "folded": False},
                               {"seat": 1, "card": None, "face_up": False, "trick": 1, "folded": True}]
    assert set(view["legal"]["play"]) == set(cards("8S 9S"))
    assert set(view["legal"]["fold"]) == set(cards("8S 9S 2D 3D 4D AH"))
    assert view["led_suit"] == "S" and view["trick"] == 1 and view["turn"] == 2
    public = state.view(None)
    assert all(c is None for h in public["hands"] for c in h) and public["legal"] is None
    assert C("3S") not in cards_in(public) and C("3S") not in cards_in(state.view(0))
    assert C("3S") not in cards_in(view) and C("3S") in cards_in(state.view(1))


@traces("cat_te:played.stay")
def test_the_view_has_what_the_table_shows() -> None:
    """Seat piles in a row (hands) and a played-cards pile for each seat (face up and face down cards stay visible,
    stacked, for the whole round), the current player's gold frame, a crown over the trick leader, legal cards
    outlined blue, the selected card outlined green, trick number 1–6, the led suit, the region, and Play / Fold
    buttons."""
    state = position(KHMER)
    numbers = []
    for k, move in enumerate(KHMER_MOVES):
        view = state.view(state.turn)
        assert view["turn"] == state.turn and view["leader"] == 0  # seat 0 leads every trick here
        numbers.append(view["trick"])
        assert view["region_name"] == "Khmer"
        assert view["led_suit"] == (None if k % 3 == 0 else state.trick[0][1].suit)
        legal = view["legal"]
        assert set(legal["play"]) | set(legal["fold"]) <= set(state.hands[state.turn])
        assert (C(move[1:]) in legal["fold"]) if move.startswith("~") else (C(move) in legal["play"])
        act(state, move)
        seen = state.view(1)["played"]
        assert [len(p) for p in seen] == [k // 3 + (s <= k % 3) for s in range(3)]  # every card stays
    assert numbers == [n for n in range(1, 7) for _ in range(3)]
    view = state.view(1)
    assert view["phase"] == "between" and [len(p) for p in view["played"]] == [6, 6, 6]  # until the next deal
    assert [e["face_up"] for e in view["played"][2]] == [True, True, False, False, False, True]
    assert [e["card"] for e in view["played"][2]][2:5] == [None] * 3
    assert view["chips"] == [95, 95, 110] and view["pot"] == 0 and view["round_winner"] == 2
    assert view["sheet"][-1]["winner"] == 2 and view["sheet"][-1]["chips"] == (95, 95, 110)


def test_determinize_keeps_what_the_seat_has_seen() -> None:
    """A folded card can never win."""
    state = position(KHMER)
    act(state, "AS", "~3S", "8S", "KS", "4S")
    truth = state.legal_actions()
    changed = 0
    for k in range(40):
        world = state.determinize(2, random.Random(k))
        assert world.hands[2] == state.hands[2]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert every_card(world) == Counter(standard_deck())
        assert world.legal_actions() == truth
        for s in range(3):
            for (c, up), (wc, wup) in zip(state.piles[s], world.piles[s], strict=True):
                assert up == wup and (not up or c == wc)
        assert [(s, up) for s, _, up in world.trick] == [(s, up) for s, _, up in state.trick]
        changed += world.piles[1][0][0] != C("3S")
    assert changed > 30  # the folded card is resampled
    assert state.determinize(1, random.Random(1)).piles[1][0][0] == C("3S")  # its owner knows it


def test_determinize_respects_what_must_beat_shows() -> None:
    """Must beat (table option, on by default as in the seed's implementation notes; off = the traditional rule): a
    player who follows suit face up must beat the best card so far if any of their cards of the led suit can."""
    hands = ["10H 2S 3S 4S 5S 6C", "4H 7H 8S 9S 2C 3C", "JH QH KH AH 2D 3D"]
    high = {C(c) for c in ("JH", "QH", "KH", "AH")}
    state = position(hands, instant_wins=False)
    act(state, "2S", "~3C", "~2D")  # seat 1's fold comes before what must-beat shows: it is not bound
    act(state, "10H", "4H")  # seat 1 did not beat the ten: it holds no higher heart
    act(state, "JH")
    act(state, "3D", "~3S", "~7H")  # seat 1's fold comes after: it is bound too
    early = later = 0
    for k in range(300):
        world = state.determinize(0, random.Random(k))
        assert not set(world.hands[1]) & high
        assert world.piles[1][2][0] not in high
        early += world.piles[1][0][0] in high
        later += any(c in high for c in world.hands[2])
    assert early > 0 and later > 0
    off = position(hands, instant_wins=False, must_beat=False)
    act(off, "2S", "~3C", "~2D", "10H", "4H", "JH", "3D", "~3S", "~7H")
    assert any(set(off.determinize(0, random.Random(k)).hands[1]) & high for k in range(300))


def test_determinize_keeps_a_claimed_card_with_its_claimant() -> None:
    """whoever holds the card of the same suit one rank higher (none for a turned ace) may claim it during the
    round (a button)"""
    hands = ["AS KS QS JS 10S 2H", "8H 4S 5S 6S 7S 3H", "8S 9S 2D 3D 4D AH"]
    state = position(hands, side_card="7H", side_pot=True)
    act(state, "AS")
    unclaimed = [state.determinize(0, random.Random(k)).side_holder for k in range(100)]
    assert set(unclaimed) != {1}
    state.apply(CLAIM)
    for k in range(100):
        world = state.determinize(0, random.Random(k))
        assert C("8H") in world.hands[1] and world.side_holder == 1


def test_determinize_in_the_face_down_fifth_trick() -> None:
    """the other remaining players play face down and all are turned over together after everyone has played
    (followers do not see each other's card)."""
    state = position(LAOS, region="laos")
    act(state, *LAOS_FIRST_FOUR, "3S", "KS")
    truth = state.legal_actions()
    others = set()
    for k in range(60):
        world = state.determinize(1, random.Random(k))
        assert world.legal_actions() == truth
        card, up = world.piles[0][4]
        assert world.trick[1] == (0, card, up)
        others.add(card)
        assert every_card(world) == Counter(standard_deck())
        led_ok = card.suit == "S" and (STRENGTH[card] > STRENGTH[C("3S")] or not any(
            c.suit == "S" and STRENGTH[c] > STRENGTH[C("3S")] for c in world.hands[0]))
        assert up == led_ok
        world.apply(world.legal_actions()[0])  # the world plays on
    assert len(others) > 10


# ----- actions ---------------------------------------------------------------------------------


def test_clear_reasons_for_illegal_actions() -> None:
    """Following: a player holding the led suit must play a card of it face up, or fold.  (The engine's part of the
    table's gestures: playing and folding are two actions, and a refused one changes nothing, so the card goes
    back.)  Dragging a card onto the seat's played pile plays it; onto the fold area folds it; any other drop
    returns it."""
    state = position(KHMER)
    act(state, "AS")
    before = state.view(1)
    for wrong, why in ((Play(C("3H")), "does not follow suit"), (Fold(C("AS")), "not in their hand")):
        assert why in refused(state, wrong)
        assert state.view(1) == before
    state.apply(Fold(C("3H")))
    state.apply(Play(C("9S")))
    assert state.piles[1] == [(C("3H"), False)] and state.piles[2] == [(C("9S"), True)]
    state = position(KHMER)
    assert "not in their hand" in refused(state, Play(C("3S")))
    assert "still being played" in refused(state, DealAgain())
    assert "still being played" in refused(state, Stop())
    before = state.view(0)
    with pytest.raises(IllegalAction):
        state.apply(Play((1, "S", 0)))  # type: ignore[arg-type]
    assert state.view(0) == before  # nothing changed
    act(state, *KHMER_MOVES)
    assert "The round is over" in refused(state, Play(C("AS")))


def test_actions_round_trip_through_json() -> None:
    """Region (chosen at the table, shown in the status bar, cyclable there before the first card is played):
    Khmer, Laos, Vietnamese."""
    for action in (Play(C("10H")), Fold(C("AS")), ChooseRegion("laos"), ClaimSidePot(), DealAgain(), Stop()):
        assert RULES.action_from_json(action.to_json()) == action
    with pytest.raises(ValueError):
        RULES.action_from_json({"type": "Play", "card": {"card": "JK"}})
    with pytest.raises(ValueError):
        RULES.action_from_json({"type": "ChooseRegion", "region": "mars"})


def test_a_session_replays_from_its_seed_and_actions() -> None:
    """The round's winner takes the pot"""
    rng = random.Random(5)
    state = RULES.new_game(5, {"region": "laos", "side_pot": True}, seed=42)
    log = []
    while not state.is_over() and len(log) < 400:
        action = rng.choice(state.legal_actions())
        log.append(action.to_json())
        state.apply(action)
    again = RULES.new_game(5, {"region": "laos", "side_pot": True}, seed=42)
    for data in log:
        again.apply(RULES.action_from_json(data))
    assert again.view(None) == state.view(None)


def test_every_rule_is_traced() -> None:
    """Every rule sentence (and each clause between semicolons) of rules/cat-te.md is quoted by a test."""
    untraced = untraced_rules(__name__, "cat-te.md", at_least=40, also=("tests.ui.test_cat_te_table",))
    if untraced is None:
        pytest.skip("the rules folder is not beside the repository")
    assert untraced == [], f"rules with no test quoting them: {untraced}"
