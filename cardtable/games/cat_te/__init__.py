"""Cat Te (Six Cards): a trick game for 2 to 6 players where the last trick wins the round (rules in `rules.py`)."""
