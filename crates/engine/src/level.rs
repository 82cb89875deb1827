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
//! Each step's measurement is in `docs/engine.md` (the table) and `docs/engine-history.md`.

use crate::search::Limits;
use koma_rules::GameId;

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
                1 | 2 => (Some(1), None, None, 400),
                3 => (Some(1), None, None, 200),
                4 => (Some(1), None, None, 0),
                5 => (Some(2), None, None, 120),
                6 => (Some(2), None, None, 0),
                7 => (Some(3), None, None, 0),
                _ => (None, Some(2_000_000), Some(3_000), 0),
            }
        } else {
            match self.0 {
                1 => (Some(1), None, None, 400),
                2 => (Some(1), None, None, 200),
                3 => (Some(2), None, None, 120),
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
