//! The database: the truth about every online game. SQLite (one file, nothing to install) by
//! default, PostgreSQL when `KOMA_DATABASE_URL` names one; the same queries and the same
//! migrations (`migrations/`) run on both through sqlx's `Any` driver.
//!
//! Decisions:
//! - A move is one row keyed by game and ply: the key, not only the server, refuses a second
//!   move for a ply. A move is written before anyone is told of it ([`crate::hub`]).
//! - SQLite runs in WAL mode with `synchronous = NORMAL`: a committed move survives the server
//!   process being killed (the WAL is in the operating system's hands at commit); an operating
//!   system crash or a power cut may lose the last moments, which PostgreSQL (fsync on commit)
//!   does not.
//! - Seat tokens are stored only as their SHA-256 ([`crate::token`]).

use koma_wire::{EndReason, GameStatus, NewGame, OutcomeView};

use crate::pairing::{Pool, Waiting};
use crate::rating::{self, Rating, Speed};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};

/// The migrations, embedded in the binary.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// The database URL when `KOMA_DATABASE_URL` is not set: a SQLite file in the working folder.
pub const DEFAULT_URL: &str = "sqlite://koma.db?mode=rwc";

/// A database error, with what was being done.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The database refused or failed.
    #[error("database: {0}")]
    Sql(#[from] sqlx::Error),
    /// The migrations failed.
    #[error("database migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A row holds what no version of the server writes.
    #[error("database: game {id}: {what}")]
    Corrupt {
        /// The game.
        id: String,
        /// What is wrong.
        what: String,
    },
    /// The URL names no database this server speaks.
    #[error("KOMA_DATABASE_URL {0:?}: sqlite:// or postgres:// expected")]
    Url(String),
    /// The game ended (on another server, or by its clock) before this change was stored.
    #[error("the game is over")]
    Over,
    /// No random bits for a new game's id or tokens.
    #[error("no random bits from the operating system: {0}")]
    Random(getrandom::Error),
}

impl DbError {
    /// Whether a row with the same key exists already (a second move for a ply).
    pub fn is_duplicate(&self) -> bool {
        matches!(self, DbError::Sql(sqlx::Error::Database(e)) if e.is_unique_violation())
    }

    /// Whether the database could not be reached (its connection broke, or no connection could
    /// be had in time), as opposed to a refusal of what was asked.
    pub fn is_unreachable(&self) -> bool {
        matches!(
            self,
            DbError::Sql(
                sqlx::Error::Io(_)
                    | sqlx::Error::PoolTimedOut
                    | sqlx::Error::PoolClosed
                    | sqlx::Error::Tls(_)
                    | sqlx::Error::Protocol(_)
            )
        ) || matches!(self, DbError::Sql(sqlx::Error::Database(e)) if e.code().is_some_and(|c| c.starts_with("57P")))
    }

    /// Whether the change came too late: another move has the ply, or the game has ended (the
    /// database decided for another server or the clock first).
    pub fn is_stale(&self) -> bool {
        self.is_duplicate() || matches!(self, DbError::Over)
    }
}

/// Which database.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// SQLite.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

impl Kind {
    /// `sqlite` or `postgres`, as `/api/health` says.
    pub fn id(self) -> &'static str {
        match self {
            Kind::Sqlite => "sqlite",
            Kind::Postgres => "postgres",
        }
    }
}

/// A game's row.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The id.
    pub id: String,
    /// The game as created.
    pub spec: NewGame,
    /// Where it stands.
    pub status: GameStatus,
    /// Created (ms).
    pub created_ms: i64,
    /// Started, once every seat was taken (ms).
    pub started_ms: Option<i64>,
    /// When the current turn began (ms).
    pub turn_ms: Option<i64>,
    /// The outcome, once finished.
    pub outcome: Option<OutcomeView>,
    /// The rematch made once it ended, if any.
    pub rematch: Option<String>,
}

/// A seat's row.
#[derive(Clone, Debug)]
pub struct SeatRow {
    /// SHA-256 of its token, hex.
    pub token_hash: String,
    /// Its name.
    pub name: String,
    /// Taken.
    pub taken: bool,
    /// The account that holds it (a rated game's seats), if any.
    pub account_id: Option<String>,
}

/// A move's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    /// The ply it made (1 for the first move).
    pub ply: u32,
    /// Its text.
    pub mv: String,
    /// Who played it.
    pub seat: u8,
    /// When (ms).
    pub at_ms: i64,
    /// The clocks after it: main time and periods left per seat.
    pub clock: Option<(Vec<u64>, Vec<u32>)>,
}

/// A game as stored: its row, seats and moves.
#[derive(Clone, Debug)]
pub struct Stored {
    /// The game.
    pub game: GameRow,
    /// Its seats, in order.
    pub seats: Vec<SeatRow>,
    /// Its moves, in order.
    pub moves: Vec<MoveRow>,
}

/// An open game waiting for players, for the lobby.
#[derive(Clone, Debug)]
pub struct LobbyRow {
    /// The game.
    pub game: GameRow,
    /// Its seats.
    pub seats: Vec<SeatRow>,
    /// Each seat's holder's rating for the game id and speed (an account's seat with one).
    pub ratings: Vec<Option<Rating>>,
}

/// The connection pool.
#[derive(Clone, Debug)]
pub struct Db {
    pool: AnyPool,
    /// PostgreSQL: the connections that send the relay's announcements (see [`Db::notify`]).
    notify_pool: Option<AnyPool>,
    kind: Kind,
    url: String,
}

/// The PostgreSQL channel on which the servers of one database say which game changed (see
/// [`crate::announce::payload`]).
pub const CHANGES: &str = "koma_games";

/// Connections that send the relay's announcements (PostgreSQL): one task sends them, in order.
const NOTIFY_CONNECTIONS: u32 = 1;

/// The longest a request waits for a connection of the pool.
const ACQUIRE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

fn status_id(s: GameStatus) -> &'static str {
    match s {
        GameStatus::Waiting => "waiting",
        GameStatus::Playing => "playing",
        GameStatus::Finished => "finished",
        GameStatus::Expired => "expired",
        GameStatus::Aborted => "aborted",
    }
}

fn status_of(id: &str, s: &str) -> Result<GameStatus, DbError> {
    Ok(match s {
        "waiting" => GameStatus::Waiting,
        "playing" => GameStatus::Playing,
        "finished" => GameStatus::Finished,
        "expired" => GameStatus::Expired,
        "aborted" => GameStatus::Aborted,
        _ => return Err(corrupt(id, format!("status {s:?}"))),
    })
}

fn corrupt(id: &str, what: String) -> DbError {
    DbError::Corrupt {
        id: id.to_string(),
        what,
    }
}

#[derive(serde::Serialize, serde::Deserialize)]
struct ClockJson {
    main_ms: Vec<u64>,
    periods: Vec<u32>,
}

const GAME_COLUMNS: &str =
    "id, spec, status, created_ms, started_ms, turn_ms, winner, reason, ended_by, rematch";

fn game_row(r: &AnyRow) -> Result<GameRow, DbError> {
    let id: String = r.try_get("id")?;
    let spec: String = r.try_get("spec")?;
    let spec: NewGame =
        serde_json::from_str(&spec).map_err(|e| corrupt(&id, format!("spec: {e}")))?;
    let status: String = r.try_get("status")?;
    let status = status_of(&id, &status)?;
    let reason: Option<String> = r.try_get("reason")?;
    let winner: Option<i64> = r.try_get("winner")?;
    let ended_by: Option<i64> = r.try_get("ended_by")?;
    let seat = |v: i64| u8::try_from(v).map_err(|_| corrupt(&id, format!("seat {v}")));
    let outcome = match reason {
        Some(reason) => Some(OutcomeView {
            winner: winner.map(seat).transpose()?,
            reason: EndReason::parse(&reason)
                .ok_or_else(|| corrupt(&id, format!("no game ends by {reason:?}")))?,
            by: ended_by.map(seat).transpose()?,
        }),
        None => None,
    };
    Ok(GameRow {
        created_ms: r.try_get("created_ms")?,
        started_ms: r.try_get("started_ms")?,
        turn_ms: r.try_get("turn_ms")?,
        rematch: r.try_get("rematch")?,
        id,
        spec,
        status,
        outcome,
    })
}

fn seat_row(r: &AnyRow) -> Result<SeatRow, DbError> {
    Ok(SeatRow {
        token_hash: r.try_get("token_hash")?,
        name: r.try_get("name")?,
        taken: r.try_get::<i64, _>("taken")? != 0,
        account_id: r.try_get("account_id")?,
    })
}

impl Db {
    /// Connect to `url` and bring its tables up to date.
    ///
    /// # Errors
    /// The URL names no database this server speaks, or it cannot be reached or migrated.
    pub async fn open(url: &str) -> Result<Db, DbError> {
        sqlx::any::install_default_drivers();
        let kind = if url.starts_with("sqlite:") {
            Kind::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Kind::Postgres
        } else {
            return Err(DbError::Url(url.to_string()));
        };
        let options = AnyPoolOptions::new()
            .max_connections(match kind {
                // one writer at a time in SQLite; a few readers beside it
                Kind::Sqlite => 4,
                Kind::Postgres => 16,
            })
            // a database that is down fails a request soon (the client is told to reconnect)
            // instead of holding it for sqlx's default 30 s
            .acquire_timeout(ACQUIRE_TIMEOUT);
        let options = if kind == Kind::Sqlite {
            options.after_connect(|conn, _| {
                Box::pin(async move {
                    for pragma in [
                        "PRAGMA journal_mode = WAL",
                        "PRAGMA synchronous = NORMAL",
                        "PRAGMA busy_timeout = 5000",
                    ] {
                        sqlx::query(pragma).execute(&mut *conn).await?;
                    }
                    Ok(())
                })
            })
        } else {
            options
        };
        let pool = options.connect(url).await?;
        MIGRATOR.run(&pool).await?;
        let notify_pool = match kind {
            Kind::Sqlite => None,
            Kind::Postgres => Some(
                AnyPoolOptions::new()
                    .max_connections(NOTIFY_CONNECTIONS)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            sqlx::query("SET synchronous_commit = off")
                                .execute(&mut *conn)
                                .await?;
                            Ok(())
                        })
                    })
                    .connect_lazy(url)?,
            ),
        };
        Ok(Db {
            pool,
            notify_pool,
            kind,
            url: url.to_string(),
        })
    }

    /// The URL it was opened with (the relay's listener connects to it too).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Tell the other servers of this database (PostgreSQL: `NOTIFY` on [`CHANGES`]) that
    /// `payload` changed; nothing to do on SQLite, whose file one server holds.
    ///
    /// # Errors
    /// The database failed.
    ///
    /// An announcement is sent by a transaction of its own, after the change's, on connections
    /// whose commits do not wait for the disk (`synchronous_commit = off`): PostgreSQL lets one
    /// transaction that notifies commit at a time in a database, so waiting for the disk there
    /// would allow one move per disk flush across every server. The change itself was made
    /// durable by its own transaction already; the announcement needs no durability (a server
    /// that misses one reads every game again when its listener reconnects).
    pub async fn notify(&self, payload: &str) -> Result<(), DbError> {
        let Some(pool) = &self.notify_pool else {
            return Ok(());
        };
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANGES)
            .bind(payload)
            .execute(pool)
            .await?;
        Ok(())
    }

    /// Which database this is.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Whether the database answers.
    ///
    /// # Errors
    /// It does not.
    pub async fn ping(&self) -> Result<(), DbError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Store a new game with its seats.
    ///
    /// # Errors
    /// The database failed.
    pub async fn create(&self, game: &GameRow, seats: &[SeatRow]) -> Result<(), DbError> {
        let mut tx = self.pool.begin().await?;
        create_in(&mut tx, game, seats).await?;
        tx.commit().await?;
        Ok(())
    }

    /// A game with its seats and moves, if it exists.
    ///
    /// # Errors
    /// The database failed, or holds what the server never writes.
    pub async fn load(&self, id: &str) -> Result<Option<Stored>, DbError> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        let Some(row) = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let game = game_row(&row)?;
        let seats = sqlx::query(
            "SELECT token_hash, name, taken, account_id FROM seats WHERE game_id = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(seat_row)
        .collect::<Result<Vec<_>, _>>()?;
        let rows = sqlx::query(
            "SELECT ply, mv, seat, at_ms, clock FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let mut moves = Vec::with_capacity(rows.len());
        for r in &rows {
            let ply: i64 = r.try_get("ply")?;
            let seat: i64 = r.try_get("seat")?;
            let clock: Option<String> = r.try_get("clock")?;
            let clock = match clock {
                Some(c) => {
                    let c: ClockJson = serde_json::from_str(&c)
                        .map_err(|e| corrupt(id, format!("clock of ply {ply}: {e}")))?;
                    Some((c.main_ms, c.periods))
                }
                None => None,
            };
            moves.push(MoveRow {
                ply: u32::try_from(ply).map_err(|_| corrupt(id, format!("ply {ply}")))?,
                mv: r.try_get("mv")?,
                seat: u8::try_from(seat).map_err(|_| corrupt(id, format!("seat {seat}")))?,
                at_ms: r.try_get("at_ms")?,
                clock,
            });
        }
        Ok(Some(Stored { game, seats, moves }))
    }

    /// A seat is taken, with the name its holder gave; the game starts (at `at`) when no seat
    /// is free any more. The database decides that, not the caller's table: two servers whose
    /// players take a game's last two seats at once each see the other seat free, and neither
    /// would start it (the game row is locked first on PostgreSQL, so the second take counts the
    /// first's seat). The start time, when this take started the game.
    ///
    /// # Errors
    /// The database failed.
    pub async fn take(
        &self,
        id: &str,
        seat: u8,
        name: &str,
        at: i64,
    ) -> Result<Option<i64>, DbError> {
        let mut tx = self.pool.begin().await?;
        if self.kind == Kind::Postgres {
            sqlx::query("SELECT id FROM games WHERE id = $1 FOR UPDATE")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        }
        sqlx::query("UPDATE seats SET taken = 1, name = $1 WHERE game_id = $2 AND seat = $3")
            .bind(name)
            .bind(id)
            .bind(i64::from(seat))
            .execute(&mut *tx)
            .await?;
        let started = sqlx::query(
            "UPDATE games SET status = 'playing', started_ms = $1, turn_ms = $2 \
             WHERE id = $3 AND status = 'waiting' \
             AND NOT EXISTS (SELECT 1 FROM seats WHERE game_id = $4 AND taken = 0)",
        )
        .bind(at)
        .bind(at)
        .bind(id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok((started.rows_affected() == 1).then_some(at))
    }

    /// A seat's name changes (a seat taken earlier, named again on a return).
    ///
    /// # Errors
    /// The database failed.
    pub async fn rename(&self, id: &str, seat: u8, name: &str) -> Result<(), DbError> {
        sqlx::query("UPDATE seats SET name = $1 WHERE game_id = $2 AND seat = $3")
            .bind(name)
            .bind(id)
            .bind(i64::from(seat))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Give a free seat of a waiting open game a new token (a lobby visitor takes it): `false`
    /// when the seat is taken, the game not open or no longer waiting.
    ///
    /// # Errors
    /// The database failed.
    pub async fn retoken(
        &self,
        id: &str,
        seat: u8,
        token_hash: &str,
        holder: Option<&AccountRow>,
    ) -> Result<bool, DbError> {
        // an account takes its seat under its own name, and one seat of a game at most
        let done = sqlx::query(
            "UPDATE seats SET token_hash = $1, account_id = $2, name = COALESCE($3, name) \
             WHERE game_id = $4 AND seat = $5 AND taken = 0 AND account_id IS NULL \
             AND game_id IN (SELECT id FROM games WHERE id = $6 AND status = 'waiting' AND open_lobby = 1) \
             AND NOT EXISTS (SELECT 1 FROM seats s2 WHERE s2.game_id = $7 AND s2.account_id = $8)",
        )
        .bind(token_hash)
        .bind(holder.map(|a| a.id.as_str()))
        .bind(holder.map(|a| a.name.as_str()))
        .bind(id)
        .bind(i64::from(seat))
        .bind(id)
        .bind(id)
        .bind(holder.map(|a| a.id.as_str()))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Store a move (and the game's end, if it ended the game) in one transaction; on
    /// PostgreSQL a move that does not end the game is one statement.
    ///
    /// # Errors
    /// The database failed; [`DbError::is_duplicate`] when the ply has a move already,
    /// [`DbError::Over`] when the game is no longer played.
    pub async fn add_move(
        &self,
        id: &str,
        m: &MoveRow,
        ended: Option<(&OutcomeView, i64)>,
    ) -> Result<(), DbError> {
        let clock = m.clock.as_ref().map(|(main_ms, periods)| {
            serde_json::to_string(&ClockJson {
                main_ms: main_ms.clone(),
                periods: periods.clone(),
            })
            .unwrap_or_default()
        });
        if self.kind == Kind::Postgres && ended.is_none() {
            // one statement, one round trip: the turn's start moves on and the move is stored
            // only while the game is played (a data-modifying WITH, which SQLite lacks)
            let stored = sqlx::query(
                "WITH playing AS (UPDATE games SET turn_ms = $5 WHERE id = $1 AND status = 'playing' RETURNING id) \
                 INSERT INTO moves (game_id, ply, mv, seat, at_ms, clock) SELECT id, $2, $3, $4, $5, $6 FROM playing",
            )
            .bind(id);
            let stored = bind_move(stored, m, clock).execute(&self.pool).await?;
            return match stored.rows_affected() {
                1 => Ok(()),
                _ => Err(DbError::Over),
            };
        }
        let mut tx = self.pool.begin().await?;
        let insert = sqlx::query(
            "INSERT INTO moves (game_id, ply, mv, seat, at_ms, clock) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id);
        bind_move(insert, m, clock).execute(&mut *tx).await?;
        // only while the game is played: one that ended on another server (or by its clock)
        // takes no move
        let playing =
            sqlx::query("UPDATE games SET turn_ms = $1 WHERE id = $2 AND status = 'playing'")
                .bind(m.at_ms)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        if playing.rows_affected() != 1 {
            return Err(DbError::Over);
        }
        if let Some((outcome, at)) = ended {
            finish_in(&mut tx, self.kind, id, outcome, at).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The game ended without a move (resignation, time, declaration, agreed impasse): decided
    /// once, by whichever server stores it first.
    ///
    /// # Errors
    /// The database failed; [`DbError::Over`] when it had ended already.
    pub async fn finish(&self, id: &str, outcome: &OutcomeView, at: i64) -> Result<(), DbError> {
        let mut tx = self.pool.begin().await?;
        finish_in(&mut tx, self.kind, id, outcome, at).await?;
        tx.commit().await?;
        Ok(())
    }

    /// A player (`by`) called the game off before its first move: it ends without a result,
    /// decided once like an end.
    ///
    /// # Errors
    /// The database failed; [`DbError::Over`] when it is no longer waiting or played.
    pub async fn abort(&self, id: &str, by: u8, at: i64) -> Result<(), DbError> {
        let done = sqlx::query(
            "UPDATE games SET status = 'aborted', ended_by = $1, ended_ms = $2 \
             WHERE id = $3 AND status IN ('waiting', 'playing')",
        )
        .bind(i64::from(by))
        .bind(at)
        .bind(id)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() != 1 {
            return Err(DbError::Over);
        }
        Ok(())
    }

    /// Moves after ply `keep` are taken back, only while the game is played (one that ended,
    /// on another server or by its clock, keeps its moves); the turn of the seat to move then
    /// begins at `at`.
    ///
    /// # Errors
    /// The database failed; [`DbError::Over`] when the game is no longer played.
    pub async fn take_back(&self, id: &str, keep: u32, at: i64) -> Result<(), DbError> {
        let mut tx = self.pool.begin().await?;
        let playing =
            sqlx::query("UPDATE games SET turn_ms = $1 WHERE id = $2 AND status = 'playing'")
                .bind(at)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        if playing.rows_affected() != 1 {
            return Err(DbError::Over);
        }
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply > $2")
            .bind(id)
            .bind(i64::from(keep))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Open games waiting for players, newest first (at most `limit`), with their seats: one
    /// query, the games joined with their seats.
    ///
    /// # Errors
    /// The database failed.
    pub async fn lobby(&self, limit: i64) -> Result<Vec<LobbyRow>, DbError> {
        // with each account's rating for the game id and speed, where it has one
        let sql = format!(
            "SELECT {GAME_COLUMNS}, seat, token_hash, name, taken, seats.account_id AS account_id, \
             r.rating AS seat_rating, r.deviation AS seat_deviation, r.volatility AS seat_volatility, \
             r.games AS seat_games FROM \
             (SELECT {GAME_COLUMNS}, game AS of_game, speed AS of_speed FROM games \
             WHERE status = 'waiting' AND open_lobby = 1 ORDER BY created_ms DESC, id LIMIT $1) g \
             JOIN seats ON seats.game_id = g.id \
             LEFT JOIN ratings r ON r.account_id = seats.account_id AND r.game = g.of_game AND r.speed = g.of_speed \
             ORDER BY created_ms DESC, id, seat"
        );
        let rows = sqlx::query(&sql).bind(limit).fetch_all(&self.pool).await?;
        let mut out: Vec<LobbyRow> = Vec::new();
        for r in &rows {
            let seat = seat_row(r)?;
            let rating = match r.try_get::<Option<f64>, _>("seat_rating")? {
                Some(rating) => Some(Rating {
                    rating,
                    deviation: r.try_get("seat_deviation")?,
                    volatility: r.try_get("seat_volatility")?,
                    games: r.try_get("seat_games")?,
                }),
                None => None,
            };
            let id: String = r.try_get("id")?;
            match out.last_mut() {
                Some(last) if last.game.id == id => {
                    last.seats.push(seat);
                    last.ratings.push(rating);
                }
                _ => out.push(LobbyRow {
                    game: game_row(r)?,
                    seats: vec![seat],
                    ratings: vec![rating],
                }),
            }
        }
        Ok(out)
    }

    /// Games still waiting for players that were created before `before` expire; their ids.
    ///
    /// # Errors
    /// The database failed.
    pub async fn expire(&self, before: i64) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query(
            "UPDATE games SET status = 'expired' WHERE status = 'waiting' AND created_ms < $1 RETURNING id",
        )
        .bind(before)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("id").map_err(DbError::from))
            .collect()
    }
}

/// A passkey as the database keeps it.
#[derive(Clone, Debug)]
pub struct PasskeyRow {
    /// The credential's id (base64url).
    pub id: String,
    /// webauthn-rs' `Passkey`, JSON.
    pub passkey: String,
    /// When it was registered (ms).
    pub created_ms: i64,
    /// When it last signed in (ms).
    pub used_ms: Option<i64>,
}

/// An account as the database keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    /// Its id (hex).
    pub id: String,
    /// Its name as written.
    pub name: String,
    /// The password's argon2id hash (PHC string).
    pub password_hash: String,
    /// When it was made (ms).
    pub created_ms: i64,
}

fn account_row(r: &AnyRow) -> Result<AccountRow, DbError> {
    Ok(AccountRow {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        password_hash: r.try_get("password_hash")?,
        created_ms: r.try_get("created_ms")?,
    })
}

impl Db {
    /// Store a new account; `false` when its name (folded to lower case, `name_key`) is taken.
    ///
    /// # Errors
    /// The database failed.
    pub async fn create_account(
        &self,
        account: &AccountRow,
        name_key: &str,
        at: i64,
    ) -> Result<bool, DbError> {
        let done = sqlx::query(
            "INSERT INTO accounts (id, name, name_key, password_hash, created_ms) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&account.id)
        .bind(&account.name)
        .bind(name_key)
        .bind(&account.password_hash)
        .bind(at)
        .execute(&self.pool)
        .await;
        match done.map_err(DbError::from) {
            Ok(_) => Ok(true),
            Err(e) if e.is_duplicate() => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The account of a name (folded to lower case), if any.
    ///
    /// # Errors
    /// The database failed.
    pub async fn account_named(&self, name_key: &str) -> Result<Option<AccountRow>, DbError> {
        let row = sqlx::query(
            "SELECT id, name, password_hash, created_ms FROM accounts WHERE name_key = $1",
        )
        .bind(name_key)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(account_row).transpose()
    }

    /// Store a session of an account (its token's hash).
    ///
    /// # Errors
    /// The database failed.
    pub async fn create_session(
        &self,
        token_hash: &str,
        account_id: &str,
        at: i64,
    ) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO sessions (token_hash, account_id, created_ms, last_ms) VALUES ($1, $2, $3, $3)",
        )
        .bind(token_hash)
        .bind(account_id)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The account of a session used since `since` (its last use set to `at`), if any.
    ///
    /// # Errors
    /// The database failed.
    pub async fn session_account(
        &self,
        token_hash: &str,
        since: i64,
        at: i64,
    ) -> Result<Option<AccountRow>, DbError> {
        let row = sqlx::query(
            "UPDATE sessions SET last_ms = $1 WHERE token_hash = $2 AND last_ms >= $3 RETURNING account_id",
        )
        .bind(at)
        .bind(token_hash)
        .bind(since)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let id: String = row.try_get("account_id")?;
        let row =
            sqlx::query("SELECT id, name, password_hash, created_ms FROM accounts WHERE id = $1")
                .bind(&id)
                .fetch_optional(&self.pool)
                .await?;
        row.as_ref().map(account_row).transpose()
    }

    /// End a session.
    ///
    /// # Errors
    /// The database failed.
    pub async fn delete_session(&self, token_hash: &str) -> Result<(), DbError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Set an account's password hash, ending its sessions but `keep` (a token's hash).
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_password(
        &self,
        account_id: &str,
        password_hash: &str,
        keep: &str,
    ) -> Result<(), DbError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2")
            .bind(account_id)
            .bind(keep)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Remove an account and its sessions.
    ///
    /// # Errors
    /// The database failed.
    pub async fn delete_account(&self, account_id: &str) -> Result<(), DbError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM sessions WHERE account_id = $1")
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        // its games stay, anonymised: the seats lose the account and its name
        sqlx::query("UPDATE seats SET account_id = NULL, name = '' WHERE account_id = $1")
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM passkeys WHERE account_id = $1")
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM passkey_ceremonies WHERE account_id = $1")
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM rating_changes WHERE account_id = $1")
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM ratings WHERE account_id = $1")
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM accounts WHERE id = $1")
            .bind(account_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// An account's passkeys, oldest first.
    ///
    /// # Errors
    /// The database failed.
    pub async fn passkeys(&self, account_id: &str) -> Result<Vec<PasskeyRow>, DbError> {
        let rows = sqlx::query(
            "SELECT id, passkey, created_ms, used_ms FROM passkeys WHERE account_id = $1 \
             ORDER BY created_ms, id",
        )
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(PasskeyRow {
                    id: r.try_get("id")?,
                    passkey: r.try_get("passkey")?,
                    created_ms: r.try_get("created_ms")?,
                    used_ms: r.try_get("used_ms")?,
                })
            })
            .collect()
    }

    /// Keep a new passkey of an account: `false` when its credential is kept already (for any
    /// account).
    ///
    /// # Errors
    /// The database failed.
    pub async fn add_passkey(
        &self,
        account_id: &str,
        id: &str,
        passkey: &str,
        now: i64,
    ) -> Result<bool, DbError> {
        let done = sqlx::query(
            "INSERT INTO passkeys (id, account_id, passkey, created_ms) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(id)
        .bind(account_id)
        .bind(passkey)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// A passkey was used to sign in: its state (counter) and the time.
    ///
    /// # Errors
    /// The database failed.
    pub async fn used_passkey(&self, id: &str, passkey: &str, now: i64) -> Result<(), DbError> {
        sqlx::query("UPDATE passkeys SET passkey = $1, used_ms = $2 WHERE id = $3")
            .bind(passkey)
            .bind(now)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Remove an account's passkey: `false` when it has none of that id.
    ///
    /// # Errors
    /// The database failed.
    pub async fn delete_passkey(&self, account_id: &str, id: &str) -> Result<bool, DbError> {
        let done = sqlx::query("DELETE FROM passkeys WHERE id = $1 AND account_id = $2")
            .bind(id)
            .bind(account_id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Keep a ceremony's state until it finishes (older ones than `before` go).
    ///
    /// # Errors
    /// The database failed.
    pub async fn begin_ceremony(
        &self,
        id: &str,
        account_id: &str,
        kind: &str,
        state: &str,
        now: i64,
        before: i64,
    ) -> Result<(), DbError> {
        sqlx::query("DELETE FROM passkey_ceremonies WHERE created_ms < $1")
            .bind(before)
            .execute(&self.pool)
            .await?;
        sqlx::query(
            "INSERT INTO passkey_ceremonies (id, account_id, kind, state, created_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(account_id)
        .bind(kind)
        .bind(state)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Take a ceremony of `kind` begun at `since` or later (once: it is removed): its account
    /// and state.
    ///
    /// # Errors
    /// The database failed.
    pub async fn take_ceremony(
        &self,
        id: &str,
        kind: &str,
        since: i64,
    ) -> Result<Option<(String, String)>, DbError> {
        let row = sqlx::query(
            "DELETE FROM passkey_ceremonies WHERE id = $1 AND kind = $2 AND created_ms >= $3 \
             RETURNING account_id, state",
        )
        .bind(id)
        .bind(kind)
        .bind(since)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| Ok((r.try_get("account_id")?, r.try_get("state")?)))
            .transpose()
    }

    /// The account of an id, if any.
    ///
    /// # Errors
    /// The database failed.
    pub async fn account(&self, id: &str) -> Result<Option<AccountRow>, DbError> {
        let row =
            sqlx::query("SELECT id, name, password_hash, created_ms FROM accounts WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        row.as_ref().map(account_row).transpose()
    }

    /// An account's ratings: (game id, speed, rating), by game id and speed.
    ///
    /// # Errors
    /// The database failed.
    pub async fn ratings(
        &self,
        account_id: &str,
    ) -> Result<Vec<(String, String, Rating)>, DbError> {
        let rows = sqlx::query(
            "SELECT game, speed, rating, deviation, volatility, games FROM ratings \
             WHERE account_id = $1 ORDER BY game, speed",
        )
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get("game")?,
                    r.try_get("speed")?,
                    Rating {
                        rating: r.try_get("rating")?,
                        deviation: r.try_get("deviation")?,
                        volatility: r.try_get("volatility")?,
                        games: r.try_get("games")?,
                    },
                ))
            })
            .collect()
    }

    /// An account's rating for a game id and speed, if it has one.
    ///
    /// # Errors
    /// The database failed.
    pub async fn rating(
        &self,
        account_id: &str,
        game: &str,
        speed: &str,
    ) -> Result<Option<Rating>, DbError> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games FROM ratings \
             WHERE account_id = $1 AND game = $2 AND speed = $3",
        )
        .bind(account_id)
        .bind(game)
        .bind(speed)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok(Rating {
                rating: r.try_get("rating")?,
                deviation: r.try_get("deviation")?,
                volatility: r.try_get("volatility")?,
                games: r.try_get("games")?,
            })
        })
        .transpose()
    }

    /// An account's ratings after each of its rated games, oldest first: (game id, speed,
    /// ended, rating, online game id).
    ///
    /// # Errors
    /// The database failed.
    pub async fn rating_history(
        &self,
        account_id: &str,
    ) -> Result<Vec<(String, String, i64, f64, String)>, DbError> {
        let rows = sqlx::query(
            "SELECT game, speed, at_ms, rating, game_id FROM rating_changes \
             WHERE account_id = $1 ORDER BY at_ms, game_id",
        )
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get("game")?,
                    r.try_get("speed")?,
                    r.try_get("at_ms")?,
                    r.try_get("rating")?,
                    r.try_get("game_id")?,
                ))
            })
            .collect()
    }

    /// The games being played with a clock (their ids).
    ///
    /// # Errors
    /// The database failed.
    pub async fn playing_on_clock(&self) -> Result<Vec<String>, DbError> {
        let rows =
            sqlx::query("SELECT id FROM games WHERE status = 'playing' AND speed IS NOT NULL")
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("id").map_err(DbError::from))
            .collect()
    }

    /// The games an account holds a seat of that wait for players or are being played, newest
    /// first (at most `limit`), as stored.
    ///
    /// # Errors
    /// The database failed, or holds what the server never writes.
    pub async fn games_of(&self, account_id: &str, limit: i64) -> Result<Vec<Stored>, DbError> {
        let rows = sqlx::query(
            "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id \
             WHERE s.account_id = $1 AND g.status IN ('waiting', 'playing') \
             ORDER BY g.created_ms DESC, g.id LIMIT $2",
        )
        .bind(account_id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let id: String = r.try_get("id")?;
            if let Some(g) = self.load(&id).await? {
                out.push(g);
            }
        }
        Ok(out)
    }

    /// An account's finished games, newest first: page `page` of `per` (of game id `game`
    /// only, if given), with each game's end time; one more than `per` is read to tell whether
    /// more follow.
    ///
    /// # Errors
    /// The database failed, or holds what the server never writes.
    pub async fn finished_of(
        &self,
        account_id: &str,
        game: Option<&str>,
        page: i64,
        per: i64,
    ) -> Result<Vec<(Stored, i64)>, DbError> {
        let rows = sqlx::query(
            "SELECT g.id, g.ended_ms FROM games g JOIN seats s ON s.game_id = g.id \
             WHERE s.account_id = $1 AND g.status = 'finished' AND ($2 = '' OR g.game = $3) \
             ORDER BY g.ended_ms DESC, g.id LIMIT $4 OFFSET $5",
        )
        .bind(account_id)
        .bind(game.unwrap_or(""))
        .bind(game.unwrap_or(""))
        .bind(per + 1)
        .bind(page * per)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let id: String = r.try_get("id")?;
            let ended: Option<i64> = r.try_get("ended_ms")?;
            if let Some(g) = self.load(&id).await? {
                out.push((g, ended.unwrap_or_default()));
            }
        }
        Ok(out)
    }

    /// Players waiting in each pool, heard of since `since`: (pool, count).
    ///
    /// # Errors
    /// The database failed.
    pub async fn pool_counts(&self, since: i64) -> Result<Vec<(String, u32)>, DbError> {
        let rows = sqlx::query(
            "SELECT pool, COUNT(*) AS n FROM pool_entries \
             WHERE game_id IS NULL AND seen_ms >= $1 GROUP BY pool",
        )
        .bind(since)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let n: i64 = r.try_get("n")?;
                Ok((r.try_get("pool")?, u32::try_from(n).unwrap_or(u32::MAX)))
            })
            .collect()
    }

    /// An account waits in `pool` with `rating` (leaving any other pool it waited in; one
    /// already paired keeps its game while that game waits for its players). A pairing whose
    /// game has started or ended is done: the account waits afresh, though the sweep has not
    /// yet removed the old entry (a short game ends, and its players join again, well inside
    /// the sweep's period).
    ///
    /// # Errors
    /// The database failed.
    pub async fn pool_join(
        &self,
        account_id: &str,
        pool: &str,
        rating: f64,
        now: i64,
    ) -> Result<(), DbError> {
        sqlx::query(
            "INSERT INTO pool_entries (account_id, pool, rating, joined_ms, seen_ms) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id) DO UPDATE \
             SET pool = excluded.pool, rating = excluded.rating, joined_ms = excluded.joined_ms, \
             seen_ms = excluded.seen_ms, game_id = NULL, seat = NULL \
             WHERE pool_entries.game_id IS NULL OR NOT EXISTS \
             (SELECT 1 FROM games WHERE games.id = pool_entries.game_id AND games.status = 'waiting')",
        )
        .bind(account_id)
        .bind(pool)
        .bind(rating)
        .bind(now)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A waiting account is heard of at `now`: its pool and, once paired, its game and seat.
    ///
    /// # Errors
    /// The database failed, or holds a seat out of range.
    pub async fn pool_seen(
        &self,
        account_id: &str,
        now: i64,
    ) -> Result<Option<(String, Option<(String, u8)>)>, DbError> {
        let row = sqlx::query(
            "UPDATE pool_entries SET seen_ms = $1 WHERE account_id = $2 RETURNING pool, game_id, seat",
        )
        .bind(now)
        .bind(account_id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(r) = row else {
            return Ok(None);
        };
        let game: Option<String> = r.try_get("game_id")?;
        let seat: Option<i64> = r.try_get("seat")?;
        let paired = match (game, seat) {
            (Some(g), Some(s)) => {
                let s = u8::try_from(s).map_err(|_| corrupt(&g, format!("pool seat {s}")))?;
                Some((g, s))
            }
            _ => None,
        };
        Ok(Some((r.try_get("pool")?, paired)))
    }

    /// An account stops waiting (one already paired keeps its game).
    ///
    /// # Errors
    /// The database failed.
    pub async fn pool_leave(&self, account_id: &str) -> Result<(), DbError> {
        sqlx::query("DELETE FROM pool_entries WHERE account_id = $1 AND game_id IS NULL")
            .bind(account_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Players unheard of since `before` leave the pools; paired ones whose game no longer
    /// waits are done.
    ///
    /// # Errors
    /// The database failed.
    pub async fn pool_sweep(&self, before: i64) -> Result<(), DbError> {
        sqlx::query(
            "DELETE FROM pool_entries WHERE (game_id IS NULL AND seen_ms < $1) \
             OR (game_id IS NOT NULL AND game_id NOT IN (SELECT id FROM games WHERE status = 'waiting'))",
        )
        .bind(before)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Pair the players waiting in `pool` (heard of lately) into new rated games, in one
    /// transaction; how many games were made. See [`crate::pairing`].
    ///
    /// # Errors
    /// The database failed (nothing paired).
    pub async fn pair(&self, pool: Pool, now: i64) -> Result<usize, DbError> {
        let mut tx = self.pool.begin().await?;
        // rows another server is pairing are skipped, not waited for
        let lock = match self.kind {
            Kind::Postgres => " FOR UPDATE OF e SKIP LOCKED",
            Kind::Sqlite => "",
        };
        let sql = format!(
            "SELECT a.id, a.name, e.rating, e.joined_ms \
             FROM pool_entries e JOIN accounts a ON a.id = e.account_id \
             WHERE e.pool = $1 AND e.game_id IS NULL AND e.seen_ms >= $2 ORDER BY e.joined_ms{lock}"
        );
        let rows = sqlx::query(&sql)
            .bind(pool.id)
            .bind(now - crate::pairing::UNHEARD_MS)
            .fetch_all(&mut *tx)
            .await?;
        let waiting = rows
            .iter()
            .map(|r| {
                Ok(Waiting {
                    account_id: r.try_get("id")?,
                    name: r.try_get("name")?,
                    rating: r.try_get("rating")?,
                    joined_ms: r.try_get("joined_ms")?,
                })
            })
            .collect::<Result<Vec<_>, DbError>>()?;
        let groups = crate::pairing::groups(&waiting, pool.players(), now);
        for group in &groups {
            let id = crate::token::new_id().map_err(DbError::Random)?;
            // the seats' order drawn from the id's random first byte
            let turn = usize::from(u8::from_str_radix(id.get(..2).unwrap_or("0"), 16).unwrap_or(0));
            let n = group.len();
            let mut seats = Vec::with_capacity(n);
            for s in 0..n {
                let w = &waiting[group[(s + turn) % n]];
                let t = crate::token::new_token().map_err(DbError::Random)?;
                seats.push(SeatRow {
                    token_hash: crate::token::hash(&t),
                    name: w.name.clone(),
                    taken: false,
                    account_id: Some(w.account_id.clone()),
                });
            }
            let game = GameRow {
                id: id.clone(),
                spec: NewGame {
                    start: koma_wire::GameStart {
                        clock: Some(pool.control()),
                        ..koma_wire::GameStart::new(pool.game())
                    },
                    open: false,
                    rated: true,
                    seat: None,
                    range: None,
                    challenge: Vec::new(),
                },
                status: GameStatus::Waiting,
                created_ms: now,
                started_ms: None,
                turn_ms: None,
                outcome: None,
                rematch: None,
            };
            create_in(&mut tx, &game, &seats).await?;
            for (s, seat) in seats.iter().enumerate() {
                let done = sqlx::query(
                    "UPDATE pool_entries SET game_id = $1, seat = $2 WHERE account_id = $3 AND game_id IS NULL",
                )
                .bind(&id)
                .bind(s as i64)
                .bind(seat.account_id.as_deref())
                .execute(&mut *tx)
                .await?;
                if done.rows_affected() != 1 {
                    // paired elsewhere meanwhile: nothing of this pairing is kept
                    return Err(DbError::Over);
                }
            }
        }
        tx.commit().await?;
        Ok(groups.len())
    }

    /// The rematch of finished game `old`: `new` (with `seats`) is stored as it unless the game
    /// has one already; the rematch's id either way.
    ///
    /// # Errors
    /// The database failed; [`DbError::Over`] when `old` is not finished.
    pub async fn rematch(
        &self,
        old: &str,
        new: &GameRow,
        seats: &[SeatRow],
    ) -> Result<String, DbError> {
        let mut tx = self.pool.begin().await?;
        let claimed = sqlx::query(
            "UPDATE games SET rematch = $1 WHERE id = $2 AND status = 'finished' AND rematch IS NULL",
        )
        .bind(&new.id)
        .bind(old)
        .execute(&mut *tx)
        .await?;
        if claimed.rows_affected() == 1 {
            create_in(&mut tx, new, seats).await?;
            tx.commit().await?;
            return Ok(new.id.clone());
        }
        tx.rollback().await?;
        let made: Option<Option<String>> =
            sqlx::query_scalar("SELECT rematch FROM games WHERE id = $1")
                .bind(old)
                .fetch_optional(&self.pool)
                .await?;
        made.flatten().ok_or(DbError::Over)
    }

    /// A seat not taken yet gets a new token: the seat of account `account_id`, or with none
    /// a seat held by a link alone; `false` when it is taken (or not so held).
    ///
    /// # Errors
    /// The database failed.
    pub async fn reissue(
        &self,
        game_id: &str,
        seat: u8,
        account_id: Option<&str>,
        token_hash: &str,
    ) -> Result<bool, DbError> {
        let done = sqlx::query(
            "UPDATE seats SET token_hash = $1 WHERE game_id = $2 AND seat = $3 AND taken = 0 \
             AND (account_id = $4 OR (account_id IS NULL AND $5 = 0))",
        )
        .bind(token_hash)
        .bind(game_id)
        .bind(i64::from(seat))
        .bind(account_id)
        .bind(i64::from(account_id.is_some()))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// End every session of an account; how many there were.
    ///
    /// # Errors
    /// The database failed.
    pub async fn delete_sessions(&self, account_id: &str) -> Result<u64, DbError> {
        let done = sqlx::query("DELETE FROM sessions WHERE account_id = $1")
            .bind(account_id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }
}

/// Binds a move's fields (`$2` to `$6`: ply, text, seat, time, clocks) after its game's id.
fn bind_move<'q>(
    q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    m: &'q MoveRow,
    clock: Option<String>,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    q.bind(i64::from(m.ply))
        .bind(&m.mv)
        .bind(i64::from(m.seat))
        .bind(m.at_ms)
        .bind(clock)
}

/// Stores a new game with its seats in transaction `tx`.
async fn create_in(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game: &GameRow,
    seats: &[SeatRow],
) -> Result<(), DbError> {
    let spec = serde_json::to_string(&game.spec).unwrap_or_default();
    let speed = game.spec.start.clock.map(|c| Speed::of(&c).id());
    sqlx::query(
        "INSERT INTO games (id, spec, open_lobby, status, created_ms, game, speed, rated) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&game.id)
    .bind(spec)
    .bind(i64::from(game.spec.open))
    .bind(status_id(game.status))
    .bind(game.created_ms)
    .bind(game.spec.start.id.as_str())
    .bind(speed)
    .bind(i64::from(game.spec.rated))
    .execute(&mut **tx)
    .await?;
    for (i, s) in seats.iter().enumerate() {
        sqlx::query(
            "INSERT INTO seats (game_id, seat, token_hash, name, taken, account_id) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&game.id)
        .bind(i as i64)
        .bind(&s.token_hash)
        .bind(&s.name)
        .bind(i64::from(s.taken))
        .bind(s.account_id.as_deref())
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

async fn finish_in(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    kind: Kind,
    id: &str,
    outcome: &OutcomeView,
    at: i64,
) -> Result<(), DbError> {
    // one end a game: the first server to store it decides (a flag seen by two at once)
    let done = sqlx::query(
        "UPDATE games SET status = 'finished', winner = $1, reason = $2, ended_by = $3, ended_ms = $4 \
         WHERE id = $5 AND status = 'playing' RETURNING rated, game, speed",
    )
    .bind(outcome.winner.map(i64::from))
    .bind(outcome.reason.id())
    .bind(outcome.by.map(i64::from))
    .bind(at)
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some(row) = done else {
        return Err(DbError::Over);
    };
    let rated: i64 = row.try_get("rated")?;
    let game: Option<String> = row.try_get("game")?;
    let speed: Option<String> = row.try_get("speed")?;
    if let (1, Some(game), Some(speed)) = (rated, game, speed) {
        rate_in(tx, kind, id, &game, &speed, outcome.winner, at).await?;
    }
    Ok(())
}

/// A rated game's end changes its players' ratings, in the transaction that stores the end
/// (so exactly once, whichever server ends it).
async fn rate_in(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    kind: Kind,
    id: &str,
    game: &str,
    speed: &str,
    winner: Option<u8>,
    at: i64,
) -> Result<(), DbError> {
    let rows = sqlx::query("SELECT account_id FROM seats WHERE game_id = $1 ORDER BY seat")
        .bind(id)
        .fetch_all(&mut **tx)
        .await?;
    let mut accounts = Vec::with_capacity(rows.len());
    for r in &rows {
        match r.try_get::<Option<String>, _>("account_id")? {
            Some(a) => accounts.push(a),
            // an account deleted during the game: nobody's rating changes
            None => return Ok(()),
        }
    }
    // the rows are made if need be, then locked in one order (the accounts' ids), so that two
    // games ending at once for one player wait for each other rather than deadlock
    let mut order: Vec<&String> = accounts.iter().collect();
    order.sort();
    for a in &order {
        sqlx::query(
            "INSERT INTO ratings (account_id, game, speed, rating, deviation, volatility, games, updated_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, 0, $7) ON CONFLICT (account_id, game, speed) DO NOTHING",
        )
        .bind(a.as_str())
        .bind(game)
        .bind(speed)
        .bind(rating::START.rating)
        .bind(rating::START.deviation)
        .bind(rating::START.volatility)
        .bind(at)
        .execute(&mut **tx)
        .await?;
    }
    let lock = match kind {
        Kind::Postgres => " FOR UPDATE",
        Kind::Sqlite => "",
    };
    let sql = format!(
        "SELECT rating, deviation, volatility, games FROM ratings \
         WHERE account_id = $1 AND game = $2 AND speed = $3{lock}"
    );
    let mut before = Vec::with_capacity(accounts.len());
    for a in &order {
        let r = sqlx::query(&sql)
            .bind(a.as_str())
            .bind(game)
            .bind(speed)
            .fetch_one(&mut **tx)
            .await?;
        before.push((
            *a,
            Rating {
                rating: r.try_get("rating")?,
                deviation: r.try_get("deviation")?,
                volatility: r.try_get("volatility")?,
                games: r.try_get("games")?,
            },
        ));
    }
    let seated: Vec<Rating> = accounts
        .iter()
        .map(|a| {
            before
                .iter()
                .find(|(b, _)| *b == a)
                .map_or(rating::START, |(_, r)| *r)
        })
        .collect();
    let after = rating::after_game(&seated, &rating::ranks(accounts.len(), winner));
    for ((a, b), n) in accounts.iter().zip(&seated).zip(&after) {
        sqlx::query(
            "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, games = $4, updated_ms = $5 \
             WHERE account_id = $6 AND game = $7 AND speed = $8",
        )
        .bind(n.rating)
        .bind(n.deviation)
        .bind(n.volatility)
        .bind(n.games)
        .bind(at)
        .bind(a.as_str())
        .bind(game)
        .bind(speed)
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "INSERT INTO rating_changes (account_id, game_id, game, speed, at_ms, before_rating, rating, deviation) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(a.as_str())
        .bind(id)
        .bind(game)
        .bind(speed)
        .bind(at)
        .bind(b.rating)
        .bind(n.rating)
        .bind(n.deviation)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
