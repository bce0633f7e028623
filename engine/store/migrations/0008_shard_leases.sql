-- Juwelier schema, version 8: a lease per gateway shard. Several bot processes may
-- share one database, each running a range of shards; a game belongs to the shard of its guild.
-- A process acts for a shard's games only while it holds the shard's lease (renewed before
-- `expires_at`, a clock time). Every take-over raises `token`, and every write a process makes
-- for a game checks, in the write's own transaction, that its token is still the shard's: a
-- process that lost its lease (paused, cut off, or started twice by mistake) writes nothing.
CREATE TABLE shard_leases (
    shard      INTEGER PRIMARY KEY,
    owner      TEXT    NOT NULL,
    token      INTEGER NOT NULL,
    expires_at REAL    NOT NULL
);
