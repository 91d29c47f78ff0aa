"""What to play and how good a line or a player is: analysis, the fair hint, the players."""
