-- Juwelier schema, version 1.
-- A lobby is a game row with status 'lobby': one table lets a single partial unique index
-- enforce "at most one open lobby or running game per channel" for both.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    host_id             NOT NULL,  -- untyped on purpose: front ends use int or text user ids
    status      TEXT    NOT NULL DEFAULT 'lobby'
                CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    seed        INTEGER NOT NULL,
    settings    TEXT    NOT NULL DEFAULT '{}',  -- the game kind's settings, JSON
    deadlines   TEXT    NOT NULL DEFAULT '{}',  -- seconds per decision kind, JSON
    max_players INTEGER NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,     -- number of logged actions
    tiebreak    TEXT,
    created_at  REAL    NOT NULL,
    started_at  REAL,
    updated_at  REAL    NOT NULL,
    finished_at REAL
);
CREATE UNIQUE INDEX games_one_open_per_channel ON games (guild_id, channel_id)
    WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_status ON games (status);
CREATE INDEX games_by_guild ON games (guild_id, status);

-- Who sits at the table: `slot` is the join order, `seat` the shuffled seat number (ESR-2).
CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    slot     INTEGER NOT NULL,
    seat     INTEGER,              -- NULL while the lobby is open
    user_id,                       -- NULL for an AI seat; int or text otherwise
    name     TEXT    NOT NULL,
    ai_level TEXT,                 -- NULL for a human seat
    PRIMARY KEY (game_id, slot),
    UNIQUE (game_id, seat),
    UNIQUE (game_id, user_id),
    CHECK ((user_id IS NULL) <> (ai_level IS NULL))
);
CREATE INDEX seats_by_user ON seats (user_id);

-- The append-only action log: one row per accepted action, numbered 1, 2, 3, ... per game.
CREATE TABLE actions (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    seq          INTEGER NOT NULL,
    seat         INTEGER NOT NULL,
    action       TEXT    NOT NULL,  -- JSON
    by           TEXT    NOT NULL CHECK (by IN ('player', 'autopilot', 'ai')),
    decision_key TEXT    NOT NULL,
    at           REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- The database itself refuses a gap, a rewrite or a deletion in the log.
CREATE TRIGGER actions_gap_free BEFORE INSERT ON actions
WHEN NEW.seq <> (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = NEW.game_id)
BEGIN
    SELECT RAISE(ABORT, 'the action log must stay gap-free');
END;
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

-- The state after `seq` actions, so loading replays only the tail of the log.
CREATE TABLE snapshots (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seq     INTEGER NOT NULL,
    state   TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- When each pending decision falls due; one row per (game, seat), replaced as the game moves.
CREATE TABLE deadlines (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    seat         INTEGER NOT NULL,
    decision_key TEXT    NOT NULL,
    kind         TEXT    NOT NULL,
    due_at       REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX deadlines_by_due ON deadlines (due_at);

-- Discord messages (or threads) a front end must find again after a restart.
CREATE TABLE messages (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    name       TEXT    NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, name)
);

-- Final standings, written in the same transaction as the game's last action.
CREATE TABLE results (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat    INTEGER NOT NULL,
    rank    INTEGER NOT NULL,
    score   INTEGER NOT NULL,
    winner  INTEGER NOT NULL CHECK (winner IN (0, 1)),
    detail  TEXT    NOT NULL DEFAULT '{}',
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (game_id, seat) REFERENCES seats (game_id, seat)
);
