//! `koma-server`: online play. One process serves the built app (`dist/`) and the online API on
//! the same origin: games created by link, seats held by tokens, moves checked by `koma-rules`
//! (the referee), clocks kept and games ended by the server, everything stored in a database
//! (SQLite by default, PostgreSQL when asked) before anyone is told.
//!
//! - [`api`]: the HTTP API; [`socket`]: a game's WebSocket; [`accounts`]: accounts and
//!   sessions (optional);
//! - [`hub`]: the games being played, stored then told; [`referee`]: one game's referee;
//! - [`db`]: the database; [`token`]: seat tokens and game ids;
//! - [`relay`]: several servers on one PostgreSQL database, each told the others' changes;
//! - [`ops`]: metrics, logs, and the stop (SIGTERM: clients told to reconnect elsewhere).
//!
//! A request that changes something (`POST`, `PUT`, `PATCH`, `DELETE` under `/api/`) from a
//! browser page of another site is refused with 403: its `Origin` must be the server's own (or
//! one allowed with `--allow-origin`); a client that sends none (not a browser) is served.
//!
//! The messages are [`koma_wire`]'s, shared with the app.

pub mod accounts;
pub mod announce;
pub mod api;
pub mod db;
pub mod export;
pub mod hub;
pub mod ops;
pub mod pairing;
pub mod passkeys;
pub mod pools;
pub mod rating;
pub mod referee;
pub mod relay;
pub mod reply;
pub mod socket;
pub mod token;

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::routing::{any, delete, get, post};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::db::Db;
use crate::hub::Hub;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub listen: SocketAddr,
    /// The built app.
    pub dist: PathBuf,
    /// The database's URL.
    pub database_url: String,
    /// Games one address may create a minute.
    pub create_per_minute: u32,
    /// How long a game may wait for its players before it expires.
    pub expire_after: Duration,
    /// Origins besides the server's own that may open sockets.
    pub allowed_origins: Vec<String>,
    /// Messages a connection may send a second (twice that in a burst).
    pub message_rate: u32,
    /// How long the others wait for a player who left before they may claim the game.
    pub leave: Duration,
    /// The origin whose host passkeys belong to (any port of it).
    pub passkey_origin: url::Url,
}

/// What every handler shares.
pub struct App {
    /// The games.
    pub hub: Arc<Hub>,
    /// Game creation, per address.
    pub create_limit: DefaultKeyedRateLimiter<IpAddr>,
    /// Origins besides the server's own that may open sockets.
    pub allowed_origins: Vec<String>,
    /// Messages a connection may send a second.
    pub message_rate: NonZeroU32,
    /// The metrics' recorder (`/metrics`).
    pub metrics: Option<metrics_exporter_prometheus::PrometheusHandle>,
    /// The server's stop, and its open sockets.
    pub stop: ops::Stop,
    /// Sign-in attempts, per name and per address.
    pub sign_in: accounts::SignInLimits,
    /// The passkeys' relying party (none: this server offers no passkeys).
    pub passkeys: Option<webauthn_rs::Webauthn>,
}

/// Why the server cannot start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database.
    #[error(transparent)]
    Db(#[from] db::DbError),
    /// The address.
    #[error("cannot listen on {0}: {1}")]
    Listen(SocketAddr, std::io::Error),
    /// Serving failed.
    #[error("serving: {0}")]
    Serve(std::io::Error),
}

/// The routes: the API at `/api/`, the app everywhere else; the same again under `/koma/`
/// (the app uses relative addresses only, so it runs from a sub-path too).
pub fn router(app: Arc<App>, dist: &std::path::Path) -> Router {
    let api = Router::new()
        .route("/api/health", get(api::health))
        .route("/metrics", get(api::metrics))
        .route("/api/games", post(api::create))
        .route("/api/lobby", get(api::lobby))
        .route("/api/games/{id}/take", post(api::take))
        .route("/api/games/{id}/rematch", post(api::rematch))
        .route("/api/games/{id}/decline", post(api::decline))
        .route("/api/games/{id}/socket", get(socket::upgrade))
        .route("/api/accounts", post(accounts::create))
        .route(
            "/api/session",
            post(accounts::sign_in).delete(accounts::sign_out),
        )
        .route("/api/sessions", delete(accounts::sign_out_everywhere))
        .route("/api/me", get(accounts::me).delete(accounts::delete))
        .route("/api/me/password", post(accounts::change_password))
        .route("/api/me/games", get(accounts::my_games))
        .route("/api/me/passkeys/begin", post(passkeys::register_begin))
        .route(
            "/api/me/passkeys",
            get(passkeys::list).post(passkeys::register),
        )
        .route("/api/me/passkeys/{id}", delete(passkeys::remove))
        .route("/api/session/passkey/begin", post(passkeys::sign_in_begin))
        .route("/api/session/passkey", post(passkeys::sign_in))
        .route("/api/players/{name}", get(accounts::player))
        .route("/api/players/{name}/games", get(accounts::player_games))
        .route("/api/players/{name}/export", get(export::archive))
        .route("/api/pools", get(pools::list))
        .route(
            "/api/pools/{id}",
            get(pools::poll).post(pools::join).delete(pools::leave),
        )
        .route("/api/{*rest}", any(api::unknown))
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            api::same_site,
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .with_state(app);
    // the app's files are always asked again (the service worker keeps the app offline, and a
    // new build is seen at once); boards embed in pages of any origin
    let files = Router::new()
        .fallback_service(ServeDir::new(dist).fallback(ServeFile::new(dist.join("index.html"))))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        ));
    let site = api.merge(files);
    Router::new().nest("/koma", site.clone()).merge(site)
}

/// Open the database, listen, print `koma-server: listening on http://<address>/` and serve
/// until the process ends.
///
/// # Errors
/// [`StartError`].
pub async fn serve(config: Config) -> Result<(), StartError> {
    ops::logs();
    let db = Db::open(&config.database_url).await?;
    let kind = db.kind();
    let hub = Hub::new(
        db,
        i64::try_from(config.leave.as_millis()).unwrap_or(referee::LEAVE_MS),
    );
    let per_minute = NonZeroU32::new(config.create_per_minute.max(1)).unwrap_or(NonZeroU32::MIN);
    let app = Arc::new(App {
        hub: hub.clone(),
        create_limit: RateLimiter::keyed(Quota::per_minute(per_minute)),
        allowed_origins: config.allowed_origins.clone(),
        message_rate: NonZeroU32::new(config.message_rate).unwrap_or(NonZeroU32::MIN),
        metrics: ops::metrics(),
        stop: ops::Stop::on_signal(),
        sign_in: accounts::SignInLimits::default(),
        passkeys: match passkeys::relying_party(&config.passkey_origin) {
            Ok(w) => Some(w),
            Err(e) => {
                tracing::warn!(error = %e, "no passkeys");
                None
            }
        },
    });
    let stop = app.stop.clone();
    if !config.dist.join("index.html").exists() {
        tracing::warn!(
            dist = %config.dist.display(),
            "no index.html: build the app first (cargo xtask serve does)"
        );
    }
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| StartError::Listen(config.listen, e))?;
    let addr = listener
        .local_addr()
        .map_err(|e| StartError::Listen(config.listen, e))?;
    println!(
        "koma-server: listening on http://{addr}/ (database: {})",
        kind.id()
    );
    tokio::spawn(sweep(app.clone(), config.expire_after));
    if kind == db::Kind::Postgres {
        tokio::spawn(relay::run(hub.clone()));
    }
    let service = router(app, &config.dist).into_make_service_with_connect_info::<SocketAddr>();
    // on SIGTERM: no new connection, every socket told to reconnect (see `ops`), then out
    let stopping = stop.clone();
    axum::serve(listener, service)
        .with_graceful_shutdown(async move { stopping.stopping().await })
        .await
        .map_err(StartError::Serve)?;
    stop.drained().await;
    tracing::info!("stopped");
    Ok(())
}

/// Expires games that waited too long, ends the games on a clock whose seat to move ran out
/// (loaded or not), sweeps the pools, and forgets quiet addresses (and names) of the limits.
async fn sweep(app: Arc<App>, expire_after: Duration) {
    let every = (expire_after / 4).clamp(Duration::from_secs(1), Duration::from_secs(60));
    let mut tick = tokio::time::interval(every);
    loop {
        tick.tick().await;
        if let Err(e) = app.hub.expire(expire_after).await {
            tracing::warn!(error = %e, "cannot expire games");
        }
        if let Err(e) = app
            .hub
            .db()
            .pool_sweep(hub::now_ms() - pairing::UNHEARD_MS)
            .await
        {
            tracing::warn!(error = %e, "cannot sweep the pools");
        }
        // games on a clock end on time though nobody watches them (a correspondence game
        // waits days for its players; any game whose players all left ends too)
        match app.hub.db().playing_on_clock().await {
            Ok(ids) => {
                for id in ids {
                    if let Err(e) = app.hub.wake(&id).await {
                        tracing::warn!(game = %id, error = %e, "cannot look at the clock");
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "cannot list the games on a clock"),
        }
        app.create_limit.retain_recent();
        app.sign_in.retain_recent();
    }
}
