//! Quiescence: past the depth, captures and promotions until the position is quiet, each side
//! free to stand on its static score. Out of check it asks the rules only for the moves that
//! may capture or promote ([`Position::tactical_moves`]: the pieces' moves without the drops,
//! which a full hand makes by the hundred) and, at its first ply, for the drops that check
//! directly ([`Position::checking_drops`]) with the quiet checks that do not lose the checker
//! ([`crate::eval::SearchProfile::quiet_checks`]). Captures that lose on the static exchange
//! are skipped, and where the game's profile sets a delta margin
//! ([`crate::eval::SearchProfile::delta`]) so are the captures and promotions that cannot bring
//! the score back to alpha. Near the horizon a side in check tries every evasion, and where
//! the profile asks ([`crate::eval::SearchProfile::royal_evasions`]) so does a chu side whose
//! lone royal stands attacked. At most [`MAX_QPLY`] plies (chu's many captures would otherwise
//! swallow a search).
//!
//! [`Position::tactical_moves`]: koma_rules::Position::tactical_moves
//! [`Position::checking_drops`]: koma_rules::Position::checking_drops

use koma_rules::Move;

use super::MAX_PLY;
use super::alphabeta::Searcher;
use super::score::{INF, outcome_score};

/// The longest run of captures quiescence follows.
const MAX_QPLY: u32 = 8;

impl Searcher<'_> {
    pub(super) fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
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
        let in_check = qply < 3
            && (self.checks_bind || (self.profile.royal_evasions && self.pos.royals(to_move) == 1))
            && self.in_check();
        let mut best = if in_check { -INF } else { stand };
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        let quiet_checks = self.profile.quiet_checks
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
            self.pos.distinct_moves(&mut list);
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
        let delta = self.profile.delta;
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
            if delta > 0 && !in_check && self.futile_in_quiescence(o.mv, stand, alpha, delta) {
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

    /// Whether quiescence's delta margin rules out `mv` ([`SearchProfile::delta`]): what it
    /// takes and what its promotion adds, with `delta`, leave `stand` at or below `alpha`, or it
    /// promotes without taking and loses the piece on the static exchange. A capture of a royal
    /// is always tried.
    ///
    /// [`SearchProfile::delta`]: crate::eval::SearchProfile::delta
    fn futile_in_quiescence(&self, mv: Move, stand: i32, alpha: i32, delta: i32) -> bool {
        let v = self.pos.variant();
        let royal = |c: koma_rules::Cell| {
            let p = self.pos.piece(c);
            !p.is_empty() && v.kind(p.kind()).royal
        };
        let takes_royal = match mv {
            Move::Board { to, .. } => royal(to),
            Move::Double { mid, to, .. } => royal(mid) || royal(to),
            Move::Drop { .. } | Move::Pass => false,
        };
        if takes_royal {
            // a royal taken may end the game: never ruled out
            return false;
        }
        let victim = self.victim(mv);
        let promotion = match mv {
            Move::Board {
                from,
                promote: true,
                ..
            } => {
                let kind = self.pos.piece(from).kind();
                let promoted = v.kind(kind).promotes_to;
                promoted.map_or(0, |p| self.eval.value(p) - self.eval.value(kind))
            }
            _ => 0,
        };
        if victim.is_none() && promotion > 0 && self.see(mv) < 0 {
            return true;
        }
        stand + victim.unwrap_or(0) + promotion + delta <= alpha
    }
}
