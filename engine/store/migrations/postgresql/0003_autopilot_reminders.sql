-- Juwelier schema, version 3, for PostgreSQL (as ../0003_autopilot_reminders.sql).
ALTER TABLE seats ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0 CHECK (autopilot IN (0, 1));
CREATE TABLE reminders (
    game_id      BIGINT  NOT NULL REFERENCES games (id),
    seat         INTEGER NOT NULL,
    decision_key TEXT    NOT NULL,
    due_at       DOUBLE PRECISION NOT NULL,
    sent_at      DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat, decision_key, due_at)
);
