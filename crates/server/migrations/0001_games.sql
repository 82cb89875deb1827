-- Online games, their seats and their moves. The same text runs on SQLite and PostgreSQL:
-- integers are BIGINT, flags are 0/1, times are milliseconds since the Unix epoch.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    -- the game as created (koma_wire::NewGame as JSON)
    spec TEXT NOT NULL,
    -- listed in the lobby (0/1)
    open_lobby BIGINT NOT NULL,
    -- waiting, playing, finished or expired
    status TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    started_ms BIGINT,
    -- when the current turn began (the clock of the seat to move runs from it)
    turn_ms BIGINT,
    -- the outcome once finished: the winning seat (NULL: a draw), the reason's id, and the
    -- seat whose act ended it (resigned, flagged, declared)
    winner BIGINT,
    reason TEXT,
    ended_by BIGINT,
    ended_ms BIGINT
);

CREATE INDEX games_by_status ON games (status, open_lobby, created_ms);

CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    -- SHA-256 of the seat's token, hex; the token itself is never stored
    token_hash TEXT NOT NULL,
    name TEXT NOT NULL,
    -- somebody has taken the seat (0/1)
    taken BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- One move a ply: the key is the database's own guard against a second move for a ply.
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    mv TEXT NOT NULL,
    -- the seat that played it
    seat BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    -- the clocks after the move ({"main_ms":[..],"periods":[..]}), NULL without clocks
    clock TEXT,
    PRIMARY KEY (game_id, ply)
);
