//! Several servers on one PostgreSQL database: every change of a game is stored, then announced
//! with `NOTIFY` on [`crate::db::CHANGES`] (see [`payload`]); every server listens (`LISTEN`,
//! sqlx's `PgListener`). A move comes with the announcement, so a server that has the game
//! loaded and is one ply behind plays it through its own table and tells its connections the
//! same `moved` the first server's heard, without reading the database
//! (see [`crate::hub::Hub::relayed`]). Any other change, or a room further behind, reads the
//! game again and sends its connections what they lack. Each room takes what the relay brings
//! on a task of its own, so the listener never waits for a room.
//! The database decides every race: one move a ply (its key), one end a game (an update made
//! only while the game is played), so two servers never accept two moves for one ply; the loser
//! reloads and answers `stale_ply`.
//!
//! When the listener loses its connection (the database restarted), every socket is closed so
//! that clients show "reconnecting" ([`crate::hub::Hub::database_lost`]); the listener connects
//! again and reads every loaded game again, since announcements may have been missed meanwhile. SQLite has no
//! relay: its file belongs to one server.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use crate::db::MoveRow;
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
        hub.relayed_all();
        loop {
            match listener.try_recv().await {
                Ok(Some(n)) => match parse(n.payload()) {
                    Some(told) if told.server != hub.instance() => {
                        hub.relayed(told.game, told.moved);
                    }
                    Some(_) => {}
                    None => tracing::warn!(payload = n.payload(), "relay: not an announcement"),
                },
                // the connection was lost: connect again, then read everything again
                Ok(None) => {
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

async fn connect(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut l = PgListener::connect(url).await?;
    l.listen(crate::db::CHANGES).await?;
    Ok(l)
}

/// An announcement as read.
#[derive(Debug, PartialEq)]
pub struct Told<'a> {
    /// The server that made the change.
    pub server: &'a str,
    /// The game.
    pub game: &'a str,
    /// The move, when the change was one.
    pub moved: Option<MoveRow>,
}

/// An announcement's text: `<server> <game>`, and for a move
/// ` <ply> <seat> <at_ms> <clock> <move>` with the clock as `<main>/<periods>` (each a
/// comma-separated list by seat) or `-` without one. Far below `NOTIFY`'s 8,000 bytes.
pub fn payload(server: &str, game: &str, moved: Option<&MoveRow>) -> String {
    let Some(m) = moved else {
        return format!("{server} {game}");
    };
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

/// Reads a [`payload`] (`None`: not one).
pub fn parse(text: &str) -> Option<Told<'_>> {
    let mut parts = text.splitn(7, ' ');
    let server = parts.next()?;
    let game = parts.next()?;
    let Some(ply) = parts.next() else {
        return Some(Told {
            server,
            game,
            moved: None,
        });
    };
    let ply = ply.parse().ok()?;
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
    Some(Told {
        server,
        game,
        moved: Some(MoveRow {
            ply,
            mv,
            seat,
            at_ms,
            clock,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcements_read_back_as_written() {
        let plain = payload("s1", "g1", None);
        assert_eq!(
            parse(&plain),
            Some(Told {
                server: "s1",
                game: "g1",
                moved: None
            })
        );
        for clock in [None, Some((vec![300_000, 0, 12], vec![3, 0, 1]))] {
            let row = MoveRow {
                ply: 41,
                mv: "P*5e".into(),
                seat: 2,
                at_ms: 1_764_000_000_123,
                clock,
            };
            let text = payload("s2", "g2", Some(&row));
            let told = parse(&text).expect("reads");
            assert_eq!((told.server, told.game), ("s2", "g2"));
            assert_eq!(told.moved, Some(row));
        }
        // chu's three-square moves and hex cells keep their text
        let row = MoveRow {
            ply: 1,
            mv: "-1,3:-1,2".into(),
            seat: 0,
            at_ms: 5,
            clock: None,
        };
        assert_eq!(
            parse(&payload("a", "b", Some(&row))).and_then(|t| t.moved),
            Some(row)
        );
        for bad in [
            "",
            "s1",
            "s1 g1 x 0 0 - 7g7f",
            "s1 g1 1 0 0 1,2 7g7f",
            "s1 g1 1 0 0 -",
        ] {
            assert_eq!(parse(bad).and_then(|t| t.moved), None, "{bad:?}");
        }
    }
}
