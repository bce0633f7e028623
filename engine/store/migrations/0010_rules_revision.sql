-- Juwelier schema, version 10: the revision of its kind's rules each game was set up under
-- (GameKind.rules_revision). Every game stored before follows revision 1: its log replays under
-- the rules it was played by (docs/decisions/0010-rules-revisions.md).
ALTER TABLE games ADD COLUMN rules_revision INTEGER NOT NULL DEFAULT 1;
