"""Words apart from rules: sentences with named fields in the third and second person, the one translation
function every sentence goes through, the catalogs' template and the languages the app may speak."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from cardtable import languages
from cardtable.core import words
from cardtable.core.cards import Card
from cardtable.core.engine import IllegalAction
from cardtable.core.narration import Narration
from cardtable.core.words import N_, Line, Names, Seated, and_list, say, tr
from cardtable.games import GAMES


@pytest.fixture(autouse=True)
def english():
    yield
    words.install(None)


def extractor(repo_root: Path):
    spec = importlib.util.spec_from_file_location("extract_messages", repo_root / "packaging" / "extract_messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PLAYS = Line(N_("{player} plays {card}."), N_("You play {card}."), N_("plays {card}."), N_("play {card}."))


def test_a_line_is_said_to_the_person_in_their_own_form_and_of_others_by_name():
    names = Names.of(["You", "Ada", "Bo"])
    assert PLAYS.say(names, 0, card=Card(7, "H")).text == "You play 7\u2665."
    assert PLAYS.say(names, 0, card=Card(7, "H")).note == "play 7\u2665."
    assert PLAYS.say(names, 1, card=Card(12, "S")) == words.Said("Ada plays Q\u2660.", "plays Q\u2660.")
    assert Names.seats(3)(2) == "Seat 3" and not Names.seats(3).is_you(0)


def test_fields_are_spoken_cards_by_label_seats_by_name_lists_in_words():
    names = Names.of(["Ada", "You", "Bo"])
    line = Line(N_("{player} gives {cards} to {whom}."), N_("You give {cards} to {whom}."))
    said = line.say(names, 0, cards=(Card(1, "S"), Card(0, "J", 0), Card(10, "D")), whom=Seated(1))
    assert said.text == "Ada gives A\u2660, the black joker and 10\u2666 to you."
    assert names.listed([0, 1, 2]) == "Ada, you and Bo" and and_list([]) == "" and and_list(["x"]) == "x"
    assert say(N_("{who} may not lead {card}."), names, who=Seated(2), card=Card(5, "C")) == "Bo may not lead 5\u2663."


def test_every_sentence_goes_through_the_one_translation_function():
    words.install(lambda message: f"<{message}>")
    names = Names.of(["You", "Ada"])
    assert tr("Pass") == "<Pass>"
    said = PLAYS.say(names, 1, card=Card(3, "C")).text
    assert said == "<{player} plays {card}.>".format(player="Ada", card="3\u2663")
    assert names.listed([0, 1]) == "<{first} and {last}>".format(first="<you>", last="Ada")


def test_the_catalog_template_is_current(repo_root):
    """Changed a sentence? Write the template again: python packaging/extract_messages.py"""
    module = extractor(repo_root)
    assert module.TEMPLATE.read_text(encoding="utf-8") == module.template(repo_root)


def test_every_games_narration_is_marked_for_the_catalogs(repo_root):
    marked = set(extractor(repo_root).messages(repo_root))
    for game in GAMES:
        narration = game.narration
        if type(narration) is Narration:
            continue  # a game still speaking its old texts
        for kind, line in narration.lines.items():
            for template in (line.other, line.you, line.note, line.you_note):
                assert not template or template in marked, f"{game.id} {kind}: {template!r} is not marked with N_"
        for reason, template in narration.refusals.items():
            assert template in marked, f"{game.id} refusal {reason}: {template!r} is not marked with N_"


def test_a_compiled_catalog_is_spoken_and_an_unknown_language_is_english(tmp_path, monkeypatch):
    folder = tmp_path / "locale" / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    catalog = Catalog(locale="fr")
    catalog.add("you", "vous")
    with open(folder / "cardtable.mo", "wb") as file:
        write_mo(file, catalog)
    monkeypatch.setattr(languages, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    assert languages.catalogs() == ["en", "xx"]
    assert languages.use_wanted({"LANG": "xx_YY.UTF-8"}) == "xx" and tr("you") == "vous"
    assert languages.use_wanted({"CARDTABLE_LANGUAGE": "qq", "LANG": "xx"}) == "en" and tr("you") == "you"
    assert languages.wanted({"LANG": "C.UTF-8"}) == "en"
    (folder / "cardtable.mo").write_bytes(b"not a catalog")
    assert languages.use("xx") == "en", "a damaged catalog: English"


class Held(Narration):
    refusals = {"not_held": N_("{player} holds no {rank}.")}
    you_refusals = {"not_held": N_("You hold no {rank}.")}

    def refusal_fields(self, error, names):
        fields = dict(error.fields)
        if "rank" in fields:
            fields["rank"] = {3: "three"}.get(fields["rank"], fields["rank"])
        return fields


def test_a_refusal_is_said_to_the_person_whose_seat_it_is_about_and_of_others_by_name():
    narration, names = Held(), Names.of(["You", "Ada"])
    assert narration.refusal(IllegalAction("not_held", player=Seated(0), rank=3), names) == "You hold no three."
    assert narration.refusal(IllegalAction("not_held", player=Seated(1), rank=3), names) == "Ada holds no three."
    assert narration.refusal(IllegalAction("game_over"), names) == "The game is over.", "the table's own refusal"
    assert narration.refusal(IllegalAction("what"), names) == "That move is not allowed now."
