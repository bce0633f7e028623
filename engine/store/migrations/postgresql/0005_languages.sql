-- Juwelier schema, version 5, for PostgreSQL (as ../0005_languages.sql).
CREATE TABLE languages (
    scope    TEXT   NOT NULL CHECK (scope IN ('guild', 'channel')),
    scope_id BIGINT NOT NULL,
    locale   TEXT   NOT NULL,
    PRIMARY KEY (scope, scope_id)
);
