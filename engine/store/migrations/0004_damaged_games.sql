-- Juwelier schema, version 4: games whose stored state cannot be rebuilt.
-- The game keeps its status (its log stays as it is, for inspection); resume skips it, its
-- deadlines are dropped, and abandoning it ends it as any other game.
CREATE TABLE damaged_games (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    reason  TEXT    NOT NULL,
    at      REAL    NOT NULL,
    told    INTEGER NOT NULL DEFAULT 0 CHECK (told IN (0, 1))  -- its channel was told
);
