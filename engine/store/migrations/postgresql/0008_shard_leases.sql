-- Juwelier schema, version 8, for PostgreSQL (as ../0008_shard_leases.sql).
CREATE TABLE shard_leases (
    shard      INTEGER PRIMARY KEY,
    owner      TEXT    NOT NULL,
    token      BIGINT  NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL
);
