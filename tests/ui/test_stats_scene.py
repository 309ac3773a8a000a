"""The statistics screen and the record on the menu, driven headless through posted mouse and keyboard events; and
what a finished, given-up or restarted match adds to the statistics (`cardtable.ui.table.records`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UILabel

from cardtable import stats
from cardtable.core.engine import Result
from cardtable.games import GAMES, get_game
from cardtable.games.klondike.rules import Draw, Resign
from cardtable.games.plugin import GamePlugin
from cardtable.session.match import Match, Seat
from cardtable.session.saves import Autosave
from cardtable.stats import GameStats
from cardtable.storage import KEPT_FINISHED, autosave_path, data_dir, finished_dir
from cardtable.ui.driver import UIDriver
from cardtable.ui.menu import MenuScene
from cardtable.ui.replay import ReplayScene
from cardtable.ui.stats_scene import GONE, NEVER_KEPT, StatsScene
from cardtable.ui.table.records import RunningTotal, count_given_up, count_result, record_lines
from cardtable.ui.window import App
from tests.rule_trace import traces
from tests.ui.klondike_helpers import finished_klondike
from tests.ui.table_helpers import SIZES

KLONDIKE = get_game("klondike")
VEGAS = KLONDIKE.variant({"scoring": "vegas"})  # draw 1, Vegas
VEGAS3 = KLONDIKE.variant({"draw": 3, "scoring": "vegas"})


@pytest.fixture
def start(table_home):
    """`start(size)`: a headless app showing the menu, and its driver."""
    apps: list[App] = []

    def start_(size: tuple[int, int] = (1280, 800)) -> tuple[App, UIDriver]:
        app = App(size)
        app.settings.animation_speed = "instant"
        apps.append(app)
        app.navigator.menu()
        driver = UIDriver(app)
        driver.frames(2)
        return app, driver

    yield start_
    for app in apps:
        if app.scene is not None:
            app.scene.on_exit()
    pygame.event.clear()
    pygame.quit()


def some_games() -> None:
    stats.record("klondike", True, 95.0, 15, variant=VEGAS, deal=11)
    stats.record("klondike", False, 300.0, -37, variant=VEGAS, deal=12)
    stats.record("klondike", True, 200.0, 640, variant=KLONDIKE.variant({"draw": 3}), deal=13)
    stats.record("kachuful", True, 900.0, 87, deal=21)


def open_statistics(app: App, driver: UIDriver) -> StatsScene:
    menu = app.scene
    assert isinstance(menu, MenuScene)
    driver.click_widget(menu.buttons["statistics"])
    driver.frames(2)
    assert isinstance(app.scene, StatsScene)
    return app.scene


def row(scene: StatsScene, label: str) -> tuple[str, ...]:
    return next(r for r in scene.record_rows if r[0] == label)


# --------------------------------------------------------------------------- the screen


def test_the_menus_statistics_button_opens_the_screen_and_back_returns(start) -> None:
    app, driver = start()
    scene = open_statistics(app, driver)
    assert scene.game.id == "klondike"  # the game the menu showed
    driver.click_widget(scene.buttons["back"])
    assert isinstance(app.scene, MenuScene)
    scene = open_statistics(app, driver)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_the_screen_shows_each_variants_numbers_and_the_last_games(start) -> None:
    some_games()
    app, driver = start()
    scene = open_statistics(app, driver)
    assert scene.record_rows[0] == ("All variants", "3", "2", "67%", "1", "1", "1:35", "—")
    assert row(scene, "Draw 1 · Vegas") == ("Draw 1 · Vegas", "2", "1", "50%", "0", "1", "1:35", "-22")
    assert row(scene, "Draw 3 · Standard") == ("Draw 3 · Standard", "1", "1", "100%", "1", "1", "3:20", "—")
    assert row(scene, "Draw 3 · Vegas")[1:4] == ("0", "0", "—")
    newest, *_, oldest = scene.history_rows
    assert newest[1:] == ("Draw 3 · Standard", "Won", "3:20", "640", "#13")
    assert oldest[1:] == ("Draw 1 · Vegas", "Won", "1:35", "15", "#11")
    driver.click_widget(scene.buttons["game:kachuful"])
    assert scene.game.id == "kachuful"
    assert scene.record_rows == (("All games", "1", "1", "100%", "1", "1", "87"),)  # best score, no variants
    assert [r[1:] for r in scene.history_rows] == [("Won", "15:00", "87", "#21")]
    driver.click_widget(scene.buttons["game:crazy"])
    assert scene.record_rows[0][1:3] == ("0", "0") and scene.history_rows == ()


def test_many_games_are_shown_a_page_at_a_time(start) -> None:
    for deal in range(stats.HISTORY):
        stats.record("klondike", False, 10.0 + deal, variant=VEGAS, deal=deal)
    app, driver = start((800, 560))
    scene = open_statistics(app, driver)
    assert scene.pages > 1 and scene.history_rows[0][-1] == f"#{stats.HISTORY - 1}"
    assert not scene.buttons["newer"].is_enabled
    seen = list(scene.history_rows)
    while scene.buttons["older"].is_enabled:
        driver.click_widget(scene.buttons["older"])
        seen += scene.history_rows
    assert [r[-1] for r in seen] == [f"#{d}" for d in reversed(range(stats.HISTORY))]
    driver.click_widget(scene.buttons["newer"])
    assert scene.page == scene.pages - 2


def test_reset_asks_first_and_no_keeps_the_records(start) -> None:
    some_games()
    app, driver = start()
    scene = open_statistics(app, driver)
    driver.click_widget(scene.buttons["reset"])
    dialog = scene.confirm
    assert dialog is not None and dialog.alive() and "Klondike" in dialog.confirmation_text.html_text
    driver.click_widget(dialog.cancel_button)
    driver.frames(2)
    assert not dialog.alive() and stats.load("klondike").played == 3
    driver.click_widget(scene.buttons["reset"])
    driver.key(pygame.K_ESCAPE)  # Esc answers No, and leaves the screen only when nothing is asked
    assert app.scene is scene and not scene.confirm.alive() and stats.load("klondike", VEGAS).played == 2


def test_reset_yes_clears_that_game_in_every_variant_and_no_other(start) -> None:
    some_games()
    app, driver = start()
    scene = open_statistics(app, driver)
    driver.click_widget(scene.buttons["reset"])
    driver.click_widget(scene.confirm.confirm_button)
    driver.frames(2)  # the press, then the dialog's answer
    assert stats.load("klondike") == GameStats() and stats.load("klondike", VEGAS) == GameStats()
    assert stats.load("kachuful").played == 1
    assert all(r[1] == "0" for r in scene.record_rows) and scene.history_rows == ()
    assert app.scene is scene


@pytest.mark.parametrize("size", SIZES)
def test_the_screen_fits_every_window(start, size) -> None:
    some_games()
    for deal in range(stats.HISTORY):
        stats.record("klondike", deal % 3 == 0, 600.0 + deal, -52 + deal, variant=VEGAS3, deal=2**31 - deal)
    app, driver = start(size)
    scene = open_statistics(app, driver)
    window = pygame.Rect((0, 0), size)
    for game in GAMES:
        scene.choose(game.id)
        driver.frames(1)
        widgets = [b.rect for b in scene.buttons.values()] + ([scene.game_menu.rect] if scene.game_menu else [])
        assert all(window.contains(r) for r in widgets)
        assert not any(a.colliderect(b) for i, a in enumerate(widgets) for b in widgets[i + 1:])
        placed = [image.get_rect(topleft=at) for image, at in scene.images]
        assert all(scene.panel_rect.contains(r) for r in placed), game.id
        assert not any(a.colliderect(b) for i, a in enumerate(placed) for b in placed[i + 1:])
        assert not any(r.colliderect(w) for r in placed for w in widgets)


def test_a_narrow_window_chooses_the_game_from_a_drop_down(start) -> None:
    app, driver = start((800, 560))
    scene = open_statistics(app, driver)
    menu = scene.game_menu
    assert menu is not None and not any(k.startswith("game:") for k in scene.buttons)
    driver.click_widget(menu)
    item = next(i for i in menu.current_state.options_selection_list.item_list if i["text"] == "Crazy")
    driver.click_widget(item["button_element"])
    driver.frames(2)
    assert scene.game.id == "crazy" and scene.record_rows[0][0] == "All games"


# --------------------------------------------------------------------------- the menu's record


def test_the_menu_shows_the_record_of_the_variant_chosen(start) -> None:
    some_games()
    app, driver = start()
    app.settings.running_total = True
    menu = app.scene
    texts = lambda: [label.text for label in menu.stats_labels]  # noqa: E731
    assert texts()[0].startswith("Played 0, won 0")  # draw 1, standard: never played
    driver.click_widget(menu.option_menus["scoring"])
    scoring = menu.option_menus["scoring"]
    item = next(i for i in scoring.current_state.options_selection_list.item_list if i["text"] == "Vegas")
    driver.click_widget(item["button_element"])
    driver.frames(2)
    assert "Played 2, won 1 (50%)" in " ".join(texts()) and "Vegas total: -22" in " ".join(texts())
    app.settings.running_total = False
    menu.build()
    assert "Vegas total" not in " ".join(texts())


# --------------------------------------------------------------------------- what a match adds


@dataclass
class FakeState:
    """A game at its end (or not), won or lost, with the person's score."""

    won: bool
    score: float
    over: bool = True

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        return Result([self.score], [0] if self.won else [], "")


@dataclass
class FakeMatch:
    """What `records` reads of a match."""

    game: GamePlugin
    state: FakeState
    seed: int = 42
    options: dict[str, Any] = field(default_factory=lambda: {"scoring": "vegas"})
    restarted: bool = False
    elapsed: float = 120.0
    log: list[Any] = field(default_factory=lambda: [object()])
    seats: list[Seat] = field(default_factory=lambda: [Seat("human", "You")])

    @property
    def game_id(self) -> str:
        return self.game.id


def test_a_deal_lost_then_won_on_its_restart_counts_once_as_won(table_home) -> None:
    assert count_result(FakeMatch(KLONDIKE, FakeState(False, -42)), [0]) is None
    assert count_result(FakeMatch(KLONDIKE, FakeState(True, 208), restarted=True), [0]) is None
    for record in (stats.load("klondike"), stats.load("klondike", VEGAS)):
        assert (record.played, record.won, record.current_streak, record.total_score) == (1, 1, 1, 208)


def test_a_deal_given_up_restarted_and_given_up_counts_once(table_home) -> None:
    match = Match(KLONDIKE, [Seat("human", "You")], {"scoring": "vegas"}, seed=7)
    match.apply(match.state.legal_actions()[0])
    assert count_given_up(match) is None
    again = Match(KLONDIKE, [Seat("human", "You")], {"scoring": "vegas"}, seed=7)
    again.restarted = True
    again.apply(again.state.legal_actions()[0])
    assert count_given_up(again) is None
    record = stats.load("klondike", VEGAS)
    assert (record.played, record.won) == (1, 0) and stats.load("klondike").played == 1
    assert record.total_score == again.state.result().scores[0]  # a Vegas game given up still costs its ante
    assert record.history[-1].deal == 7


def test_a_game_given_up_without_a_running_total_keeps_no_score(table_home) -> None:
    count_given_up(FakeMatch(KLONDIKE, FakeState(False, 35, over=False), options={}))
    record = stats.load("klondike", KLONDIKE.variant({}))
    assert record.played == 1 and record.total_score == 0 and record.history[0].score is None


def test_the_result_panels_record_has_the_running_total_when_the_setting_asks(table_home) -> None:
    match = FakeMatch(KLONDIKE, FakeState(False, -37))
    count_result(match, [0])
    assert record_lines(match, timed=True, running_total=True)[-1] == "Vegas total: -37"
    assert not any("total" in line for line in record_lines(match, timed=True, running_total=False))


def test_the_running_total_during_play_counts_the_score_so_far_as_the_end_would(table_home) -> None:
    count_result(FakeMatch(KLONDIKE, FakeState(False, -37), seed=1), [0])
    running = RunningTotal()
    playing = FakeMatch(KLONDIKE, FakeState(False, -42, over=False), seed=2)
    assert running.text(playing, shown=True) == "Vegas total: -79"
    assert running.text(playing, shown=False) is None
    assert running.text(FakeMatch(KLONDIKE, FakeState(False, 5, over=False), options={}), shown=True) is None
    # A restart of the deal counted last replaces its count, as the statistics will.
    again = FakeMatch(KLONDIKE, FakeState(False, -47, over=False), seed=1, restarted=True)
    fresh = RunningTotal()
    count_result(FakeMatch(KLONDIKE, FakeState(False, -20), seed=1), [0])
    assert fresh.text(again, shown=True) == "Vegas total: -84"  # -37 and the restart's -47, not the -20 replaced
    won = FakeMatch(KLONDIKE, FakeState(True, 208), seed=3)
    count_result(won, [0])
    assert RunningTotal().text(FakeMatch(KLONDIKE, FakeState(False, -52, over=False), seed=3, restarted=True),
                               shown=True) == f"Vegas total: {stats.load('klondike', VEGAS).total_score}"


@traces("klondike:score.running_total", "klondike:table.deal_number")
def test_the_table_shows_the_running_total_beside_the_clock(table_home, open_table) -> None:
    match = Match(KLONDIKE, [Seat("human", "You")], {"scoring": "vegas"}, seed=5)
    table, driver = open_table(match)
    table.app.settings.running_total = True
    assert table.clock_text()[0].startswith("Vegas total: -52 \u00b7 Deal #5")
    table.app.settings.running_total = False
    assert table.clock_text()[0].startswith("Deal #5")


# --------------------------------------------------------------------------- per person, and the last game's replay


@dataclass
class TableState:
    """A finished game of several seats: their scores and the winners."""

    scores: list[float]
    winners: list[int]

    def is_over(self) -> bool:
        return True

    def result(self) -> Result:
        return Result(self.scores, self.winners, "")


def pass_and_play(winners: list[int], seed: int) -> FakeMatch:
    """A finished Kachuful game of Ada and Basil at one table, with a bot."""
    return FakeMatch(get_game("kachuful"), TableState([30, 12, 20], winners), seed=seed, options={},
                     seats=[Seat("human", "Ada"), Seat("human", "Basil"), Seat("bot:normal", "Clara")])


def test_pass_and_play_counts_each_person_and_the_picker_shows_them(start) -> None:
    count_result(pass_and_play([0], 1), [0, 1])
    count_result(pass_and_play([2], 2), [0, 1])
    count_result(FakeMatch(get_game("kachuful"), FakeState(True, 9), seed=3, options={}), [0])  # one person
    assert stats.people(stats.load_all(), "kachuful") == ["Ada", "Basil"]
    assert "kachuful@Clara" not in stats.load_all() and "kachuful@You" not in stats.load_all()
    app, driver = start((800, 560))
    scene = open_statistics(app, driver)
    assert scene.person_menu is None  # no one played Klondike at a shared table
    scene.choose("kachuful")
    assert scene.record_rows[0][1:3] == ("3", "2")  # everyone's: the games the people won
    menu = scene.person_menu
    assert menu is not None and pygame.Rect((0, 0), app.size).contains(menu.rect)
    driver.click_widget(menu)
    rows = menu.current_state.options_selection_list.item_list
    assert [r["text"] for r in rows] == ["Everyone", "Ada", "Basil"]
    driver.click_widget(rows[2]["button_element"])
    driver.frames(2)
    assert scene.person == "Basil" and scene.record_rows[0][1:3] == ("2", "0")
    assert [r[1] for r in scene.history_rows] == ["Lost", "Lost"]
    scene.show_person("Ada")
    assert scene.record_rows[0][1:3] == ("2", "1") and scene.record_rows[0][-1] == "30"
    scene.choose("crazy")
    assert scene.person == "" and scene.person_menu is None


def labels(scene: StatsScene) -> list[str]:
    """The texts of the screen's labels."""
    return [w.text for w in scene.ui.get_root_container().elements if isinstance(w, UILabel)]


def test_pass_and_play_everyone_counts_a_persons_win_without_anothers_score(start) -> None:
    """Basil wins: under Everyone the game is won, with no score (Ada's 30 beside Basil's win said "Won, 30");
    each person's own row has their own result and score."""
    count_result(pass_and_play([1], 4), [0, 1])
    app, driver = start()
    scene = open_statistics(app, driver)
    driver.click_widget(scene.buttons["game:kachuful"])
    assert scene.history_rows[0][1] == "Won" and scene.history_rows[0][3] == "—"
    scene.show_person("Basil")
    assert scene.history_rows[0][1] == "Won" and scene.history_rows[0][3] == "12"
    scene.show_person("Ada")
    assert scene.history_rows[0][1] == "Lost" and scene.history_rows[0][3] == "30"


def test_a_game_a_bot_finished_says_so_and_how_it_counts(start) -> None:
    """The person timed out three times and a bot finished the game: it counts as played, with the seat's
    result, and its row and a note under the last games say so; with games that were not kept (these were counted
    without a copy), a note says which games can be replayed."""
    count_result(FakeMatch(get_game("kachuful"), FakeState(True, 9), seed=3, options={}), [0])
    count_result(FakeMatch(get_game("kachuful"), FakeState(False, 4), seed=5, options={},
                           seats=[Seat("bot:normal", "You", handed_over=True)]), [0])
    record = stats.load("kachuful")
    assert (record.played, record.won) == (2, 1) and record.history[-1].by_bot
    app, driver = start()
    scene = open_statistics(app, driver)
    driver.click_widget(scene.buttons["game:kachuful"])
    assert [r[1] for r in scene.history_rows] == ["Lost, finished by a bot", "Won"]
    said = " ".join(labels(scene))
    assert "Finished by a bot:" in said and "counts as played, with the seat's result" in said
    assert "A finished game can be replayed from its row" in said


def test_a_persons_record_holds_their_games_alone_and_at_a_shared_table(start) -> None:
    """Ada played once alone (under her name) and twice with Basil: her record has all three games; a game of the
    default "You" alone is kept under no name."""
    count_result(FakeMatch(get_game("kachuful"), FakeState(True, 40), seed=7, options={},
                           seats=[Seat("human", "Ada"), Seat("bot:normal", "Clara")]), [0])
    count_result(pass_and_play([0], 1), [0, 1])
    count_result(pass_and_play([1], 2), [0, 1])
    count_result(FakeMatch(get_game("kachuful"), FakeState(True, 9), seed=3, options={}), [0])  # "You" alone
    app, driver = start()
    scene = open_statistics(app, driver)
    driver.click_widget(scene.buttons["game:kachuful"])
    assert scene.record_rows[0][1:3] == ("4", "4"), "everyone's: every game, won when a person won"
    scene.show_person("Ada")
    assert scene.record_rows[0][1:3] == ("3", "2") and [r[1] for r in scene.history_rows] == ["Lost", "Won", "Won"]
    assert stats.people(stats.load_all(), "kachuful") == ["Ada", "Basil"]


def test_replay_opens_the_last_game_and_is_disabled_without_one(start) -> None:
    app, driver = start()
    scene = open_statistics(app, driver)
    assert not scene.buttons["replay"].is_enabled
    finished_klondike()
    scene.build()
    assert scene.buttons["replay"].is_enabled
    driver.click_widget(scene.buttons["replay"])
    assert isinstance(app.scene, ReplayScene) and app.scene.match.game_id == "klondike"


# --------------------------------------------------------------------------- every kept game replays from its row


def finished_and_counted(seed: int) -> Match:
    """A Klondike game won at a winnable deal, kept as a finished game, and counted as the table counts it."""
    match = finished_klondike(seed)
    assert match.kept_as and count_result(match, [0]) is None
    return match


def actions(match: Match) -> list[Any]:
    return [entry.action for entry in match.log]


def test_an_older_rows_replay_opens_that_game_not_the_last(start) -> None:
    older, newer = finished_and_counted(0), finished_and_counted(2)
    app, driver = start()
    scene = open_statistics(app, driver)
    assert [r[-1] for r in scene.history_rows] == ["#2", "#0"] and not scene.not_kept
    assert "A finished game can be replayed from its row" not in " ".join(labels(scene)), "every row is kept"
    driver.click_widget(scene.buttons["replay:1"])
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    assert replay.match.seed == older.seed != newer.seed and actions(replay.match) == actions(older)
    driver.key(pygame.K_END)
    assert replay.state.view(0) == older.state.view(0)
    assert replay.buttons["menu"].text == "Back"
    driver.key(pygame.K_ESCAPE)  # back to the statistics as they were, and the newer row replays the newer game
    assert app.scene is scene
    driver.click_widget(scene.buttons["replay:0"])
    assert isinstance(app.scene, ReplayScene) and actions(app.scene.match) == actions(newer)
    driver.click_widget(app.scene.buttons["menu"])
    assert app.scene is scene


def test_only_the_newest_finished_games_are_kept_and_a_pruned_row_says_why(start) -> None:
    """51 games finished: the oldest copy goes, 50 stay; a file kept aside and the autosaves are never deleted.
    The first game was Ada's: her row says it is no longer kept."""
    first = finished_klondike(0)
    first.seats = [Seat("human", "Ada")]
    assert count_result(first, [0]) is None
    folder = finished_dir("klondike")
    aside = folder / f"{first.kept_as}.corrupt-20260101-000000"
    aside.write_text("{")
    other = autosave_path("crazy")
    other.write_text("{}")
    data = first.to_json()
    for _ in range(50):
        saver = Autosave.for_game("klondike")
        match = Match.from_json(data, get_game, saver)
        match.seats = [Seat("human", "You")]
        saver(match)
        assert count_result(match, [0]) is None
    kept = sorted(p.name for p in folder.glob("*.json"))
    assert len(kept) == KEPT_FINISHED == 50 and first.kept_as not in kept
    assert aside.exists() and other.exists()
    app, driver = start()
    scene = open_statistics(app, driver)
    assert not scene.not_kept and all(f"replay:{i}" in scene.buttons for i in range(len(scene.history_rows)))
    scene.show_person("Ada")
    assert len(scene.history_rows) == 1 and "replay:0" not in scene.buttons
    assert [label.tool_tip_text for label in scene.not_kept] == [GONE]
    assert "A finished game can be replayed from its row" in " ".join(labels(scene))


def test_a_damaged_kept_copy_is_set_aside_and_said(start) -> None:
    older = finished_and_counted(0)
    finished_and_counted(2)
    copy = finished_dir("klondike") / older.kept_as
    copy.write_text('{"game": "klondike", "log": [')
    app, driver = start()
    scene = open_statistics(app, driver)
    driver.click_widget(scene.buttons["replay:1"])
    assert app.scene is scene, "the screen stays"
    assert not copy.exists() and list(copy.parent.glob(f"{copy.name}.corrupt-*"))
    said = scene.message
    assert said.startswith("The saved game cannot be read") and f"kept as {copy.name}.corrupt-" in said
    assert any(".corrupt-" in text for text in labels(scene)), "where the copy was kept aside is said"
    assert "replay:1" not in scene.buttons and [label.tool_tip_text for label in scene.not_kept] == [GONE]
    driver.click_widget(scene.buttons["replay:0"])
    assert isinstance(app.scene, ReplayScene)


def test_an_older_statistics_file_loads_and_its_rows_are_not_replayable(start, monkeypatch) -> None:
    """A statistics file written before games were kept: its history rows have no "kept" name; hovering over a
    row's "Not kept" says why."""
    game = {"when": "2026-01-02 10:00", "won": True, "seconds": 95.0, "deal": 11}
    record = {"played": 1, "won": 1, "best_time": 95.0, "best_score": None, "current_streak": 1,
              "longest_streak": 1, "total_score": 0, "history": [game]}
    (data_dir() / "statistics.json").parent.mkdir(parents=True, exist_ok=True)
    (data_dir() / "statistics.json").write_text(json.dumps({"klondike": record}))
    finished_klondike(0)  # the last game is there, but this row names no copy of it
    app, driver = start()
    scene = open_statistics(app, driver)
    assert not scene.message and scene.history_rows[0][-1] == "#11"
    assert "replay:0" not in scene.buttons and [label.tool_tip_text for label in scene.not_kept] == [NEVER_KEPT]
    assert scene.buttons["replay"].is_enabled, "Replay last still opens the last game"
    assert "A finished game can be replayed from its row" in " ".join(labels(scene))
    mark = scene.not_kept[0]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: mark.rect.center)  # the dummy driver keeps no pointer
    driver.post(pygame.MOUSEMOTION, pos=mark.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    driver.frames(80)  # a tooltip comes after a second of hovering
    assert mark.tool_tip is not None and mark.tool_tip.alive()


def test_a_row_on_an_older_page_replays_its_own_game(start) -> None:
    """Twenty games, given up after a draw (finished, so kept): the last row of the last page is the first game."""
    for seed in range(20):
        match = Match(KLONDIKE, [Seat("human", "You")], {}, seed, saver=Autosave.for_game("klondike"))
        match.apply(Draw())
        match.apply(Resign())
        assert count_result(match, [0]) is None
    app, driver = start((800, 560))
    scene = open_statistics(app, driver)
    assert scene.pages > 1
    while scene.buttons["older"].is_enabled:
        driver.click_widget(scene.buttons["older"])
    assert scene.history_rows[-1][-1] == "#0" and not scene.not_kept
    driver.click_widget(scene.buttons[f"replay:{len(scene.history_rows) - 1}"])
    assert isinstance(app.scene, ReplayScene) and app.scene.match.seed == 0
