"""Files to take away: an event's standings, results and tallies and a club's leaderboard as
CSV, games as EGN (`records`); everything kept about a player (`personal`)."""
