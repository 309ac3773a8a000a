"""What a game adds to the person's statistics when it ends or is given up, and what the record says at its end.

A game counts for its game and for its variant (`GamePlugin.variant`), and for each person under their seat's name
too, with their own result and score: every person's in pass-and-play (several people at one table), and one
person's alone under a name of their own (not "You"), so the statistics screen's person filter holds all the games
a name played.  In pass-and-play the game as a whole then counts as won when one of the people won it, without a
score.  A game a bot finished for a person who timed out counts as played, with the seat's result, marked as
finished by a bot.  A deal restarted (`Match.restarted`) counts once: its new count replaces the one its earlier
play left.  A disk problem never reaches the table as an exception: it comes back as a sentence for the table to
say.
"""

from __future__ import annotations

from cardtable import stats
from cardtable.core.wording import YOU
from cardtable.session.match import Match


def _person(match: Match) -> int:
    """The seat whose score is the person's: the first a person sits at."""
    return next((i for i, seat in enumerate(match.seats) if seat.is_person), 0)


def _shared(match: Match) -> bool:
    """Pass-and-play: more than one person at the table."""
    return sum(seat.is_person for seat in match.seats) > 1


def _people(match: Match) -> list[int]:
    """The seats whose person's result is counted under their name: every person's in pass-and-play, and one
    person's alone under a name of their own (not the default "You"), so a person's record holds all their games."""
    seats = [i for i, seat in enumerate(match.seats) if seat.is_person]
    return seats if len(seats) > 1 else [i for i in seats if match.seats[i].name != YOU]


def _count(match: Match, won: bool, score: int | None, people: list[stats.PersonResult],
           by_bot: bool = False) -> str | None:
    return stats.record(match.game_id, won=won, seconds=match.elapsed, score=score,
                        variant=match.game.variant(match.options), deal=match.seed,
                        restarted=getattr(match, "restarted", False), people=people, by_bot=by_bot,
                        kept=getattr(match, "kept_as", "")).problem


def _whole(score: float) -> int | None:
    return int(score) if float(score).is_integer() else None


def count_given_up(match: Match) -> str | None:
    """A game left unfinished for a new one counts as played and not won (a game not begun does not count).  Where
    the variant keeps a running total, the score reached so far counts towards it."""
    if match.state.is_over() or not match.log:
        return None
    running = match.game.running_total(match.options) is not None
    scores = match.state.result().scores
    people = [stats.PersonResult(match.seats[i].name, False, _whole(scores[i]) if running else None)
              for i in _people(match)]
    return _count(match, False, _whole(scores[_person(match)]) if running else None, people)


def count_result(match: Match, people: list[int]) -> str | None:
    """A finished game, for the person (the first of `people`: the seats where a person sat); its score only where
    scores are points (not a plain win's 1 and 0).  A game a bot finished for a person who timed out counts as
    played, with the seat's result, marked as finished by a bot."""
    result = match.state.result()
    # In pass-and-play each person's score is kept under their name; the game as a whole (Everyone's) is won when
    # one of the people won it, and has no one score (the first person's beside another's win would contradict it).
    score = _whole(result.scores[people[0]]) if result.scored and not _shared(match) else None
    each = [stats.PersonResult(match.seats[i].name, i in result.winners,
                               _whole(result.scores[i]) if result.scored else None, match.seats[i].handed_over)
            for i in _people(match)]
    return _count(match, any(w in people for w in result.winners), score, each,
                  by_bot=any(match.seats[i].handed_over for i in people))


def record_lines(match: Match, timed: bool, running_total: bool) -> list[str]:
    """The person's record in the variant of `match`, for the result panel; `running_total` (the setting): with the
    running total, where the variant keeps one."""
    variant = match.game.variant(match.options)
    total = match.game.running_total(match.options) if running_total else None
    return stats.load(match.game_id, variant).lines(timed=timed, total=total)


class RunningTotal:
    """The status bar's running total while a game is played ("Vegas total: -52"): the person's total with the
    score reached so far counted as `stats.record` would count it.  The record is read from disk once per match
    and again after it is counted, never each frame."""

    def __init__(self) -> None:
        self._match: Match | None = None
        self._stored: stats.GameStats | None = None

    def forget(self) -> None:
        """Read the record again next time (the game was just counted)."""
        self._match = None

    def text(self, match: Match, shown: bool) -> str | None:
        """"<name>: <total>" for `match`'s variant, or None when it keeps no running total or `shown` (the
        setting) is off."""
        name = match.game.running_total(match.options) if shown else None
        if name is None:
            return None
        variant = match.game.variant(match.options)
        if self._match is not match or self._stored is None:
            self._match, self._stored = match, stats.load(match.game_id, variant)
        if match.state.is_over() and match.log:
            return f"{name}: {self._stored.total_score}"
        score = _whole(match.state.result().scores[_person(match)]) or 0
        total = self._stored.total_with(score, deal=match.seed, variant=variant,
                                        restarted=getattr(match, "restarted", False))
        return f"{name}: {total}"
