"""Loading checks every value of a save before the table uses it: seat names the table can draw, seeds, players,
options, the format and the game; an action the rules cannot read, or a fault of the game's code on tampered data,
is a SaveError with a readable message and the file kept aside, never a crash.
"""

from __future__ import annotations

import json
import logging
import random
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cardtable import storage
from cardtable.core.engine import Action, Event, IllegalAction, Result, Rules, State
from cardtable.games import GamePlugin, get_game
from cardtable.games.klondike.rules import Resign
from cardtable.session.match import MAX_NAME_LENGTH, Match, SaveError, Seat
from cardtable.session.saves import Autosave, load_match

KLONDIKE = get_game("klondike")
KACHUFUL = get_game("kachuful")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


def klondike_save(moves: int = 10) -> dict[str, Any]:
    match = Match(KLONDIKE, [Seat("human", "You")], {"draw": 3}, seed=7)
    rng = random.Random(1)
    for _ in range(moves):
        match.apply(rng.choice([a for a in match.state.legal_actions() if not isinstance(a, Resign)]))
    return match.to_json()


def kachuful_save() -> dict[str, Any]:
    seats = [Seat("human", "Ann"), Seat("bot:easy", "Bo"), Seat("bot:easy", "Cy")]
    match = Match(KACHUFUL, seats, {"hands": "2,1"}, seed=3)
    for _ in range(4):
        match.apply(match.state.legal_actions()[0])
    return match.to_json()


def refused(data: Any, game_id: str = "klondike", lookup: Any = get_game, saver: Any = None) -> SaveError:
    """Write `data` as the game's autosave, load it: the SaveError, after checking the file was kept aside."""
    path = storage.autosave_path(game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    with pytest.raises(SaveError) as info:
        load_match(path, lookup, saver=saver)
    err = info.value
    assert not path.exists()
    assert err.kept_at is not None and err.kept_at.read_bytes() == raw and err.kept_at.name in err.message
    assert err.message.startswith("The saved game") and len(err.message) < 400, err.message
    return err


def with_seat(data: dict[str, Any], seat: Any, index: int = 0) -> dict[str, Any]:
    data["seats"][index] = seat
    return data


# ----- seats -----------------------------------------------------------------------------------------------------

BAD_SEATS: dict[str, tuple[Any, str]] = {
    "name of 10,000 characters": ({"kind": "human", "name": "A" * 10_000}, "10000 characters"),
    "name one too long": ({"kind": "human", "name": "A" * (MAX_NAME_LENGTH + 1)}, "characters long"),
    "empty name": ({"kind": "human", "name": ""}, "no name"),
    "NUL in the name": ({"kind": "human", "name": "Ann\x00"}, "cannot be shown"),
    "new line in the name": ({"kind": "human", "name": "Ann\nBo"}, "cannot be shown"),
    "escape in the name": ({"kind": "human", "name": "\x1b[31mAnn"}, "cannot be shown"),
    "zero-width space": ({"kind": "human", "name": "An\u200bn"}, "cannot be shown"),
    "lone surrogate": ({"kind": "human", "name": "An\ud800"}, "cannot be shown"),
    "name a number": ({"kind": "human", "name": 7}, "no name"),
    "name a list": ({"kind": "human", "name": ["Ann"]}, "no name"),
    "name missing": ({"kind": "human"}, "no name"),
    "kind unknown": ({"kind": "ghost", "name": "Boo"}, "bad seat 1"),
    "kind missing": ({"name": "Boo"}, "bad seat 1"),
    "handed over not a bool": ({"kind": "human", "name": "Ann", "handed_over": 1}, "bad seat 1"),
    "seat a string": ("human", "bad seat 1"),
    "seat null": (None, "bad seat 1"),
}


@pytest.mark.parametrize("case", list(BAD_SEATS))
def test_a_seat_the_table_cannot_use_is_refused(case: str) -> None:
    seat, expected = BAD_SEATS[case]
    err = refused(with_seat(klondike_save(), seat))
    assert expected in err.message
    assert "AAAAAAAAAA" not in err.message


def test_a_bad_seat_among_several_is_named() -> None:
    err = refused(with_seat(kachuful_save(), {"kind": "bot:easy", "name": "B\x00"}, index=2), "kachuful")
    assert "seat 3" in err.message


@pytest.mark.parametrize("name", ["A" * MAX_NAME_LENGTH, "Zoë", "Ann-Marie O'Neil", "李小龙", "🂡 ace"])
def test_printable_names_up_to_the_limit_load(name: str) -> None:
    data = with_seat(klondike_save(), {"kind": "human", "name": name})
    assert Match.from_json(data, get_game).seats[0].name == name


# ----- the other values ------------------------------------------------------------------------------------------

BAD_VALUES: dict[str, tuple[str, Any, str]] = {
    "seed negative": ("seed", -1, "seed"),
    "seed too big": ("seed", 2**63, "seed"),
    "seed huge": ("seed", 10**300, "seed"),
    "seed a float": ("seed", 7.0, "seed"),
    "seed a bool": ("seed", True, "seed"),
    "options a list": ("options", [["draw", 3]], "options"),
    "options a string": ("options", "draw=3", "options"),
    "option unknown": ("options", {"jokers": 2}, "jokers"),
    "option value wrong": ("options", {"draw": 2}, "draw"),
    "option value a bool": ("options", {"draw": True}, "draw"),
    "players zero": ("players", 0, "players"),
    "players two for solitaire": ("players", 2, "players"),
    "players a string": ("players", "1", "players"),
    "players a bool": ("players", True, "players"),
    "format newer": ("format", 2, "newer"),
    "format a string": ("format", "1", "unknown format"),
    "format null": ("format", None, "unknown format"),
    "game unknown": ("game", "mahjong", "does not have: mahjong"),
    "game a number": ("game", 3, "names no game"),
    "game a long string": ("game", "x" * 5000, "names no game"),
    "game a path": ("game", "../klondike", "does not have: ../klondike"),
    "game with a NUL": ("game", "klon\x00dike", "names no game"),
    "actions an object": ("actions", {"0": "Draw"}, "not a list"),
}


@pytest.mark.parametrize("case", list(BAD_VALUES))
def test_a_bad_value_is_refused(case: str) -> None:
    key, value, expected = BAD_VALUES[case]
    data = klondike_save()
    data[key] = value
    assert expected in refused(data).message


def test_players_outside_the_game_range_are_refused() -> None:
    data = kachuful_save()
    data["players"] = 8
    data["seats"] = data["seats"] * 3
    data["seats"] = data["seats"][:8]
    assert "not for 8 players" in refused(data, "kachuful").message


def test_a_save_of_another_game_is_refused_for_this_game() -> None:
    err = refused(kachuful_save(), "klondike", saver=Autosave.for_game("klondike"))
    assert "klondike" in err.message


@pytest.mark.parametrize(
    "entry, expected",
    [
        ([0, {"type": "Bid", "amount": 1}], "unknown action type"),  # another game's action
        ([0, {"type": "Move", "src": "t0"}], "lacks field"),
        ([0, {"type": "Move", "src": "t0", "dst": "t1", "count": "1"}], "expected int"),
        ([0, {"type": "Move", "src": "t0" * 5000, "dst": "t1", "count": 1}], "not legal"),
        ([0, {"type": {"nested": "Draw"}}], "unknown action type"),
        ([0, 5], "not an action"),
        ([0, None], "not an action"),
        ([0, []], "not an action"),
        ([0, {"type": "Draw"}, "extra"], "malformed"),
        ("Draw", "malformed"),
        ([[0], {"type": "Draw"}], "seat"),
    ],
)
def test_an_action_of_the_wrong_shape_is_refused(entry: Any, expected: str) -> None:
    data = klondike_save(3)
    data["actions"].append(entry)
    err = refused(data)
    assert expected in err.message and ("move 4" in err.message or "entry 4" in err.message)


# ----- the game's own code on data it did not expect -------------------------------------------------------------


@dataclass(frozen=True)
class Step(Action):
    size: int


class FragileState(State):
    """A game whose apply has a fault: a step of 0 divides by zero (as a game with a bug might on tampered data)."""

    def __init__(self) -> None:
        self.turn: int | None = 0
        self.total = 0

    def legal_actions(self) -> list[Action]:
        return [Step(1), Step(2)]

    def apply(self, action: Action, record: bool = True) -> list[Event]:
        assert isinstance(action, Step)
        if action.size > 2:
            raise IllegalAction("step_size", size=action.size)
        self.total += 10 // action.size
        return []

    def result(self) -> Result:
        return Result([float(self.total)], [], "")

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"total": self.total}

    def clone(self) -> FragileState:
        other = FragileState()
        other.total = self.total
        return other

    def determinize(self, seat: int | None, rng: random.Random) -> FragileState:
        return self.clone()


class FragileRules(Rules):
    def new_game(self, players: int = 1, options: Any = None, seed: int | None = None) -> FragileState:
        return FragileState()


FRAGILE = GamePlugin(rules=FragileRules(id="fragile", title="Fragile", players=range(1, 2), action_types=(Step,)),
                     layout=None)


def fragile_lookup(game_id: str) -> GamePlugin:
    return FRAGILE if game_id == "fragile" else get_game(game_id)


def test_a_fault_of_the_game_on_a_tampered_save_is_a_save_error(caplog: pytest.LogCaptureFixture) -> None:
    match = Match(FRAGILE, [Seat("human", "You")], seed=1)
    match.apply(Step(1))
    data = match.to_json()
    data["actions"].append([0, {"type": "Step", "size": 0}])
    with caplog.at_level(logging.ERROR):
        err = refused(data, "fragile", lookup=fragile_lookup)
    assert "move 2 cannot be replayed (ZeroDivisionError)" in err.message
    assert any(r.exc_info and r.exc_info[0] is ZeroDivisionError for r in caplog.records), "logged for a bug report"
    data["actions"][1][1]["size"] = 3
    said = refused(data, "fragile", lookup=fragile_lookup).message
    assert "move 2 is not legal (That move is not allowed now.)" in said, "a refusal the game has no words for"


# ----- decoding ---------------------------------------------------------------------------------------------------


def test_loading_resolves_each_action_class_once(monkeypatch: pytest.MonkeyPatch) -> None:
    data = klondike_save(200)
    calls: list[Any] = []
    real = typing.get_type_hints

    def counting(obj: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(obj)
        return real(obj, *args, **kwargs)

    monkeypatch.setattr(typing, "get_type_hints", counting)
    Match.from_json(data, get_game)
    Match.from_json(data, get_game)
    assert len(calls) <= len(KLONDIKE.rules.action_types)
