-- Passkeys (WebAuthn) of accounts, and the ceremonies under way. The same text runs on SQLite
-- and PostgreSQL: times are milliseconds since the Unix epoch.
CREATE TABLE passkeys (
    -- the credential's id, base64url
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    -- the public key, its counter and flags as webauthn-rs keeps them (JSON)
    passkey TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    used_ms BIGINT
);

CREATE INDEX passkeys_by_account ON passkeys (account_id);

-- A registration or a sign-in begun and not yet finished: its challenge's state (JSON), used
-- once, within five minutes, by whichever server the finishing request reaches.
CREATE TABLE passkey_ceremonies (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    state TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
