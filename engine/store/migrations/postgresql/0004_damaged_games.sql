-- Juwelier schema, version 4, for PostgreSQL (as ../0004_damaged_games.sql).
CREATE TABLE damaged_games (
    game_id BIGINT  PRIMARY KEY REFERENCES games (id),
    reason  TEXT    NOT NULL,
    at      DOUBLE PRECISION NOT NULL,
    told    INTEGER NOT NULL DEFAULT 0 CHECK (told IN (0, 1))
);
