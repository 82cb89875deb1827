//! The HTTP API: `GET /api/health`, `POST /api/games`, `GET /api/lobby`,
//! `POST /api/games/<id>/take`, `POST /api/games/<id>/rematch`, `POST /api/games/<id>/decline`.
//! A seek is an open game (`"open": true`), rated with a rating range if its creator wants
//! one; a challenge is a game whose other seats are kept for the accounts it names. Bodies are
//! JSON ([`koma_wire`]); every refusal is an [`koma_wire::ApiError`] whose text names the field
//! or the game. Creating games is limited per address (`--create-per-minute`).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use koma_wire::{Health, Lobby, LobbyGame, NewGame, RematchAsk, TakeSeat};

use crate::App;
use crate::accounts::signed_in;
use crate::hub::HubError;
pub use crate::reply::{body, error};

/// The most games the lobby lists.
const LOBBY_LIMIT: i64 = 200;

fn hub_error(e: HubError) -> Response {
    let status = match &e {
        HubError::Bad(_) => StatusCode::BAD_REQUEST,
        HubError::NotFound(_) => StatusCode::NOT_FOUND,
        HubError::Conflict(_) => StatusCode::CONFLICT,
        HubError::SignIn(_) => StatusCode::UNAUTHORIZED,
        HubError::Db(_) | HubError::Random(_) => {
            metrics::counter!(crate::ops::DATABASE_ERRORS).increment(1);
            tracing::error!(error = %e, "request failed");
            StatusCode::INTERNAL_SERVER_ERROR
        }
    };
    error(status, e.to_string())
}

/// `GET /api/health`: 200 when the server and its database answer.
pub async fn health(State(app): State<Arc<App>>) -> Response {
    match app.hub.db().ping().await {
        Ok(()) => Json(Health {
            ok: true,
            database: app.hub.db().kind().id().to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
        })
        .into_response(),
        Err(e) => {
            metrics::counter!(crate::ops::DATABASE_ERRORS).increment(1);
            error(StatusCode::SERVICE_UNAVAILABLE, e.to_string())
        }
    }
}

/// `GET /metrics`: the server's metrics in Prometheus' text format ([`crate::ops`]).
pub async fn metrics(State(app): State<Arc<App>>) -> Response {
    let Some(handle) = &app.metrics else {
        return error(StatusCode::NOT_FOUND, "this process records no metrics");
    };
    metrics::gauge!(crate::ops::GAMES_IN_PROGRESS).set(app.hub.games_in_progress().await as f64);
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        handle.render(),
    )
        .into_response()
}

/// `POST /api/games`: a new game and its links.
pub async fn create(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    if app.create_limit.check_key(&addr.ip()).is_err() {
        return error(
            StatusCode::TOO_MANY_REQUESTS,
            "too many games created from this address: wait a minute",
        );
    }
    let spec: NewGame = match body(&bytes) {
        Ok(s) => s,
        Err(r) => return r,
    };
    // a rated game's or a challenge's creator holds a seat by the account
    let creator = if spec.rated || !spec.challenge.is_empty() {
        match signed_in(&app, &headers).await {
            Ok(a) => a,
            Err(e) => return hub_error(e.into()),
        }
    } else {
        None
    };
    match app.hub.create(spec, creator.as_ref()).await {
        Ok(created) => (StatusCode::CREATED, Json(created)).into_response(),
        Err(e) => hub_error(e),
    }
}

/// `GET /api/lobby`: open games waiting for players, newest first.
pub async fn lobby(State(app): State<Arc<App>>) -> Response {
    match app.hub.db().lobby(LOBBY_LIMIT).await {
        Ok(rows) => Json(Lobby {
            games: rows
                .into_iter()
                .map(|r| LobbyGame {
                    id: r.game.id,
                    spec: r.game.spec,
                    free: (0..r.seats.len() as u8)
                        .filter(|&i| {
                            let s = &r.seats[usize::from(i)];
                            !s.taken && s.account_id.is_none()
                        })
                        .collect(),
                    names: r.seats.into_iter().map(|s| s.name).collect(),
                    ratings: r
                        .ratings
                        .iter()
                        .map(|x| x.as_ref().map(crate::rating::view))
                        .collect(),
                    created_ms: r.game.created_ms,
                })
                .collect(),
        })
        .into_response(),
        Err(e) => hub_error(e.into()),
    }
}

/// `POST /api/games/<id>/take`: a free seat of an open game.
pub async fn take(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    if !crate::token::is_id(&id) {
        return error(StatusCode::NOT_FOUND, format!("no game {id:?}"));
    }
    let want: TakeSeat = match body(&bytes) {
        Ok(s) => s,
        Err(r) => return r,
    };
    let holder = match signed_in(&app, &headers).await {
        Ok(a) => a,
        Err(e) => return hub_error(e.into()),
    };
    match app.hub.take_seat(&id, want.seat, holder.as_ref()).await {
        Ok(taken) => Json(taken).into_response(),
        Err(e) => hub_error(e),
    }
}

/// `POST /api/games/<id>/rematch`: a player of the finished game asks for a rematch (see
/// [`crate::hub::Hub::rematch`]).
pub async fn rematch(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    if !crate::token::is_id(&id) {
        return error(StatusCode::NOT_FOUND, format!("no game {id:?}"));
    }
    let ask: RematchAsk = if bytes.is_empty() {
        RematchAsk::default()
    } else {
        match body(&bytes) {
            Ok(a) => a,
            Err(r) => return r,
        }
    };
    let account = match signed_in(&app, &headers).await {
        Ok(a) => a,
        Err(e) => return hub_error(e.into()),
    };
    match app
        .hub
        .rematch(&id, account.as_ref(), ask.token.as_deref())
        .await
    {
        Ok(r) => Json(r).into_response(),
        Err(e) => hub_error(e),
    }
}

/// `POST /api/games/<id>/decline`: the signed-in player declines a challenge, or calls off a
/// game whose seat its account holds before its own first move (401 signed out, 409 holding no
/// seat of it or too late).
pub async fn decline(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    if !crate::token::is_id(&id) {
        return error(StatusCode::NOT_FOUND, format!("no game {id:?}"));
    }
    let account = match signed_in(&app, &headers).await {
        Ok(Some(a)) => a,
        Ok(None) => return error(StatusCode::UNAUTHORIZED, "not signed in"),
        Err(e) => return hub_error(e.into()),
    };
    match app.hub.decline(&id, &account).await {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => hub_error(e),
    }
}

/// Refuses (403) a request that changes something when a browser sends it from a page of
/// another site (its `Origin` neither the server's own nor allowed): cross-site forgery.
pub async fn same_site(
    State(app): State<Arc<App>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let changes = !matches!(
        *request.method(),
        axum::http::Method::GET | axum::http::Method::HEAD | axum::http::Method::OPTIONS
    );
    if changes && !origin_allowed(request.headers(), &app.allowed_origins) {
        return error(
            StatusCode::FORBIDDEN,
            "a request from a page of another site is refused",
        );
    }
    next.run(request).await
}

/// Whether a request's `Origin` may act here: none (not a browser), the server's own (by its
/// `Host`), or one allowed with `--allow-origin`. The sockets and the changing requests ask it.
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    origin == format!("http://{host}")
        || origin == format!("https://{host}")
        || allowed.iter().any(|a| a == origin)
}

/// Any other `/api/` path.
pub async fn unknown() -> Response {
    error(StatusCode::NOT_FOUND, "no such API")
}
