"""Klondike solitaire."""
