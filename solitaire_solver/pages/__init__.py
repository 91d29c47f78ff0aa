"""What a player sees: the terminal game, the viewer's page and the browser game."""
