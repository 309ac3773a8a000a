"""How seats are named in sentences: the engines write "Seat N" (from 1) and lists of seats ("Seat 1, Seat 2 and
Seat 4"); the table puts the players' names in their place ("Seat 2 draws 2 cards." -> "Ann draws 2 cards.").

A player called "You" is spoken to in the second person, for the whole sentence: "Seat 1 draws 2 cards and loses
their turn." -> "You draw 2 cards and lose your turn."  So is a list of seats with the person in it: "Seat 2 and
Seat 1 made their bids." -> "Ann and you made your bids."
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence


def seat_name(seat: int) -> str:
    """A seat (from 0) as texts name it: "Seat 1" for seat 0."""
    return f"Seat {seat + 1}"


def and_list(words: Sequence[str]) -> str:
    """Words as an English list: "A", "A and B", "A, B and C" ("" for none)."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def seat_list(seats: Iterable[int]) -> str:
    """Seats as an English list: "Seat 1", "Seat 1 and Seat 2", "Seat 1, Seat 2 and Seat 3"."""
    return and_list([seat_name(s) for s in seats])


YOU = "You"
SEAT_NAME = re.compile(r"\bSeat (\d+)(?: (is|has|was|\w+s)\b|('s)\b)?")
SENTENCE = re.compile(r"[^.!?]+[.!?]*")
AND_VERB = re.compile(r"\band (\w+s)\b")  # a second verb of the same subject: "... and keeps it"
THEIR = re.compile(r"\btheir\b")
THEY = re.compile(r"\bthey\b")
SEAT_LIST = re.compile(r"\bSeat \d+(?:, Seat \d+)* and Seat \d+\b")  # "Seat 1, Seat 2 and Seat 4"
NUMBER = re.compile(r"\d+")
IRREGULAR = {"is": "are", "has": "have", "was": "were"}


def second_person(verb: str) -> str:
    """"draws" -> "draw", "is" -> "are": the verb after "You"."""
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if verb.endswith(("ches", "shes", "sses", "xes")):
        return verb[:-2]
    if len(verb) > 4 and verb.endswith("ies") and verb[-4] not in "aeiou":  # "buries" -> "bury" ("dies" stays)
        return verb[:-3] + "y"
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def name_seats(text: str, names: Sequence[str]) -> str:
    """`text` with every "Seat N" replaced by `names[N - 1]`, sentence by sentence."""
    return SENTENCE.sub(lambda m: _name_sentence(m.group(0), names), text)


def _name_sentence(sentence: str, names: Sequence[str]) -> str:
    mentioned = {int(k) - 1 for k, _, _ in SEAT_NAME.findall(sentence)}
    in_list = False

    def name_list(m: re.Match[str]) -> str:
        nonlocal in_list
        seats = [int(k) - 1 for k in NUMBER.findall(m.group(0))]
        if not all(0 <= k < len(names) for k in seats):
            return m.group(0)
        said = [names[k] for k in seats]
        in_list = in_list or YOU in said
        return and_list([said[0]] + [YOU.lower() if who == YOU else who for who in said[1:]])

    sentence = SEAT_LIST.sub(name_list, sentence)
    if in_list:  # the person is one of several subjects: "their" is theirs too
        sentence = THEIR.sub("your", sentence)
    addressed = subject = False

    def name(m: re.Match[str]) -> str:
        nonlocal addressed, subject
        k = int(m.group(1)) - 1
        if not 0 <= k < len(names):
            return m.group(0)
        who, verb, possessive = names[k], m.group(2), m.group(3)
        if who != YOU:
            return m.group(0).replace(f"Seat {k + 1}", who)
        addressed = True
        if possessive:
            return "your"
        opens = m.start() == _first_word(sentence) or sentence[:m.start()].endswith(": ")
        subject = subject or bool(verb) or opens  # opening the sentence, the seat is its subject ("won ... and is")
        said = YOU if opens else YOU.lower()  # "You" only to open the sentence (or what follows a colon)
        return said + (f" {second_person(verb)}" if verb else "")

    out = SEAT_NAME.sub(name, sentence)
    if addressed and len(mentioned) == 1:  # nobody else in the sentence: "their", "they" and a second verb are
        out = THEIR.sub("your", out)  # the person's
        out = THEY.sub("you", out)
        if subject:
            out = AND_VERB.sub(lambda m: "and " + second_person(m.group(1)), out)
    return out


def _first_word(sentence: str) -> int:
    """Where the sentence's first word starts."""
    return len(sentence) - len(sentence.lstrip())


def counted(n: int, noun: str) -> str:
    """"1 move", "3 moves": a number and its noun (a plain "s" plural)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"

