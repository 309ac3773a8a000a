"""Sound: which engine events sound, the volume (off plays nothing), a sound device that fails, the sounds made by the
app, the table playing them, and a recording of one through SDL's disk audio driver."""

from __future__ import annotations

import array
import io
import json
import logging
import math
import os
import subprocess
import sys
import wave
from pathlib import Path
from typing import Any

import pygame
import pytest

from cardtable.core.cards import Card
from cardtable.core.cues import CUES, DEAL, ILLEGAL, PLAY, TAKE, WIN, event_cue, events_cues
from cardtable.core.engine import Event
from cardtable.games import get_game
from cardtable.games.klondike.rules import AutoFinish, Move
from cardtable.session.match import Match, Seat
from cardtable.storage import VOLUME_LEVELS, Settings, config_dir, write_json_atomic
from cardtable.ui import tones
from cardtable.ui.sound import QUIET_SECONDS, VOLUMES, Sounds, quiet_stderr
from tests.ui.klondike_helpers import ENDGAME, POSITION, klondike
from tests.ui.table_helpers import fast

CARD = Card.from_code("QS")
OTHER = Card.from_code("3H")


# --------------------------------------------------------------------------- events to sounds


@pytest.mark.parametrize(("event", "cue"), [
    (Event("move", (CARD,), "hand0", "trick", 0), PLAY),
    (Event("move", (CARD,), "t0", "t1"), PLAY),
    (Event("flip", (CARD,)), PLAY),
    (Event("turn", (CARD,), "stock", "turned", 1), PLAY),
    (Event("trick", (CARD, OTHER), "trick", "won1", 1), TAKE),
    (Event("trick", (CARD,), seat=2), TAKE),
    (Event("move", (CARD, OTHER), "trick", "won2", 2), TAKE),
    (Event("capture", (CARD, OTHER), "layout", "won0", 0), TAKE),
    (Event("deal", src="deck", dst="hand0", seat=0), DEAL),
    (Event("draw", (), "draw", "hand1", 1), DEAL),
    (Event("shuffle", src="stock"), DEAL),
    (Event("move", (), "t0", "t1"), None),
    (Event("message"), None),
    (Event("score", value=3), None),
    (Event("win", seat=0), None),
    (Event("over"), None),
])
def test_each_event_kind_has_its_cue(event, cue):
    assert event_cue(event) == cue


def test_events_shown_together_sound_each_cue_once_in_order():
    deal_round = [Event("deal", src="deck", dst=f"hand{s}", seat=s) for s in range(4)]
    assert events_cues([*deal_round, Event("message")]) == [DEAL]
    last_card = Event("move", (CARD,), "hand3", "trick", 3)
    gathered = Event("trick", (CARD, OTHER), "trick", "won0", 0)
    assert events_cues([last_card, gathered, Event("score", value=1)]) == [PLAY, TAKE]
    assert events_cues([]) == []


# --------------------------------------------------------------------------- the player, on a stand-in mixer


class FakeSound:
    def __init__(self, mixer: FakeMixer, file: Any) -> None:
        self.mixer, self.data, self.volume = mixer, file.read(), None

    def set_volume(self, value: float) -> None:
        self.volume = value

    def play(self) -> None:
        if self.mixer.fail_play:
            raise pygame.error("Audio device lost")
        self.mixer.played.append((self.data, self.volume))


class FakeMixer:
    """pygame.mixer's calls the player makes, recorded; `fail_init` is a machine with no sound device."""

    def __init__(self, fail_init: bool = False, fail_play: bool = False) -> None:
        self.fail_init, self.fail_play = fail_init, fail_play
        self.opened = False
        self.inits = self.quits = 0
        self.played: list[tuple[bytes, float | None]] = []

    def init(self, **kwargs: Any) -> None:
        self.inits += 1
        if self.fail_init:
            raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")
        self.opened = True

    def get_init(self) -> tuple[int, int, int] | None:
        return (44100, -16, 2) if self.opened else None

    def get_busy(self) -> bool:
        return False

    def quit(self) -> None:
        self.quits += 1
        self.opened = False

    def Sound(self, file: Any) -> FakeSound:  # noqa: N802 - pygame's name
        return FakeSound(self, file)


class Volume:
    """A settable `Settings.volume`, as the app's lambda reads it."""

    def __init__(self, level: str) -> None:
        self.level = level

    def __call__(self) -> str:
        return self.level


def test_an_earlier_players_close_leaves_the_device_another_opened_since():
    """One device a process: an app that has gone (its quiet watcher still running) closing it must not pull it
    from under the app playing now (that crashed the process), nor may sounds made for a closed opening play."""
    mixer = FakeMixer()
    old, new = Sounds(Volume("medium"), mixer), Sounds(Volume("medium"), mixer)
    assert old.play(WIN)
    mixer.quit()  # the old app's pygame.quit
    assert new.play(WIN) and mixer.inits == 2
    old.close()
    assert mixer.opened and mixer.quits == 1, "the device the new one opened stays open"
    assert old.play(WIN) and new.play(WIN), "each plays sounds made for the opening in use"
    assert mixer.opened


def test_volume_off_plays_nothing_and_never_opens_the_device():
    mixer = FakeMixer()
    sounds = Sounds(Volume("off"), mixer)
    assert sounds.play(WIN) is False
    sounds.events([Event("move", (CARD,), "t0", "t1"), Event("deal", src="deck", dst="hand0")])
    assert mixer.inits == 0 and mixer.played == [] and not sounds.recent


def test_each_volume_plays_louder_than_the_one_before_and_off_closes_the_device():
    assert tuple(VOLUMES) == VOLUME_LEVELS, "every stored volume has a loudness"
    volume = Volume("low")
    mixer = FakeMixer()
    sounds = Sounds(volume, mixer)
    heard = []
    for level in VOLUME_LEVELS[1:]:
        volume.level = level
        assert sounds.play(PLAY)
        heard.append(mixer.played[-1][1])
    assert heard == sorted(heard) and len(set(heard)) == 3 and 0 < heard[0] and heard[-1] <= 1
    assert mixer.inits == 1, "the device is opened once"
    assert mixer.played[0][0] == tones.wav_bytes(PLAY)
    volume.level = "off"
    assert not sounds.play(PLAY)
    assert mixer.quits == 1 and not mixer.opened, "turning the sound off lets go of the device"


def test_a_missing_sound_device_leaves_the_app_silent_and_says_so_once(caplog):
    volume = Volume("high")
    mixer = FakeMixer(fail_init=True)
    sounds = Sounds(volume, mixer)
    with caplog.at_level(logging.INFO, logger="cardtable"):
        for cue in CUES * 3:
            assert sounds.play(cue) is False
        sounds.events([Event("move", (CARD,), "t0", "t1")])
    assert mixer.inits == 1, "a device that failed is not tried again at every card"
    assert len(caplog.records) == 1 and caplog.records[0].levelno == logging.INFO
    assert "could not be used" in caplog.records[0].getMessage()
    assert sounds.state == "failed" and not sounds.busy
    volume.level = "off"
    sounds.play(PLAY)
    volume.level = "medium"
    mixer.fail_init = False
    assert sounds.play(PLAY), "turned off and on again, the device is tried again"


def test_a_device_lost_while_playing_is_silent_too():
    mixer = FakeMixer(fail_play=True)
    sounds = Sounds(Volume("medium"), mixer)
    assert sounds.play(DEAL) is False
    assert sounds.state == "failed" and not mixer.opened


def test_the_device_is_let_go_after_a_quiet_while_and_opened_again_for_the_next_sound():
    """An open device mixes silence in its own thread: the app's main loop closes it once nothing has sounded for
    `QUIET_SECONDS` (a sound meanwhile puts that off), from a thread of its own; the next sound opens it again."""
    now = [0.0]
    mixer = FakeMixer()
    closed_at: list[float] = []
    quit_device = mixer.quit

    def quit_() -> None:
        closed_at.append(now[0])
        quit_device()

    mixer.quit = quit_  # type: ignore[method-assign]
    again = [True]

    def sleep(seconds: float) -> None:
        if again[0]:  # a card is played 3 s into the first quiet while
            again[0] = False
            now[0] = 3.0
            assert sounds.play(PLAY)
            now[0] = 5.0
            return
        now[0] += seconds

    sounds = Sounds(Volume("medium"), mixer, clock=lambda: now[0], sleep=sleep)
    assert sounds.play(DEAL)
    assert sounds.close_if_quiet() is None and sounds.state == "open", "tests and the self-test keep the device"
    sounds.close_when_quiet(QUIET_SECONDS)
    sounds._watcher.join(timeout=60)  # its sleeps move the fake clock on at once
    assert closed_at == [3.0 + QUIET_SECONDS] and sounds.state == "closed" and not mixer.opened
    assert sounds.play(WIN) and mixer.inits == 2 and mixer.played[-1][0] == tones.wav_bytes(WIN)
    sounds._watcher.join(timeout=60)
    assert closed_at == [3.0 + QUIET_SECONDS, 8.0 + QUIET_SECONDS]


def test_an_unknown_cue_is_a_programming_error():
    with pytest.raises(ValueError):
        Sounds(Volume("medium"), FakeMixer()).play("applause")


def test_the_real_mixer_failing_to_open_raises_nothing(monkeypatch):
    def no_device(**kwargs: Any) -> None:
        raise pygame.error("dsp: No such audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds(Volume("high"))
    assert sounds.play(WIN) is False and sounds.state == "failed"


def test_quiet_stderr_gives_standard_error_back(capfd):
    with quiet_stderr():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
    os.write(2, b"still heard\n")
    assert capfd.readouterr().err == "still heard\n"


# --------------------------------------------------------------------------- the sounds themselves


def _samples(cue: str) -> tuple[wave.Wave_read, array.array]:
    data = tones.wav_bytes(cue)
    reader = wave.open(io.BytesIO(data))
    samples = array.array("h", reader.readframes(reader.getnframes()))
    if sys.byteorder == "big":
        samples.byteswap()
    return reader, samples


@pytest.mark.parametrize("cue", CUES)
def test_each_sound_is_a_short_audible_mono_wav_that_never_clips(cue):
    reader, samples = _samples(cue)
    assert (reader.getnchannels(), reader.getsampwidth(), reader.getframerate()) == (1, 2, tones.RATE)
    seconds = len(samples) / tones.RATE
    assert 0.03 < seconds < 1.2
    assert 0.2 * tones.PEAK < max(abs(v) for v in samples) < tones.PEAK
    assert abs(samples[-1]) < 50, "it fades out rather than ending in a click"


def test_the_sounds_are_small_and_the_same_every_time():
    total = sum(len(tones.wav_bytes(cue)) for cue in CUES)
    assert total < 200_000
    recipe, loudness = tones.RECIPES[TAKE]
    assert tones.pcm(recipe(), loudness) == tones.pcm(recipe(), loudness)


def test_the_app_makes_every_sound_in_the_background_and_a_sound_played_early_waits_for_it(monkeypatch):
    made: list[str] = []
    real = tones.wav_bytes.__wrapped__

    def counted(cue: str) -> bytes:
        made.append(cue)
        return real(cue)

    monkeypatch.setattr(tones, "wav_bytes", counted)
    monkeypatch.setattr(tones, "_warming", None)
    tones.warm_up()
    assert tones.ready_wav(WIN) == real(WIN)  # waits for the thread, which made every sound
    assert sorted(made[:len(CUES)]) == sorted(tones.RECIPES)
    tones.warm_up()  # once only
    assert tones._warming is not None and not tones._warming.is_alive()


# --------------------------------------------------------------------------- the setting


@pytest.mark.parametrize("stored", ["loud", "", "OFF", 3, 0.5, None, True, ["high"], {"level": "high"}])
def test_a_stored_volume_that_cannot_be_used_falls_back_to_medium(table_home, stored):
    write_json_atomic(config_dir() / "settings.json", {"volume": stored, "animation_speed": "fast"})
    settings, problem = Settings.read()
    assert settings.volume == "medium" and problem is None
    assert settings.animation_speed == "fast", "the other settings are kept"


@pytest.mark.parametrize("level", VOLUME_LEVELS)
def test_each_volume_is_kept(table_home, level):
    settings = Settings()
    settings.volume = level
    settings.save()
    assert Settings.load().volume == level


def test_the_settings_screen_offers_the_sound():
    from cardtable.ui.settings_scene import CHOICES

    row = next(choices for name, _label, choices in CHOICES if name == "volume")
    assert tuple(value for value, _text in row) == VOLUME_LEVELS


# --------------------------------------------------------------------------- the table plays them


def test_the_table_sounds_the_deal_a_move_and_a_refused_move(open_table, table_app, tmp_path):
    match = klondike(tmp_path, position=POSITION)
    table, driver = open_table(match)
    sounds = table_app.sounds
    assert list(sounds.recent) == [DEAL] and sounds.state == "open"
    assert table.play(Move("t0", "t1", 1))
    assert list(sounds.recent)[-1] == PLAY
    assert not table.play(Move("t3", "t1", 3)), "J\u2666 on Q\u2666: red on red"
    assert list(sounds.recent)[-1] == ILLEGAL and table.message_error


@fast
def test_a_won_game_sounds_the_win(open_table, table_app, tmp_path):
    table, driver = open_table(klondike(tmp_path, position=ENDGAME))
    assert table.play(AutoFinish())
    assert WIN in table_app.sounds.recent


@fast
def test_a_trick_won_sounds_when_the_table_shows_it_gathered(open_table, table_app, tmp_path):
    seats = [Seat("bot:normal", name) for name in ("Ada", "Bo", "Cy", "Di")]
    match = Match(get_game("kachuful"), seats, {}, 5)
    table, driver = open_table(match)
    for _ in range(3000):
        if TAKE in table_app.sounds.recent:
            break
        driver.frames(1)
    recent = list(table_app.sounds.recent)
    assert TAKE in recent and PLAY in recent[:recent.index(TAKE)], "the cards are played before the trick is won"


def test_with_the_sound_off_the_table_opens_no_device(open_table, table_app, tmp_path):
    table_app.settings.volume = "off"
    table, driver = open_table(klondike(tmp_path, position=POSITION))
    table.play(Move("t0", "t1", 1))
    table.play(Move("t3", "t1", 3))
    assert not table_app.sounds.recent and pygame.mixer.get_init() is None


# --------------------------------------------------------------------------- heard: recorded to a file

RECORD = """
import json, sys, time
import pygame
from cardtable.ui.sound import Sounds
from cardtable.ui.tones import wav_bytes

wav_bytes(sys.argv[1])  # made before the device opens: the driver writes silence meanwhile
sounds = Sounds(lambda: "high")
played = sounds.play(sys.argv[1])
fmt = pygame.mixer.get_init()
# The disk driver without its delay mixes as fast as it can: the sound is written out in a moment.
deadline = time.monotonic() + 20
while sounds.busy and time.monotonic() < deadline:
    time.sleep(0.005)
sounds.close()
print(json.dumps({"played": played, "format": fmt}))
"""


def rms(samples: array.array) -> float:
    return math.sqrt(sum(v * v for v in samples) / len(samples)) if samples else 0.0


@pytest.mark.parametrize("cue", [WIN, PLAY])
def test_a_played_sound_is_heard_in_a_recording(tmp_path, repo_root: Path, cue):
    out = tmp_path / "mixed.raw"
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out), SDL_DISKAUDIODELAY="0",
               CARDTABLE_HOME=str(tmp_path / "home"), PYTHONPATH=str(repo_root))
    done = subprocess.run([sys.executable, "-c", RECORD, cue], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    if not report["played"] or not out.exists():
        pytest.skip("SDL's disk audio driver is not available to this pygame: nothing could be recorded")
    frequency, size, channels = report["format"]
    assert size == -16, "the mixer was asked for signed 16-bit samples"
    samples = array.array("h", out.read_bytes()[: out.stat().st_size // 2 * 2])
    if sys.byteorder == "big":
        samples.byteswap()
    window = frequency * channels // 20  # 50 ms
    loudest = max(rms(samples[i:i + window]) for i in range(0, max(1, len(samples) - window + 1), window))
    reader, _ = _samples(cue)
    assert len(samples) / (frequency * channels) >= reader.getnframes() / tones.RATE, "the whole sound was mixed"
    assert loudest > 1000, f"the recording is silent (loudest 50 ms: RMS {loudest:.0f})"
