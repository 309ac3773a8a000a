"""Application services over the rules contract, pure Python: matches, saves, replay, and whose turn it is."""
