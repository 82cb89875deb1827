//! The two-player search: iterative deepening with aspiration windows, principal variation
//! search (alpha-beta with a null window after the first move), a transposition table,
//! quiescence on captures and promotions (and, at its first ply, quiet checks), move ordering
//! (hash move, captures by MVV-LVA with those that lose on the static exchange last,
//! promotions, killers, history with a malus), a check extension, internal iterative
//! reduction, late-move reductions, futility pruning near the leaves and ProbCut.
//!
//! Decisions:
//! - Moves are the rules' own: the pseudo-legal list, each tried with
//!   [`Position::try_play`], which refuses a foul (a royal left attacked, 打ち歩詰め). A move
//!   the rules forbid is never searched, so never chosen.
//! - A position that repeats one in the line (or in the game before the search) is scored as
//!   the game's rules score a repetition ([`koma_rules::games::GameRules::repetition_outcome`]
//!   over the moves of the cycle): a draw, a loss for the side that checked throughout
//!   (perpetual check), minishogi's loss for sente.
//! - A position with no legal move is scored as the rules decide it (mate; in shogi, no legal
//!   move loses too). Games that end with moves left (chu's last royal, bare king; the hexagon's
//!   general) are asked at every node.
//! - Null-move pruning is minishogi's ([`crate::eval::Evaluator::null_move`]): off the
//!   principal variation, out of check, where the static score stands at or above beta, the
//!   side to move passes and the reply is searched `3 + depth / 3` plies shallower, one more
//!   for each 200 the static score stands above beta (at most three more); a score that still
//!   holds beta cuts the node ([`Pruning::null_scaled`]). Against Fairy-Stockfish's level 8
//!   (1000 ms a move, balanced openings played from both seats) it lifted minishogi's top
//!   level from 35.0 % to 46.7 % in the same 60 games, though it lost at 100 ms a move against
//!   itself: the reductions save more the deeper the search. The other games do not try it
//!   (in standard shogi it lost at 50k nodes a move, and against level 8 on 20 balanced games
//!   it won the same 4 as the search without it; see [`Pruning`]). Late-move reductions are on
//!   (quiet moves after the third, by the logarithms of depth and move number, one ply more at
//!   nodes expected to cut: [`Pruning::log_reductions`]; standard shogi takes two thirds of
//!   the logarithms' product where the other games take half, [`Pruning::steep_reductions`]),
//!   and late quiet moves are skipped up to six plies from the leaves ([`LATE_QUIET`],
//!   [`LATE_DEEP`]; each game may set its own counts,
//!   [`crate::eval::Evaluator::late_moves`]: standard shogi's are half these); see
//!   [`Pruning`].
//! - A check is extended, unless it loses the checker on the static exchange: such a check
//!   (in shogi mostly a piece dropped beside the king to be taken for nothing) is searched as
//!   a quiet move, reduced and skipped late like one ([`Pruning::bad_checks`]).
//!   Standard shogi extends checks only at nodes more than [`FAR_CHECKS`] plies from the
//!   leaves ([`Pruning::far_checks`], [`crate::eval::Evaluator::far_checks`]): with pieces in
//!   hand nearly every line near the leaves has a check, and extending them all kept the
//!   search three to four plies shallower than Fairy-Stockfish's in the sharp middle games
//!   where the games against lishogi's level 8 were lost.
//! - A late quiet drop that would be skipped is skipped without being played: out of check a
//!   drop is legal unless it mates with a pawn, and checks only from where it lands, which the
//!   cells that attack the enemy king say ([`Position::attack_cells`]). Test builds play it
//!   anyway and assert both.
//! - The aspiration window spans the last two iterations' scores: the side to move's bonus
//!   in the evaluation makes the score swing between odd and even depths (in minishogi by
//!   about 170), and a window around the last score alone then missed at every iteration
//!   ([`Pruning::aspiration_span`]). A window that misses is widened on the side that missed,
//!   by a step that grows, before the root is searched in full ([`Pruning::widen`]).
//! - Quiescence out of check asks the rules only for the moves that may capture or promote
//!   ([`Position::tactical_moves`]): in the shogi family the pieces' moves, without the drops,
//!   which a full hand makes by the hundred; at its first ply, where quiet checks are searched,
//!   with the drops that check directly ([`Position::checking_drops`]). The search is the same
//!   (the same nodes); on a sharp shogi midgame the tactical moves took 9 % less time, and
//!   the checking drops about 3 % less again.
//! - Near the leaves the futility tests take the table's score of the position where it
//!   bounds the true score beyond the static one (a search of the position, shallower than
//!   this one but deeper than the evaluation), and ProbCut cuts a node where a capture's
//!   search four plies shallower beats beta by [`PROBCUT_MARGIN`] ([`Pruning`] has their
//!   matches). Standard shogi also cuts by the static score further from the leaves, up to
//!   [`DEEP_FUTILITY`] plies, where it stands [`DEEP_FUTILITY_MARGIN`] a ply above beta
//!   ([`Pruning::deep_futility`], [`crate::eval::Evaluator::deep_futility`]): its search
//!   reached about two thirds of a ply deeper in a second; minishogi's try of the same (wider
//!   margins, four to six plies) lost against level 8 and is left out there. Where the game
//!   is decided (the root's static score at [`DEEP_FUTILITY_WON`] or beyond) decided positions
//!   are not cut, so the search finds the mates; from a balanced root they are
//!   ([`Pruning::decided_root_only`]).
//! - Static scores are kept by position hash in a small cache of the engine's (64k slots,
//!   1 MB), kept from move to move and cleared with a new game or evaluation: quiescence and
//!   the futility tests ask for the same positions again from one iteration to the next. A hit
//!   answers what the evaluation would, so the nodes searched are the same with it as without.
//! - Time is the caller's: the engine reads no clock (none exists in wasm32 without the web),
//!   it asks [`Control::elapsed_ms`] every 1024 nodes.

use koma_rules::moves::Played;
use koma_rules::{Move, Outcome, Player, Position};

use crate::eval::{Evaluator, evaluator};
use crate::level::Level;
use crate::tt::{Bound, Tt};

/// A mate's score at the root (mate in `n` plies scores `MATE - n`).
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = 32_000;
/// The deepest line searched, quiescence included.
pub const MAX_PLY: usize = 100;
/// Futility margins by depth (1, 2, 3), in centipawns: a static score this far above beta
/// cuts the node; this far below alpha, quiet moves are not searched.
pub const FUTILITY: [i32; 3] = [200, 400, 650];
/// Quiet moves searched at depths 1, 2 and 3 off the principal variation (the rest, ordered
/// last by history, are skipped), unless the game sets its own
/// ([`crate::eval::Evaluator::late_moves`]: standard shogi skips after half as many).
pub const LATE_QUIET: [usize; 3] = [10, 18, 30];
/// With [`Pruning::late_deep`], the moves tried at depths 4, 5 and 6 off the principal
/// variation past which quiet moves are skipped (unless the game sets its own, as above).
pub const LATE_DEEP: [usize; 3] = [40, 55, 75];
/// [`Pruning::probcut`]: how far above beta a capture's reduced search must score to cut.
pub const PROBCUT_MARGIN: i32 = 200;

/// [`Pruning::probcut`]: the fewest plies from the leaves where it is tried (its reduced
/// search is four plies shallower).
pub const PROBCUT_DEPTH: i32 = 5;
/// Where a game's search extends checks only far from the leaves
/// ([`Pruning::far_checks`]): at nodes more than this many plies from them.
pub const FAR_CHECKS: i32 = 6;
/// [`Pruning::deep_futility`]: the most plies from the leaves where a static score far above
/// beta cuts the node (beyond [`FUTILITY`]'s depths).
pub const DEEP_FUTILITY: i32 = 7;
/// [`Pruning::deep_futility`]: how far above beta, a ply from the leaves, the static score
/// must stand to cut the node (`depth` times this).
pub const DEEP_FUTILITY_MARGIN: i32 = 150;
/// [`Pruning::deep_futility`]: in a search whose root's static score stands this high either
/// way (the game is decided: [`Pruning::decided_root_only`]), where the static score stands
/// this high, or beta this low, nothing is cut: the lines of a decided position are searched
/// for the mate, not answered with the static score (with the cut, a mate in three, the
/// defender's nodes cut by their static score, went unseen at nine plies, and past a depth of
/// nine in 3 s). From a balanced root the cut is made in decided positions too, as the search
/// of 224333f made it everywhere: where the game is still open, the decided positions of its
/// tree are the lines that give material away, and the plies the cut saves there count more
/// than a mate far down them. 224333f against level 8 on games 81-120 of the same balanced
/// openings (`koma match shogi level:8 fsf:8 --movetime 1000 --paired --opening-level 3
/// --games 20 --first 80 --record`, and `--first 100`): 23-0-17 (9-0-11, 14-0-6), where the
/// search with the bound everywhere scored 14-1-25 (17 games won only by 224333f, 8 only by
/// the other); over games 1-120, **69-0-51 (57.5 %)** against 53-1-66 (44.6 %), 36 games won
/// only by 224333f and 20 only by the bound everywhere (a sign test's two-sided p ≈ 0.044).
/// The search from a balanced root is 224333f's; from a decided root it is the bound's, and
/// finds the mates in three. `level:8/wonbound` keeps the bound in every search. As built
/// (00f3c0f's search) it scored 86-1-73 (54.1 %) against level 8 in games 121-280 (`--first
/// 120` to `--first 260` in steps of 20, the same command otherwise; all games counted).
///
/// The bound in every search, measured against the search without it (self-play, 100 games
/// at 100 ms a move, balanced openings, in a build with the switches): 47.5 % with both
/// bounds, 47.0 % with beta's alone (which alone keeps the mate found); within chance of
/// even, and against level 8 the search with it scored 48.8 % where the search without it
/// scored 57.5 % in the same 80 games (44.6 % over 120; README).
///
/// Tried and left out: the cut in a decided position after all, unless the side to move is
/// threatened with mate (quiescence's first ply after a pass, with the checking drops, scoring
/// a mate). It keeps the mates in three found, and in a second the search finished 10.36 plies
/// on average where the search with the bound finished 10.12 and the cut everywhere 10.44 (95
/// positions of games of the top level against itself, two searches at a time, a build with
/// switches for the three). Against level 8 on the same 80 balanced games (440235b, `koma
/// match shogi level:8 fsf:8 --movetime 1000 --paired --opening-level 3 --games 40 --record`,
/// and `--first 40`): 38-0-42 (47.5 %; 9-0-11, 8-0-12, 13-0-7, 8-0-12), where the search
/// with the bound scored 39-0-41; 41 games ended the other way (20 won only with the guard, 21
/// only with the bound). Set before the games: kept only with 39 wins or more.
pub const DEEP_FUTILITY_WON: i32 = 3000;
/// The longest run of captures quiescence follows (chu's many captures, lion double captures
/// among them, would otherwise swallow a whole search).
const MAX_QPLY: u32 = 8;

/// A score as USI reports it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, from the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// The score of a raw search value.
    pub fn from_raw(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-((MATE + s + 1) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

/// How long to search: whichever limit comes first (none: until stopped, up to the deepest
/// depth).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Plies.
    pub depth: Option<u32>,
    /// Nodes visited.
    pub nodes: Option<u64>,
    /// Milliseconds, by the caller's clock.
    pub time_ms: Option<u64>,
}

impl Limits {
    /// Both limits: the smaller of each.
    pub fn min(&self, other: &Limits) -> Limits {
        fn m<T: Ord + Copy>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(x), Some(y)) => Some(x.min(y)),
                (x, None) => x,
                (None, y) => y,
            }
        }
        Limits {
            depth: m(self.depth, other.depth),
            nodes: m(self.nodes, other.nodes),
            time_ms: m(self.time_ms, other.time_ms),
        }
    }
}

/// The caller's clock and stop flag.
pub trait Control {
    /// Milliseconds since the search began.
    fn elapsed_ms(&self) -> u64;
    /// Whether the search must stop now (a `stop` command, a page closed).
    fn should_stop(&self) -> bool {
        false
    }
}

/// No clock: time limits never end a search (use node limits).
pub struct NoClock;

impl Control for NoClock {
    fn elapsed_ms(&self) -> u64 {
        0
    }
}

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

/// The engine: its transposition table and level, kept from move to move.
pub struct Engine {
    tt: Tt,
    level: Level,
    seed: u64,
    method: crate::multi::Method,
    prune: Pruning,
    eval: Option<std::sync::Arc<dyn Evaluator + Send + Sync>>,
    evals: EvalCache,
    /// The last search's root searches in full after a missed aspiration window (for tests).
    #[cfg(test)]
    full_windows: usize,
}

/// The static scores of positions met, by hash: quiescence and the futility tests ask for the
/// same positions many times over (from one iteration to the next, and in transpositions), and
/// the learnt evaluations' king's zone costs attack counts. A hit returns what the evaluation
/// would, so the search visits the same nodes with the cache as without it.
struct EvalCache {
    slots: Vec<(u64, i32)>,
}

/// Slots in the cache (a power of two; 16 bytes each).
const EVAL_SLOTS: usize = 1 << 16;

impl EvalCache {
    fn new() -> EvalCache {
        EvalCache {
            slots: vec![(0, 0); EVAL_SLOTS],
        }
    }

    fn clear(&mut self) {
        self.slots.fill((0, 0));
    }

    /// The score of `pos` for the side to move.
    #[inline]
    fn score(&mut self, eval: &dyn Evaluator, pos: &Position) -> i32 {
        let key = pos.hash();
        let slot = &mut self.slots[(key as usize) & (EVAL_SLOTS - 1)];
        // the key 0 marks an empty slot: such a position is scored every time
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let s = eval.score(pos, pos.turn());
        *slot = (key, s);
        s
    }
}

/// The search's selective parts, kept where a match shows they gain.
///
/// Null-move pruning with reductions that grow with depth ([`Pruning::null_scaled`]) is on in
/// minishogi ([`crate::eval::Evaluator::null_move`]). Against itself at 100 ms a move it
/// lost: 39.0 % over 100 games (39-0-61: `koma match minishogi level:8/null2 level:8 --movetime
/// 100 --paired --opening-level 3 --games 100`, in the build where `null2` turned it on); at
/// 300 ms a move it won 55.0 % over 100 (55-0-45: the same with `--movetime 300 --first 100
/// --games 50`, and `--first 150 --games 50`: 31-0-19, 24-0-26). Against Fairy-Stockfish's
/// level 8 at 1000 ms a move, on balanced openings (chosen by level 3) played from both seats,
/// it scored 46.7 % over 60 games (28-0-32: `koma match minishogi level:8/null2 fsf:8
/// --movetime 1000 --paired --opening-level 3 --games 20 --record`, `--first 20 --games 20`
/// and `--first 40 --games 20`: 13-0-7, 11-0-9, 4-0-16), where the search without it scored
/// 35.0 % in the same 60 games (21-0-39: 7-0-13, 6-0-14, 8-0-12). Of the 21 games whose
/// winner differed, the search with it won 14. Games 61-80 with it: 9-0-11, so 46.2 % over
/// 80 (37-0-43): lishogi's level 8 is not reached. A deeper search is what it buys, and a
/// move's second counts more than a tenth's: at 100 ms the reduced searches miss as much as
/// they save. With the openings of four random plies the ladder used before, 39 of 40 games
/// against level 8 had the same winner with it and without it (20-0-20 with it, 19-0-21
/// without): such openings give pieces away, and the game is decided before the engines
/// meet. The reductions of the first null move (two plies, three
/// from seven plies from the leaves) were even in minishogi (below). Measured in the same
/// session at 100 ms a move against the search without them (minishogi, `--paired
/// --opening-level 3`, 100 games each) and left out (the first also against Fairy-Stockfish,
/// below): no check extension, 46.0 % (46-0-54); late checks (not captures or promotions)
/// reduced a ply less than late quiet moves, 48.0 % (48-0-52); the table in clusters of four
/// slots (a key's own slot, else an empty one, else an older search's or the shallowest),
/// 51.0 % (51-0-49).
///
/// Measured against Fairy-Stockfish's level 8 at 1000 ms a move on the same balanced openings
/// (`koma match minishogi level:8/<switch> fsf:8 --movetime 1000 --paired --opening-level 3
/// --first 80 --games 20 --record`: games 81-100), where the search as built scored 10-0-10
/// (7-0-13 in games 101-120 and 22-0-18 in games 121-160, so 47.5 % over games 1-160,
/// 76-0-84: level 8 is not reached), each change alone in a
/// build that had the switches (7d7b4d5), and left out: singular extensions (from six plies
/// from the leaves, the table's move, stored as a lower bound or exact from at most three
/// plies shallower, searched a ply deeper where every other move fails below its score less
/// two a ply at half the depth; a cut where that bound reaches beta), 7-0-13; no check
/// extension, 7-0-13; late-move reductions a ply smaller for a quiet move of positive history
/// and a ply larger for one of negative history, 9-0-11; null moves that heed the table (none
/// where it holds an upper bound below beta, and its bound refining the static score),
/// 3-0-13 in games 81-96, where the search as built won 8, and stopped; null reductions a
/// ply deeper (`4 + depth / 3`, one more for each 170 the static score stands above beta, at
/// most six more), 10-0-18 in games 81-96 and 101-112, where the search as built scored
/// 14-0-14, and stopped; 40 taken from every static score for the side to move, 9-0-11; 80
/// taken, 10-0-10, and in games 101-120 and 1-20 9-0-11 and 11-0-9 (the search as built 7-0-13
/// and 13-0-7): 50.0 % over 60 games, the same as the search as built in the same games (the
/// side to move's bonus in the evaluation, which makes the scores swing between odd and even
/// depths, made smaller).
///
/// Measured the same way in a later session, on games 201-240 (`--first 200 --games 20` and
/// `--first 220`), where the search as built scored 13-0-7 and 7-0-13, each alone in a build
/// that had the switch (551bc55 and c233aab), and left out: reverse futility four to six plies
/// from the leaves (a node whose static score, refined by the table, stands 850, 1050 or 1250
/// above beta is cut), 9-0-11 in games 201-220 (2 games won only with it, 6 only without); the
/// history moved by gravity (a bonus of depth squared, at most 1200, less the entry's share of
/// it out of 16,384, so that entries fade where they saturated at 700,000), 16-0-24 over
/// games 201-240 (11-0-9, 5-0-15); no ProbCut (`level:8/noprobcut`), 10-0-10 in games
/// 201-220; captures that lose on the exchange reduced and skipped late as quiet moves,
/// 10-0-10 (3 games won only with them, 6 only without). And the checks that lose the
/// checker, even in minishogi against itself (below), count here: without them
/// (`level:8/nobadchecks`) 4-0-16 in games 201-220, where the search as built won 13.
///
/// Null-move pruning is off in the other games: measured in standard shogi, the top level
/// with it scored 46.2 % against the top level without it (18 wins, 1 draw, 21 losses, 40
/// games at 50k nodes a move:
/// `koma match shogi level:8/null level:8 --games 40 --nodes 50000`). Shogi's drops leave few
/// quiet positions where passing is safe to assume, and a reduced search misses the attacks
/// that decide them. Minishogi's null moves in standard shogi against Fairy-Stockfish's level
/// 8 (`koma match shogi level:8/null2 fsf:8 --movetime 1000 --paired --opening-level 3
/// --games 20 --record`): 4-0-16, the same as the search without them in the same games, 4
/// games won by each that the other lost; left out. Late-move reductions are on (see the
/// README for their match).
///
/// Futility pruning is on: off the principal variation, out of check, at the last three plies,
/// a node whose static score stands [`FUTILITY`] above beta is cut, quiet moves (no capture,
/// promotion or check) are skipped where the static score stands that far below alpha, and
/// beyond the first [`LATE_QUIET`] moves. Measured in standard shogi at 100 ms a move, the top
/// level with it scored 71.2 % against the top level without it (28 wins, 1 draw, 11 losses,
/// 40 games: `koma match shogi level:8 level:8/nofut --games 20 --movetime 100` and `--first 20
/// --games 20`).
///
/// Quiet checks in quiescence, history malus, internal iterative reduction, static exchanges
/// and aspiration windows are on. They were added one at a time, each measured against the
/// search before it (standard shogi, the top level, 40 games at 100 ms a move, two processes of
/// 20: `koma match shogi A B --movetime 100 --games 20` and `--first 20 --games 20`):
///
/// | added | score | wins-draws-losses |
/// |---|---|---|
/// | quiet checks | 61.2 % | 23-3-14 |
/// | aspiration windows | 53.8 % | 20-3-17 |
/// | history malus | 62.5 % | 24-2-14 |
/// | internal iterative reduction | 67.5 % | 27-0-13 |
/// | static exchanges | 56.2 % | 22-1-17 |
///
/// The exchanges alone, before the others, scored 43.8 % (17-1-22); with all the others on,
/// the search with them scored 71.2 % against the search without (28-1-11: `level:8
/// level:8/nosee`), so they stay. All five together against the search before them:
/// 64.4 % over 80 games (51-1-28: `level:8 level:8/nochecks/noasp/nomalus/noiir/nosee`, games
/// 1-80 in four processes of 20). The quiet checks matter most in shogi, where a drop that
/// mates is one ply past any horizon; quiescence without them stands pat beside a mate.
///
/// Late quiet moves skipped from four to six plies from the leaves (after the first
/// [`LATE_DEEP`] moves, off the principal variation, out of check) and deeper reductions (a
/// second ply from four plies from the leaves after the eighth move, a third from eight plies
/// after the twentieth, off the principal variation) are on. Measured in standard shogi, the
/// top level with the part against the top level without it, 60 games at 50k nodes a move
/// (`koma match shogi level:8 level:8/nolatedeep --nodes 50000 --games 60`, and likewise
/// `nolmr2` and `nolatedeep/nolmr2`): the late moves skipped 53.3 % (32-0-28), the deeper
/// reductions 55.8 % (33-1-26), both 59.2 % (35-1-24). An unfinished iteration's root move that
/// had beaten the previous best in a finished search, played instead of the last finished
/// iteration's choice, scored 50.0 % (15-1-15 over 31 games) and was left out at first; it
/// is on now ([`Pruning::unfinished`]): measured again with each opening from both seats, the
/// openings chosen by level 3, at 100 ms a move in minishogi, 54.5 % over 200 games (109-0-91:
/// `koma match minishogi level:8 level:8/nounfinished --movetime 100 --paired --opening-level
/// 3 --games 100`, and `--first 100 --games 100`: 56-0-44, 53-0-47), and in standard shogi
/// 58.3 % over 120 (69-2-49: `--games 60` and `--first 60 --games 60`, 36-0-24, 33-2-25).
/// At a fixed time a move the iteration the clock cuts short takes about half the time, and
/// a move whose search at that depth finished and beat the move the last iteration chose is
/// the better guess.
///
/// Tried and left out (the same kind of match, the top level with the change against the top
/// level without it): reductions growing with the logarithms of depth and move number (one
/// less at principal-variation nodes) scored 37.5 % (15-0-25), and again 47.5 % (19-0-21)
/// with the five above; delta pruning in quiescence (a capture skipped when the static score
/// plus its victim and 200 stays at or below alpha) 47.5 % (18-2-20). With the five above:
/// null-move pruning 40.0 % (15-2-23); a counter-move in the ordering 52.5 % (21-0-19);
/// the check extension only for checks that do not lose the checker 50.0 % (20-0-20); quiet
/// moves that lose on the exchange skipped in the last three plies 37.5 % (15-0-25); the
/// static score cutting nodes 4 to 6 plies from the leaves (220 a ply above beta) 50.0 %
/// (20-0-20); quiescence cut by the table 56.2 % (21-3-16) and the late quiet moves skipped
/// sooner (after 6, 12, 20) 56.2 % (22-1-17), but both together 50.0 % (20-0-20). Before
/// internal iterative reduction and the exchanges: one more reduction for a quiet move with a
/// bad history and one less at principal-variation nodes, 50.0 % (19-2-19). With the learnt
/// table: a continuation history (quiet moves ordered by their history plus what they gained
/// as answers to the move just played, by the piece and cell of each), 50.8 % (30-1-29, 60
/// games at 100 ms a move); quiet moves of equal history ordered by what they gain by the
/// learnt table's piece-on-cell and hand weights, 53.3 % (32-0-28) at 50k nodes but 48.3 %
/// (29-0-31) at 100 ms, 60 games each; drops within two steps of the enemy king first among
/// quiet moves of equal history, 51.7 % (31-0-29, 60 games at 100 ms).
///
/// Checks that lose the checker are searched as quiet moves (a move that checks directly and
/// loses on the static exchange: mostly a piece dropped next to the king where it is taken for
/// nothing). Shogi's hands make such checks many, and each was extended and never reduced or
/// skipped. Measured in standard shogi at 100 ms a move, the top level with it against the top
/// level without it: 63.3 % over 120 games (76-0-44: `koma match shogi level:8 level:8/nobadchecks
/// --movetime 100 --games 60`, and `--first 60 --games 60`). In minishogi it is even: 51.0 %
/// over 300 games (153-0-147, the same command with `minishogi`, in four processes), and it
/// stays on there too. Measured in shogi, 60 games at 100 ms each, and left out: before the
/// bad checks, the table in quiescence (its cuts and its move first, quiescence's results
/// stored at depth 0), 46.7 % (28-0-32), and the late quiet moves skipped sooner (after 6, 12,
/// 20) again, 50.0 % (30-0-30); no check extension at all, 60.0 % (36-0-24) before the bad
/// checks but 37.5 % (22-1-37) with them. With the bad checks: captures that lose on the
/// exchange searched as quiet moves too, 52.9 % over 120 games (62-3-55); promotions (not
/// captures) that lose on the exchange searched as quiet moves and skipped in quiescence,
/// 36.7 % (21-2-37); in check, an evasion that loses on the exchange (after the third)
/// searched a ply shallower first, 38.3 % (22-2-36); a piece's move that declines a promotion
/// keeping all its movements (a pawn, a rook, a bishop not promoting in the zone) ordered after
/// the other quiet moves, 40.0 % (23-2-35).
///
/// The aspiration window spans the last two iterations' scores ([`Pruning::aspiration_span`]).
/// Measured with each opening played from both seats (`--paired`), 100 ms a move, against the
/// window around the last score alone: in standard shogi 66.7 % over 60 games (39-2-19: `koma
/// match shogi level:8 level:8/asplast --movetime 100 --games 60 --paired`), in minishogi
/// 53.2 % over 400 (213-0-187, `--games 200` and `--first 200 --games 200`). Widening a missed
/// window by 240 on each side before searching in full, on top of it, was even: 48.6 % in
/// shogi (18-0-19, 37 games), 55.8 % in minishogi (53-0-42, 95 games); a narrower span (35
/// each side, not 60) was even too: 47.5 % in shogi (27-3-30, 60 games) and 48.5 % in
/// minishogi (97-0-103, 200); both left out.
///
/// A missed window is widened on the side that missed ([`Pruning::widen`]) rather than
/// searched in full at once. Measured the same way (each opening from both seats, the
/// openings chosen by level 3, 100 ms a move), the top level with it against the top level
/// that searches in full after the first miss: 58.8 % in standard shogi over 120 games
/// (69-3-48: `koma match shogi level:8 level:8/nowiden --movetime 100 --paired
/// --opening-level 3 --games 60`, and `--first 60 --games 60`: 39-1-20, 30-2-28) and 54.5 %
/// in minishogi over 200 (109-0-91, `--games 100` twice: 58-0-42, 51-0-49). Nodes to the same
/// depth do not tell it: with the steps of reductions, minishogi at nine plies from 59
/// positions of recorded games took 10.2 million with it and 13.2 million without; with the
/// reductions by logarithms, four positions of one game at nine plies took 198k with it and
/// 172k without.
///
/// Aspiration windows themselves, measured again with the window spanning two scores (before
/// the widening): without them, 53.5 % in minishogi over 200 games (107-0-93) but 42.1 % in
/// standard shogi over 120 (49-3-68), the same kind of match (`level:8/noasp level:8`); they
/// stay. Quiet checks in quiescence in minishogi: without them 48.5 % over 200 (97-0-103,
/// `level:8/nochecks level:8`); they stay.
///
/// Late quiet moves skipped after half as many ([`LATE_QUIET`] and [`LATE_DEEP`] halved:
/// after 5, 9 and 15 moves one to three plies from the leaves, 20, 27 and 37 four to six) are
/// standard shogi's ([`crate::eval::Evaluator::late_moves`]). Measured first with the
/// widening (20, 28 and 38 four to six plies), the same kind of match: 55.0 % in standard
/// shogi over 120 games (66-0-54: 29-0-31, 37-0-23) and 51.5 % in minishogi over 200
/// (103-0-97: 52-0-48, 51-0-49), too little to tell from chance, and left out. Measured again
/// with shogi's network of 512,696 positions and the sums brought from the position before,
/// in a build that had the switch: 55.5 % in shogi over 200 games (108-6-86: `koma match
/// shogi level:8/late2 level:8 --movetime 100 --paired --opening-level 3 --games 100`, and
/// `--first 100 --games 100`: 54-3-43 each), 55.3 % over the 320 games of both matches, but
/// 44.0 % in minishogi over 200 (88-0-112: 48-0-52, 40-0-60), whose positions have a few
/// dozen moves where shogi's, with pieces in hand, have a hundred and more. So shogi skips
/// sooner and the other games keep these counts. A third of the counts in shogi (after 3, 6
/// and 10; 13, 18 and 25) against half: 49.3 % over 152 games (73-4-75), so half stays. With
/// the half: a further ply of reduction for a late quiet move of negative history (from five
/// plies, off the principal variation), 41.1 % over 84 games (34-1-49); left out.
///
/// Reductions by the logarithms of depth and move number ([`Pruning::log_reductions`]) replace
/// the steps of [`Pruning::deeper_reductions`]. Alone they were even (51.2 % in minishogi over
/// 400 games, above); with a ply more at nodes expected to cut, measured with the widening,
/// the same kind of match: 57.9 % in standard shogi over 120 games (69-1-50: `koma match shogi
/// level:8 level:8/steplmr --movetime 100 --paired --opening-level 3 --games 60`, and `--first
/// 60 --games 60`: 37-0-23, 32-1-27) and 53.5 % in minishogi over 200 (107-0-93: 54-0-46,
/// 53-0-47).
///
/// Standard shogi reduces more steeply ([`Pruning::steep_reductions`], its evaluation's
/// choice: [`crate::eval::Evaluator::steep_reductions`]): two thirds of the logarithms'
/// product where the other games take half. Fairy-Stockfish (wasm, in Node) reached depth 17
/// on 232k nodes in a second of a shogi middle game where the search reached depth 14 on 466k
/// (native). Against Fairy-Stockfish's level 7 (500 ms a move) on 60 balanced games
/// (`koma match shogi level:8 fsf:7 --movetime 500 --paired --opening-level 3 --games 20
/// --record`, `--first 20` and `--first 40`), the top level with the steeper reductions
/// scored 56.7 % (34-0-26: 9-0-11, 11-0-9, 14-0-6) where the search before scored 46.7 %
/// (28-0-32: 6-0-14, 11-0-9, 11-0-9); of the 28 games whose winner differed, 17 won with
/// them. Too few to rule out chance, but the only change measured against level 7 on
/// balanced openings that did better. In games 61-80 (`--first 60`) it scored 8-0-12 where
/// the search before scored 10-0-10: over 80 games 52.5 % (42-0-38) against 47.5 % (38-0-42),
/// 19 of the 34 games whose winner differed won with them. Against level 8 (1000 ms a move,
/// games 1-20) it scored 2-0-18 where the search before scored 4-0-16. `level:8/nosteep`
/// plays without them, `level:8/steep` with them in the other games.
///
/// Measured with the steeper reductions on, against level 7 on games 1-40 of the same
/// openings (`--games 20` and `--first 20`), where the search as built scored 20-0-20, and left
/// out; each in a build that read it from the environment (at fixed depth, with the setting
/// off, node for node the search as built): three quarters of the logarithms' product, 19-0-21
/// (7 games won only with it, 8 only without); quiet checks (not captures or promotions)
/// after the third move reduced as quiet moves, their extension kept, 18-0-22 (8 and 10); a
/// ply more of reduction where the static score is not above that of two plies up (the side
/// to move's position not improving), 13-0-27 (7 and 14); quiet moves reduced from the
/// second move, not the fourth, 12-0-28 (4 and 12). In minishogi the steeper reductions
/// (`level:8/steep`) against level 8 (1000 ms a move, games 81-120, `--first 80` and `--first
/// 100`) scored 17-0-23, the same as the search as built in those games (11 games won only
/// with them, 11 only without); minishogi keeps half.
///
/// Measured in the same session and left out (100 ms a move, the top level with the change
/// against the top level without it; the minishogi matches before `--paired`, each game its
/// own opening): the history kept apart for each side, 41.9 % in shogi (13-0-18, 31 games) and
/// 34.2 % in minishogi (26-0-50, 76 games); singular extensions (from six plies from the
/// leaves, the table's move, stored as a lower bound from at most three plies shallower,
/// extended by a ply when every other move fails below its score less two a ply at half the
/// depth, and a cut when they reach beta), 47.5 % in shogi (28-1-31, 60 games) and 45.3 % in
/// minishogi (24-0-29, 53); the history kept from move to move, halved at each search, 44.6 %
/// in minishogi (50-0-62, 112); a third fewer late quiet moves where the static score is not
/// above that of two plies up, 42.6 % in minishogi (23-0-31, 54); the late quiet moves skipped
/// half as late again, 44.2 % in shogi (26-1-33, 60) and 35.6 % in minishogi (26-0-47, 73);
/// null-move pruning off the principal variation, 50.5 % in minishogi (101-0-99, 200 games,
/// `--paired`). How far a match strays by chance: the same engine on both sides scored 42.5 %
/// in minishogi over 80 games (34-0-46) with an opening a game, which is why matches since
/// play each opening from both seats. Tried without a match: the table's move played before
/// the other moves are generated (where it cuts, they never are) searched at the same speed
/// on a shogi midgame, and was left out.
///
/// The table refines the futility tests' static score ([`Pruning::tt_stand`]) and ProbCut
/// ([`Pruning::probcut`]) are on. Measured with each opening from both seats, 100 ms a move,
/// the top level with the part against the top level without it: the refinement 59.2 % in
/// standard shogi over 120 games (71-0-49: `koma match shogi level:8 level:8/nottstand
/// --movetime 100 --games 60 --paired`, and `--first 60 --games 60`) and 53.0 % in minishogi
/// over 200 (106-0-94); ProbCut, with the refinement on both sides, 56.7 % in shogi over 120
/// (67-2-51: `level:8 level:8/noprobcut`; 54.2 %, 32-1-27 over 60, without the refinement)
/// and 51.0 % in minishogi over 200 (102-0-98). Both against neither at 500 ms a move, in
/// shogi: 73.4 % over 32 games (23-1-8). Measured the same way with the refinement and
/// left out: quiescence's standing score refined by the table as well, 44.2 % (26-1-33, 60
/// games); and with both: the refined static score cutting nodes four to six plies from the
/// leaves (160 a ply above beta), 48.3 % (29-0-31); null-move pruning off the principal
/// variation, 40.0 % (24-0-36); futility margins of 150, 300 and 500, 46.7 % (28-0-32); a
/// further ply of reduction for a late quiet move of negative history (from five plies, off
/// the principal variation), 54.6 % in shogi over 120 games (65-1-54) but 48.0 % in minishogi
/// over 200 (96-0-104); a further ply of reduction at nodes expected to cut (the null-window
/// searches of later moves, the first move below them expected to fail low, and so on in
/// turn), 53.3 % (32-0-28, 60 games): none shown to gain.
///
/// Quiescence takes most of the nodes in a sharp middle game (`koma usi`, `position sfen
/// l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn3p 1`, `go depth 6`: 626k
/// of 722k nodes, nine times the main search's leaves), so two ways to trim it were measured
/// the same way and left out. Once an evasion has been searched, the quiet evasions after the
/// second and those that lose on the exchange skipped: 10 % fewer nodes on that position,
/// 48.8 % in shogi over 120 games (58-1-61). Delta pruning (a capture, not a promotion, a
/// check or a recapture, skipped when the static score plus twice its victim, which leaves
/// the board and joins the hand, plus 150 stays at or below alpha): 28 % fewer nodes there
/// for the same move, but 50.0 % in shogi over 120 games (58-4-58) and 50.0 % in minishogi
/// over 200 (100-0-100).
///
/// Also left out, in the same kind of match: reductions by the logarithms of depth and move
/// number (half their product, rounded, at least one and one less at principal-variation
/// nodes) in place of the steps above, 51.2 % in minishogi over 400 games (205-0-195); and at
/// the root, the moves ordered by the last iteration's scores and late quiet ones (after the
/// third, from three plies) searched a ply shallower first (two after the tenth, from six),
/// 50.0 % in shogi over 120 (58-4-58). Both together against Fairy-Stockfish's level 7 (500 ms
/// a move, shogi): 15.0 % over 40 games (6-0-34), where the search without them scored 12.5 %
/// in the same 40 games and 17.5 % over 80.
///
/// Where the games against Fairy-Stockfish's level 8 are lost. Two of them (the ladder's games 81
/// and 82, `--first 80`) were replayed with both engines scoring every position the top level had
/// to move in (Fairy-Stockfish 1.5 s, the search 1 s, each by its own USI). In game 81 the top
/// level stood better by Fairy-Stockfish's own reckoning for sixty plies (up to +985 at ply 100),
/// and let it go in the sharp middle game that followed, both sides with pieces in hand and kings
/// open, where its search finished six to nine plies where Fairy-Stockfish's finished eleven to
/// thirteen; in game 82 Fairy-Stockfish's score fell from +178 to -255 over plies 63-71 while the
/// top level's stayed at +392 to +73, a misjudgement rather than a tactic. At ply 122 of game 81
/// the search did not finish its seventh iteration in 3 s (1.8M nodes, its score falling from
/// +1,807 to -441), where without the aspiration window it finished the eighth in 1.95 s, and
/// without the check extension the ninth in 1 s. Over 80 positions of eight lost games (every
/// eighth ply from the 40th) the depth finished in 1 s averaged 9.83 plies; 10.11 without the
/// window, 10.25 with the check extension only within as many plies from the root as the
/// iteration's depth (not twice as many), and 10.53 with late quiet moves at the root (after the
/// third, from three plies) searched shallower first by the logarithms' reduction less one, the
/// root's moves ordered as a node's. Both were measured, each in a build that had it as a switch,
/// and left out (`--movetime 100 --paired --opening-level 3`, 100 games each, two processes of 50):
/// the reductions at the root 47.5 % against the search as built (46-3-51); the shorter check
/// extension 56.0 % (56-0-44: 24-0-26, 32-0-18), and against level 8 (1000 ms a move, games 1-40,
/// `--games 20 --record` and `--first 20`) 16-0-24 (7-0-13, 9-0-11), where the search as built
/// scored 14-0-26 in the same games (of the 24 games whose winner differed it won 13); in games
/// 41-80 (`--first 40` and `--first 60`) 14-0-26 (5-0-15, 9-0-11), where the search as built scored
/// 16-0-24: over 80 games 30-0-50, the same as the search as built, each winning 21 of the 42 games
/// whose winner differed. The depth it buys in the sharp positions does not turn the games. The
/// static scores' cache at 256k or 1M slots (not 64k) searched no faster (1.5M nodes on three shogi
/// positions).
///
/// Checks extended only far from the leaves ([`Pruning::far_checks`]) are standard shogi's
/// (`level:8/nearchecks` extends them at every node as before, `level:8/farchecks` in the other
/// games). Measured on 95 positions of twenty games of the top level against itself (`koma match
/// shogi level:8 level:8 --movetime 100 --paired --opening-level 3 --games 10 --record`, and
/// `--first 10`; every twelfth ply from the 24th, every second one kept), the depth finished in
/// 1 s by `koma usi` (`usinewgame` before each): 8.91 plies on average as built, where
/// Fairy-Stockfish (wasm, in Node, Hash 16) finished 12.66 on 0.56 times the nodes (8.5M in all,
/// against 15.1M). Checks extended only at nodes more than six plies from the leaves (the rule
/// Fairy-Stockfish follows, without its test of the static score): 9.59; more than three: 9.44;
/// never: 9.92. Against the search as built at 100 ms a move (`koma match shogi
/// level:8/<switch> level:8 --movetime 100 --paired --opening-level 3 --games 50`, and `--first
/// 50`) the first scored 49.0 % (49-0-51: 24-0-26, 25-0-25), even where a second's depth counts
/// least. Against Fairy-Stockfish's level 8 (1000 ms a move, `--games 20 --record` and `--first
/// 20`, two processes): 20-1-19 in games 1-40 (12-0-8, 8-1-11), where the search as built scored
/// 14-0-26; built in (`koma match shogi level:8 fsf:8 --movetime 1000 --paired --opening-level 3
/// --first 40 --games 20 --record`, and `--first 60`): 19-0-21 in games 41-80 (7-0-13, 12-0-8),
/// where the search as built scored 16-0-24; over the 80 games 39-1-40 (49.4 %), where the search
/// as built scored 30-0-50 (37.5 %): nearly level 8, not yet.
///
/// Measured in the same session on those positions and left out: quiet moves that lose more than
/// `(30 - d) * d * d` on the exchange skipped within three or six plies of the leaves (off the
/// principal variation, out of check, not checking directly): 8.88 and 8.93 plies, no deeper;
/// quiescence trying at most two captures that neither promote nor check directly, and skipping
/// those whose victim and 155 leave the static score at or below alpha: 8.94. Continuation
/// histories (quiet moves ordered by their history plus what they gained as answers to the move
/// just played and to the side's own move before it, by the moving piece's kind and cell of
/// each) with a counter move (the quiet move that last cut after the move just played, after the
/// killers): 6.6 % fewer nodes to depth 7 on all 189 positions (16.1M against 17.3M) but as many
/// fewer nodes a second, so no faster. One position's search to depth 6 (the 40th of the
/// 189) took 156k nodes as built and 45k without quiet checks in quiescence; its fourth
/// iteration alone took 105k: the checks that quiescence tries at its first ply, each answered
/// by every evasion.
///
/// The static score corrected by what the searches found (3ecef57, standard shogi): two
/// tables by the side to move, one keyed by both kings' cells and the pieces on their eight
/// neighbours, one by both hands, each keeping a moving average of a node's search score less
/// its static score (weighted by depth, from nodes out of check whose best move is no capture
/// and whose bound lies away from the static score), at most 150 each, added wherever the
/// search asks for the static score (the futility tests, null moves, ProbCut, quiescence).
/// Against the search without it at 100 ms a move: 57.0 % over 100 games (54-6-40: `koma
/// match shogi level:8/corr level:8 --movetime 100 --paired --opening-level 3 --games 50`,
/// and `--first 50`: 28-4-18, 26-2-22). Against level 8 (1000 ms a move, `koma match shogi
/// level:8/corr fsf:8 --movetime 1000 --paired --opening-level 3 --games 40 --record`, and
/// `--first 40`; the mark set before the games: kept with 40 points of 80), stopped after
/// games 1-22 and 41-61 at 17-0-26 (39.5 %; 8-0-14, 9-0-12), where the search as built scored
/// 25 points in the same 43 games (15 won only by it, 7 only with the correction); left out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pruning {
    /// Null-move pruning (two-player games, out of check, past setup and placement; off the
    /// principal variation, where the static score stands at or above beta), with a reduction
    /// of two plies (three from seven plies from the leaves). Minishogi turns it on with
    /// [`Pruning::null_scaled`] ([`crate::eval::Evaluator::null_move`]).
    pub null_move: bool,
    /// Late-move reductions.
    pub reductions: bool,
    /// Futility pruning near the leaves ([`FUTILITY`]): a node whose static score is far above
    /// beta is cut, quiet moves that cannot bring a static score far below alpha back are
    /// skipped, and so are the latest quiet moves at the shallowest depths.
    pub futility: bool,
    /// Quiet checks in quiescence: at its first ply, moves and drops that check directly and
    /// do not lose the checker on the static exchange are searched with the captures.
    pub quiet_checks: bool,
    /// Static exchanges: quiescence skips captures that lose material on the exchange, and the
    /// main search tries them after the quiet moves.
    pub exchanges: bool,
    /// Internal iterative reduction: a node four or more plies from the leaves with no move
    /// from the table is searched a ply shallower.
    pub iir: bool,
    /// Aspiration windows: from depth 4 the root is searched within 60 of the last
    /// iterations' scores ([`Pruning::aspiration_span`]), and again in full when the score
    /// falls outside.
    pub aspiration: bool,
    /// History malus: at a cut by a quiet move, the quiet moves tried before it lose what it
    /// gains.
    pub history_malus: bool,
    /// Late quiet moves skipped deeper: off the principal variation, out of check, from four
    /// to six plies from the leaves, a quiet move once more than [`LATE_DEEP`] moves were
    /// tried.
    pub late_deep: bool,
    /// Deeper late-move reductions: a second ply from four plies from the leaves (after the
    /// eighth move), a third after the twentieth from eight (with
    /// [`Pruning::log_reductions`] off).
    pub deeper_reductions: bool,
    /// Checks that lose the checker: a move that checks directly and loses on the static
    /// exchange is searched as a quiet move (not extended, and reduced and skipped late like
    /// one).
    pub bad_checks: bool,
    /// The aspiration window spans the last two iterations' scores (from the lower less 60 to
    /// the higher plus 60), not the last one's alone. Where the score swings between odd and
    /// even depths (the side to move's bonus counts for the other side at every other depth:
    /// in minishogi by about 170 from one iteration to the next), a window around the last
    /// score alone missed at every iteration, and the root was searched twice.
    pub aspiration_span: bool,
    /// The table refines the static score of the futility tests: where the table holds a
    /// score for the position that bounds the true one beyond the static score (a lower bound
    /// above it, an upper bound below it, or an exact score), the futility tests take that
    /// score instead. It comes from a search of the position, shallower than this one (else it
    /// would have answered), but deeper than the evaluation.
    pub tt_stand: bool,
    /// ProbCut: off the principal variation, out of check, from [`PROBCUT_DEPTH`] plies from
    /// the leaves, the first captures that do not lose on the static exchange (at most three,
    /// and only those the static score plus their exchange brings within 100 of the raised
    /// bound) are searched against beta raised by [`PROBCUT_MARGIN`]: quiescence first, then
    /// four plies shallower. A capture that beats the raised bound cuts the node.
    pub probcut: bool,
    /// An unfinished iteration's move: where the clock or a stop cuts an iteration short after
    /// a root move's search finished within the window and beat every move searched before it
    /// at that depth (the previous best is searched first), that move is played, not the last
    /// finished iteration's choice. Only at the top of the window (no margin).
    pub unfinished: bool,
    /// Reductions by the logarithms of depth and move number (`log_reduction`): half their
    /// product, rounded, one less at principal-variation nodes and one more at nodes expected
    /// to cut, at least one, and never to below one ply; in place of the steps of
    /// [`Pruning::deeper_reductions`]. A node is expected to cut where its parent searched it
    /// reduced, or where its parent was expected not to (the first reply to a node expected to
    /// cut is expected to fail low, and the reply to that to cut).
    pub log_reductions: bool,
    /// A missed aspiration window is widened on the side that missed, not given up at once:
    /// after a fail low its top moves to its middle and its bottom to the score less a step,
    /// after a fail high its top to the score plus the step (the move that failed high
    /// searched first). The step starts at 60 and grows by half at each miss; after the
    /// fourth miss, or past a mate's score, the root is searched in full.
    pub widen: bool,
    /// Null-move reductions that grow with depth and with the static score's lead over beta
    /// (with [`Pruning::null_move`]): `3 + depth / 3`, and one more ply for each 200 the
    /// static score stands above beta, at most three more.
    pub null_scaled: bool,
    /// Null moves as the game's evaluation asks ([`crate::eval::Evaluator::null_move`]): off,
    /// the game's choice is ignored (to measure it).
    pub game_null_move: bool,
    /// Steeper reductions by logarithms (with [`Pruning::log_reductions`]): two thirds of the
    /// product of the logarithms, not half. Standard shogi's choice
    /// ([`crate::eval::Evaluator::steep_reductions`]).
    pub steep_reductions: bool,
    /// Steeper reductions as the game's evaluation asks
    /// ([`crate::eval::Evaluator::steep_reductions`]): off, the game's choice is ignored (to
    /// measure it).
    pub game_reductions: bool,
    /// Checks extended only far from the leaves: at nodes more than [`FAR_CHECKS`] plies from
    /// them, not at every node. Standard shogi's choice
    /// ([`crate::eval::Evaluator::far_checks`]).
    pub far_checks: bool,
    /// Checks extended as the game's evaluation asks ([`crate::eval::Evaluator::far_checks`]):
    /// off, the game's choice is ignored (to measure it).
    pub game_far_checks: bool,
    /// Futility's cut by the static score carried beyond [`FUTILITY`]'s three plies, up to
    /// [`DEEP_FUTILITY`] plies from the leaves: off the principal variation, out of check, a
    /// static score (or the table's bound beyond it, as near the leaves) [`DEEP_FUTILITY_MARGIN`]
    /// times the depth above beta returns it; in a search from a decided root
    /// ([`Pruning::decided_root_only`]), not where it or minus beta stands at
    /// [`DEEP_FUTILITY_WON`] or more. Standard shogi's choice
    /// ([`crate::eval::Evaluator::deep_futility`]).
    pub deep_futility: bool,
    /// Deep futility as the game's evaluation asks
    /// ([`crate::eval::Evaluator::deep_futility`]): off, the game's choice is ignored (to
    /// measure it).
    pub game_deep_futility: bool,
    /// [`DEEP_FUTILITY_WON`]'s bound on the deep cut holds only in a search whose root is
    /// decided (its static score at the bound or beyond, either way); from a balanced root
    /// the cut is made in decided positions too. Off, the bound holds in every search.
    pub decided_root_only: bool,
}

impl Default for Pruning {
    fn default() -> Self {
        Pruning {
            null_move: false,
            reductions: true,
            futility: true,
            quiet_checks: true,
            exchanges: true,
            iir: true,
            aspiration: true,
            history_malus: true,
            late_deep: true,
            deeper_reductions: true,
            bad_checks: true,
            aspiration_span: true,
            tt_stand: true,
            probcut: true,
            unfinished: true,
            log_reductions: true,
            widen: true,
            null_scaled: false,
            game_null_move: true,
            steep_reductions: false,
            game_reductions: true,
            far_checks: false,
            game_far_checks: true,
            deep_futility: false,
            game_deep_futility: true,
            decided_root_only: true,
        }
    }
}

impl Engine {
    /// An engine with a transposition table of about `tt_mb` megabytes, at the top level.
    pub fn new(tt_mb: usize) -> Engine {
        Engine {
            tt: Tt::new(tt_mb),
            level: Level::TOP,
            seed: 0x4B4F_4D41,
            method: crate::multi::METHOD,
            prune: Pruning::default(),
            eval: None,
            evals: EvalCache::new(),
            #[cfg(test)]
            full_windows: 0,
        }
    }

    /// Play at `level`.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// The level played.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The seed of the levels' controlled mistakes (the same seed, the same choices).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed | 1;
    }

    /// The three-player search's method (the default is [`crate::multi::METHOD`]).
    pub fn set_multi_method(&mut self, method: crate::multi::Method) {
        self.method = method;
    }

    /// Turn null-move pruning on, or late-move reductions or futility pruning off (to measure
    /// them).
    pub fn set_pruning(&mut self, prune: Pruning) {
        self.prune = prune;
    }

    /// Search the two-player games with `eval` instead of the game's own evaluation (none:
    /// the game's own), to measure one against the other ([`crate::eval::linear`]).
    pub fn set_evaluator(&mut self, eval: Option<std::sync::Arc<dyn Evaluator + Send + Sync>>) {
        self.eval = eval;
        self.evals.clear();
    }

    /// A new game: forget what was learnt.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.evals.clear();
    }

    /// Resize the transposition table (cleared).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.tt = Tt::new(mb);
    }

    /// Search the position reached by playing `moves` from `start` (the game so far, so that
    /// repetitions count), within `limits` and the level's own, reporting each finished
    /// iteration to `info`.
    pub fn search(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        control: &dyn Control,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let mut pos = start.clone();
        pos.forget_history();
        let rules = pos.rules();
        let mut path = vec![Step {
            hash: pos.hash(),
            played: None,
            null: false,
            check: None,
        }];
        for &mv in moves {
            let mover = pos.turn();
            let jitto = rules.is_pass_in_place(&pos, mv);
            pos.play_unchecked(mv);
            path.push(Step {
                hash: pos.hash(),
                played: Some(rules.played(mover, mv, jitto, &pos)),
                null: false,
                check: None,
            });
        }
        let settings = self.level.settings(pos.game());
        let limits = limits.min(&settings.limits);
        self.tt.next_search();
        self.seed = self
            .seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        if pos.variant().players() == 3 {
            let choice = crate::multi::Choice {
                margin: settings.margin,
                quiescence: settings.quiescence,
                seed: self.seed,
            };
            return crate::multi::search_with(
                self.method,
                choice,
                &mut pos,
                &limits,
                control,
                info,
                &path_hashes(&path),
            );
        }
        let pos_shows_check = pos.rules().shows_check();
        let eval = match &self.eval {
            Some(e) => e.as_ref(),
            None => evaluator(pos.game()),
        };
        let mut prune = self.prune;
        if prune.game_null_move && eval.null_move() {
            prune.null_move = true;
            prune.null_scaled = true;
        }
        if prune.game_reductions && eval.steep_reductions() {
            prune.steep_reductions = true;
        }
        if prune.game_far_checks && eval.far_checks() {
            prune.far_checks = true;
        }
        if prune.game_deep_futility && eval.deep_futility() {
            prune.deep_futility = true;
        }
        let null_ok = prune.null_move && !pos.is_placing() && pos.chu_setup().is_none();
        let (late_quiet, late_deep) = eval.late_moves();
        let mut s = Searcher {
            eval,
            pos,
            tt: &mut self.tt,
            evals: &mut self.evals,
            killers: vec![[None; 2]; MAX_PLY + 1],
            cut: vec![false; MAX_PLY + 2],
            full_windows: 0,
            history: Vec::new(),
            path,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            first_iteration: true,
            decided: false,
            iteration: 1,
            quiet_only: !settings.quiescence,
            checks_bind: pos_shows_check,
            null_ok,
            reductions: prune.reductions,
            futility: prune.futility,
            late_quiet,
            late_deep,
            prune,
            limits,
            control,
        };
        let cells = s.pos.variant().geometry.len();
        s.history = vec![0; cells * cells + 8 * cells + 1];
        let r = s.root(settings.margin, self.seed, info);
        #[cfg(test)]
        {
            self.full_windows = s.full_windows;
        }
        r
    }
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
    /// says so where their check is the position's: [`GameRules::played_check_is_in_check`]).
    ///
    /// [`GameRules::played_check_is_in_check`]: koma_rules::games::GameRules::played_check_is_in_check
    pub check: Option<bool>,
}

fn path_hashes(path: &[Step]) -> Vec<u64> {
    path.iter().map(|s| s.hash).collect()
}

/// The score of an ended game for the side to move at `ply`.
pub(crate) fn outcome_score(o: Outcome, to_move: Player, ply: usize) -> i32 {
    match o.winner {
        None => 0,
        Some(w) if w == to_move => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
}

struct Searcher<'a> {
    pos: Position,
    eval: &'a dyn Evaluator,
    tt: &'a mut Tt,
    evals: &'a mut EvalCache,
    killers: Vec<[Option<Move>; 2]>,
    /// Whether the node at each ply is expected to cut (set by its parent).
    cut: Vec<bool>,
    /// Root searches in full after a missed aspiration window.
    full_windows: usize,
    history: Vec<i32>,
    path: Vec<Step>,
    nodes: u64,
    seldepth: u32,
    stopped: bool,
    /// Searching depth 1 (see [`Searcher::out_of_time`]).
    first_iteration: bool,
    /// The root's static score stands at [`DEEP_FUTILITY_WON`] or more either way (see
    /// [`Pruning::decided_root_only`]).
    decided: bool,
    /// The iteration's depth: a check extends a line only up to twice this many plies.
    iteration: usize,
    /// Quiescence returns the static score at once (the first iteration past its limits).
    quiet_only: bool,
    /// Whether a royal left attacked must be answered (so quiescence tries every evasion).
    checks_bind: bool,
    /// Null moves may be tried (see [`Searcher::null_move_cuts`]).
    null_ok: bool,
    /// Late moves are searched shallower first.
    reductions: bool,
    futility: bool,
    /// The game's late quiet moves ([`Evaluator::late_moves`]).
    late_quiet: [usize; 3],
    late_deep: [usize; 3],
    prune: Pruning,
    limits: Limits,
    control: &'a dyn Control,
}

/// The moves of a node in the order they are searched: by their keys, highest first, and
/// among equal keys in the rules' order (stable: quiet moves of equal history keep the pieces'
/// moves before the drops, so that the late moves skipped near the leaves are drops, in shogi
/// hundreds of them; measured against Fairy-Stockfish's level 7 at 500 ms a move, an unstable
/// sort, which mixes them, lost all 21 games it played, 1-11 and 21-30, where the stable one
/// won 6 of games 1-40).
///
/// Most nodes that cut do so at one of their first moves, so the first [`Picker::LAZY`] are
/// picked one at a time (the first of the highest left, moved to the front with the others
/// kept in order) and the rest sorted only when asked for: the same order as a stable sort of
/// them all, without sorting the hundred moves and more of a shogi node that cuts at its
/// first. In a shogi middle game sorting took about 8 % of the search's time.
struct Picker {
    moves: Vec<Ordered>,
    next: usize,
}

impl Picker {
    /// The moves picked one at a time before the rest are sorted.
    const LAZY: usize = 3;
}

impl Picker {
    /// The next move: the first of the highest keys left (then, from the [`Picker::LAZY`]th
    /// on, the rest in a stable sort). A capture's static exchange (`see`) is worked out only
    /// once it would be picked, or when the rest are sorted: one that loses goes below the
    /// quiet moves, as it would with its exchange worked out in advance, so the order is the
    /// same; a node that cuts at its first moves never works out the exchanges of the others.
    fn next_with(&mut self, see: impl Fn(Move) -> i32) -> Option<Ordered> {
        let i = self.next;
        if i >= self.moves.len() {
            return None;
        }
        let rest = &mut self.moves[i..];
        if i < Self::LAZY {
            loop {
                // the first of the highest keys
                let mut top = 0;
                for (j, o) in rest.iter().enumerate().skip(1) {
                    if o.key > rest[top].key {
                        top = j;
                    }
                }
                if rest[top].pending {
                    rest[top].resolve(&see);
                    continue;
                }
                rest[..=top].rotate_right(1);
                break;
            }
        } else if i == Self::LAZY {
            for o in rest.iter_mut().filter(|o| o.pending) {
                o.resolve(&see);
            }
            rest.sort_by_key(|o| std::cmp::Reverse(o.key));
        }
        self.next += 1;
        Some(rest[0])
    }
}

/// A scored move for ordering.
#[derive(Copy, Clone)]
struct Ordered {
    mv: Move,
    key: i32,
    capture: bool,
    /// A capture that loses material on the static exchange (with [`Pruning::exchanges`]).
    losing: bool,
    /// A capture whose exchange is not yet worked out (its key as if it did not lose).
    pending: bool,
    /// The table's move: first whatever its exchange.
    hash: bool,
}

impl Ordered {
    /// Work out a pending capture's exchange: one that loses goes below the quiet moves.
    fn resolve(&mut self, see: &impl Fn(Move) -> i32) {
        self.pending = false;
        if see(self.mv) < 0 {
            self.losing = true;
            if !self.hash {
                self.key -= 2_000_000;
            }
        }
    }
}

impl Searcher<'_> {
    fn root(&mut self, margin: i32, seed: u64, info: &mut dyn FnMut(&Info)) -> SearchResult {
        let mut legal = self.pos.legal_moves();
        let to_move = self.pos.turn();
        let done = |score: i32| SearchResult {
            best: None,
            score: Score::from_raw(score),
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if let Some(o) = self.ended() {
            return done(outcome_score(o, to_move, 0));
        }
        if legal.is_empty() {
            let last = self.last_mover();
            let rules = self.pos.rules();
            let score = rules
                .position_outcome(&mut self.pos, last)
                .map_or(0, |o| outcome_score(o, to_move, 0));
            return done(score);
        }
        self.decided = self.evals.score(self.eval, &self.pos).abs() >= DEEP_FUTILITY_WON;
        let max_depth = self.limits.depth.unwrap_or(64).clamp(1, 64);
        let mut best = SearchResult {
            best: Some(legal[0]),
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            pv: vec![legal[0]],
        };
        let mut rng = seed;
        let mut prev: i32 = 0;
        let mut prev2: i32 = 0;
        for depth in 1..=max_depth {
            self.seldepth = 0;
            // the previous best first
            if let Some(b) = best.best
                && let Some(i) = legal.iter().position(|&m| m == b)
            {
                legal[..=i].rotate_right(1);
            }
            self.first_iteration = depth == 1;
            self.iteration = depth as usize;
            let aspire = self.prune.aspiration && margin == 0 && depth >= 4;
            // the window: around the last two iterations' scores (see `Pruning`)
            let span = self.prune.aspiration_span;
            let (lo, hi) = if span {
                (prev.min(prev2) - 60, prev.max(prev2) + 60)
            } else {
                (prev - 60, prev + 60)
            };
            let inside = prev.abs() < MATE_BOUND && (!span || prev2.abs() < MATE_BOUND);
            let (mut scores, mut complete) = if aspire && inside {
                self.root_moves(&legal, depth as i32, false, lo, hi)
            } else {
                self.root_moves(&legal, depth as i32, margin > 0, -INF, INF)
            };
            // scores above this are exact: the searches that gave them finished in the window
            let mut floor = if aspire && inside { lo } else { -INF };
            if aspire && inside {
                // a missed window: widened on the side that missed (`Pruning::widen`), or
                // given up for a search in full
                let (mut lo, mut hi) = (lo, hi);
                let mut delta = 60;
                let mut misses = 0;
                while complete && (lo, hi) != (-INF, INF) {
                    let top = scores.iter().map(|&(_, s)| s).max().unwrap_or(-INF);
                    if top > lo && top < hi {
                        break;
                    }
                    misses += 1;
                    if !self.prune.widen
                        || misses >= 4
                        || (top - delta).abs() >= MATE_BOUND
                        || (top + delta).abs() >= MATE_BOUND
                    {
                        (lo, hi) = (-INF, INF);
                        self.full_windows += 1;
                    } else if top <= lo {
                        hi = (lo + hi) / 2;
                        lo = top - delta;
                    } else {
                        hi = top + delta;
                        // the move that failed high first
                        if let Some(&(m, _)) = scores.iter().max_by_key(|&&(_, s)| s)
                            && let Some(i) = legal.iter().position(|&x| x == m)
                        {
                            legal[..=i].rotate_right(1);
                        }
                    }
                    delta += delta / 2;
                    (scores, complete) = self.root_moves(&legal, depth as i32, false, lo, hi);
                    floor = lo;
                }
            }
            if !complete && depth > 1 {
                if self.prune.unfinished
                    && margin == 0
                    && let Some(&(mv, score)) = scores.iter().max_by_key(|&&(_, s)| s)
                    && score > floor
                {
                    best.best = Some(mv);
                    best.score = Score::from_raw(score);
                    best.pv = self.pv(mv, depth as usize);
                    // the move played is the one the last line reported
                    info(&Info {
                        depth: best.depth,
                        seldepth: self.seldepth,
                        score: best.score,
                        nodes: self.nodes,
                        time_ms: self.control.elapsed_ms(),
                        pv: best.pv.clone(),
                    });
                }
                break;
            }
            let Some(top) = scores.iter().map(|&(_, s)| s).max() else {
                break;
            };
            let Some((chosen, score)) = choose(&scores, margin, &mut rng) else {
                break;
            };
            prev2 = prev;
            prev = score;
            let pv = self.pv(chosen, depth as usize);
            best = SearchResult {
                best: Some(chosen),
                score: Score::from_raw(score),
                depth,
                nodes: self.nodes,
                pv: pv.clone(),
            };
            info(&Info {
                depth,
                seldepth: self.seldepth,
                score: Score::from_raw(score),
                nodes: self.nodes,
                time_ms: self.control.elapsed_ms(),
                pv,
            });
            if !complete || self.stopped || top.abs() >= MATE_BOUND && margin == 0 {
                break;
            }
        }
        best.nodes = self.nodes;
        best
    }

    /// Each root move's score at `depth` (exact for every move when `all`, else exact for the
    /// best and bounds for the rest), and whether the iteration finished.
    fn root_moves(
        &mut self,
        legal: &[Move],
        depth: i32,
        all: bool,
        lo: i32,
        hi: i32,
    ) -> (Vec<(Move, i32)>, bool) {
        let mut alpha = lo;
        let beta = hi;
        let mut out = Vec::with_capacity(legal.len());
        for (i, &mv) in legal.iter().enumerate() {
            if !self.play(mv) {
                continue;
            }
            let check = self.in_check();
            let d = depth - 1 + i32::from(check);
            self.cut[1] = false;
            let score = if all {
                -self.negamax(d, -INF, INF, 1)
            } else if i == 0 {
                -self.negamax(d, -beta, -alpha, 1)
            } else {
                self.cut[1] = true;
                let s = -self.negamax(d, -alpha - 1, -alpha, 1);
                self.cut[1] = false;
                if s > alpha && !self.stopped {
                    -self.negamax(d, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            self.unplay();
            if self.stopped {
                return (out, false);
            }
            if all || score > alpha {
                alpha = alpha.max(score);
                out.push((mv, score));
                if !all && score >= beta {
                    // above the window: the caller searches again with a wider one
                    return (out, true);
                }
            } else {
                // a null-window search that failed low only bounds the score (at most alpha):
                // recorded below the best, so that the move that raised alpha is the one chosen
                out.push((mv, score.min(alpha - 1)));
            }
        }
        if let Some(&(mv, s)) = out.iter().max_by_key(|(_, s)| *s)
            && s > lo
        {
            let key = self.pos.hash();
            self.tt.store(key, Some(mv), s, depth as i16, Bound::Exact);
        }
        (out, true)
    }

    fn last_mover(&self) -> Option<Player> {
        self.path.last().and_then(|s| s.played).map(|p| p.mover)
    }

    /// A game that ends with moves left: whether it has ended here.
    fn ended(&mut self) -> Option<Outcome> {
        if !self.eval.ends_with_moves_left() {
            return None;
        }
        let last = self.last_mover();
        let rules = self.pos.rules();
        rules.position_outcome(&mut self.pos, last)
    }

    /// Play `mv` if the rules allow it, extending the line.
    fn play(&mut self, mv: Move) -> bool {
        let mover = self.pos.turn();
        let rules = self.pos.rules();
        let jitto = rules.is_pass_in_place(&self.pos, mv);
        if !self.pos.try_play(mv) {
            return false;
        }
        let played = rules.played(mover, mv, jitto, &self.pos);
        self.path.push(Step {
            hash: self.pos.hash(),
            played: Some(played),
            null: false,
            // the rules' record of the move says whether it checks: not worked out again
            check: rules.played_check_is_in_check().then_some(played.check),
        });
        true
    }

    /// Whether the side to move is in check, worked out once a position.
    fn in_check(&mut self) -> bool {
        if let Some(c) = self.path.last().and_then(|s| s.check) {
            return c;
        }
        let c = self.pos.in_check();
        if let Some(s) = self.path.last_mut() {
            s.check = Some(c);
        }
        c
    }

    /// Null-move pruning: off the principal variation (the caller's test), out of check, with
    /// the static score at or above `beta`, let the side to move pass and search the reply
    /// shallower; if even then the score holds at `beta`, the node is cut. Shogi's drops make
    /// zugzwang rare; the three-player game, 66 shogi's placement and chu's handicap steps
    /// (where a pass means something else) never try it.
    fn null_move_cuts(&mut self, depth: i32, beta: i32, ply: usize) -> bool {
        if !self.null_ok
            || depth < 3
            || ply == 0
            || beta.abs() >= MATE_BOUND
            || self.path.last().is_some_and(|s| s.null)
            || self.pos.variant().players() != 2
            || self.pos.is_placing()
        {
            return false;
        }
        let stand = self.evals.score(self.eval, &self.pos);
        if stand < beta {
            return false;
        }
        self.pos.play_unchecked(Move::Pass);
        self.path.push(Step {
            hash: self.pos.hash(),
            played: None,
            null: true,
            check: None,
        });
        let r = if self.prune.null_scaled {
            3 + depth / 3 + ((stand - beta) / 200).min(3)
        } else {
            2 + i32::from(depth > 6)
        };
        self.cut[ply + 1] = !self.cut[ply];
        let score = -self.negamax(depth - 1 - r, -beta, -beta + 1, ply + 1);
        self.unplay();
        !self.stopped && score >= beta
    }

    /// ProbCut ([`Pruning::probcut`]): the score of a capture whose reduced search beats beta
    /// by [`PROBCUT_MARGIN`], which cuts the node.
    fn probcut(&mut self, depth: i32, beta: i32, ply: usize, tt_move: Option<Move>) -> Option<i32> {
        let rbeta = (beta + PROBCUT_MARGIN).min(MATE_BOUND - 1);
        let mut list = Vec::with_capacity(64);
        self.pos.tactical_moves(&mut list);
        list.retain(|&m| self.victim(m).is_some());
        let mut ordered = self.order(&list, tt_move, ply);
        let stand = self.evals.score(self.eval, &self.pos);
        let mut tried = 0;
        while let Some(o) = ordered.next_with(|m| self.see(m)) {
            if tried >= 3 || o.losing {
                break;
            }
            if stand + self.see(o.mv) < rbeta - 100 {
                continue;
            }
            if !self.play(o.mv) {
                continue;
            }
            tried += 1;
            let mut score = -self.quiesce(-rbeta, -rbeta + 1, ply + 1, 0);
            if score >= rbeta {
                self.cut[ply + 1] = !self.cut[ply];
                score = -self.negamax(depth - 4, -rbeta, -rbeta + 1, ply + 1);
            }
            self.unplay();
            if self.stopped {
                return None;
            }
            if score >= rbeta {
                return Some(score);
            }
        }
        None
    }

    fn unplay(&mut self) {
        self.pos.undo();
        self.path.pop();
    }

    /// The score of a repetition of the current position within the line or the game, if it
    /// repeats one.
    fn repetition(&mut self, ply: usize) -> Option<i32> {
        let n = self.path.len();
        let here = self.path[n - 1].hash;
        // (not across a null move of the search's)
        let since = (0..n)
            .rev()
            .find(|&i| self.path[i].null)
            .map_or(0, |i| i + 1);
        let first = (since..n - 1).rev().find(|&i| self.path[i].hash == here)?;
        let span: Vec<Played> = self.path[first + 1..]
            .iter()
            .filter_map(|s| s.played)
            .collect();
        let o = self.pos.rules().repetition_outcome(&self.pos, &span);
        Some(outcome_score(o, self.pos.turn(), ply))
    }

    fn out_of_time(&mut self) -> bool {
        if !self.stopped {
            // the first iteration always finishes (every root move gets a score), unless the
            // caller stops the search: past a limit its remaining moves are scored without
            // quiescence
            if self.first_iteration {
                if must_stop(self.nodes, &self.limits, self.control) {
                    self.quiet_only = true;
                }
                self.stopped = self.nodes & 1023 == 0 && self.control.should_stop();
            } else {
                self.stopped = must_stop(self.nodes, &self.limits, self.control);
            }
        }
        self.stopped
    }

    fn history_index(&self, mv: Move) -> usize {
        let n = self.pos.variant().geometry.len();
        match mv {
            Move::Board { from, to, .. } | Move::Double { from, to, .. } => {
                from.index() * n + to.index()
            }
            Move::Drop { kind, to } => n * n + (kind.index() % 8) * n + to.index(),
            Move::Pass => n * n + 8 * n,
        }
    }

    /// What `mv` captures (the most valuable piece on its squares), if anything.
    fn victim(&self, mv: Move) -> Option<i32> {
        let me = self.pos.turn();
        let worth = |c: koma_rules::Cell| {
            let p = self.pos.piece(c);
            (!p.is_empty() && p.owner() != me).then(|| self.eval.value(p.kind()).max(50))
        };
        match mv {
            Move::Board { to, .. } => worth(to),
            Move::Double { mid, to, .. } => match (worth(mid), worth(to)) {
                (Some(a), Some(b)) => Some(a + b),
                (a, b) => a.or(b),
            },
            Move::Drop { .. } | Move::Pass => None,
        }
    }

    /// Whether `mv` puts a piece of a kind on a cell of `cells` (from
    /// [`Position::attack_cells`]) that attacks from there.
    fn checks_directly(&self, mv: Move, cells: &[(koma_rules::Cell, u64)]) -> bool {
        let (to, kind) = match mv {
            Move::Board { from, to, promote } => {
                let k = self.pos.piece(from).kind();
                let k = if promote {
                    self.pos.variant().kind(k).promotes_to.unwrap_or(k)
                } else {
                    k
                };
                (to, k)
            }
            Move::Drop { kind, to } => (to, kind),
            Move::Double { .. } | Move::Pass => return false,
        };
        cells
            .iter()
            .any(|&(c, m)| c == to && m >> kind.index() & 1 != 0)
    }

    /// The cells from which the side to move would check the enemy king directly
    /// ([`Position::attack_cells`]; none without an enemy king).
    fn check_cells(&self) -> Vec<(koma_rules::Cell, u64)> {
        let mut cells = Vec::new();
        let me = self.pos.turn();
        if let Some(k) = self.pos.king(me.opponent()) {
            self.pos.attack_cells(k, me, &mut cells);
        }
        cells
    }

    /// The static exchange of `mv` ([`exchange`]) by the evaluation's values.
    fn see(&self, mv: Move) -> i32 {
        exchange(&self.pos, mv, self.eval)
    }

    fn order(&self, moves: &[Move], tt_move: Option<Move>, ply: usize) -> Picker {
        let killers = self.killers[ply.min(MAX_PLY)];

        let out: Vec<Ordered> = moves
            .iter()
            .map(|&mv| {
                let victim = self.victim(mv);
                // a capture that loses on the exchange comes after the quiet moves: its
                // exchange is worked out when it would be picked (`Picker::next_with`)
                let pending = victim.is_some() && self.prune.exchanges;
                let hash = Some(mv) == tt_move;
                let key = if hash {
                    2_000_000
                } else if let Some(v) = victim {
                    let attacker = mv
                        .from()
                        .map_or(0, |f| self.eval.value(self.pos.piece(f).kind()));
                    1_000_000 + v * 16 - attacker / 16
                } else if matches!(mv, Move::Board { promote: true, .. }) {
                    900_000
                } else if Some(mv) == killers[0] {
                    800_000
                } else if Some(mv) == killers[1] {
                    790_000
                } else {
                    self.history[self.history_index(mv)]
                };
                Ordered {
                    mv,
                    key,
                    capture: victim.is_some(),
                    losing: false,
                    pending,
                    hash,
                }
            })
            .collect();
        Picker {
            moves: out,
            next: 0,
        }
    }

    fn negamax(&mut self, mut depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if let Some(s) = self.repetition(ply) {
            return s;
        }
        if let Some(o) = self.ended() {
            return outcome_score(o, self.pos.turn(), ply);
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let key = self.pos.hash();
        let mut tt_move = None;
        let entry = self.tt.probe(key);
        if let Some(e) = entry {
            tt_move = e.mv;
            if e.depth as i32 >= depth {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let in_check = self.in_check();
        if self.prune.iir && tt_move.is_none() && depth >= 4 {
            depth -= 1;
        }
        // futility: off the principal variation, out of check, near the leaves, by the static
        // score
        let pv_node = beta - alpha > 1;
        let futility = self.futility
            && !pv_node
            && !in_check
            && alpha.abs() < MATE_BOUND
            && beta.abs() < MATE_BOUND;
        let frontier = futility && depth <= FUTILITY.len() as i32;
        // further from the leaves, only the cut by the static score, by a wider margin
        let deep = futility && self.prune.deep_futility && !frontier && depth <= DEEP_FUTILITY;
        let mut stand = if frontier || deep {
            self.evals.score(self.eval, &self.pos)
        } else {
            0
        };
        if (frontier || deep)
            && self.prune.tt_stand
            && let Some(e) = entry
        {
            let s = from_tt(e.score, ply);
            if s.abs() < MATE_BOUND
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s > stand,
                    Bound::Upper => s < stand,
                }
            {
                stand = s;
            }
        }
        if frontier && stand - FUTILITY[depth as usize - 1] >= beta {
            return stand;
        }
        // (where the game is decided, not in a decided position: its lines are searched for
        // the mate)
        if deep
            && stand - DEEP_FUTILITY_MARGIN * depth >= beta
            && ((self.prune.decided_root_only && !self.decided)
                || (stand < DEEP_FUTILITY_WON && beta > -DEEP_FUTILITY_WON))
        {
            return stand;
        }
        let futile = frontier && stand + FUTILITY[depth as usize - 1] <= alpha;
        let late = if frontier {
            self.late_quiet[depth as usize - 1]
        } else if self.prune.late_deep
            && !pv_node
            && !in_check
            && (4..=6).contains(&depth)
            && alpha.abs() < MATE_BOUND
        {
            self.late_deep[depth as usize - 4]
        } else {
            usize::MAX
        };
        if !in_check && !pv_node && self.null_move_cuts(depth, beta, ply) {
            return beta;
        }
        if self.prune.probcut
            && !in_check
            && !pv_node
            && depth >= PROBCUT_DEPTH
            && beta.abs() < MATE_BOUND
            && let Some(s) = self.probcut(depth, beta, ply, tt_move)
        {
            return s;
        }
        let mut list = Vec::with_capacity(128);
        self.pos.pseudo_legal_moves(&mut list);
        let mut ordered = self.order(&list, tt_move, ply);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut legal = 0;
        let mut tried: Vec<Move> = Vec::new();
        // the cells from which a drop would check the enemy king, worked out at the first drop
        // that may be skipped (see below)
        let mut check_cells: Option<Vec<(koma_rules::Cell, u64)>> = None;
        let drops_skip_unplayed = !in_check
            && (futile || late != usize::MAX)
            && self.checks_bind
            && !self.pos.is_placing();
        while let Some(o) = ordered.next_with(|m| self.see(m)) {
            let mv = o.mv;
            // a drop that would be skipped as a late quiet move is skipped without playing it:
            // out of check, a drop cannot leave the own king attacked nor check but directly
            // (nor be a pawn-drop mate, which checks), so it is legal, and quiet unless it
            // attacks the enemy king from where it lands. The search is the same as playing
            // and taking it back (the same nodes), only faster.
            if drops_skip_unplayed
                && matches!(mv, Move::Drop { .. })
                && legal >= 1
                && (futile || legal + 1 > late)
            {
                let cells = check_cells.get_or_insert_with(|| self.check_cells());
                if !self.checks_directly(mv, cells) {
                    #[cfg(debug_assertions)]
                    {
                        // what the shortcut assumes, checked by playing it in the tests' builds
                        assert!(self.play(mv), "a quiet drop out of check is legal: {mv:?}");
                        assert!(!self.pos.in_check(), "a drop checks only directly: {mv:?}");
                        self.unplay();
                    }
                    legal += 1;
                    continue;
                }
            }
            let bad_check = self.prune.bad_checks
                && !o.capture
                && !matches!(mv, Move::Board { promote: true, .. })
                && !in_check
                && {
                    let cells = check_cells.get_or_insert_with(|| self.check_cells());
                    self.checks_directly(mv, cells) && self.see(mv) < 0
                };
            if !self.play(mv) {
                continue;
            }
            legal += 1;
            // a check that loses the checker counts as a quiet move
            let check = self.in_check() && !bad_check;
            // a check extends the line, up to twice the iteration's depth (unbounded, chu
            // shogi's many checking pieces made the first iteration, which always finishes,
            // follow checks fifty plies deep: measured, a search of 100k nodes that ran for
            // minutes), and not once the first iteration is past its limits
            let ext = i32::from(
                check
                    && ply < (2 * self.iteration).min(MAX_PLY / 2)
                    && !self.quiet_only
                    && (!self.prune.far_checks || depth > FAR_CHECKS),
            );
            let quiet = !o.capture && !check && !matches!(mv, Move::Board { promote: true, .. });
            if quiet && legal > 1 && (futile || legal > late) {
                self.unplay();
                continue;
            }
            if quiet && self.prune.history_malus && tried.len() < 64 {
                tried.push(mv);
            }
            let mut score;
            let cut_here = self.cut[ply];
            if legal == 1 {
                self.cut[ply + 1] = !pv_node && !cut_here;
                score = -self.negamax(depth - 1 + ext, -beta, -alpha, ply + 1);
            } else {
                let r = if self.reductions && quiet && !in_check && depth >= 3 && legal > 3 {
                    if self.prune.log_reductions {
                        (log_reduction(depth, legal, self.prune.steep_reductions)
                            - i32::from(pv_node)
                            + i32::from(cut_here))
                        .clamp(1, (depth - 2).max(1))
                    } else if self.prune.deeper_reductions {
                        1 + i32::from(depth >= 4 && legal > 8)
                            + i32::from(depth >= 8 && legal > 20 && !pv_node)
                    } else {
                        1 + i32::from(depth >= 6 && legal > 8)
                    }
                } else {
                    0
                };
                self.cut[ply + 1] = if r > 0 { true } else { !cut_here };
                score = -self.negamax(depth - 1 + ext - r, -alpha - 1, -alpha, ply + 1);
                if score > alpha && r > 0 {
                    self.cut[ply + 1] = !cut_here;
                    score = -self.negamax(depth - 1 + ext, -alpha - 1, -alpha, ply + 1);
                }
                if score > alpha && score < beta {
                    self.cut[ply + 1] = false;
                    score = -self.negamax(depth - 1 + ext, -beta, -alpha, ply + 1);
                }
            }
            self.unplay();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if quiet {
                            let k = &mut self.killers[ply.min(MAX_PLY)];
                            if k[0] != Some(mv) {
                                k[1] = k[0];
                                k[0] = Some(mv);
                            }
                            let i = self.history_index(mv);
                            self.history[i] = (self.history[i] + depth * depth).min(700_000);
                            for &t in &tried {
                                if t != mv {
                                    let j = self.history_index(t);
                                    self.history[j] =
                                        (self.history[j] - depth * depth).max(-700_000);
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        if legal == 0 {
            let last = self.last_mover();
            let rules = self.pos.rules();
            let to_move = self.pos.turn();
            return rules
                .position_outcome(&mut self.pos, last)
                .map_or(0, |o| outcome_score(o, to_move, ply));
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, to_tt(best, ply), depth as i16, bound);
        best
    }

    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        if self.out_of_time() {
            return 0;
        }
        let to_move = self.pos.turn();
        let stand = self.evals.score(self.eval, &self.pos);
        if ply >= MAX_PLY || qply >= MAX_QPLY || self.quiet_only {
            return stand;
        }
        // evasions in full near the horizon, where a check must be answered (chu's royals may
        // stay attacked)
        let in_check = self.checks_bind && qply < 3 && self.in_check();
        let mut best = if in_check { -INF } else { stand };
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let quiet_checks = self.prune.quiet_checks
            && !in_check
            && qply == 0
            && self.checks_bind
            && !self.pos.is_placing();
        let check_cells = if quiet_checks {
            self.check_cells()
        } else {
            Vec::new()
        };
        let mut list = Vec::with_capacity(64);
        if in_check {
            self.pos.pseudo_legal_moves(&mut list);
        } else {
            // captures and promotions (the rules spare the drops), and with the quiet checks
            // the drops that check
            self.pos.tactical_moves(&mut list);
            if quiet_checks {
                self.pos.checking_drops(&mut list, &check_cells);
            }
        }
        if !in_check {
            list.retain(|&m| {
                matches!(m, Move::Board { promote: true, .. })
                    || self.victim(m).is_some()
                    || (!check_cells.is_empty() && self.checks_directly(m, &check_cells))
            });
        }
        let mut ordered = self.order(&list, None, ply);
        let mut legal = 0;
        while let Some(o) = ordered.next_with(|m| self.see(m)) {
            if !in_check
                && !o.capture
                && !matches!(o.mv, Move::Board { promote: true, .. })
                && self.see(o.mv) < 0
            {
                // a quiet check that loses the checker
                continue;
            }
            if !in_check && o.losing && !matches!(o.mv, Move::Board { promote: true, .. }) {
                continue;
            }
            if !self.play(o.mv) {
                continue;
            }
            legal += 1;
            let score = if let Some(end) = self.ended() {
                outcome_score(end, self.pos.turn(), ply + 1)
            } else {
                self.quiesce(-beta, -alpha, ply + 1, qply + 1)
            };
            let score = -score;
            self.unplay();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && legal == 0 {
            let last = self.last_mover();
            let rules = self.pos.rules();
            return rules
                .position_outcome(&mut self.pos, last)
                .map_or(stand, |o| outcome_score(o, to_move, ply));
        }
        best
    }

    /// The line from the root starting with `first`, from the table.
    fn pv(&mut self, first: Move, max: usize) -> Vec<Move> {
        let mut line = vec![first];
        let mut played = 0;
        if self.play(first) {
            played += 1;
            while line.len() < max {
                let Some(mv) = self.tt.probe(self.pos.hash()).and_then(|e| e.mv) else {
                    break;
                };
                let mut list = Vec::new();
                self.pos.pseudo_legal_moves(&mut list);
                if !list.contains(&mv) || !self.play(mv) {
                    break;
                }
                played += 1;
                line.push(mv);
            }
        }
        for _ in 0..played {
            self.unplay();
        }
        line
    }
}

/// A level's controlled mistakes: any of `scores` within `margin` of the best, picked by
/// `rng` (the best itself with no margin, or when the best is a mate). Shared by the two- and
/// three-player searches.
/// The static exchange of `mv` in `pos`: what the mover wins (or loses, below zero) when both
/// sides go on capturing on its cell, each with its least valuable piece
/// ([`Position::least_attacker`]) and each free to stop. Pieces are worth their `eval` value (at
/// least 50), a royal more than anything it could win, so it never takes onto a defended cell.
/// Two-player games; drops and board moves only (a lion's double move, a pass: 0); promotions on
/// the way are not counted. A capture of something worth at least the capturer is not played
/// out: the answer is then a lower bound (never below zero), which is all the search asks.
pub(crate) fn exchange(pos: &Position, mv: Move, eval: &dyn Evaluator) -> i32 {
    let worth = |kind: koma_rules::Kind| {
        if pos.variant().kind(kind).royal {
            20_000
        } else {
            eval.value(kind).max(50)
        }
    };
    let me = pos.turn();
    let (from, to, mut moving) = match mv {
        Move::Board { from, to, .. } => (Some(from), to, pos.piece(from).kind()),
        Move::Drop { kind, to } => (None, to, kind),
        Move::Double { .. } | Move::Pass => return 0,
    };
    let target = pos.piece(to);
    let mut gain = [0i32; 40];
    gain[0] = if !target.is_empty() && target.owner() != me {
        worth(target.kind())
    } else {
        0
    };
    if gain[0] > 0 && gain[0] >= worth(moving) {
        return gain[0] - worth(moving);
    }
    let mut used: Vec<koma_rules::Cell> = Vec::with_capacity(16);
    used.extend(from);
    let mut side = me.opponent();
    let mut d = 0;
    while d + 1 < gain.len() {
        let Some(c) = pos.least_attacker(to, side, &used, worth) else {
            break;
        };
        d += 1;
        // the piece standing on the cell is taken
        gain[d] = worth(moving) - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 {
            break;
        }
        moving = pos.piece(c).kind();
        used.push(c);
        side = side.opponent();
    }
    // each side stops where going on would lose
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// [`Pruning::log_reductions`]: half the product of the logarithms of `depth` and the move's
/// number among those tried (two thirds of it when `steep`, [`Pruning::steep_reductions`]),
/// rounded (both capped at 63), from a table worked out once.
fn log_reduction(depth: i32, moves: usize, steep: bool) -> i32 {
    static TABLES: std::sync::OnceLock<Vec<i32>> = std::sync::OnceLock::new();
    let t = TABLES.get_or_init(|| {
        let mut t = vec![0; 2 * 64 * 64];
        for (i, share) in [0.5, 2.0 / 3.0].into_iter().enumerate() {
            for d in 1..64 {
                for m in 1..64 {
                    // rounded to the nearest whole ply
                    let r = (d as f64).ln() * (m as f64).ln() * share + 0.5;
                    t[i * 64 * 64 + d * 64 + m] = r as i32;
                }
            }
        }
        t
    });
    let d = depth.clamp(1, 63) as usize;
    t[usize::from(steep) * 64 * 64 + d * 64 + moves.clamp(1, 63)]
}

pub(crate) fn choose(scores: &[(Move, i32)], margin: i32, rng: &mut u64) -> Option<(Move, i32)> {
    // the first of the best
    let (best, top) = scores
        .iter()
        .copied()
        .reduce(|a, b| if b.1 > a.1 { b } else { a })?;
    if margin <= 0 || top.abs() >= MATE_BOUND {
        return Some((best, top));
    }
    let near: Vec<(Move, i32)> = scores
        .iter()
        .copied()
        .filter(|&(_, s)| s >= top - margin)
        .collect();
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    near.get((*rng % near.len() as u64) as usize).copied()
}

/// Whether a search that has visited `nodes` must stop: its node limit reached, or (asked every
/// 1024 nodes) the caller's stop or its time limit.
pub(crate) fn must_stop(nodes: u64, limits: &Limits, control: &dyn Control) -> bool {
    limits.nodes.is_some_and(|n| nodes >= n)
        || (nodes & 1023 == 0
            && (control.should_stop() || limits.time_ms.is_some_and(|t| control.elapsed_ms() >= t)))
}

/// A mate score stored in the table counts from the stored position.
fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a failure is a test failure
    use super::*;
    use koma_rules::GameId;
    use koma_rules::notation::{read_move, read_position};

    fn see(sfen: &str, mv: &str) -> i32 {
        let p = read_position(GameId::Shogi, sfen).unwrap();
        let mv = read_move(p.variant(), mv).unwrap();
        exchange(&p, mv, crate::eval::evaluator(GameId::Shogi))
    }

    #[test]
    fn the_eval_cache_answers_as_the_evaluation_does() {
        let eval = crate::eval::evaluator(GameId::Shogi);
        let mut cache = EvalCache::new();
        let mut pos = koma_rules::Game::new(GameId::Shogi, koma_rules::RuleOptions::default())
            .start()
            .clone();
        for ply in 0..60 {
            let moves = pos.legal_moves();
            let Some(&mv) = moves.get((ply * 7) % moves.len().max(1)) else {
                break;
            };
            assert!(pos.try_play(mv));
            let want = eval.score(&pos, pos.turn());
            // the first ask fills the slot, the second reads it
            assert_eq!(cache.score(eval, &pos), want);
            assert_eq!(cache.score(eval, &pos), want);
            let slot = cache.slots[(pos.hash() as usize) & (EVAL_SLOTS - 1)];
            assert_eq!(slot, (pos.hash(), want));
        }
        cache.clear();
        assert!(cache.slots.iter().all(|&s| s == (0, 0)));
    }

    #[test]
    fn an_unfinished_iterations_better_move_is_played() {
        // four plies into a game of minishogi, searches cut short by their node limits: with
        // the part on, some play a move found in the iteration that was cut, the move that
        // iteration chooses when it finishes, where the search without the part plays the
        // last finished iteration's
        let mut pos = koma_rules::Position::start(GameId::Minishogi);
        for m in ["3e4d", "4a3b", "4e3d", "3a2b"] {
            assert!(pos.try_play(read_move(pos.variant(), m).unwrap()), "{m}");
        }
        // (without minishogi's null moves, whose reduced searches let a finished iteration
        // choose otherwise than its first part showed, in some of these searches)
        let search = |on: bool, limits: Limits| {
            let mut e = Engine::new(4);
            e.set_pruning(Pruning {
                unfinished: on,
                game_null_move: false,
                ..Pruning::default()
            });
            let mut last = None;
            let r = e.search(&pos, &[], &limits, &NoClock, &mut |i| {
                last = i.pv.first().copied();
            });
            // the last line reported leads with the move played
            assert_eq!(last, r.best, "{limits:?}");
            r
        };
        let mut changed = 0;
        for n in (1_000..12_000).step_by(250) {
            let limits = Limits {
                nodes: Some(n),
                ..Limits::default()
            };
            let (on, off) = (search(true, limits.clone()), search(false, limits));
            assert!(on.best.is_some() && off.best.is_some());
            if on.best != off.best {
                changed += 1;
                let finished = search(
                    true,
                    Limits {
                        depth: Some(off.depth + 1),
                        ..Limits::default()
                    },
                );
                assert_eq!(on.best, finished.best, "{n} nodes");
                assert_eq!(on.depth, off.depth, "the last finished iteration's depth");
            }
        }
        assert!(changed > 0, "the part never changed a choice");
    }

    #[test]
    fn a_missed_window_is_widened_before_the_root_is_searched_in_full() {
        // a minishogi game where the score jumps from one iteration to the next: every miss
        // of the window is searched again in full without the part, with it the window is
        // widened on the side that missed first
        let line = "3e4d 4a3b 4d4c 3a2b 4c4b 5a4a 4b4a+ 3b4a R*5a 4a3b 2e3d S*2c 1e2e 2c3d";
        let start = koma_rules::Position::start(GameId::Minishogi);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for w in line.split_whitespace() {
            let m = read_move(pos.variant(), w).unwrap();
            assert!(pos.try_play(m), "{w}");
            moves.push(m);
        }
        let full = |widen: bool| {
            let mut total = 0;
            for n in [8, 10, 12, 14] {
                let mut e = Engine::new(16);
                e.set_pruning(Pruning {
                    widen,
                    ..Pruning::default()
                });
                let limits = Limits {
                    depth: Some(10),
                    ..Limits::default()
                };
                let r = e.search(&start, &moves[..n], &limits, &NoClock, &mut |_| {});
                assert_eq!(r.depth, 10);
                total += e.full_windows;
            }
            total
        };
        let (on, off) = (full(true), full(false));
        assert!(off > 0, "the window never missed");
        assert!(on < off, "in full {on} times widened, {off} times without");
    }

    /// Standard shogi's position `sfen` searched to `depth` with `prune`: the nodes it took (the
    /// move legal, the depth finished).
    fn shogi_nodes_to_depth(sfen: &str, depth: u32, prune: Pruning) -> u64 {
        let pos = read_position(GameId::Shogi, sfen).unwrap();
        let legal = pos.clone().legal_moves();
        let mut e = Engine::new(4);
        e.set_pruning(prune);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let r = e.search(&pos, &[], &limits, &NoClock, &mut |_| {});
        assert!(r.best.is_some_and(|m| legal.contains(&m)));
        assert_eq!(r.depth, depth);
        r.nodes
    }

    /// The games whose evaluations make a choice, and those that do not.
    fn only_standard_shogi(choice: impl Fn(&dyn crate::eval::Evaluator) -> bool) {
        use crate::eval::evaluator;
        assert!(choice(evaluator(GameId::Shogi)));
        for g in [
            GameId::Minishogi,
            GameId::Shogi66,
            GameId::Chushogi,
            GameId::Sangoku2,
        ] {
            assert!(!choice(evaluator(g)), "{g:?}");
        }
    }

    #[test]
    fn standard_shogi_extends_checks_only_far_from_the_leaves() {
        only_standard_shogi(|e| e.far_checks());
        // a sharp middle game, both sides with pieces in hand: within FAR_CHECKS plies of the
        // leaves the search extends no check, so it reaches the same depth on fewer nodes
        let sfen = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn3p 1";
        let search = |game_far_checks: bool| {
            let prune = Pruning {
                game_far_checks,
                ..Pruning::default()
            };
            shogi_nodes_to_depth(sfen, 5, prune)
        };
        let (far, near) = (search(true), search(false));
        assert!(far < near, "nodes: {far} against {near}");
    }

    #[test]
    fn standard_shogi_cuts_by_the_static_score_further_from_the_leaves() {
        only_standard_shogi(|e| e.deep_futility());
        // a quiet middle game: the same depth on fewer nodes
        let sfen = "ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2P1P1P1P/PPSP1PS2/2G4R1/LN2KG1NL b Bb 1";
        let search = |game_deep_futility: bool| {
            let prune = Pruning {
                game_deep_futility,
                ..Pruning::default()
            };
            shogi_nodes_to_depth(sfen, 7, prune)
        };
        let (deep, near) = (search(true), search(false));
        assert!(deep < near, "nodes: {deep} against {near}");
    }

    #[test]
    fn the_deep_cut_spares_decided_positions_only_where_the_root_is_decided() {
        let search = |sfen: &str, decided_root_only: bool, depth: u32| {
            let prune = Pruning {
                decided_root_only,
                ..Pruning::default()
            };
            shogi_nodes_to_depth(sfen, depth, prune)
        };
        // a sharp middle game: its tree has decided positions, cut from a balanced root
        let sharp = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn3p 1";
        let (balanced, bounded) = (search(sharp, true, 7), search(sharp, false, 7));
        assert!(balanced < bounded, "nodes: {balanced} against {bounded}");
        // a decided root (a mate in three that starts with a quiet drop): the bound holds, and
        // the mate is found at nine plies, which the cut in decided positions misses
        let won = read_position(GameId::Shogi, "7k1/8s/5+R2g/9/9/9/9/9/K8 b B 1").unwrap();
        let mut e = Engine::new(4);
        let limits = Limits {
            depth: Some(9),
            ..Limits::default()
        };
        let r = e.search(&won, &[], &limits, &NoClock, &mut |_| {});
        assert_eq!(r.score, Score::Mate(3));
    }

    #[test]
    fn the_picker_works_out_exchanges_late_in_the_same_order() {
        // keys and exchanges of made-up moves (drops to cells 0..n): the picker, working out a
        // capture's exchange only when it would pick it, gives the order of a stable sort by
        // the keys with every losing capture's lowered in advance
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for _ in 0..200 {
            let n = (next() % 12 + 1) as u8;
            let see: Vec<i32> = (0..n).map(|_| (next() % 5) as i32 - 2).collect();
            let moves: Vec<Ordered> = (0..n)
                .map(|i| {
                    let capture = next() % 2 == 0;
                    Ordered {
                        mv: Move::Drop {
                            kind: koma_rules::Kind(1),
                            to: koma_rules::Cell(i),
                        },
                        key: if capture { 1_000_000 } else { 0 } + (next() % 4) as i32,
                        capture,
                        losing: false,
                        pending: capture,
                        hash: i == 0 && next() % 3 == 0,
                    }
                })
                .collect();
            let at = |m: Move| match m {
                Move::Drop { to, .. } => see[to.index()],
                _ => 0,
            };
            let mut eager = moves.clone();
            for o in eager.iter_mut().filter(|o| o.pending) {
                o.resolve(&at);
            }
            eager.sort_by_key(|o| std::cmp::Reverse(o.key));
            let mut picker = Picker { moves, next: 0 };
            let mut lazy = Vec::new();
            while let Some(o) = picker.next_with(at) {
                lazy.push((o.mv, o.losing));
            }
            let want: Vec<(Move, bool)> = eager.iter().map(|o| (o.mv, o.losing)).collect();
            assert_eq!(lazy, want);
        }
    }

    #[test]
    fn steeper_reductions_take_two_thirds_of_the_logarithms_product() {
        // ln 10 * ln 20 = 6.90: half rounds to 3, two thirds to 5
        assert_eq!(log_reduction(10, 20, false), 3);
        assert_eq!(log_reduction(10, 20, true), 5);
        for d in 1..64 {
            for m in 1..64 {
                assert!(log_reduction(d, m, true) >= log_reduction(d, m, false));
            }
        }
    }

    #[test]
    fn exchanges_count_the_defenders() {
        use crate::eval::shogi::BOARD;
        let (rook, pawn, silver, gold) = (BOARD[1], BOARD[7], BOARD[4], BOARD[3]);
        // a rook takes a pawn the gold on 5d defends: the rook is lost for the pawn
        let defended = "4k4/9/9/4g4/4p4/9/9/9/K3R4 b - 1";
        assert_eq!(see(defended, "5i5e"), pawn - rook);
        // undefended, the pawn is won
        assert_eq!(see("4k4/9/9/9/4p4/9/9/9/K3R4 b - 1", "5i5e"), pawn);
        // a silver takes it with the rook behind: the gold does not take back (it would be
        // lost for the silver), so the pawn is won
        let backed = "4k4/9/9/4g4/4p4/4S4/9/9/K3R4 b - 1";
        assert_eq!(see(backed, "5f5e"), pawn);
        assert!(gold > silver);
        // without the rook behind, the gold takes the silver back
        let bare = "4k4/9/9/4g4/4p4/4S4/9/9/K8 b - 1";
        assert_eq!(see(bare, "5f5e"), pawn - silver);
        // a gold dropped where a pawn takes it is lost; where nothing does, nothing is
        assert_eq!(see("4k4/9/9/4p4/9/9/9/9/K8 b G 1", "G*5e"), -gold);
        assert_eq!(see("4k4/9/9/9/9/9/9/9/K8 b G 1", "G*5e"), 0);
        // a king never takes onto a defended cell
        assert!(see("9/9/9/9/9/3g5/4p4/4K4/k8 b - 1", "5h5g") < 0);
        // a capture of something worth more is a gain at once
        assert!(see(defended, "5i5e") < 0 && see("4k4/9/9/4g4/4r4/9/9/9/K3S4 b - 1", "5i5e") > 0);
    }
}
