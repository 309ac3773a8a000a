"""Tests for the procedural card art (headless: SDL dummy video driver)."""

from __future__ import annotations

import math
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from cardtable.core.cards import Card, deck_with_jokers  # noqa: E402
from cardtable.core.layout import FaceSpec  # noqa: E402
from cardtable.games.crazy.layout import CARD_COLOURS, crazy_face  # noqa: E402
from cardtable.games.crazy.rules import COLOURS, DECK  # noqa: E402
from cardtable.ui.cards import BACK_DESIGNS, CardArt  # noqa: E402

SIZE = (100, 140)


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.init()
    yield
    pygame.quit()


@pytest.fixture()
def art() -> CardArt:
    return CardArt()


def _ink(surf: pygame.Surface) -> tuple[int, int, int]:
    """Counts of (red, near-black, all) clearly-inked opaque pixels, sampling every other pixel."""
    w, h = surf.get_size()
    red = dark = total = 0
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            c = surf.get_at((x, y))
            if c.a < 200 or min(c.r, c.g, c.b) >= 160:
                continue  # transparent corner or paper
            total += 1
            if c.r > c.g + 80 and c.r > c.b + 80:
                red += 1
            elif max(c.r, c.g, c.b) < 90:
                dark += 1
    assert total > 0, "surface has no ink at all"
    return red, dark, total


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def test_back_designs_are_short_distinct_ids() -> None:
    assert len(BACK_DESIGNS) >= 3
    assert len(set(BACK_DESIGNS)) == len(BACK_DESIGNS)
    assert all(d == d.lower() and d.isidentifier() for d in BACK_DESIGNS)


@pytest.mark.parametrize("size", [(50, 70), (60, 84), (100, 140), (160, 224), (73, 101)])
def test_face_and_back_have_requested_size_and_alpha(art: CardArt, size: tuple[int, int]) -> None:
    for surf in (art.face(Card(7, "H"), size), art.face(Card(12, "S"), size), art.back("blue", size)):
        assert surf.get_size() == size
        assert surf.get_flags() & pygame.SRCALPHA
        w, h = size
        # Rounded corners: the very corner pixels are transparent, the centre is opaque.
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert surf.get_at(corner).a < 40
        assert surf.get_at((w // 2, 2)).a == 255
        assert surf.get_at((w // 2, h // 2)).a == 255


def test_all_faces_render_and_are_distinct(art: CardArt) -> None:
    deck = deck_with_jokers(1)
    images = {}
    for card in deck:
        surf = art.face(card, SIZE)
        assert surf.get_size() == SIZE
        images[card.face] = _pixels(surf)
    # Every one of the 53 faces looks different from every other.
    assert len(set(images.values())) == 53


def test_faces_are_cached_per_rank_suit_and_size(art: CardArt) -> None:
    a = art.face(Card(5, "D"), SIZE)
    assert art.face(Card(5, "D"), SIZE) is a
    assert art.face(Card(5, "D", copy=1), SIZE) is a  # copies share the picture
    assert art.face(Card(5, "D"), (60, 84)) is not a
    assert art.face(Card(5, "H"), SIZE) is not a


def test_red_and_black_faces_differ_in_dominant_colour(art: CardArt) -> None:
    for rank in (1, 7, 10, 12):
        for suit in "HD":
            red, dark, total = _ink(art.face(Card(rank, suit), SIZE))
            assert red > 0.4 * total and dark < 0.05 * total, (rank, suit, red, dark, total)
        for suit in "SC":
            red, dark, total = _ink(art.face(Card(rank, suit), SIZE))
            assert dark > 0.4 * total and red < 0.05 * total, (rank, suit, red, dark, total)


def test_more_pips_more_ink(art: CardArt) -> None:
    counts = [_ink(art.face(Card(rank, "S"), SIZE))[2] for rank in range(2, 11)]
    assert counts == sorted(counts) and len(set(counts)) == len(counts)
    assert counts[-1] > 2 * counts[0]


def test_faces_are_point_symmetric_like_real_cards(art: CardArt) -> None:
    # Number cards with no centre pip look the same turned upside down (up to antialiasing).
    for card in (Card(2, "H"), Card(4, "C"), Card(10, "S")):
        surf = art.face(card, SIZE)
        turned = pygame.transform.flip(surf, True, True)
        diff = sum(abs(a - b) for a, b in zip(_pixels(surf), _pixels(turned), strict=True))
        assert diff / len(_pixels(surf)) < 6, card


def test_backs_differ_and_are_cached(art: CardArt) -> None:
    backs = [art.back(d, SIZE) for d in BACK_DESIGNS]
    assert len({_pixels(b) for b in backs}) == len(BACK_DESIGNS)
    assert art.back(BACK_DESIGNS[1], SIZE) is backs[1]
    # Each back has a white margin around a coloured field.
    for b in backs:
        edge = b.get_at((SIZE[0] // 2, 2))
        assert min(edge.r, edge.g, edge.b) > 200
        field = b.get_at((SIZE[0] // 4, SIZE[1] // 4))
        assert max(field.r, field.g, field.b) - min(field.r, field.g, field.b) > 40  # saturated colour


def test_unknown_back_design_falls_back_to_default(art: CardArt) -> None:
    default = art.back(BACK_DESIGNS[0], SIZE)
    other = art.back("no-such-design", SIZE)
    assert other is default or _pixels(other) == _pixels(default)


def test_slot_is_translucent_and_sized(art: CardArt) -> None:
    plain = art.slot(SIZE)
    labelled = art.slot(SIZE, "A")
    assert plain.get_size() == SIZE == labelled.get_size()
    assert art.slot(SIZE) is plain
    centre = plain.get_at((SIZE[0] // 2, SIZE[1] // 2))
    assert 0 < centre.a < 128  # faint fill
    edge = plain.get_at((SIZE[0] // 2, 1))
    assert centre.a < edge.a < 255  # stronger, but still translucent, outline
    assert plain.get_at((0, 0)).a < 40  # rounded corner
    assert _pixels(labelled) != _pixels(plain)
    assert _pixels(art.slot(SIZE, "K")) != _pixels(labelled)


@pytest.mark.parametrize("width", [2, 3, 5])
def test_outline_is_bigger_by_width_and_hollow(art: CardArt, width: int) -> None:
    colour = (40, 120, 255)
    ring = art.outline(SIZE, colour, width)
    assert ring.get_size() == (SIZE[0] + 2 * width, SIZE[1] + 2 * width)
    assert ring.get_flags() & pygame.SRCALPHA
    assert art.outline(SIZE, colour, width) is ring
    mid = ring.get_at((ring.get_width() // 2, width // 2))
    assert mid.a > 200 and (mid.r, mid.g, mid.b) == colour
    assert ring.get_at((ring.get_width() // 2, ring.get_height() // 2)).a == 0
    assert ring.get_at((0, 0)).a < 60


def test_outline_default_width(art: CardArt) -> None:
    assert art.outline(SIZE, (255, 200, 0)).get_size() == (SIZE[0] + 6, SIZE[1] + 6)


def test_clear_drops_caches(art: CardArt) -> None:
    face = art.face(Card(1, "S"), SIZE)
    back = art.back("red", SIZE)
    art.clear()
    assert art.face(Card(1, "S"), SIZE) is not face
    assert art.back("red", SIZE) is not back
    assert _pixels(art.face(Card(1, "S"), SIZE)) == _pixels(face)


# --------------------------------------------------------------------------- Crazy (Uno-family) faces

CRAZY_FACES = sorted({card.face for card in DECK})  # 13 per colour and the two wild cards


def crazy(art: CardArt, card: Card, size: tuple[int, int]) -> pygame.Surface:
    """A Crazy card as the table draws it: from the face its game's layout declares."""
    return art.face(card, size, crazy_face(card))


def _classes(surf: pygame.Surface) -> dict[str, int]:
    """Opaque pixels (every other one) by kind: "white", "dark", the nearest Crazy colour, or "other"."""
    w, h = surf.get_size()
    counts: dict[str, int] = {}
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            c = surf.get_at((x, y))
            if c.a < 200:
                continue
            rgb = (c.r, c.g, c.b)
            if min(rgb) > 200:
                kind = "white"
            elif max(rgb) < 70:
                kind = "dark"
            elif max(rgb) - min(rgb) > 90:
                kind = min(CARD_COLOURS, key=lambda s: math.dist(rgb, CARD_COLOURS[s]))
            else:
                kind = "other"
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def _mean_diff(a: pygame.Surface, b: pygame.Surface) -> float:
    pa, pb = _pixels(a), _pixels(b)
    return sum(abs(x - y) for x, y in zip(pa, pb, strict=True)) / len(pa)


def test_crazy_colours_match_the_rules() -> None:
    assert set(CARD_COLOURS) == set(COLOURS)
    assert len(set(CARD_COLOURS.values())) == 4
    for rgb in CARD_COLOURS.values():
        assert max(rgb) - min(rgb) > 110  # saturated
    assert len(CRAZY_FACES) == 54


@pytest.mark.parametrize("size", [(100, 140), (60, 84)])
def test_every_crazy_card_renders_and_distinct_faces_differ(art: CardArt, size: tuple[int, int]) -> None:
    w, h = size
    images = {}
    for card in DECK:  # all 112 cards: 54 distinct faces
        surf = crazy(art, card, size)
        assert surf.get_size() == size
        assert surf.get_flags() & pygame.SRCALPHA
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert surf.get_at(corner).a < 40
        assert surf.get_at((w // 2, 2)).a == 255
        assert surf.get_at((w // 2, h // 2)).a == 255
        images[card.face] = _pixels(surf)
    assert len(images) == 54
    assert len(set(images.values())) == 54


def test_crazy_faces_are_cached_per_face(art: CardArt) -> None:
    a = crazy(art, Card(5, "R"), SIZE)
    assert crazy(art, Card(5, "R", copy=1), SIZE) is a
    assert crazy(art, Card(5, "R"), (60, 84)) is not a
    assert crazy(art, Card(13, "W", copy=3), SIZE) is crazy(art, Card(13, "W"), SIZE)


@pytest.mark.parametrize("size", [(100, 140), (60, 84)])
def test_coloured_cards_are_dominated_by_their_colour(art: CardArt, size: tuple[int, int]) -> None:
    for suit in COLOURS:
        for rank in range(13):
            counts = _classes(crazy(art, Card(rank, suit), size))
            total = sum(counts.values())
            coloured = sum(counts.get(s, 0) for s in COLOURS)
            mine = counts.get(suit, 0)
            assert mine >= 0.95 * coloured, (rank, suit, counts)
            assert mine > 0.3 * total, (rank, suit, counts)
            assert mine > 3 * counts.get("dark", 0), (rank, suit, counts)


@pytest.mark.parametrize("size", [(100, 140), (60, 84)])
def test_wild_cards_are_mostly_dark_with_all_four_colours(art: CardArt, size: tuple[int, int]) -> None:
    for rank in (13, 14):
        counts = _classes(crazy(art, Card(rank, "W"), size))
        total = sum(counts.values())
        dark = counts.get("dark", 0)
        assert dark > 0.3 * total, (rank, counts)
        assert dark == max(counts.values()), (rank, counts)
        for suit in COLOURS:
            assert 0.02 * total < counts.get(suit, 0) < dark / 2, (rank, suit, counts)
    # The Crazy card's oval is quartered: red top left, blue top right, yellow bottom left, green bottom right.
    w, h = size
    wild = crazy(art, Card(13, "W"), size)
    dx, dy = round(w * 0.12), round(h * 0.09)
    for (sx, sy), suit in (((-1, -1), "R"), ((1, -1), "B"), ((-1, 1), "Y"), ((1, 1), "G")):
        c = wild.get_at((w // 2 + sx * dx, h // 2 + sy * dy))
        assert (c.r, c.g, c.b) == CARD_COLOURS[suit]


def test_crazy_corner_indices_are_white_and_point_symmetric(art: CardArt) -> None:
    w, h = SIZE
    corner = pygame.Rect(8, 8, round(w * 0.2), round(h * 0.13))
    turned_corner = pygame.Rect(w - corner.right, h - corner.bottom, corner.width, corner.height)
    for card in (Card(3, "R"), Card(6, "Y"), Card(10, "G"), Card(11, "B"), Card(12, "R"), Card(14, "W")):
        surf = crazy(art, card, SIZE)
        top = surf.subsurface(corner)
        bottom = pygame.transform.flip(surf.subsurface(turned_corner), True, True)
        assert _mean_diff(top, bottom) < 3, card
        whites = sum(1 for x in range(corner.width) for y in range(corner.height) if min(top.get_at((x, y))[:3]) > 220)
        assert whites > 20, card


def test_similar_crazy_faces_differ(art: CardArt) -> None:
    def face(rank: int, suit: str = "B") -> pygame.Surface:
        return crazy(art, Card(rank, suit), SIZE)

    # 6 and 9 differ, and a 6 turned upside down does not pass for a 9 (they are underlined).
    six, nine = face(6), face(9)
    assert _mean_diff(six, nine) > 5
    assert _mean_diff(pygame.transform.flip(six, True, True), nine) > 5
    w, h = SIZE
    corner = pygame.Rect(8, 8, round(w * 0.2), round(h * 0.13))
    six_turned = pygame.transform.flip(six.subsurface(corner), True, True)
    assert _mean_diff(six_turned, nine.subsurface(corner)) > 10
    # The action cards differ from each other and from the numbers; the wild cards differ.
    actions = [face(10), face(11), face(12)]
    for i, a in enumerate(actions):
        for b in actions[i + 1:] + [face(0), face(2)]:
            assert _mean_diff(a, b) > 3
    assert _mean_diff(face(13, "W"), face(14, "W")) > 3
    # The same symbol in two colours differs.
    assert _mean_diff(face(7, "R"), face(7, "G")) > 20


def test_standard_faces_are_not_crazy_faces(art: CardArt) -> None:
    # A standard card still has a white face with black or red ink.
    counts = _classes(art.face(Card(5, "S"), SIZE))
    assert counts.get("white", 0) > 0.7 * sum(counts.values())


def test_clear_drops_crazy_caches(art: CardArt) -> None:
    face = crazy(art, Card(11, "G"), SIZE)
    art.clear()
    again = crazy(art, Card(11, "G"), SIZE)
    assert again is not face
    assert _pixels(again) == _pixels(face)


# --------------------------------------------------------------------------- faces declared as data


def test_a_colourless_number_face_is_drawn_from_its_spec(art: CardArt) -> None:
    """A game's own faces need no drawing code: numbers on a plain white card, a symbol from the library."""
    plain = FaceSpec((253, 252, 247), "7", centre_fill=(30, 30, 30), corner="7", ink=(30, 30, 30))
    surf = art.face(Card(7, "X"), SIZE, plain)
    assert surf.get_size() == SIZE and surf.get_at((SIZE[0] // 2, 2)).a == 255
    counts = _classes(surf)
    assert counts.get("white", 0) > 0.6 * sum(counts.values()) and counts.get("dark", 0) > 0
    assert art.face(Card(7, "Y"), SIZE, plain) is surf, "cached by the spec: equal specs draw once"
    cat = art.face(Card(0, "X"), SIZE, FaceSpec((60, 60, 60), "cat", corner="cat"))
    assert _mean_diff(cat, surf) > 10
    assert _pixels(art.face(Card(7, "X"), SIZE)) != _pixels(surf), "without a spec the card is a French face"


def test_a_decks_two_jokers_are_one_black_and_one_red(art: CardArt) -> None:
    black, red = deck_with_jokers(2)[-2:]
    black_red_ink, black_dark, _ = _ink(art.face(black, SIZE))
    red_red_ink, red_dark, _ = _ink(art.face(red, SIZE))
    assert red_red_ink > 2 * black_red_ink and black_dark > red_dark


@pytest.mark.parametrize("which", ["queen", "seven", "ace", "joker", "crazy"])
def test_a_face_drawn_in_parts_is_the_face_drawn_whole_and_drawn_once(which: str) -> None:
    card = {"queen": Card(12, "H"), "seven": Card(7, "S"), "ace": Card(14, "D"), "crazy": DECK[0],
            "joker": deck_with_jokers(1)[-1]}[which]
    spec = crazy_face(card) if which == "crazy" else None
    size = (134, 187)
    art = CardArt()
    parts = art.face_parts(card, size, spec)
    pauses = 0
    while True:
        try:
            next(parts)
            pauses += 1
        except StopIteration as done:
            image = done.value
            break
    assert pauses >= 2, "a face not drawn yet is drawn in a few parts"
    whole = CardArt().face(card, size, spec)
    assert pygame.image.tobytes(image, "RGBA") == pygame.image.tobytes(whole, "RGBA")
    assert art.face(card, size, spec) is image
    again = art.face_parts(card, size, spec)
    with pytest.raises(StopIteration):
        next(again)
