//! Several servers on one PostgreSQL database. Every change of a game is stored, then announced
//! with `NOTIFY` on [`crate::db::CHANGES`] (see [`crate::announce`]); every server listens (`LISTEN`,
//! sqlx's `PgListener`) and hands what concerns a game it has loaded to that game's room
//! ([`crate::hub::Hub::relayed`]), which takes it in order on a task of its own, so that the
//! listener never waits for a room.
//!
//! - A move comes with its announcement: a room one ply behind plays it through its own table
//!   and tells its connections the same `moved` the first server's heard, without reading the
//!   database. Any other change, or a room further behind, reads the game again and sends its
//!   connections what they lack.
//! - Presence: a server announces which seats of a game its connections hold whenever that
//!   changes, and answers a server that has just loaded the game and asks (`who`). A seat is
//!   online when any server holds it. Every server says it is alive every [`ALIVE`]; what a
//!   server that has not been heard of for [`SILENT`] held is forgotten (it was killed).
//! - The database decides every race: one move a ply (its key), one end a game (an update made
//!   only while the game is played), so two servers never accept two moves for one ply; the
//!   loser reloads and answers `stale_ply`.
//!
//! Announcements are queued and sent in order by one task, as many in one `NOTIFY` as wait
//! (one line each).
//!
//! When the listener loses its connection (the database restarted), every socket is closed so
//! that clients show "reconnecting" ([`crate::hub::Hub::database_lost`]); the listener connects
//! again and every loaded game is read again, since announcements may have been missed
//! meanwhile. SQLite has no relay: its file belongs to one server.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use sqlx::postgres::PgListener;

use crate::announce::parse;
use crate::hub::Hub;

/// How long to wait before trying the database again after the listener failed.
const RETRY: Duration = Duration::from_millis(500);
/// How often a server says it is alive.
pub const ALIVE: Duration = Duration::from_secs(2);
/// How long a server may stay unheard before what it held is forgotten.
pub const SILENT: Duration = Duration::from_secs(7);

/// When each other server was last heard of.
type Heard = Arc<std::sync::Mutex<HashMap<String, Instant>>>;

/// Listen for the other servers' announcements until the process ends.
pub async fn run(hub: Arc<Hub>) {
    let url = hub.db().url().to_string();
    let heard: Heard = Arc::default();
    if let Some(outbox) = hub.announcements() {
        tokio::spawn(send(hub.clone(), outbox));
    }
    tokio::spawn(alive(hub.clone()));
    tokio::spawn(sweep(hub.clone(), heard.clone()));
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
        hub.relayed_all();
        loop {
            // (never cancelled: a read given up half-way could leave the connection's stream
            // in the middle of a message)
            match listener.try_recv().await {
                Ok(Some(n)) => {
                    for line in n.payload().lines() {
                        match parse(line) {
                            Some(told) if told.server != hub.instance() => {
                                if let Ok(mut h) = heard.lock() {
                                    h.insert(told.server.to_string(), Instant::now());
                                }
                                if let Some(game) = told.game {
                                    hub.relayed(game, told.server, told.news);
                                }
                            }
                            Some(_) => {}
                            None => tracing::warn!(line, "relay: not an announcement"),
                        }
                    }
                }
                // the connection was lost: connect again, then read everything again
                Ok(None) => {
                    tracing::warn!("relay: connection lost");
                    hub.database_lost();
                    break;
                }
                Err(e) => {
                    metrics::counter!(crate::ops::DATABASE_ERRORS).increment(1);
                    tracing::warn!(error = %e, "relay: connection lost");
                    hub.database_lost();
                    break;
                }
            }
        }
        tokio::time::sleep(RETRY).await;
    }
}

/// Every [`ALIVE`], forget what the servers not heard of for [`SILENT`] held.
async fn sweep(hub: Arc<Hub>, heard: Heard) {
    let mut every = tokio::time::interval(ALIVE);
    loop {
        every.tick().await;
        let silent: Vec<String> = match heard.lock() {
            Ok(mut h) => {
                let gone: Vec<String> = h
                    .iter()
                    .filter(|(_, at)| at.elapsed() >= SILENT)
                    .map(|(s, _)| s.clone())
                    .collect();
                for s in &gone {
                    h.remove(s);
                }
                gone
            }
            Err(_) => Vec::new(),
        };
        for server in silent {
            tracing::warn!(server = %server, "relay: a server went silent");
            hub.forget(&server);
        }
    }
}

/// Say that this server is alive, every [`ALIVE`].
async fn alive(hub: Arc<Hub>) {
    let text = format!("{} - alive", hub.instance());
    let mut every = tokio::time::interval(ALIVE);
    loop {
        every.tick().await;
        hub.announce_text(text.clone());
    }
}

/// Sends the queued announcements in order, as many as wait in one `NOTIFY` (a line each, up to
/// [`MAX_PAYLOAD`] bytes): under load the batches grow, so that the database commits far fewer
/// notifying transactions (one at a time in a database) and wakes each listener far less often
/// than once a move. Announcements that cannot be sent (the database is down) are dropped: the
/// other servers read every game again when their listeners reconnect.
async fn send(hub: Arc<Hub>, mut outbox: tokio::sync::mpsc::UnboundedReceiver<String>) {
    let mut batch = Vec::new();
    while outbox.recv_many(&mut batch, 512).await > 0 {
        let mut payload = String::new();
        for line in batch.drain(..) {
            if !payload.is_empty() && payload.len() + 1 + line.len() > MAX_PAYLOAD {
                notify(&hub, &payload).await;
                payload.clear();
            }
            if !payload.is_empty() {
                payload.push('\n');
            }
            payload.push_str(&line);
        }
        if !payload.is_empty() {
            notify(&hub, &payload).await;
        }
    }
}

/// The most bytes sent in one `NOTIFY` (PostgreSQL takes payloads shorter than 8,000 bytes).
const MAX_PAYLOAD: usize = 7_900;

async fn notify(hub: &Hub, payload: &str) {
    if let Err(e) = hub.db().notify(payload).await {
        metrics::counter!(crate::ops::DATABASE_ERRORS).increment(1);
        tracing::warn!(error = %e, "relay: cannot tell the other servers");
    }
}

async fn connect(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut l = PgListener::connect(url).await?;
    l.listen(crate::db::CHANGES).await?;
    Ok(l)
}
