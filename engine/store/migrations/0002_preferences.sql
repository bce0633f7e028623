-- Juwelier schema, version 2: per-user preferences and front-end bookkeeping.
CREATE TABLE preferences (
    user_id         NOT NULL,  -- untyped like seats.user_id
    key     TEXT    NOT NULL,
    value   TEXT    NOT NULL,  -- JSON
    PRIMARY KEY (user_id, key)
);

-- Small facts a front end keeps across restarts (e.g. the hash of its synced commands).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
