"""Pygame user interface: table, card art and widgets."""
