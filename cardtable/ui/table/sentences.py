"""The table's own sentences (not a game's): time-outs, a seat handed to a bot and given back, whose move undo may
take back; written out for the person ("you") and for the others, through the one translation function."""

from __future__ import annotations

from cardtable.core.words import N_, Line, Names, tr

TIME_UP = Line(N_("Time is up: {action} was played for {player}."), N_("Time is up: {action} was played for you."))
TIMED_OUT = Line(N_("{player} timed out {count} times in a row: a bot plays that seat now."),
                 N_("You timed out {count} times in a row: a bot plays your seat now."))
HANDED_OVER = Line(N_("{player} timed out {count} times in a row, so a bot plays for {player} now."),
                   N_("You timed out {count} times in a row, so a bot plays for you now."))
PLAYS_AGAIN = Line(N_("{player} plays again: the bot has given the seat back."),
                   N_("You play again: the bot has given your seat back."))
SEAT_NEWS = {
    "away": Line(N_("{player} has lost the connection: the game waits a little for them."),
                 N_("You have lost the connection to the host.")),
    "back": Line(N_("{player} is back at the table."), N_("You are back at the table.")),
    "bot": Line(N_("A bot plays for {player} now."), N_("A bot plays for you now.")),
    "gone": Line(N_("{player} has left the table."), N_("You have left the table.")),
    # the end of a hosted game: this computer's replay of the revealed deal against what it was shown
    "checks_out": Line(N_("The game checks out: the revealed deal, replayed here, gives every move shown."),
                       N_("The game checks out: the revealed deal, replayed here, gives every move you were shown.")),
    "does_not_check_out": Line(N_("The game does not check out: a replay of the revealed deal differs from what "
                                  "was shown."),
                               N_("The game does not check out: a replay of the revealed deal differs from what "
                                  "you were shown.")),
}
#: What a hosted table says of the buttons whose work is the host's (a hint, a new game, another deal).
HOSTED = {"hint": N_("A hosted table gives no hints."),
          "deal": N_("The host deals at this table: to leave it, go back to the menu.")}
ONLY_THEIRS = Line(N_("Only {player} can take back their move."), N_("Only you can take back your move."))


def time_up(names: Names, seat: int, action: str) -> str:
    """A person's time ran out and `action` (in words) was made for them."""
    return TIME_UP.say(names, seat, action=action).text


def timed_out(names: Names, seat: int, count: int) -> str:
    """`count` time-outs in a row: a bot has the seat now."""
    return TIMED_OUT.say(names, seat, count=count).text


def handed_over(names: Names, seat: int, count: int) -> str:
    """The question put to the person whose seat a bot took."""
    return HANDED_OVER.say(names, seat, count=count).text


def plays_again(names: Names, seat: int) -> str:
    """The person took their seat back."""
    return PLAYS_AGAIN.say(names, seat).text


def only_theirs(names: Names, seat: int) -> str:
    """Why the person at the screen may not undo: the last move is another person's."""
    return ONLY_THEIRS.say(names, seat).text


def bot_for(name: str) -> str:
    """The name a handed-over seat's panel shows."""
    if name == Names.YOU:
        return tr(N_("Bot for you"))
    return tr(N_("Bot for {name}")).format(name=name)



def seat_news(names: Names, seat: int, status: str) -> str:
    """What became of a seat at a hosted table (away, back, a bot plays it, gone); "" for news the table does not
    word."""
    line = SEAT_NEWS.get(status)
    return line.say(names, seat).text if line is not None else ""


def hosted_only(name: str) -> str:
    """Why a hosted table does not do what button `name` does here ("hint", "new", "deal")."""
    return tr(HOSTED["hint" if name == "hint" else "deal"])
