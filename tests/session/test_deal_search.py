"""Numbered deals in the match and its save (restarted, proof), and the search for a winnable deal."""

from __future__ import annotations

import pytest

from cardtable.core.engine import State
from cardtable.games import get_game
from cardtable.games.klondike.deals import solve_position
from cardtable.games.klondike.proved import proved_deals
from cardtable.games.klondike.rules import Draw
from cardtable.games.plugin import Verdict, WinnableDeals
from cardtable.session.deal_search import DealChooser, FoundDeal, Listed, needs_search, start_search
from cardtable.session.match import MAX_PROOF, Match, Seat
from tests.rule_trace import traces

KLONDIKE = get_game("klondike")
YOU = [Seat("human", "You")]


def lookup(game_id: str):
    return get_game(game_id)


def test_a_random_deal_is_known_as_one_and_a_given_seed_is_not() -> None:
    assert Match(KLONDIKE, YOU).random_deal
    given = Match(KLONDIKE, YOU, seed=3)
    assert not given.random_deal and not given.restarted and given.proof is None


def test_restarted_and_the_proof_are_saved_and_loaded() -> None:
    match = Match(KLONDIKE, YOU, {"winnable": True}, seed=8)
    verdict = solve_position(match.state, 10.0)
    assert verdict.outcome == "won"
    line = verdict.line
    match.restarted, match.proof = True, line
    match.apply(Draw())
    data = match.to_json()
    assert data["restarted"] is True and len(data["proof"]) == len(line)
    back = Match.from_json(data, lookup)
    assert back.restarted and back.proof == line and back.seed == 8 and not back.random_deal
    plain = Match(KLONDIKE, YOU, seed=8).to_json()
    assert "restarted" not in plain and "proof" not in plain
    loaded = Match.from_json(plain, lookup)
    assert not loaded.restarted and loaded.proof is None


@pytest.mark.parametrize("proof", [{"type": "Draw"}, [{"type": "Fly"}], [{"type": "Draw"}] * (MAX_PROOF + 1), "x",
                                   [[1, 2]], 7])
def test_a_damaged_proof_is_dropped_and_the_game_kept(proof, caplog) -> None:
    data = Match(KLONDIKE, YOU, seed=8).to_json()
    data["proof"] = proof
    data["restarted"] = "yes"  # only true itself counts
    back = Match.from_json(data, lookup)
    assert back.proof is None and not back.restarted and back.seed == 8
    assert "proof was dropped" in caplog.text


def _chooser(prove, max_tries: int = 200) -> DealChooser:
    return DealChooser(KLONDIKE.rules, 1, KLONDIKE.rules.validate_options({"winnable": True}), prove, 1.0, 5,
                       max_tries)


def test_the_search_tries_deals_until_one_is_proved() -> None:
    tried: list[int] = []

    def prove_third(state: State, seconds: float):
        tried.append(state.seed)  # type: ignore[attr-defined]
        return Verdict("won", ("line",)) if len(tried) == 3 else Verdict("lost" if len(tried) == 1 else "unknown")

    found = _chooser(prove_third).choose(None, 0)  # type: ignore[arg-type]
    assert found == FoundDeal(tried[-1], ("line",), 3)
    assert tried[0] == 5 and len(set(tried)) == 3
    again: list[int] = []
    _chooser(lambda state, s: again.append(state.seed) or Verdict("lost")).choose(None, 0)  # type: ignore[arg-type]
    assert again[:3] == tried, "the same first seed tries the same deals"


def test_the_search_gives_up_and_keeps_the_first_deal() -> None:
    found = _chooser(lambda state, seconds: Verdict("unknown"), max_tries=4).choose(None, 0)  # type: ignore[arg-type]
    assert found == FoundDeal(5, None, 4)


@traces("klondike:option.deals")
def test_klondikes_search_finds_a_deal_its_line_wins() -> None:
    found = _chooser(solve_position).choose(None, 0)  # type: ignore[arg-type]
    assert found.proof is not None
    match = Match(KLONDIKE, YOU, {"winnable": True}, seed=found.seed)
    for action in found.proof:
        match.apply(action)
    assert match.state.won  # type: ignore[attr-defined]


def test_which_matches_need_a_search() -> None:
    wanted = {"winnable": True}
    assert needs_search(KLONDIKE, Match(KLONDIKE, YOU, wanted))
    assert not needs_search(KLONDIKE, Match(KLONDIKE, YOU))  # the option is off
    assert not needs_search(KLONDIKE, Match(KLONDIKE, YOU, wanted, seed=4))  # a chosen or restarted deal
    proved = Match(KLONDIKE, YOU, wanted)
    proved.proof = ()
    assert not needs_search(KLONDIKE, proved)
    begun = Match(KLONDIKE, YOU, wanted)
    begun.apply(Draw())
    assert not needs_search(KLONDIKE, begun)
    crazy = get_game("crazy")
    assert crazy.winnable_deals is None and not needs_search(crazy, Match(crazy, YOU * 2))
    assert start_search(KLONDIKE, Match(KLONDIKE, YOU)) is None


def test_a_variant_with_proved_deals_listed_takes_one_at_once() -> None:
    match = Match(KLONDIKE, YOU, {"winnable": True, "draw": 3})
    job = start_search(KLONDIKE, match, mode="thread")
    assert isinstance(job, Listed) and job.done()
    found = job.result()
    assert found.proved and found.listed and found.proof is None and found.tries == 0
    assert found.seed in proved_deals(match.options)


def test_the_search_runs_off_the_calling_thread_and_comes_back(monkeypatch) -> None:
    monkeypatch.setattr("cardtable.games.klondike.proved._lists", lambda: {})  # a variant with none listed
    job = start_search(KLONDIKE, Match(KLONDIKE, YOU, {"winnable": True}), mode="thread")
    assert job is not None
    found = job.result(timeout=60)
    assert isinstance(found, FoundDeal) and found.proof


def test_winnable_deals_reads_its_option() -> None:
    option = WinnableDeals("winnable")
    assert option.wanted({"winnable": True}) and not option.wanted({"winnable": False}) and not option.wanted({})
    assert not option.wanted({"winnable": 1}), "only the option's own True"
