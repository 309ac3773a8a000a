"""What a game adds to the person's statistics when it ends or is given up.

A disk problem never reaches the table as an exception: it comes back as a sentence for the table to say.
"""

from __future__ import annotations

from cardtable import stats
from cardtable.session.match import Match


def count_given_up(match: Match) -> str | None:
    """A game left unfinished for a new one counts as played and not won (a game not begun does not count)."""
    if match.state.is_over() or not match.log:
        return None
    return stats.record(match.game_id, won=False, seconds=match.elapsed, score=None).problem


def count_result(match: Match, people: list[int]) -> str | None:
    """A finished game, for the person (the first of `people`: the seats where a person sat)."""
    result = match.state.result()
    score = result.scores[people[0]]
    recorded = stats.record(match.game_id, won=any(w in people for w in result.winners), seconds=match.elapsed,
                            score=int(score) if float(score).is_integer() else None)
    return recorded.problem
