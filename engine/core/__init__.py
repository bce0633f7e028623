"""The game-agnostic core every game plugs into."""
