"""What a game adds to the person's statistics when it ends or is given up, and what the record says at its end.

A game counts for its game and for its variant (`GamePlugin.variant`).  A deal restarted (`Match.restarted`) counts
once: its new count replaces the one its earlier play left.  A disk problem never reaches the table as an
exception: it comes back as a sentence for the table to say.
"""

from __future__ import annotations

from cardtable import stats
from cardtable.session.match import Match


def _person(match: Match) -> int:
    """The seat whose score is the person's: the first a person sits at."""
    return next((i for i, seat in enumerate(match.seats) if seat.is_person), 0)


def _count(match: Match, won: bool, score: int | None) -> str | None:
    return stats.record(match.game_id, won=won, seconds=match.elapsed, score=score,
                        variant=match.game.variant(match.options), deal=match.seed,
                        restarted=getattr(match, "restarted", False)).problem


def _whole(score: float) -> int | None:
    return int(score) if float(score).is_integer() else None


def count_given_up(match: Match) -> str | None:
    """A game left unfinished for a new one counts as played and not won (a game not begun does not count).  Where
    the variant keeps a running total, the score reached so far counts towards it."""
    if match.state.is_over() or not match.log:
        return None
    running = match.game.running_total(match.options) is not None
    return _count(match, False, _whole(match.state.result().scores[_person(match)]) if running else None)


def count_result(match: Match, people: list[int]) -> str | None:
    """A finished game, for the person (the first of `people`: the seats where a person sat); its score only where
    scores are points (not a plain win's 1 and 0)."""
    result = match.state.result()
    score = _whole(result.scores[people[0]]) if result.scored else None
    return _count(match, any(w in people for w in result.winners), score)


def record_lines(match: Match, timed: bool, running_total: bool) -> list[str]:
    """The person's record in the variant of `match`, for the result panel; `running_total` (the setting): with the
    running total, where the variant keeps one."""
    variant = match.game.variant(match.options)
    total = match.game.running_total(match.options) if running_total else None
    return stats.load(match.game_id, variant).lines(timed=timed, total=total)
