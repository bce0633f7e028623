-- Juwelier schema, version 2, for PostgreSQL (as ../0002_preferences.sql).
CREATE TABLE preferences (
    user_id BIGINT NOT NULL,
    key     TEXT   NOT NULL,
    value   TEXT   NOT NULL,
    PRIMARY KEY (user_id, key)
);
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
