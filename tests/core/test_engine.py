"""Tests of cardtable.core.engine through the real registry and the Klondike rules."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from cardtable.core.cards import Card
from cardtable.core.engine import (
    Action,
    IllegalAction,
    Option,
    Rules,
    action_from_json_for,
    new_seed,
)
from cardtable.games import CATALOGUE, REGISTRY, get_rules
from cardtable.games.klondike.rules import AutoFinish, Draw, Move, Recycle, Resign


@pytest.fixture
def klondike() -> Rules:
    return get_rules("klondike")


# ----- registry --------------------------------------------------------------------------------


def test_registry_holds_klondike() -> None:
    assert "klondike" in REGISTRY
    assert get_rules("klondike") is REGISTRY["klondike"]


def test_registry_ids_match_rules_ids() -> None:
    for game_id, rules in REGISTRY.items():
        assert isinstance(rules, Rules)
        assert rules.id == game_id
        assert rules.title
        assert len(rules.players) >= 1
        assert get_rules(game_id) is rules


def test_catalogue_lists_every_built_game() -> None:
    built = {e.id for e in CATALOGUE if e.rules is not None}
    assert built == set(REGISTRY)
    assert len({e.id for e in CATALOGUE}) == len(CATALOGUE)


def test_get_rules_unknown_id_is_key_error_naming_it() -> None:
    with pytest.raises(KeyError, match="no_such_game"):
        get_rules("no_such_game")


# ----- options and players ---------------------------------------------------------------------


def test_klondike_declares_its_options(klondike: Rules) -> None:
    names = {o.name: o for o in klondike.options}
    assert set(names) == {"draw", "passes", "scoring", "winnable"}
    assert names["winnable"].choices == (False, True) and names["winnable"].default is False
    assert names["draw"].choices == (1, 3) and names["draw"].default == 1
    assert names["passes"].default == "unlimited" and "limited" in names["passes"].choices
    assert names["scoring"].choices == ("standard", "vegas") and names["scoring"].default == "standard"
    for opt in klondike.options:
        assert opt.default in opt.choices
        assert opt.label
        for choice in opt.choices:
            assert opt.choice_label(choice)


def test_validate_options_fills_defaults(klondike: Rules) -> None:
    assert klondike.validate_options(None) == {
        "draw": 1, "passes": "unlimited", "scoring": "standard", "winnable": False}
    assert klondike.validate_options({"draw": 3}) == {
        "draw": 3, "passes": "unlimited", "scoring": "standard", "winnable": False}


def test_new_game_with_default_options_has_turn_zero(klondike: Rules) -> None:
    state = klondike.new_game(1, seed=5)
    assert state.turn == 0
    assert not state.is_over()


def test_unknown_option_name_is_value_error_naming_it(klondike: Rules) -> None:
    with pytest.raises(ValueError, match="jokers_wild"):
        klondike.new_game(1, {"jokers_wild": True}, seed=1)


@pytest.mark.parametrize(
    ("name", "value"),
    [("draw", 2), ("draw", "1"), ("draw", None), ("passes", "twice"), ("scoring", "Vegas"), ("scoring", 0)],
)
def test_bad_option_value_is_value_error_naming_it(klondike: Rules, name: str, value: object) -> None:
    with pytest.raises(ValueError, match=name) as info:
        klondike.new_game(1, {name: value}, seed=1)
    assert repr(value) in str(info.value)


@pytest.mark.parametrize("players", [0, 2, 4, -1])
def test_bad_player_count_is_value_error(klondike: Rules, players: int) -> None:
    with pytest.raises(ValueError, match=str(players)):
        klondike.new_game(players, seed=1)


def test_option_choice_label() -> None:
    opt = Option("draw", "Draw", (1, 3), 1, ("Draw 1", "Draw 3"))
    assert opt.choice_label(3) == "Draw 3"
    assert opt.choice_label(7) == "7"
    assert Option("x", "X", ("a",), "a").choice_label("a") == "a"


def test_new_seed_is_an_int() -> None:
    seeds = {new_seed() for _ in range(20)}
    assert all(isinstance(s, int) and 0 <= s < 2**31 for s in seeds)
    assert len(seeds) > 1


def test_illegal_action_carries_its_reason() -> None:
    err = IllegalAction("That card is face down.")
    assert err.reason == "That card is face down." == str(err)


# ----- action JSON -----------------------------------------------------------------------------

EVERY_KLONDIKE_ACTION = [
    Draw(),
    Recycle(),
    AutoFinish(),
    Resign(),
    Move("waste", "t0"),
    Move("waste", "f3", 1),
    Move("t6", "t0", 12),
    Move("f1", "t4"),
    Move("t2", "f0", 1),
]


def test_every_klondike_action_type_is_covered(klondike: Rules) -> None:
    assert {type(a) for a in EVERY_KLONDIKE_ACTION} == set(klondike.action_types)


@pytest.mark.parametrize("action", EVERY_KLONDIKE_ACTION, ids=repr)
def test_action_json_round_trip(klondike: Rules, action: Action) -> None:
    data = action.to_json()
    assert data["type"] == type(action).__name__
    text = json.dumps(data)  # JSON-able
    rebuilt = klondike.action_from_json(json.loads(text))
    assert rebuilt == action
    assert type(rebuilt) is type(action)
    assert isinstance(action.describe(), str) and action.describe()


def test_legal_actions_round_trip(klondike: Rules) -> None:
    state = klondike.new_game(1, {"draw": 3}, seed=11)
    for action in state.legal_actions():
        assert klondike.action_from_json(json.loads(json.dumps(action.to_json()))) == action


GOOD_MOVE = {"type": "Move", "src": "t1", "dst": "t2", "count": 2}


@pytest.mark.parametrize(
    "data",
    [
        {"type": "Teleport"},
        {"type": "move", "src": "t1", "dst": "t2", "count": 1},  # names are exact
        {"type": "Action"},  # the base class is not a Klondike action
        {"type": None},
        {"type": 3},
        {"type": ["Move"]},  # unhashable
        {"type": {"Move": 1}},
        {"src": "t1", "dst": "t2", "count": 1},  # no type at all
        {"type": "Move", "dst": "t2", "count": 1},  # missing src
        {"type": "Move", "src": "t1", "dst": "t2"},  # missing count (defaults are not filled in)
        {"type": "Move", "src": "t1", "count": 1},  # missing dst
        {**GOOD_MOVE, "extra": 1},
        {"type": "Draw", "count": 3},
        {"type": "Resign", "why": "bored"},
        {**GOOD_MOVE, "count": "3"},
        {**GOOD_MOVE, "count": True},
        {**GOOD_MOVE, "count": False},
        {**GOOD_MOVE, "count": 2.0},
        {**GOOD_MOVE, "count": None},
        {**GOOD_MOVE, "count": [2]},
        {**GOOD_MOVE, "src": 1},
        {**GOOD_MOVE, "src": None},
        {**GOOD_MOVE, "dst": ["t2"]},
        {**GOOD_MOVE, "dst": {"card": "QH"}},
    ],
    ids=repr,
)
def test_tampered_action_json_is_value_error(klondike: Rules, data: dict) -> None:
    with pytest.raises(ValueError) as info:
        klondike.action_from_json(data)
    assert str(info.value)


@pytest.mark.parametrize("data", [None, "Draw", ["Draw"], 3, b"{}"], ids=repr)
def test_non_mapping_action_json_is_value_error(klondike: Rules, data: object) -> None:
    with pytest.raises(ValueError):
        klondike.action_from_json(data)  # type: ignore[arg-type]


# A toy action with every field kind the contract allows, to exercise the generic decoder.
@dataclass(frozen=True)
class Toy(Action):
    card: Card
    cards: tuple[Card, ...]
    maybe: Card | None
    n: int
    flag: bool
    word: str
    ratio: float


TOY = Toy(Card(12, "H", 1), (Card(0, "J"), Card(10, "S")), None, 3, True, "hi", 0.5)


def test_generic_action_round_trip_with_cards_tuples_and_optionals() -> None:
    for toy in (TOY, Toy(Card(1, "S"), (), Card(2, "red"), 0, False, "", 2)):
        data = json.loads(json.dumps(toy.to_json()))
        assert action_from_json_for((Toy,), data) == toy


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("card", "QH"),  # a bare string, not {"card": ...}
        ("card", {"card": "QX"}),
        ("card", {"card": "QH", "x": 1}),
        ("cards", {"card": "QH"}),
        ("cards", [{"card": "QH"}, "10S"]),
        ("maybe", "QH"),
        ("n", True),
        ("n", 1.0),
        ("flag", 1),
        ("word", 5),
        ("ratio", "0.5"),
        ("ratio", False),
    ],
)
def test_generic_decoder_rejects_wrong_types(field: str, value: object) -> None:
    data = TOY.to_json()
    data[field] = value
    with pytest.raises(ValueError):
        action_from_json_for((Toy,), data)


def test_an_event_holds_data_and_no_words():
    """The engines record what happened as data; the words are the narration's (no English field to fill)."""
    from dataclasses import fields

    from cardtable.core.engine import Event

    assert "text" not in {f.name for f in fields(Event)}
    with pytest.raises(TypeError):
        Event("move", (), "a", "b", 0, "Ada plays.")  # type: ignore[misc]  (the values after the seat are named)
