"""Tournaments on a server: the sign-up message, the /game tournament commands, each round's
tables opened as games in threads, and the standings told after every round."""
