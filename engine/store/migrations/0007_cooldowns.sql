-- Juwelier schema, version 7: cooldowns claimed in the database, so twenty
-- `/game new` arriving together — through one process or several — open one lobby, and a
-- restart does not forget them. `name` says whose and of what (e.g. "new_game:<guild>:<user>");
-- `until` is the clock time the cooldown ends.
CREATE TABLE cooldowns (
    name  TEXT PRIMARY KEY,
    until REAL NOT NULL
) WITHOUT ROWID;
