"""King of the Hill: a five-player, two-deck trick-taking game of the "Finding Friends" family."""
