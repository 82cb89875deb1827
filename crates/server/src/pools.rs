//! Quick pairing: a few fixed pools a game id, each one clock; signed-in players wait in one and
//! are paired by rating into rated games.
//!
//! - `GET /api/pools`: the pools and how many wait in each.
//! - `POST /api/pools/<id>`: the signed-in player waits in the pool (leaving any other); the
//!   answer is the player's state, as `GET` gives it.
//! - `GET /api/pools/<id>`: the waiting player's word that it still waits (a player unheard of
//!   for 10 seconds leaves the pool), and its state: `{"pool", "waiting": n}` while it waits,
//!   `{"pool", "waiting": 0, "game", "link"}` once paired (the link to its seat, a fresh token
//!   each time it is asked while the game waits for its players); 404 when not in that pool.
//! - `DELETE /api/pools/<id>`: the player stops waiting (204).
//!
//! Decisions:
//! - Pairing runs whenever a waiting player asks, in one database transaction (on PostgreSQL
//!   the waiting rows are locked, skipping those another server is pairing), so two servers
//!   never pair one player twice: a row is paired only while it has no game.
//! - A pairing lasts while its game waits for its players (its link is given again on every
//!   word); once the game has started or ended, joining again is waiting afresh.
//! - Who is paired with whom: [`crate::pairing`].
//! - The game is rated, not listed in the lobby; its seats are held by the paired accounts in
//!   an order drawn from the new game's random id.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use koma_wire::{Pairing, PoolView};

use crate::App;
use crate::accounts::signed_in;
use crate::db::{AccountRow, DbError};
use crate::hub::now_ms;
use crate::pairing::{POOLS, Pool, UNHEARD_MS};
use crate::rating;
use crate::reply::error;

fn db_error(e: DbError) -> Response {
    metrics::counter!(crate::ops::DATABASE_ERRORS).increment(1);
    tracing::error!(error = %e, "pool request failed");
    error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
}

/// `GET /api/pools`.
pub async fn list(State(app): State<Arc<App>>) -> Response {
    let counts = match app.hub.db().pool_counts(now_ms() - UNHEARD_MS).await {
        Ok(c) => c,
        Err(e) => return db_error(e),
    };
    let pools: Vec<PoolView> = POOLS
        .iter()
        .map(|p| PoolView {
            id: p.id.to_string(),
            game: p.game(),
            clock: p.clock.to_string(),
            speed: p.speed().id().to_string(),
            players: p.players() as u8,
            waiting: counts
                .iter()
                .find(|(id, _)| id == p.id)
                .map_or(0, |(_, n)| *n),
        })
        .collect();
    Json(serde_json::json!({ "pools": pools })).into_response()
}

/// The signed-in account, or the answer for a request without one.
async fn account(app: &App, headers: &HeaderMap) -> Result<AccountRow, Box<Response>> {
    match signed_in(app, headers).await {
        Ok(Some(a)) => Ok(a),
        Ok(None) => Err(Box::new(error(
            StatusCode::UNAUTHORIZED,
            "sign in to play in the pools",
        ))),
        Err(e) => Err(Box::new(db_error(e))),
    }
}

/// The pool of the path, or a 404.
fn pool_of(id: &str) -> Result<Pool, Box<Response>> {
    Pool::get(id).ok_or_else(|| Box::new(error(StatusCode::NOT_FOUND, format!("no pool {id:?}"))))
}

/// `POST /api/pools/<id>`.
pub async fn join(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let (pool, me) = match (pool_of(&id), account(&app, &headers).await) {
        (Ok(p), Ok(a)) => (p, a),
        (Err(r), _) | (_, Err(r)) => return *r,
    };
    let db = app.hub.db();
    let rating = match db.ratings(&me.id).await {
        Ok(all) => all
            .into_iter()
            .find(|(g, s, _)| g == pool.game().as_str() && s == pool.speed().id())
            .map_or(rating::START.rating, |(_, _, r)| r.rating),
        Err(e) => return db_error(e),
    };
    if let Err(e) = db.pool_join(&me.id, pool.id, rating, now_ms()).await {
        return db_error(e);
    }
    state(&app, pool, &me).await
}

/// `GET /api/pools/<id>`.
pub async fn poll(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    match (pool_of(&id), account(&app, &headers).await) {
        (Ok(pool), Ok(me)) => state(&app, pool, &me).await,
        (Err(r), _) | (_, Err(r)) => *r,
    }
}

/// `DELETE /api/pools/<id>`.
pub async fn leave(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let me = match (pool_of(&id), account(&app, &headers).await) {
        (Ok(_), Ok(a)) => a,
        (Err(r), _) | (_, Err(r)) => return *r,
    };
    match app.hub.db().pool_leave(&me.id).await {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => db_error(e),
    }
}

/// The player's word that it waits: the pool paired if it can be, then the player's state.
async fn state(app: &App, pool: Pool, me: &AccountRow) -> Response {
    let db = app.hub.db();
    let now = now_ms();
    if let Err(e) = db.pair(pool, now).await {
        // another server's pairing may hold the rows: the next word pairs
        tracing::warn!(error = %e, pool = pool.id, "pairing failed");
    }
    let entry = match db.pool_seen(&me.id, now).await {
        Ok(e) => e,
        Err(e) => return db_error(e),
    };
    match entry {
        Some((p, Some((game, seat)))) if p == pool.id => {
            match app.hub.reissue(&game, seat, Some(&me.id)).await {
                // no link: the player has been to the game already (that browser keeps the
                // seat)
                Ok(link) => Json(Pairing {
                    pool: pool.id.to_string(),
                    waiting: 0,
                    link,
                    game: Some(game),
                })
                .into_response(),
                Err(e) => {
                    tracing::error!(error = %e, "cannot give a paired seat's link");
                    error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
                }
            }
        }
        Some((p, None)) if p == pool.id => match db.pool_counts(now - UNHEARD_MS).await {
            Ok(counts) => Json(Pairing {
                pool: pool.id.to_string(),
                waiting: counts
                    .iter()
                    .find(|(id, _)| id == pool.id)
                    .map_or(1, |(_, n)| *n),
                game: None,
                link: None,
            })
            .into_response(),
            Err(e) => db_error(e),
        },
        _ => error(StatusCode::NOT_FOUND, format!("not waiting in {}", pool.id)),
    }
}
