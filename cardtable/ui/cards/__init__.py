"""The card art: French faces, faces described by a game (`FaceSpec`), backs, slots and outlines."""

from cardtable.ui.cards.art import CardArt
from cardtable.ui.cards.backs import BACK_DESIGNS

__all__ = ["BACK_DESIGNS", "CardArt"]
