//! Several servers on one PostgreSQL database: each move (every change of a game) is stored,
//! then announced with `NOTIFY` on [`crate::db::CHANGES`] as `<server> <game>`; every server
//! listens (`LISTEN`, sqlx's `PgListener`) and a server that has the game loaded reads it again
//! from the database and sends its own connections what they lack ([`crate::hub::Hub::refresh`]).
//! The database decides every race: one move a ply (its key), one end a game (an update made
//! only while the game is played), so two servers never accept two moves for one ply; the loser
//! reloads and answers `stale_ply`.
//!
//! When the listener loses its connection (the database restarted), it connects again and reads
//! every loaded game again, since announcements may have been missed meanwhile. SQLite has no
//! relay: its file belongs to one server.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use crate::hub::Hub;

/// How long to wait before trying the database again after the listener failed.
const RETRY: Duration = Duration::from_millis(500);

/// Listen for the other servers' changes until the process ends.
pub async fn run(hub: Arc<Hub>) {
    let url = hub.db().url().to_string();
    loop {
        let mut listener = match connect(&url).await {
            Ok(l) => l,
            Err(e) => {
                metrics::counter!(crate::ops::DATABASE_ERRORS).increment(1);
                tracing::warn!(error = %e, "relay: cannot listen");
                tokio::time::sleep(RETRY).await;
                continue;
            }
        };
        // (whatever changed while nobody listened)
        hub.refresh_all().await;
        loop {
            match listener.try_recv().await {
                Ok(Some(n)) => {
                    let Some((server, game)) = n.payload().split_once(' ') else {
                        continue;
                    };
                    if server != hub.instance() {
                        hub.refresh(game).await;
                    }
                }
                // the connection was lost: connect again, then read everything again
                Ok(None) => break,
                Err(e) => {
                    metrics::counter!(crate::ops::DATABASE_ERRORS).increment(1);
                    tracing::warn!(error = %e, "relay: connection lost");
                    break;
                }
            }
        }
        tokio::time::sleep(RETRY).await;
    }
}

async fn connect(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut l = PgListener::connect(url).await?;
    l.listen(crate::db::CHANGES).await?;
    Ok(l)
}
