//! The relay's announcements as text (see [`crate::relay`]): what a server tells the others of a
//! game through PostgreSQL's `NOTIFY`, one line each, and how a line is read back.

use crate::db::MoveRow;

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
