"""Kachuful (Judgement): bid exactly the number of tricks you will take."""
