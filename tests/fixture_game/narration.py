"""Pairs and Board's words: its events, refusals and actions as sentences, the person's own forms written out."""

from __future__ import annotations

from typing import Any

from cardtable.core.engine import Action, Event, Result
from cardtable.core.narration import Narration
from cardtable.core.words import N_, Line, Names, say, tr
from tests.fixture_game.rules import Call, Capture, Mark, Pair


class PairsNarration(Narration):
    lines = {
        "call": Line(N_("{player} calls {value}: those cards count double."),
                     N_("You call {value}: those cards count double."),
                     N_("calls {value}."), N_("call {value}.")),
        "pair": Line(N_("{player} lays a pair of {number}s."), N_("You lay a pair of {number}s."),
                     N_("lays a pair of {number}s."), N_("lay a pair of {number}s.")),
        "capture": Line(N_("{player} captures the {number}."), N_("You capture the {number}."),
                        N_("captures the {number}."), N_("capture the {number}.")),
        "mark": Line(N_("{player} marks cell {value}."), N_("You mark cell {value}."),
                     N_("marks cell {value}."), N_("mark cell {value}.")),
        "pass": Line(N_("{player} passes."), N_("You pass."), N_("passes."), N_("pass.")),
        "over": Line(N_("The game is over: {first} {a}, {second} {b}.")),
    }
    refusals = {
        "game_over": N_("The game is over."),
        "call_first": N_("First call a number."),
        "not_a_pair": N_("A pair is two cards of the same number from your hand."),
        "capture_same_number": N_("A card captures a table card of the same number."),
        "mark_own_cell": N_("A card marks the empty cell of its own number."),
        "pass_only_when_stuck": N_("You can still play: pass only when nothing else is possible."),
    }

    def event_fields(self, event: Event, names: Names) -> dict[str, Any] | None:
        if event.kind == "lay":
            return None  # the capture says it
        fields: dict[str, Any] = {"value": event.value}
        if event.cards:
            fields["number"] = event.cards[-1].rank
        if event.kind == "over":
            fields.update(first=names(0), second=names(1), a=f"{event.value[0]:g}", b=f"{event.value[1]:g}")
        return fields

    def result(self, result: Result, names: Names) -> str:
        return say(N_("{first} {a}, {second} {b}."), names, first=names(0), second=names(1),
                   a=f"{result.scores[0]:g}", b=f"{result.scores[1]:g}")

    def action(self, action: Action, names: Names) -> str:
        if isinstance(action, Call):
            return tr(N_("Call {number}")).format(number=action.number)
        if isinstance(action, Pair):
            return tr(N_("Pair of {number}s")).format(number=action.first.rank)
        if isinstance(action, Capture):
            return tr(N_("Capture the {number}")).format(number=action.target.rank)
        if isinstance(action, Mark):
            return tr(N_("Mark cell {number}")).format(number=action.cell)
        return tr(N_("Pass"))
