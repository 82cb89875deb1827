//! Puzzles (`#/puzzles`): the collection shipped with the app, the reader's rating and what
//! they have solved, and the choice of the next puzzle. The screen is [`screen`].
//!
//! **The collection** is `puzzles/puzzles.tsv` beside the page (`web/puzzles/puzzles.tsv`,
//! made by `koma puzzles generate` and proved again by `koma puzzles check`: see the command
//! line's `puzzles` module), one puzzle a line: id, game, position, moves, plies, themes,
//! rating, source. The service worker keeps it with the rest of the build, so puzzles need no
//! network. A line that cannot be read is left out and counted; the others are shown.
//!
//! **What a puzzle asks.** The reader plays the side to move. A mate puzzle (theme `mate`)
//! takes every move the solver proves mates as fast (the embedded board's puzzle mode, see
//! [`crate::embed`]); a one-move puzzle (`advantage`, `defence`) takes its move only, since
//! the generator kept it only when every other move was found far worse.
//!
//! **The rating** is Glicko-2 ([`skillratings::glicko2`]), kept in the browser
//! (`localStorage`, key [`RECORD_KEY`]): the reader starts at 1500 (deviation 350), each puzzle
//! has its own rating from the collection (taken as known within [`PUZZLE_DEVIATION`]). A
//! puzzle counts once, at its first try: solved without a wrong move, a hint or the solution
//! is a win, anything else a loss. Solved puzzles are remembered and not chosen again while
//! others remain.
//!
//! **The next puzzle** is one of the [`NEAREST`] unsolved puzzles whose ratings are nearest the
//! reader's (of the game and the theme asked, when asked); in a streak the target starts at
//! [`STREAK_FROM`] and rises [`STREAK_STEP`] a puzzle solved, and the first miss ends it. The
//! daily puzzle is the same for everyone on a day (UTC): the collection's puzzles in id order,
//! the one a hash of the date picks.

pub mod screen;

use std::collections::BTreeSet;

use koma_rules::GameId;
use serde::{Deserialize, Serialize};

use crate::problem::{Problem, Takes};

/// Where the collection is, beside the page.
pub const FILE: &str = "puzzles/puzzles.tsv";
/// The reader's record's key in `localStorage`.
pub const RECORD_KEY: &str = "koma.puzzles";
/// A puzzle's rating deviation (its rating is taken as known this well).
pub const PUZZLE_DEVIATION: f64 = 80.0;
/// The next puzzle is drawn from this many nearest the target rating.
pub const NEAREST: usize = 8;
/// A streak's first target rating.
pub const STREAK_FROM: f64 = 800.0;
/// A streak's target rises this much a puzzle.
pub const STREAK_STEP: f64 = 75.0;

/// One puzzle of the collection: a line of it ([`koma_engine::puzzle::Line`], whose `themes`
/// are `mate`, `mateIn<N>`, `tsume`, `advantage`, `defence`, `material`, `promotion`).
pub use koma_engine::puzzle::Line as Puzzle;

/// The collection, read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Collection {
    /// The puzzles, in id order.
    pub puzzles: Vec<Puzzle>,
    /// The lines that could not be read.
    pub unread: usize,
}

impl Collection {
    /// Read the collection's text.
    pub fn parse(text: &str) -> Collection {
        let mut c = Collection::default();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            match Puzzle::read(line).ok() {
                Some(p) => c.puzzles.push(p),
                None => c.unread += 1,
            }
        }
        c.puzzles.sort_by(|a, b| a.id.cmp(&b.id));
        c.puzzles.dedup_by(|a, b| a.id == b.id);
        c
    }

    /// The puzzle with this id.
    pub fn get(&self, id: &str) -> Option<&Puzzle> {
        self.puzzles
            .binary_search_by(|p| p.id.as_str().cmp(id))
            .ok()
            .map(|i| &self.puzzles[i])
    }

    /// The day's puzzle (`date` as `YYYY-MM-DD`), the same for everyone.
    pub fn daily(&self, date: &str) -> Option<&Puzzle> {
        // FNV-1a: a hash anyone can compute again
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in date.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        let n = self.puzzles.len() as u64;
        (n > 0).then(|| &self.puzzles[(h % n) as usize])
    }

    /// The themes of the game's puzzles (every game's, none named), sorted.
    pub fn themes(&self, game: Option<GameId>) -> Vec<String> {
        let set: BTreeSet<&String> = self
            .puzzles
            .iter()
            .filter(|p| game.is_none_or(|g| p.game == g))
            .flat_map(|p| &p.themes)
            .collect();
        set.into_iter().cloned().collect()
    }

    /// The next puzzle for `ask`: one of the [`NEAREST`] to `target` (chosen by `pick`, from 0
    /// to 1) among those of the game and theme asked that the reader has not solved (all of
    /// them, once every one is), other than `current`.
    pub fn next(
        &self,
        ask: &Ask,
        record: &Record,
        target: f64,
        current: Option<&str>,
        pick: f64,
    ) -> Option<&Puzzle> {
        let fits = |p: &&Puzzle| {
            ask.game.is_none_or(|g| p.game == g)
                && ask.theme.as_ref().is_none_or(|t| p.has(t))
                && Some(p.id.as_str()) != current
        };
        let mut open: Vec<&Puzzle> = self
            .puzzles
            .iter()
            .filter(fits)
            .filter(|p| !record.solved.contains(&p.id))
            .collect();
        if open.is_empty() {
            open = self.puzzles.iter().filter(fits).collect();
        }
        open.sort_by(|a, b| {
            let (da, db) = (
                (f64::from(a.rating) - target).abs(),
                (f64::from(b.rating) - target).abs(),
            );
            da.total_cmp(&db).then_with(|| a.id.cmp(&b.id))
        });
        open.truncate(NEAREST);
        let i = ((pick.clamp(0.0, 1.0) * open.len() as f64) as usize).min(open.len().max(1) - 1);
        open.get(i).copied()
    }
}

/// What `#/puzzles` asks for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ask {
    /// One game's puzzles (`#/puzzles/<game>`).
    pub game: Option<GameId>,
    /// One puzzle (`?id=`).
    pub id: Option<String>,
    /// One theme's puzzles (`?theme=`).
    pub theme: Option<String>,
    /// The day's puzzle (`#/puzzles/daily`).
    pub daily: bool,
    /// A streak (`?streak=1`).
    pub streak: bool,
}

impl Ask {
    /// Read `#/puzzles...`'s path after `/puzzles` and its query.
    ///
    /// # Errors
    /// A game that is not one, or a value that cannot be read, named.
    pub fn read(rest: &str, query: &str, whole: &str) -> Result<Ask, Problem> {
        let mut ask = Ask::default();
        match rest.trim_matches('/') {
            "" => {}
            "daily" => ask.daily = true,
            g => ask.game = Some(g.parse().map_err(|_| Problem::NoPage(whole.to_string()))?),
        }
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let v = crate::decode(v);
            match k {
                "id" if !v.is_empty() => ask.id = Some(v),
                "theme" if !v.is_empty() => ask.theme = Some(v),
                "streak" => match v.as_str() {
                    "1" => ask.streak = true,
                    "0" => ask.streak = false,
                    _ => {
                        return Err(Problem::Value {
                            key: "streak",
                            value: v,
                            takes: Takes::OneOf(&["1", "0"]),
                        });
                    }
                },
                _ => {}
            }
        }
        Ok(ask)
    }
}

fn schema() -> u32 {
    crate::saved::SCHEMA
}

/// The reader's puzzle record, kept in the browser.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Record {
    /// The schema version.
    #[serde(default = "schema")]
    pub schema: u32,
    /// The reader's Glicko-2 rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// The puzzles solved.
    #[serde(default)]
    pub solved: BTreeSet<String>,
    /// The puzzles that have counted for the rating.
    #[serde(default)]
    pub rated: BTreeSet<String>,
    /// The streak going on.
    #[serde(default)]
    pub streak: u32,
    /// The longest streak.
    #[serde(default)]
    pub best_streak: u32,
}

impl Default for Record {
    fn default() -> Record {
        let r = skillratings::glicko2::Glicko2Rating::new();
        Record {
            schema: schema(),
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            solved: BTreeSet::new(),
            rated: BTreeSet::new(),
            streak: 0,
            best_streak: 0,
        }
    }
}

impl Record {
    /// The rating shown (a whole number).
    pub fn shown(&self) -> i64 {
        self.rating.round() as i64
    }

    /// Count `puzzle`'s first try for the rating: solved cleanly (`won`) or not. A puzzle
    /// counts once; false when it had already.
    pub fn rate(&mut self, puzzle: &Puzzle, won: bool) -> bool {
        use skillratings::Outcomes;
        use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
        if !self.rated.insert(puzzle.id.clone()) {
            return false;
        }
        let me = Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        };
        let it = Glicko2Rating {
            rating: f64::from(puzzle.rating),
            deviation: PUZZLE_DEVIATION,
            volatility: 0.06,
        };
        let outcome = if won { Outcomes::WIN } else { Outcomes::LOSS };
        let (me, _) = glicko2(&me, &it, &outcome, &Glicko2Config::new());
        self.rating = me.rating;
        self.deviation = me.deviation;
        self.volatility = me.volatility;
        true
    }

    /// A streak's target rating now.
    pub fn streak_target(&self) -> f64 {
        STREAK_FROM + STREAK_STEP * f64::from(self.streak)
    }

    /// A puzzle solved: remembered, and the streak goes on when one runs.
    pub fn solved(&mut self, id: &str, streak: bool) {
        self.solved.insert(id.to_string());
        if streak {
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        }
    }

    /// A miss (a wrong try, a hint, the solution): a streak ends.
    pub fn missed(&mut self) {
        self.streak = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "shogi-01\tshogi\t4k4/9/4P4/9/9/9/9/9/4K4 b G 1\tG*5b\t1\tmate,mateIn1\t800\tseed 1 ply 9\n\
        minishogi-02\tminishogi\trbsgk/4p/5/P4/KGSBR b - 1\t1d1c\t1\tadvantage,material\t1000\tseed 2 ply 7\n\
        broken line\n\
        shogi-03\tshogi\t4k4/9/9/9/9/9/9/9/4K4 b 2G 1\tG*5b 5a5b\t2\tdefence\t1200\tseed 3 ply 20\n\
        chess-04\tchess\tx\ty\t1\tmate\t800\tseed 1 ply 1\n";

    #[test]
    fn the_collection_is_read_and_what_cannot_be_is_counted() {
        let c = Collection::parse(TEXT);
        assert_eq!(c.puzzles.len(), 3);
        assert_eq!(c.unread, 2);
        let p = c.get("shogi-03").unwrap();
        assert_eq!(p.moves, ["G*5b", "5a5b"]);
        assert!(!p.is_mate() && p.has("defence"));
        assert!(c.get("shogi-01").unwrap().is_mate());
        assert_eq!(
            c.themes(Some(GameId::Shogi)),
            ["defence", "mate", "mateIn1"]
        );
    }

    #[test]
    fn the_daily_puzzle_is_the_date_s() {
        let c = Collection::parse(TEXT);
        let a = c.daily("2026-12-06").unwrap().id.clone();
        assert_eq!(c.daily("2026-12-06").unwrap().id, a);
        // the FNV-1a hash, as anyone computes it
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in b"2026-12-07" {
            h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
        assert_eq!(
            c.daily("2026-12-07").unwrap().id,
            c.puzzles[(h % 3) as usize].id
        );
        assert!(Collection::default().daily("2026-12-06").is_none());
    }

    #[test]
    fn the_next_puzzle_is_near_the_rating_unsolved_of_the_game_and_theme() {
        let c = Collection::parse(TEXT);
        let mut r = Record::default();
        let ask = Ask {
            game: Some(GameId::Shogi),
            ..Ask::default()
        };
        // nearest 1150 first
        assert_eq!(c.next(&ask, &r, 1150.0, None, 0.0).unwrap().id, "shogi-03");
        assert_eq!(c.next(&ask, &r, 700.0, None, 0.0).unwrap().id, "shogi-01");
        r.solved("shogi-01", false);
        assert_eq!(c.next(&ask, &r, 700.0, None, 0.0).unwrap().id, "shogi-03");
        // every one solved: the solved again, not the one shown
        r.solved("shogi-03", false);
        assert_eq!(
            c.next(&ask, &r, 700.0, Some("shogi-01"), 0.0).unwrap().id,
            "shogi-03"
        );
        let themed = Ask {
            theme: Some("material".into()),
            ..Ask::default()
        };
        assert_eq!(
            c.next(&themed, &r, 0.0, None, 0.9).unwrap().id,
            "minishogi-02"
        );
    }

    #[test]
    fn a_rating_moves_once_a_puzzle_up_for_a_win_down_for_a_loss() {
        let c = Collection::parse(TEXT);
        let mut r = Record::default();
        let p = c.get("shogi-03").unwrap();
        assert!(r.rate(p, true));
        let up = r.rating;
        assert!(up > 1500.0);
        assert!(!r.rate(p, false));
        assert_eq!(r.rating, up);
        assert!(r.rate(c.get("shogi-01").unwrap(), false));
        assert!(r.rating < up && r.deviation < 350.0);
    }

    #[test]
    fn a_streak_rises_and_a_miss_ends_it() {
        let mut r = Record::default();
        assert_eq!(r.streak_target(), STREAK_FROM);
        r.solved("a", true);
        r.solved("b", true);
        assert_eq!((r.streak, r.best_streak), (2, 2));
        assert_eq!(r.streak_target(), STREAK_FROM + 2.0 * STREAK_STEP);
        r.missed();
        assert_eq!((r.streak, r.best_streak), (0, 2));
    }

    #[test]
    fn the_address_is_read() {
        let a = Ask::read("/shogi", "theme=mateIn3&streak=1", "").unwrap();
        assert_eq!(a.game, Some(GameId::Shogi));
        assert_eq!(a.theme.as_deref(), Some("mateIn3"));
        assert!(a.streak);
        assert!(Ask::read("/daily", "", "").unwrap().daily);
        assert_eq!(
            Ask::read("", "id=shogi-01", "").unwrap().id.as_deref(),
            Some("shogi-01")
        );
        assert!(Ask::read("/chess", "", "#/puzzles/chess").is_err());
        assert!(Ask::read("", "streak=yes", "").is_err());
    }
}
