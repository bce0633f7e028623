-- Juwelier schema, version 7, for PostgreSQL (as ../0007_cooldowns.sql).
CREATE TABLE cooldowns (
    name  TEXT PRIMARY KEY,
    until DOUBLE PRECISION NOT NULL
);
