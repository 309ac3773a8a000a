"""Tests of cardtable.session (match, saves, replay): seats, the action log, autosave, save/load, undo/redo and replay.

Every test runs with CARDTABLE_HOME in a temporary folder (the autouse `home` fixture), so nothing is
written to a person's real folders.  Besides Klondike, a tiny two-seat game ("countdown": players take the
top one or two cards of a pile of ten) is known to the tests' game lookup, to test bot seats and card fields in saves.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cardtable import storage
from cardtable.core.cards import Card
from cardtable.core.engine import Action, Event, IllegalAction, Result, Rules, State
from cardtable.games import GamePlugin, get_game, get_rules
from cardtable.games.klondike.rules import Draw, Move, Resign
from cardtable.session.match import SAVE_FORMAT, LogEntry, Match, SaveError, Seat
from cardtable.session.replay import Replay
from cardtable.session.saves import Autosave, load_match, write_match

YOU = [Seat("human", "You")]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDTABLE_HOME", str(tmp_path))
    return tmp_path


# ----- a tiny two-seat game implementing the engine contract ---------------------------------------


@dataclass(frozen=True)
class Take(Action):
    """Take these cards (the top one or two of the pile, top first)."""

    cards: tuple[Card, ...]


class CountdownState(State):
    def __init__(self) -> None:
        self.turn: int | None = 0
        self.pile = [Card(rank, "S") for rank in range(10, 0, -1)]  # the last card (the ace) is the top
        self.taken = [0, 0]
        self.last: int | None = None

    def legal_actions(self) -> list[Action]:
        if self.turn is None:
            return []
        return [Take(tuple(self.pile[-n:][::-1])) for n in (1, 2) if n <= len(self.pile)]

    def apply(self, action: Action, record: bool = True) -> list[Event]:
        if self.turn is None:
            raise IllegalAction("The game is over.")
        if action not in self.legal_actions():
            raise IllegalAction("Take the top card or the top two cards.")
        assert isinstance(action, Take)
        seat = self.turn
        del self.pile[-len(action.cards):]
        self.taken[seat] += len(action.cards)
        self.last = seat
        self.turn = None if not self.pile else 1 - seat
        return [Event("move", action.cards, "pile", f"seat{seat}", seat=seat)]

    def result(self) -> Result:
        winners = [] if self.last is None or self.pile else [self.last]
        return Result([float(t) for t in self.taken], winners, "Whoever takes the last card wins.")

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"left": len(self.pile), "top": self.pile[-1] if self.pile else None, "turn": self.turn,
                "taken": list(self.taken)}

    def clone(self) -> CountdownState:
        other = CountdownState.__new__(CountdownState)
        other.turn, other.pile, other.taken, other.last = self.turn, self.pile[:], self.taken[:], self.last
        return other

    def determinize(self, seat: int | None, rng: random.Random) -> CountdownState:
        return self.clone()


class CountdownRules(Rules):
    def new_game(self, players: int = 2, options: Any = None, seed: int | None = None) -> CountdownState:
        self.check_players(players)
        self.validate_options(options)
        return CountdownState()


COUNTDOWN = CountdownRules(id="countdown", title="Countdown", players=range(2, 3), version=1, action_types=(Take,))
COUNTDOWN_GAME = GamePlugin(rules=COUNTDOWN, layout=None)
KLONDIKE = get_game("klondike")
VS_BOT = [Seat("human", "You"), Seat("bot:easy", "Bot")]


def lookup(game_id: str) -> GamePlugin:
    """The registry's games and the tests' countdown."""
    return COUNTDOWN_GAME if game_id == "countdown" else get_game(game_id)


@pytest.fixture
def countdown() -> Rules:
    return COUNTDOWN


# ----- helpers ---------------------------------------------------------------------------------


def klondike_match(autosave: bool = True, **kwargs: Any) -> Match:
    saver = Autosave.for_game("klondike") if autosave else None
    return Match(KLONDIKE, YOU, {"draw": 3}, seed=7, saver=saver, **kwargs)


def play(match: Match, n: int, seed: int = 0) -> list[dict[str, Any]]:
    """Apply n random non-resigning actions; returns the views after each."""
    rng = random.Random(seed)
    views = []
    for _ in range(n):
        choices = [a for a in match.state.legal_actions() if not isinstance(a, Resign)]
        match.apply(rng.choice(choices))
        views.append(match.state.view(0))
    return views


def view(match: Match) -> dict[str, Any]:
    return match.state.view(0)


def saved_klondike() -> tuple[dict[str, Any], int]:
    """A valid save of 30 actions and the index of a Move in its log."""
    match = klondike_match(autosave=False)
    play(match, 30)
    moves = [i for i, e in enumerate(match.log) if isinstance(e.action, Move)]
    assert moves, "the helper game should contain a Move"
    return match.to_json(), moves[0]


# ----- a new match -----------------------------------------------------------------------------


def test_new_match_validates_options_and_deals_like_the_rules() -> None:
    match = Match(KLONDIKE, YOU, {"draw": 3}, seed=7)
    assert match.options == {"draw": 3, "passes": "unlimited", "scoring": "standard", "winnable": False}
    assert match.seed == 7
    assert match.game_id == "klondike"
    assert match.seats == YOU
    assert match.log == []
    assert match.elapsed == 0.0
    expected = get_rules("klondike").new_game(1, {"draw": 3}, seed=7)
    assert match.state.view(0) == expected.view(0)
    assert match.state.view(None) == expected.view(None)
    assert match.state.turn == 0


def test_new_match_rejects_bad_options_and_picks_a_seed() -> None:
    with pytest.raises(ValueError, match="draw"):
        Match(KLONDIKE, YOU, {"draw": 2}, seed=7)
    with pytest.raises(ValueError, match="colour"):
        Match(KLONDIKE, YOU, {"colour": "red"}, seed=7)
    with pytest.raises(KeyError, match="nope"):
        get_game("nope")
    assert isinstance(Match(KLONDIKE, YOU).seed, int)


def test_seat_kinds() -> None:
    assert Seat("human", "A").is_human
    assert not Seat("bot:easy", "B").is_human
    assert Seat("bot:hard", "B").to_json() == {"kind": "bot:hard", "name": "B"}
    assert Seat("human", "A").is_person and not Seat("bot:easy", "B").is_person
    assert Seat("bot:normal", "A", handed_over=True).is_person


def test_a_seat_handed_to_a_bot_stays_marked_in_the_save() -> None:
    seats = [Seat("bot:normal", "Ada", handed_over=True), Seat("bot:easy", "Bo"), Seat("human", "Cy")]
    match = Match(get_game("kachuful"), seats, seed=3)
    data = match.to_json()
    assert data["seats"][0] == {"kind": "bot:normal", "name": "Ada", "handed_over": True}
    assert Match.from_json(data, lookup).seats == seats
    data["seats"][0]["handed_over"] = "yes"
    with pytest.raises(SaveError, match="bad seat"):
        Match.from_json(data, lookup)


# ----- apply and the log -----------------------------------------------------------------------


def test_apply_logs_seat_and_action() -> None:
    match = klondike_match()
    events = match.apply(Draw())
    assert events and events[0].kind == "move"
    assert match.log == [LogEntry(0, Draw())]
    legal_move = next(a for a in match.state.legal_actions() if isinstance(a, Move))
    match.apply(legal_move)
    assert match.log == [LogEntry(0, Draw()), LogEntry(0, legal_move)]


def test_illegal_apply_changes_nothing() -> None:
    match = klondike_match()
    play(match, 3)
    path = storage.autosave_path("klondike")
    before_bytes = path.read_bytes()
    before_log = list(match.log)
    before_view = view(match)
    for bad in (Move("f0", "t0"), Move("t0", "t0"), Move("waste", "t3", 5), Move("t0", "t1", -1)):
        with pytest.raises(IllegalAction) as info:
            match.apply(bad)
        assert info.value.reason
        assert match.log == before_log
        assert view(match) == before_view
        assert path.read_bytes() == before_bytes


def test_apply_after_the_end_is_illegal() -> None:
    match = klondike_match()
    match.apply(Resign())
    with pytest.raises(IllegalAction, match="over"):
        match.apply(Draw())
    assert len(match.log) == 1


# ----- autosave --------------------------------------------------------------------------------


def test_autosave_after_every_action(home: Path) -> None:
    path = storage.autosave_path("klondike")
    assert path.is_relative_to(home)
    match = klondike_match()
    assert path.exists(), "a new match is saved at once"
    assert load_match(path, lookup).log == []
    match.apply(Draw())
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == SAVE_FORMAT and data["game"] == "klondike"
    assert load_match(path, lookup).state.view(0) == view(match)
    for _ in range(5):
        play(match, 1, seed=len(match.log))
        loaded = load_match(path, lookup)
        assert loaded.state.view(0) == view(match)
        assert loaded.log == match.log


def test_no_autosave_without_a_path(home: Path) -> None:
    match = klondike_match(autosave=False)
    play(match, 3)
    assert not any(home.rglob("*.json"))


def test_autosave_leaves_no_temporary_files() -> None:
    match = klondike_match()
    play(match, 20)
    match.undo()
    match.close()
    folder = storage.autosave_path("klondike").parent
    assert sorted(p.name for p in folder.iterdir()) == ["autosave-klondike.journal", "autosave-klondike.json"]


def test_failed_autosave_keeps_the_old_file(monkeypatch: pytest.MonkeyPatch) -> None:
    match = klondike_match()
    play(match, 4)
    path = storage.autosave_path("klondike")
    journal = path.with_suffix(".journal")
    old = path.read_bytes(), journal.read_bytes()

    def broken(*args: Any) -> None:
        raise OSError("disk on fire")

    real_write, real_replace = os.write, os.replace
    monkeypatch.setattr(os, "write", broken)
    monkeypatch.setattr(os, "replace", broken)
    played = len(match.log)
    match.apply(match.state.legal_actions()[0])  # play goes on; the error is kept for the table to show
    assert len(match.log) == played + 1
    assert match.save_error is not None and "could not be saved" in match.save_error
    match.apply(match.state.legal_actions()[0])  # the next try writes the match whole, and fails too
    assert match.save_error is not None
    with pytest.raises(OSError, match="disk on fire"):
        write_match(path, match)
    monkeypatch.setattr(os, "write", real_write)
    monkeypatch.setattr(os, "replace", real_replace)
    assert (path.read_bytes(), journal.read_bytes()) == old
    assert sorted(p.name for p in path.parent.iterdir()) == [journal.name, path.name]
    # the next successful save catches up
    match.apply(match.state.legal_actions()[0])
    assert match.save_error is None
    assert load_match(path, lookup).state.view(0) == view(match)


def test_finished_game_removes_its_autosave() -> None:
    match = klondike_match()
    play(match, 2)
    path = storage.autosave_path("klondike")
    assert path.exists()
    match.apply(Resign())
    assert match.state.is_over()
    assert not path.exists()
    # the finished game is kept for replay, and replays to the same end
    assert [p.name for p in path.parent.iterdir()] == ["last-klondike.json"]
    kept = load_match(storage.last_game_path("klondike"), lookup)
    assert kept.state.is_over() and kept.log == match.log


# ----- save and load ---------------------------------------------------------------------------


def test_save_load_round_trip(tmp_path: Path) -> None:
    match = Match(KLONDIKE, [Seat("human", "Ada")], {"draw": 3, "scoring": "vegas"}, seed=12345)
    play(match, 40, seed=3)
    match.elapsed = 123.456
    path = tmp_path / "game.json"
    write_match(path, match)
    loaded = load_match(path, lookup)
    assert loaded.state.view(0) == view(match)
    assert loaded.log == match.log
    assert loaded.seats == match.seats
    assert loaded.options == match.options
    assert loaded.seed == match.seed
    assert loaded.elapsed == pytest.approx(123.456)
    assert loaded.to_json() == match.to_json()
    assert path.exists()  # a good save stays where it is
    assert loaded.state.legal_actions() == match.state.legal_actions()


def test_round_trip_with_bot_seats_and_card_fields(countdown: Rules, tmp_path: Path) -> None:
    match = Match(COUNTDOWN_GAME, VS_BOT, seed=1)
    for i in range(5):
        match.apply(match.state.legal_actions()[i % 2])
    path = tmp_path / "c.json"
    write_match(path, match)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["actions"][0] == [0, {"type": "Take", "cards": [{"card": "AS"}]}]
    loaded = load_match(path, lookup)
    assert loaded.log == match.log
    assert loaded.seats == VS_BOT
    assert loaded.state.view(None) == match.state.view(None)


def test_load_replays_without_autosaving_then_uses_the_new_path(tmp_path: Path) -> None:
    match = klondike_match(autosave=False)
    play(match, 5)
    source = tmp_path / "source.json"
    write_match(source, match)
    target = tmp_path / "elsewhere" / "auto.json"
    loaded = load_match(source, lookup, saver=Autosave(target, storage.last_game_path("klondike")))
    assert loaded.saver.path == target
    assert not target.exists()
    loaded.apply(Draw())
    assert target.exists()


def test_from_json_replays_the_log_and_names_the_illegal_move() -> None:
    data, _ = saved_klondike()
    data["actions"][2] = [0, Move("f0", "t0").to_json()]  # nothing is on the foundation yet
    with pytest.raises(SaveError, match=r"move 3 is not legal") as info:
        Match.from_json(data, lookup)
    assert "foundation" in info.value.message.lower()


def test_from_json_accepts_its_own_output() -> None:
    data, _ = saved_klondike()
    assert Match.from_json(json.loads(json.dumps(data)), lookup).to_json() == data


@pytest.mark.parametrize("elapsed", [float("inf"), float("-inf"), float("nan"), -1, True, "12", None, 1e12])
def test_bad_elapsed_loads_as_zero(elapsed: Any) -> None:
    data, _ = saved_klondike()
    data["elapsed"] = elapsed
    loaded = Match.from_json(data, lookup)
    assert loaded.elapsed == 0.0
    assert len(loaded.log) == 30


def test_an_infinite_elapsed_in_a_file_loads_as_zero(tmp_path: Path) -> None:
    data, _ = saved_klondike()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data).replace('"elapsed": 0.0', '"elapsed": 1e999'), encoding="utf-8")
    assert load_match(path, lookup).elapsed == 0.0
    path.write_text(json.dumps(data).replace('"elapsed": 0.0', '"elapsed": NaN'), encoding="utf-8")
    with pytest.raises(SaveError, match="cannot be read.*NaN"):  # JSON's constants are refused by the reader
        load_match(path, lookup)


def test_elapsed_may_be_an_int_or_absent() -> None:
    data, _ = saved_klondike()
    data["elapsed"] = 61
    assert Match.from_json(data, lookup).elapsed == 61.0
    del data["elapsed"]
    assert Match.from_json(data, lookup).elapsed == 0.0


def test_bool_option_value_is_refused() -> None:
    with pytest.raises(ValueError, match="draw"):
        Match(KLONDIKE, YOU, {"draw": True}, seed=7)


def test_missing_file_is_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_match(tmp_path / "nothing.json", lookup)
    assert not list(tmp_path.iterdir())


# ----- corrupt and tampered saves ------------------------------------------------------------

Mutation = Callable[[dict[str, Any], int], Any]


def _set(key: str, value: Any) -> Mutation:
    def mutate(data: dict[str, Any], move: int) -> Any:
        data[key] = value
        return data

    return mutate


def _action(field: str, value: Any) -> Mutation:
    def mutate(data: dict[str, Any], move: int) -> Any:
        data["actions"][move][1][field] = value
        return data

    return mutate


def _seat_of_move(value: Any) -> Mutation:
    def mutate(data: dict[str, Any], move: int) -> Any:
        data["actions"][move][0] = value
        return data

    return mutate


def _drop(key: str) -> Mutation:
    def mutate(data: dict[str, Any], move: int) -> Any:
        del data[key]
        return data

    return mutate


TAMPERED: dict[str, tuple[Mutation, str]] = {
    "json list": (lambda d, m: [d], "not a saved game"),
    "json string": (lambda d, m: "hello", "not a saved game"),
    "json null": (lambda d, m: None, "not a saved game"),
    "format version": (_set("format", 2), "format"),
    "format as bool": (_set("format", True), "format"),
    "format as string": (_set("format", "1"), "format"),
    "rules version": (_set("rules_version", 99), "rules version"),
    "rules version as bool": (_set("rules_version", True), "rules version"),
    "unknown game": (_set("game", "mahjong"), "mahjong"),
    "game not a string": (_set("game", ["klondike"]), "game"),
    "players wrong": (_set("players", 2), "player"),
    "players as bool": (_set("players", True), "player"),
    "seats not a list": (_set("seats", "You"), "seat"),
    "seat not an object": (_set("seats", ["human"]), "seat"),
    "seat kind unknown": (_set("seats", [{"kind": "ghost", "name": "Boo"}]), "seat"),
    "seat name missing": (_set("seats", [{"kind": "human"}]), "seat"),
    "seed as string": (_set("seed", "7"), "seed"),
    "seed as bool": (_set("seed", True), "seed"),
    "options unknown": (_set("options", {"draw": 3, "jokers": 2}), "jokers"),
    "options bad value": (_set("options", {"draw": 5}), "draw"),
    "options not an object": (_set("options", [["draw", 3]]), "option"),
    "actions not a list": (_set("actions", {"0": "Draw"}), "action"),
    "log entry malformed": (lambda d, m: d["actions"].append([0]) or d, "entry 31"),
    "unknown action type": (_action("type", "Teleport"), "Teleport"),
    "action type not a string": (_action("type", ["Move"]), "type"),
    "action not an object": (lambda d, m: d["actions"].__setitem__(m, [0, "Draw"]) or d, "not an action"),
    "move source tampered": (_action("src", "t9"), "is not legal"),
    "move target tampered": (_action("dst", "stock"), "is not legal"),
    "move zone not a string": (_action("src", 3), "expected str"),
    "extra action field": (_action("cheat", True), "unknown fields"),
    "missing action field": (lambda d, m: d["actions"][m][1].pop("dst") and d, "lacks field"),
    "count as bool": (_action("count", True), "expected int"),
    "count as float": (_action("count", 1.0), "expected int"),
    "count negative": (_action("count", -1), "is not legal"),
    "count huge": (_action("count", 10**30), "is not legal"),
    "seat number wrong": (_seat_of_move(1), "seat"),
    "seat number negative": (_seat_of_move(-1), "seat"),
    "seat as bool": (_seat_of_move(False), "seat"),
    "seat as string": (_seat_of_move("0"), "seat"),
    "missing actions": (_drop("actions"), "actions"),
    "missing seats": (_drop("seats"), "seats"),
}


def _check_kept_aside(path: Path, raw: bytes, err: SaveError) -> None:
    assert not path.exists()
    assert err.kept_at is not None
    assert err.kept_at.parent == path.parent
    assert re.fullmatch(re.escape(path.name) + r"\.corrupt-\d{8}-\d{6}(-\d+)?", err.kept_at.name)
    assert err.kept_at.read_bytes() == raw
    assert err.kept_at.name in str(err)
    assert err.message == str(err)


def _check_readable(message: str) -> None:
    assert message.startswith("The saved game")
    assert "Traceback" not in message and "<" not in message
    assert len(message) < 400


@pytest.mark.parametrize("case", list(TAMPERED))
def test_tampered_save_is_refused_and_kept_aside(case: str) -> None:
    data, move = saved_klondike()
    mutate, expected = TAMPERED[case]
    raw = json.dumps(mutate(data, move)).encode("utf-8")
    path = storage.autosave_path("klondike")
    path.parent.mkdir(parents=True)
    path.write_bytes(raw)
    with pytest.raises(SaveError) as info:
        load_match(path, lookup, saver=Autosave(path, storage.last_game_path("klondike")))
    err = info.value
    assert expected.lower() in err.message.lower()
    _check_readable(err.message)
    _check_kept_aside(path, raw, err)


@pytest.mark.parametrize(
    "raw",
    [b"", b"{not json", b'{"format": 1, ', b"\xff\xfe\x00garbage", b"\x00" * 64, b"NaN-ish"],
    ids=["empty", "not json", "truncated", "not utf-8", "zeros", "words"],
)
def test_unreadable_save_is_refused_and_kept_aside(raw: bytes) -> None:
    path = storage.autosave_path("klondike")
    path.parent.mkdir(parents=True)
    path.write_bytes(raw)
    with pytest.raises(SaveError) as info:
        load_match(path, lookup)
    assert "cannot be read" in info.value.message
    _check_readable(info.value.message)
    _check_kept_aside(path, raw, info.value)


def test_tampered_card_field_is_refused(countdown: Rules, tmp_path: Path) -> None:
    match = Match(COUNTDOWN_GAME, VS_BOT, seed=1)
    for _ in range(4):
        match.apply(match.state.legal_actions()[0])
    good = match.to_json()
    for card, expected in (({"card": "KH"}, "move 2 is not legal"), ({"card": "ZZ"}, "card"),
                           ("2S", "card"), ({"card": "2S", "x": 1}, "card")):
        data = json.loads(json.dumps(good))
        data["actions"][1][1]["cards"] = [card]
        path = tmp_path / "c.json"
        raw = json.dumps(data).encode()
        path.write_bytes(raw)
        with pytest.raises(SaveError) as info:
            load_match(path, lookup)
        assert expected in info.value.message
        _check_kept_aside(path, raw, info.value)


def test_seat_playing_out_of_turn_is_refused(countdown: Rules) -> None:
    match = Match(COUNTDOWN_GAME, VS_BOT, seed=1)
    for _ in range(3):
        match.apply(match.state.legal_actions()[0])
    data = match.to_json()
    data["actions"][1][0] = 0  # the human plays the bot's move too
    with pytest.raises(SaveError, match="log entry 2 is played by seat 0"):
        Match.from_json(data, lookup)
    data["actions"][1][0] = True  # seat 1 written as a bool
    with pytest.raises(SaveError, match="seat"):
        Match.from_json(data, lookup)


def test_aside_files_never_overwrite_each_other(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage.time, "strftime", lambda fmt, *a: "20240102-030405")
    path = storage.autosave_path("klondike")
    path.parent.mkdir(parents=True)
    kept = []
    for i in range(3):
        raw = f"broken {i}".encode()
        path.write_bytes(raw)
        with pytest.raises(SaveError) as info:
            load_match(path, lookup)
        kept.append((info.value.kept_at, raw))
    names = [k.name for k, _ in kept]
    assert names == [
        "autosave-klondike.json.corrupt-20240102-030405",
        "autosave-klondike.json.corrupt-20240102-030405-1",
        "autosave-klondike.json.corrupt-20240102-030405-2",
    ]
    for where, raw in kept:
        assert where.read_bytes() == raw


# ----- undo and redo ---------------------------------------------------------------------------


def test_unlimited_undo_back_to_the_start_and_redo() -> None:
    match = klondike_match()
    start = view(match)
    views = [start, *play(match, 40)]
    assert not match.can_redo()
    for i in range(40, 0, -1):
        assert match.can_undo()
        assert match.undo()
        assert len(match.log) == i - 1
        assert view(match) == views[i - 1]
    assert view(match) == start
    assert not match.can_undo()
    assert match.undo() is False
    assert view(match) == start
    for i in range(1, 41):
        assert match.can_redo()
        assert match.redo()
        assert view(match) == views[i]
    assert not match.can_redo()
    assert match.redo() is False


def test_undo_and_redo_are_autosaved() -> None:
    match = klondike_match()
    play(match, 6)
    path = storage.autosave_path("klondike")
    match.undo()
    match.undo()
    assert load_match(path, lookup).state.view(0) == view(match)
    match.redo()
    assert load_match(path, lookup).state.view(0) == view(match)
    assert len(load_match(path, lookup).log) == 5


def test_new_action_clears_redo() -> None:
    match = klondike_match()
    play(match, 5)
    match.undo()
    match.undo()
    assert match.can_redo()
    match.apply(match.state.legal_actions()[0])
    assert not match.can_redo()
    assert match.redo() is False
    assert len(match.log) == 4


def test_illegal_action_keeps_redo() -> None:
    match = klondike_match()
    play(match, 3)
    match.undo()
    with pytest.raises(IllegalAction):
        match.apply(Move("f0", "t0"))
    assert match.can_redo()


def test_no_undo_or_redo_after_the_game_is_over() -> None:
    match = klondike_match()
    play(match, 5)
    match.undo()
    match.apply(Resign())
    assert match.state.is_over()
    assert not match.can_undo() and match.undo() is False
    assert not match.can_redo() and match.redo() is False
    assert len(match.log) == 5 and match.state.is_over()


def test_undo_can_be_disabled() -> None:
    match = klondike_match()
    play(match, 3)
    match.undo_allowed = False
    assert not match.can_undo()
    assert match.undo() is False
    assert len(match.log) == 3


def test_undo_against_a_bot_goes_back_to_the_human_decision(countdown: Rules) -> None:
    match = Match(COUNTDOWN_GAME, VS_BOT, seed=1, saver=Autosave.for_game("countdown"))
    views = [match.state.view(None)]
    for pick in (1, 0, 0, 1):  # H takes 2, B takes 1, H takes 1, B takes 2
        match.apply(match.state.legal_actions()[pick])
        views.append(match.state.view(None))
    assert [e.seat for e in match.log] == [0, 1, 0, 1]
    full_log = list(match.log)

    assert match.undo()
    assert match.log == full_log[:2]  # the last human move and the bot's reply went together
    assert match.state.view(None) == views[2]
    assert match.state.turn == 0

    assert match.redo()
    assert match.log == full_log
    assert match.state.view(None) == views[4]

    assert match.undo() and match.undo()
    assert match.log == [] and match.state.view(None) == views[0]
    assert not match.can_undo()
    assert match.redo() and match.redo()
    assert match.log == full_log
    assert load_match(storage.autosave_path("countdown"), lookup).log == full_log


def test_undo_while_the_bot_is_to_move(countdown: Rules) -> None:
    match = Match(COUNTDOWN_GAME, VS_BOT, seed=1)
    match.apply(match.state.legal_actions()[0])
    match.apply(match.state.legal_actions()[0])
    match.apply(match.state.legal_actions()[1])  # human; now the bot is to move
    assert match.state.turn == 1
    assert match.undo()
    assert [e.seat for e in match.log] == [0, 1]
    assert match.state.turn == 0


def test_undo_never_removes_only_bot_moves(countdown: Rules) -> None:
    match = Match(COUNTDOWN_GAME, [Seat("bot:normal", "Bot"), Seat("human", "You")], seed=1)
    match.apply(match.state.legal_actions()[0])  # bot opens
    assert not match.can_undo()
    match.apply(match.state.legal_actions()[0])  # human
    match.apply(match.state.legal_actions()[0])  # bot
    assert match.undo()
    assert [e.seat for e in match.log] == [0]
    assert not match.can_undo()
    assert match.undo() is False


# ----- replay ----------------------------------------------------------------------------------


def finished_klondike() -> tuple[Match, list[dict[str, Any]], list[list[Event]]]:
    match = klondike_match()
    views = [view(match)]
    events = []
    rng = random.Random(5)
    for _ in range(35):
        action = rng.choice([a for a in match.state.legal_actions() if not isinstance(a, Resign)])
        events.append(match.apply(action))
        views.append(view(match))
    events.append(match.apply(Resign()))
    views.append(view(match))
    assert match.state.is_over()
    return match, views, events


def test_replay_forward_and_back() -> None:
    match, views, events = finished_klondike()
    replay = Replay(match)
    assert len(replay) == len(match.log) == 36
    assert replay.position == 0
    assert replay.back() is False
    assert replay.state.view(0) == views[0]
    for i in range(36):
        assert replay.forward() == events[i]
        assert replay.position == i + 1
        assert replay.state.view(0) == views[i + 1]
    assert replay.state.is_over()
    assert replay.forward() == []
    assert replay.position == 36
    for i in range(36, 0, -1):
        assert replay.back() is True
        assert replay.state.view(0) == views[i - 1]
    assert replay.back() is False
    assert replay.position == 0
    # forwards again over states already seen
    for i in range(36):
        assert replay.forward() == events[i]
        assert replay.state.view(0) == views[i + 1]


def test_replay_seek() -> None:
    match, views, _ = finished_klondike()
    replay = Replay(match)
    for position in (17, 3, 36, 0, 20, 20, 35, 1):
        replay.seek(position)
        assert replay.position == position
        assert replay.state.view(0) == views[position]
    replay.seek(-5)
    assert replay.position == 0 and replay.state.view(0) == views[0]
    replay.seek(10**6)
    assert replay.position == 36 and replay.state.view(0) == views[36]


def test_replay_does_not_disturb_the_match() -> None:
    match, views, _ = finished_klondike()
    log = list(match.log)
    replay = Replay(match)
    replay.seek(36)
    replay.seek(0)
    assert match.log == log
    assert view(match) == views[-1]


def test_replay_of_a_two_seat_game(countdown: Rules) -> None:
    match = Match(COUNTDOWN_GAME, VS_BOT, seed=1)
    views = [match.state.view(None)]
    while not match.state.is_over():
        match.apply(match.state.legal_actions()[len(match.log) % 2])
        views.append(match.state.view(None))
    replay = Replay(match)
    replay.seek(len(replay))
    assert replay.state.view(None) == views[-1]
    assert replay.state.result().winners == match.state.result().winners
    replay.seek(2)
    assert replay.state.view(None) == views[2]
