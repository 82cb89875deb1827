//! The alpha-beta search below the root: principal variation search with a null window after
//! the first move, the transposition table, and the search's selective parts. Each node, in
//! order:
//!
//! - A repetition in the line (or in the game before the search) is scored as the game's rules
//!   score it ([`koma_rules::games::GameRules::repetition_outcome`]: a draw, perpetual check,
//!   minishogi's loss for sente); a game that ends with moves left (chu's last royal, the
//!   hexagon's general) is asked whether it has.
//! - The table's score answers where its depth and bound allow; a node four or more plies from
//!   the leaves with no move from the table is searched a ply shallower (internal iterative
//!   reduction).
//! - Off the principal variation and out of check, near the leaves ([`FUTILITY`]): a static
//!   score far above beta returns it, and quiet moves that cannot bring one far below alpha back
//!   are skipped. The static score is the table's where the table bounds the true score beyond
//!   it (a shallower search, but deeper than the evaluation). A game's profile may carry the
//!   cut by the static score up to [`DEEP_FUTILITY`] plies ([`SearchProfile::deep_futility`]),
//!   except in decided positions of a search whose root is decided ([`DEEP_FUTILITY_WON`]), so
//!   that their lines are searched for the mate.
//! - Late quiet moves are skipped: past the game's counts one to three plies from the leaves,
//!   and four to six ([`SearchProfile::late_quiet`], [`SearchProfile::late_deep`]). A late drop
//!   is skipped without being played: out of check a drop is legal unless it mates with a pawn,
//!   and it checks only from where it lands (test builds play it anyway and assert both).
//! - Null moves where the game's profile asks ([`SearchProfile::null_move`]): the side to move
//!   passes and the reply is searched `3 + depth / 3` plies shallower, one more for each 200
//!   the static score stands above beta (at most three more); a score that still holds beta cuts.
//! - ProbCut from [`PROBCUT_DEPTH`] plies: a capture whose search four plies shallower beats beta
//!   by [`PROBCUT_MARGIN`] cuts the node.
//! - A check is extended (up to twice the iteration's depth), unless it loses the checker on the
//!   static exchange: such a check is searched as a quiet move. A game's profile may extend
//!   checks only more than [`FAR_CHECKS`] plies from the leaves ([`SearchProfile::far_checks`]):
//!   with pieces in hand nearly every line near the leaves has a check.
//! - Quiet moves after the third are reduced by the logarithms of depth and move number (half
//!   their product, or two thirds: [`SearchProfile::steep_reductions`]), one ply less at
//!   principal-variation nodes and one more at nodes expected to cut.
//! - A quiet move that cuts becomes a killer and gains history; the quiet moves tried before it
//!   lose as much.
//!
//! A position with no legal move is scored as the rules decide it (mate; in shogi a side with
//! no legal move loses).

use koma_rules::moves::Played;
use koma_rules::{Move, Outcome, Player, Position};

use super::cache::EvalCache;
use super::exchange::exchange;
use super::limits::{Control, Limits, must_stop};
use super::score::{INF, MATE_BOUND, from_tt, outcome_score, to_tt};
use super::{
    DEEP_FUTILITY, DEEP_FUTILITY_MARGIN, DEEP_FUTILITY_WON, FAR_CHECKS, FUTILITY, MAX_PLY,
    PROBCUT_DEPTH, PROBCUT_MARGIN, Step,
};
use crate::eval::{Evaluator, SearchProfile};
use crate::tt::{Bound, Tt};

pub(super) struct Searcher<'a> {
    pub(super) pos: Position,
    pub(super) eval: &'a dyn Evaluator,
    pub(super) tt: &'a mut Tt,
    pub(super) evals: &'a mut EvalCache,
    pub(super) killers: Vec<[Option<Move>; 2]>,
    /// Whether the node at each ply is expected to cut (set by its parent).
    pub(super) cut: Vec<bool>,
    /// Root searches in full after a missed aspiration window, and missed windows (tests).
    pub(super) misses: usize,
    pub(super) full_windows: usize,
    pub(super) history: Vec<i32>,
    pub(super) path: Vec<Step>,
    pub(super) nodes: u64,
    pub(super) seldepth: u32,
    pub(super) stopped: bool,
    /// Searching depth 1 (see [`Searcher::out_of_time`]).
    pub(super) first_iteration: bool,
    /// The root's static score stands at [`DEEP_FUTILITY_WON`] or more either way.
    pub(super) decided: bool,
    /// The iteration's depth: a check extends a line only up to twice this many plies.
    pub(super) iteration: usize,
    /// Quiescence returns the static score at once (the first iteration past its limits).
    pub(super) quiet_only: bool,
    /// Whether a royal left attacked must be answered (so quiescence tries every evasion).
    pub(super) checks_bind: bool,
    /// Null moves may be tried (see [`Searcher::null_move_cuts`]).
    pub(super) null_ok: bool,
    /// The game's search settings.
    pub(super) profile: SearchProfile,
    pub(super) limits: Limits,
    pub(super) control: &'a dyn Control,
}

impl Searcher<'_> {
    pub(super) fn last_mover(&self) -> Option<Player> {
        self.path.last().and_then(|s| s.played).map(|p| p.mover)
    }

    /// A game that ends with moves left: whether it has ended here.
    pub(super) fn ended(&mut self) -> Option<Outcome> {
        if !self.eval.ends_with_moves_left() {
            return None;
        }
        let last = self.last_mover();
        let rules = self.pos.rules();
        rules.position_outcome(&mut self.pos, last)
    }

    /// Play `mv` if the rules allow it, extending the line.
    pub(super) fn play(&mut self, mv: Move) -> bool {
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
            check: rules
                .capabilities()
                .played_check_is_in_check
                .then_some(played.check),
        });
        true
    }

    /// Whether the side to move is in check, worked out once a position.
    pub(super) fn in_check(&mut self) -> bool {
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
    pub(super) fn null_move_cuts(&mut self, depth: i32, beta: i32, ply: usize) -> bool {
        if !self.null_ok
            || depth < 3
            || ply == 0
            || beta.abs() >= MATE_BOUND
            || self.path.last().is_some_and(|s| s.null)
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
        let r = 3 + depth / 3 + ((stand - beta) / 200).min(3);
        self.cut[ply + 1] = !self.cut[ply];
        let score = -self.negamax(depth - 1 - r, -beta, -beta + 1, ply + 1);
        self.unplay();
        !self.stopped && score >= beta
    }

    /// ProbCut: the score of a capture whose reduced search beats beta
    /// by [`PROBCUT_MARGIN`], which cuts the node.
    pub(super) fn probcut(
        &mut self,
        depth: i32,
        beta: i32,
        ply: usize,
        tt_move: Option<Move>,
    ) -> Option<i32> {
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

    pub(super) fn unplay(&mut self) {
        self.pos.undo();
        self.path.pop();
    }

    /// The score of a repetition of the current position within the line or the game, if it
    /// repeats one.
    pub(super) fn repetition(&mut self, ply: usize) -> Option<i32> {
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

    pub(super) fn out_of_time(&mut self) -> bool {
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

    pub(super) fn history_index(&self, mv: Move) -> usize {
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
    pub(super) fn victim(&self, mv: Move) -> Option<i32> {
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
    pub(super) fn checks_directly(&self, mv: Move, cells: &[(koma_rules::Cell, u64)]) -> bool {
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
    pub(super) fn check_cells(&self) -> Vec<(koma_rules::Cell, u64)> {
        let mut cells = Vec::new();
        let me = self.pos.turn();
        if let Some(k) = self.pos.king(me.opponent()) {
            self.pos.attack_cells(k, me, &mut cells);
        }
        cells
    }

    /// The static exchange of `mv` ([`exchange`]) by the evaluation's values.
    pub(super) fn see(&self, mv: Move) -> i32 {
        exchange(&self.pos, mv, self.eval)
    }

    pub(super) fn negamax(&mut self, mut depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
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
        if tt_move.is_none() && depth >= 4 {
            depth -= 1;
        }
        // futility: off the principal variation, out of check, near the leaves, by the static
        // score
        let pv_node = beta - alpha > 1;
        let futility = self.profile.futility
            && !pv_node
            && !in_check
            && alpha.abs() < MATE_BOUND
            && beta.abs() < MATE_BOUND;
        let frontier = futility && depth <= FUTILITY.len() as i32;
        // further from the leaves, only the cut by the static score, by a wider margin
        let deep = futility && self.profile.deep_futility && !frontier && depth <= DEEP_FUTILITY;
        let mut stand = if frontier || deep {
            self.evals.score(self.eval, &self.pos)
        } else {
            0
        };
        if (frontier || deep)
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
            && (!self.decided || (stand < DEEP_FUTILITY_WON && beta > -DEEP_FUTILITY_WON))
        {
            return stand;
        }
        let futile = frontier && stand + FUTILITY[depth as usize - 1] <= alpha;
        let late = if frontier {
            self.profile.late_quiet[depth as usize - 1]
        } else if !pv_node && !in_check && (4..=6).contains(&depth) && alpha.abs() < MATE_BOUND {
            self.profile.late_deep[depth as usize - 4]
        } else {
            usize::MAX
        };
        if !in_check && !pv_node && self.null_move_cuts(depth, beta, ply) {
            return beta;
        }
        if !in_check
            && !pv_node
            && depth >= PROBCUT_DEPTH
            && beta.abs() < MATE_BOUND
            && let Some(s) = self.probcut(depth, beta, ply, tt_move)
        {
            return s;
        }
        let mut list = Vec::with_capacity(128);
        self.pos.distinct_moves(&mut list);
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
            let bad_check =
                !o.capture && !matches!(mv, Move::Board { promote: true, .. }) && !in_check && {
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
                    && (!self.profile.far_checks || depth > FAR_CHECKS),
            );
            let quiet = !o.capture && !check && !matches!(mv, Move::Board { promote: true, .. });
            if quiet && legal > 1 && (futile || legal > late) {
                self.unplay();
                continue;
            }
            if quiet && tried.len() < 64 {
                tried.push(mv);
            }
            let mut score;
            let cut_here = self.cut[ply];
            if legal == 1 {
                self.cut[ply + 1] = !pv_node && !cut_here;
                score = -self.negamax(depth - 1 + ext, -beta, -alpha, ply + 1);
            } else {
                let r = if quiet && !in_check && depth >= 3 && legal > 3 {
                    (log_reduction(depth, legal, self.profile.steep_reductions)
                        - i32::from(pv_node)
                        + i32::from(cut_here))
                    .clamp(1, (depth - 2).max(1))
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
}

/// Late-move reductions: half the product of the logarithms of `depth` and the move's number
/// among those tried (two thirds of it when `steep`, [`SearchProfile::steep_reductions`]),
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a failure is a test failure
    use super::*;
    use crate::Engine;
    use crate::search::{NoClock, Score};
    use koma_rules::GameId;
    use koma_rules::notation::read_position;

    /// Standard shogi's position `sfen` searched to `depth` with `profile`: the nodes it took
    /// (the move legal, the depth finished).
    fn shogi_nodes_to_depth(sfen: &str, depth: u32, profile: SearchProfile) -> u64 {
        let pos = read_position(GameId::Shogi, sfen).unwrap();
        let legal = pos.clone().legal_moves();
        let mut e = Engine::new(4);
        e.set_profile(Some(profile));
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let r = e.search(&pos, &[], &limits, &NoClock, &mut |_| {});
        assert!(r.best.is_some_and(|m| legal.contains(&m)));
        assert_eq!(r.depth, depth);
        r.nodes
    }

    const SHOGI: SearchProfile = crate::eval::shogi::PROFILE;

    #[test]
    fn standard_shogi_extends_checks_only_far_from_the_leaves() {
        // a sharp middle game, both sides with pieces in hand: within FAR_CHECKS plies of the
        // leaves the search extends no check, so it reaches the same depth on fewer nodes
        let sfen = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn3p 1";
        let search = |far_checks: bool| {
            shogi_nodes_to_depth(
                sfen,
                5,
                SearchProfile {
                    far_checks,
                    ..SHOGI
                },
            )
        };
        let (far, near) = (search(true), search(false));
        assert!(far < near, "nodes: {far} against {near}");
    }

    #[test]
    fn standard_shogi_cuts_by_the_static_score_further_from_the_leaves() {
        // a quiet middle game: the same depth on fewer nodes
        let sfen = "ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2P1P1P1P/PPSP1PS2/2G4R1/LN2KG1NL b Bb 1";
        let search = |deep_futility: bool| {
            shogi_nodes_to_depth(
                sfen,
                7,
                SearchProfile {
                    deep_futility,
                    ..SHOGI
                },
            )
        };
        let (deep, near) = (search(true), search(false));
        assert!(deep < near, "nodes: {deep} against {near}");
    }

    #[test]
    fn a_decided_root_keeps_its_mates_from_the_deep_cut() {
        // a decided root (a mate in three that starts with a quiet drop): the deep cut spares
        // the decided positions, and the mate is found at nine plies
        const { assert!(SHOGI.deep_futility) };
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
}
