"""Skill ratings per member, game and server: who is rated, and how (openskill's
Plackett–Luce model); the database rows are in engine/store/ratings.py."""
