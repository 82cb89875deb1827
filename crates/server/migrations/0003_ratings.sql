-- Rated games and ratings. The same text runs on SQLite and PostgreSQL.
-- A game's id of rules (shogi, chushogi, ...), its speed from its clock (bullet, blitz, rapid,
-- classical), and whether its end changes the players' ratings (0/1).
ALTER TABLE games ADD COLUMN game TEXT;
ALTER TABLE games ADD COLUMN speed TEXT;
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;

-- The account that holds a seat (a rated game's seats are always held by accounts); NULL for a
-- seat held by a link alone, and once the account is deleted (the game stays, anonymised).
ALTER TABLE seats ADD COLUMN account_id TEXT;

CREATE INDEX seats_by_account ON seats (account_id);

-- One rating an account, game id and speed. Glicko-2 (rating, deviation, volatility), or for
-- the three-player hexagon Weng-Lin (rating, deviation; volatility 0).
CREATE TABLE ratings (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    game TEXT NOT NULL,
    speed TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    PRIMARY KEY (account_id, game, speed)
);

-- Each rated game's change of each rating, for the profile's graph and the game's end.
CREATE TABLE rating_changes (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    game_id TEXT NOT NULL REFERENCES games (id),
    game TEXT NOT NULL,
    speed TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    before_rating DOUBLE PRECISION NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (account_id, game_id)
);

CREATE INDEX rating_changes_by_account ON rating_changes (account_id, game, speed, at_ms);
