-- Juwelier schema, version 11: tournaments across many tables (docs/tournaments.md).
-- One tournament: its format and schedule, the round being played and what has been told.
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    organiser_id  INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    format        TEXT    NOT NULL CHECK (format IN ('swiss', 'round_robin')),
    rounds        INTEGER NOT NULL,
    table_size    INTEGER NOT NULL,
    settings      TEXT    NOT NULL DEFAULT '{}',
    deadlines     TEXT    NOT NULL DEFAULT '{}',
    every         REAL,     -- seconds from one round's start to the next (NULL: at once)
    seed          INTEGER NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'signup'
                  CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    round         INTEGER NOT NULL DEFAULT 0,  -- the round paired last (0: none yet)
    told_round    INTEGER NOT NULL DEFAULT 0,  -- standings told after this round
    round_started REAL,
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL,
    finished_at   REAL
);
CREATE UNIQUE INDEX tournaments_one_open_per_channel ON tournaments (guild_id, channel_id)
    WHERE status IN ('signup', 'running');

-- Who signed up, in join order; `dropped` is the round in which they left (NULL: still in).
CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id               NOT NULL,
    name          TEXT    NOT NULL,
    joined        INTEGER NOT NULL,
    dropped       INTEGER,
    PRIMARY KEY (tournament_id, user_id)
);

-- One table of one round: its seats (user ids, null for an AI seat) as JSON, its thread, its
-- game, and its result once the game ended (places, scores, forfeits as JSON).
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    seats         TEXT    NOT NULL,
    thread_id     INTEGER,
    game_id       INTEGER UNIQUE REFERENCES games (id),
    result        TEXT,
    PRIMARY KEY (tournament_id, round, table_no)
);
CREATE INDEX tournament_tables_by_game ON tournament_tables (game_id);

-- A person sits at one table per round: the database refuses a second.
CREATE TABLE tournament_seats (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    user_id               NOT NULL,
    table_no      INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, user_id)
);

-- Messages a front end keeps per tournament (the sign-up message, standings posted).
CREATE TABLE tournament_messages (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    name          TEXT    NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, name)
);

-- A server's settings that are not a language (the tournament organisers' role).
CREATE TABLE guild_settings (
    guild_id INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, name)
);
