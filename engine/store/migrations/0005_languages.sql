-- Juwelier schema, version 5: the language a server or a channel is spoken to in.
-- A member's own language for private replies is a preference ('language' in preferences).
CREATE TABLE languages (
    scope     TEXT    NOT NULL CHECK (scope IN ('guild', 'channel')),
    scope_id  INTEGER NOT NULL,
    locale    TEXT    NOT NULL,
    PRIMARY KEY (scope, scope_id)
);
