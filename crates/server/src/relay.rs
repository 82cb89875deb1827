//! Several servers on one PostgreSQL database. Every change of a game is stored, then announced
//! with `NOTIFY` on [`crate::db::CHANGES`] (see [`payload`]); every server listens (`LISTEN`,
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

use crate::db::MoveRow;
use crate::hub::Hub;

/// How long to wait before trying the database again after the listener failed.
const RETRY: Duration = Duration::from_millis(500);
/// How often a server says it is alive.
pub const ALIVE: Duration = Duration::from_secs(2);
/// How long a server may stay unheard before what it held is forgotten.
pub const SILENT: Duration = Duration::from_secs(7);

/// What an announcement says of a game.
#[derive(Clone, Debug, PartialEq)]
pub enum News {
    /// It changed: read it again.
    Changed,
    /// This move was stored.
    Moved(MoveRow),
    /// The announcing server's connections hold these seats (by seat).
    Held(Vec<bool>),
    /// The announcing server has just loaded the game: the others say what they hold.
    Who,
}

/// An announcement as read.
#[derive(Debug, PartialEq)]
pub struct Told<'a> {
    /// The server that made it.
    pub server: &'a str,
    /// The game (`None`: the server only says it is alive).
    pub game: Option<&'a str>,
    /// What it says of the game.
    pub news: News,
}

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

/// An announcement's text: `<server> <game>` and then, by [`News`]: nothing (changed);
/// `<ply> <seat> <at_ms> <clock> <move>` with the clock as `<main>/<periods>` (each a
/// comma-separated list by seat) or `-` without one; `held <0|1 by seat>`; `who`. A server's
/// `<server> - alive` names no game. Far below `NOTIFY`'s 8,000 bytes.
pub fn payload(server: &str, game: &str, news: &News) -> String {
    match news {
        News::Changed => format!("{server} {game}"),
        News::Held(held) => {
            let bits: String = held.iter().map(|&h| if h { '1' } else { '0' }).collect();
            format!("{server} {game} held {bits}")
        }
        News::Who => format!("{server} {game} who"),
        News::Moved(m) => {
            let clock = match &m.clock {
                None => "-".to_string(),
                Some((main, periods)) => {
                    let list = |v: Vec<String>| v.join(",");
                    format!(
                        "{}/{}",
                        list(main.iter().map(u64::to_string).collect()),
                        list(periods.iter().map(u32::to_string).collect())
                    )
                }
            };
            format!(
                "{server} {game} {} {} {} {clock} {}",
                m.ply, m.seat, m.at_ms, m.mv
            )
        }
    }
}

/// Reads a [`payload`] (`None`: not one).
pub fn parse(text: &str) -> Option<Told<'_>> {
    let mut parts = text.splitn(7, ' ');
    let server = parts.next()?;
    let game = parts.next()?;
    let told = |game, news| Some(Told { server, game, news });
    let Some(third) = parts.next() else {
        return told(Some(game), News::Changed);
    };
    match third {
        "alive" if game == "-" => return told(None, News::Changed),
        "who" => return told(Some(game), News::Who),
        "held" => {
            let bits = parts.next()?;
            let held = bits
                .chars()
                .map(|c| match c {
                    '0' => Some(false),
                    '1' => Some(true),
                    _ => None,
                })
                .collect::<Option<Vec<bool>>>()?;
            return told(Some(game), News::Held(held));
        }
        _ => {}
    }
    let ply = third.parse().ok()?;
    let seat = parts.next()?.parse().ok()?;
    let at_ms = parts.next()?.parse().ok()?;
    let clock = match parts.next()? {
        "-" => None,
        c => {
            let (main, periods) = c.split_once('/')?;
            let main = main
                .split(',')
                .map(|x| x.parse().ok())
                .collect::<Option<_>>()?;
            let periods = periods
                .split(',')
                .map(|x| x.parse().ok())
                .collect::<Option<_>>()?;
            Some((main, periods))
        }
    };
    let mv = parts.next()?.to_string();
    told(
        Some(game),
        News::Moved(MoveRow {
            ply,
            mv,
            seat,
            at_ms,
            clock,
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(news: News) {
        let text = payload("s2", "g2", &news);
        let told = parse(&text).expect("reads");
        assert_eq!((told.server, told.game), ("s2", Some("g2")), "{text}");
        assert_eq!(told.news, news, "{text}");
    }

    #[test]
    fn announcements_read_back_as_written() {
        round_trip(News::Changed);
        round_trip(News::Who);
        round_trip(News::Held(vec![true, false, true]));
        for clock in [None, Some((vec![300_000, 0, 12], vec![3, 0, 1]))] {
            round_trip(News::Moved(MoveRow {
                ply: 41,
                mv: "P*5e".into(),
                seat: 2,
                at_ms: 1_764_000_000_123,
                clock,
            }));
        }
        // chu's three-square moves and hex cells keep their text
        round_trip(News::Moved(MoveRow {
            ply: 1,
            mv: "-1,3:-1,2".into(),
            seat: 0,
            at_ms: 5,
            clock: None,
        }));
        assert_eq!(
            parse("s1 - alive").map(|t| (t.server, t.game)),
            Some(("s1", None))
        );
        for bad in [
            "",
            "s1",
            "s1 g1 x 0 0 - 7g7f",
            "s1 g1 1 0 0 1,2 7g7f",
            "s1 g1 1 0 0 -",
            "s1 g1 held 0x1",
            "s1 g1 held",
        ] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }
}
