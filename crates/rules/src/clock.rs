//! Game clocks as arithmetic: main time (持ち時間), then byoyomi (秒読み) periods, or a Fischer
//! increment. The caller measures elapsed time and reports a flag fall to the game
//! ([`crate::Game::flag`]); this module only says how much is left and whether time ran out.
//!
//! Byoyomi: once main time is gone, each move must be made within one period; a move that
//! takes longer uses up that period and the next begins (several periods, as in 3 x 30 s).
//! Running out of main time with no byoyomi, or of the last period, loses.
//!
//! Correspondence: `3d` is three days a move (no main time, one period of three days), 1 to 14
//! days.

/// A time control, in milliseconds. Serialised as its text (`600+30x3`, `300i5`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TimeControl {
    /// Main time.
    pub main_ms: u64,
    /// Length of one byoyomi period (0 for none).
    pub byoyomi_ms: u64,
    /// Number of byoyomi periods.
    pub periods: u32,
    /// Fischer increment added after each move.
    pub increment_ms: u64,
}

/// A time control's text is not one the clock reads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("clock {0:?}: write main+byoyomi (600+30, 600+30x3) or main+increment (300i5), in seconds")]
pub struct BadTimeControl(pub String);

/// Why clocks kept by [`Clock::state`] cannot be resumed under a time control.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockFault {
    /// Not one entry a player.
    #[error("clocks for {main} and {periods} players in a game of {players}")]
    Players {
        /// Main times given.
        main: usize,
        /// Period counts given.
        periods: usize,
        /// Players of the game.
        players: usize,
    },
    /// More main time than the control can give.
    #[error("{ms} ms of main time left, more than {tc} can give")]
    Main {
        /// The time left.
        ms: u64,
        /// The control.
        tc: TimeControl,
    },
    /// More byoyomi periods than the control gives.
    #[error("{left} byoyomi periods left, more than {tc} gives")]
    Periods {
        /// The periods left.
        left: u32,
        /// The control.
        tc: TimeControl,
    },
}

/// The longest time a field may give: a day (longer is surely a typing slip).
const MAX_SECS: u64 = 24 * 60 * 60;

/// A day, in ms.
const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// The most days a move a correspondence clock gives.
const MAX_DAYS: u64 = 14;

impl TimeControl {
    /// Days a move, for a correspondence clock (`3d`).
    pub fn days_per_move(&self) -> Option<u32> {
        (self.main_ms == 0
            && self.increment_ms == 0
            && self.periods == 1
            && self.byoyomi_ms >= DAY_MS
            && self.byoyomi_ms.is_multiple_of(DAY_MS))
        .then(|| u32::try_from(self.byoyomi_ms / DAY_MS).unwrap_or(u32::MAX))
    }
}

impl std::str::FromStr for TimeControl {
    type Err = BadTimeControl;

    /// A time control as text, in seconds: `600+30` (main time then byoyomi), `600+30x3` (three
    /// byoyomi periods), `600` (main time only), `300i5` (main time and a Fischer increment),
    /// `3d` (correspondence: days a move).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || BadTimeControl(text.to_string());
        if let Some(days) = text.strip_suffix('d') {
            let days = days
                .parse::<u64>()
                .ok()
                .filter(|d| (1..=MAX_DAYS).contains(d) && days.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(bad)?;
            return Ok(TimeControl {
                byoyomi_ms: days * DAY_MS,
                periods: 1,
                ..TimeControl::default()
            });
        }
        let secs = |t: &str| -> Result<u64, BadTimeControl> {
            let t = t.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            t.parse::<u64>()
                .ok()
                .filter(|&n| n <= MAX_SECS)
                .ok_or_else(bad)
        };
        if let Some((main, inc)) = text.split_once('i') {
            let main_ms = secs(main)? * 1000;
            if main_ms == 0 {
                return Err(bad());
            }
            return Ok(TimeControl {
                main_ms,
                increment_ms: secs(inc)? * 1000,
                ..TimeControl::default()
            });
        }
        let (main, byo) = text.split_once('+').unwrap_or((text, "0"));
        let (byo, periods) = byo.split_once('x').unwrap_or((byo, "1"));
        let byoyomi_ms = secs(byo)? * 1000;
        let periods = secs(periods)?;
        if byoyomi_ms > 0 && !(1..=99).contains(&periods) {
            return Err(bad());
        }
        let tc = TimeControl {
            main_ms: secs(main)? * 1000,
            byoyomi_ms,
            periods: if byoyomi_ms > 0 { periods as u32 } else { 0 },
            increment_ms: 0,
        };
        if tc.main_ms == 0 && tc.byoyomi_ms == 0 {
            return Err(bad());
        }
        Ok(tc)
    }
}

impl TryFrom<String> for TimeControl {
    type Error = BadTimeControl;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<TimeControl> for String {
    fn from(tc: TimeControl) -> String {
        tc.to_string()
    }
}

impl std::fmt::Display for TimeControl {
    /// The text `TimeControl::from_str` reads back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(days) = self.days_per_move() {
            return write!(f, "{days}d");
        }
        let main = self.main_ms / 1000;
        if self.increment_ms > 0 {
            return write!(f, "{main}i{}", self.increment_ms / 1000);
        }
        write!(f, "{main}")?;
        if self.byoyomi_ms > 0 {
            write!(f, "+{}", self.byoyomi_ms / 1000)?;
            if self.periods > 1 {
                write!(f, "x{}", self.periods)?;
            }
        }
        Ok(())
    }
}

/// What is left on one player's clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Left {
    /// Main time left.
    pub main_ms: u64,
    /// Time left in the current byoyomi period (when main time is gone).
    pub period_ms: u64,
    /// Byoyomi periods left, the current one included.
    pub periods: u32,
}

/// The clocks of every player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    tc: TimeControl,
    main: Vec<u64>,
    periods: Vec<u32>,
}

impl Clock {
    /// Fresh clocks for `players` players.
    pub fn new(tc: TimeControl, players: usize) -> Clock {
        Clock {
            tc,
            main: vec![tc.main_ms; players],
            periods: vec![tc.periods; players],
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.tc
    }

    /// Each player's main time left (ms) and byoyomi periods left, as kept between moves (what a
    /// saved game stores).
    pub fn state(&self) -> (Vec<u64>, Vec<u32>) {
        (self.main.clone(), self.periods.clone())
    }

    /// Clocks for `players` players as [`Clock::state`] gave them, checked: one entry a player,
    /// no more main time than a day plus the increments a long game can add, no more periods
    /// than the control gives.
    ///
    /// # Errors
    /// What does not fit the time control, in words.
    pub fn resume(
        tc: TimeControl,
        players: usize,
        main: Vec<u64>,
        periods: Vec<u32>,
    ) -> Result<Clock, ClockFault> {
        if main.len() != players || periods.len() != players {
            return Err(ClockFault::Players {
                main: main.len(),
                periods: periods.len(),
                players,
            });
        }
        // main time grows only by increments: at most one a move, and no game has a million
        let most = tc.main_ms.max(1) + tc.increment_ms * 1_000_000;
        if let Some(&ms) = main.iter().find(|&&m| m > most) {
            return Err(ClockFault::Main { ms, tc });
        }
        if let Some(&left) = periods.iter().find(|&&p| p > tc.periods) {
            return Err(ClockFault::Periods { left, tc });
        }
        Ok(Clock { tc, main, periods })
    }

    /// What `player` has left after thinking `spent_ms` on the current move; `None` when time
    /// has run out.
    pub fn left(&self, player: usize, spent_ms: u64) -> Option<Left> {
        let main = self.main[player];
        let periods = self.periods[player];
        if spent_ms < main || (spent_ms == main && periods > 0 && self.tc.byoyomi_ms > 0) {
            return Some(Left {
                main_ms: main - spent_ms,
                period_ms: self.tc.byoyomi_ms,
                periods,
            });
        }
        if self.tc.byoyomi_ms == 0 || periods == 0 {
            return None;
        }
        let over = spent_ms - main;
        let used = (over / self.tc.byoyomi_ms) as u32;
        if used >= periods {
            return None;
        }
        Some(Left {
            main_ms: 0,
            period_ms: self.tc.byoyomi_ms - over % self.tc.byoyomi_ms,
            periods: periods - used,
        })
    }

    /// `player` finished a move after `spent_ms`. Returns `false` (and changes nothing) when
    /// time had run out before the move.
    pub fn end_turn(&mut self, player: usize, spent_ms: u64) -> bool {
        let Some(left) = self.left(player, spent_ms) else {
            return false;
        };
        self.main[player] = left.main_ms + self.tc.increment_ms;
        self.periods[player] = left.periods;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_resume_from_their_state_and_refuse_what_does_not_fit() {
        let tc: TimeControl = "600+30x2".parse().unwrap();
        let mut c = Clock::new(tc, 2);
        assert!(c.end_turn(0, 650_000));
        let (main, periods) = c.state();
        assert_eq!(
            (main.clone(), periods.clone()),
            (vec![0, 600_000], vec![1, 2])
        );
        let back = Clock::resume(tc, 2, main.clone(), periods.clone()).unwrap();
        assert_eq!(back, c);
        assert!(Clock::resume(tc, 3, main.clone(), periods.clone()).is_err());
        assert!(Clock::resume(tc, 2, vec![0, 600_001], periods).is_err());
        assert!(Clock::resume(tc, 2, main, vec![3, 0]).is_err());
    }

    #[test]
    fn correspondence_clocks_are_days_a_move() {
        let tc: TimeControl = "3d".parse().unwrap();
        assert_eq!(tc.days_per_move(), Some(3));
        assert_eq!((tc.main_ms, tc.byoyomi_ms, tc.periods), (0, 3 * DAY_MS, 1));
        assert_eq!(tc.to_string(), "3d");
        assert_eq!("0+86400".parse::<TimeControl>().unwrap().to_string(), "1d");
        for bad in ["0d", "15d", "d", "-1d", "1.5d", "+1d"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        assert_eq!(
            "600+30".parse::<TimeControl>().unwrap().days_per_move(),
            None
        );
        // a move within the days keeps the clock; one after them loses
        let mut c = Clock::new(tc, 2);
        assert!(c.end_turn(0, 3 * DAY_MS - 1));
        assert!(!c.end_turn(1, 3 * DAY_MS + 1));
    }

    #[test]
    fn main_time_then_byoyomi() {
        let tc = TimeControl {
            main_ms: 60_000,
            byoyomi_ms: 30_000,
            periods: 1,
            increment_ms: 0,
        };
        let mut c = Clock::new(tc, 2);
        assert!(c.end_turn(0, 50_000));
        assert_eq!(c.left(0, 0).unwrap().main_ms, 10_000);
        // 35 s: main runs out after 10 s, 25 s into the period: still in time
        let l = c.left(0, 35_000).unwrap();
        assert_eq!((l.main_ms, l.period_ms, l.periods), (0, 5_000, 1));
        assert!(c.end_turn(0, 35_000));
        // each move now gets 30 s afresh
        assert!(c.left(0, 29_999).is_some());
        assert!(c.left(0, 30_000).is_none());
        assert!(!c.end_turn(0, 31_000));
        assert_eq!(c.left(1, 0).unwrap().main_ms, 60_000);
    }

    #[test]
    fn several_periods_are_used_up_one_by_one() {
        let tc = TimeControl {
            main_ms: 0,
            byoyomi_ms: 10_000,
            periods: 3,
            increment_ms: 0,
        };
        let mut c = Clock::new(tc, 2);
        assert!(c.end_turn(0, 15_000));
        assert_eq!(c.left(0, 0).unwrap().periods, 2);
        assert!(c.end_turn(0, 5_000));
        assert_eq!(c.left(0, 0).unwrap().periods, 2);
        assert!(c.left(0, 19_999).is_some());
        assert!(c.left(0, 20_000).is_none());
    }

    #[test]
    fn fischer_adds_after_each_move_and_sudden_death_loses() {
        let tc = TimeControl {
            main_ms: 10_000,
            byoyomi_ms: 0,
            periods: 0,
            increment_ms: 5_000,
        };
        let mut c = Clock::new(tc, 2);
        assert!(c.end_turn(1, 9_000));
        assert_eq!(c.left(1, 0).unwrap().main_ms, 6_000);
        assert!(c.left(1, 6_000).is_none());
        assert!(!c.end_turn(1, 7_000));
    }

    #[test]
    fn time_controls_read_from_text_and_written_back() {
        let tc: TimeControl = "600+30".parse().unwrap();
        assert_eq!(
            (tc.main_ms, tc.byoyomi_ms, tc.periods),
            (600_000, 30_000, 1)
        );
        let tc: TimeControl = "600+30x3".parse().unwrap();
        assert_eq!(tc.periods, 3);
        let tc: TimeControl = "300i5".parse().unwrap();
        assert_eq!((tc.main_ms, tc.increment_ms), (300_000, 5_000));
        let tc: TimeControl = "900".parse().unwrap();
        assert_eq!((tc.main_ms, tc.byoyomi_ms, tc.periods), (900_000, 0, 0));
        for text in ["600+30", "600+30x3", "300i5", "900", "0+10"] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), text);
            assert_eq!(tc.to_string().parse::<TimeControl>().unwrap(), tc);
        }
    }

    #[test]
    fn bad_time_controls_are_refused_never_overflow() {
        for text in [
            "",
            "abc",
            "600+",
            "+30",
            "-5+30",
            "600+30x0",
            "600+30x100",
            "0",
            "0+0",
            "0i5",
            "99999999999999999999",
            "18446744073709551615+30",
            "86401",
        ] {
            let e = text.parse::<TimeControl>();
            assert_eq!(e, Err(BadTimeControl(text.to_string())), "{text:?}");
        }
        assert!(BadTimeControl("x".into()).to_string().contains("600+30"));
    }
}
