"""Start-up loads only what the menu shows: every game's `INFO`, never its rules, layout, bots or words; and
`get_game` still gives each whole game, whose rules say what its `INFO` says."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardtable.games import CATALOGUE, INFOS, GamePlugin, get_game, get_info

#: Run in a fresh interpreter: the registry imported, the window opened and the menu built and drawn once.
MENU = """
import json, sys
from cardtable.games import CATALOGUE, get_info
from cardtable.ui.window import App
app = App((1280, 800))
app.navigator.menu()
app.step(0.0)
print(json.dumps({"scene": type(app.scene).__name__, "modules": sorted(sys.modules)}))
"""


@pytest.fixture(scope="module")
def menu_modules(tmp_path_factory, repo_root) -> list[str]:
    home = tmp_path_factory.mktemp("home")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARDTABLE_HOME=str(home),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", MENU], env=env, cwd=repo_root, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["scene"] == "MenuScene"
    return out["modules"]


def test_the_menu_imports_no_game_but_its_info(menu_modules):
    loaded = [m for m in menu_modules if m.startswith("cardtable.games.") and m.count(".") > 2]
    assert loaded == [], "the menu's first frame needs only each game's INFO"
    for info in INFOS:
        assert f"cardtable.games.{info.id}" in menu_modules


def test_the_menu_starts_no_bots_worker(menu_modules):
    """The bots, their search and their worker (and multiprocessing with it) are not imported for the menu's first
    frame (they are imported while the menu waits: see below)."""
    assert "multiprocessing" not in menu_modules
    assert [m for m in menu_modules if m.startswith("cardtable.bots")] == [], "the bots come with the first game"


#: The menu left to wait until it rests (its cards drawn, the table's modules imported), then New game: what opening
#: the table imported.
WAITED = """
import json, sys
from cardtable.ui.window import App
app = App((1280, 800))
app.navigator.menu()
frames = 0
while app.scene.next_change() == 0 and frames < 1000:
    app.step(1 / 60)
    frames += 1
before = set(sys.modules)
app.scene.new_game()
while not app.scene.ready:
    app.step(1 / 60)
print(json.dumps({"scene": type(app.scene).__name__, "new": sorted(set(sys.modules) - before)}))
"""


def test_the_menu_imports_the_tables_modules_while_it_waits_so_opening_a_table_imports_none(tmp_path, repo_root):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARDTABLE_HOME=str(tmp_path),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", WAITED], env=env, cwd=repo_root, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["scene"] == "TableScene"
    assert out["new"] == [], "cardtable.ui.preload.MODULES lacks what the table imports"


@pytest.mark.parametrize("info", INFOS, ids=[i.id for i in INFOS])
def test_get_game_gives_the_whole_game(info):
    game = get_game(info.id)
    assert isinstance(game, GamePlugin)
    assert game is get_game(info.id) and get_info(info.id) is info
    assert game.id == info.id and game.layout is not None and game.rules.new_game(game.rules.usual_players)
    entry = next(e for e in CATALOGUE if e.id == info.id)
    assert entry.built and entry.info is info and entry.game is game and entry.rules is game.rules


@pytest.mark.parametrize("info", INFOS, ids=[i.id for i in INFOS])
def test_the_info_says_what_the_rules_say(info):
    """The menu's form is built from `INFO`, the table from the rules: they must agree."""
    game = get_game(info.id)
    rules = game.rules
    assert (info.id, info.title, info.players, info.blurb, info.version, info.usual_players) == (
        rules.id, rules.title, rules.players, rules.blurb, rules.version, rules.usual_players)
    assert len(info.options) == len(rules.options)
    for mine, theirs in zip(info.options, rules.options, strict=True):
        assert (mine.name, mine.label, mine.choices, mine.default, mine.labels, mine.when, mine.custom) == (
            theirs.name, theirs.label, theirs.choices, theirs.default, theirs.labels, theirs.when, theirs.custom)
        for players in rules.players:
            assert [mine.choice_label(c, players) for c in mine.choices] == [
                theirs.choice_label(c, players) for c in theirs.choices]
    assert (game.showcase, game.variant_options, game.running_totals) == (
        info.showcase, info.variant_options, info.running_totals)
    assert info.validate_options({}) == rules.validate_options({})
    assert info.variants() == game.variants()


def test_a_written_out_choice_is_read_by_the_rules():
    """A value only the game's rules know (Kachuful's custom hand sizes) is checked by them."""
    info = get_info("kachuful")
    assert info.validate_options({"hands": "3,2,1"})["hands"] == "3,2,1"
    with pytest.raises(ValueError):
        info.validate_options({"hands": "three"})
    with pytest.raises(ValueError):
        get_info("klondike").validate_options({"draw": 2})


def test_the_registry_still_lists_every_game():
    from cardtable.games import GAMES, REGISTRY

    assert [g.id for g in GAMES] == [i.id for i in INFOS] == list(REGISTRY)
    assert all(REGISTRY[g.id] is g.rules for g in GAMES)
    with pytest.raises(KeyError, match="no such game"):
        get_game("nope")


def test_the_apps_own_objects_are_set_aside_from_the_collector_once_it_has_imported_everything() -> None:
    """After the menu's imports, the garbage collector's full passes look only at what play makes (`gc.freeze`)."""
    import gc

    from cardtable.ui import preload

    preload.settle_memory()
    frozen = gc.get_freeze_count()
    preload.settle_memory()  # once only: what play made since is left to the collector
    assert frozen > 0 and gc.get_freeze_count() == frozen and preload._settled
