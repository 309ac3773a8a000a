"""`--self-test --game ID`: a whole game of any registered game, played through the real table, headless.

Every seat of a game for several players is a normal bot, moving through the turn driver as in a real game, with
the game's self-test options (a fixed number of rounds, where the default game is long).  The one seat of a
solitaire is the person's: each move is its hint (or the normal bot's choice), made with the mouse as a person
makes it, on a deal the hint is first shown to finish on the engine alone.  The test passes only if
the game ended properly: the state is over, the result is on screen, the finished game is kept for replay (and
loads back to the same position) and no autosave is left behind.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

SETTLE_FRAMES = 400
DT = 1 / 60
MAX_MOVES = 5000
MAX_SECONDS = 600.0  # a safety net: a game that has not ended by then never will
SEEDS_TO_TRY = 200


class GameNotFinished(Exception):
    """The game did not end properly through the table."""


def person_move(game: Any, state: Any, seed: int) -> Any:
    """What the person plays: the game's hint, else its normal bot's choice (from what the seat may see)."""
    from cardtable.bots import make_bot

    if game.hint is not None:
        hint = game.hint(state)
        if hint is not None:
            return hint.action
    seat = state.turn
    return make_bot(game, "normal", seed=seed).choose(state.determinize(seat, random.Random(seed)), seat)


def finishing_seed(game: Any) -> int:
    """A seed whose deal the person's moves (`person_move`) finish, checked on the engine without the table."""
    for seed in range(SEEDS_TO_TRY):
        state = game.rules.new_game(1, {}, seed=seed)
        for n in range(MAX_MOVES):
            if state.is_over():
                return seed
            state.apply(person_move(game, state, seed + n))
        if state.is_over():
            return seed
    raise GameNotFinished(f"no deal of {game.title} among {SEEDS_TO_TRY} ends with its hints")


def play_whole_game(game_id: Any, size: tuple[int, int], shots: Path | None) -> str:
    """Play a whole game of `game_id` (or of a `GamePlugin` given as it is); returns what was played, or raises
    `GameNotFinished`."""
    import pygame

    from cardtable.games import get_game
    from cardtable.session.match import Match, Seat
    from cardtable.session.saves import Autosave, load_match
    from cardtable.ui.driver import UIDriver
    from cardtable.ui.table import TableScene
    from cardtable.ui.window import App

    if isinstance(game_id, str):
        try:
            game = get_game(game_id)
        except KeyError as exc:
            raise GameNotFinished(exc.args[0]) from None
    else:
        game, game_id = game_id, game_id.id
    rules = game.rules
    app = App(size)
    app.settings.animation_speed = "instant"
    app.settings.bot_delay = 0.0
    driver = UIDriver(app)
    saver = Autosave.for_game(game_id)
    solitaire = rules.players.stop - 1 == 1
    if solitaire:
        seed = finishing_seed(game)
        match = Match(game, [Seat("human", "You")], {}, seed, saver=saver)
    else:
        players = 4 if 4 in rules.players else rules.players.start
        seats = [Seat("bot:normal", f"Bot {i + 1}") for i in range(players)]
        match = Match(game, seats, dict(game.self_test_options), seed=1, saver=saver)
    app.navigator.table(match)
    table = app.scene
    if not isinstance(table, TableScene):
        raise GameNotFinished("the table did not open")
    driver.frames(3)
    deadline = time.monotonic() + MAX_SECONDS
    while not match.state.is_over():
        if time.monotonic() > deadline or len(match.log) > MAX_MOVES:
            raise GameNotFinished(f"{game.title} did not end ({len(match.log)} moves)")
        if solitaire and table.human_turn and table.settled:
            before = len(match.log)
            action = person_move(game, match.state, match.seed + before)
            driver.perform(table, action)
            driver.settle(table, SETTLE_FRAMES)
            if len(match.log) != before + 1 or match.log[-1].action != action:
                raise GameNotFinished(f"the gesture for {action.describe()!r} did not play it ({table.message!r})")
        else:
            if table.driver.busy:  # a bot thinks in the worker process: let its answer in rather than spin
                time.sleep(0.001)
            driver.frames(1)
    driver.settle(table, SETTLE_FRAMES)
    driver.frames(2)
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(shots / f"{game_id}-over.png"))
    if table.result_panel is None or not table.result_panel.visible:
        raise GameNotFinished("the result is not on screen")
    if saver.path.exists():
        raise GameNotFinished("a finished game left its autosave behind")
    kept = load_match(saver.last_path, lambda wanted: game if wanted == game.id else get_game(wanted))
    if kept.log != match.log or not kept.state.is_over():
        raise GameNotFinished("the finished game kept for replay does not load back to its end")
    result = match.state.result()
    app.quit()
    pygame.quit()
    who = ", ".join(match.seats[w].name for w in result.winners) or "nobody"
    return f"{game.title} played to the end through the UI in {len(match.log)} moves ({who} won)"
