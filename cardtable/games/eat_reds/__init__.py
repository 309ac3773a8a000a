"""Eat Reds (Chinese Ten): a fishing game where cards pair to ten, or by rank among 10, J, Q and K, to capture the
reds from the layout."""
