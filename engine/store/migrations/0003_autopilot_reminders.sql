-- Juwelier schema, version 3: autopilot seats and the half-time reminders already sent.

-- A human seat whose decisions the service makes (the player asked for it, or left the game).
ALTER TABLE seats ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0 CHECK (autopilot IN (0, 1));

-- One row per reminder sent, so a restart never pings twice for the same deadline. A deadline
-- is identified by its due time as well as its key: a decision that becomes pending again later
-- gets a fresh deadline, and so a fresh reminder.
CREATE TABLE reminders (
    game_id      INTEGER NOT NULL REFERENCES games (id),
    seat         INTEGER NOT NULL,
    decision_key TEXT    NOT NULL,
    due_at       REAL    NOT NULL,
    sent_at      REAL    NOT NULL,
    PRIMARY KEY (game_id, seat, decision_key, due_at)
);
