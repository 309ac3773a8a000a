"""Tests for the procedural card art (headless: SDL dummy video driver)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from cardtable.core.cards import Card, deck_with_jokers, standard_deck  # noqa: E402
from cardtable.resources import asset_path  # noqa: E402
from cardtable.ui.cardart import BACK_DESIGNS, CardArt  # noqa: E402

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


def test_assets_are_found() -> None:
    assert asset_path("fonts", "DejaVuSans.ttf").is_file()
    assert asset_path("fonts", "DejaVuSans-Bold.ttf").is_file()


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


def test_face_rendering_is_fast(art: CardArt) -> None:
    import time

    start = time.perf_counter()
    for card in standard_deck():
        art.face(card, (100, 140))
    per_card = (time.perf_counter() - start) / 52
    assert per_card < 0.005
