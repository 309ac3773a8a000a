"""Eat Pairs (Siku): lay your pairs, match the cards that land on the waste, and be the first with an empty hand."""
