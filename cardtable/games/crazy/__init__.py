"""Crazy (the Uno family): shed your cards by matching the colour or the label of the discard pile."""
