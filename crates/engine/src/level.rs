//! Levels 1 to 8, for every game.
//!
//! Each level is a search limit and a margin: the move is chosen at random (by the engine's
//! seed) among the moves that score within the margin of the best. Level 1 also searches
//! without quiescence: measured over 40 games each (`koma match <game> level:2 level:1
//! --games 40 --cap 200`), level 2 scored 90.0 % against it in minishogi, 70.0 % in chu shogi
//! and 100 % in shogi, where with quiescence it scored 60.0 %, 50.0 % and 85.0 %; it still
//! beat a random mover 97.5 % in minishogi. The low levels search one
//! or two plies and take moves up to a few pawns worse than the best, so a beginner can beat
//! them while they still play real moves (a capture left hanging is taken, a mate in one is
//! seen); each level above searches deeper with a smaller margin; the top levels search by
//! nodes, and in the browser also by time (about 1-3 s a move at the top).
//!
//! The limits are node counts where a level searches more than a few plies, so a match between
//! levels plays the same on every machine; a time limit, when the caller gives one, ends a search
//! earlier. The top three levels search about three times the nodes of the level below (200k, 600k,
//! 2M; in the browser also at most 1, 2 and 3 s): measured in shogi over 40 games each, level 6
//! scored 90.0 % against level 5, level 7 78.8 % against level 6 and level 8 85.0 % against level 7
//! (`koma match shogi level:<n> level:<n-1> --games 40`). Earlier caps of 600k, 1.5M and 4M made
//! level 6 score 100 % against level 5 (too big a step) and a match between 7 and 8 take hours. A
//! level's node cap is well above what its depth needs in standard shogi (measured: with 20k nodes
//! level 4's depth-3 iterations did not finish, it played from depth 1 and scored 22.5 % against
//! level 3).
//! Measured again in standard shogi with its steeper reductions (d09025e) on balanced openings
//! played from both seats (`koma match shogi level:<n> level:<n-1> --paired --opening-level 3`,
//! 40 games each): level 2 against 1 100 %, 3 against 2 100 %, 4 against 3 82.5 %, 5 against 4
//! 85.0 %, 6 against 5 97.5 %, 7 against 6 73.8 % (29-1-10). With the network built in at
//! 4acb28b: 2 against 1 100 %, 3 against 2 97.5 %, 4 against 3 87.5 %, 5 against 4 85.0 %,
//! 6 against 5 97.5 % (39-0-1), 7 against 6 90.0 % (36-0-4) and 8 against 7 77.5 % (31-0-9:
//! `koma match shogi level:8 level:7 --paired --opening-level 3 --games 20`, and `--first 20
//! --games 20`).
//!
//! Minishogi's levels 6 and 7 search 40k and 200k nodes (level 8 the same 2M; a game's
//! evaluation sets these two caps, `Evaluator::level_nodes`, so the game id is dispatched on
//! once, in [`crate::eval::evaluator`]). Its small board
//! reaches far deeper on the same nodes, and with its network at 200k and 600k level 7 scored
//! 50.0 % against level 6 (`koma match minishogi level:7 level:6 --games 40 --paired`). Part of
//! that was the match's opening: four plies at random often give a piece away in minishogi,
//! and then the opening decides the game, whoever plays it (17 of the 20 pairs of games split
//! one each). With the openings chosen by level 3 (`--opening-level 3`: at random among the
//! moves within 120 centipawns of the best at two plies), the caps of 40k and 200k measured,
//! 40 paired games each: level 2 against 1 95.0 %, 3 against 2 77.5 %, 4 against 3 82.5 %,
//! 5 against 4 72.5 %, 6 against 5 92.5 %, 7 against 6 82.5 % (55.0 % with random openings);
//! with the network learnt from 199,672 positions, 6 against 5 92.5 % and 7 against 6 72.5 %.
//!
//! The three-player game (`sangoku`) has its own table. There a search deeper than one round
//! (three plies) gained little against players of the same kind, and more nodes nothing: one
//! seat searching 200k nodes a move scored 30.0 % against two seats of 50k (40 games; a third
//! is even), while a whole second round did gain (depth 6 against two seats of depth 3: 47.4 %
//! over 115 games). So its levels step by what was measured to matter, one seat against two
//! of the level below, 200 games each (`koma match sangoku level:<n> level:<n-1> --games 200`):
//! quiescence (level 2 against 1: 58.5 %), the margin at one ply (400, 200, 0: 42.0 % and
//! 42.0 %), a second ply (level 5: 41.5 %), the margin at two plies (level 6: 50.0 %), the third
//! ply (level 7: 49.0 %), and the top level's whole rounds within its nodes and time (level 8
//! against two seats of level 7: 42.5 %, 17-0-23 over 40 games). The
//! margin at three plies was measured to gain nothing (0 against 60: 34.0 %).

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
            },
            margin,
            quiescence: self.0 > 1,
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| format!("level {s:?}: expected a number from 1 to 8"))
    }
}
