//! Levels 1 to 8, for every game.
//!
//! Each level is a search limit and a margin: the move is chosen at random (by the engine's
//! seed) among the moves that score within the margin of the best. Level 1 searches without
//! quiescence: it sees what a move takes and whether it mates, not what the reply takes back,
//! so it leaves pieces hanging as a beginner does. The low levels search one to three plies and
//! take moves up to a few pawns worse than the best, so a beginner can beat them while they
//! still play real moves; each level above searches deeper with a smaller margin.
//!
//! The top three levels search by nodes, about three times the level below (200k, 600k, 2M;
//! a game's [`crate::eval::SearchProfile::level_nodes`] may set levels 6 and 7: minishogi's
//! small board goes far deeper on the same nodes, so 40k and 200k), so a match between levels
//! plays the same on every machine; in the browser they also stop at 1, 2 and 3 s.
//!
//! The three-player game (`sangoku`) has its own table, stepping by what matters there: one
//! ply without quiescence, then with it, the margin at one ply (400, 200, 0), a second ply
//! (margin 120, then 0), a whole round of three plies, and at the top whole rounds within 2M
//! nodes (a search that ends inside a round leaves the last moves unanswered).
//!
//! The levels that search to a depth stop at [`DEPTH_CAP`] positions (the three-player round
//! of level 7 at 2M), so that no position holds them for long.
//!
//! Each step's measurement is in `docs/engine.md` (the table) and `docs/engine-history.md`.

use crate::search::Limits;
use koma_rules::GameId;

/// The most positions a level that searches to a depth visits: its depth is the level, but a
/// position full of captures (chu shogi's lions facing each other) can make even one ply and
/// its quiescence run into millions of positions and minutes; there it plays the best move
/// found within these.
pub const DEPTH_CAP: u64 = 200_000;

/// A level, 1 (weakest) to 8.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// What a level plays with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The search's limits.
    pub limits: Limits,
    /// How far below the best score (centipawns) a chosen move may be (0: the best).
    pub margin: i32,
    /// Whether the search looks past its depth at the captures that follow (quiescence). Off
    /// for level 1 only: it sees what a move takes and whether it mates, not what the reply
    /// takes back, so it leaves pieces hanging as a beginner does.
    pub quiescence: bool,
}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const TOP: Level = Level(8);

    /// Level `n`, if it is 1 to 8.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 8 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// The level's number.
    pub fn number(self) -> u8 {
        self.0
    }

    /// What the level plays with in `game` (three players have a table of their own, and a
    /// game's evaluation may set the node caps of levels 6 and 7: minishogi's; see the module's
    /// docs).
    pub fn settings(self, game: GameId) -> Settings {
        let players = koma_rules::Variant::get(game).players();
        let (nodes_6, nodes_7) = crate::eval::evaluator(game).profile().level_nodes;
        let (depth, nodes, time_ms, margin) = if players >= 3 {
            match self.0 {
                1 | 2 => (Some(1), Some(DEPTH_CAP), None, 400),
                3 => (Some(1), Some(DEPTH_CAP), None, 200),
                4 => (Some(1), Some(DEPTH_CAP), None, 0),
                5 => (Some(2), Some(DEPTH_CAP), None, 120),
                6 => (Some(2), Some(DEPTH_CAP), None, 0),
                7 => (Some(3), Some(2_000_000), None, 0),
                _ => (None, Some(2_000_000), Some(3_000), 0),
            }
        } else {
            match self.0 {
                1 => (Some(1), Some(DEPTH_CAP), None, 400),
                2 => (Some(1), Some(DEPTH_CAP), None, 200),
                3 => (Some(2), Some(DEPTH_CAP), None, 120),
                4 => (Some(3), Some(300_000), None, 60),
                5 => (Some(4), Some(500_000), None, 20),
                6 => (None, Some(nodes_6), Some(1_000), 0),
                7 => (None, Some(nodes_7), Some(2_000), 0),
                _ => (None, Some(2_000_000), Some(3_000), 0),
            }
        };
        Settings {
            limits: Limits {
                depth,
                nodes,
                time_ms,
                skip: Vec::new(),
            },
            margin,
            quiescence: self.0 > 1,
        }
    }
}

/// A level's text that is not a number from 1 to 8 (the text as given).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("level {0:?}: expected a number from 1 to 8")]
pub struct BadLevel(pub String);

impl std::str::FromStr for Level {
    type Err = BadLevel;
    fn from_str(s: &str) -> Result<Level, BadLevel> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| BadLevel(s.to_string()))
    }
}

#[cfg(test)]
mod bounded {
    use super::*;
    use crate::Engine;
    use crate::search::NoClock;
    use koma_rules::notation::read_position;

    /// Two lions face each other: one ply and its quiescence ran past 5M positions (45 s).
    #[test]
    fn a_low_level_stops_at_its_cap_where_captures_explode() {
        let pos = read_position(
            GameId::Chushogi,
            "lfcs1ekgsc1l/a1bgtxot1bfa/mvrhdq1dhrvm/pp1ppp2pppp/2pi3pi3/12/3n3N4/3I3PI3/PPPPPPP1PPPP/MVRH1DQDHRVM/A1BCTOXT1B1A/LF1SGKEGSCFL b - 19",
        )
        .unwrap();
        for n in 1..=5 {
            let level = Level::new(n).unwrap();
            let cap = level.settings(GameId::Chushogi).limits.nodes.unwrap();
            assert!(cap <= 500_000, "level {n}");
            let mut e = Engine::new(8);
            e.set_level(level);
            let r = e.search(&pos, &[], &Limits::default(), &NoClock, &mut |_| {});
            assert!(r.best.is_some(), "level {n}");
            assert!(r.nodes <= cap + 2_048, "level {n}: {} nodes", r.nodes);
        }
    }
}
