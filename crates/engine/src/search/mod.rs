//! The two-player search: iterative deepening with aspiration windows at the root (`root.rs`),
//! principal variation search below it (`alphabeta.rs`) with the transposition table
//! ([`crate::tt`]), quiescence on captures and promotions (`quiesce.rs`), move ordering
//! (`picker.rs`), the static exchange (`exchange.rs`), a cache of static scores (`cache.rs`),
//! and the limits and the caller's clock (`limits.rs`). Each file's docs say what it decides.
//!
//! Moves are the rules' own: the pseudo-legal list, each tried with
//! [`koma_rules::Position::try_play`], which refuses a foul (a royal left attacked, 打ち歩詰め),
//! so a move the rules forbid is never searched, never chosen. How each game prunes, reduces
//! and extends is its [`SearchProfile`] (`crate::eval`). For a fixed node limit and seed the
//! result is the same on every run.
//!
//! A game's rules may list several moves that reach the same position (chu shogi lists a
//! lion's double moves one per path); the search tries each position once, asking the rules
//! for [`Position::distinct_moves`] below the root and keeping only those among the root's
//! legal moves, and quiescence for the tactical moves. The figures are in `docs/engine.md`.
//!
//! [`Position::distinct_moves`]: koma_rules::Position::distinct_moves

mod alphabeta;
mod cache;
mod exchange;
mod limits;
mod picker;
mod quiesce;
mod root;
mod score;

use koma_rules::moves::Played;
use koma_rules::{Move, Position};

pub use limits::{Control, Limits, NoClock};
pub use score::{MATE, MATE_BOUND, Score};

pub(crate) use cache::EvalCache;
pub(crate) use limits::must_stop;
pub(crate) use score::choose;

use crate::eval::{Evaluator, SearchProfile};
use crate::tt::Tt;

/// The deepest line searched, quiescence included.
pub const MAX_PLY: usize = 100;
/// Futility margins by depth (1, 2, 3), in centipawns: a static score this far above beta
/// cuts the node; this far below alpha, quiet moves are not searched.
pub const FUTILITY: [i32; 3] = [200, 400, 650];
/// How far above beta a capture's reduced search must score for ProbCut.
pub const PROBCUT_MARGIN: i32 = 200;
/// The fewest plies from the leaves where ProbCut is tried (its search is four plies
/// shallower).
pub const PROBCUT_DEPTH: i32 = 5;
/// Where a game's search extends checks only far from the leaves
/// ([`SearchProfile::far_checks`]): at nodes more than this many plies from them.
pub const FAR_CHECKS: i32 = 6;
/// The most plies from the leaves where a game's deep futility cuts
/// ([`SearchProfile::deep_futility`]).
pub const DEEP_FUTILITY: i32 = 7;
/// How far above beta, a ply from the leaves, the static score must stand for the deep cut
/// (`depth` times this).
pub const DEEP_FUTILITY_MARGIN: i32 = 150;
/// In a search whose root's static score stands this high either way (the game is decided),
/// the deep cut spares positions whose static score, or beta, stands this far out: their
/// lines are searched for the mate. From a balanced root it cuts them too: there the decided
/// positions are the lines that give material away.
pub const DEEP_FUTILITY_WON: i32 = 3000;

/// What a finished iteration found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The depth completed.
    pub depth: u32,
    /// The deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// The score, from the side to move.
    pub score: Score,
    /// Nodes so far.
    pub nodes: u64,
    /// Milliseconds so far.
    pub time_ms: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// The search's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move chosen (none: the game is over at the root).
    pub best: Option<Move>,
    /// Its score, from the side to move.
    pub score: Score,
    /// The depth completed.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// One position of the line: its hash and the move that led to it.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Step {
    pub hash: u64,
    pub played: Option<Played>,
    /// A null move (the side to move passed, in the search only): no repetition reaches
    /// across it.
    pub null: bool,
    /// Whether the side to move is in check here, once known (the rules' record of the move
    /// says so where their check is the position's:
    /// [`koma_rules::Capabilities::played_check_is_in_check`]).
    pub check: Option<bool>,
}

/// What a two-player search is given: the position after the line `path` leads to it, the
/// evaluation and the game's profile, the engine's table and score cache, the limits and
/// the level's choice (quiescence on or off, the margin, the seed).
pub(crate) struct Setting<'a> {
    pub pos: Position,
    pub path: Vec<Step>,
    pub eval: &'a dyn Evaluator,
    pub profile: SearchProfile,
    pub tt: &'a mut Tt,
    pub evals: &'a mut EvalCache,
    pub limits: Limits,
    pub control: &'a dyn Control,
    pub quiescence: bool,
    pub margin: i32,
    pub seed: u64,
}

/// A two-player search; with its root's full searches and missed windows (for tests).
pub(crate) fn two_player(
    s: Setting<'_>,
    info: &mut dyn FnMut(&Info),
) -> (SearchResult, [usize; 2]) {
    let checks_bind = s.pos.rules().capabilities().shows_check;
    let null_ok = s.profile.null_move && !s.pos.is_placing() && s.pos.setup_steps().is_none();
    let cells = s.pos.variant().geometry.len();
    let mut searcher = alphabeta::Searcher {
        eval: s.eval,
        pos: s.pos,
        tt: s.tt,
        evals: s.evals,
        killers: vec![[None; 2]; MAX_PLY + 1],
        cut: vec![false; MAX_PLY + 2],
        misses: 0,
        full_windows: 0,
        history: vec![0; cells * cells + 8 * cells + 1],
        path: s.path,
        nodes: 0,
        seldepth: 0,
        stopped: false,
        first_iteration: true,
        decided: false,
        iteration: 1,
        quiet_only: !s.quiescence,
        checks_bind,
        null_ok,
        profile: s.profile,
        limits: s.limits,
        control: s.control,
    };
    let r = searcher.root(s.margin, s.seed, info);
    (r, [searcher.full_windows, searcher.misses])
}
