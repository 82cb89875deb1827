-- Quick pairing: the players waiting in a pool (one pool at a time an account), and, once
-- paired, the game made for them and their seat in it.
CREATE TABLE pool_entries (
    account_id TEXT PRIMARY KEY REFERENCES accounts (id),
    pool TEXT NOT NULL,
    -- the player's rating for the pool's game id and speed when it joined
    rating DOUBLE PRECISION NOT NULL,
    joined_ms BIGINT NOT NULL,
    -- the player's last word (a waiting player asks every second or so)
    seen_ms BIGINT NOT NULL,
    game_id TEXT,
    seat BIGINT
);

CREATE INDEX pool_entries_by_pool ON pool_entries (pool, game_id);
