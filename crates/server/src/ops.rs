//! Running the server among others: its metrics (`/metrics`, Prometheus' text format), its logs
//! (`tracing`, one line an event with the game's id as a field; a seat's token is never logged,
//! only its hash is ever stored), and its stop: on SIGTERM (or Ctrl-C) it takes no new connection,
//! tells every client to reconnect (a close frame with code 1012, "service restart": the app
//! reconnects at once, through the balancer to another server) and exits once its sockets are
//! closed, within [`DRAIN`].
//!
//! The metrics: [`OPEN_SOCKETS`] (gauge), [`GAMES_IN_PROGRESS`] (gauge: games being played that
//! this server holds), [`MOVES`] (counter: moves stored), [`MOVE_LATENCY`] (histogram, seconds
//! from a move's message to its broadcast: checked, stored, told), [`DATABASE_ERRORS`]
//! (counter).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tokio::sync::watch;

/// Open WebSockets.
pub const OPEN_SOCKETS: &str = "koma_open_sockets";
/// Games being played that this server holds.
pub const GAMES_IN_PROGRESS: &str = "koma_games_in_progress";
/// Moves stored.
pub const MOVES: &str = "koma_moves_total";
/// From a move's message to its broadcast, in seconds.
pub const MOVE_LATENCY: &str = "koma_move_latency_seconds";
/// Database failures.
pub const DATABASE_ERRORS: &str = "koma_database_errors_total";

/// The longest a stopping server waits for its sockets to close.
pub const DRAIN: Duration = Duration::from_secs(8);

/// The close code that asks a client to connect again (RFC 6455's 1012, service restart).
pub const RESTART: u16 = 1012;

/// The close code that tells a client the database cannot be reached and to connect again
/// later (RFC 6455's 1013, try again later): the app shows "reconnecting" meanwhile.
pub const DATABASE_DOWN: u16 = 1013;

/// Record the metrics for `/metrics` (the process's one recorder; none if one was installed).
pub fn metrics() -> Option<PrometheusHandle> {
    PrometheusBuilder::new()
        .set_buckets_for_metric(
            Matcher::Full(MOVE_LATENCY.to_string()),
            &[
                0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0,
            ],
        )
        .ok()?
        .install_recorder()
        .ok()
}

/// Log lines to standard error: `tracing`'s plain format, info and above.
pub fn logs() {
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_target(false)
        .with_max_level(tracing::Level::INFO)
        .try_init();
}

/// The server's stop: the signal that starts it, and the count of sockets still open.
#[derive(Clone, Debug)]
pub struct Stop {
    stopping: watch::Receiver<bool>,
    sockets: Arc<AtomicUsize>,
}

impl Stop {
    /// A stop set off by SIGTERM or Ctrl-C.
    pub fn on_signal() -> Stop {
        let (tx, rx) = watch::channel(false);
        tokio::spawn(async move {
            wait_for_signal().await;
            tracing::info!("stopping: no new connections; clients are told to reconnect");
            let _ = tx.send(true);
        });
        Stop {
            stopping: rx,
            sockets: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Resolves once the server is stopping.
    pub async fn stopping(&self) {
        let mut rx = self.stopping.clone();
        // (a closed channel: the signal task is gone, never stop)
        while !*rx.borrow_and_update() {
            if rx.changed().await.is_err() {
                std::future::pending::<()>().await;
            }
        }
    }

    /// A socket opened: counted until the guard drops.
    pub fn socket(&self) -> SocketGuard {
        let n = self.sockets.fetch_add(1, Ordering::SeqCst) + 1;
        metrics::gauge!(OPEN_SOCKETS).set(n as f64);
        SocketGuard(self.sockets.clone())
    }

    /// Wait until every socket has closed, or [`DRAIN`] has passed.
    pub async fn drained(&self) {
        let deadline = tokio::time::Instant::now() + DRAIN;
        while self.sockets.load(Ordering::SeqCst) > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// An open socket, counted while it lives.
pub struct SocketGuard(Arc<AtomicUsize>);

impl Drop for SocketGuard {
    fn drop(&mut self) {
        let n = self.0.fetch_sub(1, Ordering::SeqCst).saturating_sub(1);
        metrics::gauge!(OPEN_SOCKETS).set(n as f64);
    }
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
