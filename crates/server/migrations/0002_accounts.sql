-- Accounts (optional: playing by link needs none) and their sessions. The same text runs on
-- SQLite and PostgreSQL: times are milliseconds since the Unix epoch.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    -- the name as its owner wrote it (shown as text only)
    name TEXT NOT NULL,
    -- the name folded to lower case: one account a name, whatever its case
    name_key TEXT NOT NULL UNIQUE,
    -- argon2id in the PHC string format (its salt and parameters inside)
    password_hash TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);

-- A signed-in browser: the cookie holds the token, the table its SHA-256 only.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    created_ms BIGINT NOT NULL,
    last_ms BIGINT NOT NULL
);

CREATE INDEX sessions_by_account ON sessions (account_id);
