-- Juwelier schema, version 9: skill ratings per member, game and server, and the coach's
-- reviews.
-- A member's current rating in one game on one server (openskill's mu and sigma).
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    user_id          NOT NULL,  -- untyped on purpose, as seats.user_id
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    games    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
);
CREATE INDEX ratings_by_board ON ratings (guild_id, kind);

-- Every ended game looked at once for rating, in the order games ended; `rated` 0 when it was
-- not (fewer than two people, or abandoned without a loss to count).
CREATE TABLE rated_games (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    rated   INTEGER NOT NULL CHECK (rated IN (0, 1))
);

-- Each person's rating before and after a rated game (the summary's "ann 24.1 → 25.3").
CREATE TABLE rating_changes (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    seat         INTEGER NOT NULL,
    user_id              NOT NULL,
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    games_after  INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id);

-- The coach's review of one seat of a finished game, computed once (the findings as JSON).
CREATE TABLE reviews (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seat        INTEGER NOT NULL,
    findings    TEXT    NOT NULL,
    judged      INTEGER NOT NULL,
    cpu_seconds REAL    NOT NULL,
    created_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
