"""The coach: after a game, a member's costliest decisions, judged from their own
seat's view at the time by the game's strong search."""
