-- Juwelier schema, version 6: a game's own clock may move. When a round's time limit
-- runs out, the service logs the game's own move (GameKind.clock) with by = 'clock' at seat -1.
-- SQLite cannot change a CHECK constraint in place: the log is copied into a table with the
-- wider check, row for row, and its append-only triggers are made again.
CREATE TABLE actions_v6 (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    seq          INTEGER NOT NULL,
    seat         INTEGER NOT NULL,
    action       TEXT    NOT NULL,  -- JSON
    by           TEXT    NOT NULL CHECK (by IN ('player', 'autopilot', 'ai', 'clock')),
    decision_key TEXT    NOT NULL,
    at           REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
INSERT INTO actions_v6 (game_id, seq, seat, action, by, decision_key, at)
    SELECT game_id, seq, seat, action, by, decision_key, at FROM actions;
DROP TRIGGER actions_gap_free;
DROP TRIGGER actions_no_update;
DROP TRIGGER actions_no_delete;
DROP TABLE actions;
ALTER TABLE actions_v6 RENAME TO actions;

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
