-- Juwelier schema, version 6, for PostgreSQL (as ../0006_clock_moves.sql): the log also takes
-- the game's own clock moves. PostgreSQL changes the check in place; the log stays as it is.
ALTER TABLE actions DROP CONSTRAINT actions_by_check;
ALTER TABLE actions ADD CONSTRAINT actions_by_check
    CHECK (by IN ('player', 'autopilot', 'ai', 'clock'));
