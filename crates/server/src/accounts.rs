//! Accounts and sessions (optional: playing by link needs neither).
//!
//! - `POST /api/accounts` `{"name", "password"}`: 201 with the session cookie; 409 when the name
//!   is taken (names are unique whatever their case); 400 naming the field. A name is 3 to 20
//!   characters, ASCII letters, digits, `_` and `-`, starting with a letter or a digit (shown as
//!   text only); a password 8 to 200 characters.
//! - `POST /api/session` `{"name", "password"}`: 200 with a new session cookie; 401 with the same
//!   answer for an unknown name and a wrong password (an unknown name is checked against a
//!   hash of its own, so that the time does not tell either); 429 past the limits: for a
//!   name 10 attempts, then one a minute; for an address 30, then one every 2 seconds.
//! - `DELETE /api/session`: that session ends (for every browser that holds its cookie); 204.
//!   `DELETE /api/sessions`: every session of the account ends (sign out everywhere); 204.
//! - `GET /api/me`: 401 without a live session; else `{"name", "ratings": {"<game id>":
//!   {"<speed>": {"rating", "rd", "provisional", "games"}}}}` (the ratings of rated games
//!   played, see [`crate::rating`]).
//! - `GET /api/players/<name>`: 404 for no such player; else `{"name", "created_ms",
//!   "ratings", "history": [{"game", "speed", "at_ms", "rating", "id"}]}` (each rated game's
//!   rating after it, oldest first).
//! - `POST /api/me/password` `{"password", "new_password"}`: 204; the account's other sessions
//!   end. `DELETE /api/me` `{"password"}`: 204; the account and its sessions are removed. Both
//!   ask the password again (403 `password: wrong`), and count as sign-in attempts for the
//!   limits.
//!
//! Passwords are hashed with argon2id ([`argon2`], RustCrypto's), 19 MiB of memory, 2 passes,
//! 1 lane (OWASP's first recommended setting), in the PHC string format with a salt from the
//! operating system; the hashing runs off the async threads, one hash a core at a time (a
//! burst of sign-ups waits its turn rather than holding 19 MiB a request). A session is a random token (128
//! bits) in the cookie `koma_session` (`HttpOnly`, `SameSite=Lax`, `Path=/`, and `Secure` when
//! the request came over HTTPS, as the proxy in front says with `X-Forwarded-Proto: https`);
//! the database keeps its SHA-256 only, and a session unused for 30 days has ended. Neither a
//! token nor a password is ever logged.

use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, OnceLock};

use argon2::password_hash::{Output, ParamsString, PasswordHash, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use koma_wire::{GameStatus, Me, MyGame, PlayedGame, PlayedGames, Player, RatingPoint, Ratings};
use serde::Deserialize;

use crate::App;
use crate::db::{AccountRow, DbError};
use crate::hub::now_ms;
use crate::rating;
use crate::referee::Referee;
use crate::reply::{body, error};
use crate::token;

/// The session cookie's name.
pub const COOKIE: &str = "koma_session";

/// How long a session lasts unused (ms): 30 days.
const SESSION_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// Sign-in attempts at once for one name (then one a minute), and for one address (then one
/// every 2 seconds).
const SIGN_IN_PER_NAME: u32 = 10;
const SIGN_IN_PER_ADDRESS: u32 = 30;

/// argon2id's memory (KiB), passes and lanes.
const ARGON2_MEMORY_KIB: u32 = 19 * 1024;
const ARGON2_PASSES: u32 = 2;
const ARGON2_LANES: u32 = 1;

/// The sign-in limits, per name (folded) and per address.
pub struct SignInLimits {
    by_name: DefaultKeyedRateLimiter<String>,
    by_address: DefaultKeyedRateLimiter<std::net::IpAddr>,
}

impl Default for SignInLimits {
    fn default() -> SignInLimits {
        let burst = |n: u32| NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN);
        SignInLimits {
            by_name: RateLimiter::keyed(
                Quota::per_minute(NonZeroU32::MIN).allow_burst(burst(SIGN_IN_PER_NAME)),
            ),
            by_address: RateLimiter::keyed(
                Quota::with_period(std::time::Duration::from_secs(2))
                    .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
                    .allow_burst(burst(SIGN_IN_PER_ADDRESS)),
            ),
        }
    }
}

impl SignInLimits {
    /// Counts one sign-in attempt for the name (folded) from the address: `false` past either
    /// limit.
    pub fn attempt(&self, name_key: &str, ip: std::net::IpAddr) -> bool {
        self.by_address.check_key(&ip).is_ok()
            && self.by_name.check_key(&name_key.to_string()).is_ok()
    }

    /// Forget the names and addresses that have not tried for a while.
    pub fn retain_recent(&self) {
        self.by_name.retain_recent();
        self.by_address.retain_recent();
    }
}

/// A name and a password, as both routes take them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

/// `POST /api/me/password`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPassword {
    password: String,
    new_password: String,
}

/// `DELETE /api/me`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Password {
    password: String,
}

fn argon2() -> Argon2<'static> {
    let params = Params::new(ARGON2_MEMORY_KIB, ARGON2_PASSES, ARGON2_LANES, None)
        .unwrap_or_else(|_| Params::default());
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Why a name cannot be an account's, or `None`.
fn bad_name(name: &str) -> Option<&'static str> {
    let n = name.chars().count();
    if !(3..=20).contains(&n) {
        return Some("name: 3 to 20 characters");
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Some("name: letters, digits, _ and - only");
    }
    if !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return Some("name: starts with a letter or a digit");
    }
    None
}

/// Why a password cannot be one, or `None`.
fn bad_password(password: &str) -> Option<&'static str> {
    let n = password.chars().count();
    if n < 8 {
        return Some("password: 8 characters at least");
    }
    if n > 200 {
        return Some("password: 200 characters at most");
    }
    None
}

/// Hashes at once: one a core. Each works in 19 MiB, so a burst of sign-ups (or of wrong
/// passwords) queues here rather than holding a thread and its memory apiece.
fn hashing() -> &'static tokio::sync::Semaphore {
    static HASHING: OnceLock<tokio::sync::Semaphore> = OnceLock::new();
    HASHING.get_or_init(|| {
        tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, usize::from))
    })
}

/// The memory the hashes work in, kept for the next (one a hash at once, so at most one a
/// core): the allocator is not asked for 19 MiB a sign-in, and does not keep what it gave.
static MEMORY: std::sync::Mutex<Vec<Vec<Block>>> = std::sync::Mutex::new(Vec::new());

/// argon2id's raw output for `password` and `salt` under this server's parameters, worked out
/// in kept memory.
fn raw_hash(password: &[u8], salt: &[u8]) -> Option<[u8; 32]> {
    let a = argon2();
    let mut blocks = MEMORY
        .lock()
        .ok()
        .and_then(|mut m| m.pop())
        .unwrap_or_else(|| vec![Block::default(); a.params().block_count()]);
    let mut out = [0u8; 32];
    let done = a.hash_password_into_with_memory(password, salt, &mut out, &mut blocks);
    if let Ok(mut m) = MEMORY.lock() {
        m.push(blocks);
    }
    done.ok().map(|()| out)
}

/// The password's argon2id hash (PHC string) with a salt of 16 random bytes, made off the
/// async threads; `None` when the system gave no random bits.
async fn hash_password(password: String) -> Option<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    let _turn = hashing().acquire().await.ok()?;
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::encode_b64(&bytes).ok()?;
        let out = raw_hash(password.as_bytes(), &bytes)?;
        let a = argon2();
        let phc = PasswordHash {
            algorithm: Algorithm::Argon2id.ident(),
            version: Some(Version::V0x13.into()),
            params: ParamsString::try_from(a.params()).ok()?,
            salt: Some(salt.as_salt()),
            hash: Some(Output::new(&out).ok()?),
        };
        Some(phc.to_string())
    })
    .await
    .ok()?
}

/// Whether `password` matches `hash`, checked off the async threads (in kept memory when the
/// hash has this server's parameters, as every hash it made has).
async fn verify(password: String, hash: String) -> bool {
    let Ok(_turn) = hashing().acquire().await else {
        return false;
    };
    tokio::task::spawn_blocking(move || {
        let Ok(h) = PasswordHash::new(&hash) else {
            return false;
        };
        let ours = h.algorithm == Algorithm::Argon2id.ident()
            && Params::try_from(&h).is_ok_and(|p| p == *argon2().params());
        match (ours, h.salt, h.hash) {
            (true, Some(salt), Some(stored)) => {
                let mut buf = [0u8; 64];
                salt.decode_b64(&mut buf)
                    .ok()
                    .and_then(|salt| raw_hash(password.as_bytes(), salt))
                    .and_then(|out| Output::new(&out).ok())
                    // Output's comparison takes the same time wherever the bytes differ
                    .is_some_and(|out| out == stored)
            }
            _ => argon2().verify_password(password.as_bytes(), &h).is_ok(),
        }
    })
    .await
    .unwrap_or(false)
}

/// A hash no password matches, checked for an unknown name (the answer takes as long).
async fn decoy() -> String {
    static DECOY: OnceLock<String> = OnceLock::new();
    if let Some(h) = DECOY.get() {
        return h.clone();
    }
    let mut bytes = [0u8; 32];
    let _ = getrandom::fill(&mut bytes);
    let made = hash_password(token::hex(&bytes)).await.unwrap_or_default();
    DECOY.get_or_init(|| made).clone()
}

pub fn db_error(e: DbError) -> Response {
    metrics::counter!(crate::ops::DATABASE_ERRORS).increment(1);
    tracing::error!(error = %e, "account request failed");
    error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
}

/// Whether the request came over HTTPS (the proxy in front says so).
fn over_https(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("https"))
}

/// The `Set-Cookie` of a session (`None`: the cookie removed).
fn cookie(token: Option<&str>, headers: &HeaderMap) -> HeaderValue {
    let secure = if over_https(headers) { "; Secure" } else { "" };
    let text = match token {
        Some(t) => format!(
            "{COOKIE}={t}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{secure}",
            SESSION_MS / 1000
        ),
        None => format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"),
    };
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The session token the request's cookie holds, if any.
fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.to_string())
        .filter(|t| token::is_token(t))
}

/// A new session of `account`: the answer with its cookie.
pub(crate) async fn start_session(
    app: &App,
    account_id: &str,
    headers: &HeaderMap,
    status: StatusCode,
    name: &str,
) -> Response {
    let Ok(t) = token::new_token() else {
        return error(StatusCode::INTERNAL_SERVER_ERROR, "no random bits");
    };
    if let Err(e) = app
        .hub
        .db()
        .create_session(&token::hash(&t), account_id, now_ms())
        .await
    {
        return db_error(e);
    }
    (
        status,
        [(header::SET_COOKIE, cookie(Some(&t), headers))],
        Json(serde_json::json!({ "name": name })),
    )
        .into_response()
}

/// The account of the request's session, if it is live.
pub async fn signed_in(app: &App, headers: &HeaderMap) -> Result<Option<AccountRow>, DbError> {
    let Some(t) = session_token(headers) else {
        return Ok(None);
    };
    let now = now_ms();
    app.hub
        .db()
        .session_account(&token::hash(&t), now - SESSION_MS, now)
        .await
}

/// `POST /api/accounts`.
pub async fn create(State(app): State<Arc<App>>, headers: HeaderMap, bytes: Bytes) -> Response {
    let c: Credentials = match body(&bytes) {
        Ok(c) => c,
        Err(r) => return r,
    };
    if let Some(why) = bad_name(&c.name).or_else(|| bad_password(&c.password)) {
        return error(StatusCode::BAD_REQUEST, why);
    }
    let Ok(id) = token::new_id() else {
        return error(StatusCode::INTERNAL_SERVER_ERROR, "no random bits");
    };
    let Some(password_hash) = hash_password(c.password).await else {
        return error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the password could not be hashed",
        );
    };
    let account = AccountRow {
        id,
        name: c.name,
        password_hash,
        created_ms: now_ms(),
    };
    let key = account.name.to_ascii_lowercase();
    match app
        .hub
        .db()
        .create_account(&account, &key, account.created_ms)
        .await
    {
        Ok(true) => {
            tracing::info!(account = %account.id, "account created");
            start_session(
                &app,
                &account.id,
                &headers,
                StatusCode::CREATED,
                &account.name,
            )
            .await
        }
        Ok(false) => error(StatusCode::CONFLICT, "name: taken"),
        Err(e) => db_error(e),
    }
}

/// `POST /api/session`.
pub async fn sign_in(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    let c: Credentials = match body(&bytes) {
        Ok(c) => c,
        Err(r) => return r,
    };
    let key = c.name.to_ascii_lowercase();
    let limits = &app.sign_in;
    if limits.by_address.check_key(&addr.ip()).is_err() || limits.by_name.check_key(&key).is_err() {
        return error(
            StatusCode::TOO_MANY_REQUESTS,
            "too many sign-in attempts: wait a minute",
        );
    }
    let account = if bad_name(&c.name).is_none() {
        match app.hub.db().account_named(&key).await {
            Ok(a) => a,
            Err(e) => return db_error(e),
        }
    } else {
        None
    };
    let hash = match &account {
        Some(a) => a.password_hash.clone(),
        None => decoy().await,
    };
    let right = verify(c.password, hash).await;
    match account {
        Some(a) if right => start_session(&app, &a.id, &headers, StatusCode::OK, &a.name).await,
        _ => error(StatusCode::UNAUTHORIZED, "wrong name or password"),
    }
}

/// `DELETE /api/session`.
pub async fn sign_out(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    if let Some(t) = session_token(&headers)
        && let Err(e) = app.hub.db().delete_session(&token::hash(&t)).await
    {
        return db_error(e);
    }
    (
        StatusCode::NO_CONTENT,
        [(header::SET_COOKIE, cookie(None, &headers))],
    )
        .into_response()
}

/// `DELETE /api/sessions`: every session of the signed-in account.
pub async fn sign_out_everywhere(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let account = match signed_in(&app, &headers).await {
        Ok(Some(a)) => a,
        Ok(None) => return error(StatusCode::UNAUTHORIZED, "not signed in"),
        Err(e) => return db_error(e),
    };
    if let Err(e) = app.hub.db().delete_sessions(&account.id).await {
        return db_error(e);
    }
    (
        StatusCode::NO_CONTENT,
        [(header::SET_COOKIE, cookie(None, &headers))],
    )
        .into_response()
}

/// The signed-in account whose password is `password` (the limits counted as a sign-in's),
/// with its session's token hash; else the answer to give.
async fn confirmed(
    app: &App,
    addr: SocketAddr,
    headers: &HeaderMap,
    password: String,
) -> Result<(AccountRow, String), Box<Response>> {
    let account = match signed_in(app, headers).await {
        Ok(Some(a)) => a,
        Ok(None) => return Err(Box::new(error(StatusCode::UNAUTHORIZED, "not signed in"))),
        Err(e) => return Err(Box::new(db_error(e))),
    };
    let key = account.name.to_ascii_lowercase();
    let limits = &app.sign_in;
    if limits.by_address.check_key(&addr.ip()).is_err() || limits.by_name.check_key(&key).is_err() {
        return Err(Box::new(error(
            StatusCode::TOO_MANY_REQUESTS,
            "too many sign-in attempts: wait a minute",
        )));
    }
    if !verify(password, account.password_hash.clone()).await {
        return Err(Box::new(error(StatusCode::FORBIDDEN, "password: wrong")));
    }
    let t = session_token(headers).unwrap_or_default();
    Ok((account, token::hash(&t)))
}

/// `POST /api/me/password`.
pub async fn change_password(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    let p: NewPassword = match body(&bytes) {
        Ok(p) => p,
        Err(r) => return r,
    };
    if let Some(why) = bad_password(&p.new_password) {
        return error(
            StatusCode::BAD_REQUEST,
            why.replacen("password", "new_password", 1),
        );
    }
    let (account, keep) = match confirmed(&app, addr, &headers, p.password).await {
        Ok(a) => a,
        Err(r) => return *r,
    };
    let Some(hash) = hash_password(p.new_password).await else {
        return error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the password could not be hashed",
        );
    };
    match app.hub.db().set_password(&account.id, &hash, &keep).await {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => db_error(e),
    }
}

/// `DELETE /api/me`.
pub async fn delete(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    let p: Password = match body(&bytes) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let (account, _) = match confirmed(&app, addr, &headers, p.password).await {
        Ok(a) => a,
        Err(r) => return *r,
    };
    match app.hub.db().delete_account(&account.id).await {
        Ok(()) => {
            app.hub.forget_account(&account.id).await;
            tracing::info!(account = %account.id, "account deleted");
            (
                StatusCode::NO_CONTENT,
                [(header::SET_COOKIE, cookie(None, &headers))],
            )
                .into_response()
        }
        Err(e) => db_error(e),
    }
}

/// `GET /api/me`.
pub async fn me(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    match signed_in(&app, &headers).await {
        Ok(Some(a)) => match ratings(&app, &a.id).await {
            Ok(ratings) => Json(Me {
                name: a.name,
                ratings,
            })
            .into_response(),
            Err(e) => db_error(e),
        },
        Ok(None) => error(StatusCode::UNAUTHORIZED, "not signed in"),
        Err(e) => db_error(e),
    }
}

/// An account's ratings as the API shows them.
async fn ratings(app: &App, account_id: &str) -> Result<Ratings, DbError> {
    let mut out = Ratings::new();
    for (game, speed, r) in app.hub.db().ratings(account_id).await? {
        out.entry(game).or_default().insert(speed, rating::view(&r));
    }
    Ok(out)
}

/// `GET /api/me/games`: the signed-in player's games that wait or are being played, newest
/// first (at most 100), each with whether it is the player's move.
pub async fn my_games(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let me = match signed_in(&app, &headers).await {
        Ok(Some(a)) => a,
        Ok(None) => return error(StatusCode::UNAUTHORIZED, "not signed in"),
        Err(e) => return db_error(e),
    };
    let stored = match app.hub.db().games_of(&me.id, 100).await {
        Ok(s) => s,
        Err(e) => return db_error(e),
    };
    let mut games = Vec::with_capacity(stored.len());
    for s in stored {
        let Some(seat) = s
            .seats
            .iter()
            .position(|x| x.account_id.as_deref() == Some(me.id.as_str()))
        else {
            continue;
        };
        let names = s.seats.iter().map(|x| x.name.clone()).collect();
        let turn_ms = s.game.turn_ms.or(s.game.started_ms);
        let (id, spec, status) = (s.game.id.clone(), s.game.spec.clone(), s.game.status);
        let table = match Referee::from_stored(s) {
            Ok(t) => t,
            Err(e) => {
                tracing::error!(game = %id, error = %e, "a stored game does not replay");
                continue;
            }
        };
        games.push(MyGame {
            my_turn: status == GameStatus::Playing && usize::from(table.turn()) == seat,
            plies: table.plies(),
            seat: seat as u8,
            turn_ms: (status == GameStatus::Playing).then_some(turn_ms).flatten(),
            id,
            spec,
            status,
            names,
        });
    }
    Json(serde_json::json!({ "games": games })).into_response()
}

/// Finished games a page.
const GAMES_PER_PAGE: i64 = 20;

/// The query of `GET /api/players/<name>/games`.
#[derive(Deserialize)]
pub struct GamesQuery {
    game: Option<String>,
    page: Option<i64>,
}

/// `GET /api/players/<name>/games?game=<game id>&page=<n>`: a player's finished games held by
/// the account, newest first, 20 a page (from 0), with their moves (404 for no such player).
pub async fn player_games(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
    Query(q): Query<GamesQuery>,
) -> Response {
    let account = match named(&app, &name).await {
        Ok(a) => a,
        Err(r) => return *r,
    };
    let game = match q.game.as_deref().filter(|g| !g.is_empty()) {
        Some(g) => match g.parse::<koma_rules::GameId>() {
            Ok(id) => Some(id.as_str()),
            Err(_) => return error(StatusCode::BAD_REQUEST, format!("game: no game {g:?}")),
        },
        None => None,
    };
    let page = q.page.unwrap_or(0).clamp(0, 10_000);
    let rows = match app
        .hub
        .db()
        .finished_of(&account.id, game, page, GAMES_PER_PAGE)
        .await
    {
        Ok(r) => r,
        Err(e) => return db_error(e),
    };
    let more = rows.len() as i64 > GAMES_PER_PAGE;
    let games = rows
        .into_iter()
        .take(GAMES_PER_PAGE as usize)
        .filter_map(|(s, ended_ms)| {
            let seat = s
                .seats
                .iter()
                .position(|x| x.account_id.as_deref() == Some(account.id.as_str()))?;
            Some(PlayedGame {
                id: s.game.id,
                spec: s.game.spec,
                names: s.seats.iter().map(|x| x.name.clone()).collect(),
                seat: seat as u8,
                outcome: s.game.outcome?,
                ended_ms,
                moves: s.moves.into_iter().map(|m| m.mv).collect(),
            })
        })
        .collect();
    Json(PlayedGames { games, more }).into_response()
}

/// The account named `name` (any case), or the answer for none.
pub async fn named(app: &App, name: &str) -> Result<AccountRow, Box<Response>> {
    if bad_name(name).is_some() {
        return Err(Box::new(error(StatusCode::NOT_FOUND, "no such player")));
    }
    match app.hub.db().account_named(&name.to_ascii_lowercase()).await {
        Ok(Some(a)) => Ok(a),
        Ok(None) => Err(Box::new(error(StatusCode::NOT_FOUND, "no such player"))),
        Err(e) => Err(Box::new(db_error(e))),
    }
}

/// `GET /api/players/<name>`: a player's public profile (404 for no such player).
pub async fn player(State(app): State<Arc<App>>, Path(name): Path<String>) -> Response {
    let account = match named(&app, &name).await {
        Ok(a) => a,
        Err(r) => return *r,
    };
    let db = app.hub.db();
    let (ratings, history) = match (
        ratings(&app, &account.id).await,
        db.rating_history(&account.id).await,
    ) {
        (Ok(r), Ok(h)) => (r, h),
        (Err(e), _) | (_, Err(e)) => return db_error(e),
    };
    Json(Player {
        name: account.name,
        created_ms: account.created_ms,
        ratings,
        history: history
            .into_iter()
            .map(|(game, speed, at_ms, rating, id)| RatingPoint {
                game,
                speed,
                at_ms,
                rating: rating.round() as i64,
                id,
            })
            .collect(),
    })
    .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_made_in_kept_memory_are_argon2ids_own() {
        use argon2::password_hash::PasswordHasher;
        let ours = hash_password("correct horse".into()).await.unwrap();
        assert!(
            ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{ours}"
        );
        // the library's own check takes it
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(argon2().verify_password(b"correct horse", &parsed).is_ok());
        assert!(verify("correct horse".into(), ours.clone()).await);
        assert!(!verify("wrong horse".into(), ours).await);
        // and the library's own hash is checked alike
        let salt = SaltString::encode_b64(&[7u8; 16]).unwrap();
        let theirs = argon2()
            .hash_password(b"correct horse", &salt)
            .unwrap()
            .to_string();
        assert!(verify("correct horse".into(), theirs.clone()).await);
        assert!(!verify("wrong horse".into(), theirs).await);
        // a hash of other parameters is checked by the library's way
        let other = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(8192, 1, 1, None).unwrap(),
        )
        .hash_password(b"correct horse", &salt)
        .unwrap()
        .to_string();
        assert!(verify("correct horse".into(), other).await);
    }

    #[test]
    fn names_and_passwords_are_checked_and_named() {
        assert_eq!(bad_name("Hanako_9"), None);
        assert!(bad_name("ab").is_some_and(|w| w.starts_with("name:")));
        assert!(bad_name("a b c").is_some());
        assert!(bad_name("_lead").is_some());
        assert!(bad_name("名前です").is_some());
        assert_eq!(bad_password("correct horse"), None);
        assert!(bad_password("short").is_some_and(|w| w.starts_with("password:")));
    }

    #[test]
    fn the_cookie_is_http_only_lax_and_secure_over_https() {
        let mut h = HeaderMap::new();
        let c = cookie(Some("abc"), &h);
        let c = c.to_str().unwrap();
        assert!(c.contains("HttpOnly") && c.contains("SameSite=Lax") && !c.contains("Secure"));
        h.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        assert!(
            cookie(Some("abc"), &h)
                .to_str()
                .unwrap()
                .ends_with("; Secure")
        );
        let mut h = HeaderMap::new();
        let t = "0123456789abcdef0123456789abcdef";
        h.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("a=1; {COOKIE}={t}")).unwrap(),
        );
        assert_eq!(session_token(&h).as_deref(), Some(t));
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("koma_session=' OR 1=1"),
        );
        assert_eq!(session_token(&h), None);
    }

    #[test]
    fn a_hash_is_argon2id_with_the_parameters_named() {
        use argon2::password_hash::PasswordHasher;
        let salt = SaltString::encode_b64(&[7u8; 16]).unwrap();
        let h = argon2()
            .hash_password(b"correct horse", &salt)
            .unwrap()
            .to_string();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        let parsed = PasswordHash::new(&h).unwrap();
        assert!(argon2().verify_password(b"correct horse", &parsed).is_ok());
        assert!(argon2().verify_password(b"wrong horse", &parsed).is_err());
    }
}
