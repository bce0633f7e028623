-- Juwelier schema, version 10, for PostgreSQL (as ../0010_rules_revision.sql): the revision of
-- its kind's rules each game was set up under; every game stored before follows revision 1.
ALTER TABLE games ADD COLUMN rules_revision INTEGER NOT NULL DEFAULT 1;
